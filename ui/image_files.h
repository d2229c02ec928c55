#pragma once
// Photos as the window takes them in: dropped or opened paths with folders
// expanded to their image files, and a photo decoded at preview size.

#include <QImage>
#include <QSize>
#include <QStringList>

namespace shuimo::ui {

// `paths` with each folder replaced by the image files in it and its
// subfolders (sorted); files are kept as they are.
QStringList expandImageFolders(const QStringList& paths);

// The photo, upright (EXIF orientation) and at most 2048 px on its long side:
// the preview needs no more, and decoding a huge file in full would stall the
// window. `fullSize` gets its upright size (invalid if unreadable).
QImage readPreviewImage(const QString& path, QSize* fullSize);

}  // namespace shuimo::ui
