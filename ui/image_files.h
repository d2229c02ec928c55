#pragma once
// Photos as the window takes them in: dropped or opened paths with folders
// expanded to their image files, and a photo decoded at preview size.

#include <QImage>
#include <QSize>
#include <QStringList>

namespace shuimo::ui {

// `paths` with each folder replaced by the image files and clips in it and
// its subfolders (sorted); files are kept as they are.
QStringList expandImageFolders(const QStringList& paths);

// A clip the studio takes as a photo (issue 27: its chosen frame is painted, Export Video
// paints them all): video_io::is_video_file.
bool isClipFile(const QString& path);
QStringList clipFileFilters();  // "*.mp4", "*.mov", ...

// The photo, upright (EXIF orientation) and at most 2048 px on its long side:
// the preview needs no more, and decoding a huge file in full would stall the
// window. `fullSize` gets its upright size (invalid if unreadable). A clip's
// picture is its frame `frame` (0-based).
QImage readPreviewImage(const QString& path, QSize* fullSize, int frame = 0);

// What the strip and the frame slider say of a clip: frames, rate, length (0: unreadable).
struct ClipFacts {
    qint64 frames = 0;
    double rate = 0.0;
    double seconds = 0.0;
};
ClipFacts clipFacts(const QString& path);

}  // namespace shuimo::ui
