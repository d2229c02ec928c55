#pragma once
// The Presets menu: save the studio's parameters, ticked styles and blend under
// a name, load one (the studio takes its parameters and styles as one undo
// step), delete one, or reset every setting to its default. The files are
// PresetsStore's.

#include <QMenu>

#include "shuimo/engine/style_params.h"

namespace shuimo::ui {

class PresetsStore;
class StudioModel;

class PresetsMenu : public QMenu {
    Q_OBJECT
public:
    // `store` and `model` outlive the menu.
    PresetsMenu(PresetsStore& store, StudioModel* model, QWidget* parent = nullptr);
    // Asks for a name and saves the studio's parameters and styles.
    void savePreset();
    // Loads a preset into the studio (an older preset without styles leaves the ticked ones); emits presetChosen.
    void loadPreset(const QString& name);

Q_SIGNALS:
    void presetChosen(const shuimo::engine::StyleParams& params);
    void failed(const QString& message);

private:
    void rebuild();

    PresetsStore& m_store;
    StudioModel* m_model;
    QMenu* m_load = nullptr;
    QMenu* m_delete = nullptr;
};

}  // namespace shuimo::ui
