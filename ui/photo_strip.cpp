#include "photo_strip.h"

#include <QContextMenuEvent>
#include <QFileInfo>
#include <QImageReader>
#include <QKeyEvent>
#include <QMenu>
#include <QPainter>
#include <exception>

#include "error_messages.h"
#include "shuimo/image_io/image_io.h"
#include "style_library.h"

namespace shuimo::ui {
namespace {
constexpr int kPathRole = Qt::UserRole + 1;
constexpr int kThumbRole = Qt::UserRole + 2;   // the thumbnail without its badge
constexpr int kBadgeRole = Qt::UserRole + 3;   // running, queued, paintings packed in an int
constexpr int kThumb = 72;

int packBadge(const PhotoStrip::Badge& badge) {
    return (badge.running ? 1 : 0) | (badge.queued ? 2 : 0) | (std::min(badge.paintings, 99999) << 2);
}
PhotoStrip::Badge unpackBadge(int packed) {
    return {(packed & 1) != 0, (packed & 2) != 0, packed >> 2};
}

// The photo letterboxed into a square, so every thumbnail keeps its aspect ratio
// and its cell (and label) has the same size.
QImage squareThumbnail(const QString& path, qreal ratio) {
    const int side = static_cast<int>(kThumb * ratio);
    QImage canvas(side, side, QImage::Format_ARGB32_Premultiplied);
    canvas.fill(Qt::transparent);
    QImageReader reader(path);
    reader.setAutoTransform(true);
    QSize size = reader.size();
    if (reader.transformation() & QImageIOHandler::TransformationRotate90) size.transpose();
    if (size.isValid()) reader.setScaledSize(size.scaled(side, side, Qt::KeepAspectRatio));
    QImage photo = reader.read();
    QPainter painter(&canvas);
    if (photo.isNull()) {
        painter.setPen(Qt::gray);
        painter.drawRect(canvas.rect().adjusted(0, 0, -1, -1));
        painter.drawText(canvas.rect(), Qt::AlignCenter, QStringLiteral("?"));
    } else {
        photo = photo.scaled(side, side, Qt::KeepAspectRatio, Qt::SmoothTransformation);
        painter.drawImage((side - photo.width()) / 2, (side - photo.height()) / 2, photo);
    }
    return canvas;
}
}  // namespace

PhotoStrip::PhotoStrip(QWidget* parent) : QListWidget(parent) {
    setViewMode(QListView::IconMode);
    setFlow(QListView::LeftToRight);
    setWrapping(false);
    setMovement(QListView::Static);
    setIconSize(QSize(kThumb, kThumb));
    setGridSize(QSize(kThumb + 36, kThumb + fontMetrics().height() + 14));
    setTextElideMode(Qt::ElideMiddle);
    setUniformItemSizes(true);
    setFixedHeight(kThumb + fontMetrics().height() + 14 + 20);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setToolTip(tr("Your photos: drop files or folders here, or use File > Open. Delete removes one; right-click to move it"));
    connect(this, &QListWidget::currentItemChanged, this, [this](QListWidgetItem* item) {
        Q_EMIT currentPhotoChanged(item ? item->data(kPathRole).toString() : QString());
    });
}

QString PhotoStrip::checkPhoto(const QString& path) {
    const QFileInfo info(path);
    if (!info.isFile()) return tr("%1 is not a file.").arg(info.fileName());
    if (!isImageFile(path)) return tr("%1 is not an image Shuimo reads (PNG, JPEG, TIFF, WebP, BMP).").arg(info.fileName());
    try {
        (void)image_io::read_image(path.toStdU32String());
    } catch (const std::exception& error) {
        return tr("%1 was not added: %2").arg(info.fileName(), userErrorOf(error).message);
    }
    return {};
}

bool PhotoStrip::addPhoto(const QString& path, QString* why, bool check) {
    const QFileInfo info(path);
    const QString absolute = info.absoluteFilePath();
    if (itemFor(absolute)) return true;
    if (check) {
        const QString problem = checkPhoto(absolute);
        if (!problem.isEmpty()) {
            if (why) *why = problem;
            return false;
        }
    }
    auto* entry = new QListWidgetItem(info.fileName(), this);
    entry->setData(kPathRole, absolute);
    entry->setData(kThumbRole, squareThumbnail(absolute, devicePixelRatioF()));
    entry->setData(kBadgeRole, 0);
    entry->setToolTip(absolute);
    entry->setTextAlignment(Qt::AlignHCenter | Qt::AlignTop);
    updateIcon(entry);
    if (!currentItem()) setCurrentItem(entry);
    return true;
}

void PhotoStrip::removePhoto(const QString& path) {
    delete itemFor(path);  // the current item moves to a neighbour (currentPhotoChanged)
}

void PhotoStrip::movePhoto(const QString& path, int delta) {
    QListWidgetItem* moving = itemFor(path);
    if (!moving) return;
    const int from = row(moving);
    const int to = std::clamp(from + delta, 0, count() - 1);
    if (to == from) return;
    const bool wasCurrent = currentItem() == moving;
    blockSignals(true);
    takeItem(from);
    insertItem(to, moving);
    if (wasCurrent) setCurrentItem(moving);
    blockSignals(false);
    Q_EMIT orderChanged(photos());
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
    if (QListWidgetItem* found = itemFor(path)) setCurrentItem(found);
}

void PhotoStrip::setBadge(const QString& path, const Badge& badge) {
    QListWidgetItem* found = itemFor(path);
    if (!found || unpackBadge(found->data(kBadgeRole).toInt()) == badge) return;
    found->setData(kBadgeRole, packBadge(badge));
    updateIcon(found);
}

PhotoStrip::Badge PhotoStrip::badge(const QString& path) const {
    const QListWidgetItem* found = itemFor(path);
    return found ? unpackBadge(found->data(kBadgeRole).toInt()) : Badge{};
}

QListWidgetItem* PhotoStrip::itemFor(const QString& path) const {
    for (int i = 0; i < count(); ++i) {
        if (item(i)->data(kPathRole).toString() == path) return item(i);
    }
    return nullptr;
}

void PhotoStrip::updateIcon(QListWidgetItem* entry) {
    QImage canvas = entry->data(kThumbRole).value<QImage>();
    const Badge badge = unpackBadge(entry->data(kBadgeRole).toInt());
    QString mark;
    QColor colour;
    QString tip = entry->data(kPathRole).toString();
    if (badge.running) {
        mark = QStringLiteral("▶");
        colour = QColor(0x2e, 0x7d, 0x32);
        tip += QLatin1Char('\n') + tr("Painting now");
    } else if (badge.queued) {
        mark = QStringLiteral("…");
        colour = QColor(0x9e, 0x6a, 0x00);
        tip += QLatin1Char('\n') + tr("Waiting to be painted");
    } else if (badge.paintings > 0) {
        mark = QString::number(badge.paintings);
        colour = QColor(0x37, 0x47, 0x4f);
    }
    if (badge.paintings > 0) tip += QLatin1Char('\n') + tr("%n painting(s)", nullptr, badge.paintings);
    entry->setToolTip(tip);
    if (!mark.isEmpty()) {
        QPainter painter(&canvas);
        painter.setRenderHint(QPainter::Antialiasing);
        const int d = canvas.width() / 3;
        const QRect disc(canvas.width() - d - 1, canvas.height() - d - 1, d, d);
        painter.setPen(Qt::NoPen);
        painter.setBrush(colour);
        painter.drawEllipse(disc);
        painter.setPen(Qt::white);
        QFont font = painter.font();
        font.setPixelSize(std::max(8, d * 3 / 5));
        font.setBold(true);
        painter.setFont(font);
        painter.drawText(disc, Qt::AlignCenter, mark);
    }
    QPixmap pixmap = QPixmap::fromImage(canvas);
    pixmap.setDevicePixelRatio(devicePixelRatioF());
    entry->setIcon(QIcon(pixmap));
}

void PhotoStrip::keyPressEvent(QKeyEvent* event) {
    if ((event->key() == Qt::Key_Delete || event->key() == Qt::Key_Backspace) && currentItem()) {
        Q_EMIT removeRequested(currentPhoto());
        return;
    }
    QListWidget::keyPressEvent(event);
}

void PhotoStrip::contextMenuEvent(QContextMenuEvent* event) {
    QListWidgetItem* clicked = itemAt(event->pos());
    if (!clicked) return;
    const QString path = clicked->data(kPathRole).toString();
    QMenu menu(this);
    QAction* left = menu.addAction(tr("Move Left"), this, [this, path] { movePhoto(path, -1); });
    left->setEnabled(row(clicked) > 0);
    QAction* right = menu.addAction(tr("Move Right"), this, [this, path] { movePhoto(path, 1); });
    right->setEnabled(row(clicked) < count() - 1);
    menu.addSeparator();
    menu.addAction(tr("Remove from Session"), this, [this, path] { Q_EMIT removeRequested(path); });
    menu.exec(event->globalPos());
}

}  // namespace shuimo::ui
