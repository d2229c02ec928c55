// The coarse-to-fine schedule: level sizes, the share of the iteration budget,
// and its edge cases.

#include <QTest>

#include <algorithm>
#include <numeric>

#include "shuimo/engine/errors.h"
#include "shuimo/engine/schedule.h"

using namespace shuimo;

namespace {

double cost(const engine::Level& level, const engine::Level& output) {
    return static_cast<double>(level.width) * level.height / (static_cast<double>(output.width) * output.height);
}

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
        // Automatic levels start at half the min size (the default 128: 64).
        QTest::newRow("1024, min size 256") << 1024 << 256 << QList<int>{128, 256, 512, 1024};
        QTest::newRow("384, min size 256") << 384 << 256 << QList<int>{128, 222, 384};
        QTest::newRow("192") << 192 << 128 << QList<int>{64, 111, 192};
        QTest::newRow("384") << 384 << 128 << QList<int>{64, 116, 211, 384};
        QTest::newRow("138") << 138 << 128 << QList<int>{64, 94, 138};
        // Just above the min size the coarser levels would get under 5 % of the job's time: one level.
        QTest::newRow("137") << 137 << 128 << QList<int>{137};
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

    // Automatic levels: each job takes the time the halving shares over levels from min_size took
    // (the rule until 2026-12; times below from that rule), spent on levels from half min_size: the
    // coarser levels halve in time going down, the output level gets the rest (docs/OBJECTIVE.md,
    // "Coarse to fine").
    void automaticLevelsKeepTheJobsTime_data() {
        QTest::addColumn<int>("width");
        QTest::addColumn<int>("height");
        QTest::addColumn<int>("iterations");
        QTest::addColumn<QList<int>>("shares");
        QTest::addColumn<double>("time");  // of the previous rule, in evaluations at the output size
        QTest::newRow("192x144, 100") << 192 << 144 << 100 << QList<int>{28, 19, 53} << 62.778;
        QTest::newRow("384x288, 100") << 384 << 288 << 100 << QList<int>{39, 24, 15, 22} << 29.831;
        QTest::newRow("512x512, 77") << 512 << 512 << 77 << QList<int>{35, 18, 9, 15} << 19.250;
        QTest::newRow("1920x1080, 500") << 1920 << 1080 << 500 << QList<int>{240, 124, 63, 32, 17, 24} << 31.917;
        QTest::newRow("3000x2000, 500") << 3000 << 2000 << 500 << QList<int>{224, 125, 69, 39, 21, 12, 10} << 16.439;
    }
    void automaticLevelsKeepTheJobsTime() {
        QFETCH(int, width);
        QFETCH(int, height);
        QFETCH(int, iterations);
        QFETCH(QList<int>, shares);
        QFETCH(double, time);
        engine::StyleParams params;
        params.iterations = iterations;
        const auto levels = engine::plan_levels(width, height, params);
        QCOMPARE(static_cast<int>(levels.size()), static_cast<int>(shares.size()));
        std::vector<double> times;  // per level, in evaluations at the output size
        for (std::size_t i = 0; i < levels.size(); ++i) {
            QCOMPARE(levels[i].iterations, shares[static_cast<int>(i)]);
            times.push_back(levels[i].iterations * cost(levels[i], levels.back()));
        }
        QCOMPARE(total(levels), iterations);
        const double planned = std::accumulate(times.begin(), times.end(), 0.0);
        QVERIFY2(std::abs(planned - time) <= 0.02 * time, qPrintable(QStringLiteral("%1 against %2").arg(planned).arg(time)));
        for (std::size_t i = 0; i + 2 < levels.size(); ++i) {  // halving going down, within an evaluation's rounding
            const double slack = cost(levels[i], levels.back()) + cost(levels[i + 1], levels.back());
            QVERIFY2(std::abs(times[i] - times[i + 1] / 2) <= slack, qPrintable(QStringLiteral("level %1").arg(i)));
        }
        QVERIFY(times.back() > planned / 2);  // the output level gets most of the time
    }

    // Fewer evaluations than levels on a print: one each on the finest levels, not all of them at the
    // output size (which would take several times the job's time).
    void fewEvaluationsOnAPrintStayCheap_data() {
        QTest::addColumn<int>("iterations");
        for (const int n : {1, 2, 7, 8, 10, 17}) QTest::newRow(qPrintable(QString::number(n))) << n;
    }
    void fewEvaluationsOnAPrintStayCheap() {
        QFETCH(int, iterations);
        engine::StyleParams params;
        params.iterations = iterations;
        const auto levels = engine::plan_levels(8000, 6000, params);
        QCOMPARE(total(levels), iterations);
        QCOMPARE(levels.back().width, 8000);
        double time = 0;
        for (const auto& level : levels) {
            QVERIFY(level.iterations >= 1);
            time += level.iterations * cost(level, levels.back());
        }
        QVERIFY2(time < 1.5, qPrintable(QString::number(time)));  // in evaluations at 8000x6000
    }

    // Evaluations given per level with automatic levels (a preset of an earlier version): the levels
    // run from min_size itself, as they did when the preset was written.
    void evaluationsPerLevelKeepTheirLevels() {
        engine::StyleParams params;
        params.level_iterations = {30, 20, 10};
        const auto levels = engine::plan_levels(512, 384, params);
        QCOMPARE(levels.size(), std::size_t{3});
        QCOMPARE(levels[0].width, 128);
        QCOMPARE(levels[1].width, 256);
        QCOMPARE(levels[2].iterations, 10);
    }

    // Levels asked for by number: each twice the evaluations of the next finer one.
    void countedLevelsHalveTheirEvaluations() {
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
    // pooling cannot take); a level never exceeds the output, and levels that would repeat a size are one.
    void narrowImagesKeepSixteenPixelsAcross_data() {
        QTest::addColumn<int>("width");
        QTest::addColumn<int>("height");
        QTest::addColumn<int>("count");  // levels: one of each size
        QTest::newRow("24x900") << 24 << 900 << 2;
        QTest::newRow("3000x20") << 3000 << 20 << 2;
        QTest::newRow("16x16384 (every coarser level would be the output)") << 16 << 16384 << 1;
        QTest::newRow("10x600 (output itself below 16)") << 10 << 600 << 1;
    }
    void narrowImagesKeepSixteenPixelsAcross() {
        QFETCH(int, width);
        QFETCH(int, height);
        QFETCH(int, count);
        engine::StyleParams params;
        const auto levels = engine::plan_levels(width, height, params);
        QCOMPARE(engine::min_level_side(params), 16);  // the default layers reach relu5_1
        QCOMPARE(static_cast<int>(levels.size()), count);
        QCOMPARE(levels.back().width, width);
        QCOMPARE(levels.back().height, height);
        QCOMPARE(total(levels), params.iterations);
        for (std::size_t i = 0; i < levels.size(); ++i) {
            const auto& level = levels[i];
            QVERIFY2(std::min(level.width, level.height) >= std::min({width, height, engine::min_level_side(params)}),
                     qPrintable(QStringLiteral("%1x%2").arg(level.width).arg(level.height)));
            QVERIFY(level.width <= width && level.height <= height);
            if (i > 0) QVERIFY(level.width * level.height > levels[i - 1].width * levels[i - 1].height);
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
