// Tiled levels through the engine (docs/TILING.md): a tiled job's measured
// memory against its plan, the tiled objective against the whole image's,
// progress and previews tile by tile, cancellation and new weights between
// tiles. Tiny images, the shared seeded random weights.

#include <QTest>

#include <torch/torch.h>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <memory>
#include <optional>
#include <string>

#include "job_runner.h"
#include "model_cache.h"
#include "process_memory.h"
#include "shared_weights.h"
#include "sine_pattern.h"
#include "style_statistics.h"
#include "shuimo/engine/job_plan.h"
#include "shuimo/engine/safetensors.h"
#include "shuimo/engine/style_engine.h"

using namespace shuimo;

namespace {

using testing::reset_peak_rss;
using testing::status_mib;

struct TileSink : engine::ProgressSink {
    std::vector<engine::IterationReport> reports;
    int previews = 0;
    engine::Size preview_size;
    int cancel_after_previews = -1;        // cancel once this many tiles have landed
    int new_weights_after_previews = -1;   // offer new weights once this many tiles have landed
    engine::LossWeights new_weights;
    void on_iteration(const engine::IterationReport& r) override { reports.push_back(r); }
    void on_preview(const engine::Image& image, const engine::IterationReport&) override {
        ++previews;
        preview_size = {image.width, image.height};
    }
    bool is_cancelled() const override { return cancel_after_previews >= 0 && previews >= cancel_after_previews; }
    std::optional<engine::LossWeights> poll_weights() override {
        if (new_weights_after_previews >= 0 && previews >= new_weights_after_previews) return new_weights;
        return std::nullopt;
    }
};

}  // namespace

class TestTiledLevel : public QObject {
    Q_OBJECT

private:
    std::unique_ptr<engine::StyleEngine> m_engine;
    std::unique_ptr<engine::ModelCache> m_models;  // for JobRunners made by hand, loaded on first use

    engine::ModelCache& models() {
        if (!m_models) {
            engine::Vgg19Features model;
            model->load_weights(engine::SafetensorsFile::open(testing::sharedWeightsPath().toStdString()));
            m_models = std::make_unique<engine::ModelCache>(model);
        }
        return *m_models;
    }

    // 160x96 single-scale, tiles of 64 (overlap 16): 4x2 tiles of 3 evaluations, previews on.
    engine::StyleJob tiledJob() const {
        engine::StyleJob job;
        job.content = testing::sine_pattern(160, 96, 0.0);
        job.styles = {testing::sine_pattern(64, 48, 1.3)};
        job.params.size = 160;
        job.params.scales = 1;
        job.params.iterations = 3;
        job.params.tile_size = 64;
        job.params.tile_overlap = 16;
        job.params.preview_every = 1;
        job.params.device = "cpu";
        return job;
    }

private Q_SLOTS:
    void initTestCase() { m_engine = std::make_unique<engine::StyleEngine>(testing::sharedWeightsPath().toStdString()); }

    // First, while the process's heap is still its own: the peak working memory
    // of a tiled job (above what the process held before) within 20% of the plan's.
    void tiledMemoryMatchesThePlan() {
        engine::StyleJob job;
        job.content = testing::sine_pattern(768, 768, 0.0);
        job.styles = {testing::sine_pattern(128, 128, 1.3)};
        job.params.size = 768;
        job.params.scales = 1;
        job.params.iterations = 2;
        job.params.max_memory = 600ull << 20;  // tiles (and Gram windows) chosen from the budget
        job.params.device = "cpu";
        const auto plan = engine::plan_job(768, 768, job.params);
        QCOMPARE(plan.levels.size(), std::size_t{1});
        QVERIFY(plan.levels.front().tiles.tiled());
        const double planned = static_cast<double>(plan.peak_bytes) / (1024.0 * 1024.0);
        // As docs/BENCHMARKS.md measures: after a small warm-up job, so that thread
        // pools and oneDNN's one-time state are not counted.
        {
            engine::StyleJob warm_up = job;
            warm_up.content = testing::sine_pattern(64, 64, 0.0);
            warm_up.params.size = 64;
            warm_up.params.tile_size = 0;
            TileSink quiet;
            (void)m_engine->run(warm_up, quiet);
        }
        const double before = status_mib("VmRSS");
        reset_peak_rss();
        TileSink sink;
        const auto result = m_engine->run(job, sink);
        const double measured = status_mib("VmHWM") - before;
        QCOMPARE(result.image.width, 768);
        std::printf("tiled 768x768 in tiles of %dx%d: planned %.0f MiB, measured %.0f MiB (%.2fx)\n",
                    plan.levels.front().tiles.largest.width, plan.levels.front().tiles.largest.height, planned, measured,
                    measured / planned);
        QVERIFY2(measured >= 0.8 * planned && measured <= 1.2 * planned,
                 qPrintable(QStringLiteral("planned %1 MiB, measured %2 MiB").arg(planned).arg(measured)));
    }

