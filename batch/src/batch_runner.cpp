#include "shuimo/batch/batch_runner.h"

#include <QDateTime>
#include <QJsonArray>
#include <algorithm>
#include <chrono>
#include <cmath>
#include <exception>
#include <fstream>
#include <functional>
#include <map>
#include <thread>

#include "shuimo/batch/output_record.h"
#include "shuimo/batch/params_json.h"
#include "shuimo/batch/video_job.h"
#include "shuimo/engine/errors.h"
#include "shuimo/engine/style_engine.h"
#include "shuimo/engine/system_helpers.h"
#include "shuimo/image_io/auto_masks.h"
#include "shuimo/image_io/image_io.h"
#include "shuimo/video_io/video_io.h"

namespace shuimo::batch {
namespace {

// The most of its share a running job counts for: the batch's fraction reaches 1 only when
// every job has ended (docs/BATCH.md, Controls and exit codes).
constexpr double kRunningShareAtMost = 0.99;

using Clock = std::chrono::steady_clock;

// Relative cost of a job, for progress and ETA: evaluations x output pixels (a clip: its frames'
// evaluations, `clip_evaluations`).
double work_of(const BatchJob& job, const std::map<std::string, double>& clip_evaluations) {
    const double side = job.params.size > 0 ? job.params.size : 1024.0;
    const auto clip = clip_evaluations.find(job.id);
    return (clip != clip_evaluations.end() ? clip->second : std::max(1, job.params.iterations)) * side * side;
}

using engine::same_file;

std::vector<std::byte> file_bytes(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw engine::ImageIoError("cannot read " + path.string());
    std::vector<std::byte> bytes(std::filesystem::file_size(path));
    in.read(reinterpret_cast<char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
    if (!in) throw engine::ImageIoError("cannot read " + path.string());
    return bytes;
}

// "auto", "cpu", "cuda", "cuda:N": refused up front (no timing run) when this machine lacks it.
void check_device(const std::string& device) {
    const engine::DeviceSpec spec = engine::parse_device(device);  // throws DeviceError for a malformed one
    if (spec.kind != engine::DeviceSpec::Kind::Cuda) return;
    const engine::EngineInfo info = engine::engine_info();
    if (!info.cuda_available) throw engine::DeviceError("device '" + device + "': this build or machine has no CUDA GPU");
    if (spec.index >= info.cuda_device_count) {
        throw engine::DeviceError("device '" + device + "': this machine has " + std::to_string(info.cuda_device_count) +
                                  " CUDA GPU(s), cuda:0 to cuda:" + std::to_string(info.cuda_device_count - 1));
    }
}

}  // namespace

struct BatchRunner::Impl {
    QueueStore& store;
    RunnerOptions options;
    BatchObserver& observer;

    mutable std::mutex mutex;
    std::condition_variable wake;
    bool paused = false;
    int held = 0;  // workers waiting for resume() (held_workers)
    bool stopping = false;
    bool cancelling_all = false;
    std::set<std::string> cancel_ids;
    std::map<std::string, double> running_fraction;  // job id -> 0..1
    double run_work = 0.0;                           // work finished by jobs that ran in this run()
    std::map<std::string, double> clip_evaluations;  // clip job id -> its frames' evaluations (set before the workers)
    Clock::time_point started{};
    Clock::duration paused_for{};
    Clock::time_point paused_at{};
    Clock::time_point last_progress{};

    FileHashes hashes;
    std::string model_sha256;
    // A job's own device refused on this machine: not the job's failure but the
    // batch's (every job would fail alike), so the run stops and run() throws it.
    std::exception_ptr refused_device;

    Impl(QueueStore& s, RunnerOptions o, BatchObserver& obs) : store(s), options(std::move(o)), observer(obs) {}

    // True when the job should stop now; blocks while the batch is paused.
    bool should_stop(const std::string& id) {
        std::unique_lock lock(mutex);
        hold_while(lock, [&] { return !paused || stopping || cancelling_all || cancel_ids.contains(id); });
        return stopping || cancelling_all || cancel_ids.contains(id);
    }

    // Waits for go_on, counted in `held` while it waits.
    template <typename Condition>
    void hold_while(std::unique_lock<std::mutex>& lock, Condition go_on) {
        if (go_on()) return;
        ++held;
        wake.wait(lock, go_on);
        --held;
    }

