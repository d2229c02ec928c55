<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
  <context>
    <name>ParamTable</name>
    <message>
      <source>L-BFGS</source>
      <translation>L-BFGS</translation>
    </message>
    <message>
      <source>Adam</source>
      <translation>Adam</translation>
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
      <source>From the photo</source>
      <translation>从照片开始</translation>
    </message>
    <message>
      <source>From noise</source>
      <translation>从噪声开始</translation>
    </message>
    <message>
      <source>From a start image</source>
      <translation>从起始图像</translation>
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
      <source>Output si&amp;ze</source>
      <translation>输出尺寸(&amp;Z)</translation>
    </message>
    <message>
      <source>&amp;Iterations</source>
      <translation>迭代次数(&amp;I)</translation>
    </message>
    <message>
      <source>Optimisation steps over all levels: more is slower and more refined</source>
      <translation>所有级别的优化步数：越多越慢，也越精细</translation>
    </message>
    <message>
      <source>&amp;Content weight</source>
      <translation>内容权重(&amp;C)</translation>
    </message>
    <message>
      <source>How closely the result keeps the photo's shapes (content weight)</source>
      <translation>结果保留照片形状的程度（内容权重）</translation>
    </message>
    <message>
      <source>Style weight</source>
      <translation>风格权重</translation>
    </message>
    <message>
      <source>S&amp;moothness</source>
      <translation>平滑度(&amp;M)</translation>
    </message>
    <message>
      <source>Total-variation weight: higher is smoother; too high turns the image flat grey</source>
      <translation>全变分权重：越高越平滑；过高会使图像变成一片灰</translation>
    </message>
    <message>
      <source>Content layers</source>
      <translation>内容层</translation>
    </message>
    <message>
      <source>VGG-19 layers compared with the photo, e.g. relu4_2</source>
      <translation>与照片比较的 VGG-19 层，例如 relu4_2</translation>
    </message>
    <message>
      <source>Style layers</source>
      <translation>风格层</translation>
    </message>
    <message>
      <source>VGG-19 layers whose Gram matrices describe the style, comma-separated</source>
      <translation>用 Gram 矩阵描述风格的 VGG-19 层，以逗号分隔</translation>
    </message>
    <message>
      <source>Optimiser</source>
      <translation>优化器</translation>
    </message>
    <message>
      <source>Learning rate</source>
      <translation>学习率</translation>
    </message>
    <message>
      <source>Adam's step size (the image is in 0…1)</source>
      <translation>Adam 的步长（图像取值 0…1）</translation>
    </message>
    <message>
      <source>Pooling</source>
      <translation>池化</translation>
    </message>
    <message>
      <source>Start</source>
      <translation>起点</translation>
    </message>
    <message>
      <source>St&amp;yle scale</source>
      <translation>风格缩放(&amp;Y)</translation>
    </message>
    <message>
      <source>Size of the style's brush strokes relative to the output</source>
      <translation>风格笔触相对于输出的大小</translation>
    </message>
    <message>
      <source>Preserve the photo's co&amp;lours</source>
      <translation>保留照片的色彩(&amp;L)</translation>
    </message>
    <message>
      <source>Colour stren&amp;gth</source>
      <translation>色彩强度(&amp;G)</translation>
    </message>
    <message>
      <source>0 = grey, 1 = full colour (the photo's when preserving its colours, else the painting's)</source>
      <translation>0 = 灰度，1 = 完整色彩（保留照片色彩时为照片的色彩，否则为画面自身的色彩）</translation>
    </message>
    <message>
      <source>Mo&amp;nochrome ink on the style's paper</source>
      <translation>单色水墨，用风格图的纸色(&amp;N)</translation>
    </message>
    <message>
      <source>The result as ink tones on the paper colour of the first style</source>
      <translation>把结果渲染为第一个风格图纸色上的墨色浓淡</translation>
    </message>
    <message>
      <source>&amp;Paper</source>
      <translation>纸张(&amp;P)</translation>
    </message>
    <message>
      <source>Seed</source>
      <translation>随机种子</translation>
    </message>
    <message>
      <source>The noise a start from noise begins with</source>
      <translation>从噪声开始时所用的噪声</translation>
    </message>
    <message>
      <source>Device</source>
      <translation>设备</translation>
    </message>
    <message>
      <source>Precision</source>
      <translation>精度</translation>
    </message>
    <message>
      <source>Gram matrices</source>
      <translation>Gram 矩阵</translation>
    </message>
    <message>
      <source>Wasserstein (means and covariances)</source>
      <translation>Wasserstein 距离（均值与协方差）</translation>
    </message>
    <message>
      <source>Style statistics</source>
      <translation>风格统计量</translation>
    </message>
    <message>
      <source>How the style is measured: Gram matrices, or the Wasserstein distance between the features' means and covariances</source>
      <translation>风格的度量方式：Gram 矩阵，或特征均值与协方差之间的 Wasserstein 距离</translation>
    </message>
  </context>
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
    <message>
      <source>A batch is running: stop it before starting another.</source>
      <translation>有批量任务正在运行：请先停止它，再开始另一个。</translation>
    </message>
    <message>
      <source>Done: it is in %1.</source>
      <translation>完成：已保存在 %1。</translation>
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
    <message>
      <source>Batch export: %1 of %2 done</source>
      <translation>批量导出：已完成 %1/%2</translation>
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
    <message>
      <source>%1 s</source>
      <translation>%1 秒</translation>
    </message>
    <message>
      <source>%1 min %2 s</source>
      <translation>%1 分 %2 秒</translation>
    </message>
    <message>
      <source>%1 h %2 min</source>
      <translation>%1 小时 %2 分</translation>
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
    <name>shuimo::ui::BatchStyleNames</name>
    <message>
      <source>%1 %2%</source>
      <translation>%1 %2%</translation>
    </message>
    <message>
      <source> + </source>
      <translation> + </translation>
    </message>
  </context>
  <context>
    <name>shuimo::ui::ClipBar</name>
    <message>
      <source>The clip's frame the preview shows and Run paints, to tune the settings on</source>
      <translation>预览显示、运行时绘制的片段帧，用来调好设置</translation>
    </message>
    <message>
      <source>Export Video…</source>
      <translation>导出视频…</translation>
    </message>
    <message>
      <source>Paint every frame of the clip with these settings, in the background (File &gt; Export Video)</source>
      <translation>用这些设置在后台绘制片段的每一帧（文件 &gt; 导出视频）</translation>
    </message>
    <message>
      <source>Frame %1 of %2 (%3 s)</source>
      <translation>第 %1 帧，共 %2 帧（%3 秒）</translation>
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
    <name>shuimo::ui::ErrorMessages</name>
    <message>
      <source>size</source>
      <translation>尺寸</translation>
    </message>
    <message>
      <source>iterations</source>
      <translation>迭代次数</translation>
    </message>
    <message>
      <source>scales</source>
      <translation>尺度层数</translation>
    </message>
    <message>
      <source>min size</source>
      <translation>最小尺寸</translation>
    </message>
    <message>
      <source>iterations of a level</source>
      <translation>每级迭代次数</translation>
    </message>
    <message>
      <source>content weight</source>
      <translation>内容权重</translation>
    </message>
    <message>
      <source>style weight</source>
      <translation>风格权重</translation>
    </message>
    <message>
      <source>TV weight</source>
      <translation>平滑（TV）权重</translation>
    </message>
    <message>
      <source>style layer weight</source>
      <translation>风格层权重</translation>
    </message>
    <message>
      <source>learning rate</source>
      <translation>学习率</translation>
    </message>
    <message>
      <source>L-BFGS history</source>
      <translation>L-BFGS 历史长度</translation>
    </message>
    <message>
      <source>style scale</source>
      <translation>风格缩放</translation>
    </message>
    <message>
      <source>colour strength</source>
      <translation>色彩强度</translation>
    </message>
    <message>
      <source>paper colour component</source>
      <translation>纸色分量</translation>
    </message>
    <message>
      <source>loss scale</source>
      <translation>损失缩放</translation>
    </message>
    <message>
      <source>preview interval (iterations)</source>
      <translation>预览间隔（迭代次数）</translation>
    </message>
    <message>
      <source>preview interval (ms)</source>
      <translation>预览间隔（毫秒）</translation>
    </message>
    <message>
      <source>memory budget</source>
      <translation>内存预算</translation>
    </message>
    <message>
      <source>report interval</source>
      <translation>报告间隔</translation>
    </message>
    <message>
      <source>The painting model (VGG-19 weights) is not installed. Open Models… to download or import it.</source>
      <translation>尚未安装作画模型（VGG-19 权重）。请打开“模型…”下载或导入。</translation>
    </message>
    <message>
      <source>The painting model file %1 cannot be used: it is damaged, incomplete or of another kind. Open Models… to download or import it again.</source>
      <translation>作画模型文件 %1 无法使用：文件已损坏、不完整或类型不对。请打开“模型…”重新下载或导入。</translation>
    </message>
    <message>
      <source>%1 cannot be read: it is missing, empty or not readable. Check that the file is still there.</source>
      <translation>无法读取 %1：文件不存在、为空或无权读取。请确认文件仍在原处。</translation>
    </message>
    <message>
      <source>%1 is not an image Shuimo can open (JPEG, PNG, TIFF, WebP or BMP), or it is damaged. Save it again as PNG or JPEG.</source>
      <translation>%1 不是水墨能打开的图像（JPEG、PNG、TIFF、WebP 或 BMP），或者已损坏。请重新保存为 PNG 或 JPEG。</translation>
    </message>
    <message>
      <source>%1 is too large: %2 × %3 pixels, more than the limit of %4 megapixels. Make a smaller copy of it.</source>
      <translation>%1 太大：%2 × %3 像素，超过了 %4 百万像素的上限。请另存一份较小的图像。</translation>
    </message>
    <message>
      <source>Not enough memory to paint at this size. Choose a smaller size or close other programs.</source>
      <translation>内存不足，无法以此尺寸作画。请选择较小的尺寸，或关闭其他程序。</translation>
    </message>
    <message>
      <source>The setting “%1” must be between %2 and %3 (it is %4).</source>
      <translation>设置“%1”必须在 %2 到 %3 之间（当前为 %4）。</translation>
    </message>
    <message>
      <source>The device “%1” cannot be used on this computer. Choose Automatic or CPU in Advanced.</source>
      <translation>此计算机上无法使用设备“%1”。请在“高级”中选择“自动”或“CPU”。</translation>
    </message>
    <message>
      <source>bf16 on the CPU is usually many times slower than fp32: choose Automatic or fp32 precision in Advanced.</source>
      <translation>在 CPU 上 bf16 通常比 fp32 慢很多倍：请在“高级”中选择“自动”或 fp32 精度。</translation>
    </message>
    <message>
      <source>Reduced precision (%1) kept overflowing: the painting goes on in fp32.</source>
      <translation>降低精度（%1）时反复溢出：改用 fp32 继续作画。</translation>
    </message>
    <message>
      <source>Memory ran out at %1 × %2: trying this level again with less memory (a little slower).</source>
      <translation>在 %1 × %2 时内存不足：以较少内存重试这一级（稍慢一些）。</translation>
    </message>
    <message>
      <source>Memory ran out at %1 × %2: trying again at %3 × %4 (the painting will be smaller than asked).</source>
      <translation>在 %1 × %2 时内存不足：改为按 %3 × %4 重试（画作会比要求的小）。</translation>
    </message>
    <message>
      <source>%1 × %2 is painted with less memory, about a fifth slower.</source>
      <translation>%1 × %2 以较少内存作画，约慢五分之一。</translation>
    </message>
    <message>
      <source>%1 × %2 is painted in %3 tiles of up to %4 × %5 to fit the memory.</source>
      <translation>为适应内存，%1 × %2 分成 %3 块作画，每块最大 %4 × %5。</translation>
    </message>
    <message>
      <source>%1 × %2 does not fit the memory: painting at %3 × %4 instead (raise the limit in Preferences or close other programs).</source>
      <translation>%1 × %2 超出内存：改为按 %3 × %4 作画（可在“首选项”中提高上限，或关闭其他程序）。</translation>
    </message>
    <message>
      <source>The painting went wrong after %1 steps; the best image so far is kept (lower the learning rate or the weights).</source>
      <translation>作画在 %1 步后出错；保留了目前最好的图像（请降低学习率或权重）。</translation>
    </message>
  </context>
  <context>
    <name>shuimo::ui::ExportController</name>
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
    <message>
      <source>The selected photo has no painting yet: run the style transfer first.</source>
      <translation>所选照片还没有画作：请先运行风格迁移。</translation>
    </message>
    <message>
      <source>Could not read %1: %2</source>
      <translation>无法读取 %1：%2</translation>
    </message>
    <message>
      <source>%1 holds no Shuimo settings (nor is there a %2 beside it).</source>
      <translation>%1 中没有水墨的设置（旁边也没有 %2）。</translation>
    </message>
    <message>
      <source>The settings in %1 are not readable: %2</source>
      <translation>%1 中的设置无法读取：%2</translation>
    </message>
    <message>
      <source>no parameters</source>
      <translation>没有参数</translation>
    </message>
    <message>
      <source>%1 was stopped at %2 × %3, before its last level (%4 × %5): continue painting it, or choose to export it as it is or enlarged.</source>
      <translation>%1 在 %2 × %3 时停止，尚未画到最后一级（%4 × %5）：请继续作画，或选择按原样导出、放大后导出。</translation>
    </message>
    <message>
      <source>%1 was stopped at %2 × %3 px, before its last level (%4 × %5 px).</source>
      <translation>%1 在 %2 × %3 像素时停止，尚未画到最后一级（%4 × %5 像素）。</translation>
    </message>
    <message>
      <source>Enlarged, it has the full size but not the full detail; Continue Painting (right-click the version) paints the remaining levels.</source>
      <translation>放大后尺寸完整，但细节不完整；“继续作画”（右键单击该版本）会画完剩余的级。</translation>
    </message>
    <message>
      <source>Export &amp;Enlarged to %1 × %2</source>
      <translation>放大到 %1 × %2 后导出(&amp;E)</translation>
    </message>
    <message>
      <source>Export &amp;As It Is</source>
      <translation>按原样导出(&amp;A)</translation>
    </message>
    <message>
      <source>%1 already exists. Replace it?</source>
      <translation>%1 已存在。要替换它吗？</translation>
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
      <source>Models…</source>
      <translation>模型…</translation>
    </message>
    <message>
      <source>The bundled styles' list could not be read: %1</source>
      <translation>无法读取内置风格列表：%1</translation>
    </message>
    <message>
      <source>&amp;Batch Export…</source>
      <translation>批量导出(&amp;B)…</translation>
    </message>
    <message>
      <source>Open &amp;Session…</source>
      <translation>打开会话(&amp;S)…</translation>
    </message>
    <message>
      <source>Save Sess&amp;ion</source>
      <translation>保存会话(&amp;I)</translation>
    </message>
    <message>
      <source>Save Session &amp;As…</source>
      <translation>会话另存为(&amp;A)…</translation>
    </message>
    <message>
      <source>&amp;Load Settings from Painting…</source>
      <translation>从画作载入设置(&amp;L)…</translation>
    </message>
    <message>
      <source>These styles are no longer where they were: %1</source>
      <translation>这些风格已不在原来的位置：%1</translation>
    </message>
    <message>
      <source>Settings applied (Ctrl+Z undoes)</source>
      <translation>已应用设置（Ctrl+Z 可撤销）</translation>
    </message>
    <message>
      <source>Load Settings from Painting</source>
      <translation>从画作载入设置</translation>
    </message>
    <message>
      <source>Exported paintings and their settings (*.png *.json)</source>
      <translation>导出的画作及其设置 (*.png *.json)</translation>
    </message>
    <message>
      <source>&amp;Toolbar</source>
      <translation>工具栏(&amp;T)</translation>
    </message>
    <message>
      <source>Reset &amp;Layout</source>
      <translation>重置布局(&amp;L)</translation>
    </message>
    <message>
      <source>Cancel &amp;All Runs</source>
      <translation>取消所有作画(&amp;A)</translation>
    </message>
    <message>
      <source>Regions</source>
      <translation>区域</translation>
    </message>
    <message>
      <source>Export &amp;Video…</source>
      <translation>导出视频(&amp;V)…</translation>
    </message>
    <message>
      <source>Photos and clips (%1);;Images (%2);;Clips (%3)</source>
      <translation>照片和片段 (%1);;图像 (%2);;片段 (%3)</translation>
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
      <translation>水墨需要在 ImageNet 上训练的 VGG-19 网络权重。请下载一份（约 575 MB；只保留用到的 80 MB），或导入您在别处获取的文件。</translation>
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
      <translation>%1 MB</translation>
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
      <translation>%1 / %2 MB，%3 MB/秒，剩余 %4</translation>
    </message>
    <message>
      <source>%1 MB, %2 MB/s</source>
      <translation>%1 MB，%2 MB/秒</translation>
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
    <message>
      <source>The downloaded file is not the one expected (it differs from the catalogue's checksum), so it was not installed. Try Download again later.</source>
      <translation>下载的文件与预期不符（校验值与目录中的不同），因此未安装。请稍后再次下载。</translation>
    </message>
    <message>
      <source>Importing %1 (checking what it recognises in the test photos)…</source>
      <translation>正在导入 %1（检查它在测试照片中能识别出什么）…</translation>
    </message>
    <message>
      <source>Checksum differs</source>
      <translation>校验值不同</translation>
    </message>
    <message>
      <source>%1

Install it anyway?</source>
      <translation>%1

仍要安装吗？</translation>
    </message>
    <message>
      <source>Nothing was installed.</source>
      <translation>未安装任何内容。</translation>
    </message>
  </context>
  <context>
    <name>shuimo::ui::ModelsPrompt</name>
    <message>
      <source>&lt;b&gt;No model installed yet.&lt;/b&gt; Shuimo needs the VGG-19 weights (vgg19.safetensors, about 575 MB) to paint. It looked in: %1.&lt;br&gt;Open &lt;i&gt;Models…&lt;/i&gt; to see how to get them, or save the file as &lt;code&gt;%2&lt;/code&gt;.</source>
      <translation>&lt;b&gt;尚未安装模型。&lt;/b&gt;水墨需要 VGG-19 权重（vgg19.safetensors，约 575 MB）才能作画。已查找的位置：%1。&lt;br&gt;打开&lt;i&gt;模型…&lt;/i&gt;了解获取方法，或把文件保存为 &lt;code&gt;%2&lt;/code&gt;。</translation>
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
      <source>&amp;Quality:</source>
      <translation>质量(&amp;Q)：</translation>
    </message>
    <message>
      <source>&amp;Style strength:</source>
      <translation>风格强度(&amp;S)：</translation>
    </message>
    <message>
      <source>Advanced</source>
      <translation>高级</translation>
    </message>
    <message>
      <source>Fine detail</source>
      <translation>细腻笔触</translation>
    </message>
    <message>
      <source>Small textures of the style; the photo's detail kept closely</source>
      <translation>取风格的细小纹理；紧贴照片的细节</translation>
    </message>
    <message>
      <source>Balanced</source>
      <translation>均衡</translation>
    </message>
    <message>
      <source>Textures and strokes of every size (Gatys et al.)</source>
      <translation>各种大小的纹理与笔触（Gatys 等人）</translation>
    </message>
    <message>
      <source>Broad strokes</source>
      <translation>大笔挥洒</translation>
    </message>
    <message>
      <source>The style's large strokes and shapes, little fine texture</source>
      <translation>取风格的大笔触与大形状，细纹理较少</translation>
    </message>
    <message>
      <source>Loose and abstract</source>
      <translation>写意抽象</translation>
    </message>
    <message>
      <source>Only the photo's main shapes survive; the style leads</source>
      <translation>只保留照片的主要形体，以风格为主</translation>
    </message>
    <message numerus="yes">
      <source>%1 px, %n iteration(s)</source>
      <translation>
        <numerusform>%1 像素，%n 次迭代</numerusform>
      </translation>
    </message>
    <message>
      <source>Sets output size and iterations at once; Custom once either differs from the preset</source>
      <translation>同时设定输出尺寸和迭代次数；任一项与预设不同时显示“自定义”</translation>
    </message>
    <message>
      <source> %</source>
      <translation>%</translation>
    </message>
    <message>
      <source>Custom (see Advanced)</source>
      <translation>自定义（见“高级”）</translation>
    </message>
    <message>
      <source>Which sizes of the style's marks the painting takes: fine texture or broad strokes</source>
      <translation>画作取风格中多大的笔迹：细腻纹理还是大笔触</translation>
    </message>
    <message>
      <source>&amp;Brush detail:</source>
      <translation>笔触粗细(&amp;B)：</translation>
    </message>
    <message>
      <source>The style's paper</source>
      <translation>风格图的纸色</translation>
    </message>
    <message>
      <source>A colour of my own</source>
      <translation>自选颜色</translation>
    </message>
    <message>
      <source>Choose…</source>
      <translation>选择…</translation>
    </message>
    <message>
      <source>Choose the paper colour</source>
      <translation>选择纸张颜色</translation>
    </message>
    <message>
      <source>The style loss's weight itself; Style strength %1 % is %2, 0 % is %3 and 100 % is %4</source>
      <translation>风格损失的权重本身；风格强度 %1% 对应 %2，0% 对应 %3，100% 对应 %4</translation>
    </message>
    <message>
      <source>How strongly the painting follows the styles. Style weight %1 (the exact number is under Advanced)</source>
      <translation>画作跟随风格的程度。风格权重 %1（精确数值见“高级”）</translation>
    </message>
    <message>
      <source>Paper Colour</source>
      <translation>纸张颜色</translation>
    </message>
    <message>
      <source>:</source>
      <translation>：</translation>
    </message>
  </context>
  <context>
    <name>shuimo::ui::PhotoStrip</name>
    <message>
      <source>Your photos: drop files or folders here, or use File &gt; Open. Delete removes one; right-click to move it</source>
      <translation>你的照片：把文件或文件夹拖到这里，或使用“文件 &gt; 打开”。按 Delete 移除；右键可移动</translation>
    </message>
    <message>
      <source>Painting now</source>
      <translation>正在绘制</translation>
    </message>
    <message>
      <source>Waiting to be painted</source>
      <translation>等待绘制</translation>
    </message>
    <message numerus="yes">
      <source>%n painting(s)</source>
      <translation>
        <numerusform>%n 幅画作</numerusform>
      </translation>
    </message>
    <message>
      <source>Move Left</source>
      <translation>左移</translation>
    </message>
    <message>
      <source>Move Right</source>
      <translation>右移</translation>
    </message>
    <message>
      <source>Remove from Session</source>
      <translation>从会话中移除</translation>
    </message>
    <message>
      <source>A clip: %1 frames, %2 s at %3 frames a second. The preview paints the chosen frame; File &gt; Export Video paints them all.</source>
      <translation>片段：%1 帧，%2 秒，每秒 %3 帧。预览绘制所选的一帧；“文件 &gt; 导出视频”绘制全部帧。</translation>
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
    <message>
      <source> GB</source>
      <translation> GB</translation>
    </message>
    <message>
      <source>Automatic</source>
      <translation>自动</translation>
    </message>
    <message>
      <source>Automatic fits each painting to the memory available when it starts.</source>
      <translation>自动：每幅画开始时按当时可用的内存安排。</translation>
    </message>
    <message>
      <source>Automatic fits each painting to the memory available when it starts: now %1 GB, of which it would use %2 GB, leaving a tenth and 0.5 GB for other programs. Large prints are painted in tiles to fit.</source>
      <translation>自动：每幅画开始时按当时可用的内存安排。现在可用 %1 GB，其中将使用 %2 GB，留出十分之一和 0.5 GB 给其他程序。大幅打印尺寸会分块绘制以适应内存。</translation>
    </message>
    <message>
      <source>The most memory a painting may use; a print that needs more is painted in tiles</source>
      <translation>一幅画最多可使用的内存；需要更多内存的打印尺寸会分块绘制</translation>
    </message>
    <message>
      <source>&amp;Use at most:</source>
      <translation>最多使用(&amp;U)：</translation>
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
    <message>
      <source>The preset “%1” cannot be read.</source>
      <translation>无法读取预设“%1”。</translation>
    </message>
    <message>
      <source>The preset’s styles %1 are missing; the others are ticked.</source>
      <translation>预设中的风格 %1 已不存在；其余风格已勾选。</translation>
    </message>
    <message>
      <source>, </source>
      <translation>，</translation>
    </message>
    <message>
      <source>&amp;Reset Settings to Defaults</source>
      <translation>将设置恢复为默认值(&amp;R)</translation>
    </message>
    <message>
      <source>preset “%1”</source>
      <translation>预设“%1”</translation>
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
    <name>shuimo::ui::RegionsPanel</name>
    <message>
      <source>Give parts of the photo a style of their own, keep them as they are, or leave them as blank paper (留白). Paint on the preview with the left button; the right button pans.</source>
      <translation>让照片的某些部分使用各自的风格、保持原样，或留作空白纸面（留白）。在预览上用左键绘制，右键平移。</translation>
    </message>
    <message>
      <source>&amp;Add</source>
      <translation>添加(&amp;A)</translation>
    </message>
    <message>
      <source>A new region with the first ticked style: paint where it goes</source>
      <translation>新建一个使用第一个已勾选风格的区域：在预览上画出它的范围</translation>
    </message>
    <message>
      <source>Sky</source>
      <translation>天空</translation>
    </message>
    <message>
      <source>Finds the sky by colour and brightness, as blank paper: correct it with the brush and the eraser</source>
      <translation>按颜色和亮度找出天空，作为留白：再用画笔和橡皮修正</translation>
    </message>
    <message>
      <source>Faces</source>
      <translation>人脸</translation>
    </message>
    <message>
      <source>Finds faces (OpenCV's face detector) and keeps them as in the photo</source>
      <translation>找出人脸（OpenCV 人脸检测器），并保持照片原样</translation>
    </message>
    <message>
      <source>&amp;Import Mask…</source>
      <translation>导入蒙版(&amp;I)…</translation>
    </message>
    <message>
      <source>A greyscale image, white where the region is, any size: into the chosen region, or a new one</source>
      <translation>一张灰度图像，白色为区域所在，尺寸不限：导入到所选区域，或新建一个区域</translation>
    </message>
    <message>
      <source>Its own style</source>
      <translation>独立风格</translation>
    </message>
    <message>
      <source>Keep the photo</source>
      <translation>保持照片</translation>
    </message>
    <message>
      <source>Blank paper (留白)</source>
      <translation>空白纸面（留白）</translation>
    </message>
    <message>
      <source>&amp;Kind:</source>
      <translation>类型(&amp;K)：</translation>
    </message>
    <message>
      <source>St&amp;yle:</source>
      <translation>风格(&amp;Y)：</translation>
    </message>
    <message>
      <source>The region's style strength, a share of the style strength; 0 % keeps the photo. Changes reach a running painting at once.</source>
      <translation>该区域的风格强度，按整体风格强度的比例计；0 % 保持照片原样。修改会立即作用于正在进行的绘制。</translation>
    </message>
    <message>
      <source>S&amp;trength:</source>
      <translation>强度(&amp;T)：</translation>
    </message>
    <message>
      <source>&amp;Brush</source>
      <translation>画笔(&amp;B)</translation>
    </message>
    <message>
      <source>Paints the chosen region on the preview, with soft edges</source>
      <translation>在预览上以柔和边缘绘制所选区域</translation>
    </message>
    <message>
      <source>&amp;Eraser</source>
      <translation>橡皮(&amp;E)</translation>
    </message>
    <message>
      <source>Takes the chosen region away where you paint</source>
      <translation>在涂抹处去除所选区域</translation>
    </message>
    <message>
      <source>&amp;Fill</source>
      <translation>填充(&amp;F)</translation>
    </message>
    <message>
      <source>Adds the photo's similar colours around the point you click</source>
      <translation>把点击处周围与之相近的颜色加入区域</translation>
    </message>
    <message>
      <source> px</source>
      <translation> 像素</translation>
    </message>
    <message>
      <source>Si&amp;ze:</source>
      <translation>大小(&amp;Z)：</translation>
    </message>
    <message>
      <source>So&amp;ftness:</source>
      <translation>柔和度(&amp;F)：</translation>
    </message>
    <message>
      <source>&amp;Show regions</source>
      <translation>显示区域(&amp;S)</translation>
    </message>
    <message>
      <source>Clear</source>
      <translation>清空</translation>
    </message>
    <message>
      <source>Empties the chosen region's mask</source>
      <translation>清空所选区域的蒙版</translation>
    </message>
    <message>
      <source>&amp;Remove</source>
      <translation>删除(&amp;R)</translation>
    </message>
    <message>
      <source>Style for the Region</source>
      <translation>区域的风格</translation>
    </message>
    <message>
      <source>Images (%1)</source>
      <translation>图像 (%1)</translation>
    </message>
    <message>
      <source>keeps the photo</source>
      <translation>保持照片</translation>
    </message>
    <message>
      <source>blank paper</source>
      <translation>留白</translation>
    </message>
    <message>
      <source>%1, %2 %</source>
      <translation>%1，%2 %</translation>
    </message>
    <message>
      <source>no style</source>
      <translation>无风格</translation>
    </message>
    <message>
      <source>Empty: paint it on the preview</source>
      <translation>空区域：请在预览上绘制</translation>
    </message>
    <message>
      <source>Other…</source>
      <translation>其他…</translation>
    </message>
    <message>
      <source>Import Mask</source>
      <translation>导入蒙版</translation>
    </message>
  </context>
  <context>
    <name>shuimo::ui::RunBar</name>
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
      <translation>%1 GB</translation>
    </message>
    <message>
      <source>%1 MB</source>
      <translation>%1 MB</translation>
    </message>
    <message>
      <source>Add a photo to see the output size, memory and time.</source>
      <translation>添加照片后可看到输出尺寸、所需内存和时间。</translation>
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
      <source> · tile %1 of %2</source>
      <translation> · 第 %1/%2 块</translation>
    </message>
    <message numerus="yes">
      <source>%1 × %2 px, %n level(s)</source>
      <translation>
        <numerusform>%1 × %2 像素，%n 级</numerusform>
      </translation>
    </message>
    <message numerus="yes">
      <source>, the largest in %n tile(s) of up to %1 × %2</source>
      <translation>
        <numerusform>，最大一级分 %n 块（每块至多 %1 × %2）</numerusform>
      </translation>
    </message>
    <message>
      <source>, about %1 of memory</source>
      <translation>，约需 %1 内存</translation>
    </message>
    <message>
      <source> (fits the %1 this computer can give; Preferences sets a limit)</source>
      <translation>（在本机可提供的 %1 以内；可在“首选项”中设定上限）</translation>
    </message>
    <message>
      <source> (within your limit of %1)</source>
      <translation>（在您设定的 %1 上限以内）</translation>
    </message>
    <message>
      <source>. Memory makes it %1 × %2 px: raise the limit or close other programs for the full size</source>
      <translation>。受内存限制，结果为 %1 × %2 像素：提高上限或关闭其他程序可得到完整尺寸</translation>
    </message>
    <message>
      <source>%1: starting…</source>
      <translation>%1：正在开始…</translation>
    </message>
    <message>
      <source>%1 waits until %2 is painted</source>
      <translation>%1 等待 %2 画完</translation>
    </message>
    <message>
      <source>%1: stopped by an error.</source>
      <translation>%1：因错误而停止。</translation>
    </message>
    <message numerus="yes">
      <source>%1: cancelled after %n iteration(s), before the last level: kept at %2 × %3 (right-click the version: Continue Painting).</source>
      <translation>
        <numerusform>%1：已在 %n 次迭代后取消，尚未画到最后一级：按 %2 × %3 保留（右键单击该版本：继续作画）。</numerusform>
      </translation>
    </message>
    <message numerus="yes">
      <source>%1: cancelled after %n iteration(s); the best image so far is kept.</source>
      <translation>
        <numerusform>%1：已在 %n 次迭代后取消；保留了目前最好的图像。</numerusform>
      </translation>
    </message>
    <message numerus="yes">
      <source>%1: done, %n iteration(s) in %2 on %3 (%4).</source>
      <translation>
        <numerusform>%1：完成，%n 次迭代，用时 %2，设备 %3（%4）。</numerusform>
      </translation>
    </message>
    <message>
      <source>Painting %1 (not this photo)</source>
      <translation>正在画 %1（不是这张照片）</translation>
    </message>
    <message>
      <source>&amp;Restart</source>
      <translation>重新开始(&amp;R)</translation>
    </message>
    <message>
      <source>&amp;Run</source>
      <translation>运行(&amp;R)</translation>
    </message>
    <message>
      <source>%1: iteration %2 of %3 · level %4 of %5 (%6 × %7) · %8 left</source>
      <translation>%1：第 %2/%3 次迭代 · 第 %4/%5 级（%6 × %7）· 剩余 %8</translation>
    </message>
    <message numerus="yes">
      <source>%n s</source>
      <translation>
        <numerusform>%n 秒</numerusform>
      </translation>
    </message>
    <message numerus="yes">
      <source>%n min</source>
      <translation>
        <numerusform>%n 分钟</numerusform>
      </translation>
    </message>
    <message>
      <source>%1 h</source>
      <translation>%1 小时</translation>
    </message>
    <message>
      <source>. Note: %1 is only %2 × %3 px, so the painting enlarges it %4 times</source>
      <translation>。注意：%1 只有 %2 × %3 像素，作画会把它放大 %4 倍</translation>
    </message>
    <message>
      <source>. Note: the size sets the long side, so this photo's short side is only %1 px: choose a larger size (about %2 px keeps %3 px)</source>
      <translation>。注意：尺寸指长边，所以这张照片的短边只有 %1 像素：请选择更大的尺寸（约 %2 像素可使短边保持 %3 像素）</translation>
    </message>
  </context>
  <context>
    <name>shuimo::ui::SessionActions</name>
    <message>
      <source>Saving the session…</source>
      <translation>正在保存会话…</translation>
    </message>
    <message>
      <source>Saving</source>
      <translation>正在保存</translation>
    </message>
    <message>
      <source>Saved the session as %1</source>
      <translation>会话已保存为 %1</translation>
    </message>
    <message>
      <source>Opened the session %1</source>
      <translation>已打开会话 %1</translation>
    </message>
    <message>
      <source>session</source>
      <translation>会话</translation>
    </message>
    <message>
      <source>Save Session</source>
      <translation>保存会话</translation>
    </message>
    <message>
      <source>Shuimo sessions (*.shuimo)</source>
      <translation>水墨会话 (*.shuimo)</translation>
    </message>
    <message>
      <source>The current session has unsaved paintings. Save it before opening another?</source>
      <translation>当前会话有未保存的画作。打开另一个会话前要先保存吗？</translation>
    </message>
    <message>
      <source>Open Session</source>
      <translation>打开会话</translation>
    </message>
    <message numerus="yes">
      <source>Remove %1 and its %n unexported painting(s) from the session?</source>
      <translation>
        <numerusform>从会话中移除 %1 及其 %n 幅未导出的画作吗？</numerusform>
      </translation>
    </message>
    <message>
      <source>Removed %1 from the session</source>
      <translation>已从会话中移除 %1</translation>
    </message>
    <message>
      <source>A painting is in progress (it will stop).</source>
      <translation>有一幅画正在绘制（将会停止）。</translation>
    </message>
    <message>
      <source>A batch export is running (it will resume at the next start).</source>
      <translation>批量导出正在运行（下次启动时继续）。</translation>
    </message>
    <message numerus="yes">
      <source>%n painting(s) were neither exported nor saved in a session file.</source>
      <translation>
        <numerusform>%n 幅画作既未导出，也未保存到会话文件中。</numerusform>
      </translation>
    </message>
    <message>
      <source>Save the session before quitting?</source>
      <translation>退出前保存会话吗？</translation>
    </message>
    <message>
      <source>Quit anyway?</source>
      <translation>仍然退出吗？</translation>
    </message>
  </context>
  <context>
    <name>shuimo::ui::SizeControl</name>
    <message>
      <source>Photo's own size</source>
      <translation>照片原尺寸</translation>
    </message>
    <message>
      <source>%1 px (4K)</source>
      <translation>%1 像素 (4K)</translation>
    </message>
    <message>
      <source>%1 px</source>
      <translation>%1 像素</translation>
    </message>
    <message>
      <source>%1 print, %2 dpi (%3 px)</source>
      <translation>%1 打印，%2 dpi（%3 像素）</translation>
    </message>
    <message>
      <source>Long side %1 cm at %2 dpi</source>
      <translation>长边 %1 厘米，%2 dpi</translation>
    </message>
    <message>
      <source>Custom size in pixels</source>
      <translation>自定义像素尺寸</translation>
    </message>
    <message>
      <source>Custom print size (cm)</source>
      <translation>自定义打印尺寸（厘米）</translation>
    </message>
    <message>
      <source>The painting's long side; the short side follows the photo's shape</source>
      <translation>画作的长边；短边按照片比例</translation>
    </message>
    <message>
      <source> px</source>
      <translation> 像素</translation>
    </message>
    <message>
      <source>Long side in pixels</source>
      <translation>长边像素数</translation>
    </message>
    <message>
      <source> cm</source>
      <translation> 厘米</translation>
    </message>
    <message>
      <source>Long side of the print in centimetres</source>
      <translation>打印长边（厘米）</translation>
    </message>
    <message>
      <source> dpi</source>
      <translation> dpi</translation>
    </message>
    <message>
      <source>Print resolution in dots per inch (300 for photo prints)</source>
      <translation>打印分辨率，每英寸点数（照片打印用 300）</translation>
    </message>
    <message>
      <source>At most %1 px: %2 cm at this resolution</source>
      <translation>最多 %1 像素：此分辨率下为 %2 厘米</translation>
    </message>
    <message>
      <source>%1 px on the long side</source>
      <translation>长边 %1 像素</translation>
    </message>
  </context>
  <context>
    <name>shuimo::ui::SliderSpin</name>
    <message>
      <source>%1 to %2</source>
      <translation>%1 到 %2</translation>
    </message>
    <message>
      <source>%1 is beyond the slider (%2): the box holds the exact value, and the painting uses it</source>
      <translation>%1 超出了滑块的范围（%2）：数值框中是精确值，作画时使用它</translation>
    </message>
  </context>
  <context>
    <name>shuimo::ui::StudioModel</name>
    <message>
      <source>parameter change</source>
      <translation>参数更改</translation>
    </message>
    <message>
      <source>deleting %1</source>
      <translation>删除 %1</translation>
    </message>
    <message>
      <source>Could not read the session %1: %2</source>
      <translation>无法读取会话 %1：%2</translation>
    </message>
    <message>
      <source>Could not save the session %1: %2</source>
      <translation>无法保存会话 %1：%2</translation>
    </message>
    <message>
      <source>%1 is not a Shuimo session file.</source>
      <translation>%1 不是水墨会话文件。</translation>
    </message>
    <message>
      <source>The session %1 is cut short (%2): it was not completely copied or saved.</source>
      <translation>会话 %1 不完整（%2）：它没有被完整复制或保存。</translation>
    </message>
    <message>
      <source>The session %1 was saved by a newer Shuimo (session format %2; this version reads format %3). Update Shuimo to open it.</source>
      <translation>会话 %1 由更新版本的水墨保存（会话格式 %2；本版本读取格式 %3）。请更新水墨后再打开。</translation>
    </message>
    <message>
      <source>The session %1 has a format version (%2) no Shuimo writes.</source>
      <translation>会话 %1 的格式版本（%2）不是任何水墨版本写出的。</translation>
    </message>
    <message>
      <source>The session %1 is damaged: %2</source>
      <translation>会话 %1 已损坏：%2</translation>
    </message>
    <message>
      <source>The session %1 changed on disk after it was saved (its checksum does not match).</source>
      <translation>会话 %1 保存后在磁盘上被改动过（校验和不符）。</translation>
    </message>
    <message>
      <source>%1 is not a file.</source>
      <translation>%1 不是文件。</translation>
    </message>
    <message>
      <source>%1 was not added: %2</source>
      <translation>%1 未添加：%2</translation>
    </message>
    <message>
      <source>Deleted %1 (Edit › Undo brings it back)</source>
      <translation>已删除 %1（“编辑 › 撤销”可恢复）</translation>
    </message>
    <message>
      <source>Version %1.%2</source>
      <translation>版本 %1.%2</translation>
    </message>
    <message>
      <source>Version %1</source>
      <translation>版本 %1</translation>
    </message>
    <message>
      <source>%1 (%2)</source>
      <translation>%1（%2）</translation>
    </message>
    <message>
      <source>Styles: %1</source>
      <translation>风格：%1</translation>
    </message>
    <message>
      <source>, </source>
      <translation>，</translation>
    </message>
    <message>
      <source>re-finished without a run</source>
      <translation>未重新运行，仅重新润色</translation>
    </message>
    <message>
      <source>styles</source>
      <translation>风格</translation>
    </message>
    <message>
      <source>Changed since %1: %2</source>
      <translation>相对 %1 的改动：%2</translation>
    </message>
    <message>
      <source>stopped at %1 × %2 of %3 × %4: Continue Painting (right-click) goes on from it</source>
      <translation>停在 %1 × %2（完整尺寸 %3 × %4）：“继续作画”（右键单击）可从这里接着画</translation>
    </message>
    <message>
      <source>%1 already has this finishing: shown again</source>
      <translation>%1 已经是这种润色：重新显示它</translation>
    </message>
    <message>
      <source>Re-finished without a new run: a new version (the earlier one is kept)</source>
      <translation>已重新润色，无需重新运行：新增一个版本（之前的版本保留）</translation>
    </message>
    <message>
      <source>The finishing could not be re-applied: %1</source>
      <translation>无法重新应用润色：%1</translation>
    </message>
    <message>
      <source>These styles are no longer where they were: %1</source>
      <translation>这些风格已不在原来的位置：%1</translation>
    </message>
    <message>
      <source>Settings applied (Ctrl+Z undoes)</source>
      <translation>已应用设置（Ctrl+Z 可撤销）</translation>
    </message>
    <message>
      <source>“%1” is not a parameter.</source>
      <translation>“%1”不是参数。</translation>
    </message>
    <message>
      <source>%1 must be %2.</source>
      <translation>%1 必须是 %2。</translation>
    </message>
    <message>
      <source>settings applied</source>
      <translation>应用设置</translation>
    </message>
    <message>
      <source>recommended settings</source>
      <translation>推荐设置</translation>
    </message>
    <message>
      <source>Applied the style's recommended settings (Ctrl+Z undoes)</source>
      <translation>已应用该风格的推荐设置（Ctrl+Z 可撤销）</translation>
    </message>
    <message>
      <source>reset to defaults</source>
      <translation>恢复默认值</translation>
    </message>
    <message>
      <source>Every setting is back to its default (Ctrl+Z undoes)</source>
      <translation>所有设置已恢复为默认值（Ctrl+Z 可撤销）</translation>
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
      <source>%1 will be painted when %2 is done</source>
      <translation>%2 完成后将绘制 %1</translation>
    </message>
    <message>
      <source>Continuing %1 from %2 × %3</source>
      <translation>从 %2 × %3 继续画 %1</translation>
    </message>
    <message numerus="yes">
      <source>%n photo(s) will be painted with the settings of %1</source>
      <translation>
        <numerusform>将用 %1 的设置绘制 %n 张照片</numerusform>
      </translation>
    </message>
    <message>
      <source>The session is already being saved; try again when that is done.</source>
      <translation>会话正在保存；请在保存完成后再试。</translation>
    </message>
    <message>
      <source>The last session could not be restored (kept as %1): %2</source>
      <translation>无法恢复上次的会话（已保留为 %1）：%2</translation>
    </message>
    <message>
      <source>Style strength %1 %, %2 × %3 px</source>
      <translation>风格强度 %1 %，%2 × %3 像素</translation>
    </message>
    <message numerus="yes">
      <source>%1, %n evaluation(s), %2 s</source>
      <translation>
        <numerusform>%1，%n 次求值，%2 秒</numerusform>
      </translation>
    </message>
    <message>
      <source>Blank paper</source>
      <translation>留白</translation>
    </message>
    <message>
      <source>Keep the photo</source>
      <translation>保持照片</translation>
    </message>
    <message>
      <source>Region %1</source>
      <translation>区域 %1</translation>
    </message>
    <message>
      <source>adding region %1</source>
      <translation>添加区域 %1</translation>
    </message>
    <message>
      <source>removing region %1</source>
      <translation>移除区域 %1</translation>
    </message>
    <message>
      <source>moving region %1</source>
      <translation>移动区域 %1</translation>
    </message>
    <message>
      <source>renaming region</source>
      <translation>重命名区域</translation>
    </message>
    <message>
      <source>region kind</source>
      <translation>区域类型</translation>
    </message>
    <message>
      <source>region style</source>
      <translation>区域风格</translation>
    </message>
    <message>
      <source>region strength</source>
      <translation>区域强度</translation>
    </message>
    <message>
      <source>painting region %1</source>
      <translation>绘制区域 %1</translation>
    </message>
    <message>
      <source>The photo could not be read to fill the region.</source>
      <translation>无法读取照片，不能填充区域。</translation>
    </message>
    <message>
      <source>filling region %1</source>
      <translation>填充区域 %1</translation>
    </message>
    <message>
      <source>clearing region %1</source>
      <translation>清空区域 %1</translation>
    </message>
    <message>
      <source>Add a photo first: a mask belongs to a photo.</source>
      <translation>请先添加照片：蒙版属于某张照片。</translation>
    </message>
    <message>
      <source>The mask %1 could not be read: %2</source>
      <translation>无法读取蒙版 %1：%2</translation>
    </message>
    <message>
      <source>The mask %1 covers nothing (it is black everywhere): white marks the region.</source>
      <translation>蒙版 %1 没有覆盖任何地方（全是黑色）：白色表示区域。</translation>
    </message>
    <message>
      <source>importing mask %1</source>
      <translation>导入蒙版 %1</translation>
    </message>
    <message>
      <source>“%1” is not an automatic mask (sky or faces).</source>
      <translation>“%1”不是自动蒙版（天空或人脸）。</translation>
    </message>
    <message>
      <source>No face was found in %1: paint the region instead.</source>
      <translation>在 %1 中没有找到人脸：请改为手动绘制区域。</translation>
    </message>
    <message>
      <source>No sky was found in %1: paint the region instead.</source>
      <translation>在 %1 中没有找到天空：请改为手动绘制区域。</translation>
    </message>
    <message>
      <source>Sky</source>
      <translation>天空</translation>
    </message>
    <message>
      <source>Faces</source>
      <translation>人脸</translation>
    </message>
    <message>
      <source>automatic sky</source>
      <translation>自动天空</translation>
    </message>
    <message>
      <source>automatic faces</source>
      <translation>自动人脸</translation>
    </message>
    <message>
      <source>The region “%1” is empty: paint it on the preview, or remove it in the Regions panel.</source>
      <translation>区域“%1”是空的：请在预览上绘制它，或在“区域”面板中移除它。</translation>
    </message>
    <message>
      <source>The region “%1” has no style: choose one in the Regions panel.</source>
      <translation>区域“%1”没有风格：请在“区域”面板中选择一个。</translation>
    </message>
    <message>
      <source>The style of the region “%1” is no longer where it was: %2</source>
      <translation>区域“%1”的风格图像已不在原处：%2</translation>
    </message>
    <message>
      <source>%1 is not an image or a clip Shuimo reads (PNG, JPEG, TIFF, WebP, BMP; MP4, MOV, MKV, WebM, AVI).</source>
      <translation>%1 不是水墨能读取的图像或片段（PNG、JPEG、TIFF、WebP、BMP；MP4、MOV、MKV、WebM、AVI）。</translation>
    </message>
    <message>
      <source>painted from frame %1 of the clip</source>
      <translation>由片段的第 %1 帧绘制</translation>
    </message>
  </context>
  <context>
    <name>shuimo::ui::StudioPreview</name>
    <message>
      <source>Comparing %1 (before) with %2 (after)</source>
      <translation>正在比较 %1（之前）与 %2（之后）</translation>
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
  <context>
    <name>shuimo::ui::VersionsStrip</name>
    <message>
      <source>This photo's paintings: click one to show and export it; select two (Ctrl+click) to compare them</source>
      <translation>这张照片的画作：单击一幅即显示并可导出；选中两幅（Ctrl+单击）即可比较</translation>
    </message>
    <message>
      <source>%1 (stopped)</source>
      <translation>%1（已停止）</translation>
    </message>
    <message>
      <source>Show This Version</source>
      <translation>显示此版本</translation>
    </message>
    <message>
      <source>Compare with the Current Version</source>
      <translation>与当前版本比较</translation>
    </message>
    <message>
      <source>Use These Settings</source>
      <translation>使用这些设置</translation>
    </message>
    <message>
      <source>Paint the Other Photos with These Settings</source>
      <translation>用这些设置绘制其他照片</translation>
    </message>
    <message>
      <source>Delete This Version</source>
      <translation>删除此版本</translation>
    </message>
    <message>
      <source>Continue Painting</source>
      <translation>继续作画</translation>
    </message>
    <message>
      <source>Version %1.%2</source>
      <translation>版本 %1.%2</translation>
    </message>
    <message>
      <source>Rename Version</source>
      <translation>重命名版本</translation>
    </message>
    <message>
      <source>Name (empty: its number):</source>
      <translation>名称（留空：使用编号）：</translation>
    </message>
    <message>
      <source>Note</source>
      <translation>备注</translation>
    </message>
    <message>
      <source>A note on this version:</source>
      <translation>关于这个版本的备注：</translation>
    </message>
    <message>
      <source>Rename…</source>
      <translation>重命名…</translation>
    </message>
    <message>
      <source>Remove the Star</source>
      <translation>取消星标</translation>
    </message>
    <message>
      <source>Star</source>
      <translation>加星标</translation>
    </message>
    <message>
      <source>Note…</source>
      <translation>备注…</translation>
    </message>
  </context>
  <context>
    <name>shuimo::ui::VideoExport</name>
    <message>
      <source>Choose a clip in the photo strip first: Export Video paints every frame of a clip.</source>
      <translation>请先在照片栏中选择一个片段：导出视频会绘制片段的每一帧。</translation>
    </message>
    <message>
      <source>Tick at least one style in the Styles panel.</source>
      <translation>请在“风格”面板中至少勾选一种风格。</translation>
    </message>
    <message>
      <source>A video is written as .mp4 (H.264) or .webm (VP9), not “%1”.</source>
      <translation>视频只能写成 .mp4（H.264）或 .webm（VP9），不能是“%1”。</translation>
    </message>
    <message>
      <source>Choose a file name without { or }.</source>
      <translation>请选择不含 { 或 } 的文件名。</translation>
    </message>
    <message>
      <source>%1 is one of your photos or clips: originals are never written over.</source>
      <translation>%1 是你的照片或片段之一：原件绝不会被覆盖。</translation>
    </message>
    <message>
      <source>Export Video</source>
      <translation>导出视频</translation>
    </message>
    <message>
      <source>MP4 video (*.mp4);;WebM video (*.webm)</source>
      <translation>MP4 视频 (*.mp4);;WebM 视频 (*.webm)</translation>
    </message>
  </context>
</TS>
