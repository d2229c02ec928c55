#include "style_controller.h"

#include "engine_worker.h"
#include "preferences.h"

namespace shuimo::ui {

StyleController::StyleController(QObject* parent) : QObject(parent) {
    registerJobTypes();
    m_thread.setObjectName(QStringLiteral("shuimo-engine"));
    m_worker = new EngineWorker;
    m_worker->moveToThread(&m_thread);
    connect(&m_thread, &QThread::finished, m_worker, &QObject::deleteLater);

    connect(m_worker, &EngineWorker::progressed, this, [this](quint64 id, const engine::IterationReport& report) {
        if (id == m_currentJob) Q_EMIT progressed(report);
    });
    connect(m_worker, &EngineWorker::previewReady, this, [this](quint64 id, const QImage& image, int iteration) {
        if (id == m_currentJob) Q_EMIT previewReady(image, iteration);
    });
    connect(m_worker, &EngineWorker::jobFinished, this, [this](quint64 id, const QImage& image, const JobOutcome& outcome) {
        if (id != m_currentJob) return;
        setBusy(false);
        Q_EMIT jobFinished(image, outcome);
    });
    connect(m_worker, &EngineWorker::failed, this, [this](quint64 id, const QString& message, ErrorKind kind) {
        if (id != m_currentJob) return;
        setBusy(false);
        Q_EMIT failed(message, kind);
    });
    connect(m_worker, &EngineWorker::notice, this, [this](quint64 id, const QString& message) {
        if (id == 0 || id == m_currentJob) Q_EMIT notice(message);
    });
    connect(m_worker, &EngineWorker::throughputMeasured, this,
            [this](const QString&, int, double gflops) { Q_EMIT throughputMeasured(gflops); });
    connect(m_worker, &EngineWorker::memoryMeasured, this,
            [this](const QString& device, int precision, const QString& resolved, const QString& convolutions, quint64 bytes) {
                Q_EMIT memoryMeasured(device, static_cast<engine::Precision>(precision), resolved, convolutions, bytes);
            });
    m_thread.start();
    QMetaObject::invokeMethod(m_worker, &EngineWorker::yieldToInterface, Qt::QueuedConnection);
}

StyleController::~StyleController() {
    shutdown();
}

void StyleController::shutdown() {
    if (!m_thread.isRunning()) return;
    m_worker->cancelUpTo(m_nextJob);
    m_thread.quit();
    m_thread.wait();
}

quint64 StyleController::startJob(const JobRequest& request) {
    m_currentJob = m_nextJob++;
    JobRequest job = request;
    // The preview cadence is a preference, not a parameter: requests leave it at 0 (never).
    if (job.params.preview_every == 0 && job.params.preview_interval_ms == 0) job.params.preview_interval_ms = previewIntervalMs();
    // So is the memory it may use ("use at most"; 0 automatic: the engine fits the available memory).
    if (job.params.max_memory == 0) job.params.max_memory = memoryLimitBytes();
    m_worker->submit(m_currentJob, job);
    setBusy(true);
    return m_currentJob;
}

void StyleController::setLiveWeights(const engine::LossWeights& weights) {
    if (m_busy) m_worker->setLiveWeights(m_currentJob, weights);
}

void StyleController::cancel() {
    if (m_busy) m_worker->cancelUpTo(m_currentJob);
}

void StyleController::measureThroughput(const QString& device, engine::Precision precision) {
    QMetaObject::invokeMethod(m_worker, "measureThroughput", Qt::QueuedConnection, Q_ARG(QString, device),
                              Q_ARG(int, static_cast<int>(precision)));
}

void StyleController::measureMemory(const QString& device, engine::Precision precision) {
    QMetaObject::invokeMethod(m_worker, "measureMemory", Qt::QueuedConnection, Q_ARG(QString, device),
                              Q_ARG(int, static_cast<int>(precision)));
}

void StyleController::setBusy(bool busy) {
    if (m_busy == busy) return;
    m_busy = busy;
    Q_EMIT busyChanged(busy);
}

}  // namespace shuimo::ui
