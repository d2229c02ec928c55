#!/usr/bin/env python3
"""Fills ui/translations/shuimo_zh_CN.ts from the table below (run after lupdate).

Keeps translations already in the file; reports source texts with no entry here,
so new strings are noticed. Usage: tools/fill_zh_translations.py [ts-file]
(given shuimo_en.ts, fills its English plural forms instead).
"""
import sys
import xml.etree.ElementTree as ET

ZH = {
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
    # Issue 16 (tiled levels): the estimate and the progress line.
    ", the largest level in %n tile(s) of up to %1 × %2": "，最大一级分 %n 块处理（每块至多 %1 × %2）",
    " · tile %1 of %2": " · 第 %1/%2 块",
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
