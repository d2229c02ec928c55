#pragma once
// The session's photos as a strip of thumbnails; the current one is the content
// of the next job. A photo is read with the project's image reader before it is
// added (a file that is not an image is refused, with the reason). Thumbnails
// keep their aspect ratio and their label, and carry a badge: running, waiting
// to run, or how many paintings the photo has. The Delete key and the context
// menu remove a photo; the context menu moves one left or right. The strip asks
// (removeRequested, orderChanged); the window keeps the session in step.

#include <QListWidget>

namespace shuimo::ui {

class PhotoStrip : public QListWidget {
    Q_OBJECT
public:
    struct Badge {
        bool running = false;
        bool queued = false;
        int paintings = 0;
        bool operator==(const Badge&) const = default;
    };

    explicit PhotoStrip(QWidget* parent = nullptr);
    // Adds an image file (no duplicates); returns false, with the reason in `why`,
    // if it is not one the project's reader can read. check=false adds without
    // reading it (a restored session's photo, even if it is gone since).
    bool addPhoto(const QString& path, QString* why = nullptr, bool check = true);
    void removePhoto(const QString& path);
    // Moves the photo `delta` places (negative: left); emits orderChanged.
    void movePhoto(const QString& path, int delta);
    QStringList photos() const;
    QString currentPhoto() const;
    void setCurrentPhoto(const QString& path);
    void setBadge(const QString& path, const Badge& badge);
    Badge badge(const QString& path) const;

    // Empty when `path` is an image the project's reader can read, else why not.
    static QString checkPhoto(const QString& path);

Q_SIGNALS:
    void currentPhotoChanged(const QString& path);
    void removeRequested(const QString& path);
    void orderChanged(const QStringList& paths);

protected:
    void keyPressEvent(QKeyEvent* event) override;
    void contextMenuEvent(QContextMenuEvent* event) override;

private:
    QListWidgetItem* itemFor(const QString& path) const;
    void updateIcon(QListWidgetItem* item);
};

}  // namespace shuimo::ui
