#include "batch_launcher.h"

#include "batch_controller.h"
#include "batch_dialog.h"
#include "message_bar.h"

namespace shuimo::ui {

BatchLauncher::BatchLauncher(QWidget* window) : QObject(window), m_window(window) {}

BatchDialog* BatchLauncher::ensureDialog() {
    if (m_dialog != nullptr) return m_dialog;
    m_dialog = new BatchDialog(m_window);
    if (m_quit) m_dialog->addAction(m_quit);
    BatchController* controller = m_dialog->controller();
    const auto report = [this, controller] {
        const batch::BatchProgress progress = controller->lastProgress();
        Q_EMIT statusChanged(controller->isRunning()
                                 ? tr("Batch export: %1 of %2 done").arg(progress.done + progress.failed + progress.cancelled).arg(progress.total)
                                 : QString());
    };
    connect(controller, &BatchController::progressChanged, this, report);
    connect(controller, &BatchController::runningChanged, this, report);
    return m_dialog;
}

bool BatchLauncher::isRunning() const {
    return m_dialog != nullptr && m_dialog->controller()->isRunning();
}

void BatchLauncher::open(const BatchInputs& inputs) {
    ensureDialog()->setInputs(inputs);
    m_dialog->show();
    m_dialog->raise();
    m_dialog->activateWindow();
}

QString BatchLauncher::run(const QString& queueFile, const batch::BatchQueue& queue) {
    BatchDialog* dialog = ensureDialog();
    const QString error = dialog->startQueue(queueFile, queue);
    dialog->show();
    dialog->raise();
    return error;
}

void BatchLauncher::offerResume(MessageBar* bar) {
    // A batch the last session left unfinished (quit, crash, power cut): offer to go on.
    QString batchFile;
    const QString offer = BatchDialog::resumeOfferText(&batchFile);
    if (!offer.isEmpty()) bar->showMessage(MessageBar::Kind::Information, offer, tr("Resume"), tr("Dismiss"));
    connect(bar, &MessageBar::actionTriggered, this, [this, bar, batchFile] {
        bar->hide();
        ensureDialog()->show();
        m_dialog->resumeQueue(batchFile);
    });
    connect(bar, &MessageBar::dismissed, this, &BatchDialog::forgetLastQueue);
}

void BatchLauncher::shutdown() {
    if (m_dialog != nullptr) m_dialog->shutdown();
}

}  // namespace shuimo::ui
