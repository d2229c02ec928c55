#include "versions_strip.h"

#include <QContextMenuEvent>
#include <QKeyEvent>
#include <QLocale>
#include <QMenu>
#include <QPainter>
#include <algorithm>

#include "session_controller.h"
#include "shuimo/session/continuation.h"

namespace shuimo::ui {
namespace {
constexpr int kIndexRole = Qt::UserRole + 1;
constexpr int kUnfinishedRole = Qt::UserRole + 2;  // stopped before its last level: it can be continued
constexpr int kThumb = 48;

QIcon thumbnail(const session::Painting& painting, qreal ratio) {
    const int side = static_cast<int>(kThumb * ratio);
    QPixmap canvas(side, side);
    canvas.fill(Qt::transparent);
    QPainter painter(&canvas);
    const QImage image = toQImage(painting.image).scaled(side, side, Qt::KeepAspectRatio, Qt::SmoothTransformation);
    painter.drawImage((side - image.width()) / 2, (side - image.height()) / 2, image);
    canvas.setDevicePixelRatio(ratio);
    return QIcon(canvas);
}
}  // namespace

VersionsStrip::VersionsStrip(QWidget* parent) : QListWidget(parent) {
    setObjectName(QStringLiteral("VersionsStrip"));
    setViewMode(QListView::IconMode);
    setFlow(QListView::LeftToRight);
    setWrapping(false);
    setMovement(QListView::Static);
    setIconSize(QSize(kThumb, kThumb));
    // Two lines of label: "Version 12 (stopped)" and its translations fit without eliding.
    setGridSize(QSize(kThumb + 52, kThumb + 2 * fontMetrics().height() + 12));
    setWordWrap(true);
    setSelectionMode(QAbstractItemView::ExtendedSelection);
    setFixedHeight(kThumb + 2 * fontMetrics().height() + 24);
    setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setToolTip(tr("This photo's paintings: click one to show and export it; select two (Ctrl+click) to compare them"));
    connect(this, &QListWidget::itemSelectionChanged, this, &VersionsStrip::onSelectionChanged);
    hide();
}

void VersionsStrip::showPhoto(const session::Photo* photo, QSize photoSize) {
    QStringList signature;  // which paintings, in order: unchanged means only the current one moved
    if (photo) {
        signature << photo->path << QStringLiteral("%1x%2").arg(photoSize.width()).arg(photoSize.height());
        for (const session::Painting& painting : photo->paintings) signature << painting.name + painting.created.toString(Qt::ISODateWithMs);
    }
    m_filling = true;
    if (signature == m_signature && photo) {
        // Keep the items (this may run inside their own selection signal); move the selection only
        // if it is not already the current one or a comparison the artist chose.
        const QList<int> selected = selectedVersions();
        if (selected.size() != 2 && selected != QList<int>{photo->current} && photo->current >= 0 && photo->current < count()) {
            clearSelection();
            setCurrentItem(item(photo->current));
            item(photo->current)->setSelected(true);
        }
        m_filling = false;
        return;
    }
    m_signature = signature;
    clear();
    if (photo) {
        const qreal ratio = devicePixelRatioF();
        for (std::size_t i = 0; i < photo->paintings.size(); ++i) {
            const session::Painting& painting = photo->paintings[i];
            QString label = painting.name;
            if (painting.end == session::PaintingEnd::Cancelled) label = tr("%1 (stopped)").arg(label);
            auto* item = new QListWidgetItem(thumbnail(painting, ratio), label, this);
            item->setData(kIndexRole, static_cast<int>(i));
            QString tip = tr("%1\n%2, %n evaluation(s), %3 s%4", nullptr, painting.iterations_run)
                              .arg(painting.name, QLocale().toString(painting.created.toLocalTime(), QLocale::ShortFormat))
                              .arg(painting.seconds, 0, 'f', 1)
                              .arg(painting.refinished ? tr("\nre-finished without a run") : QString());
            if (const auto unfinished = session::unfinished_painting(painting, {photoSize.width(), photoSize.height()})) {
                item->setData(kUnfinishedRole, true);
                tip += tr("\nstopped at %1 × %2 of %3 × %4: Continue Painting (right-click) goes on from it")
                           .arg(unfinished->stopped_at.width)
                           .arg(unfinished->stopped_at.height)
                           .arg(unfinished->output.width)
                           .arg(unfinished->output.height);
            }
            item->setToolTip(tip);
        }
        if (photo->current >= 0 && photo->current < count()) {
            setCurrentItem(item(photo->current));
            item(photo->current)->setSelected(true);
        }
    }
    setVisible(count() > 0);
    m_filling = false;
}

QList<int> VersionsStrip::selectedVersions() const {
    QList<int> indices;
    for (const QListWidgetItem* selected : selectedItems()) indices << selected->data(kIndexRole).toInt();
    std::sort(indices.begin(), indices.end());
    return indices;
}

void VersionsStrip::onSelectionChanged() {
    if (m_filling) return;
    const QList<int> selected = selectedVersions();
    if (selected.size() == 2) Q_EMIT compareRequested(selected[0], selected[1]);
    else if (selected.size() == 1) Q_EMIT versionChosen(selected[0]);
}

void VersionsStrip::keyPressEvent(QKeyEvent* event) {
    if ((event->key() == Qt::Key_Delete || event->key() == Qt::Key_Backspace) && currentItem()) {
        Q_EMIT deleteRequested(currentItem()->data(kIndexRole).toInt());
        return;
    }
    QListWidget::keyPressEvent(event);
}

void VersionsStrip::contextMenuEvent(QContextMenuEvent* event) {
    QListWidgetItem* clicked = itemAt(event->pos());
    if (!clicked) return;
    const int index = clicked->data(kIndexRole).toInt();
    QMenu menu(this);
    menu.addAction(tr("Show This Version"), this, [this, index] { Q_EMIT versionChosen(index); });
    if (currentItem() && currentItem() != clicked) {
        const int current = currentItem()->data(kIndexRole).toInt();
        menu.addAction(tr("Compare with the Current Version"), this,
                       [this, index, current] { Q_EMIT compareRequested(std::min(index, current), std::max(index, current)); });
    }
    if (clicked->data(kUnfinishedRole).toBool()) {
        menu.addAction(tr("Continue Painting"), this, [this, index] { Q_EMIT continueRequested(index); });
    }
    menu.addSeparator();
    menu.addAction(tr("Use These Settings"), this, [this, index] { Q_EMIT useSettingsRequested(index); });
    menu.addAction(tr("Paint the Other Photos with These Settings"), this, [this, index] { Q_EMIT paintOthersRequested(index); });
    menu.addSeparator();
    menu.addAction(tr("Delete This Version"), this, [this, index] { Q_EMIT deleteRequested(index); });
    menu.exec(event->globalPos());
}

}  // namespace shuimo::ui
