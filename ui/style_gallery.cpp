#include "style_gallery.h"

#include <QDoubleSpinBox>
#include <algorithm>
#include <QFileInfo>
#include <QHeaderView>
#include <QImageReader>
#include <QMenu>
#include <QTreeWidget>
#include <QVBoxLayout>

#include "studio_model.h"

namespace shuimo::ui {
namespace {
constexpr int kPathRole = Qt::UserRole + 1;
constexpr int kThumb = 48;

QIcon thumbnail(const QString& path) {
    QImageReader reader(path);
    reader.setAutoTransform(true);
    const QSize size = reader.size();
    if (size.isValid()) reader.setScaledSize(size.scaled(kThumb * 2, kThumb * 2, Qt::KeepAspectRatio));
    return QIcon(QPixmap::fromImage(reader.read()));
}
}  // namespace

StyleGallery::StyleGallery(StudioModel* model, QWidget* parent) : QWidget(parent), m_model(model) {
    m_tree = new QTreeWidget(this);
    m_tree->setColumnCount(2);
    m_tree->setHeaderLabels({tr("Style"), tr("Blend")});
    m_tree->setRootIsDecorated(false);
    m_tree->setIconSize(QSize(kThumb, kThumb));
    m_tree->header()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_tree->header()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    m_tree->header()->setStretchLastSection(false);
    m_tree->setToolTip(tr("Tick one or more styles; drop your own reference images here"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_tree);
    connect(m_tree, &QTreeWidget::itemChanged, this, [this](QTreeWidgetItem* item, int column) {
        if (column != 0 || m_showing) return;
        const auto* spin = qobject_cast<QDoubleSpinBox*>(m_tree->itemWidget(item, 1));
        m_model->tickStyle(item->data(0, kPathRole).toString(), item->checkState(0) == Qt::Checked, spin ? spin->value() : 1.0);
    });
    connect(m_model, &StudioModel::stylesChanged, this, &StyleGallery::showSelection);
    // A style's recommended settings (from the manifest), on request: ticking a style never changes the sliders.
    m_tree->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(m_tree, &QWidget::customContextMenuRequested, this, [this](const QPoint& position) {
        QTreeWidgetItem* item = m_tree->itemAt(position);
        if (!item) return;
        const int index = m_tree->indexOfTopLevelItem(item);
        if (index < 0 || index >= m_entries.size() || m_entries[index].recommended.isEmpty()) return;
        QMenu menu(this);
        const QJsonObject settings = m_entries[index].recommended;
        menu.addAction(tr("Use Recommended Settings"), this, [this, settings] { Q_EMIT recommendedSettingsRequested(settings); });
        menu.exec(m_tree->viewport()->mapToGlobal(position));
    });
}

void StyleGallery::setEntries(const QList<StyleEntry>& entries) {
    m_tree->clear();
    m_entries.clear();
    for (const StyleEntry& entry : entries) addItem(entry);
    showSelection();
}

void StyleGallery::showSelection() {
    m_showing = true;
    for (const session::StyleRef& style : m_model->styles()) {
        if (!itemFor(style.path) && QFileInfo(style.path).isFile()) addItem(userStyleEntry(style.path));
    }
    for (int i = 0; i < m_tree->topLevelItemCount(); ++i) {
        QTreeWidgetItem* item = m_tree->topLevelItem(i);
        const QString path = item->data(0, kPathRole).toString();
        const auto& styles = m_model->styles();
        const auto ticked = std::find_if(styles.begin(), styles.end(), [&](const session::StyleRef& s) { return s.path == path; });
        if (ticked != styles.end()) {
            if (auto* spin = qobject_cast<QDoubleSpinBox*>(m_tree->itemWidget(item, 1))) {
                const QSignalBlocker blocker(spin);
                spin->setValue(ticked->blend);
            }
        }
        item->setCheckState(0, ticked != styles.end() ? Qt::Checked : Qt::Unchecked);
    }
    m_showing = false;
}

void StyleGallery::addItem(const StyleEntry& entry) {
    m_entries.append(entry);
    const QSignalBlocker blocker(m_tree);
    auto* item = new QTreeWidgetItem(m_tree);
    item->setText(0, entry.bundled ? entry.name : tr("%1 (yours)").arg(entry.name));
    item->setIcon(0, thumbnail(entry.path));
    item->setData(0, kPathRole, entry.path);
    item->setToolTip(0, entry.description.isEmpty() ? entry.path : entry.description);
    item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
    item->setCheckState(0, Qt::Unchecked);
    auto* blend = new QDoubleSpinBox(m_tree);
    blend->setRange(0.0, 10.0);
    blend->setSingleStep(0.1);
    blend->setValue(1.0);
    blend->setToolTip(tr("Blend weight of this style when several are ticked"));
    blend->setAccessibleName(tr("Blend weight of %1").arg(entry.name));
    m_tree->setItemWidget(item, 1, blend);
    connect(blend, &QDoubleSpinBox::valueChanged, this, [this, item](double value) {
        if (item->checkState(0) == Qt::Checked) m_model->tickStyle(item->data(0, kPathRole).toString(), true, value);
    });
}

bool StyleGallery::addUserStyle(const QString& path, bool select) {
    if (!isImageFile(path) || !QFileInfo(path).isFile()) return false;
    const QString absolute = QFileInfo(path).absoluteFilePath();
    if (!itemFor(absolute)) {
        addItem(userStyleEntry(absolute));
        showSelection();  // ticked already when the model names it
    }
    if (select) setSelected(absolute, true);
    return true;
}

QStringList StyleGallery::userStylePaths() const {
    QStringList paths;
    for (const StyleEntry& entry : m_entries) {
        if (!entry.bundled) paths << entry.path;
    }
    return paths;
}

QTreeWidgetItem* StyleGallery::itemFor(const QString& path) const {
    for (int i = 0; i < m_tree->topLevelItemCount(); ++i) {
        QTreeWidgetItem* item = m_tree->topLevelItem(i);
        if (item->data(0, kPathRole).toString() == path) return item;
    }
    return nullptr;
}

void StyleGallery::setSelected(const QString& path, bool selected, double blend) {
    const QString absolute = QFileInfo(path).absoluteFilePath();
    if (!itemFor(absolute)) return;
    m_model->tickStyle(absolute, selected, blend);
}

QStringList StyleGallery::selectedPaths() const {
    return m_model->stylePaths();
}

QList<double> StyleGallery::selectedBlend() const {
    return m_model->styleBlend();
}

}  // namespace shuimo::ui
