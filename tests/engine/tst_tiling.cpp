// The geometry of tiled levels (tiling.h): spans and grids for odd sizes, the
// feathered weights' partition of unity, the shifted passes, and what the
// planner makes of them (job_plan.h). Plain C++, no torch.

#include <QTest>

#include <algorithm>
#include <cmath>
#include <vector>

#include "shuimo/engine/job_plan.h"
#include "shuimo/engine/tiling.h"

using namespace shuimo;

namespace {

// Every position's weights summed over the spans covering it.
std::vector<double> axis_sums(const std::vector<engine::Span>& spans, int length) {
    std::vector<double> sums(static_cast<std::size_t>(length), 0.0);
    for (std::size_t i = 0; i < spans.size(); ++i) {
        const auto w = engine::axis_weights(spans, i);
        for (int t = 0; t < spans[i].length(); ++t) sums[static_cast<std::size_t>(spans[i].begin + t)] += w[static_cast<std::size_t>(t)];
    }
    return sums;
}

}  // namespace

class TestTiling : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void spansCoverOddLengths_data() {
        QTest::addColumn<int>("length");
        QTest::addColumn<int>("tile");
        QTest::addColumn<int>("overlap");
        QTest::addColumn<double>("shift");
        for (const int length : {97, 101, 257, 1009, 7919})
            for (const int tile : {64, 97, 128, 500})
                for (const double shift : {0.0, 0.5, 1.0 / 3.0}) {
                    const QByteArray name = QByteArray::number(length) + "/" + QByteArray::number(tile) + "/" + QByteArray::number(shift);
                    QTest::newRow(name.constData()) << length << tile << 16 << shift;
                }
        QTest::newRow("overlap larger than a third") << 1009 << 96 << 200 << 0.5;
        QTest::newRow("no overlap asked") << 1009 << 96 << 0 << 0.0;
    }

    void spansCoverOddLengths() {
        QFETCH(int, length);
        QFETCH(int, tile);
        QFETCH(int, overlap);
        QFETCH(double, shift);
        const auto spans = engine::split_axis(length, tile, overlap, shift, 16);
        const int ov = engine::effective_overlap(tile, overlap);
        QVERIFY(!spans.empty());
        QCOMPARE(spans.front().begin, 0);
        QCOMPARE(spans.back().end, length);
        if (length <= tile) QCOMPARE(spans.size(), std::size_t{1});
        for (std::size_t i = 0; i < spans.size(); ++i) {
            // Longer than the tile only by what the shortest allowed end span (16) exceeds the overlap.
            const int longest = tile + std::max(0, 16 - ov);
            QVERIFY2(spans[i].length() <= longest,
                     qPrintable(QStringLiteral("span %1 is %2 > %3").arg(i).arg(spans[i].length()).arg(longest)));
            QVERIFY(spans[i].length() >= std::min(length, std::max(16, ov)));
            if (i == 0) continue;
            // Neighbours share exactly the overlap; no position is in three spans.
            QCOMPARE(spans[i - 1].end - spans[i].begin, ov);
            if (i >= 2) QVERIFY(spans[i].begin >= spans[i - 2].end);
        }
    }

    void oneTileAndOneRow() {
        // A whole image no larger than the tile is one tile with weight 1 everywhere.
        const auto one = engine::make_tile_grid({61, 37}, 64, 16);
        QCOMPARE(one.count(), 1);
        QCOMPARE(one.rect(0), (engine::TileRect{0, 0, 61, 37}));
        for (const float w : one.weights(0)) QCOMPARE(w, 1.0f);
        // A strip: one row of tiles.
        const auto strip = engine::make_tile_grid({1009, 53}, 128, 32);
        QCOMPARE(strip.rows.size(), std::size_t{1});
        QVERIFY(strip.columns.size() >= 9);
        QCOMPARE(strip.largest().height, 53);
        QVERIFY(strip.largest().width <= 128);
        // ... and one column.
        QCOMPARE(engine::make_tile_grid({53, 1009}, 128, 32).columns.size(), std::size_t{1});
    }

    void featherWeightsSumToOneEverywhere_data() {
        QTest::addColumn<int>("width");
        QTest::addColumn<int>("height");
        QTest::addColumn<int>("tile");
        QTest::addColumn<int>("overlap");
        QTest::addColumn<double>("shift");
        QTest::newRow("prime 211x127, 64, first pass") << 211 << 127 << 64 << 16 << 0.0;
        QTest::newRow("prime 211x127, 64, shifted") << 211 << 127 << 64 << 16 << 0.5;
        QTest::newRow("97x389, 96, third") << 97 << 389 << 96 << 32 << 1.0 / 3.0;
        QTest::newRow("one row 503x40") << 503 << 40 << 100 << 24 << 0.5;
        QTest::newRow("one tile") << 50 << 50 << 64 << 16 << 0.5;
    }

    void featherWeightsSumToOneEverywhere() {
        QFETCH(int, width);
        QFETCH(int, height);
        QFETCH(int, tile);
        QFETCH(int, overlap);
        QFETCH(double, shift);
        const auto grid = engine::make_tile_grid({width, height}, tile, overlap, shift, 16);
        std::vector<double> sum(static_cast<std::size_t>(width) * height, 0.0);
        for (int i = 0; i < grid.count(); ++i) {
            const auto r = grid.rect(i);
            const auto w = grid.weights(i);
            QCOMPARE(w.size(), static_cast<std::size_t>(r.width) * r.height);
            for (int y = 0; y < r.height; ++y)
                for (int x = 0; x < r.width; ++x) {
                    const float v = w[static_cast<std::size_t>(y) * r.width + x];
                    QVERIFY(v > 0.0f && v <= 1.0f);
                    sum[static_cast<std::size_t>(r.y + y) * width + r.x + x] += v;
                }
        }
        for (const double s : sum) QVERIFY2(std::abs(s - 1.0) < 1e-6, qPrintable(QString::number(s, 'g', 10)));
    }

    void weightsAreOneAwayFromTheOverlapAndRampAcrossIt() {
        const auto spans = engine::split_axis(300, 128, 32, 0.0, 16);
        QVERIFY(spans.size() >= 3);
        const auto w = engine::axis_weights(spans, 1);
        const int ov = spans[0].end - spans[1].begin;
        QCOMPARE(w.front(), static_cast<float>(0.5 / ov));
        QCOMPARE(w.back(), static_cast<float>(0.5 / ov));
        QCOMPARE(w[static_cast<std::size_t>(spans[1].length() / 2)], 1.0f);
        for (int t = 1; t < ov; ++t) QVERIFY(w[static_cast<std::size_t>(t)] > w[static_cast<std::size_t>(t - 1)]);
        for (const double s : axis_sums(spans, 300)) QVERIFY(std::abs(s - 1.0) < 1e-6);
    }

    // A second pass's seams fall between the first pass's: no seam is optimised twice from the same side.
    // A later pass moves every seam by at least an overlap: with the same count of
    // spans where the tile leaves room (1024 in tiles of 640: the seam 512 -> 624),
    // else with one span more, its seams half-way between the first pass's.
    void shiftedPassesMoveEverySeam_data() {
        QTest::addColumn<int>("length");
        QTest::addColumn<int>("tile");
        QTest::addColumn<int>("extraSpans");
        QTest::newRow("room in the tile") << 1024 << 640 << 0;
        QTest::newRow("3 spans with room") << 1500 << 640 << 0;
        QTest::newRow("no room") << 1009 << 128 << 1;
    }
    void shiftedPassesMoveEverySeam() {
        QFETCH(int, length);
        QFETCH(int, tile);
        QFETCH(int, extraSpans);
        const auto first_spans = engine::split_axis(length, tile, 32, 0.0, 16);
        const auto last_spans = engine::split_axis(length, tile, 32, 1.0, 16);
        QCOMPARE(last_spans.size(), first_spans.size() + static_cast<std::size_t>(extraSpans));
        for (const auto& span : last_spans) QVERIFY(span.length() <= tile);
        for (const double sum : axis_sums(last_spans, length)) QVERIFY(std::abs(sum - 1.0) < 1e-6);
        const auto first = engine::seam_positions(first_spans);
        const auto last = engine::seam_positions(last_spans);
        QVERIFY(!first.empty() && !last.empty());
        for (const int a : first)
            for (const int b : last) QVERIFY2(std::abs(a - b) >= 32, qPrintable(QStringLiteral("%1 vs %2").arg(a).arg(b)));
        // Half-way moves lie between.
        const auto middle = engine::seam_positions(engine::split_axis(length, tile, 32, 0.5, 16));
        for (const int a : first)
            for (const int b : middle) QVERIFY(std::abs(a - b) >= 16);
    }

    void passesShareTheEvaluations() {
        for (const int n : {1, 2, 5, 6, 11, 12, 17, 18, 40, 1000}) {
            const auto share = engine::tile_pass_evaluations(n);
            int sum = 0;
            for (const int k : share) {
                sum += k;
                QVERIFY(k >= std::min(n, 2));
            }
            QCOMPARE(sum, n);
            QVERIFY(share.size() >= 1 && share.size() <= 3);
        }
        QVERIFY(engine::tile_pass_evaluations(0).empty());
        QCOMPARE(engine::tile_pass_evaluations(2).size(), std::size_t{1});
        QCOMPARE(engine::tile_pass_evaluations(30).size(), std::size_t{2});
        QCOMPARE(engine::tile_pass_evaluations(36).size(), std::size_t{3});
        QCOMPARE(engine::tile_pass_evaluations(12).size(), std::size_t{1});
    }

    // A tile's frame: its surroundings on every side, the origin on the lattice, inside the image.
    void framesAddSurroundingsInsideTheImage() {
        const engine::Size image{1009, 701};
        QCOMPARE(engine::tile_frame({100, 200, 300, 150}, image, 32, 16), (engine::TileRect{64, 160, 368, 222}));
        QCOMPARE(engine::tile_frame({0, 0, 300, 150}, image, 32, 16), (engine::TileRect{0, 0, 332, 182}));
        QCOMPARE(engine::tile_frame({900, 600, 109, 101}, image, 32, 16), (engine::TileRect{864, 560, 145, 141}));
        QCOMPARE(engine::tile_frame({40, 40, 50, 50}, image, 0, 1), (engine::TileRect{40, 40, 50, 50}));
        QCOMPARE(engine::tile_frame({0, 0, 1009, 701}, image, 64, 16), (engine::TileRect{0, 0, 1009, 701}));
    }

    void planTilesCountsEveryPass() {
        engine::StyleParams params;
        params.tile_overlap = 32;
        const auto t = engine::plan_tiles({1009, 701}, 256, 36, params);
        QCOMPARE(t.passes(), 3);
        int tiles = 0, evaluations = 0;
        for (int pass = 0; pass < t.passes(); ++pass) {
            const auto grid = t.grid({1009, 701}, pass);
            QCOMPARE(grid.count(), t.tiles_per_pass[static_cast<std::size_t>(pass)]);
            QVERIFY(grid.largest().width <= t.largest.width && grid.largest().height <= t.largest.height);
            tiles += grid.count();
            evaluations += grid.count() * t.evaluations_per_tile[static_cast<std::size_t>(pass)];
        }
        QCOMPARE(t.tiles(), tiles);
        QCOMPARE(t.evaluations(), evaluations);
        QCOMPARE(t.overlap, 32);
        // Memory and time are planned at the frames: the largest tile with its surroundings.
        QCOMPARE(t.context, engine::kTileContext);
        QVERIFY(t.largest_frame.width > t.largest.width && t.largest_frame.width <= t.largest.width + 2 * t.context + 15);
        QVERIFY(t.largest_frame.height > t.largest.height && t.largest_frame.height <= t.largest.height + 2 * t.context + 15);
        // The canvas, the style at the level's size (1009² at style scale 1) and the level before's result.
        QCOMPARE(t.canvas_bytes, std::uint64_t{1009} * 701 * engine::kTiledCanvasBytesPerPixel +
                                     static_cast<std::uint64_t>(std::ceil(1009.0 * 1009 * 12 + 1009.0 * 701 / 4 * 12)));
    }
};

QTEST_GUILESS_MAIN(TestTiling)
#include "tst_tiling.moc"
