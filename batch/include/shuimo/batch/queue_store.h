#pragma once
// A batch queue kept on disk as it changes: every status change is written to
// the queue file atomically (temporary file + rename), so a crash, a power cut
// or kill -9 leaves the last consistent state. Thread-safe: workers claim jobs
// under one lock, so no job runs twice.
//
// Opening a queue:
// - jobs found "running" were interrupted: they go back to "queued";
// - a process lock (<file>.lock) keeps a second process from running the same
//   file at the same time. The holder refreshes it every 30 s; it is stale
//   when its process is gone (same machine) or it has not been refreshed for
//   two minutes (a node of a cluster that died or was pre-empted).
// With a shard (--shard I/N) the state lives beside the queue in
// <stem>.shard-I-of-N.json (a queue file holding that slice), so shards on a
// cluster never write the same file; outputs still go to the shared folder.

#include <QLockFile>
#include <condition_variable>
#include <filesystem>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "shuimo/batch/batch_queue.h"

namespace shuimo::batch {

struct Shard {
    int index = 1;  // 1-based
    int count = 1;
};
// "2/3" -> {2, 3}. Throws QueueError.
Shard parse_shard(const std::string& text);

// --shard auto: the shard a cluster scheduler gave this process, read from its
// environment through `get` (nullopt for an unset variable), and how it was found.
// - A Slurm job array (SLURM_ARRAY_TASK_ID): task ids are shard numbers, so a
//   full split is --array=1-N and N is the array's size (SLURM_ARRAY_TASK_COUNT,
//   or MAX - MIN + 1 on Slurm without it). An array that is not 1-N (0-N, 3,5,
//   1-8:2) is refused unless SHUIMO_SHARD_COUNT=N says how many shards there
//   are: then --array=3,5 runs shards 3 and 5 of N (a rerun of failed tasks).
// - A Kubernetes Indexed Job: JOB_COMPLETION_INDEX (0-based) + 1 of
//   SHUIMO_SHARD_COUNT (set it to the Job's completions).
// Throws QueueError saying what is missing or inconsistent.
struct FoundShard {
    Shard shard;
    std::string source;  // e.g. "SLURM_ARRAY_TASK_ID=2 of an array 1-8"
};
using EnvironmentLookup = std::function<std::optional<std::string>(const std::string& name)>;
FoundShard shard_from_environment(const EnvironmentLookup& get);
std::filesystem::path shard_state_path(const std::filesystem::path& queue_file, Shard shard);

class QueueStore {
public:
    // Reads `queue_file` (expanding a bare spec and writing it back), takes the
    // lock, and resets interrupted jobs. Throws QueueError (unreadable, invalid,
    // locked by another running process).
    explicit QueueStore(const std::filesystem::path& queue_file, std::optional<Shard> shard = std::nullopt);
    // A new queue: writes `queue` to `queue_file` (refusing to replace another
    // queue's file unless it is the same spec) and opens it.
    static std::unique_ptr<QueueStore> create(const std::filesystem::path& queue_file, const BatchQueue& queue);
    ~QueueStore();
    QueueStore(const QueueStore&) = delete;
    QueueStore& operator=(const QueueStore&) = delete;

    BatchQueue snapshot() const;
    const std::filesystem::path& state_file() const { return state_file_; }
    // Messages about what opening found (interrupted jobs restarted, ...).
    const std::vector<std::string>& open_notes() const { return open_notes_; }

    // The next queued job, now "running" with attempts + 1; nullopt when none.
    std::optional<BatchJob> claim_next();
    // Sets a job's status (and error, seconds) and saves.
    // error_code and error_args: the error in a translatable form (BatchJob).
    void set_status(const std::string& id, JobStatus status, const std::string& error = {}, double seconds = 0.0,
                    engine::ErrorCode error_code = engine::ErrorCode::None, std::vector<std::string> error_args = {});
    // failed and cancelled -> queued. Returns how many.
    int retry_failed();
    // A job that is queued (or failed) -> cancelled; false for an unknown id
    // or one already done.
    bool cancel_queued(const std::string& id);
    int cancel_all_queued();

    // The last error saving the file, if the last save failed (disk full,
    // read-only folder): the file keeps its previous consistent state and the
    // queue goes on in memory.
    std::optional<std::string> save_error() const;

private:
    void save_locked();
    BatchJob* find_locked(const std::string& id);

    void refresh_lock_until_closed();

    std::filesystem::path state_file_;
    std::unique_ptr<QLockFile> lock_;
    std::mutex heartbeat_mutex_;
    std::condition_variable heartbeat_wake_;
    bool closing_ = false;
    std::thread heartbeat_;
    mutable std::mutex mutex_;
    BatchQueue queue_;
    std::vector<std::string> open_notes_;
    std::optional<std::string> save_error_;
};

}  // namespace shuimo::batch