    // With the tile covering the whole image (and the Grams made at once) the
    // tiled objective is the whole image's, term by term; Grams made window by
    // window (each window with its layers' full context) are the same. So are W2's
    // statistics (means and second raw moments, averaged over the windows' positions).
    void tiledObjectiveIsTheWholeWhenTheTileCoversIt_data() { testing::add_statistic_rows(); }
    void tiledObjectiveIsTheWholeWhenTheTileCoversIt() {
        QFETCH(int, statistic);
        engine::ProgressSink quiet;
        engine::StyleJob job = tiledJob();
        job.content = testing::sine_pattern(256, 192, 0.0);
        job.styles = {testing::sine_pattern(300, 200, 1.3)};
        job.params = testing::with_statistic(job.params, statistic);
        job.params.size = 256;
        engine::JobRunner runner(job, quiet, models());
        const engine::Image image = testing::sine_pattern(256, 192, 0.7);
        const auto whole = runner.evaluate_image(image);
        for (const int window : {0, 512}) {
            const auto tiled = runner.evaluate_tile(image, {0, 0, 256, 192}, window);
            QCOMPARE(tiled.content_loss, whole.content_loss);
            QCOMPARE(tiled.style_loss, whole.style_loss);
            QCOMPARE(tiled.tv_loss, whole.tv_loss);
            QCOMPARE(tiled.total_loss, whole.total_loss);
        }
        // Windows with their layers' full context (80 pixels for conv5_1) make the whole image's Grams:
        // 160 (cores split both ways) for Gram, 224 (one split) for W2; the suite's time allows one each.
        for (const int window : {job.params.style_loss == engine::StyleLossKind::Gram ? 160 : 224}) {
            const auto windowed = runner.evaluate_tile(image, {0, 0, 256, 192}, window);
            QCOMPARE(windowed.content_loss, whole.content_loss);
            QVERIFY2(std::abs(windowed.style_loss / whole.style_loss - 1.0) < 1e-4,
                     qPrintable(QStringLiteral("window %1: %2 vs whole %3").arg(window).arg(windowed.style_loss).arg(whole.style_loss)));
        }
        // A tile of the content itself has no content loss: its target is its own window.
        const auto own = runner.evaluate_tile(job.content, {37, 21, 128, 96}, 0);
        QVERIFY2(own.content_loss < 1e-12, qPrintable(QString::number(own.content_loss)));
        QCOMPARE(own.width, 128);
        // A tile aims at A + G_tile(start) − G_level(start): at its start its Gram
        // term is the whole image's, wherever it lies. (W2's goal moves the tile's moments
        // as far as the whole's must move, which makes only its mean term the whole's.)
        if (job.params.style_loss != engine::StyleLossKind::Gram) return;
        for (const engine::TileRect rect : {engine::TileRect{37, 21, 128, 96}, engine::TileRect{128, 96, 128, 96}}) {
            const auto part = runner.evaluate_tile(image, rect, 0);
            QVERIFY2(std::abs(part.style_loss / whole.style_loss - 1.0) < 1e-3,
                     qPrintable(QStringLiteral("tile %1: %2 vs whole %3").arg(rect.x).arg(part.style_loss).arg(whole.style_loss)));
        }
    }