    BatchProgress progress_locked(const BatchQueue& queue) const {
        BatchProgress p;
        double total = 0.0;
        double finished = 0.0;
        double running_work_done = 0.0;
        for (const auto& job : queue.jobs) {
            ++p.total;
            const double w = work_of(job, clip_evaluations);
            total += w;
            switch (job.status) {
            case JobStatus::Queued: ++p.queued; break;
            case JobStatus::Running: {
                ++p.running;
                const auto it = running_fraction.find(job.id);
                // A job whose last evaluation is done still writes its output and record: it is
                // not finished, so it never counts as all of its share (the batch reaches 1 only at the end).
                const double f = it == running_fraction.end() ? 0.0 : std::min(it->second, kRunningShareAtMost);
                finished += w * f;
                running_work_done += w * f;
                break;
            }
            case JobStatus::Done: ++p.done; finished += w; break;
            case JobStatus::Failed: ++p.failed; finished += w; break;
            case JobStatus::Cancelled: ++p.cancelled; finished += w; break;
            }
        }
        p.fraction = total > 0.0 ? finished / total : 1.0;
        const Clock::time_point now = Clock::now();
        Clock::duration active = now - started - paused_for;
        if (paused) active -= now - paused_at;
        const double seconds = std::chrono::duration<double>(active).count();
        const double measured = run_work + running_work_done;
        if (measured > 0.0 && seconds > 0.5) p.eta_seconds = std::max(0.0, (total - finished) * seconds / measured);
        if (p.queued == 0 && p.running == 0) p.eta_seconds = 0.0;
        return p;
    }

    BatchProgress progress() const {
        const BatchQueue queue = store.snapshot();
        std::lock_guard lock(mutex);
        return progress_locked(queue);
    }

    void report_progress(bool force) {
        {
            std::lock_guard lock(mutex);
            const auto now = Clock::now();
            if (!force && now - last_progress < std::chrono::milliseconds(250)) return;
            last_progress = now;
        }
        observer.on_progress(progress());
    }

    void finish(const BatchJob& job, JobStatus status, const std::string& error, double seconds, bool ran,
                const engine::EngineError* coded = nullptr) {
        const engine::ErrorCode code = coded ? coded->code() : engine::ErrorCode::None;
        const std::vector<std::string> args = coded ? coded->args() : std::vector<std::string>{};
        store.set_status(job.id, status, error, seconds, code, args);
        {
            std::lock_guard lock(mutex);
            running_fraction.erase(job.id);
            cancel_ids.erase(job.id);
            if (ran && status != JobStatus::Queued) run_work += work_of(job, clip_evaluations);
        }
        BatchJob updated = job;
        updated.status = status;
        updated.error = error;
        updated.error_code = code;
        updated.error_args = args;
        if (seconds > 0.0) updated.seconds = seconds;
        observer.on_job_finished(updated);
        if (const auto save_error = store.save_error()) {
            observer.on_notice("the queue file could not be saved (" + *save_error +
                               "); the batch goes on and finished outputs are skipped when it is run again");
        }
        report_progress(true);
    }

    class JobSink : public engine::ProgressSink {
    public:
        JobSink(Impl& impl, std::string id) : impl_(impl), id_(std::move(id)) {}
        void on_iteration(const engine::IterationReport& report) override {
            {
                std::lock_guard lock(impl_.mutex);
                // The engine's model (eta.h): a fine level's evaluations weigh more than a coarse one's.
                impl_.running_fraction[id_] = report.work_fraction;
            }
            impl_.observer.on_job_iteration(id_, report);
            impl_.report_progress(false);
        }
        void on_preview(const engine::Image& image, const engine::IterationReport&) override {
            impl_.observer.on_job_preview(id_, image);
        }
        void on_notice(const std::string& message) override { impl_.observer.on_notice("job " + id_ + ": " + message); }
        bool is_cancelled() const override { return impl_.should_stop(id_); }

    private:
        Impl& impl_;
        std::string id_;
    };

    // A job that ended between two evaluations: cancelled when asked to, else stopped (back in the
    // queue, to start again on the next run).
    void finish_stopped(const BatchJob& job) {
        bool by_request = false;
        {
            std::lock_guard lock(mutex);
            by_request = cancelling_all || cancel_ids.contains(job.id);
        }
        finish(job, by_request ? JobStatus::Cancelled : JobStatus::Queued, {}, 0.0, false);
    }

    // What an output's record says of its job (output_record.h), before what the run adds.
    QJsonObject job_record(const BatchJob& job) const {
        QJsonObject record;
        record[QStringLiteral("made_by")] = QStringLiteral("Shuimo batch");
        record[QStringLiteral("job")] = QString::fromStdString(job.id);
        record[QStringLiteral("content")] = QString::fromStdString(job.content.string());
        QJsonArray styles;
        for (const auto& file : job.style.files) styles.append(QString::fromStdString(file.string()));
        record[QStringLiteral("styles")] = styles;
        record[QStringLiteral("preset")] = QString::fromStdString(job.preset);
        record[QStringLiteral("params")] = params_to_json(job.params);
        record[QStringLiteral("model_sha256")] = QString::fromStdString(model_sha256);
        return record;
    }

