#pragma once
// The GUI thread's side of a batch export: owns the queue on disk (QueueStore)
// and a BatchRunner working it on a thread of its own, and turns the runner's
// observer callbacks (made on its worker threads) into queued signals. No call
// here waits for a job: pause, cancel and stop only ask the runner; shutdown
// (stop, then join) returns as soon as running jobs have been put back to
// "queued", which the next start resumes.

#include <QMetaType>
#include <QObject>
#include <QString>
#include <atomic>
#include <functional>
#include <memory>
#include <thread>

#include "shuimo/batch/batch_queue.h"
#include "shuimo/batch/batch_runner.h"

namespace shuimo::batch {
class QueueStore;
}

namespace shuimo::ui {

class BatchController : public QObject {
    Q_OBJECT
public:
    explicit BatchController(QObject* parent = nullptr);
    ~BatchController() override;  // stops and joins the runner

    // Writes `queue` to `queueFile` (batch::QueueStore::create) and opens it.
    // Returns an error message for the user, empty on success. Refused while running.
    QString create(const QString& queueFile, const batch::BatchQueue& queue);
    // Opens an existing queue file; jobs a crash left "running" go back to "queued".
    QString open(const QString& queueFile);

    bool hasQueue() const { return static_cast<bool>(m_store); }
    QString queueFile() const { return m_queueFile; }
    batch::BatchQueue snapshot() const;
    bool isRunning() const { return static_cast<bool>(m_runner); }
    bool isPaused() const { return m_paused; }
    // Workers waiting for resume (batch::BatchRunner::held_workers): a paused batch is settled
    // when every worker is held.
    int heldWorkers() const;
    batch::BatchProgress lastProgress() const { return m_progress; }

    // Counts of the queue's jobs by status (fraction and ETA left at their defaults).
    static batch::BatchProgress countJobs(const batch::BatchQueue& queue);

public Q_SLOTS:
    // Runs the queued jobs (no-op while running or without a queue). The weights are
    // those the main window uses: engine::find_installed_vgg19_weights().
    void start();
    void pause();
    void resume();
    void cancelJob(const QString& id);
    void cancelAll();
    // Failed and cancelled jobs back to "queued", then start if idle.
    void retryFailed();
    // Running jobs back to "queued"; returns once the runner's thread has ended.
    void stop();

Q_SIGNALS:
    void jobStarted(const QString& id);
    void jobProgress(const QString& id, int iteration, int total, double elapsedSeconds);
    // The job's new status: Done, Failed (with `error`), Cancelled, or Queued (stopped).
    void jobFinished(const QString& id, shuimo::batch::JobStatus status, const QString& error, double seconds);
    void progressChanged(const shuimo::batch::BatchProgress& progress);
    void notice(const QString& message);
    // The runner could not start or stopped by an error (missing weights, no device).
    void runnerFailed(const QString& message);
    void runningChanged(bool running);
    void pausedChanged(bool paused);
    // The runner has returned: nothing queued is left, or it was stopped.
    void finished();
    // The queue changed outside the runner's callbacks (retry, cancel of queued
    // jobs, a new queue): views re-read snapshot().
    void queueChanged();

private:
    QString replaceStore(const QString& queueFile, const std::function<std::unique_ptr<batch::QueueStore>()>& makeStore);

    class Observer;
    void onRunEnded(const QString& error);
    void setPaused(bool paused);
    void joinRunner();

    std::unique_ptr<batch::QueueStore> m_store;
    std::unique_ptr<Observer> m_observer;
    std::unique_ptr<batch::BatchRunner> m_runner;  // while running
    std::thread m_thread;                          // runs m_runner->run()
    quint64 m_runs = 0;                            // numbers runs: a late "ended" of an earlier one is ignored
    QString m_queueFile;
    batch::BatchProgress m_progress;
    bool m_paused = false;
    bool m_startAgain = false;  // retryFailed() during a run
};

}  // namespace shuimo::ui

Q_DECLARE_METATYPE(shuimo::batch::BatchProgress)
Q_DECLARE_METATYPE(shuimo::batch::JobStatus)
