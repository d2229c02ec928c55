#include "image_files.h"

#include <QDirIterator>
#include <QFileInfo>
#include <QImageReader>
#include <algorithm>

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
        QDirIterator it(path, imageFileFilters(), QDir::Files, QDirIterator::Subdirectories);
        while (it.hasNext()) found << it.next();
        found.sort();
        files << found;
    }
    return files;
}

QImage readPreviewImage(const QString& path, QSize* fullSize) {
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
