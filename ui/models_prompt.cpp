#include "models_prompt.h"

#include <QSettings>
#include <QTimer>
#include <QWidget>

#include "message_bar.h"
#include "models_dialog.h"
#include "shuimo/engine/model_paths.h"

namespace shuimo::ui {

ModelsPrompt::ModelsPrompt(QWidget* window, MessageBar* messages)
    : QObject(window), m_window(window), m_messages(messages) {}

void ModelsPrompt::refresh() {
    if (engine::find_installed_vgg19_weights()) {
        if (m_messages->kind() == MessageBar::Kind::Warning) m_messages->hide();
        return;
    }
    QStringList dirs;
    for (const auto& dir : engine::model_search_dirs()) dirs << QString::fromStdString(dir.string()).toHtmlEscaped();
    const QString target = dirs.isEmpty() ? QString() : dirs.last() + QStringLiteral("/vgg19.safetensors");
    m_messages->showMessage(
        MessageBar::Kind::Warning,
        tr("<b>No model installed yet.</b> Shuimo needs the VGG-19 weights (vgg19.safetensors, about 575 MB) to paint. "
           "It looked in: %1.<br>Open <i>Models…</i> to see how to get them, or save the file as <code>%2</code>.")
            .arg(dirs.join(QStringLiteral(", ")), target),
        tr("Models…"));
}

void ModelsPrompt::openDialog() {
    if (m_dialog == nullptr) {
        m_dialog = new ModelsDialog(m_window);
        connect(m_dialog, &ModelsDialog::modelsChanged, this, &ModelsPrompt::refresh);
    }
    m_dialog->show();
    m_dialog->raise();
    m_dialog->activateWindow();
}

void ModelsPrompt::offerOnFirstStart() {
    if (engine::find_installed_vgg19_weights() || QSettings().value(QStringLiteral("modelsOffered")).toBool()) return;
    QSettings().setValue(QStringLiteral("modelsOffered"), true);
    QTimer::singleShot(0, this, &ModelsPrompt::openDialog);
}

}  // namespace shuimo::ui
