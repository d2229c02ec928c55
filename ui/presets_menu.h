#pragma once
// The Presets menu: save the parameter panel's values under a name, load one
// (the window applies it, undoably), delete one. The files are PresetsStore's.

#include <QMenu>

#include "shuimo/engine/style_params.h"

namespace shuimo::ui {

class ParameterPanel;
class PresetsStore;

class PresetsMenu : public QMenu {
    Q_OBJECT
public:
    // `store` and `panel` outlive the menu.
    PresetsMenu(PresetsStore& store, ParameterPanel* panel, QWidget* parent = nullptr);
    // Asks for a name and saves the panel's values.
    void savePreset();

Q_SIGNALS:
    void presetChosen(const shuimo::engine::StyleParams& params);
    void failed(const QString& message);

private:
    void rebuild();

    PresetsStore& m_store;
    ParameterPanel* m_panel;
    QMenu* m_load = nullptr;
    QMenu* m_delete = nullptr;
};

}  // namespace shuimo::ui
