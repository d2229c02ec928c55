#include "batch_command.h"

#include <QCommandLineParser>
#include <QJsonDocument>
#include <QJsonObject>

#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <thread>

#include "cli_options.h"
#include "shuimo/batch/batch_runner.h"
#include "shuimo/batch/queue_store.h"
#include "shuimo/engine/errors.h"
#include "shuimo/engine/model_paths.h"

namespace shuimo::cli {
namespace {

std::atomic<bool> g_batch_interrupt{false};
extern "C" void request_batch_interrupt(int) { g_batch_interrupt.store(true); }

QString q(const std::string& text) { return QString::fromStdString(text); }

std::string duration(double seconds) {
    if (seconds < 0) return "?";
    const auto s = static_cast<long long>(seconds + 0.5);
    char text[32];
    if (s >= 3600) std::snprintf(text, sizeof text, "%lld:%02lld:%02lld", s / 3600, s / 60 % 60, s % 60);
    else std::snprintf(text, sizeof text, "%lld:%02lld", s / 60, s % 60);
    return text;
}

// Prints events from the workers, one line each, under one lock.
class BatchPrinter : public batch::BatchObserver {
public:
    BatchPrinter(bool json, std::size_t total) : json_(json), total_(total) {}

    void on_job_started(const batch::BatchJob& job, const std::string& device) override {
        if (json_) {
            emit({{QStringLiteral("event"), QStringLiteral("job_started")}, {QStringLiteral("id"), q(job.id)},
                  {QStringLiteral("output"), q(job.output.string())}, {QStringLiteral("device"), q(device)}});
            return;
        }
        line(job, "start", job.content.filename().string() + " x " + job.style.name + " (" + job.preset + ") on " + device);
    }
    void on_job_finished(const batch::BatchJob& job) override {
        if (json_) {
            emit({{QStringLiteral("event"), QStringLiteral("job_finished")}, {QStringLiteral("id"), q(job.id)},
                  {QStringLiteral("status"), q(std::string(batch::to_string(job.status)))},
                  {QStringLiteral("error"), q(job.error)}, {QStringLiteral("output"), q(job.output.string())},
                  {QStringLiteral("seconds"), job.seconds}});
            return;
        }
        switch (job.status) {
        case batch::JobStatus::Done: line(job, "done", job.output.string() + " (" + duration(job.seconds) + ")"); break;
        case batch::JobStatus::Failed: line(job, "FAILED", job.error); break;
        case batch::JobStatus::Cancelled: line(job, "cancelled", job.output.string()); break;
        default: line(job, "stopped", "back in the queue"); break;
        }
    }
    void on_progress(const batch::BatchProgress& p) override {
        if (!json_) {
            // One line each time a job ends, not at every evaluation.
            const int finished = p.done + p.failed + p.cancelled;
            std::lock_guard lock(mutex_);
            if (finished == last_finished_) return;
            last_finished_ = finished;
            std::fprintf(stderr, "          %d of %d finished (%.0f%%)%s\n", finished, p.total, 100.0 * p.fraction,
                         p.eta_seconds > 0 ? (", about " + duration(p.eta_seconds) + " left").c_str() : "");
            return;
        }
        emit({{QStringLiteral("event"), QStringLiteral("progress")}, {QStringLiteral("done"), p.done},
              {QStringLiteral("failed"), p.failed}, {QStringLiteral("cancelled"), p.cancelled},
              {QStringLiteral("queued"), p.queued}, {QStringLiteral("running"), p.running},
              {QStringLiteral("total"), p.total}, {QStringLiteral("fraction"), p.fraction},
              {QStringLiteral("eta_seconds"), p.eta_seconds}});
    }
    void on_notice(const std::string& message) override {
        if (json_) {
            emit({{QStringLiteral("event"), QStringLiteral("notice")}, {QStringLiteral("message"), q(message)}});
            return;
        }
        std::lock_guard lock(mutex_);
        std::fprintf(stderr, "shuimo-cli: %s\n", message.c_str());
    }

private:
    void emit(const QJsonObject& object) {
        const QByteArray text = QJsonDocument(object).toJson(QJsonDocument::Compact);
        std::lock_guard lock(mutex_);
        std::fprintf(stdout, "%s\n", text.constData());
        std::fflush(stdout);
    }
    void line(const batch::BatchJob& job, const char* what, const std::string& detail) {
        std::lock_guard lock(mutex_);
        std::fprintf(stderr, "[%s/%zu] %-9s %s\n", job.id.c_str(), total_, what, detail.c_str());
    }

