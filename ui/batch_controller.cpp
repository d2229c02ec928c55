#include "batch_controller.h"

#include <functional>

#include <QMetaObject>
#include <algorithm>
#include <exception>
#include <utility>


#include <QDebug>

#include "batch_queue_model.h"
#include "error_messages.h"
#include "preferences.h"
#include "shuimo/batch/queue_store.h"
#include "shuimo/engine/model_paths.h"
#include "shuimo/engine/system_helpers.h"

namespace shuimo::ui {
namespace {

QString fromStd(const std::string& text) {
    return QString::fromStdString(text);
}

}  // namespace

// Called on the runner's worker threads: copies what it needs and posts it to
// the controller's thread. Posted calls to a controller that is gone are
// dropped by Qt, and the controller joins the runner before it goes.
class BatchController::Observer final : public batch::BatchObserver {
public:
    explicit Observer(BatchController* controller) : m_controller(controller) {}

    void on_job_started(const batch::BatchJob& job, const std::string& /*device*/) override {
        post([id = fromStd(job.id)](BatchController* c) { Q_EMIT c->jobStarted(id); });
    }
    void on_job_iteration(const std::string& jobId, const engine::IterationReport& report) override {
        post([id = fromStd(jobId), iteration = report.iteration, total = report.total_iterations,
              elapsed = report.elapsed_s](BatchController* c) { Q_EMIT c->jobProgress(id, iteration, total, elapsed); });
    }
    void on_job_finished(const batch::BatchJob& job) override {
        // Translated on the controller's thread; the English message (paths, limits) goes to the log.
        post([job](BatchController* c) {
            const QString message = BatchQueueModel::errorText(job);
            if (!job.error.empty() && message != fromStd(job.error)) {
                qWarning().noquote() << "batch job" << fromStd(job.id) << "failed:" << fromStd(job.error);
            }
            Q_EMIT c->jobFinished(fromStd(job.id), job.status, message, job.seconds);
        });
    }
    void on_progress(const batch::BatchProgress& progress) override {
        post([progress](BatchController* c) {
            c->m_progress = progress;
            Q_EMIT c->progressChanged(progress);
        });
    }
    void on_notice(const std::string& message) override {
        post([text = fromStd(message)](BatchController* c) { Q_EMIT c->notice(text); });
    }

private:
    template <typename F>
    void post(F&& call) {
        BatchController* controller = m_controller;
        QMetaObject::invokeMethod(
            controller, [controller, call = std::forward<F>(call)] { call(controller); }, Qt::QueuedConnection);
    }
    BatchController* m_controller;
};

BatchController::BatchController(QObject* parent) : QObject(parent), m_observer(std::make_unique<Observer>(this)) {
    qRegisterMetaType<batch::BatchProgress>();
    qRegisterMetaType<batch::JobStatus>();
}

BatchController::~BatchController() {
    // No signals from here: the receivers (the dialog) may be half destroyed.
    if (m_runner) m_runner->stop();
    joinRunner();
}

QString BatchController::create(const QString& queueFile, const batch::BatchQueue& queue) {
    if (isRunning()) return tr("A batch is running: stop it before starting another.");
    return replaceStore(queueFile, [&] { return batch::QueueStore::create(queueFile.toStdString(), queue); });
}

QString BatchController::open(const QString& queueFile) {
    if (isRunning()) return tr("A batch is running: stop it before opening another.");
    // What opening found (interrupted jobs re-queued) the runner reports as notices when it starts.
    return replaceStore(queueFile, [&] { return std::make_unique<batch::QueueStore>(queueFile.toStdString()); });
}

QString BatchController::replaceStore(const QString& queueFile,
                                      const std::function<std::unique_ptr<batch::QueueStore>()>& makeStore) {
    try {
        m_store.reset();  // releases the old queue's lock first (it may be the same file)
        m_store = makeStore();
    } catch (const std::exception& error) {
        m_queueFile.clear();
        Q_EMIT queueChanged();
        return fromStd(error.what());
    }
    m_queueFile = queueFile;
    m_progress = countJobs(m_store->snapshot());
    Q_EMIT queueChanged();
    Q_EMIT progressChanged(m_progress);
    return {};
}

batch::BatchQueue BatchController::snapshot() const {
    return m_store ? m_store->snapshot() : batch::BatchQueue{};
}

batch::BatchProgress BatchController::countJobs(const batch::BatchQueue& queue) {
    batch::BatchProgress counts;
    counts.total = static_cast<int>(queue.jobs.size());
    for (const batch::BatchJob& job : queue.jobs) {
        switch (job.status) {
        case batch::JobStatus::Queued: ++counts.queued; break;
        case batch::JobStatus::Running: ++counts.running; break;
        case batch::JobStatus::Done: ++counts.done; break;
        case batch::JobStatus::Failed: ++counts.failed; break;
        case batch::JobStatus::Cancelled: ++counts.cancelled; break;
        }
    }
    counts.fraction = counts.total > 0 ? static_cast<double>(counts.done + counts.failed + counts.cancelled) / counts.total : 0.0;
    return counts;
}

void BatchController::start() {
    if (!m_store || isRunning()) return;
    const auto weights = engine::find_installed_vgg19_weights();
    if (!weights) {
        qWarning().noquote() << fromStd(engine::missing_weights_message());
        Q_EMIT runnerFailed(errorMessage(engine::ErrorCode::WeightsMissing, QStringList()));
        return;
    }
    batch::RunnerOptions options;
    options.weights = *weights;  // devices empty: each job on its own params.device
    options.max_memory = memoryLimitBytes();  // Preferences: "use at most"; 0 automatic
    try {
        m_runner = std::make_unique<batch::BatchRunner>(*m_store, options, *m_observer);
    } catch (const std::exception& error) {
        Q_EMIT runnerFailed(userErrorOf(error).message);
        return;
    }
    batch::BatchRunner* runner = m_runner.get();
    const quint64 run = ++m_runs;
    m_thread = std::thread([this, runner, run] {
        engine::lower_current_thread_priority();
        QString error;
        try {
            runner->run();
        } catch (const std::exception& e) {
            // Translated here (QCoreApplication::translate is thread-safe); the English goes to the log.
            const UserError user = userErrorOf(e);
            if (user.details != user.message) qWarning().noquote() << "batch stopped:" << user.details;
            error = user.message;
        } catch (...) {
            error = tr("The batch stopped by an unknown error.");
        }
        // Dropped if the controller is gone; a stale one (an earlier run) is ignored there.
        QMetaObject::invokeMethod(this, [this, run, error] {
            if (m_runner && m_runs == run) onRunEnded(error);
        }, Qt::QueuedConnection);
    });
    Q_EMIT runningChanged(true);
}

void BatchController::onRunEnded(const QString& error) {
    joinRunner();
    setPaused(false);
    if (m_store) {
        m_progress = countJobs(m_store->snapshot());
        if (const auto saveError = m_store->save_error()) {
            Q_EMIT notice(tr("The queue file could not be saved: %1").arg(fromStd(*saveError)));
        }
    }
    Q_EMIT runningChanged(false);
    Q_EMIT queueChanged();
    Q_EMIT progressChanged(m_progress);
    if (!error.isEmpty()) Q_EMIT runnerFailed(error);
    Q_EMIT finished();
    // Jobs re-queued by a retry while the workers were already leaving would wait for another Start.
    if (std::exchange(m_startAgain, false) && error.isEmpty() && m_progress.queued > 0) start();
}

void BatchController::joinRunner() {
    if (m_thread.joinable()) m_thread.join();
    m_runner.reset();
}

void BatchController::pause() {
    if (!m_runner) return;
    m_runner->pause();
    setPaused(true);
}

void BatchController::resume() {
    if (!m_runner) return;
    m_runner->resume();
    setPaused(false);
}

void BatchController::setPaused(bool paused) {
    if (m_paused == paused) return;
    m_paused = paused;
    Q_EMIT pausedChanged(paused);
}

void BatchController::cancelJob(const QString& id) {
    if (m_runner) {
        m_runner->cancel_job(id.toStdString());
    } else if (m_store && m_store->cancel_queued(id.toStdString())) {
        m_progress = countJobs(m_store->snapshot());
        Q_EMIT queueChanged();
        Q_EMIT progressChanged(m_progress);
    }
}

void BatchController::cancelAll() {
    if (m_runner) {
        m_runner->cancel_all();
    } else if (m_store && m_store->cancel_all_queued() > 0) {
        m_progress = countJobs(m_store->snapshot());
        Q_EMIT queueChanged();
        Q_EMIT progressChanged(m_progress);
    }
}

void BatchController::retryFailed() {
    if (!m_store) return;
    if (m_store->retry_failed() > 0) {
        m_progress = countJobs(m_store->snapshot());
        Q_EMIT queueChanged();
        Q_EMIT progressChanged(m_progress);
    }
    if (isRunning()) {
        m_startAgain = true;  // the runner takes them if it is still working; if not, a new run does
    } else {
        start();
    }
}

void BatchController::stop() {
    m_startAgain = false;
    if (!m_runner) return;
    m_runner->stop();
    onRunEnded({});
}

int BatchController::heldWorkers() const { return m_runner ? m_runner->held_workers() : 0; }

}  // namespace shuimo::ui
