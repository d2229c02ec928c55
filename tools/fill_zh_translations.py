#!/usr/bin/env python3
"""Fills ui/translations/shuimo_zh_CN.ts from the table below (run after lupdate).

Keeps translations already in the file; reports source texts with no entry here,
so new strings are noticed. Usage: tools/fill_zh_translations.py [ts-file]
(given shuimo_en.ts, fills its English plural forms instead).
"""
import sys
import xml.etree.ElementTree as ET

ZH = {
    # Clips (issue 27)
    "The clip's frame the preview shows and Run paints, to tune the settings on": "预览显示、运行时绘制的片段帧，用来调好设置",
    "Export Video…": "导出视频…",
    "Paint every frame of the clip with these settings, in the background (File > Export Video)":
        "用这些设置在后台绘制片段的每一帧（文件 > 导出视频）",
    "Frame %1 of %2 (%3 s)": "第\u00a0%1\u00a0帧，共\u00a0%2\u00a0帧（%3\u00a0秒）",
    "Export &Video…": "导出视频(&V)…",
    "Photos and clips (%1);;Images (%2);;Clips (%3)": "照片和片段 (%1);;图像 (%2);;片段 (%3)",
    "A clip: %1 frames, %2 s at %3 frames a second. The preview paints the chosen frame; File > Export Video paints them all.":
        "片段：%1\u00a0帧，%2\u00a0秒，每秒\u00a0%3\u00a0帧。预览绘制所选的一帧；“文件 > 导出视频”绘制全部帧。",
    "%1 is not an image or a clip Shuimo reads (PNG, JPEG, TIFF, WebP, BMP; MP4, MOV, MKV, WebM, AVI).":
        "%1 不是水墨能读取的图像或片段（PNG、JPEG、TIFF、WebP、BMP；MP4、MOV、MKV、WebM、AVI）。",
    "Choose a clip in the photo strip first: Export Video paints every frame of a clip.":
        "请先在照片栏中选择一个片段：导出视频会绘制片段的每一帧。",
    "Tick at least one style in the Styles panel.": "请在“风格”面板中至少勾选一种风格。",
    "A video is written as .mp4 (H.264) or .webm (VP9), not “%1”.": "视频只能写成 .mp4（H.264）或 .webm（VP9），不能是“%1”。",
    "Choose a file name without { or }.": "请选择不含 { 或 } 的文件名。",
    "%1 is one of your photos or clips: originals are never written over.": "%1 是你的照片或片段之一：原件绝不会被覆盖。",
    "Export Video": "导出视频",
    "Done: it is in %1.": "完成：已保存在 %1。",
    "painted from frame %1 of the clip": "由片段的第\u00a0%1\u00a0帧绘制",
    "MP4 video (*.mp4);;WebM video (*.webm)": "MP4 视频 (*.mp4);;WebM 视频 (*.webm)",
    # Regions (issue 26)
    "Regions": "区域",
    "Give parts of the photo a style of their own, keep them as they are, or leave them as blank paper (留白). Paint on the preview with the left button; the right button pans.":
        "让照片的某些部分使用各自的风格、保持原样，或留作空白纸面（留白）。在预览上用左键绘制，右键平移。",
    "&Add": "添加(&A)",
    "A new region with the first ticked style: paint where it goes": "新建一个使用第一个已勾选风格的区域：在预览上画出它的范围",
    "Sky": "天空",
    "Finds the sky by colour and brightness, as blank paper: correct it with the brush and the eraser":
        "按颜色和亮度找出天空，作为留白：再用画笔和橡皮修正",
    "Faces": "人脸",
    "Finds faces (OpenCV's face detector) and keeps them as in the photo": "找出人脸（OpenCV 人脸检测器），并保持照片原样",
    "&Import Mask…": "导入蒙版(&I)…",
    "A greyscale image, white where the region is, any size: into the chosen region, or a new one":
        "一张灰度图像，白色为区域所在，尺寸不限：导入到所选区域，或新建一个区域",
    "Its own style": "独立风格",
    "Keep the photo": "保持照片",
    "Blank paper (留白)": "空白纸面（留白）",
    "&Kind:": "类型(&K)：",
    "St&yle:": "风格(&Y)：",
    "The region's style strength, a share of the style strength; 0 % keeps the photo. Changes reach a running painting at once.":
        "该区域的风格强度，按整体风格强度的比例计；0 % 保持照片原样。修改会立即作用于正在进行的绘制。",
    "S&trength:": "强度(&T)：",
    "&Brush": "画笔(&B)",
    "Paints the chosen region on the preview, with soft edges": "在预览上以柔和边缘绘制所选区域",
    "&Eraser": "橡皮(&E)",
    "Takes the chosen region away where you paint": "在涂抹处去除所选区域",
    "&Fill": "填充(&F)",
    "Adds the photo's similar colours around the point you click": "把点击处周围与之相近的颜色加入区域",
    "Si&ze:": "大小(&Z)：",
    "So&ftness:": "柔和度(&F)：",
    "&Show regions": "显示区域(&S)",
    "Clear": "清空",
    "Empties the chosen region's mask": "清空所选区域的蒙版",
    "Style for the Region": "区域的风格",
    "keeps the photo": "保持照片",
    "blank paper": "留白",
    "%1, %2 %": "%1，%2 %",
    "no style": "无风格",
    "Empty: paint it on the preview": "空区域：请在预览上绘制",
    "Other…": "其他…",
    "Import Mask": "导入蒙版",
    "Blank paper": "留白",
    "Region %1": "区域 %1",
    "adding region %1": "添加区域 %1",
    "removing region %1": "移除区域 %1",
    "moving region %1": "移动区域 %1",
    "renaming region": "重命名区域",
    "region kind": "区域类型",
    "region style": "区域风格",
    "region strength": "区域强度",
    "painting region %1": "绘制区域 %1",
    "The photo could not be read to fill the region.": "无法读取照片，不能填充区域。",
    "filling region %1": "填充区域 %1",
    "clearing region %1": "清空区域 %1",
    "Add a photo first: a mask belongs to a photo.": "请先添加照片：蒙版属于某张照片。",
    "The mask %1 could not be read: %2": "无法读取蒙版 %1：%2",
    "The mask %1 covers nothing (it is black everywhere): white marks the region.": "蒙版 %1 没有覆盖任何地方（全是黑色）：白色表示区域。",
    "importing mask %1": "导入蒙版 %1",
    "“%1” is not an automatic mask (sky or faces).": "“%1”不是自动蒙版（天空或人脸）。",
    "No face was found in %1: paint the region instead.": "在 %1 中没有找到人脸：请改为手动绘制区域。",
    "No sky was found in %1: paint the region instead.": "在 %1 中没有找到天空：请改为手动绘制区域。",
    "automatic sky": "自动天空",
    "automatic faces": "自动人脸",
    "The region “%1” is empty: paint it on the preview, or remove it in the Regions panel.": "区域“%1”是空的：请在预览上绘制它，或在“区域”面板中移除它。",
    "The region “%1” has no style: choose one in the Regions panel.": "区域“%1”没有风格：请在“区域”面板中选择一个。",
    "The style of the region “%1” is no longer where it was: %2": "区域“%1”的风格图像已不在原处：%2",
    # Style statistics (issue 28)
    "Gram matrices": "Gram 矩阵",
    "Wasserstein (means and covariances)": "Wasserstein 距离（均值与协方差）",
    "Style statistics": "风格统计量",
    "How the style is measured: Gram matrices, or the Wasserstein distance between the features' means and covariances":
        "风格的度量方式：Gram 矩阵，或特征均值与协方差之间的 Wasserstein 距离",
    # Batch export
    "&Batch Export…": "批量导出(&B)…",
    "Batch Export": "批量导出",
    "Resume": "继续",
    "Dismiss": "忽略",
    "An unfinished batch (%1 of %2 done) in %3.": "%3 中有一个未完成的批量任务（已完成 %1/%2）。",
    "A batch is running: stop it before starting another.": "有批量任务正在运行：请先停止它，再开始另一个。",
    "A batch is running: stop it before opening another.": "有批量任务正在运行：请先停止它，再打开另一个。",
    "A batch is running: stop it before resuming another.": "有批量任务正在运行：请先停止它，再继续另一个。",
    "The batch stopped by an unknown error.": "一个未知错误中止了批量任务。",
    "The queue file could not be saved: %1": "无法保存队列文件：%1",
    "PNG": "PNG",
    "JPEG": "JPEG",
    "TIFF": "TIFF",
    "WebP": "WebP",
    "&Open Output Folder": "打开输出文件夹(&O)",
    "Close": "关闭",
    "Hides this window; the batch keeps running. Quitting Shuimo stops it, and the next start offers to resume.":
        "隐藏此窗口，批量任务继续运行。退出水墨会停止它，下次启动时可选择继续。",
    "The batch could not run: %1": "批量任务无法运行：%1",
    "Add…": "添加…",
    "Remove": "移除",
    "Photos": "照片",
    "Presets": "预设",
    "Each ticked preset paints every photo in every style once. Save presets in the main window (Presets > Save Preset…).":
        "每个勾选的预设会把每张照片以每种风格各画一次。预设在主窗口中保存（“预设 > 保存预设…”）。",
    "Output": "输出",
    "Choose…": "选择…",
    "&Folder:": "文件夹(&F)：",
    "8 bit": "8 位",
    "16 bit": "16 位",
    "16 bit for PNG and TIFF only": "只有 PNG 和 TIFF 支持 16 位",
    "F&ormat:": "格式(&O)：",
    "Fields: {content} (the photo's name), {style}, {preset}, {index} (the job's number), {ext}. A '/' makes subfolders.":
        "字段：{content}（照片名）、{style}、{preset}、{index}（任务编号）、{ext}。“/”会建立子文件夹。",
    "File &names:": "文件名(&N)：",
    "Replace existing files of the same name": "替换同名的已有文件",
    "Off: a file this batch did not make is never overwritten (its job fails instead).":
        "关闭时：不是本批量任务生成的文件永远不会被覆盖（改为让该任务失败）。",
    "&Start": "开始(&S)",
    "Add Photos": "添加照片",
    "Add Styles": "添加风格",
    "Output Folder": "输出文件夹",
    "Queue": "队列",
    "&Pause": "暂停(&P)",
    "&Resume": "继续(&R)",
    "Cancel &Selected Job": "取消所选任务(&S)",
    "Cancel &All": "全部取消(&A)",
    "Re&try Failed": "重试失败的任务(&T)",
    "Queues the failed and cancelled jobs again and runs them": "把失败和已取消的任务重新排队并运行",
    "Current settings": "当前设置",
    "Default": "默认",
    "%1 × %2 × %3 = %4": "%1 × %2 × %3 = %4",
    "%n photo(s)": "%n 张照片",
    "%n style(s)": "%n 种风格",
    "%n preset(s)": "%n 个预设",
    "%n job(s)": "%n 个任务",
    "First file: %1": "第一个文件：%1",
    " · add photos": " · 请添加照片",
    " · add styles": " · 请添加风格",
    " · tick at least one preset": " · 请至少勾选一个预设",
    "The batch cannot start: %1": "批量任务无法开始：%1",
    "The output folder %1 cannot be created: choose another one.": "无法创建输出文件夹 %1：请另选一个。",
    "The batch cannot be resumed: %1": "批量任务无法继续：%1",
    "Paused": "已暂停",
    "%1 of %2 done": "已完成 %1/%2",
    "%n failed": "%n 个失败",
    "%n cancelled": "%n 个已取消",
    "about %1 left": "约剩 %1",
    ", ": "，",
    "%n job(s) failed: the Status column says why. Retry Failed runs them again.":
        "%n 个任务失败：“状态”一栏写明了原因。点击“重试失败的任务”可再次运行。",
    "All %n painting(s) are in %1.": "全部 %n 幅画作已保存在 %1。",
    "Queued": "排队中",
    "Running": "运行中",
    "Done": "完成",
    "Failed": "失败",
    "Cancelled": "已取消",
    "%1 s": "%1 秒",
    "%1 min %2 s": "%1 分 %2 秒",
    "%1 h %2 min": "%1 小时 %2 分",
    "Running %1%": "运行中 %1%",
    "Failed: %1": "失败：%1",
    "#": "#",
    "Photo": "照片",
    "Preset": "预设",
    "Status": "状态",
    "Time": "时间",
    # Models dialog
    "The bundled styles' list could not be read: %1": "无法读取内置风格列表：%1",
    "Shuimo needs the weights of a VGG-19 network trained on ImageNet. Download one (about 575 MB; only the 80 MB it uses are kept), or import a file you fetched elsewhere.":
        "水墨需要在 ImageNet 上训练的 VGG-19 网络权重。请下载一份（约 575 MB；只保留用到的 80 MB），或导入您在别处获取的文件。",
    "Model": "模型",
    "State": "状态",
    "Download size": "下载大小",
    "Licence": "许可证",
    "&Download": "下载(&D)",
    "&Cancel download": "取消下载(&C)",
    "&Import…": "导入(&I)…",
    "&Verify": "校验(&V)",
    "&Remove": "删除(&R)",
    "Make de&fault": "设为默认(&F)",
    "Checking the checksum…": "正在核对校验和…",
    "The model catalogue cannot be read: %1": "无法读取模型目录：%1",
    "Downloading…": "正在下载…",
    "Installed (default)": "已安装（默认）",
    "Installed": "已安装",
    "Not installed": "未安装",
    "unknown": "未知",
    "%1 (imported)": "%1（导入）",
    "–": "–",
    "unverified": "未验证",
    "Re&download": "重新下载(&D)",
    "Connecting to %1…": "正在连接 %1…",
    "%1 of %2 MB, %3 MB/s, %4 left": "%1 / %2 MB，%3 MB/秒，剩余 %4",
    "%1 MB, %2 MB/s": "%1 MB，%2 MB/秒",
    "Installing…": "正在安装…",
    "%1 is installed.": "%1 已安装。",
    "The download could not be installed: %1": "下载的文件无法安装：%1",
    "Download cancelled. What was fetched is kept: Download resumes from there.": "下载已取消。已获取的部分会保留：再次下载时从那里继续。",
    "Import VGG-19 weights": "导入 VGG-19 权重",
    "VGG-19 weights (*.safetensors *.caffemodel);;All files (*)": "VGG-19 权重 (*.safetensors *.caffemodel);;所有文件 (*)",
    "Importing %1…": "正在导入 %1…",
    "Unknown weights file": "未知的权重文件",
    "This file matches no checksum in the catalogue, so Shuimo cannot tell what it is.\nInstall it anyway, unverified, under this name (letters, digits, '-', '_', '.'):":
        "此文件与目录中的任何校验和都不匹配，水墨无法判断它是什么。\n仍要以未验证状态安装吗？请输入名称（字母、数字、'-'、'_'、'.'）：",
    "Import failed: %1": "导入失败：%1",
    "Imported as %1.": "已导入为 %1。",
    "Imported, with a warning: %1": "已导入，但有警告：%1",
    "Checking %1…": "正在校验 %1…",
    "Remove model": "删除模型",
    "Remove %1 from this computer?": "要从这台电脑上删除 %1 吗？",
    "%1 was removed.": "%1 已删除。",
    # Ink output
    "0 = grey, 1 = full colour (the photo's when preserving its colours, else the painting's)":
        "0 = 灰度，1 = 完整色彩（保留照片色彩时为照片的色彩，否则为画面自身的色彩）",
    "Colour stren&gth:": "色彩强度(&G)：",
    "&Monochrome ink on the style's paper": "单色水墨，用风格图的纸色(&M)",
    "The result as ink tones on the paper colour of the first style": "把结果渲染为第一个风格图纸色上的墨色浓淡",
    # Export
    "Could not write %1: %2": "无法写入 %1：%2",
    "There is no result to export yet: run the style transfer first.": "还没有可导出的结果：请先运行风格迁移。",
    "%1 is one of your original images. Originals are never overwritten: choose another name.":
        "%1 是您的原始图像之一。原图永远不会被覆盖：请换一个文件名。",
    'Unknown file type "%1": use .png, .jpg or .tif.': "未知的文件类型“%1”：请使用 .png、.jpg 或 .tif。",
    "JPEG holds 8 bits per channel only: choose PNG or TIFF for 16 bits.": "JPEG 每通道只支持 8 位：如需 16 位请选择 PNG 或 TIFF。",
    "Could not encode %1: %2": "无法编码 %1：%2",
    # Worker, loss curve, message bar
    "An unknown error stopped the job.": "一个未知错误中止了任务。",
    "Total loss per iteration (log scale); dashed lines mark weight changes": "每次迭代的总损失（对数刻度）；虚线标出权重改变之处",
    "Loss curve": "损失曲线",
    "Close this message": "关闭此消息",
    # Main window
    "parameter change": "参数更改",
    "%n s": "%n 秒",
    "%n min": "%n 分钟",
    "%1 h": "%1 小时",
    "%1 GB": "%1 GB",
    "%1 MB": "%1 MB",
    "Shuimo": "水墨",
    "Drop photos here, or choose File > Open Photos…\nThen tick a style on the left and press Run.":
        "把照片拖到这里，或选择“文件 > 打开照片…”\n然后在左侧勾选一种风格，再点击“运行”。",
    "Ready": "就绪",
    "Styles": "风格",
    "Add Your Own Style…": "添加自己的风格…",
    "Add Style References": "添加风格参考图",
    "Images (%1)": "图像 (%1)",
    "Parameters": "参数",
    "&Run": "运行(&R)",
    "Cancel": "取消",
    "&File": "文件(&F)",
    "&Open Photos…": "打开照片(&O)…",
    "Open &Recent": "最近打开(&R)",
    "&Export Painting…": "导出画作(&E)…",
    "&Models…": "模型(&M)…",
    "&Quit": "退出(&Q)",
    "&Edit": "编辑(&E)",
    "&Undo": "撤销(&U)",
    "&Redo": "重做(&R)",
    "&Preferences…": "首选项(&P)…",
    "&View": "视图(&V)",
    "Zoom &In": "放大(&I)",
    "Zoom &Out": "缩小(&O)",
    "&Fit to Window": "适应窗口(&F)",
    "&Actual Size (100%)": "实际大小 (100%)(&A)",
    "&Result Only": "仅结果(&R)",
    "&Before/After Split": "前后对比分割(&B)",
    "&Side by Side": "并排对比(&S)",
    "&Painting": "绘制(&P)",
    "&Cancel": "取消(&C)",
    "Pre&sets": "预设(&S)",
    "&Save Preset…": "保存预设(&S)…",
    "&Load Preset": "载入预设(&L)",
    "&Delete Preset": "删除预设(&D)",
    "&Help": "帮助(&H)",
    "&About Shuimo": "关于水墨(&A)",
    "About Shuimo": "关于水墨",
    "<h3>Shuimo 水墨</h3><p>Turns photos into paintings by neural style transfer (Gatys et al., VGG-19), above all in Chinese ink-wash styles.</p>":
        "<h3>水墨 Shuimo</h3><p>用神经风格迁移（Gatys 等人，VGG-19）把照片变成画作，尤其擅长中国水墨风格。</p>",
    "Main": "主工具栏",
    "No images found in what was dropped. Shuimo reads PNG, JPEG, TIFF, WebP and BMP files.":
        "拖入的内容中没有找到图像。水墨可读取 PNG、JPEG、TIFF、WebP 和 BMP 文件。",
    "Added %n style(s)": "已添加 %n 种风格",
    "Added %n photo(s)": "已添加 %n 张照片",
    "Open Photos": "打开照片",
    "Add a photo first: drop one on the window or use File > Open Photos…": "请先添加照片：把照片拖到窗口上，或使用“文件 > 打开照片…”",
    "Tick at least one style in the Styles panel (or drop your own reference there).": "请在“风格”面板中至少勾选一种风格（或把自己的参考图拖到那里）。",
    "Models…": "模型…",
    "Starting…": "正在开始…",
    "Add a photo to see the output size, memory and time.": "添加照片后可看到输出尺寸、所需内存和时间。",
    "%1 × %2 px, %n level(s), about %3 of memory": "%1 × %2 像素，%n 级，约需 %3 内存",
    ", about %1": "，约 %1",
    ", measuring speed…": "，正在测量速度…",
    "Iteration %1 of %2 · level %3 of %4 (%5 × %6) · %7 left": "第 %1/%2 次迭代 · 第 %3/%4 级（%5 × %6）· 剩余 %7",
    "Cancelled after %n iteration(s); the best image so far is kept.": "已在 %n 次迭代后取消；保留了目前最好的图像。",
    "Done: %n iteration(s) in %1 on %2 (%3).": "完成：%n 次迭代，用时 %1，设备 %2（%3）。",
    "Stopped by an error.": "因错误而停止。",
    "&Restart": "重新开始(&R)",
    "PNG, 8 bit (*.png)": "PNG，8 位 (*.png)",
    "PNG, 16 bit (*.png)": "PNG，16 位 (*.png)",
    "TIFF, 8 bit (*.tif *.tiff)": "TIFF，8 位 (*.tif *.tiff)",
    "TIFF, 16 bit (*.tif *.tiff)": "TIFF，16 位 (*.tif *.tiff)",
    "JPEG (*.jpg *.jpeg)": "JPEG (*.jpg *.jpeg)",
    "Export Painting": "导出画作",
    "Exported %1 and its settings (%2)": "已导出 %1 及其设置（%2）",
    "<b>No model installed yet.</b> Shuimo needs the VGG-19 weights (vgg19.safetensors, about 575 MB) to paint. It looked in: %1.<br>Open <i>Models…</i> to see how to get them, or save the file as <code>%2</code>.":
        "<b>尚未安装模型。</b>水墨需要 VGG-19 权重（vgg19.safetensors，约 575 MB）才能作画。已查找的位置：%1。<br>打开<i>模型…</i>了解获取方法，或把文件保存为 <code>%2</code>。",
    "Models": "模型",
    "Shuimo paints with the VGG-19 network of torchvision (timm's vgg19.tv_in1k, model.safetensors, about 575 MB).":
        "水墨使用 torchvision 的 VGG-19 网络作画（timm 的 vgg19.tv_in1k，model.safetensors，约 575 MB）。",
    "Download model.safetensors of timm/vgg19.tv_in1k (see docs/MODELS.md) and save it as vgg19.safetensors in one of these folders:\n%1\n\nor set SHUIMO_MODEL_DIR to the folder that holds it. Shuimo picks it up at the next run; no restart needed.":
        "下载 timm/vgg19.tv_in1k 的 model.safetensors（见 docs/MODELS.md），并将其另存为 vgg19.safetensors，放在以下任一文件夹中：\n%1\n\n或把 SHUIMO_MODEL_DIR 设为存放它的文件夹。下次运行时即会使用，无需重启。",
    "Save Preset": "保存预设",
    "Name of the preset:": "预设名称：",
    # Parameters
    "Draft": "草稿",
    "Standard": "标准",
    "High": "高",
    "Print": "印刷",
    "Custom": "自定义",
    "Sets output size and iterations at once": "一次设定输出尺寸和迭代次数",
    "&Quality:": "质量(&Q)：",
    "How strongly the result follows the style references (style weight, log scale)": "结果贴近风格参考图的程度（风格权重，对数刻度）",
    "&Style strength:": "风格强度(&S)：",
    "How closely the result keeps the photo's shapes (content weight)": "结果保留照片形状的程度（内容权重）",
    "&Content weight:": "内容权重(&C)：",
    "Total-variation weight: higher is smoother; too high turns the image flat grey": "全变分权重：越高越平滑；过高会使图像变成一片灰",
    "S&moothness:": "平滑度(&M)：",
    "Optimisation steps over all levels: more is slower and more refined": "所有级别的优化步数：越多越慢，也越精细",
    "&Iterations:": "迭代次数(&I)：",
    "%1 px (4K)": "%1 像素 (4K)",
    "%1 px": "%1 像素",
    " px": " 像素",
    "Output si&ze:": "输出尺寸(&Z)：",
    "Size of the style's brush strokes relative to the output": "风格笔触相对于输出的大小",
    "St&yle scale:": "风格缩放(&Y)：",
    "&Preserve the photo's colours": "保留照片原色(&P)",
    "Advanced": "高级",
    "VGG-19 layers compared with the photo, e.g. relu4_2": "与照片比较的 VGG-19 层，例如 relu4_2",
    "Content layers:": "内容层：",
    "VGG-19 layers whose Gram matrices describe the style, comma-separated": "用 Gram 矩阵描述风格的 VGG-19 层，以逗号分隔",
    "Style layers:": "风格层：",
    "L-BFGS": "L-BFGS",
    "Adam": "Adam",
    "Optimiser:": "优化器：",
    "Adam only": "仅用于 Adam",
    "Learning rate:": "学习率：",
    "Max": "最大值",
    "Average": "平均值",
    "Pooling:": "池化：",
    "From the photo": "从照片开始",
    "From noise": "从噪声开始",
    "Start:": "起点：",
    "Seed:": "随机种子：",
    "Automatic": "自动",
    "CPU": "CPU",
    "GPU (CUDA)": "GPU (CUDA)",
    "Device:": "设备：",
    "fp32": "fp32",
    "fp16": "fp16",
    "bf16": "bf16",
    "Precision:": "精度：",
    # Command line (app/gui/main.cpp)
    "Turn photos into ink-wash paintings.": "把照片变成水墨画。",
    "Add and tick a style reference.": "添加并勾选一张风格参考图。",
    "Start painting right away.": "立即开始绘制。",
    "Photos or folders to open.": "要打开的照片或文件夹。",
    # Photos, preferences, presets, gallery
    "Your photos: drop files or folders here, or use File > Open": "您的照片：把文件或文件夹拖到这里，或使用“文件 > 打开”",
    "Preferences": "首选项",
    "System language": "系统语言",
    "The new language takes effect when Shuimo is restarted.": "新语言将在重新启动水墨后生效。",
    "&Language:": "语言(&L)：",
    "A preset needs a name.": "预设需要一个名称。",
    "Could not save the preset in %1: %2": "无法在 %1 中保存预设：%2",
    "Style": "风格",
    "Blend": "混合",
    "Tick one or more styles; drop your own reference images here": "勾选一种或多种风格；也可把自己的参考图拖到这里",
    "%1 (yours)": "%1（自定义）",
    "Blend weight of this style when several are ticked": "勾选多种风格时此风格的混合权重",
    "Blend weight of %1": "%1 的混合权重",
    "Use Recommended Settings": "使用推荐设置",
    "Applied the style's recommended settings (Ctrl+Z undoes)": "已应用该风格的推荐设置（Ctrl+Z 可撤销）",
    # Issue 18 (package): Help › About with the system report, and the app's --system-report.
    "<h3>Shuimo 水墨 %1</h3><p>Turns photos into paintings by neural style transfer (Gatys et al., VGG-19), above all in Chinese ink-wash styles.</p>":
        "<h3>水墨 Shuimo %1</h3><p>用神经风格迁移（Gatys 等人，VGG-19）把照片变成画作，尤其擅长中国水墨风格。</p>",
    "This build and this computer (the same as <tt>shuimo-cli doctor</tt>):": "本构建与本机的情况（与 <tt>shuimo-cli doctor</tt> 相同）：",
    "&Copy Report": "复制报告(&C)",
    "Print what Help › About shows (shuimo-cli doctor) and quit.": "打印“帮助 › 关于”显示的内容（同 shuimo-cli doctor）后退出。",
    # Issue 13 (params): the parameter panel keeps every value; the preview interval in Preferences
    "Photo's size": "照片原尺寸",
    "From a start image": "从起始图像",
    " ms": " 毫秒",
    "&Preview every:": "预览间隔(&P)：",
    "How often the preview shows a running painting; shorter costs a little speed": "运行中的画作多久刷新一次预览；间隔越短，速度略慢",
    # --- Issue 14, "Chinese" and "Batch from the session" (intl): translated engine errors
    # (ui/error_messages.cpp), numbers kept with their units (U+00A0, written \u00a0 here),
    # batch style names, presets with styles.
    "The painting model (VGG-19 weights) is not installed. Open Models… to download or import it.":
        "尚未安装作画模型（VGG-19 权重）。请打开“模型…”下载或导入。",
    "The painting model file %1 cannot be used: it is damaged, incomplete or of another kind. Open Models… to download or import it again.":
        "作画模型文件 %1 无法使用：文件已损坏、不完整或类型不对。请打开“模型…”重新下载或导入。",
    "%1 cannot be read: it is missing, empty or not readable. Check that the file is still there.":
        "无法读取 %1：文件不存在、为空或无权读取。请确认文件仍在原处。",
    "%1 is not an image Shuimo can open (JPEG, PNG, TIFF, WebP or BMP), or it is damaged. Save it again as PNG or JPEG.":
        "%1 不是水墨能打开的图像（JPEG、PNG、TIFF、WebP 或 BMP），或者已损坏。请重新保存为 PNG 或 JPEG。",
    "%1 is too large: %2\u00a0×\u00a0%3\u00a0pixels, more than the limit of %4\u00a0megapixels. Make a smaller copy of it.":
        "%1 太大：%2\u00a0×\u00a0%3\u00a0像素，超过了 %4\u00a0百万像素的上限。请另存一份较小的图像。",
    "Not enough memory to paint at this size. Choose a smaller size or close other programs.":
        "内存不足，无法以此尺寸作画。请选择较小的尺寸，或关闭其他程序。",
    "The setting “%1” must be between %2 and %3 (it is %4).": "设置“%1”必须在 %2 到 %3 之间（当前为 %4）。",
    "The device “%1” cannot be used on this computer. Choose Automatic or CPU in Advanced.":
        "此计算机上无法使用设备“%1”。请在“高级”中选择“自动”或“CPU”。",
    "size": "尺寸",
    "iterations": "迭代次数",
    "scales": "尺度层数",
    "min size": "最小尺寸",
    "iterations of a level": "每级迭代次数",
    "content weight": "内容权重",
    "style weight": "风格权重",
    "TV weight": "平滑（TV）权重",
    "style layer weight": "风格层权重",
    "learning rate": "学习率",
    "L-BFGS history": "L-BFGS 历史长度",
    "style scale": "风格缩放",
    "colour strength": "色彩强度",
    "paper colour component": "纸色分量",
    "loss scale": "损失缩放",
    "preview interval (iterations)": "预览间隔（迭代次数）",
    "preview interval (ms)": "预览间隔（毫秒）",
    "memory budget": "内存预算",
    "report interval": "报告间隔",
    "%1 %2%": "%1 %2%",
    " + ": " + ",
    "The preset “%1” cannot be read.": "无法读取预设“%1”。",
    "The preset’s styles %1 are missing; the others are ticked.": "预设中的风格 %1 已不存在；其余风格已勾选。",
    "%n\u00a0s": "%n\u00a0秒",
    "%n\u00a0min": "%n\u00a0分钟",
    "%1\u00a0h": "%1\u00a0小时",
    "%1\u00a0s": "%1\u00a0秒",
    "%1\u00a0min %2\u00a0s": "%1\u00a0分 %2\u00a0秒",
    "%1\u00a0h %2\u00a0min": "%1\u00a0小时 %2\u00a0分",
    # Earlier entries that put a breakable space between a number and its unit, again with U+00A0
    # (these later keys replace the ones above; tst_translations checks the whole file).
    "Shuimo needs the weights of a VGG-19 network trained on ImageNet. Download one (about 575 MB; only the 80 MB it uses are kept), or import a file you fetched elsewhere.":
        "水墨需要在 ImageNet 上训练的 VGG-19 网络权重。请下载一份（约 575\u00a0MB；只保留用到的 80\u00a0MB），或导入您在别处获取的文件。",
    "%1 MB":
        "%1\u00a0MB",
    "%1 of %2 MB, %3 MB/s, %4 left":
        "%1 / %2\u00a0MB，%3\u00a0MB/秒，剩余 %4",
    "%1 MB, %2 MB/s":
        "%1\u00a0MB，%2\u00a0MB/秒",
    "<b>No model installed yet.</b> Shuimo needs the VGG-19 weights (vgg19.safetensors, about 575 MB) to paint. It looked in: %1.<br>Open <i>Models…</i> to see how to get them, or save the file as <code>%2</code>.":
        "<b>尚未安装模型。</b>水墨需要 VGG-19 权重（vgg19.safetensors，约 575\u00a0MB）才能作画。已查找的位置：%1。<br>打开<i>模型…</i>了解获取方法，或把文件保存为 <code>%2</code>。",
    "%1 px (4K)":
        "%1\u00a0像素 (4K)",
    "%1 px":
        "%1\u00a0像素",
    "%1 GB":
        "%1\u00a0GB",
    "%1 × %2 px, %n level(s), about %3 of memory":
        "%1 × %2\u00a0像素，%n\u00a0级，约需 %3 内存",
    "Iteration %1 of %2 · level %3 of %4 (%5 × %6) · %7 left":
        "第 %1/%2 次迭代 · 第 %3/%4\u00a0级（%5 × %6）· 剩余 %7",
    # Issue 14 (controls): controls for artists (strength in %, brush detail, one size control
    # with print sizes, paper colour) and the layout (View menu panels, Reset Layout).
    "&Toolbar": "工具栏(&T)",
    "Reset &Layout": "重置布局(&L)",
    "Fine detail": "细腻笔触",
    "Small textures of the style; the photo's detail kept closely": "取风格的细小纹理；紧贴照片的细节",
    "Balanced": "均衡",
    "Textures and strokes of every size (Gatys et al.)": "各种大小的纹理与笔触（Gatys 等人）",
    "Broad strokes": "大笔挥洒",
    "The style's large strokes and shapes, little fine texture": "取风格的大笔触与大形状，细纹理较少",
    "Loose and abstract": "写意抽象",
    "Only the photo's main shapes survive; the style leads": "只保留照片的主要形体，以风格为主",
    "%1 px, %n iteration(s)": "%1\u00a0像素，%n\u00a0次迭代",
    "Sets output size and iterations at once; Custom once either differs from the preset":
        "同时设定输出尺寸和迭代次数；任一项与预设不同时显示“自定义”",
    " %": "%",
    "Custom (see Advanced)": "自定义（见“高级”）",
    "Which sizes of the style's marks the painting takes: fine texture or broad strokes":
        "画作取风格中多大的笔迹：细腻纹理还是大笔触",
    "&Brush detail:": "笔触粗细(&B)：",
    "The style's paper": "风格图的纸色",
    "A colour of my own": "自选颜色",
    "Choose the paper colour": "选择纸张颜色",
    "&Paper:": "纸张(&P)：",
    "Preserve the photo's co&lours": "保留照片的色彩(&L)",
    "The style loss's weight itself; Style strength %1 % is %2, 0 % is %3 and 100 % is %4":
        "风格损失的权重本身；风格强度 %1% 对应 %2，0% 对应 %3，100% 对应 %4",
    "Style weight:": "风格权重：",
    "Adam's step size (the image is in 0…1)": "Adam 的步长（图像取值 0…1）",
    "The noise a start from noise begins with": "从噪声开始时所用的噪声",
    "How strongly the painting follows the styles. Style weight %1 (the exact number is under Advanced)":
        "画作跟随风格的程度。风格权重 %1（精确数值见“高级”）",
    "Paper Colour": "纸张颜色",
    "Photo's own size": "照片原尺寸",
    "%1 print, %2 dpi (%3 px)": "%1 打印，%2\u00a0dpi（%3\u00a0像素）",
    "Long side %1 cm at %2 dpi": "长边 %1 厘米，%2 dpi",
    "Custom size in pixels": "自定义像素尺寸",
    "Custom print size (cm)": "自定义打印尺寸（厘米）",
    "The painting's long side; the short side follows the photo's shape": "画作的长边；短边按照片比例",
    "Long side in pixels": "长边像素数",
    " cm": " 厘米",
    "Long side of the print in centimetres": "打印长边（厘米）",
    " dpi": " dpi",
    "Print resolution in dots per inch (300 for photo prints)": "打印分辨率，每英寸点数（照片打印用 300）",
    "At most %1 px: %2 cm at this resolution": "最多 %1\u00a0像素：此分辨率下为 %2\u00a0厘米",
    "%1 px on the long side": "长边 %1\u00a0像素",
    "Mo&nochrome ink on the style's paper": "单色水墨，用风格图的纸色(&N)",
    # --- Issue 14, "never lose a painting": the session, its photos and paintings (session helper) ---
    "The selected photo has no painting yet: run the style transfer first.": "所选照片还没有画作：请先运行风格迁移。",
    "Could not read %1: %2": "无法读取 %1：%2",
    "%1 holds no Shuimo settings (nor is there a %2 beside it).": "%1 中没有水墨的设置（旁边也没有 %2）。",
    "The settings in %1 are not readable: %2": "%1 中的设置无法读取：%2",
    "no parameters": "没有参数",
    "Comparing %1 (before) with %2 (after)": "正在比较 %1（之前）与 %2（之后）",
    "Open &Session…": "打开会话(&S)…",
    "Save Sess&ion": "保存会话(&I)",
    "Save Session &As…": "会话另存为(&A)…",
    "&Load Settings from Painting…": "从画作载入设置(&L)…",
    "%1 (and %n more not added)": "%1（另有 %n 个未添加）",
    "%1 will be painted when %2 is done": "%2 完成后将绘制 %1",
    "Re-finished without a new run: a new version (the earlier one is kept)": "已重新润色，无需重新运行：新增一个版本（之前的版本保留）",
    "The finishing could not be re-applied: %1": "无法重新应用润色：%1",
    "These styles are no longer where they were: %1": "这些风格已不在原来的位置：%1",
    "Settings applied (Ctrl+Z undoes)": "已应用设置（Ctrl+Z 可撤销）",
    "%n photo(s) will be painted with the settings of %1": "将用 %1 的设置绘制 %n 张照片",
    "Remove %1 and its %n unexported painting(s) from the session?": "从会话中移除 %1 及其 %n 幅未导出的画作吗？",
    "Removed %1 from the session": "已从会话中移除 %1",
    "Saved the session as %1": "会话已保存为 %1",
    "Opened the session %1": "已打开会话 %1",
    "session": "会话",
    "Save Session": "保存会话",
    "Shuimo sessions (*.shuimo)": "水墨会话 (*.shuimo)",
    "The current session has unsaved paintings. Save it before opening another?": "当前会话有未保存的画作。打开另一个会话前要先保存吗？",
    "Open Session": "打开会话",
    "Load Settings from Painting": "从画作载入设置",
    "Exported paintings and their settings (*.png *.json)": "导出的画作及其设置 (*.png *.json)",
    "A painting is in progress (it will stop).": "有一幅画正在绘制（将会停止）。",
    "A batch export is running (it will resume at the next start).": "批量导出正在运行（下次启动时继续）。",
    "%n painting(s) were neither exported nor saved in a session file.": "%n 幅画作既未导出，也未保存到会话文件中。",
    "Save the session before quitting?": "退出前保存会话吗？",
    "Quit anyway?": "仍然退出吗？",
    "Your photos: drop files or folders here, or use File > Open. Delete removes one; right-click to move it": "你的照片：把文件或文件夹拖到这里，或使用“文件 > 打开”。按 Delete 移除；右键可移动",
    "%1 is not a file.": "%1 不是文件。",
    "%1 is not an image Shuimo reads (PNG, JPEG, TIFF, WebP, BMP).": "%1 不是水墨能读取的图像（PNG、JPEG、TIFF、WebP、BMP）。",
    "%1 was not added: %2": "%1 未添加：%2",
    "Painting now": "正在绘制",
    "Waiting to be painted": "等待绘制",
    "%n painting(s)": "%n 幅画作",
    "Move Left": "左移",
    "Move Right": "右移",
    "Remove from Session": "从会话中移除",
    "Could not read the session %1: %2": "无法读取会话 %1：%2",
    "Could not save the session %1: %2": "无法保存会话 %1：%2",
    "%1 is not a Shuimo session file.": "%1 不是水墨会话文件。",
    "The session %1 is cut short (%2): it was not completely copied or saved.": "会话 %1 不完整（%2）：它没有被完整复制或保存。",
    "The session %1 was saved by a newer Shuimo (session format %2; this version reads format %3). Update Shuimo to open it.": "会话 %1 由更新版本的水墨保存（会话格式 %2；本版本读取格式 %3）。请更新水墨后再打开。",
    "The session %1 has a format version (%2) no Shuimo writes.": "会话 %1 的格式版本（%2）不是任何水墨版本写出的。",
    "The session %1 is damaged: %2": "会话 %1 已损坏：%2",
    "The session %1 changed on disk after it was saved (its checksum does not match).": "会话 %1 保存后在磁盘上被改动过（校验和不符）。",
    "Version %1": "版本 %1",
    "The last session could not be restored (kept as %1): %2": "无法恢复上次的会话（已保留为 %1）：%2",
    "This photo's paintings: click one to show and export it; select two (Ctrl+click) to compare them": "这张照片的画作：单击一幅即显示并可导出；选中两幅（Ctrl+单击）即可比较",
    "%1 (stopped)": "%1（已停止）",
    "%1\n%2, %n evaluation(s), %3 s%4": "%1\n%2，%n\u00a0次评估，%3\u00a0秒%4",
    "\nre-finished without a run": "\n未重新运行，仅重新润色",
    "Show This Version": "显示此版本",
    "Compare with the Current Version": "与当前版本比较",
    "Use These Settings": "使用这些设置",
    "Paint the Other Photos with These Settings": "用这些设置绘制其他照片",
    "Delete This Version": "删除此版本",
    # Issue 16 (tiled levels): the estimate and the progress line.
    ", the largest level in %n tile(s) of up to %1 × %2": "，最大一级分 %n 块处理（每块至多 %1 × %2）",
    " · tile %1 of %2": " · 第 %1/%2 块",
    # --- coordinator: the Models dialog keeps checksums in the tooltip
    "The downloaded file is not the one expected (it differs from the catalogue's checksum), so it was not installed. Try Download again later.":
        "下载的文件与预期不符（校验值与目录中的不同），因此未安装。请稍后再次下载。",
    # Issue 24 (print sizes): the memory preference, the estimate, stopped paintings, saving.
    "%1 was stopped at %2 × %3, before its last level (%4 × %5): continue painting it, or choose to export it as it is or enlarged.":
        "%1 在 %2 × %3 时停止，尚未画到最后一级（%4 × %5）：请继续作画，或选择按原样导出、放大后导出。",
    "%1 was stopped at %2 × %3 px, before its last level (%4 × %5 px).":
        "%1 在 %2 × %3\u00a0像素时停止，尚未画到最后一级（%4 × %5\u00a0像素）。",
    "Enlarged, it has the full size but not the full detail; Continue Painting (right-click the version) paints the remaining levels.":
        "放大后尺寸完整，但细节不完整；“继续作画”（右键单击该版本）会画完剩余的级。",
    "Export &Enlarged to %1 × %2": "放大到 %1 × %2 后导出(&E)",
    "Export &As It Is": "按原样导出(&A)",
    "Continuing %1 from %2 × %3": "从 %2 × %3 继续画 %1",
    " GB": "\u00a0GB",
    "Automatic fits each painting to the memory available when it starts.": "自动：每幅画开始时按当时可用的内存安排。",
    "Automatic fits each painting to the memory available when it starts: now %1 GB, of which it would use %2 GB, leaving a tenth and 0.5 GB for other programs. Large prints are painted in tiles to fit.":
        "自动：每幅画开始时按当时可用的内存安排。现在可用 %1\u00a0GB，其中将使用 %2\u00a0GB，留出十分之一和 0.5\u00a0GB 给其他程序。大幅打印尺寸会分块绘制以适应内存。",
    "The most memory a painting may use; a print that needs more is painted in tiles": "一幅画最多可使用的内存；需要更多内存的打印尺寸会分块绘制",
    "&Use at most:": "最多使用(&U)：",
    "%1 × %2 px, %n level(s)": "%1 × %2\u00a0像素，%n\u00a0级",
    ", the largest in %n tile(s) of up to %1 × %2": "，最大一级分 %n 块（每块至多 %1 × %2）",
    ", about %1 of memory": "，约需 %1 内存",
    " (fits the %1 this computer can give; Preferences sets a limit)": "（在本机可提供的 %1 以内；可在“首选项”中设定上限）",
    " (within your limit of %1)": "（在您设定的 %1 上限以内）",
    ". Memory makes it %1 × %2 px: raise the limit or close other programs for the full size":
        "。受内存限制，结果为 %1 × %2\u00a0像素：提高上限或关闭其他程序可得到完整尺寸",
    "Cancelled after %n iteration(s), before the last level: kept at %1 × %2 (right-click the version: Continue Painting).":
        "已在 %n 次迭代后取消，尚未画到最后一级：按 %1 × %2 保留（右键单击该版本：继续作画）。",
    "The session is already being saved; try again when that is done.": "会话正在保存；请在保存完成后再试。",
    "Saving the session…": "正在保存会话…",
    "Saving": "正在保存",
    "\nstopped at %1 × %2 of %3 × %4: Continue Painting (right-click) goes on from it":
        "\n停在 %1 × %2（完整尺寸 %3 × %4）：“继续作画”（右键单击）可从这里接着画",
    "Continue Painting": "继续作画",
    # Issue 25: the studio model, the table-made panel, the run bar, versions
    "%1 (%2)": "%1（%2）",
    "%1 already exists. Replace it?": "%1 已存在。要替换它吗？",
    "%1 already has this finishing: shown again": "%1 已经是这种润色：重新显示它",
    "%1 is beyond the slider (%2): the box holds the exact value, and the painting uses it":
        "%1 超出了滑块的范围（%2）：数值框中是精确值，作画时使用它",
    "%1 must be %2.": "%1 必须是 %2。",
    "%1 to %2": "%1 到 %2",
    "%1 waits until %2 is painted": "%1 等待 %2 画完",
    "%1 × %2 does not fit the memory: painting at %3 × %4 instead (raise the limit in Preferences or close other programs).":
        "%1 × %2 超出内存：改为按 %3 × %4 作画（可在“首选项”中提高上限，或关闭其他程序）。",
    "%1 × %2 is painted in %3 tiles of up to %4 × %5 to fit the memory.": "为适应内存，%1 × %2 分成 %3 块作画，每块最大 %4 × %5。",
    "%1 × %2 is painted with less memory, about a fifth slower.": "%1 × %2 以较少内存作画，约慢五分之一。",
    "%1, %n evaluation(s), %2\u00a0s": "%1，%n 次求值，%2\u00a0秒",
    "%1: cancelled after %n iteration(s), before the last level: kept at %2 × %3 (right-click the version: Continue Painting).":
        "%1：已在 %n 次迭代后取消，尚未画到最后一级：按 %2 × %3 保留（右键单击该版本：继续作画）。",
    "%1: cancelled after %n iteration(s); the best image so far is kept.": "%1：已在 %n 次迭代后取消；保留了目前最好的图像。",
    "%1: done, %n iteration(s) in %2 on %3 (%4).": "%1：完成，%n 次迭代，用时 %2，设备 %3（%4）。",
    "%1: iteration %2 of %3 · level %4 of %5 (%6 × %7) · %8 left": "%1：第 %2/%3 次迭代 · 第 %4/%5\u00a0级（%6 × %7）· 剩余 %8",
    "%1: starting…": "%1：正在开始…",
    "%1: stopped by an error.": "%1：因错误而停止。",
    "&Content weight": "内容权重(&C)",
    "&Iterations": "迭代次数(&I)",
    "&Paper": "纸张(&P)",
    "&Reset Settings to Defaults": "将设置恢复为默认值(&R)",
    ". Note: %1 is only %2 × %3\u00a0px, so the painting enlarges it %4 times": "。注意：%1 只有 %2 × %3\u00a0像素，作画会把它放大 %4 倍",
    ". Note: the size sets the long side, so this photo's short side is only %1\u00a0px: choose a larger size (about %2\u00a0px keeps %3\u00a0px)":
        "。注意：尺寸指长边，所以这张照片的短边只有 %1\u00a0像素：请选择更大的尺寸（约 %2\u00a0像素可使短边保持 %3\u00a0像素）",
    ":": "：",
    "A note on this version:": "关于这个版本的备注：",
    "Batch export: %1 of %2 done": "批量导出：已完成 %1/%2",
    "Cancel &All Runs": "取消所有作画(&A)",
    "Changed since %1: %2": "相对 %1 的改动：%2",
    "Colour stren&gth": "色彩强度(&G)",
    "Content layers": "内容层",
    "Deleted %1 (Edit › Undo brings it back)": "已删除 %1（“编辑 › 撤销”可恢复）",
    "Device": "设备",
    "Every setting is back to its default (Ctrl+Z undoes)": "所有设置已恢复为默认值（Ctrl+Z 可撤销）",
    "Learning rate": "学习率",
    "Memory ran out at %1 × %2: trying again at %3 × %4 (the painting will be smaller than asked).":
        "在 %1 × %2 时内存不足：改为按 %3 × %4 重试（画作会比要求的小）。",
    "Memory ran out at %1 × %2: trying this level again with less memory (a little slower).":
        "在 %1 × %2 时内存不足：以较少内存重试这一级（稍慢一些）。",
    "Name (empty: its number):": "名称（留空：使用编号）：",
    "Note": "备注",
    "Note…": "备注…",
    "Optimiser": "优化器",
    "Output si&ze": "输出尺寸(&Z)",
    "Painting %1 (not this photo)": "正在画 %1（不是这张照片）",
    "Pooling": "池化",
    "Precision": "精度",
    "Reduced precision (%1) kept overflowing: the painting goes on in fp32.": "降低精度（%1）时反复溢出：改用 fp32 继续作画。",
    "Remove the Star": "取消星标",
    "Rename Version": "重命名版本",
    "Rename…": "重命名…",
    "S&moothness": "平滑度(&M)",
    "Seed": "随机种子",
    "St&yle scale": "风格缩放(&Y)",
    "Star": "加星标",
    "Start": "起点",
    "Style layers": "风格层",
    "Style strength %1\u00a0%, %2 × %3\u00a0px": "风格强度 %1\u00a0%，%2 × %3\u00a0像素",
    "Style weight": "风格权重",
    "Styles: %1": "风格：%1",
    "The painting went wrong after %1 steps; the best image so far is kept (lower the learning rate or the weights).":
        "作画在 %1 步后出错；保留了目前最好的图像（请降低学习率或权重）。",
    "Version %1.%2": "版本 %1.%2",
    "bf16 on the CPU is usually many times slower than fp32: choose Automatic or fp32 precision in Advanced.":
        "在 CPU 上 bf16 通常比 fp32 慢很多倍：请在“高级”中选择“自动”或 fp32 精度。",
    "deleting %1": "删除 %1",
    "preset “%1”": "预设“%1”",
    "re-finished without a run": "未重新运行，仅重新润色",
    "recommended settings": "推荐设置",
    "reset to defaults": "恢复默认值",
    "settings applied": "应用设置",
    "stopped at %1 × %2 of %3 × %4: Continue Painting (right-click) goes on from it":
        "停在 %1 × %2（完整尺寸 %3 × %4）：“继续作画”（右键单击）可从这里接着画",
    "styles": "风格",
    "“%1” is not a parameter.": "“%1”不是参数。",
    # Models dialog (an earlier round's strings)
    "Importing %1 (checking what it recognises in the test photos)…": "正在导入 %1（检查它在测试照片中能识别出什么）…",
    "Checksum differs": "校验值不同",
    "%1\n\nInstall it anyway?": "%1\n\n仍要安装吗？",
    "Nothing was installed.": "未安装任何内容。",
}


