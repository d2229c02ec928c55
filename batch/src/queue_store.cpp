#include "shuimo/batch/queue_store.h"

#include <QFile>
#include <QJsonDocument>
#include <QString>
#include <algorithm>
#include <charconv>
#include <chrono>

#include <fcntl.h>
#include <sys/stat.h>

#include "shuimo/batch/output_record.h"
#include "shuimo/engine/atomic_file.h"

namespace shuimo::batch {
namespace {

QString q(const std::filesystem::path& path) { return QString::fromStdString(path.string()); }

// A lock on a shared file system may belong to another machine, whose process we
// cannot look up: it counts as abandoned when not refreshed for a while.
constexpr std::chrono::seconds kLockRefreshEvery{30};
constexpr std::chrono::milliseconds kLockStaleAfter{120'000};

void write_queue(const std::filesystem::path& file, const BatchQueue& queue) {
    const QByteArray json = QJsonDocument(queue_to_json(queue)).toJson(QJsonDocument::Indented);
    engine::write_file_atomically(file, std::as_bytes(std::span(json.constData(), static_cast<std::size_t>(json.size()))));
}

bool is_bare_spec(const std::filesystem::path& file) {
    QFile in(q(file));
    if (!in.open(QIODevice::ReadOnly)) return false;
    return !QJsonDocument::fromJson(in.readAll()).object().contains(QStringLiteral("jobs"));
}

std::vector<std::string> ids_of(const BatchQueue& queue) {
    std::vector<std::string> ids;
    for (const auto& job : queue.jobs) ids.push_back(job.id);
    return ids;
}

}  // namespace

Shard parse_shard(const std::string& text) {
    const auto slash = text.find('/');
    Shard shard{};
    const auto parse = [&](std::string_view part, int& out) {
        const auto [end, ec] = std::from_chars(part.data(), part.data() + part.size(), out);
        return ec == std::errc() && end == part.data() + part.size();
    };
    if (slash == std::string::npos || !parse(std::string_view(text).substr(0, slash), shard.index) ||
        !parse(std::string_view(text).substr(slash + 1), shard.count) || shard.count < 1 || shard.count > 100000 ||
        shard.index < 1 || shard.index > shard.count) {
        throw QueueError("--shard " + text + ": expected I/N with 1 <= I <= N (e.g. 2/8)");
    }
    return shard;
}

FoundShard shard_from_environment(const EnvironmentLookup& get) {
    // An integer variable, or nullopt when unset; a set but malformed one is an error.
    const auto number = [&](const std::string& name) -> std::optional<long long> {
        const std::optional<std::string> text = get(name);
        if (!text) return std::nullopt;
        long long value = 0;
        const auto [end, ec] = std::from_chars(text->data(), text->data() + text->size(), value);
        if (ec != std::errc() || end != text->data() + text->size() || value < 0) {
            throw QueueError("--shard auto: " + name + "='" + *text + "' is not a number");
        }
        return value;
    };
    const auto make = [](long long index, long long count, std::string source) {
        if (count < 1 || count > 100000 || index < 1 || index > count) {
            throw QueueError("--shard auto: " + source + " gives shard " + std::to_string(index) + " of " +
                             std::to_string(count) + ", but shards are numbered 1 to N");
        }
        return FoundShard{{static_cast<int>(index), static_cast<int>(count)}, std::move(source)};
    };
    const std::optional<long long> explicit_count = number("SHUIMO_SHARD_COUNT");
    const std::string count_note =
        explicit_count ? " (SHUIMO_SHARD_COUNT=" + std::to_string(*explicit_count) + ")" : std::string();

    if (const std::optional<long long> task = number("SLURM_ARRAY_TASK_ID")) {
        const std::string source = "SLURM_ARRAY_TASK_ID=" + std::to_string(*task);
        if (explicit_count) return make(*task, *explicit_count, source + count_note);
        const std::optional<long long> min = number("SLURM_ARRAY_TASK_MIN");
        const std::optional<long long> max = number("SLURM_ARRAY_TASK_MAX");
        std::optional<long long> tasks = number("SLURM_ARRAY_TASK_COUNT");
        if (!min || !max) {
            throw QueueError("--shard auto: " + source + " without SLURM_ARRAY_TASK_MIN and SLURM_ARRAY_TASK_MAX: cannot tell "
                             "the array's size; set SHUIMO_SHARD_COUNT=N or give --shard I/N");
        }
        if (!tasks) {
            const std::optional<long long> step = number("SLURM_ARRAY_TASK_STEP");
            tasks = (*max - *min) / std::max(1LL, step.value_or(1)) + 1;
        }
        if (*min != 1 || *tasks != *max) {
            throw QueueError("--shard auto: this job array runs " + std::to_string(*tasks) + " task(s) with ids " +
                             std::to_string(*min) + " to " + std::to_string(*max) +
                             "; task ids are shard numbers, so split a queue N ways with --array=1-N, or set "
                             "SHUIMO_SHARD_COUNT=N to run only some of N shards (e.g. --array=3,5 to rerun two)");
        }
        return make(*task, *tasks, source + " of an array 1-" + std::to_string(*max));
    }
    if (const std::optional<long long> index = number("JOB_COMPLETION_INDEX")) {
        const std::string source = "JOB_COMPLETION_INDEX=" + std::to_string(*index);
        if (!explicit_count) {
            throw QueueError("--shard auto: " + source + " (a Kubernetes Indexed Job) but no SHUIMO_SHARD_COUNT: set it "
                             "to the Job's completions");
        }
        return make(*index + 1, *explicit_count, source + count_note);
    }
    throw QueueError("--shard auto found no shard in the environment: neither SLURM_ARRAY_TASK_ID (a Slurm job array, "
                     "sbatch --array=1-N) nor JOB_COMPLETION_INDEX (a Kubernetes Indexed Job) is set; give --shard I/N");
}

std::filesystem::path shard_state_path(const std::filesystem::path& queue_file, Shard shard) {
    return queue_file.parent_path() / (queue_file.stem().string() + ".shard-" + std::to_string(shard.index) + "-of-" +
                                       std::to_string(shard.count) + ".json");
}

QueueStore::QueueStore(const std::filesystem::path& queue_file, std::optional<Shard> shard) {
    BatchQueue main = read_queue_file(queue_file);
    state_file_ = shard ? shard_state_path(queue_file, *shard) : queue_file;

    lock_ = std::make_unique<QLockFile>(q(state_file_) + QStringLiteral(".lock"));
    lock_->setStaleLockTime(kLockStaleAfter);
    if (!lock_->tryLock(0)) {
        qint64 pid = 0;
        QString host;
        QString app;
        lock_->getLockInfo(&pid, &host, &app);
        throw QueueError("the queue " + state_file_.string() + " is being run by process " + std::to_string(pid) +
                         (host.isEmpty() ? std::string() : " on " + host.toStdString()) +
                         "; wait for it to finish (if that process is gone, delete " + state_file_.string() + ".lock)");
    }

    // A process killed while saving leaves its temporary file; we hold the lock, so no one else writes this one.
    remove_stale_temporaries(state_file_);

    if (!shard) {
        queue_ = std::move(main);
        if (is_bare_spec(queue_file)) open_notes_.push_back("expanded the batch into " + std::to_string(queue_.jobs.size()) + " jobs");
    } else {
        BatchQueue slice = shard_of(main, shard->index, shard->count);
        std::error_code ec;
        if (std::filesystem::exists(state_file_, ec)) {
            BatchQueue state = read_queue_file(state_file_);
            if (state.spec == slice.spec && ids_of(state) == ids_of(slice)) {
                slice = std::move(state);
            } else {
                open_notes_.push_back(state_file_.string() + " was written for another version of the queue: starting it afresh "
                                      "(finished outputs are still skipped)");
            }
        }
        queue_ = std::move(slice);
    }

    for (auto& job : queue_.jobs) {
        if (job.status == JobStatus::Running) {
            job.status = JobStatus::Queued;
            open_notes_.push_back("job " + job.id + " (" + job.output.string() + ") was interrupted: it starts again");
        } else if (job.status == JobStatus::Done) {
            std::error_code ec;
            if (!std::filesystem::exists(queue_.output_path(job), ec)) {
                job.status = JobStatus::Queued;
                open_notes_.push_back("job " + job.id + ": " + job.output.string() + " is gone: it runs again");
            }
        }
    }
    {
        std::lock_guard lock(mutex_);
        save_locked();
    }
    heartbeat_ = std::thread([this] { refresh_lock_until_closed(); });
}

void QueueStore::refresh_lock_until_closed() {
    const std::string lock_path = state_file_.string() + ".lock";
    std::unique_lock lock(heartbeat_mutex_);
    while (!heartbeat_wake_.wait_for(lock, kLockRefreshEvery, [this] { return closing_; })) {
        ::utimensat(AT_FDCWD, lock_path.c_str(), nullptr, 0);  // now: the holder is alive
    }
}

std::unique_ptr<QueueStore> QueueStore::create(const std::filesystem::path& queue_file, const BatchQueue& queue) {
    std::error_code ec;
    if (std::filesystem::exists(queue_file, ec)) {
        BatchQueue existing;
        try {
            existing = read_queue_file(queue_file);
        } catch (const QueueError&) {
            throw QueueError(queue_file.string() + " exists and is not a Shuimo queue: choose another file");
        }
        if (!(existing.spec == queue.spec)) {
            throw QueueError(queue_file.string() + " already holds another batch: choose another file, or open it to resume");
        }
        return std::make_unique<QueueStore>(queue_file);  // the same batch: resume it
    }
    try {
        write_queue(queue_file, queue);
    } catch (const engine::EngineError& e) {
        throw QueueError(e.what());
    }
    return std::make_unique<QueueStore>(queue_file);
}

QueueStore::~QueueStore() {
    {
        std::lock_guard lock(heartbeat_mutex_);
        closing_ = true;
    }
    heartbeat_wake_.notify_all();
    if (heartbeat_.joinable()) heartbeat_.join();
}

BatchQueue QueueStore::snapshot() const {
    std::lock_guard lock(mutex_);
    return queue_;
}

std::optional<BatchJob> QueueStore::claim_next() {
    std::lock_guard lock(mutex_);
    for (auto& job : queue_.jobs) {
        if (job.status != JobStatus::Queued) continue;
        job.status = JobStatus::Running;
        job.error.clear();
        job.error_code = engine::ErrorCode::None;
        job.error_args.clear();
        ++job.attempts;
        save_locked();
        return job;
    }
    return std::nullopt;
}

void QueueStore::set_status(const std::string& id, JobStatus status, const std::string& error, double seconds,
                            engine::ErrorCode error_code, std::vector<std::string> error_args) {
    std::lock_guard lock(mutex_);
    BatchJob* job = find_locked(id);
    if (job == nullptr) return;
    job->status = status;
    job->error = error;
    job->error_code = error_code;
    job->error_args = std::move(error_args);
    if (seconds > 0.0) job->seconds = seconds;
    save_locked();
}

int QueueStore::retry_failed() {
    std::lock_guard lock(mutex_);
    int count = 0;
    for (auto& job : queue_.jobs) {
        if (job.status == JobStatus::Failed || job.status == JobStatus::Cancelled) {
            job.status = JobStatus::Queued;
            job.error.clear();
            job.error_code = engine::ErrorCode::None;
            job.error_args.clear();
            ++count;
        }
    }
    if (count > 0) save_locked();
    return count;
}

bool QueueStore::cancel_queued(const std::string& id) {
    std::lock_guard lock(mutex_);
    BatchJob* job = find_locked(id);
    if (job == nullptr || (job->status != JobStatus::Queued && job->status != JobStatus::Failed)) return false;
    job->status = JobStatus::Cancelled;
    save_locked();
    return true;
}

int QueueStore::cancel_all_queued() {
    std::lock_guard lock(mutex_);
    int count = 0;
    for (auto& job : queue_.jobs) {
        if (job.status == JobStatus::Queued) {
            job.status = JobStatus::Cancelled;
            ++count;
        }
    }
    if (count > 0) save_locked();
    return count;
}

std::optional<std::string> QueueStore::save_error() const {
    std::lock_guard lock(mutex_);
    return save_error_;
}

void QueueStore::save_locked() {
    try {
        write_queue(state_file_, queue_);
        save_error_.reset();
    } catch (const engine::EngineError& e) {
        save_error_ = e.what();
    }
}

BatchJob* QueueStore::find_locked(const std::string& id) {
    for (auto& job : queue_.jobs) {
        if (job.id == id) return &job;
    }
    return nullptr;
}

}  // namespace shuimo::batch
