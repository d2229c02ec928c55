#include "presets_menu.h"

#include <QInputDialog>

#include "presets_store.h"
#include "studio_model.h"

namespace shuimo::ui {

PresetsMenu::PresetsMenu(PresetsStore& store, StudioModel* model, QWidget* parent)
    : QMenu(tr("Pre&sets"), parent), m_store(store), m_model(model) {
    addAction(tr("&Save Preset…"), this, &PresetsMenu::savePreset);
    m_load = addMenu(tr("&Load Preset"));
    m_delete = addMenu(tr("&Delete Preset"));
    addSeparator();
    addAction(tr("&Reset Settings to Defaults"), m_model, &StudioModel::resetParams);
    rebuild();
}

void PresetsMenu::rebuild() {
    m_load->clear();
    m_delete->clear();
    const QStringList names = m_store.names();
    for (const QString& name : names) {
        m_load->addAction(name, this, [this, name] { loadPreset(name); });
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
    const QString error = m_store.save(name, m_model->params(), m_model->stylePaths(), m_model->styleBlend());
    if (!error.isEmpty()) Q_EMIT failed(error);
    rebuild();
}

void PresetsMenu::loadPreset(const QString& name) {
    const auto preset = m_store.loadPreset(name);
    if (!preset) {
        Q_EMIT failed(tr("The preset “%1” cannot be read.").arg(name));
        return;
    }
    std::vector<session::StyleRef> styles;
    for (qsizetype i = 0; i < preset->styles.size(); ++i) {
        styles.push_back({preset->styles[i], preset->blend.isEmpty() ? 1.0 : preset->blend[i]});
    }
    // An older preset without styles leaves the ticked ones as they are.
    const QStringList missing = m_model->applySettings(preset->params, styles, tr("preset “%1”").arg(name));
    Q_EMIT presetChosen(preset->params);
    if (!missing.isEmpty()) {
        Q_EMIT failed(tr("The preset’s styles %1 are missing; the others are ticked.").arg(missing.join(tr(", "))));
    }
}

}  // namespace shuimo::ui
