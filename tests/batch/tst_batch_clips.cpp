// Issue 27, "batch queues accept videos": a clip among a batch's photos (a folder of both) becomes a
// video of the clip's frame count, rate and sound, written with its sidecar as a finished output;
// its progress counts the whole clip; stopped in the middle, the next run goes on from the frames
// already finished (the video job's work folder) instead of painting them again.

#include <QTemporaryDir>
#include <QTest>

#include <atomic>
#include <fstream>
#include <mutex>

#include "shared_weights.h"
#include "sine_pattern.h"
#include "shuimo/batch/batch_runner.h"
#include "shuimo/batch/output_record.h"
#include "shuimo/batch/queue_store.h"
#include "shuimo/batch/video_job.h"
#include "shuimo/image_io/image_io.h"
#include "shuimo/video_io/video_io.h"
#include "tone_file.h"

using namespace shuimo;
using batch::JobStatus;
namespace fs = std::filesystem;

namespace {

constexpr int kFrames = 8;
constexpr int kIterations = 6;  // the first frame's; later frames get as many (default_later_iterations)

// The clip's evaluation reports (first and largest count, total) and a stop once a frame is reached.
class ClipRecorder : public batch::BatchObserver {
public:
    void on_job_iteration(const std::string& id, const engine::IterationReport& report) override {
        if (id != clip_id) return;
        std::lock_guard lock(mutex);
        if (first_iteration == 0) first_iteration = report.iteration;
        last_iteration = std::max(last_iteration, report.iteration);
        total = report.total_iterations;
        fraction = report.work_fraction;
        if (runner && stop_after > 0 && report.iteration > stop_after) runner->stop();
    }
    void on_progress(const batch::BatchProgress& progress) override {
        std::lock_guard lock(mutex);
        if (progress.done == 1 && fraction_after_first < 0) fraction_after_first = progress.fraction;
    }
    void on_job_finished(const batch::BatchJob& job) override {
        std::lock_guard lock(mutex);
        statuses[job.id] = job.status;
        errors[job.id] = job.error;
    }

    std::string clip_id;
    batch::BatchRunner* runner = nullptr;
    int stop_after = 0;
    std::mutex mutex;
    int first_iteration = 0, last_iteration = 0, total = 0;
    double fraction = 0.0;
    double fraction_after_first = -1.0;  // the batch's, once its first job (the photo) is done
    std::map<std::string, JobStatus> statuses;
    std::map<std::string, std::string> errors;
};

}  // namespace

class TestBatchClips : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    fs::path m_weights;

    fs::path root() const { return m_dir.path().toStdString(); }

    // A folder "takes" with a photo and a clip (a pan over a pattern, a tone as its sound), a style, a queue.
    fs::path make_batch(const std::string& name) {
        const fs::path dir = root() / name;
        fs::create_directories(dir / "takes");
        image_io::write_image(dir / "takes/a.png", testing::sine_pattern(40, 32, 0.0));
        testing::write_tone(dir / "tone.m4a", kFrames / 12.0, 440.0);
        const engine::Image scene = testing::sine_pattern(96, 40, 1.0);
        video_io::VideoWriter writer(dir / "takes/walk.mp4", 48, 32, 12, 1, dir / "tone.m4a");
        for (int i = 0; i < kFrames; ++i) {
            engine::Image frame(48, 32, 3);
            for (int y = 0; y < 32; ++y)
                for (int x = 0; x < 48; ++x)
                    for (int c = 0; c < 3; ++c) frame.at(x, y, c) = scene.at(x + 4 * i, y + 4, c);
            writer.write(frame);
        }
        writer.finish();
        image_io::write_image(dir / "ink.png", testing::sine_pattern(48, 48, 3.0));
        std::ofstream(dir / "q.json") << R"({"output": {"folder": "out"},
            "params": {"size": 32, "iterations": )" << kIterations << R"(, "scales": 1, "device": "cpu"},
            "contents": ["takes"], "styles": ["ink.png"]})";
        return dir / "q.json";
    }

    static std::string clip_id(const batch::BatchQueue& queue) {
        for (const auto& job : queue.jobs)
            if (batch::is_video_file(job.content)) return job.id;
        return {};
    }

