#pragma once
// What the window does with the session file and what asks the artist first:
// Save, Save As, Open (with their file dialogs), removing a photo that has
// unexported paintings, quitting with work in progress or unsaved, and the busy
// "Saving…" dialog while the studio model writes the file. The document itself is
// the model's (model/studio_model.h); this only asks and reports.

#include <QObject>
#include <QPointer>

class QMainWindow;
class QProgressDialog;

namespace shuimo::ui {

class BatchLauncher;
class MessageBar;
class Prompt;
class StudioModel;

class SessionActions : public QObject {
    Q_OBJECT
public:
    SessionActions(QMainWindow* window, StudioModel* model, MessageBar* messages, const Prompt* prompt, BatchLauncher* batch);

    // File › Save Session (asks for a file the first time), Save Session As…, Open Session…
    bool save();
    bool saveAs();
    void open();
    // Each returns an error message, empty on success (and says so in the status bar).
    QString saveTo(const QString& path);
    QString openFrom(const QString& path);
    // Asks first when the photo has unexported paintings; false: kept.
    bool removePhoto(const QString& path);
    // Asks Save / Discard / Cancel when quitting would stop a run or a batch or lose paintings,
    // then writes the autosave; false: stay.
    bool confirmClose();

private:
    QMainWindow* m_window;
    StudioModel* m_model;
    MessageBar* m_messages;
    const Prompt* m_prompt;
    BatchLauncher* m_batch;
    QPointer<QProgressDialog> m_saving;
};

}  // namespace shuimo::ui
