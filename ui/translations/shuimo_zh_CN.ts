<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
  <context>
    <name>main</name>
    <message>
      <source>Turn photos into ink-wash paintings.</source>
      <translation>把照片变成水墨画。</translation>
    </message>
    <message>
      <source>Add and tick a style reference.</source>
      <translation>添加并勾选一张风格参考图。</translation>
    </message>
    <message>
      <source>Start painting right away.</source>
      <translation>立即开始绘制。</translation>
    </message>
    <message>
      <source>Photos or folders to open.</source>
      <translation>要打开的照片或文件夹。</translation>
    </message>
    <message>
      <source>Print what Help › About shows (shuimo-cli doctor) and quit.</source>
      <translation>打印“帮助 › 关于”显示的内容（同 shuimo-cli doctor）后退出。</translation>
    </message>
  </context>
  <context>
    <name>shuimo::ui::AboutDialog</name>
    <message>
      <source>About Shuimo</source>
      <translation>关于水墨</translation>
    </message>
    <message>
      <source>&lt;h3&gt;Shuimo 水墨 %1&lt;/h3&gt;&lt;p&gt;Turns photos into paintings by neural style transfer (Gatys et al., VGG-19), above all in Chinese ink-wash styles.&lt;/p&gt;</source>
      <translation>&lt;h3&gt;水墨 Shuimo %1&lt;/h3&gt;&lt;p&gt;用神经风格迁移（Gatys 等人，VGG-19）把照片变成画作，尤其擅长中国水墨风格。&lt;/p&gt;</translation>
    </message>
    <message>
      <source>This build and this computer (the same as &lt;tt&gt;shuimo-cli doctor&lt;/tt&gt;):</source>
      <translation>本构建与本机的情况（与 &lt;tt&gt;shuimo-cli doctor&lt;/tt&gt; 相同）：</translation>
    </message>
    <message>
      <source>&amp;Copy Report</source>
      <translation>复制报告(&amp;C)</translation>
    </message>
  </context>
  <context>
    <name>shuimo::ui::BatchController</name>
    <message>
      <source>A batch is running: stop it before starting another.</source>
      <translation>有批量任务正在运行：请先停止它，再开始另一个。</translation>
    </message>
    <message>
      <source>A batch is running: stop it before opening another.</source>
      <translation>有批量任务正在运行：请先停止它，再打开另一个。</translation>
    </message>
    <message>
      <source>The batch stopped by an unknown error.</source>
      <translation>一个未知错误中止了批量任务。</translation>
    </message>
    <message>
      <source>The queue file could not be saved: %1</source>
      <translation>无法保存队列文件：%1</translation>
    </message>
  </context>
  <context>
    <name>shuimo::ui::BatchDialog</name>
    <message>
      <source>Batch Export</source>
      <translation>批量导出</translation>
    </message>
    <message>
      <source>&amp;Open Output Folder</source>
      <translation>打开输出文件夹(&amp;O)</translation>
    </message>
    <message>
      <source>Close</source>
      <translation>关闭</translation>
    </message>
    <message>
      <source>Hides this window; the batch keeps running. Quitting Shuimo stops it, and the next start offers to resume.</source>
      <translation>隐藏此窗口，批量任务继续运行。退出水墨会停止它，下次启动时可选择继续。</translation>
    </message>
    <message>
      <source>The batch could not run: %1</source>
      <translation>批量任务无法运行：%1</translation>
    </message>
    <message>
      <source>Queue</source>
      <translation>队列</translation>
    </message>
    <message>
      <source>&amp;Pause</source>
      <translation>暂停(&amp;P)</translation>
    </message>
    <message>
      <source>Cancel &amp;Selected Job</source>
      <translation>取消所选任务(&amp;S)</translation>
    </message>
    <message>
      <source>Cancel &amp;All</source>
      <translation>全部取消(&amp;A)</translation>
    </message>
    <message>
      <source>Re&amp;try Failed</source>
      <translation>重试失败的任务(&amp;T)</translation>
    </message>
    <message>
      <source>Queues the failed and cancelled jobs again and runs them</source>
      <translation>把失败和已取消的任务重新排队并运行</translation>
    </message>
    <message>
      <source>&amp;Resume</source>
      <translation>继续(&amp;R)</translation>
    </message>
    <message>
      <source>The batch cannot start: %1</source>
      <translation>批量任务无法开始：%1</translation>
    </message>
    <message>
      <source>The output folder %1 cannot be created: choose another one.</source>
      <translation>无法创建输出文件夹 %1：请另选一个。</translation>
    </message>
    <message>
      <source>A batch is running: stop it before resuming another.</source>
      <translation>有批量任务正在运行：请先停止它，再继续另一个。</translation>
    </message>
    <message>
      <source>The batch cannot be resumed: %1</source>
      <translation>批量任务无法继续：%1</translation>
    </message>
    <message>
      <source>An unfinished batch (%1 of %2 done) in %3.</source>
      <translation>%3 中有一个未完成的批量任务（已完成 %1/%2）。</translation>
    </message>
    <message>
      <source>Paused</source>
      <translation>已暂停</translation>
    </message>
    <message>
      <source>%1 of %2 done</source>
      <translation>已完成 %1/%2</translation>
    </message>
    <message numerus="yes">
      <source>%n failed</source>
      <translation>
        <numerusform>%n 个失败</numerusform>
      </translation>
    </message>
    <message numerus="yes">
      <source>%n cancelled</source>
      <translation>
        <numerusform>%n 个已取消</numerusform>
      </translation>
    </message>
    <message>
      <source>about %1 left</source>
      <translation>约剩 %1</translation>
    </message>
    <message>
      <source>, </source>
      <translation>，</translation>
    </message>
    <message numerus="yes">
      <source>%n job(s) failed: the Status column says why. Retry Failed runs them again.</source>
      <translation>
        <numerusform>%n 个任务失败：“状态”一栏写明了原因。点击“重试失败的任务”可再次运行。</numerusform>
      </translation>
    </message>
    <message numerus="yes">
      <source>All %n painting(s) are in %1.</source>
      <translation>
        <numerusform>全部 %n 幅画作已保存在 %1。</numerusform>
      </translation>
    </message>
  </context>
  <context>
    <name>shuimo::ui::BatchLauncher</name>
    <message>
      <source>Resume</source>
      <translation>继续</translation>
    </message>
    <message>
      <source>Dismiss</source>
      <translation>忽略</translation>
    </message>
  </context>
  <context>
    <name>shuimo::ui::BatchQueueModel</name>
    <message>
      <source>Queued</source>
      <translation>排队中</translation>
    </message>
    <message>
      <source>Running</source>
      <translation>运行中</translation>
    </message>
    <message>
      <source>Done</source>
      <translation>完成</translation>
    </message>
    <message>
      <source>Failed</source>
      <translation>失败</translation>
    </message>
    <message>
      <source>Cancelled</source>
      <translation>已取消</translation>
    </message>
    <message>
      <source>%1 s</source>
      <translation>%1 秒</translation>
    </message>
    <message>
      <source>%1 min %2 s</source>
      <translation>%1 分 %2 秒</translation>
    </message>
    <message>
      <source>%1 h %2 min</source>
      <translation>%1 小时 %2 分</translation>
    </message>
    <message>
      <source>Running %1%</source>
      <translation>运行中 %1%</translation>
    </message>
    <message>
      <source>Failed: %1</source>
      <translation>失败：%1</translation>
    </message>
    <message>
      <source>#</source>
      <translation>#</translation>
    </message>
    <message>
      <source>Photo</source>
      <translation>照片</translation>
    </message>
    <message>
      <source>Style</source>
      <translation>风格</translation>
    </message>
    <message>
      <source>Preset</source>
      <translation>预设</translation>
    </message>
    <message>
      <source>Output</source>
      <translation>输出</translation>
    </message>
    <message>
      <source>Status</source>
      <translation>状态</translation>
    </message>
    <message>
      <source>Time</source>
      <translation>时间</translation>
    </message>
  </context>
  <context>
    <name>shuimo::ui::BatchSetupView</name>
    <message>
      <source>Add…</source>
      <translation>添加…</translation>
    </message>
    <message>
      <source>Remove</source>
      <translation>移除</translation>
    </message>
    <message>
      <source>Photos</source>
      <translation>照片</translation>
    </message>
    <message>
      <source>Styles</source>
      <translation>风格</translation>
    </message>
    <message>
      <source>Presets</source>
      <translation>预设</translation>
    </message>
    <message>
      <source>Each ticked preset paints every photo in every style once. Save presets in the main window (Presets &gt; Save Preset…).</source>
      <translation>每个勾选的预设会把每张照片以每种风格各画一次。预设在主窗口中保存（“预设 &gt; 保存预设…”）。</translation>
    </message>
    <message>
      <source>Output</source>
      <translation>输出</translation>
    </message>
    <message>
      <source>Choose…</source>
      <translation>选择…</translation>
    </message>
    <message>
      <source>&amp;Folder:</source>
      <translation>文件夹(&amp;F)：</translation>
    </message>
    <message>
      <source>8 bit</source>
      <translation>8 位</translation>
    </message>
    <message>
      <source>16 bit</source>
      <translation>16 位</translation>
    </message>
    <message>
      <source>16 bit for PNG and TIFF only</source>
      <translation>只有 PNG 和 TIFF 支持 16 位</translation>
    </message>
    <message>
      <source>F&amp;ormat:</source>
      <translation>格式(&amp;O)：</translation>
    </message>
    <message>
      <source>Fields: {content} (the photo's name), {style}, {preset}, {index} (the job's number), {ext}. A '/' makes subfolders.</source>
      <translation>字段：{content}（照片名）、{style}、{preset}、{index}（任务编号）、{ext}。“/”会建立子文件夹。</translation>
    </message>
    <message>
      <source>File &amp;names:</source>
      <translation>文件名(&amp;N)：</translation>
    </message>
    <message>
      <source>Replace existing files of the same name</source>
      <translation>替换同名的已有文件</translation>
    </message>
    <message>
      <source>Off: a file this batch did not make is never overwritten (its job fails instead).</source>
      <translation>关闭时：不是本批量任务生成的文件永远不会被覆盖（改为让该任务失败）。</translation>
    </message>
    <message>
      <source>&amp;Start</source>
      <translation>开始(&amp;S)</translation>
    </message>
    <message>
      <source>Add Photos</source>
      <translation>添加照片</translation>
    </message>
    <message>
      <source>Images (%1)</source>
      <translation>图像 (%1)</translation>
    </message>
    <message>
      <source>Add Styles</source>
      <translation>添加风格</translation>
    </message>
    <message>
      <source>Output Folder</source>
      <translation>输出文件夹</translation>
    </message>
    <message>
      <source>Current settings</source>
      <translation>当前设置</translation>
    </message>
    <message>
      <source>Default</source>
      <translation>默认</translation>
    </message>
    <message>
      <source>%1 × %2 × %3 = %4</source>
      <translation>%1 × %2 × %3 = %4</translation>
    </message>
    <message numerus="yes">
      <source>%n photo(s)</source>
      <translation>
        <numerusform>%n 张照片</numerusform>
      </translation>
    </message>
    <message numerus="yes">
      <source>%n style(s)</source>
      <translation>
        <numerusform>%n 种风格</numerusform>
      </translation>
    </message>
    <message numerus="yes">
      <source>%n preset(s)</source>
      <translation>
        <numerusform>%n 个预设</numerusform>
      </translation>
    </message>
    <message numerus="yes">
      <source>%n job(s)</source>
      <translation>
        <numerusform>%n 个任务</numerusform>
      </translation>
    </message>
    <message>
      <source>First file: %1</source>
      <translation>第一个文件：%1</translation>
    </message>
    <message>
      <source> · add photos</source>
      <translation> · 请添加照片</translation>
    </message>
    <message>
      <source> · add styles</source>
      <translation> · 请添加风格</translation>
    </message>
    <message>
      <source> · tick at least one preset</source>
      <translation> · 请至少勾选一个预设</translation>
    </message>
  </context>
  <context>
    <name>shuimo::ui::EngineWorker</name>
    <message>
      <source>An unknown error stopped the job.</source>
      <translation>一个未知错误中止了任务。</translation>
    </message>
  </context>
  <context>
    <name>shuimo::ui::ExportController</name>
    <message>
      <source>There is no result to export yet: run the style transfer first.</source>
      <translation>还没有可导出的结果：请先运行风格迁移。</translation>
    </message>
    <message>
      <source>PNG, 8 bit (*.png)</source>
      <translation>PNG，8 位 (*.png)</translation>
    </message>
    <message>
      <source>PNG, 16 bit (*.png)</source>
      <translation>PNG，16 位 (*.png)</translation>
    </message>
    <message>
      <source>TIFF, 8 bit (*.tif *.tiff)</source>
      <translation>TIFF，8 位 (*.tif *.tiff)</translation>
    </message>
    <message>
      <source>TIFF, 16 bit (*.tif *.tiff)</source>
      <translation>TIFF，16 位 (*.tif *.tiff)</translation>
    </message>
    <message>
      <source>JPEG (*.jpg *.jpeg)</source>
      <translation>JPEG (*.jpg *.jpeg)</translation>
    </message>
    <message>
      <source>Export Painting</source>
      <translation>导出画作</translation>
    </message>
    <message>
      <source>Exported %1 and its settings (%2)</source>
      <translation>已导出 %1 及其设置（%2）</translation>
    </message>
  </context>
  <context>
    <name>shuimo::ui::ExportWriter</name>
    <message>
      <source>Could not write %1: %2</source>
      <translation>无法写入 %1：%2</translation>
    </message>
    <message>
      <source>There is no result to export yet: run the style transfer first.</source>
      <translation>还没有可导出的结果：请先运行风格迁移。</translation>
    </message>
    <message>
      <source>%1 is one of your original images. Originals are never overwritten: choose another name.</source>
      <translation>%1 是您的原始图像之一。原图永远不会被覆盖：请换一个文件名。</translation>
    </message>
    <message>
      <source>Unknown file type "%1": use .png, .jpg or .tif.</source>
      <translation>未知的文件类型“%1”：请使用 .png、.jpg 或 .tif。</translation>
    </message>
    <message>
      <source>JPEG holds 8 bits per channel only: choose PNG or TIFF for 16 bits.</source>
      <translation>JPEG 每通道只支持 8 位：如需 16 位请选择 PNG 或 TIFF。</translation>
    </message>
    <message>
      <source>Could not encode %1: %2</source>
      <translation>无法编码 %1：%2</translation>
    </message>
  </context>
  <context>
    <name>shuimo::ui::LossCurve</name>
    <message>
      <source>Total loss per iteration (log scale); dashed lines mark weight changes</source>
      <translation>每次迭代的总损失（对数刻度）；虚线标出权重改变之处</translation>
    </message>
    <message>
      <source>Loss curve</source>
      <translation>损失曲线</translation>
    </message>
  </context>
  <context>
    <name>shuimo::ui::MainWindow</name>
    <message>
      <source>parameter change</source>
      <translation>参数更改</translation>
    </message>
    <message>
      <source>Shuimo</source>
      <translation>水墨</translation>
    </message>
    <message>
      <source>Drop photos here, or choose File &gt; Open Photos…
