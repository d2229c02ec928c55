#include "params_command.h"

#include <QCoreApplication>

#include "parameter_panel.h"

namespace shuimo::ui {

ParamsCommand::ParamsCommand(ParameterPanel* panel, engine::StyleParams before, engine::StyleParams after, bool* applying)
    : m_panel(panel), m_before(std::move(before)), m_after(std::move(after)), m_applying(applying) {
    setText(QCoreApplication::translate("shuimo::ui::MainWindow", "parameter change"));
}

void ParamsCommand::undo() {
    apply(m_before);
}

void ParamsCommand::redo() {
    if (m_first) {  // the panel already shows it
        m_first = false;
        return;
    }
    apply(m_after);
}

void ParamsCommand::apply(const engine::StyleParams& params) {
    *m_applying = true;
    m_panel->setParams(params);
    *m_applying = false;
}

}  // namespace shuimo::ui
