#pragma once
// The styles: bundled references and the user's own, each with a thumbnail, a
// check box to use it and a blend weight for mixing several.

#include <QList>
#include <QWidget>

#include "style_library.h"

class QTreeWidget;
class QTreeWidgetItem;

namespace shuimo::ui {

class StyleGallery : public QWidget {
    Q_OBJECT
public:
    explicit StyleGallery(QWidget* parent = nullptr);

    void setEntries(const QList<StyleEntry>& entries);
    // Adds the user's own reference (no duplicates); returns false if it is not an image.
    bool addUserStyle(const QString& path, bool select = true);
    QList<StyleEntry> entries() const { return m_entries; }
    QStringList userStylePaths() const;

    // The checked styles and their blend weights.
    QStringList selectedPaths() const;
    QList<double> selectedBlend() const;
    void setSelected(const QString& path, bool selected, double blend = 1.0);
    int count() const { return static_cast<int>(m_entries.size()); }

Q_SIGNALS:
    void selectionChanged();
    void recommendedSettingsRequested(const QJsonObject& settings);

private:
    QTreeWidgetItem* itemFor(const QString& path) const;
    void addItem(const StyleEntry& entry);

    QTreeWidget* m_tree = nullptr;
    QList<StyleEntry> m_entries;
};

}  // namespace shuimo::ui