Then tick a style on the left and press Run.</source>
      <translation>把照片拖到这里，或选择“文件 &gt; 打开照片…”
然后在左侧勾选一种风格，再点击“运行”。</translation>
    </message>
    <message>
      <source>Ready</source>
      <translation>就绪</translation>
    </message>
    <message>
      <source>Styles</source>
      <translation>风格</translation>
    </message>
    <message>
      <source>Images (%1)</source>
      <translation>图像 (%1)</translation>
    </message>
    <message>
      <source>Parameters</source>
      <translation>参数</translation>
    </message>
    <message>
      <source>&amp;Run</source>
      <translation>运行(&amp;R)</translation>
    </message>
    <message>
      <source>&amp;File</source>
      <translation>文件(&amp;F)</translation>
    </message>
    <message>
      <source>&amp;Open Photos…</source>
      <translation>打开照片(&amp;O)…</translation>
    </message>
    <message>
      <source>Open &amp;Recent</source>
      <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
      <source>&amp;Export Painting…</source>
      <translation>导出画作(&amp;E)…</translation>
    </message>
    <message>
      <source>&amp;Models…</source>
      <translation>模型(&amp;M)…</translation>
    </message>
    <message>
      <source>&amp;Quit</source>
      <translation>退出(&amp;Q)</translation>
    </message>
    <message>
      <source>&amp;Edit</source>
      <translation>编辑(&amp;E)</translation>
    </message>
    <message>
      <source>&amp;Undo</source>
      <translation>撤销(&amp;U)</translation>
    </message>
    <message>
      <source>&amp;Redo</source>
      <translation>重做(&amp;R)</translation>
    </message>
    <message>
      <source>&amp;Preferences…</source>
      <translation>首选项(&amp;P)…</translation>
    </message>
    <message>
      <source>&amp;View</source>
      <translation>视图(&amp;V)</translation>
    </message>
    <message>
      <source>&amp;Painting</source>
      <translation>绘制(&amp;P)</translation>
    </message>
    <message>
      <source>&amp;Cancel</source>
      <translation>取消(&amp;C)</translation>
    </message>
    <message>
      <source>&amp;Help</source>
      <translation>帮助(&amp;H)</translation>
    </message>
    <message>
      <source>&amp;About Shuimo</source>
      <translation>关于水墨(&amp;A)</translation>
    </message>
    <message>
      <source>Main</source>
      <translation>主工具栏</translation>
    </message>
    <message>
      <source>No images found in what was dropped. Shuimo reads PNG, JPEG, TIFF, WebP and BMP files.</source>
      <translation>拖入的内容中没有找到图像。水墨可读取 PNG、JPEG、TIFF、WebP 和 BMP 文件。</translation>
    </message>
    <message numerus="yes">
      <source>Added %n style(s)</source>
      <translation>
        <numerusform>已添加 %n 种风格</numerusform>
      </translation>
    </message>
    <message numerus="yes">
      <source>Added %n photo(s)</source>
      <translation>
        <numerusform>已添加 %n 张照片</numerusform>
      </translation>
    </message>
    <message>
      <source>Open Photos</source>
      <translation>打开照片</translation>
    </message>
    <message>
      <source>Add a photo first: drop one on the window or use File &gt; Open Photos…</source>
      <translation>请先添加照片：把照片拖到窗口上，或使用“文件 &gt; 打开照片…”</translation>
    </message>
    <message>
      <source>Tick at least one style in the Styles panel (or drop your own reference there).</source>
      <translation>请在“风格”面板中至少勾选一种风格（或把自己的参考图拖到那里）。</translation>
    </message>
    <message>
      <source>Models…</source>
      <translation>模型…</translation>
    </message>
    <message>
      <source>&amp;Restart</source>
      <translation>重新开始(&amp;R)</translation>
    </message>
    <message>
      <source>Applied the style's recommended settings (Ctrl+Z undoes)</source>
      <translation>已应用该风格的推荐设置（Ctrl+Z 可撤销）</translation>
    </message>
    <message>
      <source>The bundled styles' list could not be read: %1</source>
      <translation>无法读取内置风格列表：%1</translation>
    </message>
    <message>
      <source>&amp;Batch Export…</source>
      <translation>批量导出(&amp;B)…</translation>
    </message>
  </context>
  <context>
    <name>shuimo::ui::MessageBar</name>
    <message>
      <source>Close this message</source>
      <translation>关闭此消息</translation>
    </message>
  </context>
  <context>
    <name>shuimo::ui::ModelsDialog</name>
    <message>
      <source>Models</source>
      <translation>模型</translation>
    </message>
    <message>
      <source>Shuimo needs the weights of a VGG-19 network trained on ImageNet. Download one (about 575 MB; only the 80 MB it uses are kept), or import a file you fetched elsewhere.</source>
      <translation>水墨需要在 ImageNet 上训练的 VGG-19 网络权重。请下载一份（约 575 MB；只保留用到的 80 MB），或导入您在别处获取的文件。</translation>
    </message>
    <message>
      <source>Model</source>
      <translation>模型</translation>
    </message>
    <message>
      <source>State</source>
      <translation>状态</translation>
    </message>
    <message>
      <source>Download size</source>
      <translation>下载大小</translation>
    </message>
    <message>
      <source>Licence</source>
      <translation>许可证</translation>
    </message>
    <message>
      <source>&amp;Download</source>
      <translation>下载(&amp;D)</translation>
    </message>
    <message>
      <source>&amp;Cancel download</source>
      <translation>取消下载(&amp;C)</translation>
    </message>
    <message>
      <source>&amp;Import…</source>
      <translation>导入(&amp;I)…</translation>
    </message>
    <message>
      <source>&amp;Verify</source>
      <translation>校验(&amp;V)</translation>
    </message>
    <message>
      <source>&amp;Remove</source>
      <translation>删除(&amp;R)</translation>
    </message>
    <message>
      <source>Make de&amp;fault</source>
      <translation>设为默认(&amp;F)</translation>
    </message>
    <message>
      <source>Checking the checksum…</source>
      <translation>正在核对校验和…</translation>
    </message>
    <message>
      <source>The model catalogue cannot be read: %1</source>
      <translation>无法读取模型目录：%1</translation>
    </message>
    <message>
      <source>Downloading…</source>
      <translation>正在下载…</translation>
    </message>
    <message>
      <source>Installed (default)</source>
      <translation>已安装（默认）</translation>
    </message>
    <message>
      <source>Installed</source>
      <translation>已安装</translation>
    </message>
    <message>
      <source>Not installed</source>
      <translation>未安装</translation>
    </message>
    <message>
      <source>%1 MB</source>
      <translation>%1 MB</translation>
    </message>
    <message>
      <source>unknown</source>
      <translation>未知</translation>
    </message>
    <message>
      <source>%1 (imported)</source>
      <translation>%1（导入）</translation>
    </message>
    <message>
      <source>–</source>
      <translation>–</translation>
    </message>
    <message>
      <source>unverified</source>
      <translation>未验证</translation>
    </message>
    <message>
      <source>Re&amp;download</source>
      <translation>重新下载(&amp;D)</translation>
    </message>
    <message>
      <source>Connecting to %1…</source>
      <translation>正在连接 %1…</translation>
    </message>
    <message>
      <source>%1 of %2 MB, %3 MB/s, %4 left</source>
      <translation>%1 / %2 MB，%3 MB/秒，剩余 %4</translation>
    </message>
    <message>
      <source>%1 MB, %2 MB/s</source>
      <translation>%1 MB，%2 MB/秒</translation>
    </message>
    <message>
      <source>Installing…</source>
      <translation>正在安装…</translation>
    </message>
    <message>
      <source>%1 is installed.</source>
      <translation>%1 已安装。</translation>
    </message>
    <message>
      <source>The download could not be installed: %1</source>
      <translation>下载的文件无法安装：%1</translation>
    </message>
    <message>
      <source>Download cancelled. What was fetched is kept: Download resumes from there.</source>
      <translation>下载已取消。已获取的部分会保留：再次下载时从那里继续。</translation>
    </message>
    <message>
      <source>Import VGG-19 weights</source>
      <translation>导入 VGG-19 权重</translation>
    </message>
    <message>
      <source>VGG-19 weights (*.safetensors *.caffemodel);;All files (*)</source>
      <translation>VGG-19 权重 (*.safetensors *.caffemodel);;所有文件 (*)</translation>
    </message>
    <message>
      <source>Importing %1…</source>
      <translation>正在导入 %1…</translation>
    </message>
    <message>
      <source>Unknown weights file</source>
      <translation>未知的权重文件</translation>
    </message>
    <message>
      <source>This file matches no checksum in the catalogue, so Shuimo cannot tell what it is.