    // A tile's goal moves the level's targets by how the tile differs from the whole image at the
    // pass's start (A + S_tile − S_level): in an image that already has the style's statistics
    // (the style is the image itself) every tile starts at its goal, with no style term, whatever
    // its own statistics. A goal of A alone would give each tile the difference of its statistics
    // from the whole's.
    void tilesOfAnImageWithTheStylesStatisticsStartAtTheirGoal_data() { testing::add_statistic_rows(); }
    void tilesOfAnImageWithTheStylesStatisticsStartAtTheirGoal() {
        QFETCH(int, statistic);
        engine::ProgressSink quiet;
        engine::StyleJob job = tiledJob();
        const engine::Image image = testing::sine_pattern(256, 192, 0.7);
        job.content = image;
        job.styles = {image};
        job.params = testing::with_statistic(job.params, statistic);
        job.params.size = 256;
        engine::JobRunner runner(job, quiet, models());
        const double whole = runner.evaluate_image(image).style_loss;
        QVERIFY2(whole < 1e-6, qPrintable(QString::number(whole)));
        for (const engine::TileRect rect : {engine::TileRect{37, 21, 128, 96}, engine::TileRect{128, 96, 128, 96}}) {
            const auto tile = runner.evaluate_tile(image, rect, 0);
            QVERIFY2(tile.style_loss < 1e-6, qPrintable(QStringLiteral("tile at %1: %2").arg(rect.x).arg(tile.style_loss)));
        }
    }

    // A tile is seen in its surroundings: its features over the tile are the
    // whole image's when the surroundings within the layer's reach are,
    // whatever lies beyond; surroundings within reach that differ change them.
    void tilesSeeTheirSurroundings() {
        engine::ProgressSink quiet;
        engine::StyleJob job = tiledJob();
        job.content = testing::sine_pattern(320, 320, 0.0);
        job.params.size = 320;
        engine::JobRunner runner(job, quiet, models());
        const engine::TileRect tile{128, 128, 64, 64};
        auto changed_beyond = [&](int reach) {  // the content, other than within `reach` pixels of the tile
            engine::Image image = job.content;
            for (int y = 0; y < image.height; ++y)
                for (int x = 0; x < image.width; ++x) {
                    const bool near = x >= tile.x - reach && x < tile.x + tile.width + reach && y >= tile.y - reach &&
                                      y < tile.y + tile.height + reach;
                    if (!near) image.at(x, y, 1) = 1.0f - image.at(x, y, 1);
                }
            return runner.evaluate_tile(image, tile, 0).content_loss;
        };
        // relu4_2 reads 38 pixels each side of its 8-pixel blocks; the tile is on the lattice.
        QVERIFY2(changed_beyond(48) < 1e-12, qPrintable(QString::number(changed_beyond(48))));
        QVERIFY2(changed_beyond(8) > 1e-6, qPrintable(QString::number(changed_beyond(8))));
    }

    void tiledJobKeepsTheSizeAndReportsTiles() {
        const auto job = tiledJob();
        const auto plan = engine::plan_job(160, 96, job.params);
        const auto& tiles = plan.levels.front().tiles;
        QVERIFY(tiles.tiled());
        QCOMPARE(tiles.tiles(), 8);  // 4 columns (stride 48 across 160) by 2 rows, one pass of 3 evaluations
        QCOMPARE(tiles.evaluations(), 8 * 3);
        TileSink sink;
        const auto result = m_engine->run(job, sink);
        QCOMPARE(result.image.width, 160);
        QCOMPARE(result.image.height, 96);
        QVERIFY(!result.cancelled);
        QCOMPARE(result.iterations_run, plan.total_iterations);
        QCOMPARE(result.iterations_run, 8 * 3);
        QCOMPARE(static_cast<int>(sink.reports.size()), 24);
        for (std::size_t i = 0; i < sink.reports.size(); ++i) {
            const auto& r = sink.reports[i];
            QCOMPARE(r.tile, static_cast<int>(i / 3) + 1);
            QCOMPARE(r.tiles, 8);
            QCOMPARE(r.width, 160);  // the level's size, not the tile's
            QCOMPARE(r.total_iterations, 24);
        }
        QCOMPARE(sink.reports.back().work_fraction, 1.0);
        // A preview of the whole image as each tile lands.
        QCOMPARE(sink.previews, 8);
        QCOMPARE(sink.preview_size.width, 160);
        for (const float v : result.image.pixels) QVERIFY(v >= 0.0f && v <= 1.0f);
    }

    // A tiled level's result carries the objective of the image it returns, the whole image's
    // (it was NaN): the untiled path's evaluate_image on the returned pixels is the reference.
    void tiledResultReportsTheWholeImagesObjective() {
        auto job = tiledJob();
        job.params.preview_every = 0;
        QVERIFY(engine::plan_job(160, 96, job.params).levels.front().tiles.tiled());
        TileSink sink;
        const auto result = m_engine->run(job, sink);
        QVERIFY(!result.cancelled);
        QVERIFY2(std::isfinite(result.final_total_loss), qPrintable(QString::number(result.final_total_loss)));
        engine::ProgressSink quiet;
        engine::JobRunner runner(job, quiet, models());
        const double whole = runner.evaluate_image(result.raw_image).total_loss;
        QVERIFY2(std::abs(result.final_total_loss / whole - 1.0) < 1e-4,
                 qPrintable(QStringLiteral("reported %1, the returned image's objective %2")
                                .arg(result.final_total_loss, 0, 'g', 10).arg(whole, 0, 'g', 10)));
    }

