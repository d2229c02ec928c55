#pragma once
// The Presets menu: save the parameter panel's values (and, with a gallery, the
// ticked styles and their blend) under a name, load one (the window applies
// the parameters, undoably; the menu ticks the preset's styles), delete one.
// The files are PresetsStore's.

#include <QMenu>

#include "shuimo/engine/style_params.h"

namespace shuimo::ui {

class ParameterPanel;
class PresetsStore;
class StyleGallery;

class PresetsMenu : public QMenu {
    Q_OBJECT
public:
    // `store` and `panel` outlive the menu.
    PresetsMenu(PresetsStore& store, ParameterPanel* panel, QWidget* parent = nullptr);
    // Presets then keep the gallery's ticked styles and blend (outlives the menu).
    void setStyleGallery(StyleGallery* gallery) { m_gallery = gallery; }
    // Asks for a name and saves the panel's values.
    void savePreset();
    // Loads a preset: emits presetChosen and ticks its styles in the gallery.
    void loadPreset(const QString& name);

Q_SIGNALS:
    void presetChosen(const shuimo::engine::StyleParams& params);
    void failed(const QString& message);

private:
    void rebuild();

    PresetsStore& m_store;
    ParameterPanel* m_panel;
    StyleGallery* m_gallery = nullptr;
    QMenu* m_load = nullptr;
    QMenu* m_delete = nullptr;
};

}  // namespace shuimo::ui
