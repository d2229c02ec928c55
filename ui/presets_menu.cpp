#include "presets_menu.h"

#include <QFileInfo>
#include <QInputDialog>
#include <algorithm>

#include "parameter_panel.h"
#include "presets_store.h"
#include "style_gallery.h"

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
    const QString error = m_gallery ? m_store.save(name, m_panel->params(), m_gallery->selectedPaths(), m_gallery->selectedBlend())
                                    : m_store.save(name, m_panel->params());
    if (!error.isEmpty()) Q_EMIT failed(error);
    rebuild();
}

void PresetsMenu::loadPreset(const QString& name) {
    const auto preset = m_store.loadPreset(name);
    if (!preset) {
        Q_EMIT failed(tr("The preset “%1” cannot be read.").arg(name));
        return;
    }
    Q_EMIT presetChosen(preset->params);
    if (!m_gallery || preset->styles.isEmpty()) return;  // an older preset: the styles stay as they are
    QStringList missing;
    for (const QString& path : m_gallery->selectedPaths()) m_gallery->setSelected(path, false);
    for (qsizetype i = 0; i < preset->styles.size(); ++i) {
        const QString& path = preset->styles[i];
        const double blend = preset->blend.isEmpty() ? 1.0 : preset->blend[i];
        const QList<StyleEntry> entries = m_gallery->entries();
        const bool known =
            std::any_of(entries.cbegin(), entries.cend(), [&](const StyleEntry& entry) { return entry.path == path; });
        if (!QFileInfo::exists(path) || (!known && !m_gallery->addUserStyle(path, false))) {
            missing << QFileInfo(path).fileName();
            continue;
        }
        m_gallery->setSelected(path, true, blend);
    }
    if (!missing.isEmpty()) {
        Q_EMIT failed(tr("The preset’s styles %1 are missing; the others are ticked.").arg(missing.join(tr(", "))));
    }
}

}  // namespace shuimo::ui