    // A clip (video_job.h): its frames in a work folder beside the output (a stopped job goes on from the
    // last finished frame), encoded beside the output, then written with its sidecar as an image is.
    template <typename AddRegions>
    void process_clip(engine::StyleEngine& engine, const BatchJob& job, const BatchQueue& queue, const engine::StyleJob& frame,
                      const AddRegions& add_regions, const std::string& hash, const std::function<double()>& elapsed) {
        const std::filesystem::path output = queue.output_path(job);
        const video_io::VideoInfo info = video_io::probe_video(queue.resolve(job.content));
        VideoJob clip;
        clip.input = queue.resolve(job.content);
        clip.output = output;
        clip.encode_to = output.parent_path() / ("." + output.stem().string() + ".encoding" + output.extension().string());
        clip.size = video_frame_size(info.width, info.height, frame.params.size, true);  // as a photo, as the app previews a frame
        clip.params = frame.params;
        clip.first_iterations = frame.params.iterations;
        clip.later_iterations = default_later_iterations(clip.first_iterations);
        clip.settings = hash;
        clip.clip_progress = true;
        clip.prepare_frame = [&](engine::StyleJob& picture, engine::ProgressSink&, int) {
            picture.styles = frame.styles;
            picture.style_blend = frame.style_blend;
            add_regions(picture);
        };
        JobSink sink(*this, job.id);
        const VideoResult result = run_video_job(engine, clip, sink);
        if (result.cancelled) return finish_stopped(job);
        const std::vector<std::byte> bytes = file_bytes(clip.encode_to);
        QJsonObject record = job_record(job);
        record[QStringLiteral("frames")] = result.frames;
        record[QStringLiteral("temporal_weight")] = clip.temporal_weight;
        record[QStringLiteral("later_iterations")] = clip.later_iterations;
        record[QStringLiteral("seconds")] = result.seconds;
        record[QStringLiteral("created")] = QDateTime::currentDateTimeUtc().toString(Qt::ISODate);
        write_output(output, bytes, record, hash);
        std::error_code ignored;
        std::filesystem::remove(clip.encode_to, ignored);
        finish(job, JobStatus::Done, {}, elapsed(), true);
    }