def fill_english_plurals(path: str) -> int:
    """shuimo_en.ts holds plural forms only: "(s)" becomes "" and "s"."""
    tree = ET.parse(path)
    for message in tree.getroot().iter("message"):
        source = message.find("source").text or ""
        translation = message.find("translation")
        translation.attrib.pop("type", None)
        for child in list(translation):
            translation.remove(child)
        ET.SubElement(translation, "numerusform").text = source.replace("(s)", "")
        ET.SubElement(translation, "numerusform").text = source.replace("(s)", "s")
    ET.indent(tree)
    with open(path, "wb") as out:
        out.write(b'<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE TS>\n')
        tree.write(out, encoding="utf-8", xml_declaration=False)
        out.write(b"\n")
    return 0


def main() -> int:
    path = sys.argv[1] if len(sys.argv) > 1 else "ui/translations/shuimo_zh_CN.ts"
    if path.endswith("_en.ts"):
        return fill_english_plurals(path)
    tree = ET.parse(path)
    root = tree.getroot()
    root.set("language", "zh_CN")
    missing = []
    for message in root.iter("message"):
        source = message.find("source").text or ""
        translation = message.find("translation")
        text = ZH.get(source)
        if text is None:
            if translation.get("type") == "unfinished":
                missing.append(source)
            continue
        translation.attrib.pop("type", None)
        translation.text = None
        for child in list(translation):
            translation.remove(child)
        if message.get("numerus") == "yes":
            ET.SubElement(translation, "numerusform").text = text
        else:
            translation.text = text
    ET.indent(tree)
    with open(path, "wb") as out:
        out.write(b'<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE TS>\n')
        tree.write(out, encoding="utf-8", xml_declaration=False)
        out.write(b"\n")
    for source in missing:
        print("untranslated:", repr(source), file=sys.stderr)
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