    // The same objective made window by window (under a memory budget a tiled level's Grams and
    // content features are): the whole image's, as evaluate_image computes it at once.
    void landedObjectiveInWindowsIsTheWholeImages_data() {
        QTest::addColumn<int>("window");
        QTest::addColumn<int>("statistic");
        // Windows of 160 split the image both ways, 224 once; one of each per statistic keeps the
        // suite's time (a window size costs ~30-60 s here).
        for (const auto kind : {engine::StyleLossKind::Gram, engine::StyleLossKind::W2}) {
            const std::string name(engine::to_string(kind));
            const int window = kind == engine::StyleLossKind::Gram ? 160 : 224;
            QTest::addRow("%s, at once", name.c_str()) << 0 << static_cast<int>(kind);
            QTest::addRow("%s, windows of %d", name.c_str(), window) << window << static_cast<int>(kind);
        }
    }
    void landedObjectiveInWindowsIsTheWholeImages() {
        QFETCH(int, window);
        QFETCH(int, statistic);
        engine::ProgressSink quiet;
        engine::StyleJob job = tiledJob();
        job.params = testing::with_statistic(job.params, statistic);
        job.content = testing::sine_pattern(256, 192, 0.0);
        job.styles = {testing::sine_pattern(300, 200, 1.3)};
        job.params.size = 256;
        engine::JobRunner runner(job, quiet, models());
        const engine::Image image = testing::sine_pattern(256, 192, 0.7);
        const double whole = runner.evaluate_image(image).total_loss;
        const double landed = runner.evaluate_landed(image, window);
        QVERIFY2(std::abs(landed / whole - 1.0) < 1e-4,
                 qPrintable(QStringLiteral("window %1: %2, whole %3").arg(window).arg(landed, 0, 'g', 10).arg(whole, 0, 'g', 10)));
    }

    // The tiled picture against the whole-image path at equal evaluations per pixel (the same
    // `iterations`: every tile gets them, as the whole image does; about the same time, as a tile's
    // evaluation costs its share of the whole's): its objective within 10% of the untiled run's, and
    // far below where both started (the content). Landing a tile against the wrong base, losing a
    // tile's work or aiming tiles at the wrong goals shows here.
    // Gram only: at W2's default weight 4 evaluations move the picture too little (measured: untiled
    // 0.71 of the start, tiled 0.68, 0.96x untiled) for this bar to tell a tile landing half its work
    // or aiming at unshifted goals from a right one (both passed it); W2's goals are checked by
    // tilesOfAnImageWithTheStylesStatisticsStartAtTheirGoal, its windows by the tests above.
    void tiledObjectiveIsCloseToTheUntiled() {
        auto job = tiledJob();
        job.params.preview_every = 0;
        job.params.iterations = 4;
        TileSink tiled_sink;
        const auto tiled = m_engine->run(job, tiled_sink);
        QCOMPARE(tiled.iterations_run, 8 * 4);
        auto untiled_job = job;
        untiled_job.params.tile_size = 0;
        QCOMPARE(engine::plan_job(160, 96, untiled_job.params).levels.front().tiles.tiled(), false);
        TileSink untiled_sink;
        const auto untiled = m_engine->run(untiled_job, untiled_sink);
        QCOMPARE(untiled.iterations_run, 4);
        engine::ProgressSink quiet;
        engine::JobRunner runner(job, quiet, models());
        const double start = runner.evaluate_image(job.content).total_loss;
        const double tiled_loss = runner.evaluate_image(tiled.raw_image).total_loss;
        const double untiled_loss = runner.evaluate_image(untiled.raw_image).total_loss;
        std::printf("4 evaluations a pixel: start %.6g, untiled %.6g, tiled %.6g (%.3fx)\n", start, untiled_loss, tiled_loss,
                    tiled_loss / untiled_loss);
        // Measured 2026-12-04: with the Armijo-only BoxLbfgs 1.14x (tiled 52.06, untiled 45.67, start
        // 166.9); with the strong Wolfe one, before the step scale was handed from tile to tile, the
        // tiles crawled (116.0, above half the start); now tiled 47.1, untiled 50.3 ([OPTIM]).
        QVERIFY2(tiled_loss <= 1.10 * untiled_loss,
                 qPrintable(QStringLiteral("tiled %1, untiled %2").arg(tiled_loss).arg(untiled_loss)));
        QVERIFY2(tiled_loss < 0.5 * start, qPrintable(QStringLiteral("tiled %1, start %2").arg(tiled_loss).arg(start)));
    }

