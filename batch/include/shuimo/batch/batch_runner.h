#pragma once
// Works a batch queue: one worker thread per device, each with its own
// StyleEngine (weights loaded once per worker), each taking the next queued
// job until none is left. A failed job is recorded and the rest go on.
//
// Before running a job the worker checks its output (output_record.h): a
// finished one is skipped (marked done), a foreign or stale one fails the job
// unless the queue says overwrite. Outputs are written atomically and never
// over an input.
//
// Control (any thread): pause holds running jobs between two evaluations and
// starts no new ones; cancel_job / cancel_all mark jobs cancelled; stop puts
// running jobs back to "queued" (they restart on the next run) and returns.

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <vector>

#include "shuimo/batch/batch_queue.h"
#include "shuimo/batch/queue_store.h"
#include "shuimo/engine/progress.h"

namespace shuimo::batch {

struct BatchProgress {
    int total = 0;
    int queued = 0;
    int running = 0;
    int done = 0;
    int failed = 0;
    int cancelled = 0;
    double fraction = 0.0;      // of the work (jobs weighted by iterations x pixels), running jobs' progress included
    double eta_seconds = -1.0;  // -1 until something has been measured
};

// Called from the worker threads: implementations marshal to their own thread.
class BatchObserver {
public:
    virtual ~BatchObserver() = default;
    virtual void on_job_started(const BatchJob& /*job*/, const std::string& /*device*/) {}
    virtual void on_job_iteration(const std::string& /*job_id*/, const engine::IterationReport& /*report*/) {}
    virtual void on_job_preview(const std::string& /*job_id*/, const engine::Image& /*image*/) {}
    // The job's new status: done, failed (job.error), cancelled, or queued (stopped).
    virtual void on_job_finished(const BatchJob& /*job*/) {}
    virtual void on_progress(const BatchProgress& /*progress*/) {}
    virtual void on_notice(const std::string& /*message*/) {}
};

struct RunnerOptions {
    // One worker per entry ("cpu", "cuda:0", "auto"); the same device may be
    // listed twice. Empty = one worker on each job's own params.device.
    std::vector<std::string> devices;
    std::filesystem::path weights;  // the VGG-19 safetensors
    // The memory budget of a job whose params give none (0: the automatic one, job_plan.h):
    // the app's "use at most" preference.
    std::uint64_t max_memory = 0;
};

class BatchRunner {
public:
    BatchRunner(QueueStore& store, RunnerOptions options, BatchObserver& observer);
    ~BatchRunner();
    BatchRunner(const BatchRunner&) = delete;
    BatchRunner& operator=(const BatchRunner&) = delete;

    // Blocks until no queued job is left, or after stop() / cancel_all().
    // Throws engine::WeightsError or engine::DeviceError when no worker can
    // start, and engine::DeviceError when a job's own device (no device given
    // in the options) is refused here: the batch stops and that job stays
    // queued. No job is marked failed for either. Returns the final counts.
    BatchProgress run();

    void pause();
    void resume();
    bool paused() const;
    // Workers now waiting for resume(): held between two evaluations or before their next job.
    // Nothing more can happen on a held worker; a paused batch is settled when all are held.
    int held_workers() const;
    void cancel_job(const std::string& id);
    void cancel_all();
    void stop();

    BatchProgress progress() const;

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace shuimo::batch