    bool json_;
    std::size_t total_;
    int last_finished_ = 0;
    std::mutex mutex_;
};

void list_jobs(const batch::BatchQueue& queue) {
    for (const auto& job : queue.jobs) {
        std::printf("%-5s %-9s %s%s%s\n", job.id.c_str(), std::string(batch::to_string(job.status)).c_str(),
                    queue.output_path(job).string().c_str(), job.error.empty() ? "" : "  ", job.error.c_str());
    }
}

}  // namespace

QString batch_help_text() {
    return QStringLiteral(
        "Usage: shuimo-cli batch QUEUE.json [options]\n"
        "\n"
        "Runs a batch queue (docs/BATCH.md): every photo x style x preset of the file, each\n"
        "written atomically into the output folder with a .json record beside it. The queue\n"
        "file is updated as jobs start and finish; after a crash or kill, running it again\n"
        "restarts the interrupted job and skips every finished output.\n"
        "\n"
        "Options:\n"
        "  --devices LIST     one worker per device, e.g. cuda:0,cuda:1 or cpu,cpu\n"
        "                     (default: each job's own device setting)\n"
        "  --shard I/N        run only the I-th of N slices (jobs I, I+N, I+2N, ...); state in\n"
        "                     QUEUE.shard-I-of-N.json, outputs in the shared output folder\n"
        "  --shard auto       the slice a cluster gave this process: a Slurm array task\n"
        "                     (SLURM_ARRAY_TASK_ID of --array=1-N) or a Kubernetes Indexed Job\n"
        "                     pod (JOB_COMPLETION_INDEX + 1 of SHUIMO_SHARD_COUNT)\n"
        "  --retry-failed     queue failed and cancelled jobs again before running\n"
        "  --weights FILE     VGG-19 weights (default: the installed model)\n"
        "  --progress json    one JSON object per event on stdout (default: lines on stderr)\n"
        "  --list             print the jobs and their status, run nothing\n"
        "\n"
        "Exit status:\n"
        "  0    all done\n"
        "  3    finished, but some jobs failed or were cancelled: their errors are in the\n"
        "       state file (--list); running again skips the finished outputs\n"
        "  1    the batch did not run or stopped: the queue cannot be read or another process\n"
        "       holds it, the device is refused, the weights are missing (reason on stderr)\n"
        "  2    bad usage (including --shard auto finding no shard)\n"
        "  130  interrupted (Ctrl-C or SIGTERM): the running jobs go back to the queue\n");
}

int run_batch_command(const QStringList& arguments) {
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("queue"), QStringLiteral("the queue file"));
    const QCommandLineOption devices_option(QStringLiteral("devices"), QString(), QStringLiteral("LIST"));
    const QCommandLineOption shard_option(QStringLiteral("shard"), QString(), QStringLiteral("I/N"));
    const QCommandLineOption retry_option(QStringLiteral("retry-failed"));
    const QCommandLineOption weights_option(QStringLiteral("weights"), QString(), QStringLiteral("FILE"));
    const QCommandLineOption progress_option(QStringLiteral("progress"), QString(), QStringLiteral("text|json"));
    const QCommandLineOption list_option(QStringLiteral("list"));
    const QCommandLineOption help_option(QStringList{QStringLiteral("help"), QStringLiteral("h")});
    parser.addOptions({devices_option, shard_option, retry_option, weights_option, progress_option, list_option, help_option});
    if (!parser.parse(QStringList{QStringLiteral("shuimo-cli")} + arguments)) throw UsageError(parser.errorText().toStdString());
    if (parser.isSet(help_option)) {
        std::fputs(batch_help_text().toLocal8Bit().constData(), stdout);
        return 0;
    }
    if (parser.positionalArguments().size() != 1) throw UsageError("batch needs one queue file (shuimo-cli batch --help)");
    const std::filesystem::path queue_file = parser.positionalArguments().first().toStdString();
    const QString progress = parser.value(progress_option);
    if (parser.isSet(progress_option) && progress != QLatin1String("json") && progress != QLatin1String("text"))
        throw UsageError("--progress takes text or json");

