// The batch runner on generated weights and tiny images: workers sharing a
// queue, failures that stay contained, skip-if-done, foreign files, pause,
// cancel and stop.

#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <fstream>
#include <map>
#include <mutex>
#include <set>
#include <thread>

#include "shared_weights.h"
#include "sine_pattern.h"
#include "shuimo/batch/batch_runner.h"
#include "shuimo/batch/output_record.h"
#include "shuimo/batch/queue_store.h"
#include "shuimo/engine/errors.h"
#include "shuimo/engine/style_engine.h"
#include "shuimo/image_io/image_io.h"

using namespace shuimo;
using batch::JobStatus;

namespace {

std::string read_text(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), {}};
}

// Records what the workers report, from any thread.
class Recorder : public batch::BatchObserver {
public:
    void on_job_started(const batch::BatchJob& job, const std::string&) override {
        std::lock_guard lock(mutex);
        ++starts[job.id];
        threads.insert(std::this_thread::get_id());
    }
    void on_job_iteration(const std::string&, const engine::IterationReport&) override {
        std::lock_guard lock(mutex);
        ++iterations;
    }
    void on_job_finished(const batch::BatchJob& job) override {
        std::lock_guard lock(mutex);
        finished[job.id] = job;
    }
    void on_notice(const std::string& message) override {
        std::lock_guard lock(mutex);
        notices.push_back(message);
    }
    void on_progress(const batch::BatchProgress& progress) override {
        std::lock_guard lock(mutex);
        progresses.push_back(progress);
    }
    int iteration_count() {
        std::lock_guard lock(mutex);
        return iterations;
    }
    int finished_count() {
        std::lock_guard lock(mutex);
        return static_cast<int>(finished.size());
    }

    std::mutex mutex;
    std::map<std::string, int> starts;
    std::map<std::string, batch::BatchJob> finished;
    std::set<std::thread::id> threads;
    std::vector<std::string> notices;
    std::vector<batch::BatchProgress> progresses;
    int iterations = 0;
};

}  // namespace

class TestBatchRunner : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    std::filesystem::path m_weights;

    std::filesystem::path root() const { return m_dir.path().toStdString(); }

    // A fresh folder with photos a, b, c (and a broken one when asked), a style, and a queue.
    std::filesystem::path make_batch(const std::string& name, const std::string& extra_json = {}, int iterations = 4,
                                     bool broken = false) {
        const std::filesystem::path dir = root() / name;
        std::filesystem::create_directories(dir / "photos");
        image_io::write_image(dir / "photos/a.png", testing::sine_pattern(40, 32, 0.0));
        image_io::write_image(dir / "photos/b.png", testing::sine_pattern(32, 40, 1.0));
        image_io::write_image(dir / "photos/c.png", testing::sine_pattern(36, 36, 2.0));
        if (broken) std::ofstream(dir / "photos/broken.png") << "not an image";
        image_io::write_image(dir / "ink.png", testing::sine_pattern(48, 48, 3.0));
        std::ofstream(dir / "q.json") << R"({"output": {"folder": "out")" << extra_json << R"(},
            "params": {"size": 32, "iterations": )" << iterations << R"(, "scales": 1, "device": "cpu"},
            "contents": ["photos"], "styles": ["ink.png"],
            "presets": [{"name": "soft", "params": {"style_weight": 1e4}}, {"name": "strong"}]})";
        return dir / "q.json";
    }

    batch::RunnerOptions options(std::vector<std::string> devices = {}) const { return {std::move(devices), m_weights}; }

