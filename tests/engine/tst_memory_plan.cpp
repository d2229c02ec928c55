// The memory estimate's arithmetic: what it grows with. Its accuracy against
// measured peaks is a benchmark (docs/BENCHMARKS.md), not a test.

#include <QTest>

#include "shuimo/engine/job_plan.h"
#include "shuimo/engine/memory_plan.h"

using namespace shuimo;

class TestMemoryPlan : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void sizeDependentTermsScaleWithPixels() {
        engine::StyleParams params;
        const auto small = engine::estimate_level_memory(512, 512, params, 10);
        const auto large = engine::estimate_level_memory(1024, 1024, params, 10);
        QCOMPARE(large.activations, 4 * small.activations);
        QCOMPARE(large.optimizer, 4 * small.optimizer);
        QCOMPARE(large.fixed, small.fixed);
        // ~1.5 KB of saved activations per pixel to relu5_1 in fp32, by the layer table.
        QVERIFY(small.activations > 1400.0 * 512 * 512 && small.activations < 1700.0 * 512 * 512);
    }

    void lbfgsHistoryGrowsWithIterationsUpTo100() {
        engine::StyleParams params;
        const auto few = engine::estimate_level_memory(256, 256, params, 5);
        const auto hundred = engine::estimate_level_memory(256, 256, params, 100);
        const auto thousand = engine::estimate_level_memory(256, 256, params, 1000);
        QCOMPARE(hundred.optimizer - few.optimizer, std::uint64_t{2 * 95 * 3 * 4 * 256 * 256});
        QCOMPARE(thousand.optimizer, hundred.optimizer);
        params.optimizer = engine::OptimizerKind::Adam;
        QVERIFY(engine::estimate_level_memory(256, 256, params, 1000).optimizer < few.optimizer);
    }

    void shallowerLayersAndHalfPrecisionNeedLess() {
        engine::StyleParams params;
        const auto deep = engine::estimate_level_memory(512, 512, params, 10);
        const auto half = engine::estimate_level_memory(512, 512, params, 10, 2);
        QVERIFY(half.activations < deep.activations * 0.6);
        params.style_layers = {"relu1_1", "relu2_1"};
        params.content_layers = {"relu2_2"};
        QVERIFY(engine::estimate_level_memory(512, 512, params, 10).activations < deep.activations * 0.7);
    }

    // One convolution layer, counted by hand: forward 2·9·Cin·Cout·HW and the
    // same again backward; its Gram 2·C²·HW forward and backward.
    void evaluationWorkByHand() {
        engine::StyleParams params;
        params.content_layers = {"relu1_1"};
        params.style_layers = {"relu1_1"};
        const double hw = 64.0 * 32.0;
        const double expected = 2.0 * (2.0 * 9 * 3 * 64 * hw) + 2.0 * (2.0 * 64 * 64 * hw);
        QCOMPARE(engine::evaluation_gflop(64, 32, params), expected * 1e-9);
        // Deeper layers run at a quarter of the pixels per pooling.
        params.style_layers = {"relu1_1", "relu2_1"};
        const double conv2 = 2.0 * 9 * 64 * 64 * hw + 2.0 * 9 * 64 * 128 * hw / 4;
        const double with_relu2_1 = 2.0 * (2.0 * 9 * 3 * 64 * hw + conv2) + 2.0 * (2.0 * 64 * 64 * hw + 2.0 * 128 * 128 * hw / 4);
        QCOMPARE(engine::evaluation_gflop(64, 32, params), with_relu2_1 * 1e-9);
    }

    void jobPlanAddsUpItsLevels() {
        engine::StyleParams params;
        params.size = 512;
        params.iterations = 300;
        const auto plan = engine::plan_job(1600, 1200, params);
        QCOMPARE(plan.output.width, 512);
        QCOMPARE(plan.output.height, 384);
        QVERIFY(plan.levels.size() >= 2);
        int iterations = 0;
        std::uint64_t peak = 0;
        double work = 0;
        for (const auto& level : plan.levels) {
            iterations += level.level.iterations;
            peak = std::max(peak, level.memory.total());
            work += level.gflop_per_evaluation * level.level.iterations;
        }
        QCOMPARE(iterations, 300);
        QCOMPARE(plan.total_iterations, 300);
        QCOMPARE(plan.peak_bytes, peak);
        QCOMPARE(plan.peak_bytes, plan.levels.back().memory.total());  // the output level is the largest
        QVERIFY(plan.total_gflop > work && plan.total_gflop < 1.05 * work);  // plus one content pass per level
        QCOMPARE(plan.seconds_at(2 * 100.0), plan.seconds_at(100.0) / 2);
        QVERIFY(plan.seconds_at(100.0) > plan.total_gflop / 100.0);  // the optimiser's share on top
        // Single-scale does all 300 at 512x384: more work than the pyramid.
        params.scales = 1;
        QVERIFY(engine::plan_job(1600, 1200, params).total_gflop > 1.5 * plan.total_gflop);
    }
};

QTEST_GUILESS_MAIN(TestMemoryPlan)
#include "tst_memory_plan.moc"
