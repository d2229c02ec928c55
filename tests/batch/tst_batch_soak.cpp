// Soak: 200 tiny jobs through one runner, resident memory sampled as they
// finish. After a warm-up (allocator pools, torch's thread pools, the weights)
// the resident set must stay flat: growth over the last 150 jobs under 24 MiB
// (about 160 KiB a job would already fail it: a leak of one image or one
// feature map per job shows).

#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <fstream>
#include <mutex>

#include "shared_weights.h"
#include "sine_pattern.h"
#include "shuimo/batch/batch_runner.h"
#include "shuimo/batch/queue_store.h"
#include "shuimo/image_io/image_io.h"

using namespace shuimo;

namespace {

long resident_kib() {
    std::ifstream status("/proc/self/status");
    std::string line;
    while (std::getline(status, line)) {
        if (line.rfind("VmRSS:", 0) == 0) return std::stol(line.substr(6));
    }
    return -1;
}

class RssSampler : public batch::BatchObserver {
public:
    void on_job_finished(const batch::BatchJob& job) override {
        std::lock_guard lock(mutex);
        ++finished;
        if (job.status != batch::JobStatus::Done) failures.push_back(job.error);
        if (finished % 25 == 0) samples.emplace_back(finished, resident_kib());
    }
    std::mutex mutex;
    int finished = 0;
    std::vector<std::pair<int, long>> samples;
    std::vector<std::string> failures;
};

}  // namespace

class TestBatchSoak : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void twoHundredJobsKeepMemoryFlat() {
        QTemporaryDir dir;
        const std::filesystem::path root = dir.path().toStdString();
        const std::filesystem::path weights = testing::sharedWeightsPath().toStdString();
        std::filesystem::create_directories(root / "photos");
        std::string contents;
        for (int i = 0; i < 10; ++i) {
            image_io::write_image(root / "photos" / ("p" + std::to_string(i) + ".png"), testing::sine_pattern(20 + i, 24, i));
        }
        std::string styles;
        for (int i = 0; i < 4; ++i) {
            const std::string name = "s" + std::to_string(i) + ".png";
            image_io::write_image(root / name, testing::sine_pattern(24, 20 + i, 10.0 + i));
            styles += (i ? ", \"" : "\"") + name + "\"";
        }
        std::string presets;
        for (int i = 0; i < 5; ++i) {
            presets += (i ? ", " : "") + std::string("{\"name\": \"w") + std::to_string(i) + "\", \"params\": {\"style_weight\": " +
                       std::to_string(1000 * (i + 1)) + "}}";
        }
        std::ofstream(root / "q.json") << R"({"output": {"folder": "out"}, "params": {"size": 24, "iterations": 2, "scales": 1, "device": "cpu"},
            "contents": ["photos"], "styles": [)" << styles << R"(], "presets": [)" << presets << "]}";

        batch::QueueStore store(root / "q.json");
        QCOMPARE(store.snapshot().jobs.size(), std::size_t(200));
        RssSampler sampler;
        batch::BatchRunner runner(store, {{"cpu"}, weights}, sampler);
        const auto result = runner.run();
        for (const auto& error : sampler.failures) qWarning("%s", error.c_str());
        QCOMPARE(result.done, 200);
        for (const auto& [jobs, kib] : sampler.samples) qInfo("after %3d jobs: resident %ld KiB", jobs, kib);
        QCOMPARE(sampler.samples.size(), std::size_t(8));
        const long warm = sampler.samples[1].second;    // after 50 jobs
        const long last = sampler.samples.back().second;  // after 200
        QVERIFY2(last - warm < 24 * 1024, qPrintable(QStringLiteral("grew %1 KiB from job 50 to job 200").arg(last - warm)));
    }
};

QTEST_GUILESS_MAIN(TestBatchSoak)
#include "tst_batch_soak.moc"
