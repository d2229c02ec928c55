#include "presets_menu.h"

#include <QInputDialog>

#include "parameter_panel.h"
#include "presets_store.h"

namespace shuimo::ui {

PresetsMenu::PresetsMenu(PresetsStore& store, ParameterPanel* panel, QWidget* parent)
    : QMenu(tr("Pre&sets"), parent), m_store(store), m_panel(panel) {
    addAction(tr("&Save Preset…"), this, &PresetsMenu::savePreset);
    m_load = addMenu(tr("&Load Preset"));
    m_delete = addMenu(tr("&Delete Preset"));
    rebuild();
}

void PresetsMenu::rebuild() {
    m_load->clear();
    m_delete->clear();
    const QStringList names = m_store.names();
    for (const QString& name : names) {
        m_load->addAction(name, this, [this, name] {
            if (const auto params = m_store.load(name)) Q_EMIT presetChosen(*params);
        });
        m_delete->addAction(name, this, [this, name] {
            m_store.remove(name);
            rebuild();
        });
    }
    m_load->setEnabled(!names.isEmpty());
    m_delete->setEnabled(!names.isEmpty());
}

void PresetsMenu::savePreset() {
    bool ok = false;
    const QString name = QInputDialog::getText(parentWidget(), tr("Save Preset"), tr("Name of the preset:"), QLineEdit::Normal,
                                               QString(), &ok);
    if (!ok) return;
    const QString error = m_store.save(name, m_panel->params());
    if (!error.isEmpty()) Q_EMIT failed(error);
    rebuild();
}

}  // namespace shuimo::ui
