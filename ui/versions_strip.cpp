#include "versions_strip.h"

#include <QContextMenuEvent>
#include <QInputDialog>
#include <QKeyEvent>
#include <QMenu>
#include <QPainter>
#include <algorithm>

#include "shuimo/session/continuation.h"
#include "studio_model.h"

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

VersionsStrip::VersionsStrip(StudioModel* model, QWidget* parent) : QListWidget(parent), m_model(model) {
    setObjectName(QStringLiteral("VersionsStrip"));
    setViewMode(QListView::IconMode);
    setFlow(QListView::LeftToRight);
    setWrapping(false);
    setMovement(QListView::Static);
    setIconSize(QSize(kThumb, kThumb));
    // One line of label as wide as "Version 12.3 (stopped)" in the interface's language, a second for a long name.
    const int label = fontMetrics().horizontalAdvance(tr("%1 (stopped)").arg(tr("Version %1.%2").arg(12).arg(3))) + 12;
    setGridSize(QSize(std::max(kThumb + 52, label), kThumb + 2 * fontMetrics().height() + 12));
    setWordWrap(true);
    setSelectionMode(QAbstractItemView::ExtendedSelection);
    setMinimumHeight(fontMetrics().height() * 2);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    setVerticalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    setToolTip(tr("This photo's paintings: click one to show and export it; select two (Ctrl+click) to compare them"));
    connect(this, &QListWidget::itemSelectionChanged, this, &VersionsStrip::onSelectionChanged);
    connect(m_model, &StudioModel::currentPhotoChanged, this, &VersionsStrip::showVersions);
    connect(m_model, &StudioModel::sessionReplaced, this, &VersionsStrip::showVersions);
    connect(m_model, &StudioModel::versionsChanged, this, [this](const QString& photo) {
        if (photo == m_model->currentPhoto()) showVersions();
    });
    hide();
}

QSize VersionsStrip::sizeHint() const {
    return {QListWidget::sizeHint().width(), kThumb + 2 * fontMetrics().height() + 24};
}

void VersionsStrip::showVersions() {
    const QString path = m_model->currentPhoto();
    const session::Photo* photo = m_model->session().photo(path);
    const QSize photoSize = m_model->photoSize(path);
    QStringList signature;  // which paintings, named how, in order: unchanged means only the current one moved
    if (photo) {
        signature << photo->path << QStringLiteral("%1x%2").arg(photoSize.width()).arg(photoSize.height());
        for (const session::Painting& painting : photo->paintings) {
            signature << StudioModel::versionName(painting) + painting.created.toString(Qt::ISODateWithMs) +
                             (painting.starred ? QStringLiteral("*") : QString()) + painting.note;
        }
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
            QString label = StudioModel::versionName(painting);
            if (painting.end == session::PaintingEnd::Cancelled) label = tr("%1 (stopped)").arg(label);
            if (painting.starred) label = QStringLiteral("★ ") + label;
            auto* entry = new QListWidgetItem(thumbnail(painting, ratio), label, this);
            entry->setData(kIndexRole, static_cast<int>(i));
            entry->setData(kUnfinishedRole, session::unfinished_painting(painting, {photoSize.width(), photoSize.height()}).has_value());
            entry->setToolTip(m_model->versionDescription(path, static_cast<int>(i)));
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
    else if (selected.size() == 1) choose(selected[0]);
}

void VersionsStrip::choose(int index) {
    m_model->selectVersion(m_model->currentPhoto(), index);
    Q_EMIT versionChosen(index);
}

void VersionsStrip::rename(int index) {
    const session::Photo* photo = m_model->session().photo(m_model->currentPhoto());
    if (!photo || index >= static_cast<int>(photo->paintings.size())) return;
    bool ok = false;
    const QString name = QInputDialog::getText(this, tr("Rename Version"), tr("Name (empty: its number):"), QLineEdit::Normal,
                                               StudioModel::versionName(photo->paintings[static_cast<std::size_t>(index)]), &ok);
    if (ok) m_model->renameVersion(photo->path, index, name);
}

void VersionsStrip::editNote(int index) {
    const session::Photo* photo = m_model->session().photo(m_model->currentPhoto());
    if (!photo || index >= static_cast<int>(photo->paintings.size())) return;
    bool ok = false;
    const QString note = QInputDialog::getMultiLineText(this, tr("Note"), tr("A note on this version:"),
                                                        photo->paintings[static_cast<std::size_t>(index)].note, &ok);
    if (ok) m_model->setVersionNote(photo->path, index, note);
}

void VersionsStrip::keyPressEvent(QKeyEvent* event) {
    if ((event->key() == Qt::Key_Delete || event->key() == Qt::Key_Backspace) && currentItem()) {
        m_model->removeVersion(m_model->currentPhoto(), currentItem()->data(kIndexRole).toInt());
        return;
    }
    if (event->key() == Qt::Key_F2 && currentItem()) {
        rename(currentItem()->data(kIndexRole).toInt());
        return;
    }
    QListWidget::keyPressEvent(event);
}

void VersionsStrip::contextMenuEvent(QContextMenuEvent* event) {
    QListWidgetItem* clicked = itemAt(event->pos());
    if (!clicked) return;
    const int index = clicked->data(kIndexRole).toInt();
    const QString photo = m_model->currentPhoto();
    const session::Photo* owner = m_model->session().photo(photo);
    if (!owner || index >= static_cast<int>(owner->paintings.size())) return;
    const bool starred = owner->paintings[static_cast<std::size_t>(index)].starred;
    QMenu menu(this);
    menu.addAction(tr("Show This Version"), this, [this, index] { choose(index); });
    if (currentItem() && currentItem() != clicked) {
        const int current = currentItem()->data(kIndexRole).toInt();
        menu.addAction(tr("Compare with the Current Version"), this,
                       [this, index, current] { Q_EMIT compareRequested(std::min(index, current), std::max(index, current)); });
    }
    if (clicked->data(kUnfinishedRole).toBool()) {
        menu.addAction(tr("Continue Painting"), this, [this, index] { m_model->continuePainting(index); });
    }
    menu.addSeparator();
    menu.addAction(tr("Rename…"), this, [this, index] { rename(index); })->setShortcut(Qt::Key_F2);
    menu.addAction(starred ? tr("Remove the Star") : tr("Star"), this,
                   [this, photo, index, starred] { m_model->setVersionStarred(photo, index, !starred); });
    menu.addAction(tr("Note…"), this, [this, index] { editNote(index); });
    menu.addSeparator();
    menu.addAction(tr("Use These Settings"), this, [this, photo, index] { m_model->useSettingsOf(photo, index); });
    menu.addAction(tr("Paint the Other Photos with These Settings"), this, [this, index] { m_model->paintOthersLike(index); });
    menu.addSeparator();
    menu.addAction(tr("Delete This Version"), this, [this, photo, index] { m_model->removeVersion(photo, index); })
        ->setShortcut(QKeySequence::Delete);
    menu.exec(event->globalPos());
}

}  // namespace shuimo::ui