private Q_SLOTS:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        m_weights = testing::sharedWeightsPath().toStdString();
    }

    void aClipInAQueueBecomesAVideoWithItsSound() {
        const fs::path file = make_batch("whole");
        batch::QueueStore store(file);
        const batch::BatchQueue expanded = store.snapshot();
        QCOMPARE(expanded.jobs.size(), std::size_t(2));  // the folder's photo and its clip
        ClipRecorder recorder;
        recorder.clip_id = clip_id(expanded);
        QVERIFY(!recorder.clip_id.empty());
        batch::BatchRunner runner(store, {{}, m_weights}, recorder);
        const batch::BatchProgress result = runner.run();
        QCOMPARE(result.done, 2);

        const batch::BatchQueue queue = batch::read_queue_file(file);
        const auto& clip = *std::find_if(queue.jobs.begin(), queue.jobs.end(), [&](const auto& j) { return j.id == recorder.clip_id; });
        const fs::path output = queue.output_path(clip);
        QCOMPARE(output.extension().string(), std::string(".mp4"));
        batch::FileHashes hashes;
        QCOMPARE(batch::inspect_output(output, batch::settings_hash(queue, clip, hashes, hashes.sha256(m_weights))).state,
                 batch::OutputState::Finished);
        const video_io::VideoInfo info = video_io::probe_video(output);
        QCOMPARE(info.width, 32);  // 48x32 at 32 on its long side, even
        QCOMPARE(info.height, 20);
        QCOMPARE(info.rate_num * 1, 12 * info.rate_den);
        QVERIFY(info.has_audio);
        video_io::VideoReader reader(output);
        int frames = 0;
        while (reader.next()) ++frames;
        QCOMPARE(frames, kFrames);
        // Progress counted the clip: every frame's evaluations, to the end.
        QCOMPARE(recorder.total, kFrames * kIterations);
        QCOMPARE(recorder.last_iteration, kFrames * kIterations);
        QCOMPARE(recorder.fraction, 1.0);
        // The batch weighs the clip by its frames: the photo done is a ninth of the work, not half.
        QVERIFY2(std::abs(recorder.fraction_after_first - 1.0 / 9.0) < 0.01, qPrintable(QString::number(recorder.fraction_after_first)));
        // Nothing of the work is left beside the output.
        QVERIFY(!fs::exists(batch::video_work_folder(output)));
        for (const auto& entry : fs::directory_iterator(output.parent_path()))
            QVERIFY2(entry.path().filename().string().front() != '.', entry.path().c_str());
    }

    void aStoppedClipGoesOnFromItsFinishedFrames() {
        const fs::path file = make_batch("stopped");
        batch::QueueStore store(file);
        ClipRecorder first;
        first.clip_id = clip_id(store.snapshot());
        batch::BatchRunner runner(store, {{}, m_weights}, first);
        first.runner = &runner;
        first.stop_after = 3 * kIterations;  // in the fourth frame
        runner.run();
        QCOMPARE(first.statuses[first.clip_id], JobStatus::Queued);  // stopped, not failed
        const batch::BatchQueue queue = store.snapshot();
        const auto& clip = *std::find_if(queue.jobs.begin(), queue.jobs.end(), [&](const auto& j) { return j.id == first.clip_id; });
        const fs::path work = batch::video_work_folder(queue.output_path(clip));
        QVERIFY(fs::exists(work / "frame_000003.json"));
        QVERIFY(!fs::exists(queue.output_path(clip)));

        ClipRecorder second;
        second.clip_id = first.clip_id;
        batch::BatchRunner again(store, {{}, m_weights}, second);
        again.run();
        QCOMPARE(second.statuses[second.clip_id], JobStatus::Done);
        // It began after the three finished frames, not at the first evaluation.
        QVERIFY2(second.first_iteration > 3 * kIterations, qPrintable(QString::number(second.first_iteration)));
        QCOMPARE(second.last_iteration, kFrames * kIterations);
        video_io::VideoReader reader(queue.output_path(clip));
        int frames = 0;
        while (reader.next()) ++frames;
        QCOMPARE(frames, kFrames);
    }
};

QTEST_GUILESS_MAIN(TestBatchClips)
#include "tst_batch_clips.moc"
