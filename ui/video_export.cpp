#include "video_export.h"

#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>

#include <filesystem>

#include "batch_launcher.h"
#include "error_messages.h"
#include "shuimo/batch/params_json.h"
#include "shuimo/batch/queue_store.h"
#include "shuimo/engine/system_helpers.h"
#include "studio_model.h"

namespace shuimo::ui {

VideoExport::VideoExport(QWidget* window, StudioModel* model, BatchLauncher* launcher)
    : QObject(window), m_window(window), m_model(model), m_launcher(launcher) {}

QString VideoExport::queueFileFor(const QString& output) {
    const QFileInfo info(output);
    return info.absoluteDir().filePath(QStringLiteral(".") + info.fileName() + QStringLiteral(".shuimo-video.json"));
}

QString VideoExport::suggestedPath() const {
    const QFileInfo clip(m_model->currentPhoto());
    return clip.absoluteDir().filePath(clip.completeBaseName() + QStringLiteral("_shuimo.mp4"));
}

batch::BatchQueue VideoExport::queueFor(const QString& output, bool replace) const {
    const QString clip = m_model->currentPhoto();
    if (clip.isEmpty() || !StudioModel::isClip(clip))
        throw engine::ConfigError(tr("Choose a clip in the photo strip first: Export Video paints every frame of a clip.").toStdString());
    if (m_model->stylePaths().isEmpty())
        throw engine::ConfigError(tr("Tick at least one style in the Styles panel.").toStdString());
    const QFileInfo info(output);
    const QString format = info.suffix().toLower();
    if (format != QLatin1String("mp4") && format != QLatin1String("webm"))
        throw engine::ConfigError(tr("A video is written as .mp4 (H.264) or .webm (VP9), not “%1”.").arg(info.fileName()).toStdString());
    if (info.completeBaseName().contains(QLatin1Char('{')) || info.completeBaseName().contains(QLatin1Char('}')))
        throw engine::ConfigError(tr("Choose a file name without { or }.").toStdString());
    for (const QString& photo : m_model->photos()) {
        if (engine::same_file(info.absoluteFilePath().toStdU32String(), photo.toStdU32String()) ||
            QFileInfo(photo).absoluteFilePath() == info.absoluteFilePath())
            throw engine::ConfigError(tr("%1 is one of your photos or clips: originals are never written over.").arg(info.fileName()).toStdString());
    }
    batch::BatchQueue queue;
    queue.base_dir = info.absoluteDir().absolutePath().toStdU32String();
    queue.spec.contents = {clip.toStdU32String()};
    batch::StyleChoice style;
    for (const QString& path : m_model->stylePaths()) style.files.push_back(path.toStdU32String());
    style.name = style.files.front().stem().string();
    const QList<double> blend = m_model->styleBlend();
    if (style.files.size() > 1) style.blend.assign(blend.begin(), blend.end());
    queue.spec.styles = {style};
    queue.spec.base_params = batch::params_to_json(m_model->params());
    queue.spec.output.folder = queue.base_dir;
    queue.spec.output.name_template = info.completeBaseName().toStdString() + ".{ext}";
    queue.spec.output.video_format = format.toStdString();
    queue.spec.output.overwrite = replace;
    queue.jobs = batch::expand_jobs(queue.spec, queue.base_dir);
    return queue;
}

QString VideoExport::exportTo(const QString& output, bool replace) {
    batch::BatchQueue queue;
    try {
        queue = queueFor(output, replace);
    } catch (const std::exception& error) {
        return userErrorOf(error).message;
    }
    // This output's queue from an earlier export: the same settings and not done go on from their
    // frames; anything else is replaced (a finished output is then skipped, a missing one painted).
    const QString queueFile = queueFileFor(output);
    if (QFileInfo::exists(queueFile)) {
        bool keep = false;
        try {
            const batch::BatchQueue earlier = batch::read_queue_file(queueFile.toStdU32String());
            keep = earlier.spec == queue.spec && earlier.jobs.size() == 1 && earlier.jobs.front().status != batch::JobStatus::Done;
        } catch (const std::exception&) {
            keep = false;
        }
        if (!keep) QFile::remove(queueFile);
    }
    return m_launcher->run(queueFile, queue);
}

QString VideoExport::exportWithDialog() {
    if (!StudioModel::isClip(m_model->currentPhoto()))
        return tr("Choose a clip in the photo strip first: Export Video paints every frame of a clip.");
    const QString path = QFileDialog::getSaveFileName(m_window, tr("Export Video"), suggestedPath(),
                                                      tr("MP4 video (*.mp4);;WebM video (*.webm)"));
    if (path.isEmpty()) return {};
    return exportTo(path, QFileInfo::exists(path));  // the dialog asked before replacing it
}

}  // namespace shuimo::ui
