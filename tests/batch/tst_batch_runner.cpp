// The batch runner on generated weights and tiny images: workers sharing a
// queue, failures that stay contained, skip-if-done, foreign files, pause,
// cancel and stop.

#include <QElapsedTimer>
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
#include "shuimo/image_io/image_io.h"
#include "wait_quiet.h"

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
        QElapsedTimer clock;
        clock.start();
        QTRY_VERIFY_WITH_TIMEOUT(recorder.iteration_count() >= 4, 60000);
        const double ms_per_evaluation = static_cast<double>(clock.elapsed()) / 2.0;
        runner.pause();
        QVERIFY(runner.paused());
        // The evaluation in flight ends and is reported, then nothing more comes.
        QVERIFY(testing::waitUntilQuiet([&] { return qsizetype{recorder.iteration_count()}; },
                                        testing::quietPeriodMs(ms_per_evaluation)));
        const int held_at = recorder.iteration_count();
        const int finished_at = recorder.finished_count();
        QTest::qWait(1500);
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