private Q_SLOTS:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        m_weights = testing::sharedWeightsPath().toStdString();
    }

    void twoWorkersShareAQueueWithoutDoingAJobTwice() {
        const auto file = make_batch("shared");
        batch::QueueStore store(file);
        Recorder recorder;
        batch::BatchRunner runner(store, options({"cpu", "cpu"}), recorder);
        const batch::BatchProgress result = runner.run();
        QCOMPARE(result.total, 6);
        QCOMPARE(result.done, 6);
        QCOMPARE(result.fraction, 1.0);
        QCOMPARE(recorder.starts.size(), std::size_t(6));
        for (const auto& [id, count] : recorder.starts) QCOMPARE(count, 1);
        qInfo("jobs were taken by %zu worker thread(s)", recorder.threads.size());

        const batch::BatchQueue queue = batch::read_queue_file(file);  // the state on disk
        batch::FileHashes hashes;
        const std::string model = hashes.sha256(m_weights);
        for (const auto& job : queue.jobs) {
            QCOMPARE(job.status, JobStatus::Done);
            QCOMPARE(job.attempts, 1);
            const auto output = queue.output_path(job);
            QCOMPARE(batch::inspect_output(output, batch::settings_hash(queue, job, hashes, model)).state,
                     batch::OutputState::Finished);
            const auto image = image_io::read_image(output);
            QCOMPARE(std::max(image.rgb.width, image.rgb.height), 32);
        }
    }

    // A batch job's pixels are the engine's on the same parameters, blend and seed: the reference
    // is StyleEngine::run on a job built here from what the queue file says (the engine's defaults,
    // the base params, the preset's override), so a preset, a blend or a parameter lost between
    // the queue and the engine (a runner that resets the style weight, drops the blend) fails.
    void jobPixelsAreTheEnginesOnTheSameParameters() {
        const std::filesystem::path dir = root() / "pixels";
        std::filesystem::create_directories(dir);
        image_io::write_image(dir / "a.png", testing::sine_pattern(40, 32, 0.0));
        image_io::write_image(dir / "ink.png", testing::sine_pattern(48, 48, 3.0));
        image_io::write_image(dir / "wash.png", testing::sine_pattern(40, 40, 5.0));
        std::ofstream(dir / "q.json") << R"({"output": {"folder": "out", "bit_depth": 16},
            "params": {"size": 32, "iterations": 5, "scales": 1, "device": "cpu", "init": "noise", "seed": 9},
            "contents": ["a.png"], "styles": [{"name": "mix", "files": ["ink.png", "wash.png"], "blend": [0.8, 0.2]}],
            "presets": [{"name": "soft", "params": {"style_weight": 1e4}}, {"name": "strong"}]})";
        batch::QueueStore store(dir / "q.json");
        Recorder recorder;
        QCOMPARE(batch::BatchRunner(store, options(), recorder).run().done, 2);

        engine::StyleEngine engine(m_weights);
        std::vector<double> differences;
        for (const auto& job : batch::read_queue_file(dir / "q.json").jobs) {
            engine::StyleJob reference;
            reference.params.size = 32;
            reference.params.iterations = 5;
            reference.params.scales = 1;
            reference.params.device = "cpu";
            reference.params.init = engine::InitKind::Noise;
            reference.params.seed = 9;
            if (job.preset == "soft") reference.params.style_weight = 1e4;
            // The files as written (8-bit PNG), read as every front end reads them.
            reference.content = image_io::read_image(dir / "a.png").rgb;
            reference.styles = {image_io::read_image(dir / "ink.png").rgb, image_io::read_image(dir / "wash.png").rgb};
            reference.style_blend = {0.8, 0.2};
            engine::ProgressSink quiet;
            const engine::Image expected = engine.run(reference, quiet).image;
            const engine::Image written = image_io::read_image(store.snapshot().output_path(job)).rgb;
            QCOMPARE(written.width, expected.width);
            QCOMPARE(written.height, expected.height);
            double worst = 0.0;
            for (std::size_t i = 0; i < expected.pixels.size(); ++i)
                worst = std::max(worst, double(std::abs(written.pixels[i] - expected.pixels[i])));
            differences.push_back(worst);
            // 16-bit samples: half a step of rounding (a step allowed).
            QVERIFY2(worst <= 2.0 / 65535.0, qPrintable(QStringLiteral("job %1 (%2): largest difference %3")
                                                          .arg(QString::fromStdString(job.id), QString::fromStdString(job.preset))
                                                          .arg(worst)));
        }
        QCOMPARE(differences.size(), std::size_t{2});
    }

    // Issue 26: a queue's regions reach the engine: the job's pixels are StyleEngine::run's with the
    // same regions (masks and a region style read from their files), and the photo region holds the
    // photo (a runner that dropped the regions, or one of them, paints there).
    void regionsReachTheEngineFromTheQueue() {
        const std::filesystem::path dir = root() / "regions";
        std::filesystem::create_directories(dir);
        image_io::write_image(dir / "a.png", testing::sine_pattern(40, 32, 0.0));
        image_io::write_image(dir / "ink.png", testing::sine_pattern(48, 48, 3.0));
        image_io::write_image(dir / "wash.png", testing::sine_pattern(40, 40, 5.0));
        engine::Image left(20, 10, 3), right(20, 10, 3);  // masks as an artist saves them: white on black
        for (int y = 0; y < 10; ++y)
            for (int x = 0; x < 20; ++x)
                for (int c = 0; c < 3; ++c) (x < 10 ? left : right).at(x, y, c) = 1.0f;
        image_io::write_image(dir / "left.png", left);
        image_io::write_image(dir / "right.png", right);
        std::ofstream(dir / "q.json") << R"({"output": {"folder": "out", "bit_depth": 16},
            "params": {"size": 40, "iterations": 5, "scales": 1, "device": "cpu"},
            "contents": ["a.png"], "styles": ["ink.png"],
            "regions": [{"mask": "left.png", "style": "photo"}, {"mask": "right.png", "style": "wash.png", "strength": 2}]})";
        batch::QueueStore store(dir / "q.json");
        Recorder recorder;
        QCOMPARE(batch::BatchRunner(store, options(), recorder).run().done, 1);

        engine::StyleJob reference;
        reference.params.size = 40;
        reference.params.iterations = 5;
        reference.params.scales = 1;
        reference.params.device = "cpu";
        reference.content = image_io::read_image(dir / "a.png").rgb;
        reference.styles = {image_io::read_image(dir / "ink.png").rgb};
        reference.regions = {engine::Region{image_io::read_image(dir / "left.png").rgb, engine::RegionKind::Photo, {}, 1.0},
                             engine::Region{image_io::read_image(dir / "right.png").rgb, engine::RegionKind::Style,
                                            image_io::read_image(dir / "wash.png").rgb, 2.0}};
        engine::ProgressSink quiet;
        const engine::Image expected = engine::StyleEngine(m_weights).run(reference, quiet).image;
        const auto snapshot = store.snapshot();
        const engine::Image written = image_io::read_image(snapshot.output_path(snapshot.jobs.at(0))).rgb;
        QCOMPARE(written.width, expected.width);
        double worst = 0.0, kept = 0.0;
        for (std::size_t i = 0; i < expected.pixels.size(); ++i)
            worst = std::max(worst, double(std::abs(written.pixels[i] - expected.pixels[i])));
        for (int y = 0; y < written.height; ++y)
            for (int x = 0; x < 16; ++x)
                for (int c = 0; c < 3; ++c)
                    kept = std::max(kept, double(std::abs(written.at(x, y, c) - reference.content.at(x, y, c))));
        QVERIFY2(worst <= 2.0 / 65535.0, qPrintable(QString::number(worst)));
        QVERIFY2(kept <= 2.0 / 65535.0, qPrintable(QString::number(kept)));
    }

    // BatchProgress as the runner reports it: the fraction of the work never falls, stays below 1
    // while a job is left and is 1 at the end; the time left is unknown (-1) or >= 0, and 0 at the end.
    void progressFractionIsMonotoneAndEndsAtOne() {
        const auto file = make_batch("progress", {}, 60);  // over a second: time to measure
        batch::QueueStore store(file);
        Recorder recorder;
        const batch::BatchProgress final_progress = batch::BatchRunner(store, options(), recorder).run();
        QCOMPARE(final_progress.fraction, 1.0);
        QCOMPARE(final_progress.eta_seconds, 0.0);
        QVERIFY(recorder.progresses.size() >= 3);
        double previous = 0.0;
        bool measured = false;
        for (std::size_t i = 0; i < recorder.progresses.size(); ++i) {
            const batch::BatchProgress& p = recorder.progresses[i];
            const bool left = p.queued > 0 || p.running > 0;
            QVERIFY2(p.fraction >= previous - 1e-12, qPrintable(QStringLiteral("sample %1: %2 after %3").arg(i).arg(p.fraction).arg(previous)));
            QVERIFY(p.fraction >= 0.0 && p.fraction <= 1.0);
            if (left) QVERIFY2(p.fraction < 1.0, qPrintable(QStringLiteral("sample %1: 1 with %2 queued, %3 running").arg(i).arg(p.queued).arg(p.running)));
            QVERIFY(p.eta_seconds == -1.0 || p.eta_seconds >= 0.0);
            if (left && p.eta_seconds > 0.0) measured = true;
            previous = p.fraction;
        }
        QVERIFY(measured);  // an estimate came while jobs were left
        QCOMPARE(recorder.progresses.back().fraction, 1.0);
    }

    void aCorruptPhotoFailsOnlyItsJobs() {
        const auto file = make_batch("broken", {}, 3, true);
        batch::QueueStore store(file);
        Recorder recorder;
        batch::BatchRunner runner(store, options(), recorder);
        const auto result = runner.run();
        QCOMPARE(result.total, 8);
        QCOMPARE(result.failed, 2);
        QCOMPARE(result.done, 6);
        for (const auto& job : store.snapshot().jobs) {
            if (job.content.filename() != "broken.png") continue;
            QCOMPARE(job.status, JobStatus::Failed);
            QVERIFY2(QString::fromStdString(job.error).contains(QStringLiteral("cannot decode")), job.error.c_str());
            QVERIFY(!std::filesystem::exists(store.snapshot().output_path(job)));
        }
        // Retrying the failed jobs fails them again, cleanly, and touches nothing else.
        QCOMPARE(store.retry_failed(), 2);
        Recorder again;
        batch::BatchRunner rerun(store, options(), again);
        QCOMPARE(rerun.run().failed, 2);
        QCOMPARE(again.starts.size(), std::size_t(2));
    }

    void finishedOutputsAreSkipped() {
        const auto file = make_batch("skip");
        {
            batch::QueueStore store(file);
            Recorder recorder;
            batch::BatchRunner(store, options(), recorder).run();
        }
        const auto out = file.parent_path() / "out";
        std::map<std::string, std::string> before;
        for (const auto& entry : std::filesystem::directory_iterator(out)) before[entry.path().filename()] = read_text(entry.path());
        // Another machine (or a queue file lost with the power) starts from scratch: everything is queued.
        std::filesystem::remove(file);
        make_batch("skip");
        batch::QueueStore store(file);
        Recorder recorder;
        const auto result = batch::BatchRunner(store, options(), recorder).run();
        QCOMPARE(result.done, 6);
        QCOMPARE(recorder.iteration_count(), 0);  // nothing ran again
        for (const auto& [name, bytes] : before) QCOMPARE(read_text(out / name), bytes);
    }

    void foreignFilesAreKeptUnlessOverwriting() {
        for (const bool overwrite : {false, true}) {
            const std::string name = overwrite ? "foreign-overwrite" : "foreign";
            const auto file = make_batch(name, overwrite ? R"(, "overwrite": true)" : "", 2);
            const auto victim = file.parent_path() / "out/a_ink_soft.png";
            std::filesystem::create_directories(victim.parent_path());
            std::ofstream(victim) << "someone's own file";
            batch::QueueStore store(file);
            Recorder recorder;
            const auto result = batch::BatchRunner(store, options(), recorder).run();
            if (overwrite) {
                QCOMPARE(result.done, 6);
                QVERIFY(read_text(victim) != "someone's own file");
            } else {
                QCOMPARE(result.failed, 1);
                QCOMPARE(result.done, 5);
                QCOMPARE(read_text(victim), std::string("someone's own file"));
                const batch::BatchJob job = store.snapshot().jobs[0];  // a copy: the snapshot is a temporary
                QVERIFY2(QString::fromStdString(job.error).contains(QStringLiteral("not made by a Shuimo batch")), job.error.c_str());
            }
        }
    }

    void anOutputOverAnInputIsRefused() {
        const auto file = make_batch("self");
        std::ofstream(file) << R"({"output": {"folder": "photos", "name": "{content}.{ext}"},
            "params": {"size": 32, "iterations": 2, "scales": 1}, "contents": ["photos/a.png"], "styles": ["ink.png"]})";
        const std::string original = read_text(file.parent_path() / "photos/a.png");
        batch::QueueStore store(file);
        Recorder recorder;
        QCOMPARE(batch::BatchRunner(store, options(), recorder).run().failed, 1);
        QVERIFY(QString::fromStdString(store.snapshot().jobs[0].error).contains(QStringLiteral("originals are never overwritten")));
        QCOMPARE(read_text(file.parent_path() / "photos/a.png"), original);
    }

    void pauseHoldsTheJobsAndResumeGoesOn() {
        const auto file = make_batch("pause", {}, 30);
        batch::QueueStore store(file);
        Recorder recorder;
        batch::BatchRunner runner(store, options(), recorder);
        std::thread thread([&] { runner.run(); });
        QTRY_VERIFY_WITH_TIMEOUT(recorder.iteration_count() >= 2, 60000);
        runner.pause();
        QVERIFY(runner.paused());
        // The evaluation in flight ends and is reported, then the one worker waits for resume():
        // from then on nothing can come (a condition, not a fixed wait).
        QTRY_COMPARE_WITH_TIMEOUT(runner.held_workers(), 1, 60000);
        const int held_at = recorder.iteration_count();
        const int finished_at = recorder.finished_count();
        QCOMPARE(runner.held_workers(), 1);
        QCOMPARE(recorder.iteration_count(), held_at);
        QCOMPARE(recorder.finished_count(), finished_at);
        QCOMPARE(runner.progress().running, 1);  // held, not dropped
        runner.resume();
        QTRY_VERIFY_WITH_TIMEOUT(recorder.finished_count() > finished_at, 60000);  // going on
        runner.stop();
        thread.join();
        QVERIFY(runner.progress().done >= 1);
    }

    void cancelOneJobThenStop() {
        const auto file = make_batch("cancel", {}, 60);
        batch::QueueStore store(file);
        Recorder recorder;
        batch::BatchRunner runner(store, options(), recorder);
        runner.cancel_job("4");  // still queued: cancelled at once
        QCOMPARE(store.snapshot().jobs[3].status, JobStatus::Cancelled);
        std::thread thread([&] { runner.run(); });
        QTRY_VERIFY_WITH_TIMEOUT(recorder.iteration_count() >= 2, 60000);
        runner.cancel_job("1");  // running: stops within an evaluation
        QTRY_VERIFY_WITH_TIMEOUT(recorder.finished_count() >= 2, 60000);
        QCOMPARE(store.snapshot().jobs[0].status, JobStatus::Cancelled);
        QTRY_VERIFY_WITH_TIMEOUT(store.snapshot().jobs[1].status == JobStatus::Running, 60000);
        runner.stop();  // the running job goes back to the queue
        thread.join();
        const auto queue = batch::read_queue_file(file);
        QCOMPARE(queue.jobs[1].status, JobStatus::Queued);
        QCOMPARE(queue.jobs[2].status, JobStatus::Queued);
        QCOMPARE(queue.jobs[3].status, JobStatus::Cancelled);
        QVERIFY(!std::filesystem::exists(queue.output_path(queue.jobs[0])));
        QVERIFY(!std::filesystem::exists(queue.output_path(queue.jobs[1])));
    }

    void aMissingDeviceStopsBeforeAnyJob() {
        const auto file = make_batch("device");
        batch::QueueStore store(file);
        Recorder recorder;
        batch::BatchRunner runner(store, options({"cuda:3"}), recorder);
        QVERIFY_THROWS_EXCEPTION(engine::DeviceError, runner.run());
        for (const auto& job : store.snapshot().jobs) QCOMPARE(job.status, JobStatus::Queued);
        batch::BatchRunner no_weights(store, {{}, root() / "nope.safetensors"}, recorder);
        QVERIFY_THROWS_EXCEPTION(engine::WeightsError, no_weights.run());
    }

    // A device named by the jobs themselves (no --devices) that this machine lacks is
    // the batch's problem, not each job's: the run stops with the error, nothing failed.
    void aJobsOwnRefusedDeviceStopsTheBatch() {
        const auto dir = make_batch("own-device").parent_path();
        std::ofstream(dir / "q.json") << R"({"output": {"folder": "out"},
            "params": {"size": 32, "iterations": 2, "scales": 1, "device": "cuda:99"},
            "contents": ["photos"], "styles": ["ink.png"]})";
        batch::QueueStore store(dir / "q.json");
        Recorder recorder;
        batch::BatchRunner runner(store, options(), recorder);
        try {
            runner.run();
            QFAIL("run() did not throw");
        } catch (const engine::DeviceError& e) {
            QVERIFY2(std::string(e.what()).find("cuda:99") != std::string::npos, e.what());
        }
        QCOMPARE(recorder.starts.size(), std::size_t(1));  // stopped at the first job
        for (const auto& job : store.snapshot().jobs) QCOMPARE(job.status, JobStatus::Queued);
        for (const auto& job : batch::read_queue_file(dir / "q.json").jobs) QCOMPARE(job.status, JobStatus::Queued);
        QVERIFY(!std::filesystem::exists(dir / "out") || std::filesystem::is_empty(dir / "out"));
    }
};

QTEST_GUILESS_MAIN(TestBatchRunner)
#include "tst_batch_runner.moc"
