#include "photo_strip.h"

#include <QContextMenuEvent>
#include <QFileInfo>
#include <QImageReader>
#include <QKeyEvent>
#include <QLocale>
#include <QMenu>
#include <QPainter>
#include <algorithm>
#include <cmath>
#include <exception>

#include "image_files.h"
#include "studio_model.h"

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

// A clip's thumbnail: film edges (sprocket holes) on its left and its length at the top left.
void drawClipMark(QPainter& painter, int side, const ClipFacts& facts) {
    painter.setRenderHint(QPainter::Antialiasing);
    const int band = std::max(6, side / 9);
    painter.fillRect(QRect(0, 0, band, side), QColor(20, 20, 20, 220));
    painter.setPen(Qt::NoPen);
    painter.setBrush(QColor(235, 235, 235));
    const int hole = std::max(2, band / 2);
    for (int y = hole; y + hole < side; y += 2 * hole) painter.drawRoundedRect(QRect((band - hole) / 2, y, hole, hole), 1, 1);
    const int seconds = static_cast<int>(std::lround(facts.seconds));
    const QString length = QStringLiteral("%1:%2").arg(seconds / 60).arg(seconds % 60, 2, 10, QLatin1Char('0'));
    QFont font = painter.font();
    font.setPixelSize(std::max(8, side / 6));
    font.setBold(true);
    painter.setFont(font);
    const QRect text(band + 2, 1, painter.fontMetrics().horizontalAdvance(length) + 6, painter.fontMetrics().height());
    painter.fillRect(text, QColor(20, 20, 20, 200));
    painter.setPen(Qt::white);
    painter.drawText(text, Qt::AlignCenter, length);
}

// The photo letterboxed into a square, so every thumbnail keeps its aspect ratio
// and its cell (and label) has the same size.
QImage squareThumbnail(const QString& path, qreal ratio) {
    const int side = static_cast<int>(kThumb * ratio);
    QImage canvas(side, side, QImage::Format_ARGB32_Premultiplied);
    canvas.fill(Qt::transparent);
    const bool clip = isClipFile(path);
    QImage photo;
    if (clip) {
        photo = readPreviewImage(path, nullptr, 0);  // its first frame
    } else {
        QImageReader reader(path);
        reader.setAutoTransform(true);
        QSize size = reader.size();
        if (reader.transformation() & QImageIOHandler::TransformationRotate90) size.transpose();
        if (size.isValid()) reader.setScaledSize(size.scaled(side, side, Qt::KeepAspectRatio));
        photo = reader.read();
    }
    QPainter painter(&canvas);
    if (photo.isNull()) {
        painter.setPen(Qt::gray);
        painter.drawRect(canvas.rect().adjusted(0, 0, -1, -1));
        painter.drawText(canvas.rect(), Qt::AlignCenter, QStringLiteral("?"));
    } else {
        photo = photo.scaled(side, side, Qt::KeepAspectRatio, Qt::SmoothTransformation);
        painter.drawImage((side - photo.width()) / 2, (side - photo.height()) / 2, photo);
    }
    if (clip) drawClipMark(painter, side, clipFacts(path));
    return canvas;
}
}  // namespace

PhotoStrip::PhotoStrip(StudioModel* model, QWidget* parent) : QListWidget(parent), m_model(model) {
    setObjectName(QStringLiteral("PhotoStrip"));
    setViewMode(QListView::IconMode);
    setFlow(QListView::LeftToRight);
    setWrapping(false);
    setMovement(QListView::Static);
    setIconSize(QSize(kThumb, kThumb));
    // Wide enough that names of usual length are not elided ("landscape.jpg", "chelsea.png"):
    // each item takes its whole cell (setSizeHint below), not its text's width less the margins.
    setGridSize(QSize(std::max(kThumb + 36, fontMetrics().averageCharWidth() * 18), kThumb + fontMetrics().height() + 14));
    setTextElideMode(Qt::ElideMiddle);
    setUniformItemSizes(true);
    // Its natural height; the splitter it sits in may make it smaller (a large scale factor).
    setMinimumHeight(fontMetrics().height() * 2);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    setVerticalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    setToolTip(tr("Your photos: drop files or folders here, or use File > Open. Delete removes one; right-click to move it"));
    connect(this, &QListWidget::currentItemChanged, this, [this](QListWidgetItem* item) {
        if (!m_filling && item) m_model->selectPhoto(item->data(kPathRole).toString());
    });
    connect(m_model, &StudioModel::photosChanged, this, &PhotoStrip::showPhotos);
    connect(m_model, &StudioModel::currentPhotoChanged, this, &PhotoStrip::showCurrent);
    connect(m_model, &StudioModel::runChanged, this, &PhotoStrip::updateBadge);
    connect(m_model, &StudioModel::versionsChanged, this, &PhotoStrip::updateBadge);
    showPhotos();
}