    // Progress of a two-level job whose fine level is tiled: the work done never
    // falls, reaches 1 only at the last evaluation, and after each tile has moved on by about that
    // tile's share of its level; the time left is 0 only at the end. Weights that counted the tiled
    // level's evaluations as one tile's (the schedule's count) would reach 1 after the first tile.
    void tiledProgressIsMonotoneAndReachesOneAtTheEnd() {
        auto job = tiledJob();
        job.params.scales = 2;
        job.params.min_size = 80;
        job.params.preview_every = 0;
        const auto plan = engine::plan_job(160, 96, job.params);
        QCOMPARE(plan.levels.size(), std::size_t{2});
        QVERIFY(plan.levels[1].tiles.tiled());
        TileSink sink;
        const auto result = m_engine->run(job, sink);
        QCOMPARE(static_cast<int>(sink.reports.size()), result.iterations_run);
        QCOMPARE(result.iterations_run, plan.total_iterations);
        // The reference: each level's evaluations weighted by its cost per evaluation (the plan's GFLOP).
        double all = 0.0;
        for (const auto& level : plan.levels) all += level.evaluations * level.gflop_per_evaluation;
        double done = 0.0;
        int level = 0, in_level = 0;
        double previous = 0.0;
        for (std::size_t i = 0; i < sink.reports.size(); ++i) {
            const auto& r = sink.reports[i];
            while (in_level == plan.levels[static_cast<std::size_t>(level)].evaluations) ++level, in_level = 0;
            ++in_level;
            done += plan.levels[static_cast<std::size_t>(level)].gflop_per_evaluation;
            const bool last = i + 1 == sink.reports.size();
            QVERIFY2(r.work_fraction > previous, qPrintable(QStringLiteral("report %1: %2 after %3").arg(i).arg(r.work_fraction).arg(previous)));
            QVERIFY2(std::abs(r.work_fraction - done / all) < 1e-9,
                     qPrintable(QStringLiteral("report %1 (tile %2): %3, expected %4").arg(i).arg(r.tile).arg(r.work_fraction).arg(done / all)));
            if (!last) {
                QVERIFY2(r.work_fraction < 1.0, qPrintable(QStringLiteral("report %1 of %2 (tile %3) at 1").arg(i + 1).arg(sink.reports.size()).arg(r.tile)));
                QVERIFY(r.remaining_s > 0.0 || r.remaining_s == -1.0);
            }
            previous = r.work_fraction;
        }
        QCOMPARE(sink.reports.back().work_fraction, 1.0);
        QCOMPARE(sink.reports.back().remaining_s, 0.0);
    }

    void cancellationBetweenTiles() {
        auto job = tiledJob();
        TileSink sink;
        sink.cancel_after_previews = 2;  // requested as the second tile lands
        const auto result = m_engine->run(job, sink);
        QVERIFY(result.cancelled);
        QCOMPARE(result.iterations_run, 2 * 3);  // the third tile never started
        QCOMPARE(sink.reports.back().tile, 2);
        QCOMPARE(result.image.width, 160);
        QCOMPARE(result.image.height, 96);
    }

    void newWeightsApplyFromTheNextTile() {
        auto job = tiledJob();
        TileSink sink;
        sink.new_weights_after_previews = 1;
        sink.new_weights = {2.0, 5e5, 3.0, {}};
        const auto result = m_engine->run(job, sink);
        QVERIFY(!result.cancelled);
        QCOMPARE(result.iterations_run, 24);
        for (const auto& r : sink.reports) {
            if (r.tile == 1) QVERIFY(r.weights == (engine::LossWeights{job.params.content_weight, job.params.style_weight, job.params.tv_weight, {}}));
            else QVERIFY(r.weights == sink.new_weights);
        }
    }
};

QTEST_GUILESS_MAIN(TestTiledLevel)
#include "tst_tiled_level.moc"
