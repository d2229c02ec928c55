#pragma once
// The main window's door to batch export: the Batch dialog, made on first use
// and kept (its batch runs while it is hidden), opened with the window's
// photos, ticked styles and parameters; the offer to resume a batch the last
// session left unfinished; stopping the runner when the app quits.

#include <QObject>

class QAction;
class QWidget;

namespace shuimo::batch {
struct BatchQueue;
}

namespace shuimo::ui {

class BatchDialog;
class MessageBar;
struct BatchInputs;

class BatchLauncher : public QObject {
    Q_OBJECT
public:
    explicit BatchLauncher(QWidget* window);
    BatchDialog* dialog() const { return m_dialog; }  // null until first opened
    void open(const BatchInputs& inputs);
    // Shows the dialog running `queue` from `queueFile` (BatchDialog::startQueue); an error message, empty when started.
    QString run(const QString& queueFile, const batch::BatchQueue& queue);
    // "An unfinished batch … Resume / Dismiss" in `bar`, if there is one.
    void offerResume(MessageBar* bar);
    // Running jobs back to "queued": the next start resumes them.
    void shutdown();
    bool isRunning() const;
    // The app's Quit, so that Ctrl+Q also works while the dialog has the focus.
    void setQuitAction(QAction* quit) { m_quit = quit; }

Q_SIGNALS:
    // What the main window's status bar says of a batch (empty: none runs), while its dialog may be hidden.
    void statusChanged(const QString& text);

private:
    BatchDialog* ensureDialog();

    QWidget* m_window;
    BatchDialog* m_dialog = nullptr;
    QAction* m_quit = nullptr;
};

}  // namespace shuimo::ui
