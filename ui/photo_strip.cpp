#include "photo_strip.h"

#include <QFileInfo>
#include <QImageReader>

#include "style_library.h"

namespace shuimo::ui {
namespace {
constexpr int kPathRole = Qt::UserRole + 1;
constexpr int kThumb = 72;
}  // namespace

PhotoStrip::PhotoStrip(QWidget* parent) : QListWidget(parent) {
    setViewMode(QListView::IconMode);
    setFlow(QListView::LeftToRight);
    setWrapping(false);
    setMovement(QListView::Static);
    setIconSize(QSize(kThumb, kThumb));
    setUniformItemSizes(true);
    setFixedHeight(kThumb + 2 * fontMetrics().height() + 16);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setToolTip(tr("Your photos: drop files or folders here, or use File > Open"));
    connect(this, &QListWidget::currentItemChanged, this, [this](QListWidgetItem* item) {
        Q_EMIT currentPhotoChanged(item ? item->data(kPathRole).toString() : QString());
    });
}

bool PhotoStrip::addPhoto(const QString& path) {
    const QFileInfo info(path);
    if (!info.isFile() || !isImageFile(path)) return false;
    const QString absolute = info.absoluteFilePath();
    for (int i = 0; i < count(); ++i) {
        if (item(i)->data(kPathRole).toString() == absolute) return true;
    }
    QImageReader reader(absolute);
    reader.setAutoTransform(true);
    const QSize size = reader.size();
    if (size.isValid()) reader.setScaledSize(size.scaled(kThumb * 2, kThumb * 2, Qt::KeepAspectRatio));
    auto* entry = new QListWidgetItem(QIcon(QPixmap::fromImage(reader.read())), info.fileName(), this);
    entry->setData(kPathRole, absolute);
    entry->setToolTip(absolute);
    if (!currentItem()) setCurrentItem(entry);
    return true;
}

QStringList PhotoStrip::photos() const {
    QStringList paths;
    for (int i = 0; i < count(); ++i) paths << item(i)->data(kPathRole).toString();
    return paths;
}

QString PhotoStrip::currentPhoto() const {
    return currentItem() ? currentItem()->data(kPathRole).toString() : QString();
}

void PhotoStrip::setCurrentPhoto(const QString& path) {
    for (int i = 0; i < count(); ++i) {
        if (item(i)->data(kPathRole).toString() == path) setCurrentRow(i);
    }
}

}  // namespace shuimo::ui
