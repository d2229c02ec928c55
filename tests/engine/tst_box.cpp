// The picture written is the picture optimised (docs/OBJECTIVE.md, "The box"):
// every evaluated image stays inside [0,1], and a written 16-bit file, read
// back and evaluated with the engine's objective, scores what the job reported.

#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <filesystem>
#include <memory>
#include <vector>

#include "job_runner.h"
#include "random_weights.h"
#include "shuimo/engine/style_engine.h"
#include "shuimo/image_io/image_io.h"
#include "sine_pattern.h"

using namespace shuimo;

namespace {

struct RecordingSink : engine::ProgressSink {
    std::vector<engine::IterationReport> reports;
    std::vector<engine::Image> previews;
    void on_iteration(const engine::IterationReport& r) override { reports.push_back(r); }
    void on_preview(const engine::Image& image, const engine::IterationReport&) override { previews.push_back(image); }
};

// Unbounded L-BFGS leaves the box at this size within a few evaluations when
// nothing (no TV term) holds the pixels back: the setting of issue [RANGE].
engine::StyleJob boxJob(int optimizer, int scales) {
    engine::StyleJob job;
    job.content = testing::sine_pattern(48, 40, 0.0);
    job.styles = {testing::sine_pattern(40, 48, 1.3)};
    job.params.size = 48;
    job.params.iterations = 16;
    job.params.scales = scales;
    job.params.min_size = 32;
    job.params.tv_weight = 0.0;
    job.params.style_weight = 1e8;
    job.params.optimizer = static_cast<engine::OptimizerKind>(optimizer);
    job.params.learning_rate = 0.05;
    job.params.device = "cpu";
    job.params.preview_every = 1;
    return job;
}

}  // namespace

class TestBox : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    std::unique_ptr<engine::StyleEngine> m_engine;

private Q_SLOTS:
    void initTestCase() {
        const auto weights = std::filesystem::path(m_dir.path().toStdString()) / "vgg19.safetensors";
        testing::write_random_vgg19_weights(weights, {42});
        m_engine = std::make_unique<engine::StyleEngine>(weights);
    }

    void cleanup() { engine::set_unbounded_lbfgs_for_benchmark(false); }

    void jobs_data() {
        QTest::addColumn<int>("optimizer");
        QTest::addColumn<int>("scales");
        QTest::newRow("lbfgs single scale") << static_cast<int>(engine::OptimizerKind::Lbfgs) << 1;
        QTest::newRow("lbfgs two levels") << static_cast<int>(engine::OptimizerKind::Lbfgs) << 2;
        QTest::newRow("adam single scale") << static_cast<int>(engine::OptimizerKind::Adam) << 1;
    }

    // No sample of the optimised tensor outside [0,1] at any reported
    // evaluation (the reports carry its range before any clamping).
    void evaluatedImagesStayInTheBox_data() { jobs_data(); }
    void evaluatedImagesStayInTheBox() {
        QFETCH(int, optimizer);
        QFETCH(int, scales);
        RecordingSink sink;
        const auto result = m_engine->run(boxJob(optimizer, scales), sink);
        QCOMPARE(result.iterations_run, 16);
        QCOMPARE(sink.reports.size(), std::size_t{16});
        QCOMPARE(sink.previews.size(), std::size_t{16});
        for (const auto& r : sink.reports) {
            QVERIFY2(r.image_min >= 0.0 && r.image_max <= 1.0,
                     qPrintable(QStringLiteral("evaluation %1: [%2, %3]").arg(r.iteration).arg(r.image_min).arg(r.image_max)));
        }
        QVERIFY(sink.reports.back().total_loss < sink.reports.front().total_loss);
    }

    // The check above can fail: the old unbounded L-BFGS (kept for shuimo-bench's
    // comparison) leaves the box on the same job.
    void unboundedLbfgsLeavesTheBox() {
        engine::set_unbounded_lbfgs_for_benchmark(true);
        RecordingSink sink;
        m_engine->run(boxJob(static_cast<int>(engine::OptimizerKind::Lbfgs), 1), sink);
        bool outside = false;
        for (const auto& r : sink.reports) outside = outside || r.image_min < 0.0 || r.image_max > 1.0;
        QVERIFY(outside);
    }

    // A written 16-bit PNG, read back and evaluated by the engine, scores the
    // reported final objective within 1e-4 (rounding to 16 bits moves it by about 1e-6; the issue asks 1%).
    void writtenFileScoresTheReportedObjective_data() { jobs_data(); }
    void writtenFileScoresTheReportedObjective() {
        QFETCH(int, optimizer);
        QFETCH(int, scales);
        const engine::StyleJob job = boxJob(optimizer, scales);
        RecordingSink sink;
        const auto result = m_engine->run(job, sink);
        QVERIFY(std::isfinite(result.final_total_loss));
        const auto path = std::filesystem::path(m_dir.path().toStdString()) / "written.png";
        image_io::write_image(path, result.image, nullptr, 16);
        const auto loaded = image_io::read_image(path);
        QCOMPARE(loaded.bit_depth, 16);
        const engine::IterationReport written = m_engine->evaluate_objective(job, loaded.rgb);
        QVERIFY2(std::abs(written.total_loss - result.final_total_loss) <= 1e-4 * result.final_total_loss,
                 qPrintable(QStringLiteral("written %1, reported %2").arg(written.total_loss).arg(result.final_total_loss)));
        // The evaluation is the engine's own: the reported best is one of the evaluations, and
        // a loss curve of the reports' best-so-far ends on it.
        bool seen = false;
        for (const auto& r : sink.reports) seen = seen || (r.width == 48 && r.total_loss == result.final_total_loss);
        QVERIFY(seen);
        QCOMPARE(sink.reports.back().best_total_loss, result.final_total_loss);
        for (const auto& r : sink.reports) QVERIFY(r.best_total_loss <= r.total_loss);
    }
};

QTEST_GUILESS_MAIN(TestBox)
#include "tst_box.moc"
