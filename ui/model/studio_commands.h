#pragma once
// Undo for the parameter panel: one command per committed edit (a slider let
// go, a preset loaded, a style's recommended settings applied).

#include <QUndoCommand>

#include "shuimo/engine/style_params.h"

namespace shuimo::ui {

class ParameterPanel;

// The values before and after one edit. The panel already shows `after` when
// the command is pushed; `applying` is set while undo/redo set the panel, so
// that the panel's own "committed" signal does not push a second command.
class ParamsCommand : public QUndoCommand {
public:
    ParamsCommand(ParameterPanel* panel, engine::StyleParams before, engine::StyleParams after, bool* applying);
    void undo() override;
    void redo() override;

private:
    void apply(const engine::StyleParams& params);
    ParameterPanel* m_panel;
    engine::StyleParams m_before;
    engine::StyleParams m_after;
    bool* m_applying;
    bool m_first = true;
};

}  // namespace shuimo::ui
