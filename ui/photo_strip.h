#pragma once
// The studio's photos as a strip of thumbnails, a view of the model
// (model/studio_model.h): it shows the photos in their order and the current
// one, and sends the artist's clicks back as commands (select, move). Thumbnails
// keep their aspect ratio and their label, and carry a badge: running, waiting
// to run, or how many paintings the photo has. The Delete key and the context
// menu ask to remove a photo (removeRequested: the window asks first when it has
// unexported paintings); the context menu moves one left or right.

#include <QListWidget>

namespace shuimo::ui {

class StudioModel;

class PhotoStrip : public QListWidget {
    Q_OBJECT
public:
    struct Badge {
        bool running = false;
        bool queued = false;
        int paintings = 0;
        bool operator==(const Badge&) const = default;
    };

    explicit PhotoStrip(StudioModel* model, QWidget* parent = nullptr);
    // Moves the photo `delta` places (negative: left).
    void movePhoto(const QString& path, int delta);
    QStringList photos() const;
    QString currentPhoto() const;
    // Makes the photo current (in the model).
    void setCurrentPhoto(const QString& path);
    Badge badge(const QString& path) const;
    QSize sizeHint() const override;

Q_SIGNALS:
    void removeRequested(const QString& path);

protected:
    void keyPressEvent(QKeyEvent* event) override;
    void contextMenuEvent(QContextMenuEvent* event) override;

private:
    // The model's photos, in its order, with their badges; the current one selected.
    void showPhotos();
    void showCurrent();
    void updateBadge(const QString& path);
    QListWidgetItem* itemFor(const QString& path) const;
    void updateIcon(QListWidgetItem* item);

    StudioModel* m_model;
    bool m_filling = false;
};

}  // namespace shuimo::ui
