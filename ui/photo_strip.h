#pragma once
// The loaded photos as a strip of thumbnails; the current one is the content
// of the next job.

#include <QListWidget>

namespace shuimo::ui {

class PhotoStrip : public QListWidget {
    Q_OBJECT
public:
    explicit PhotoStrip(QWidget* parent = nullptr);
    // Adds an image file (no duplicates); returns false if it is not one.
    bool addPhoto(const QString& path);
    QStringList photos() const;
    QString currentPhoto() const;
    void setCurrentPhoto(const QString& path);

Q_SIGNALS:
    void currentPhotoChanged(const QString& path);
};

}  // namespace shuimo::ui