    std::optional<batch::Shard> shard;
    if (parser.isSet(shard_option)) {
        try {
            if (parser.value(shard_option) == QLatin1String("auto")) {
                const batch::FoundShard found = batch::shard_from_environment([](const std::string& name) {
                    const char* value = std::getenv(name.c_str());
                    return value ? std::optional<std::string>(value) : std::nullopt;
                });
                shard = found.shard;
                std::fprintf(stderr, "shuimo-cli: --shard auto: shard %d/%d (%s)\n", shard->index, shard->count,
                             found.source.c_str());
            } else {
                shard = batch::parse_shard(parser.value(shard_option).toStdString());
            }
        } catch (const batch::QueueError& e) {
            throw UsageError(e.what());
        }
    }
    batch::RunnerOptions options;
    if (parser.isSet(devices_option)) {
        for (const QString& device : parser.value(devices_option).split(QLatin1Char(','))) {
            if (device.trimmed().isEmpty()) throw UsageError("--devices: an empty device name in '" + parser.value(devices_option).toStdString() + "'");
            options.devices.push_back(device.trimmed().toStdString());
        }
    }

    if (parser.isSet(list_option)) {
        list_jobs(shard ? batch::shard_of(batch::read_queue_file(queue_file), shard->index, shard->count)
                        : batch::read_queue_file(queue_file));
        return 0;
    }

    if (parser.isSet(weights_option)) {
        options.weights = parser.value(weights_option).toStdString();
    } else if (const auto installed = engine::find_installed_vgg19_weights()) {
        options.weights = *installed;
    } else {
        throw engine::WeightsError(engine::missing_weights_message());
    }

    batch::QueueStore store(queue_file, shard);
    if (parser.isSet(retry_option)) {
        const int count = store.retry_failed();
        std::fprintf(stderr, "shuimo-cli: %d failed or cancelled job(s) queued again\n", count);
    }
    // Job ids number the whole queue: with a shard, "[5/6]" reads better than "[5/2]".
    BatchPrinter printer(progress == QLatin1String("json"),
                         shard ? batch::read_queue_file(queue_file).jobs.size() : store.snapshot().jobs.size());
    batch::BatchRunner runner(store, options, printer);

    g_batch_interrupt.store(false);
    std::signal(SIGINT, request_batch_interrupt);
    std::signal(SIGTERM, request_batch_interrupt);
    std::atomic<bool> finished{false};
    std::thread watcher([&] {
        while (!finished.load()) {
            if (g_batch_interrupt.load()) {
                runner.stop();
                return;
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(100));
        }
    });
    batch::BatchProgress result;
    try {
        result = runner.run();
    } catch (...) {
        finished.store(true);
        watcher.join();
        throw;
    }
    finished.store(true);
    watcher.join();
    std::signal(SIGINT, SIG_DFL);
    std::signal(SIGTERM, SIG_DFL);

    std::fprintf(stderr, "shuimo-cli: batch %s: %d done, %d failed, %d cancelled, %d queued (of %d)\n",
                 store.state_file().string().c_str(), result.done, result.failed, result.cancelled, result.queued + result.running,
                 result.total);
    if (result.failed + result.cancelled > 0) {
        std::fprintf(stderr, "shuimo-cli: the errors: shuimo-cli batch %s --list; to try those jobs again: --retry-failed\n",
                     store.state_file().string().c_str());
    }
    if (g_batch_interrupt.load()) return 130;
    if (result.queued + result.running > 0) {
        std::fprintf(stderr, "shuimo-cli: error: the batch stopped with %d job(s) not run\n", result.queued + result.running);
        return kBatchDidNotRun;
    }
    return result.failed == 0 && result.cancelled == 0 ? 0 : kBatchJobsFailed;
}

}  // namespace shuimo::cli
