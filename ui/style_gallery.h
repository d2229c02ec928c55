#pragma once
// The styles: bundled references and the user's own, each with a thumbnail, a
// check box to use it and a blend weight for mixing several. The list is the
// gallery's (a catalogue); which styles are ticked, and their blend, is the studio
// model's (model/studio_model.h): the gallery shows it and sends ticks back.

#include <QList>
#include <QWidget>

#include "style_library.h"

class QTreeWidget;
class QTreeWidgetItem;

namespace shuimo::ui {

class StudioModel;

class StyleGallery : public QWidget {
    Q_OBJECT
public:
    explicit StyleGallery(StudioModel* model, QWidget* parent = nullptr);

    void setEntries(const QList<StyleEntry>& entries);
    // Adds the user's own reference (no duplicates); returns false if it is not an image.
    bool addUserStyle(const QString& path, bool select = true);
    QList<StyleEntry> entries() const { return m_entries; }
    QStringList userStylePaths() const;

    // The ticked styles and their blend weights (the model's).
    QStringList selectedPaths() const;
    QList<double> selectedBlend() const;
    // Ticks (or unticks) a style, as a click would.
    void setSelected(const QString& path, bool selected, double blend = 1.0);
    int count() const { return static_cast<int>(m_entries.size()); }

Q_SIGNALS:
    void recommendedSettingsRequested(const QJsonObject& settings);

private:
    QTreeWidgetItem* itemFor(const QString& path) const;
    void addItem(const StyleEntry& entry);
    // Ticks and blends as the model has them (a style it names that the list lacks is added).
    void showSelection();

    StudioModel* m_model;
    QTreeWidget* m_tree = nullptr;
    QList<StyleEntry> m_entries;
    bool m_showing = false;
};

}  // namespace shuimo::ui
