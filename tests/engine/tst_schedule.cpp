// The coarse-to-fine schedule: level sizes, the share of the iteration budget,
// and its edge cases.

#include <QTest>

#include <algorithm>
#include <numeric>

#include "shuimo/engine/errors.h"
#include "shuimo/engine/schedule.h"

using namespace shuimo;

namespace {

int total(const std::vector<engine::Level>& levels) {
    return std::accumulate(levels.begin(), levels.end(), 0, [](int sum, const engine::Level& l) { return sum + l.iterations; });
}

}  // namespace

class TestSchedule : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void autoLevelsStayWithinAFactorOfTwo_data() {
        QTest::addColumn<int>("longSide");
        QTest::addColumn<int>("minSize");
        QTest::addColumn<QList<int>>("sides");
        QTest::newRow("1024 from 256") << 1024 << 256 << QList<int>{256, 512, 1024};
        QTest::newRow("384 from 128") << 384 << 128 << QList<int>{128, 222, 384};
        QTest::newRow("256 from 128") << 256 << 128 << QList<int>{128, 256};
        QTest::newRow("at the minimum") << 128 << 128 << QList<int>{128};
        QTest::newRow("below the minimum") << 64 << 128 << QList<int>{64};
    }
    void autoLevelsStayWithinAFactorOfTwo() {
        QFETCH(int, longSide);
        QFETCH(int, minSize);
        QFETCH(QList<int>, sides);
        engine::StyleParams params;
        params.scales = 0;
        params.min_size = minSize;
        params.iterations = 300;
        const auto levels = engine::plan_levels(longSide, longSide * 3 / 4, params);
        QCOMPARE(static_cast<int>(levels.size()), static_cast<int>(sides.size()));
        for (std::size_t i = 0; i < levels.size(); ++i) {
            QCOMPARE(levels[i].width, sides[static_cast<int>(i)]);
            QVERIFY(std::abs(levels[i].height - levels[i].width * 3 / 4) <= 1);  // aspect kept
        }
        QCOMPARE(levels.back().width, longSide);
        QCOMPARE(levels.back().height, longSide * 3 / 4);
        QCOMPARE(total(levels), 300);
    }

    void coarseLevelsGetMostIterations() {
        engine::StyleParams params;
        params.scales = 3;
        params.min_size = 256;
        params.iterations = 700;
        const auto levels = engine::plan_levels(1024, 1024, params);
        QCOMPARE(levels[0].iterations, 400);
        QCOMPARE(levels[1].iterations, 200);
        QCOMPARE(levels[2].iterations, 100);
    }

    void budgetIsExactForAnyCount_data() {
        QTest::addColumn<int>("iterations");
        for (const int n : {1, 2, 3, 4, 7, 10, 99, 500, 1001}) QTest::newRow(qPrintable(QString::number(n))) << n;
    }
    void budgetIsExactForAnyCount() {
        QFETCH(int, iterations);
        engine::StyleParams params;
        params.scales = 4;
        params.min_size = 128;
        params.iterations = iterations;
        const auto levels = engine::plan_levels(1024, 700, params);
        QCOMPARE(levels.size(), std::size_t{4});
        QCOMPARE(total(levels), iterations);
        QVERIFY(levels.back().iterations >= 1);
    }

    // A narrow photo's coarse levels keep 16 pixels across instead of shrinking to 1 or 2 (which VGG's
    // pooling cannot take); a level never exceeds the output.
    void narrowImagesKeepSixteenPixelsAcross_data() {
        QTest::addColumn<int>("width");
        QTest::addColumn<int>("height");
        QTest::newRow("24x900") << 24 << 900;
        QTest::newRow("3000x20") << 3000 << 20;
        QTest::newRow("16x16384") << 16 << 16384;
        QTest::newRow("10x600 (output itself below 16)") << 10 << 600;
    }
    void narrowImagesKeepSixteenPixelsAcross() {
        QFETCH(int, width);
        QFETCH(int, height);
        engine::StyleParams params;
        const auto levels = engine::plan_levels(width, height, params);
        QCOMPARE(engine::min_level_side(params), 16);  // the default layers reach relu5_1
        QVERIFY(levels.size() > 1);
        QCOMPARE(levels.back().width, width);
        QCOMPARE(levels.back().height, height);
        for (const auto& level : levels) {
            QVERIFY2(std::min(level.width, level.height) >= std::min({width, height, engine::min_level_side(params)}),
                     qPrintable(QStringLiteral("%1x%2").arg(level.width).arg(level.height)));
            QVERIFY(level.width <= width && level.height <= height);
        }
    }

    // Shallow layers need fewer pixels: a 16x13 first level is kept as asked (min size 16).
    void shallowLayersKeepSmallCoarseLevels() {
        engine::StyleParams params;
        params.scales = 2;
        params.min_size = 16;
        params.content_layers = {"relu3_1"};
        params.style_layers = {"relu1_1", "relu2_1", "relu3_1"};
        QCOMPARE(engine::min_level_side(params), 4);
        const auto levels = engine::plan_levels(32, 26, params);
        QCOMPARE(levels.size(), std::size_t{2});
        QCOMPARE(levels[0].width, 16);
        QCOMPARE(levels[0].height, 13);
    }

    void singleScaleIsOneLevel() {
        engine::StyleParams params;
        params.scales = 1;
        params.iterations = 42;
        const auto levels = engine::plan_levels(2000, 1000, params);
        QCOMPARE(levels.size(), std::size_t{1});
        QCOMPARE(levels[0].width, 2000);
        QCOMPARE(levels[0].iterations, 42);
    }

    void explicitIterationsPerLevel() {
        engine::StyleParams params;
        params.scales = 2;
        params.min_size = 256;
        params.level_iterations = {30, 5};
        const auto levels = engine::plan_levels(512, 512, params);
        QCOMPARE(levels[0].width, 256);
        QCOMPARE(levels[0].iterations, 30);
        QCOMPARE(levels[1].iterations, 5);
        params.level_iterations = {1, 2, 3};
        QVERIFY_THROWS_EXCEPTION(engine::ConfigError, engine::plan_levels(512, 512, params));
    }
};

QTEST_GUILESS_MAIN(TestSchedule)
#include "tst_schedule.moc"
