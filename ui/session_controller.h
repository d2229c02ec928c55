#pragma once
// The window's hold on the session document (session/): the photos and their
// paintings, the runs waiting for the engine (one per photo, started in turn:
// a run belongs to its photo, switching photos never cancels one), the session
// file (Save / Open, the autosave restored at start) and whether quitting would
// lose work. No widgets of its own; it tells the window what changed.

#include <QImage>
#include <QMessageBox>
#include <QObject>
#include <QString>
#include <functional>
#include <optional>
#include <vector>

#include "job_types.h"
#include "shuimo/session/session.h"

namespace shuimo::ui {

// A painting's pixels for the screen (8-bit RGB).
QImage toQImage(const session::Picture& picture);

class SessionController : public QObject {
    Q_OBJECT
public:
    explicit SessionController(QObject* parent = nullptr);

    const session::Session& session() const { return m_session; }
    // Replaces the whole document (opened or restored); emits sessionReplaced.
    void setSession(session::Session session);

    // --- photos (the strip adds and removes them, the document follows) ---
    void addPhoto(const QString& path);
    void removePhoto(const QString& path);
    void setPhotoOrder(const QStringList& paths);
    void setCurrentPhoto(const QString& path);
    QString currentPhoto() const;

    // --- paintings ---
    // The current photo's current painting, or null.
    const session::Painting* currentPainting() const;
    const session::Painting* currentPainting(const QString& photo) const;
    // A finished or cancelled run of `request`: a new version of its photo. Returns its index.
    int addRun(const JobRequest& request, const JobOutcome& outcome);
    // A version made without a run (re-finished); it becomes current. Returns its index.
    int addVersion(const QString& photo, session::Painting painting);
    void setCurrentVersion(const QString& photo, int index);
    void removeVersion(const QString& photo, int index);
    void markExported(const QString& photo, int index, const QString& file);

    // --- runs: one running, the others waiting (at most one per photo) ---
    void setRunning(const std::optional<JobRequest>& request) { m_running = request; Q_EMIT runsChanged(); }
    const std::optional<JobRequest>& running() const { return m_running; }
    QString runningPhoto() const { return m_running ? m_running->contentPath : QString(); }
    // Queues (or replaces) the photo's waiting run.
    void enqueue(const JobRequest& request);
    bool unqueue(const QString& photo);
    bool isQueued(const QString& photo) const;
    std::optional<JobRequest> takeNext();
    int queuedCount() const { return static_cast<int>(m_queue.size()); }

    // --- file ---
    QString filePath() const { return m_filePath; }
    bool isModified() const { return m_modified; }
    // Returns an error message for the user (empty on success). Saving writes a
    // snapshot of the document on a thread of its own while this thread's event loop
    // runs (a busy "Saving…" dialog after 300 ms): large paintings never freeze the
    // window. Changes made meanwhile are not in the file and leave the document modified.
    QString saveTo(const QString& path);
    QString openFrom(const QString& path);
    // The autosave in the app's data folder: written at quit, opened at start.
    static QString autosavePath();
    QString writeAutosave();
    // A save is being written (the event loop runs meanwhile): a second one, or quitting, waits.
    bool isSaving() const { return m_saving; }
    void removeAutosave();
    // Opens the autosave if there is one. An unreadable one is moved aside (never
    // overwritten) and the message says where; empty message when all went well.
    QString restoreAutosave();

    // Asks the user (QMessageBox::question); tests answer through setPromptHook.
    using PromptHook = std::function<QMessageBox::StandardButton(const QString& question, QMessageBox::StandardButtons buttons)>;
    void setPromptHook(PromptHook hook) { m_prompt = std::move(hook); }
    QMessageBox::StandardButton ask(QWidget* parent, const QString& question, QMessageBox::StandardButtons buttons,
                                    QMessageBox::StandardButton defaultButton) const;

Q_SIGNALS:
    void sessionReplaced();
    // A photo's versions changed (added, removed, current one changed).
    void versionsChanged(const QString& photo);
    void runsChanged();
    void modifiedChanged(bool modified);

private:
    session::Photo* photo(const QString& path) { return m_session.photo(path); }
    void setModified(bool modified);
    // Writes a copy of the document to `path` off this thread; the error message, empty on success.
    QString writeSnapshot(const QString& path);

    session::Session m_session;
    std::optional<JobRequest> m_running;
    std::vector<JobRequest> m_queue;
    QString m_filePath;
    bool m_modified = false;
    quint64 m_changes = 0;  // every change counts: a save clears "modified" only if none came during it
    bool m_saving = false;
    PromptHook m_prompt;
};

}  // namespace shuimo::ui