    void process(engine::StyleEngine& engine, BatchJob job, const std::string& device) {
        const BatchQueue queue = store.snapshot();
        observer.on_job_started(job, device.empty() ? job.params.device : device);
        const auto job_started = Clock::now();
        const std::function<double()> elapsed = [&] { return std::chrono::duration<double>(Clock::now() - job_started).count(); };
        try {
            if (device.empty()) check_device(job.params.device);
        } catch (const engine::DeviceError&) {
            {
                std::lock_guard lock(mutex);
                if (!refused_device) refused_device = std::current_exception();
                stopping = true;
            }
            wake.notify_all();
            finish(job, JobStatus::Queued, {}, 0.0, false);
            return;
        }
        try {
            const std::filesystem::path output = queue.output_path(job);
            std::vector<std::filesystem::path> inputs{queue.resolve(job.content)};
            for (const auto& style : job.style.files) inputs.push_back(queue.resolve(style));
            for (const auto& input : inputs) {
                if (same_file(output, input)) {
                    throw QueueError("the output " + output.string() + " is one of the job's inputs; originals are never "
                                     "overwritten: change the name template or the output folder");
                }
            }
            std::error_code ec;
            std::filesystem::create_directories(output.parent_path(), ec);
            if (ec) throw engine::ImageIoError("cannot create the folder " + output.parent_path().string() + ": " + ec.message());

            const std::string hash = settings_hash(queue, job, hashes, model_sha256);
            remove_stale_temporaries(output);
            const OutputCheck check = inspect_output(output, hash);
            if (check.state == OutputState::Finished) {
                observer.on_notice("job " + job.id + ": " + job.output.string() + " is already finished: skipped");
                finish(job, JobStatus::Done, {}, 0.0, false);
                return;
            }
            if ((check.state == OutputState::Stale || check.state == OutputState::Foreign) && !queue.spec.output.overwrite) {
                throw QueueError(check.detail + ": it is kept; set \"overwrite\" (--overwrite) to replace it, or change "
                                 "the name template or the output folder");
            }

            engine::StyleJob style_job;
            style_job.params = job.params;
            if (!device.empty()) style_job.params.device = device;
            if (style_job.params.max_memory == 0) style_job.params.max_memory = options.max_memory;
            style_job.params.preview_every = 0;
            style_job.params.preview_interval_ms = 2000;
            // The styles and mask files once (a clip's frames share them); automatic masks from each picture.
            for (const auto& style : job.style.files) style_job.styles.push_back(image_io::read_image(queue.resolve(style)).rgb);
            style_job.style_blend = job.style.blend;
            std::vector<engine::Region> regions;
            std::vector<std::string> automatic;
            for (const auto& choice : job.regions) {
                engine::Region region;
                const bool found = image_io::is_automatic_mask(choice.mask.string());
                if (!found) region.mask = image_io::read_image(queue.resolve(choice.mask)).rgb;
                region.strength = choice.strength;
                if (choice.style == "photo") region.kind = engine::RegionKind::Photo;
                else if (choice.style == "paper") region.kind = engine::RegionKind::Paper;
                else region.style = image_io::read_image(queue.resolve(choice.style)).rgb;
                regions.push_back(std::move(region));
                automatic.push_back(found ? choice.mask.string() : std::string());
            }
            const auto add_regions = [&](engine::StyleJob& picture) {
                for (std::size_t r = 0; r < regions.size(); ++r) {
                    engine::Region region = regions[r];
                    if (!automatic[r].empty()) {
                        region.mask = *image_io::automatic_mask(automatic[r], picture.content);
                        // An automatic region that finds nothing in this picture (no sky, no face) is left out of its job.
                        if (!image_io::covers_anything(region.mask)) continue;
                    }
                    picture.regions.push_back(std::move(region));
                }
            };
            if (is_video_file(job.content)) {
                process_clip(engine, job, queue, style_job, add_regions, hash, elapsed);
                return;
            }
            const image_io::LoadedImage content = image_io::read_image(queue.resolve(job.content));
            style_job.content = content.rgb;
            add_regions(style_job);

            JobSink sink(*this, job.id);
            const engine::StyleResult result = engine.run(style_job, sink);
            if (result.cancelled) return finish_stopped(job);
            std::optional<engine::Image> alpha;
            if (content.alpha) alpha = image_io::resize_image(*content.alpha, {result.image.width, result.image.height});
            const std::vector<std::byte> bytes =
                image_io::encode_image(output, result.image, alpha ? &*alpha : nullptr, queue.spec.output.bit_depth);

            QJsonObject record = job_record(job);
            record[QStringLiteral("device")] = QString::fromStdString(result.device);
            record[QStringLiteral("precision")] = QString::fromStdString(result.precision);
            record[QStringLiteral("iterations")] = result.iterations_run;
            record[QStringLiteral("seconds")] = result.seconds;
            // The objective of the image as written before colour post-processing (docs/OBJECTIVE.md, "The box").
            if (std::isfinite(result.final_total_loss)) record[QStringLiteral("final_objective")] = result.final_total_loss;
            record[QStringLiteral("created")] = QDateTime::currentDateTimeUtc().toString(Qt::ISODate);
            write_output(output, bytes, record, hash);
            finish(job, JobStatus::Done, {}, elapsed(), true);
        } catch (const std::exception& e) {
            finish(job, JobStatus::Failed, e.what(), elapsed(), true, dynamic_cast<const engine::EngineError*>(&e));
        }
    }

