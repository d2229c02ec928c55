#include "engine_worker.h"

#include <QDebug>
#include <QFileInfo>
#include <algorithm>
#include <exception>

#include "error_messages.h"
#include "shuimo/engine/errors.h"
#include "shuimo/engine/model_paths.h"
#include "shuimo/engine/style_engine.h"
#include "shuimo/engine/system_helpers.h"
#include "shuimo/image_io/image_io.h"
#include "shuimo/video_io/video_io.h"
#include "image_files.h"

namespace shuimo::ui {

// The engine's sink for one job: forwards to the worker's signals. Previews are
// already throttled by the engine (params.preview_interval_ms).
class WorkerSink final : public engine::ProgressSink {
public:
    WorkerSink(EngineWorker& worker, quint64 jobId) : m_worker(worker), m_jobId(jobId) {}

    void on_iteration(const engine::IterationReport& report) override {
        Q_EMIT m_worker.progressed(m_jobId, report);
    }
    void on_preview(const engine::Image& image, const engine::IterationReport& report) override {
        Q_EMIT m_worker.previewReady(m_jobId, toQImage(image), report.iteration);
    }
    void on_notice(const std::string& message) override {
        Q_EMIT m_worker.notice(m_jobId, QString::fromStdString(message));
    }
    // Said in the interface's language from the notice's code and arguments (error_messages.h).
    void on_coded_notice(const engine::Notice& notice) override {
        Q_EMIT m_worker.notice(m_jobId, noticeMessage(notice));
    }
    bool is_cancelled() const override { return m_worker.isCancelled(m_jobId); }
    std::optional<engine::LossWeights> poll_weights() override { return m_worker.takeLiveWeights(m_jobId); }

private:
    EngineWorker& m_worker;
    quint64 m_jobId;
};

EngineWorker::EngineWorker(QObject* parent) : QObject(parent) {
    registerJobTypes();
}

EngineWorker::~EngineWorker() = default;

void EngineWorker::submit(quint64 jobId, const JobRequest& request) {
    if (jobId > 0) cancelUpTo(jobId - 1);
    {
        const std::lock_guard lock(m_mutex);
        m_pending = std::make_pair(jobId, request);
    }
    QMetaObject::invokeMethod(this, &EngineWorker::processPending, Qt::QueuedConnection);
}

void EngineWorker::cancelUpTo(quint64 jobId) {
    quint64 current = m_cancelledUpTo.load();
    while (current < jobId && !m_cancelledUpTo.compare_exchange_weak(current, jobId)) {
    }
}

void EngineWorker::setLiveWeights(quint64 jobId, const engine::LossWeights& weights) {
    const std::lock_guard lock(m_mutex);
    m_liveWeights = std::make_pair(jobId, weights);
}

std::optional<engine::LossWeights> EngineWorker::takeLiveWeights(quint64 jobId) {
    const std::lock_guard lock(m_mutex);
    if (!m_liveWeights || m_liveWeights->first != jobId) return std::nullopt;
    const engine::LossWeights weights = m_liveWeights->second;
    m_liveWeights.reset();
    return weights;
}

void EngineWorker::processPending() {
    std::optional<std::pair<quint64, JobRequest>> next;
    {
        const std::lock_guard lock(m_mutex);
        next.swap(m_pending);
    }
    if (!next) return;  // an earlier call already took it
    if (isCancelled(next->first)) {
        JobOutcome outcome;
        outcome.cancelled = true;
        Q_EMIT jobFinished(next->first, QImage(), outcome);
        return;
    }
    runJob(next->first, next->second);
}

// A clip's frame is cached under the clip's path and its frame number.
QString EngineWorker::imageKey(const QString& path, int frame) {
    return isClipFile(path) ? path + QStringLiteral("\n") + QString::number(std::max(0, frame)) : path;
}

const engine::Image& EngineWorker::loadImage(const QString& path, int frame) {
    const QString key = imageKey(path, frame);
    if (const auto it = m_images.find(key); it != m_images.end()) return it->second;
    const std::filesystem::path file = path.toStdU32String();
    return m_images.emplace(key, isClipFile(path) ? video_io::read_video_frame(file, std::max(0, frame)) : image_io::read_image(file).rgb).first->second;
}

void EngineWorker::runJob(quint64 jobId, const JobRequest& request) {
    Q_EMIT jobStarted(jobId);
    try {
        const std::filesystem::path weights = request.weightsPath.toStdString();
        if (request.weightsPath.isEmpty())
            throw engine::WeightsError(engine::missing_weights_message(), engine::ErrorCode::WeightsMissing);
        if (!m_engine || m_engine->weights_path() != weights) {
            m_engine.reset();  // free the old weights before loading new ones
            m_engine = std::make_unique<engine::StyleEngine>(weights);
        }
        // Keep only this job's inputs in the cache.
        std::map<QString, engine::Image> keep;
        QStringList paths = request.stylePaths;
        paths.prepend(imageKey(request.contentPath, request.contentFrame));
        for (const session::Region& region : request.regions) {
            if (!region.style.isEmpty()) paths << region.style;
        }
        for (const QString& path : paths) {
            if (const auto it = m_images.find(path); it != m_images.end()) keep.insert(*it);
        }
        m_images.swap(keep);

        engine::StyleJob job;
        job.content = loadImage(request.contentPath, request.contentFrame);
        for (const QString& path : request.stylePaths) job.styles.push_back(loadImage(path));
        job.style_blend.assign(request.styleBlend.begin(), request.styleBlend.end());
        job.params = request.params;
        if (request.initImage) job.init_image = *request.initImage;
        for (const session::Region& region : request.regions) {
            engine::Region r;
            r.mask = session::to_image(region.mask);
            r.kind = region.kind;
            r.strength = region.strength;
            if (region.kind == engine::RegionKind::Style && region.strength > 0.0) r.style = loadImage(region.style);
            job.regions.push_back(std::move(r));
        }

        WorkerSink sink(*this, jobId);
        engine::StyleResult result = m_engine->run(job, sink);
        JobOutcome outcome;
        outcome.cancelled = result.cancelled;
        outcome.stoppedEarly = result.stopped_early;
        outcome.iterationsRun = result.iterations_run;
        outcome.seconds = result.seconds;
        outcome.device = QString::fromStdString(result.device);
        outcome.precision = QString::fromStdString(result.precision);
        const QImage image = toQImage(result.image);
        outcome.image = std::make_shared<const engine::Image>(std::move(result.image));
        outcome.rawImage = std::make_shared<const engine::Image>(std::move(result.raw_image));
        Q_EMIT jobFinished(jobId, image, outcome);
    } catch (const std::exception& error) {
        // The artist reads the translated sentence; paths, limits and variables go to the log.
        const UserError user = userErrorOf(error);
        if (user.details != user.message) qWarning().noquote() << "job" << jobId << "failed:" << user.details;
        Q_EMIT failed(jobId, user.message, errorKindOf(error));
    } catch (...) {
        Q_EMIT failed(jobId, tr("An unknown error stopped the job."), ErrorKind::Other);
    }
}

void EngineWorker::yieldToInterface() {
    engine::lower_current_thread_priority();
}

void EngineWorker::measureThroughput(const QString& device, int precision) {
    try {
        const double gflops =
            engine::measure_throughput_gflops(device.toStdString(), static_cast<engine::Precision>(precision));
        Q_EMIT throughputMeasured(device, precision, gflops);
    } catch (const std::exception& error) {
        Q_EMIT notice(0, QString::fromStdString(error.what()));
    }
}

void EngineWorker::measureMemory(const QString& device, int precision) {
    try {
        std::string resolved;
        const std::uint64_t bytes = engine::available_memory(device.toStdString(), &resolved);
        const std::string convolutions = engine::resolved_precision(device.toStdString(), static_cast<engine::Precision>(precision));
        Q_EMIT memoryMeasured(device, precision, QString::fromStdString(resolved), QString::fromStdString(convolutions), bytes);
    } catch (const std::exception& error) {
        Q_EMIT notice(0, QString::fromStdString(error.what()));
    }
}

}  // namespace shuimo::ui