Install it anyway, unverified, under this name (letters, digits, '-', '_', '.'):</source>
      <translation>此文件与目录中的任何校验和都不匹配，水墨无法判断它是什么。
仍要以未验证状态安装吗？请输入名称（字母、数字、'-'、'_'、'.'）：</translation>
    </message>
    <message>
      <source>Import failed: %1</source>
      <translation>导入失败：%1</translation>
    </message>
    <message>
      <source>Imported as %1.</source>
      <translation>已导入为 %1。</translation>
    </message>
    <message>
      <source>Imported, with a warning: %1</source>
      <translation>已导入，但有警告：%1</translation>
    </message>
    <message>
      <source>Checking %1…</source>
      <translation>正在校验 %1…</translation>
    </message>
    <message>
      <source>Remove model</source>
      <translation>删除模型</translation>
    </message>
    <message>
      <source>Remove %1 from this computer?</source>
      <translation>要从这台电脑上删除 %1 吗？</translation>
    </message>
    <message>
      <source>%1 was removed.</source>
      <translation>%1 已删除。</translation>
    </message>
  </context>
  <context>
    <name>shuimo::ui::ModelsPrompt</name>
    <message>
      <source>&lt;b&gt;No model installed yet.&lt;/b&gt; Shuimo needs the VGG-19 weights (vgg19.safetensors, about 575 MB) to paint. It looked in: %1.&lt;br&gt;Open &lt;i&gt;Models…&lt;/i&gt; to see how to get them, or save the file as &lt;code&gt;%2&lt;/code&gt;.</source>
      <translation>&lt;b&gt;尚未安装模型。&lt;/b&gt;水墨需要 VGG-19 权重（vgg19.safetensors，约 575 MB）才能作画。已查找的位置：%1。&lt;br&gt;打开&lt;i&gt;模型…&lt;/i&gt;了解获取方法，或把文件保存为 &lt;code&gt;%2&lt;/code&gt;。</translation>
    </message>
    <message>
      <source>Models…</source>
      <translation>模型…</translation>
    </message>
  </context>
  <context>
    <name>shuimo::ui::ParameterPanel</name>
    <message>
      <source>Draft</source>
      <translation>草稿</translation>
    </message>
    <message>
      <source>Standard</source>
      <translation>标准</translation>
    </message>
    <message>
      <source>High</source>
      <translation>高</translation>
    </message>
    <message>
      <source>Print</source>
      <translation>印刷</translation>
    </message>
    <message>
      <source>Custom</source>
      <translation>自定义</translation>
    </message>
    <message>
      <source>Sets output size and iterations at once</source>
      <translation>一次设定输出尺寸和迭代次数</translation>
    </message>
    <message>
      <source>&amp;Quality:</source>
      <translation>质量(&amp;Q)：</translation>
    </message>
    <message>
      <source>How strongly the result follows the style references (style weight, log scale)</source>
      <translation>结果贴近风格参考图的程度（风格权重，对数刻度）</translation>
    </message>
    <message>
      <source>&amp;Style strength:</source>
      <translation>风格强度(&amp;S)：</translation>
    </message>
    <message>
      <source>How closely the result keeps the photo's shapes (content weight)</source>
      <translation>结果保留照片形状的程度（内容权重）</translation>
    </message>
    <message>
      <source>&amp;Content weight:</source>
      <translation>内容权重(&amp;C)：</translation>
    </message>
    <message>
      <source>Total-variation weight: higher is smoother; too high turns the image flat grey</source>
      <translation>全变分权重：越高越平滑；过高会使图像变成一片灰</translation>
    </message>
    <message>
      <source>S&amp;moothness:</source>
      <translation>平滑度(&amp;M)：</translation>
    </message>
    <message>
      <source>Optimisation steps over all levels: more is slower and more refined</source>
      <translation>所有级别的优化步数：越多越慢，也越精细</translation>
    </message>
    <message>
      <source>&amp;Iterations:</source>
      <translation>迭代次数(&amp;I)：</translation>
    </message>
    <message>
      <source>%1 px (4K)</source>
      <translation>%1 像素 (4K)</translation>
    </message>
    <message>
      <source>%1 px</source>
      <translation>%1 像素</translation>
    </message>
    <message>
      <source> px</source>
      <translation> 像素</translation>
    </message>
    <message>
      <source>Output si&amp;ze:</source>
      <translation>输出尺寸(&amp;Z)：</translation>
    </message>
    <message>
      <source>Size of the style's brush strokes relative to the output</source>
      <translation>风格笔触相对于输出的大小</translation>
    </message>
    <message>
      <source>St&amp;yle scale:</source>
      <translation>风格缩放(&amp;Y)：</translation>
    </message>
    <message>
      <source>&amp;Preserve the photo's colours</source>
      <translation>保留照片原色(&amp;P)</translation>
    </message>
    <message>
      <source>Advanced</source>
      <translation>高级</translation>
    </message>
    <message>
      <source>VGG-19 layers compared with the photo, e.g. relu4_2</source>
      <translation>与照片比较的 VGG-19 层，例如 relu4_2</translation>
    </message>
    <message>
      <source>Content layers:</source>
      <translation>内容层：</translation>
    </message>
    <message>
      <source>VGG-19 layers whose Gram matrices describe the style, comma-separated</source>
      <translation>用 Gram 矩阵描述风格的 VGG-19 层，以逗号分隔</translation>
    </message>
    <message>
      <source>Style layers:</source>
      <translation>风格层：</translation>
    </message>
    <message>
      <source>L-BFGS</source>
      <translation>L-BFGS</translation>
    </message>
    <message>
      <source>Adam</source>
      <translation>Adam</translation>
    </message>
    <message>
      <source>Optimiser:</source>
      <translation>优化器：</translation>
    </message>
    <message>
      <source>Adam only</source>
      <translation>仅用于 Adam</translation>
    </message>
    <message>
      <source>Learning rate:</source>
      <translation>学习率：</translation>
    </message>
    <message>
      <source>Max</source>
      <translation>最大值</translation>
    </message>
    <message>
      <source>Average</source>
      <translation>平均值</translation>
    </message>
    <message>
      <source>Pooling:</source>
      <translation>池化：</translation>
    </message>
    <message>
      <source>From the photo</source>
      <translation>从照片开始</translation>
    </message>
    <message>
      <source>From noise</source>
      <translation>从噪声开始</translation>
    </message>
    <message>
      <source>Start:</source>
      <translation>起点：</translation>
    </message>
    <message>
      <source>Seed:</source>
      <translation>随机种子：</translation>
    </message>
    <message>
      <source>Automatic</source>
      <translation>自动</translation>
    </message>
    <message>
      <source>CPU</source>
      <translation>CPU</translation>
    </message>
    <message>
      <source>GPU (CUDA)</source>
      <translation>GPU (CUDA)</translation>
    </message>
    <message>
      <source>Device:</source>
      <translation>设备：</translation>
    </message>
    <message>
      <source>fp32</source>
      <translation>fp32</translation>
    </message>
    <message>
      <source>fp16</source>
      <translation>fp16</translation>
    </message>
    <message>
      <source>bf16</source>
      <translation>bf16</translation>
    </message>
    <message>
      <source>Precision:</source>
      <translation>精度：</translation>
    </message>
    <message>
      <source>0 = grey, 1 = full colour (the photo's when preserving its colours, else the painting's)</source>
      <translation>0 = 灰度，1 = 完整色彩（保留照片色彩时为照片的色彩，否则为画面自身的色彩）</translation>
    </message>
    <message>
      <source>Colour stren&amp;gth:</source>
      <translation>色彩强度(&amp;G)：</translation>
    </message>
    <message>
      <source>&amp;Monochrome ink on the style's paper</source>
      <translation>单色水墨，用风格图的纸色(&amp;M)</translation>
    </message>
    <message>
      <source>The result as ink tones on the paper colour of the first style</source>
      <translation>把结果渲染为第一个风格图纸色上的墨色浓淡</translation>
    </message>
    <message>
      <source>Photo's size</source>
      <translation>照片原尺寸</translation>
    </message>
    <message>
      <source>From a start image</source>
      <translation>从起始图像</translation>
    </message>
  </context>
  <context>
    <name>shuimo::ui::PhotoStrip</name>
    <message>
      <source>Your photos: drop files or folders here, or use File &gt; Open</source>
      <translation>您的照片：把文件或文件夹拖到这里，或使用“文件 &gt; 打开”</translation>
    </message>
  </context>
  <context>
    <name>shuimo::ui::PreferencesDialog</name>
    <message>
      <source>Preferences</source>
      <translation>首选项</translation>
    </message>
    <message>
      <source>System language</source>
      <translation>系统语言</translation>
    </message>
    <message>
      <source>The new language takes effect when Shuimo is restarted.</source>
      <translation>新语言将在重新启动水墨后生效。</translation>
    </message>
    <message>
      <source>&amp;Language:</source>
      <translation>语言(&amp;L)：</translation>
    </message>
    <message>
      <source> ms</source>
      <translation> 毫秒</translation>
    </message>
    <message>
      <source>How often the preview shows a running painting; shorter costs a little speed</source>
      <translation>运行中的画作多久刷新一次预览；间隔越短，速度略慢</translation>
    </message>
    <message>
      <source>&amp;Preview every:</source>
      <translation>预览间隔(&amp;P)：</translation>
    </message>
  </context>
  <context>
    <name>shuimo::ui::PresetsMenu</name>
    <message>
      <source>Pre&amp;sets</source>
      <translation>预设(&amp;S)</translation>
    </message>
    <message>
      <source>&amp;Save Preset…</source>
      <translation>保存预设(&amp;S)…</translation>
    </message>
    <message>
      <source>&amp;Load Preset</source>
      <translation>载入预设(&amp;L)</translation>
    </message>
    <message>
      <source>&amp;Delete Preset</source>
      <translation>删除预设(&amp;D)</translation>
    </message>
    <message>
      <source>Save Preset</source>
      <translation>保存预设</translation>
    </message>
    <message>
      <source>Name of the preset:</source>
      <translation>预设名称：</translation>
    </message>
  </context>
  <context>
    <name>shuimo::ui::PresetsStore</name>
    <message>
      <source>A preset needs a name.</source>
      <translation>预设需要一个名称。</translation>
    </message>
    <message>
      <source>Could not save the preset in %1: %2</source>
      <translation>无法在 %1 中保存预设：%2</translation>
    </message>
  </context>
  <context>
    <name>shuimo::ui::PreviewView</name>
    <message>
      <source>Zoom &amp;In</source>
      <translation>放大(&amp;I)</translation>
    </message>
    <message>
      <source>Zoom &amp;Out</source>
      <translation>缩小(&amp;O)</translation>
    </message>
    <message>
      <source>&amp;Fit to Window</source>
      <translation>适应窗口(&amp;F)</translation>
    </message>
    <message>
      <source>&amp;Actual Size (100%)</source>
      <translation>实际大小 (100%)(&amp;A)</translation>
    </message>
    <message>
      <source>&amp;Result Only</source>
      <translation>仅结果(&amp;R)</translation>
    </message>
    <message>
      <source>&amp;Before/After Split</source>
      <translation>前后对比分割(&amp;B)</translation>
    </message>
    <message>
      <source>&amp;Side by Side</source>
      <translation>并排对比(&amp;S)</translation>
    </message>
  </context>
  <context>
    <name>shuimo::ui::RunPanel</name>
    <message>
      <source>&amp;Run</source>
      <translation>运行(&amp;R)</translation>
    </message>
    <message>
      <source>Cancel</source>
      <translation>取消</translation>
    </message>
  </context>
  <context>
    <name>shuimo::ui::RunPresenter</name>
    <message>
      <source>%1 GB</source>
      <translation>%1 GB</translation>
    </message>
    <message>
      <source>%1 MB</source>
      <translation>%1 MB</translation>
    </message>
    <message numerus="yes">
      <source>%n s</source>
      <translation>
        <numerusform>%n 秒</numerusform>
      </translation>
    </message>
    <message numerus="yes">
      <source>%n min</source>
      <translation>
        <numerusform>%n 分钟</numerusform>
      </translation>
    </message>
    <message>
      <source>%1 h</source>
      <translation>%1 小时</translation>
    </message>
    <message>
      <source>Add a photo to see the output size, memory and time.</source>
      <translation>添加照片后可看到输出尺寸、所需内存和时间。</translation>
    </message>
    <message numerus="yes">
      <source>%1 × %2 px, %n level(s), about %3 of memory</source>
      <translation>
        <numerusform>%1 × %2 像素，%n 级，约需 %3 内存</numerusform>
      </translation>
    </message>
    <message>
      <source>, about %1</source>
      <translation>，约 %1</translation>
    </message>
    <message>
      <source>, measuring speed…</source>
      <translation>，正在测量速度…</translation>
    </message>
    <message>
      <source>Starting…</source>
      <translation>正在开始…</translation>
    </message>
    <message>
      <source>Iteration %1 of %2 · level %3 of %4 (%5 × %6) · %7 left</source>
      <translation>第 %1/%2 次迭代 · 第 %3/%4 级（%5 × %6）· 剩余 %7</translation>
    </message>
    <message numerus="yes">
      <source>Cancelled after %n iteration(s); the best image so far is kept.</source>
      <translation>
        <numerusform>已在 %n 次迭代后取消；保留了目前最好的图像。</numerusform>
      </translation>
    </message>
    <message numerus="yes">
      <source>Done: %n iteration(s) in %1 on %2 (%3).</source>
      <translation>
        <numerusform>完成：%n 次迭代，用时 %1，设备 %2（%3）。</numerusform>
      </translation>
    </message>
    <message>
      <source>Stopped by an error.</source>
      <translation>因错误而停止。</translation>
    </message>
    <message numerus="yes">
      <source>, the largest level in %n tile(s) of up to %1 × %2</source>
      <translation>
        <numerusform>，最大一级分 %n 块处理（每块至多 %1 × %2）</numerusform>
      </translation>
    </message>
    <message>
      <source> · tile %1 of %2</source>
      <translation> · 第 %1/%2 块</translation>
    </message>
  </context>
  <context>
    <name>shuimo::ui::StyleGallery</name>
    <message>
      <source>Style</source>
      <translation>风格</translation>
    </message>
    <message>
      <source>Blend</source>
      <translation>混合</translation>
    </message>
    <message>
      <source>Tick one or more styles; drop your own reference images here</source>
      <translation>勾选一种或多种风格；也可把自己的参考图拖到这里</translation>
    </message>
    <message>
      <source>%1 (yours)</source>
      <translation>%1（自定义）</translation>
    </message>
    <message>
      <source>Blend weight of this style when several are ticked</source>
      <translation>勾选多种风格时此风格的混合权重</translation>
    </message>
    <message>
      <source>Blend weight of %1</source>
      <translation>%1 的混合权重</translation>
    </message>
    <message>
      <source>Use Recommended Settings</source>
      <translation>使用推荐设置</translation>
    </message>
  </context>
  <context>
    <name>shuimo::ui::StylesPanel</name>
    <message>
      <source>Add Your Own Style…</source>
      <translation>添加自己的风格…</translation>
    </message>
    <message>
      <source>Add Style References</source>
      <translation>添加风格参考图</translation>
    </message>
    <message>
      <source>Images (%1)</source>
      <translation>图像 (%1)</translation>
    </message>
  </context>
</TS>