QSize PhotoStrip::sizeHint() const {
    return {QListWidget::sizeHint().width(), kThumb + fontMetrics().height() + 14 + 20};
}

void PhotoStrip::showPhotos() {
    m_filling = true;
    const QStringList paths = m_model->photos();
    for (int i = count() - 1; i >= 0; --i) {
        if (!paths.contains(item(i)->data(kPathRole).toString())) delete takeItem(i);
    }
    for (int i = 0; i < paths.size(); ++i) {
        QListWidgetItem* entry = itemFor(paths[i]);
        if (!entry) {
            const QFileInfo info(paths[i]);
            entry = new QListWidgetItem(info.fileName());
            entry->setData(kPathRole, paths[i]);
            entry->setData(kThumbRole, squareThumbnail(paths[i], devicePixelRatioF()));
            entry->setData(kBadgeRole, -1);
            entry->setTextAlignment(Qt::AlignHCenter | Qt::AlignTop);
            entry->setSizeHint(gridSize() - QSize(4, 4));
            insertItem(i, entry);
        } else if (row(entry) != i) {
            insertItem(i, takeItem(row(entry)));
        }
        updateBadge(paths[i]);
    }
    m_filling = false;
    showCurrent();
}

void PhotoStrip::showCurrent() {
    m_filling = true;
    QListWidgetItem* current = itemFor(m_model->currentPhoto());
    if (current != currentItem()) setCurrentItem(current);
    if (current) scrollToItem(current);
    m_filling = false;
}

void PhotoStrip::updateBadge(const QString& path) {
    QListWidgetItem* found = itemFor(path);
    if (!found) return;
    const session::Photo* photo = m_model->session().photo(path);
    const Badge badge{m_model->isRunning(path), m_model->isQueued(path), photo ? static_cast<int>(photo->paintings.size()) : 0};
    if (found->data(kBadgeRole).toInt() == packBadge(badge)) return;
    found->setData(kBadgeRole, packBadge(badge));
    updateIcon(found);
}

void PhotoStrip::movePhoto(const QString& path, int delta) {
    m_model->movePhoto(path, delta);
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
    m_model->selectPhoto(QFileInfo(path).absoluteFilePath());
}

PhotoStrip::Badge PhotoStrip::badge(const QString& path) const {
    const QListWidgetItem* found = itemFor(path);
    return found ? unpackBadge(std::max(0, found->data(kBadgeRole).toInt())) : Badge{};
}

QListWidgetItem* PhotoStrip::itemFor(const QString& path) const {
    for (int i = 0; i < count(); ++i) {
        if (item(i)->data(kPathRole).toString() == path) return item(i);
    }
    return nullptr;
}

void PhotoStrip::updateIcon(QListWidgetItem* entry) {
    QImage canvas = entry->data(kThumbRole).value<QImage>();
    const Badge badge = unpackBadge(std::max(0, entry->data(kBadgeRole).toInt()));
    QString mark;
    QColor colour;
    QString tip = entry->data(kPathRole).toString();
    if (isClipFile(tip)) {
        const ClipFacts facts = clipFacts(tip);
        tip += QLatin1Char('\n') + tr("A clip: %1 frames, %2 s at %3 frames a second. The preview paints the chosen frame; "
                                      "File > Export Video paints them all.")
                                        .arg(facts.frames)
                                        .arg(QLocale().toString(facts.seconds, 'f', 1), QLocale().toString(facts.rate, 'g', 4));
    }
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
