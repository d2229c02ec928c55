#pragma once
// The one object that runs torch: it lives on a long-lived QThread, owns the
// StyleEngine (weights loaded once, reloaded only when the path changes) and
// turns the engine's progress sink into queued signals.
//
// submit(), cancelUpTo() and setLiveWeights() are thread-safe and meant to be
// called from the GUI thread; everything else runs on the worker's thread.
// Only the newest submitted request runs (as in Qt's Mandelbrot example): a
// submission cancels older jobs and replaces a request that has not started.

#include <QObject>
#include <QString>
#include <atomic>
#include <map>
#include <memory>
#include <mutex>
#include <optional>

#include "job_types.h"

namespace shuimo::engine {
class StyleEngine;
}

namespace shuimo::ui {

class EngineWorker : public QObject {
    Q_OBJECT
public:
    explicit EngineWorker(QObject* parent = nullptr);
    ~EngineWorker() override;

    // Thread-safe. Cancels every job with a smaller id and queues this one.
    void submit(quint64 jobId, const JobRequest& request);
    // Thread-safe. Jobs with ids up to jobId stop within one evaluation.
    void cancelUpTo(quint64 jobId);
    // Thread-safe. The running job jobId takes these weights at its next evaluation.
    void setLiveWeights(quint64 jobId, const engine::LossWeights& weights);

public Q_SLOTS:
    // Runs the newest pending request, if any (queued by submit()).
    void processPending();
    // Lowers this thread's scheduling priority (Linux: nice +4), before torch
    // starts its thread pool from here so the pool inherits it. On a machine with
    // few cores the GUI thread then wins the CPU whenever it has work, instead of
    // queueing behind torch's threads on equal terms. Call once, first.
    void yieldToInterface();
    // Measures the convolution throughput once (cached by the engine).
    void measureThroughput(const QString& device, int precision);
    // Reads the memory a job on `device` could use now (engine::available_memory) and the
    // convolution precision `precision` (an engine::Precision) comes to there.
    void measureMemory(const QString& device, int precision);

Q_SIGNALS:
    void jobStarted(quint64 jobId);
    void progressed(quint64 jobId, const shuimo::engine::IterationReport& report);
    void previewReady(quint64 jobId, const QImage& image, int iteration);
    void jobFinished(quint64 jobId, const QImage& image, const shuimo::ui::JobOutcome& outcome);
    // `kind` from the exception's type (errorKindOf), not from the message.
    void failed(quint64 jobId, const QString& message, shuimo::ui::ErrorKind kind);
    void notice(quint64 jobId, const QString& message);
    void throughputMeasured(const QString& device, int precision, double gflops);
    // `resolved`: the device `device` came to ("cpu", "cuda:0"); `convolutions`: the precision
    // `precision` came to there ("fp32", "bf16", "fp16"); bytes 0 = unknown.
    void memoryMeasured(const QString& device, int precision, const QString& resolved, const QString& convolutions,
                        quint64 bytes);

private:
    friend class WorkerSink;
    void runJob(quint64 jobId, const JobRequest& request);
    const engine::Image& loadImage(const QString& path, int frame = 0);
    static QString imageKey(const QString& path, int frame);
    std::optional<engine::LossWeights> takeLiveWeights(quint64 jobId);
    bool isCancelled(quint64 jobId) const { return jobId <= m_cancelledUpTo.load(); }

    std::unique_ptr<engine::StyleEngine> m_engine;  // worker thread only
    std::map<QString, engine::Image> m_images;      // worker thread only: the last job's inputs

    std::atomic<quint64> m_cancelledUpTo{0};
    std::mutex m_mutex;  // guards the members below
    std::optional<std::pair<quint64, JobRequest>> m_pending;
    std::optional<std::pair<quint64, engine::LossWeights>> m_liveWeights;
};

}  // namespace shuimo::ui