    void worker(const std::string& device, std::exception_ptr& start_error, bool& started_ok) {
        std::unique_ptr<engine::StyleEngine> engine;
        try {
            check_device(device);  // a bad device fails here, not once per job
            engine = std::make_unique<engine::StyleEngine>(options.weights);
        } catch (...) {
            start_error = std::current_exception();
            return;
        }
        started_ok = true;
        while (true) {
            {
                std::unique_lock lock(mutex);
                hold_while(lock, [&] { return !paused || stopping || cancelling_all; });
                if (stopping || cancelling_all) return;
            }
            std::optional<BatchJob> job = store.claim_next();
            if (!job) return;
            process(*engine, std::move(*job), device);
        }
    }
};

BatchRunner::BatchRunner(QueueStore& store, RunnerOptions options, BatchObserver& observer)
    : impl_(std::make_unique<Impl>(store, std::move(options), observer)) {}

BatchRunner::~BatchRunner() = default;

BatchProgress BatchRunner::run() {
    Impl& d = *impl_;
    {
        std::lock_guard lock(d.mutex);
        d.stopping = false;
        d.cancelling_all = false;
        // d.paused is kept: a pause pressed just before run() holds the batch from its start.
        d.cancel_ids.clear();
        d.running_fraction.clear();
        d.run_work = 0.0;
        d.refused_device = nullptr;
        d.started = Clock::now();
        // A clip weighs its frames' evaluations (the first frame's, then the later ones'), from its length.
        d.clip_evaluations.clear();
        const BatchQueue queue = d.store.snapshot();
        for (const BatchJob& job : queue.jobs) {
            if (!is_video_file(job.content)) continue;
            std::int64_t frames = 1;
            try {
                const video_io::VideoInfo info = video_io::probe_video(queue.resolve(job.content));
                frames = std::max<std::int64_t>(1, info.frames > 0 ? info.frames : std::llround(info.duration_s * info.frame_rate()));
            } catch (const std::exception&) {
                // Unreadable: the job fails when it runs; one picture's weight until then.
            }
            const int first = std::max(1, job.params.iterations);
            d.clip_evaluations[job.id] = first + static_cast<double>(frames - 1) * default_later_iterations(first);
        }
        d.paused_for = {};
        if (d.paused) d.paused_at = d.started;
    }
    for (const auto& note : d.store.open_notes()) d.observer.on_notice(note);
    try {
        d.model_sha256 = d.hashes.sha256(d.options.weights);
    } catch (const engine::EngineError& e) {
        throw engine::WeightsError(std::string(e.what()) + " (the VGG-19 weights)");
    }
    std::vector<std::string> devices = d.options.devices;
    if (devices.empty()) devices.emplace_back();  // each job's own device
    const std::size_t n = devices.size();
    std::vector<std::exception_ptr> errors(n);
    std::unique_ptr<bool[]> started(new bool[n]());
    std::vector<std::thread> threads;
    for (std::size_t i = 0; i < n; ++i) {
        threads.emplace_back([&, i] { d.worker(devices[i], errors[i], started[i]); });
    }
    for (auto& thread : threads) thread.join();
    std::exception_ptr first_error;
    bool any_started = false;
    for (std::size_t i = 0; i < n; ++i) {
        any_started = any_started || started[i];
        if (errors[i] && !first_error) first_error = errors[i];
        if (errors[i]) {
            try {
                std::rethrow_exception(errors[i]);
            } catch (const std::exception& e) {
                d.observer.on_notice("worker on " + (devices[i].empty() ? std::string("the jobs' device") : devices[i]) +
                                     " could not start: " + e.what());
            }
        }
    }
    if (!any_started && first_error) std::rethrow_exception(first_error);
    if (d.refused_device) std::rethrow_exception(d.refused_device);
    // A worker that could not start left its share to the others; if every
    // worker stopped early nothing is lost: the jobs are still queued.
    const BatchProgress final_progress = d.progress();
    d.observer.on_progress(final_progress);
    return final_progress;
}

void BatchRunner::pause() {
    std::lock_guard lock(impl_->mutex);
    if (impl_->paused) return;
    impl_->paused = true;
    impl_->paused_at = Clock::now();
}

void BatchRunner::resume() {
    {
        std::lock_guard lock(impl_->mutex);
        if (!impl_->paused) return;
        impl_->paused = false;
        impl_->paused_for += Clock::now() - impl_->paused_at;
    }
    impl_->wake.notify_all();
}

bool BatchRunner::paused() const {
    std::lock_guard lock(impl_->mutex);
    return impl_->paused;
}

int BatchRunner::held_workers() const {
    std::lock_guard lock(impl_->mutex);
    return impl_->held;
}

void BatchRunner::cancel_job(const std::string& id) {
    if (impl_->store.cancel_queued(id)) {
        for (const auto& job : impl_->store.snapshot().jobs) {
            if (job.id == id) impl_->observer.on_job_finished(job);
        }
        impl_->report_progress(true);
        return;
    }
    {
        std::lock_guard lock(impl_->mutex);
        impl_->cancel_ids.insert(id);
    }
    impl_->wake.notify_all();
}

void BatchRunner::cancel_all() {
    {
        std::lock_guard lock(impl_->mutex);
        impl_->cancelling_all = true;
    }
    impl_->store.cancel_all_queued();
    impl_->wake.notify_all();
    for (const auto& job : impl_->store.snapshot().jobs) {
        if (job.status == JobStatus::Cancelled) impl_->observer.on_job_finished(job);
    }
    impl_->report_progress(true);
}

void BatchRunner::stop() {
    {
        std::lock_guard lock(impl_->mutex);
        impl_->stopping = true;
    }
    impl_->wake.notify_all();
}

BatchProgress BatchRunner::progress() const { return impl_->progress(); }

}  // namespace shuimo::batch
