// The memory estimate's arithmetic: what it grows with. Its accuracy against
// measured peaks is a benchmark (docs/BENCHMARKS.md), not a test.

#include <QTest>

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
};

QTEST_GUILESS_MAIN(TestMemoryPlan)
#include "tst_memory_plan.moc"
