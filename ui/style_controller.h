#pragma once
// The GUI thread's side of the engine: starts the worker thread, numbers jobs,
// lets the newest request win, drops results of stale jobs and shuts the
// thread down (cancel -> quit -> wait). Signals carry only the current job's news.

#include <QObject>
#include <QThread>

#include "job_types.h"

namespace shuimo::ui {

class EngineWorker;

class StyleController : public QObject {
    Q_OBJECT
public:
    explicit StyleController(QObject* parent = nullptr);
    ~StyleController() override;

    // Starts a job; a running one is cancelled and its results dropped. Returns its id.
    quint64 startJob(const JobRequest& request);
    // Changes the running job's loss weights from its next evaluation on (no restart).
    void setLiveWeights(const engine::LossWeights& weights);
    bool isBusy() const { return m_busy; }
    quint64 currentJobId() const { return m_currentJob; }
    void measureThroughput(const QString& device, engine::Precision precision);
    // Asks the worker what memory a job on `device` could use and what `precision` comes to there (memoryMeasured).
    void measureMemory(const QString& device, engine::Precision precision);
    void shutdown();

public Q_SLOTS:
    void cancel();

Q_SIGNALS:
    void busyChanged(bool busy);
    void progressed(const shuimo::engine::IterationReport& report);
    void previewReady(const QImage& image, int iteration);
    void jobFinished(const QImage& image, const shuimo::ui::JobOutcome& outcome);
    // `kind` says what failed (weights, parameters, device, an image, memory).
    void failed(const QString& message, shuimo::ui::ErrorKind kind);
    void notice(const QString& message);
    void throughputMeasured(double gflops);
    // For device ("auto", "cpu", …), which came to `resolved` ("cpu", "cuda:0"): bytes available (0 unknown),
    // and the convolution precision `precision` came to there ("fp32", "bf16", "fp16": engine::conv_bytes).
    void memoryMeasured(const QString& device, shuimo::engine::Precision precision, const QString& resolved,
                        const QString& convolutions, quint64 bytes);

private:
    void setBusy(bool busy);

    QThread m_thread;
    EngineWorker* m_worker = nullptr;  // lives on m_thread; deleted when it finishes
    quint64 m_nextJob = 1;
    quint64 m_currentJob = 0;
    bool m_busy = false;
};

}  // namespace shuimo::ui
