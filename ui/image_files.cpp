#include "image_files.h"

#include <QDirIterator>
#include <QFileInfo>
#include <QImageReader>
#include <algorithm>
#include <cmath>

#include "job_types.h"
#include "shuimo/image_io/image_io.h"
#include "shuimo/video_io/video_io.h"
#include "style_library.h"

namespace shuimo::ui {

QStringList expandImageFolders(const QStringList& paths) {
    QStringList files;
    for (const QString& path : paths) {
        if (!QFileInfo(path).isDir()) {
            files << path;
            continue;
        }
        QStringList found;
        QDirIterator it(path, imageFileFilters() + clipFileFilters(), QDir::Files, QDirIterator::Subdirectories);
        while (it.hasNext()) found << it.next();
        found.sort();
        files << found;
    }
    return files;
}

bool isClipFile(const QString& path) { return video_io::is_video_file(path.toStdU32String()); }

QStringList clipFileFilters() {
    QStringList filters;
    for (const std::string& extension : video_io::video_extensions()) filters << QStringLiteral("*.") + QString::fromStdString(extension);
    return filters;
}

ClipFacts clipFacts(const QString& path) {
    try {
        const video_io::VideoInfo info = video_io::probe_video(path.toStdU32String());
        const double rate = info.frame_rate();
        const qint64 frames = info.frames > 0 ? info.frames : static_cast<qint64>(std::llround(info.duration_s * rate));
        return {frames, rate, info.duration_s};
    } catch (const std::exception&) {
        return {};
    }
}

QImage readPreviewImage(const QString& path, QSize* fullSize, int frame) {
    if (isClipFile(path)) {
        try {
            engine::Image picture = video_io::read_video_frame(path.toStdU32String(), frame);
            if (fullSize != nullptr) *fullSize = QSize(picture.width, picture.height);
            if (std::max(picture.width, picture.height) > 2048)
                picture = image_io::resize_image(picture, engine::fit_long_side(picture.width, picture.height, 2048));
            return toQImage(picture);
        } catch (const std::exception&) {
            if (fullSize != nullptr) *fullSize = QSize();
            return {};
        }
    }
    QImageReader reader(path);
    reader.setAutoTransform(true);
    QSize size = reader.size();
    if (reader.transformation() & QImageIOHandler::TransformationRotate90) size.transpose();
    if (size.isValid() && std::max(size.width(), size.height()) > 2048) {
        reader.setScaledSize(size.scaled(2048, 2048, Qt::KeepAspectRatio));
    }
    if (fullSize != nullptr) *fullSize = size;
    return reader.read();
}

}  // namespace shuimo::ui
