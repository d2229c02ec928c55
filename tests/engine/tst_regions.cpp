// Regions (issue 26, docs/REGIONS.md) through the engine: the masked statistics against a
// hand computation in fp64 and finite differences, a photo region that stays the photo, two
// regions nearer their own styles than each other's, soft masks, blank paper, masks at odd
// sizes, and masks that cover nothing refused. The shared seeded weights; tiny images.

#include <QTest>

#include <torch/torch.h>

#include <cmath>
#include <filesystem>
#include <memory>
#include <optional>

#include "job_runner.h"
#include "losses.h"
#include "model_cache.h"
#include "photo_like.h"
#include "shared_weights.h"
#include "shuimo/engine/errors.h"
#include "shuimo/engine/param_table.h"
#include "shuimo/engine/safetensors.h"
#include "shuimo/engine/style_engine.h"
#include "shuimo/image_io/image_io.h"
#include "sine_pattern.h"
#include "style_statistics.h"
#include "vgg19_features.h"

using namespace shuimo;

namespace {

// A greyscale mask of `width` x `height`: 1 where inside(x / width, y / height).
template <typename Inside>
engine::Image mask_of(int width, int height, Inside inside) {
    engine::Image mask(width, height, 1);
    for (int y = 0; y < height; ++y)
        for (int x = 0; x < width; ++x)
            mask.at(x, y, 0) = inside((x + 0.5) / width, (y + 0.5) / height) ? 1.0f : 0.0f;
    return mask;
}

engine::Image photo(const char* name) {
    return image_io::read_image(std::filesystem::path(SHUIMO_SOURCE_DIR) / "tests/data" / name).rgb;
}

engine::Image resized(const engine::Image& image, int width, int height) {
    engine::Image out(width, height, image.channels);
    for (int y = 0; y < height; ++y)
        for (int x = 0; x < width; ++x)
            for (int c = 0; c < image.channels; ++c)
                out.at(x, y, c) = image.at(x * image.width / width, y * image.height / height, c);
    return out;
}

}  // namespace

class TestRegions : public QObject {
    Q_OBJECT

private:
    std::unique_ptr<engine::ModelCache> m_models;
    std::unique_ptr<engine::StyleEngine> m_engine;

    engine::StyleJob job_of(const engine::Image& content) const {
        engine::StyleJob job;
        job.content = content;
        job.params.size = std::max(content.width, content.height);
        job.params.scales = 1;
        job.params.iterations = 20;
        job.params.device = "cpu";
        return job;
    }

private Q_SLOTS:
    void initTestCase() {
        engine::Vgg19Features model;
        model->load_weights(engine::SafetensorsFile::open(testing::sharedWeightsPath().toStdString()));
        model->eval();
        m_models = std::make_unique<engine::ModelCache>(model);
        m_engine = std::make_unique<engine::StyleEngine>(testing::sharedWeightsPath().toStdString());
    }

    // The guided statistics against loops in fp64: Gram Σ m·f fᵀ / (C·Σm); W2's moments
    // Σ m·f fᵀ / Σm and Σ m·f / Σm. A mask of ones gives the unmasked statistic.
    void maskedStatisticMatchesAHandComputation_data() { testing::add_statistic_rows(); }
    void maskedStatisticMatchesAHandComputation() {
        QFETCH(int, statistic);
        const auto kind = static_cast<engine::StyleLossKind>(statistic);
        torch::manual_seed(3);
        const int c = 5, h = 4, w = 7;
        const torch::Tensor f = torch::randn({1, c, h, w}, torch::kDouble);
        const torch::Tensor m = torch::rand({h, w}, torch::kDouble);
        const torch::Tensor s = engine::masked_style_statistic(f, m.to(torch::kFloat), kind).to(torch::kDouble);
        auto fa = f.accessor<double, 4>();
        const torch::Tensor m_used = m.to(torch::kFloat).to(torch::kDouble);  // the mask as the engine reads it
        auto ma = m_used.accessor<double, 2>();
        double mass = 0.0;
        for (int y = 0; y < h; ++y)
            for (int x = 0; x < w; ++x) mass += ma[y][x];
        const double divisor = kind == engine::StyleLossKind::Gram ? c * mass : mass;
        double worst = 0.0;
        for (int i = 0; i < c; ++i) {
            for (int j = 0; j < c; ++j) {
                double sum = 0.0;
                for (int y = 0; y < h; ++y)
                    for (int x = 0; x < w; ++x) sum += ma[y][x] * fa[0][i][y][x] * fa[0][j][y][x];
                worst = std::max(worst, std::abs(s[i][j].item<double>() - sum / divisor));
            }
            if (kind == engine::StyleLossKind::W2) {
                double mean = 0.0;
                for (int y = 0; y < h; ++y)
                    for (int x = 0; x < w; ++x) mean += ma[y][x] * fa[0][i][y][x];
                worst = std::max(worst, std::abs(s[i][c].item<double>() - mean / mass));
                worst = std::max(worst, std::abs(s[c][i].item<double>() - mean / mass));
            }
        }
        QVERIFY2(worst < 1e-6, qPrintable(QString::number(worst)));
        const torch::Tensor ones = engine::masked_style_statistic(f, torch::ones({h, w}), kind);
        QVERIFY(torch::allclose(ones, engine::style_statistic(f, kind), 1e-9, 1e-12));
    }

    // The gradient of a masked statistic's loss against central differences (fp64).
    void maskedStatisticGradientMatchesFiniteDifferences_data() { testing::add_statistic_rows(); }
    void maskedStatisticGradientMatchesFiniteDifferences() {
        QFETCH(int, statistic);
        const auto kind = static_cast<engine::StyleLossKind>(statistic);
        torch::manual_seed(5);
        const torch::Tensor m = torch::rand({3, 4});
        const torch::Tensor weights = torch::randn({kind == engine::StyleLossKind::W2 ? 5 : 4, kind == engine::StyleLossKind::W2 ? 5 : 4},
                                                   torch::kDouble);
        auto loss = [&](const torch::Tensor& f) { return (engine::masked_style_statistic(f, m, kind) * weights).sum(); };
        const torch::Tensor f = torch::randn({4, 3, 4}, torch::kDouble).requires_grad_(true);
        loss(f).backward();
        const torch::Tensor analytic = f.grad().clone();
        torch::NoGradGuard no_grad;
        double worst = 0.0;
        const double step = 1e-6;
        for (int64_t i = 0; i < f.numel(); ++i) {
            torch::Tensor plus = f.detach().clone(), minus = f.detach().clone();
            plus.view(-1)[i] += step;
            minus.view(-1)[i] -= step;
            const double numeric = (loss(plus).item<double>() - loss(minus).item<double>()) / (2.0 * step);
            worst = std::max(worst, std::abs(numeric - analytic.view(-1)[i].item<double>()));
        }
        QVERIFY2(worst < 1e-6, qPrintable(QString::number(worst)));
    }

    // A photo region (and a style region of strength 0) stays the photo: exactly where its
    // mask is 1 (the optimiser holds those pixels), while the rest is painted. Measured away
    // from the edge, where the mask scaled to the image is whole; the mask is given at another
    // size and aspect (41 x 23) than the photo.
    void photoRegionStaysThePhoto_data() {
        QTest::addColumn<int>("kind");
        QTest::newRow("photo") << static_cast<int>(engine::RegionKind::Photo);
        QTest::newRow("style, strength 0") << static_cast<int>(engine::RegionKind::Style);
    }
    void photoRegionStaysThePhoto() {
        QFETCH(int, kind);
        const engine::Image content = resized(photo("astronaut.png"), 96, 64);
        engine::StyleJob job = job_of(content);
        job.styles = {testing::sine_pattern(96, 64, 1.3)};
        engine::Region keep;
        keep.mask = mask_of(41, 23, [](double x, double) { return x < 0.5; });
        keep.kind = static_cast<engine::RegionKind>(kind);
        keep.style = testing::photo_like(64, 64, 9);
        keep.strength = 0.0;
        job.regions = {keep};
        engine::ProgressSink quiet;
        const auto result = m_engine->run(job, quiet);
        QCOMPARE(result.iterations_run, 20);
        double kept = 0.0, painted = 0.0;
        int painted_count = 0;
        for (int y = 0; y < 64; ++y)
            for (int x = 0; x < 96; ++x)
                for (int c = 0; c < 3; ++c) {
                    const double d = std::abs(result.raw_image.at(x, y, c) - content.at(x, y, c));
                    if (x < 48 - 3) kept = std::max(kept, d);
                    if (x >= 48 + 3) painted += d, ++painted_count;
                }
        painted /= painted_count;
        qInfo("largest change in the kept half %.3g, mean change in the painted half %.3g", kept, painted);
        QVERIFY2(kept < 1e-6, qPrintable(QString::number(kept)));
        QVERIFY2(painted > 0.02, qPrintable(QString::number(painted)));
    }

    // Two regions with two styles: the top half's guided statistics end nearer the top's style
    // than the bottom's, and the other way round. Distances read by the engine's own objective
    // of a job whose only style region is that half (its masked statistics, checked above).
    void twoRegionsEachNearerItsOwnStyle() {
        const engine::Image content = resized(photo("chelsea.png"), 80, 80);
        const engine::Image a = testing::sine_pattern(80, 80, 0.4);
        const engine::Image b = resized(photo("coffee.png"), 80, 80);
        auto top = [](double, double y) { return y < 0.5; };
        auto bottom = [](double, double y) { return y >= 0.5; };
        engine::StyleJob job = job_of(content);
        job.params.iterations = 30;
        job.regions = {engine::Region{mask_of(80, 80, top), engine::RegionKind::Style, a, 1.0},
                       engine::Region{mask_of(80, 80, bottom), engine::RegionKind::Style, b, 1.0}};
        engine::ProgressSink quiet;
        const auto result = m_engine->run(job, quiet);
        auto distance = [&](auto half, const engine::Image& style) {
            engine::StyleJob probe = job_of(content);
            probe.regions = {engine::Region{mask_of(80, 80, half), engine::RegionKind::Style, style, 1.0}};
            engine::JobRunner runner(probe, quiet, *m_models);
            return runner.evaluate_image(result.raw_image).style_loss;
        };
        const double top_a = distance(top, a), top_b = distance(top, b);
        const double bottom_a = distance(bottom, a), bottom_b = distance(bottom, b);
        qInfo("top: to its own style %.4g, to the other %.4g; bottom: own %.4g, other %.4g", top_a, top_b, bottom_b, bottom_a);
        QVERIFY2(top_a < top_b, qPrintable(QStringLiteral("%1 vs %2").arg(top_a).arg(top_b)));
        QVERIFY2(bottom_b < bottom_a, qPrintable(QStringLiteral("%1 vs %2").arg(bottom_b).arg(bottom_a)));
        // And the objective fell from the photo's.
        engine::JobRunner runner(job, quiet, *m_models);
        QVERIFY(result.final_total_loss < 0.5 * runner.evaluate_image(content).total_loss);
    }

    // A region's strength changed live (LossWeights::regions) at the first evaluation is the
    // strength from then on: the same run as one that had it from the start, and not the same as
    // one that kept the old strength. A change to 0 (the photo's box) is refused with a notice.
    void liveStrengthIsTheRegionsStrengthFromThen() {
        const engine::Image content = resized(photo("chelsea.png"), 48, 48);
        engine::StyleJob job = job_of(content);
        job.params.iterations = 12;
        job.regions = {engine::Region{mask_of(48, 48, [](double, double y) { return y < 0.5; }), engine::RegionKind::Style,
                                      testing::sine_pattern(48, 48, 0.4), 1.0}};
        struct LiveSink : engine::ProgressSink {
            engine::LossWeights base;
            std::vector<double> strengths;
            bool sent = false;
            std::vector<std::string> notices;
            std::optional<engine::LossWeights> poll_weights() override {
                if (sent) return std::nullopt;
                sent = true;
                engine::LossWeights w = base;
                w.regions = strengths;
                return w;
            }
            void on_notice(const std::string& message) override { notices.push_back(message); }
        };
        LiveSink live;
        live.base = engine::loss_weights_of(job.params);
        live.strengths = {3.0};
        const auto changed = m_engine->run(job, live);
        engine::StyleJob stronger = job;
        stronger.regions[0].strength = 3.0;
        engine::ProgressSink quiet;
        const auto from_start = m_engine->run(stronger, quiet);
        const auto unchanged = m_engine->run(job, quiet);
        qInfo("live %.8g, from the start %.8g, unchanged %.8g", changed.final_total_loss, from_start.final_total_loss,
              unchanged.final_total_loss);
        QVERIFY(live.notices.empty());
        QVERIFY(std::abs(changed.final_total_loss - from_start.final_total_loss) <= 1e-5 * from_start.final_total_loss);
        QVERIFY(std::abs(changed.final_total_loss - unchanged.final_total_loss) > 1e-3 * unchanged.final_total_loss);
        LiveSink to_zero;
        to_zero.base = live.base;
        to_zero.strengths = {0.0};
        const auto refused = m_engine->run(job, to_zero);
        QCOMPARE(to_zero.notices.size(), std::size_t{1});
        QVERIFY(to_zero.notices[0].find("cannot move to or from 0") != std::string::npos);
        QVERIFY(std::abs(refused.final_total_loss - unchanged.final_total_loss) <= 1e-5 * unchanged.final_total_loss);
    }

    // Blank paper (留白): where its mask is 1 the picture is the paper colour; where the mask is
    // ½ (a soft edge) the pixel lies between half the paper and half the paper plus a half of
    // anything — a blend of paper and painting, not either.
    void paperRegionTurnsToPaper() {
        const engine::Image content = resized(photo("coffee.png"), 64, 64);
        engine::StyleJob job = job_of(content);
        job.styles = {testing::sine_pattern(64, 64, 1.3)};
        job.params.paper_colour = std::array<float, 3>{0.93f, 0.9f, 0.82f};
        engine::Region sky;
        sky.kind = engine::RegionKind::Paper;
        sky.mask = engine::Image(64, 64, 1);
        for (int y = 0; y < 64; ++y)
            for (int x = 0; x < 64; ++x) sky.mask.at(x, y, 0) = y < 24 ? 1.0f : y < 40 ? 0.5f : 0.0f;
        job.regions = {sky};
        engine::ProgressSink quiet;
        const auto result = m_engine->run(job, quiet);
        const float paper[3] = {0.93f, 0.9f, 0.82f};
        double off_paper = 0.0, outside_blend = 0.0, moved_in_blend = 0.0;
        for (int y = 0; y < 64; ++y)
            for (int x = 0; x < 64; ++x)
                for (int c = 0; c < 3; ++c) {
                    const double v = result.raw_image.at(x, y, c);
                    if (y < 22) off_paper = std::max(off_paper, std::abs(v - paper[c]));
                    if (y >= 26 && y < 38) {
                        outside_blend = std::max({outside_blend, 0.5 * paper[c] - v - 1e-6, v - (0.5 * paper[c] + 0.5) - 1e-6});
                        moved_in_blend = std::max(moved_in_blend, std::abs(v - 0.5 * paper[c] - 0.5 * content.at(x, y, c)));
                    }
                }
        QVERIFY2(off_paper < 1e-6, qPrintable(QString::number(off_paper)));
        QVERIFY2(outside_blend <= 0.0, qPrintable(QString::number(outside_blend)));
        QVERIFY2(moved_in_blend > 0.01, qPrintable(QString::number(moved_in_blend)));  // the painting shows through
    }

    // A mask that covers nothing is refused, naming the region; so are a style region
    // without a style and a negative strength.
    void uselessRegionsAreRefused() {
        engine::StyleJob job = job_of(testing::photo_like(64, 64, 1));
        job.styles = {testing::sine_pattern(64, 64, 1.3)};
        engine::ProgressSink quiet;
        auto message = [&](const engine::Region& region) -> QString {
            job.regions = {engine::Region{mask_of(16, 16, [](double, double) { return true; }), engine::RegionKind::Photo, {}, 1.0},
                           region};
            try {
                (void)m_engine->run(job, quiet);
            } catch (const engine::ConfigError& e) {
                return QString::fromStdString(e.what());
            }
            return {};
        };
        const QString black = message({engine::Image(20, 30, 1), engine::RegionKind::Style, testing::photo_like(32, 32, 2), 1.0});
        QVERIFY2(black.contains("region 2") && black.contains("covers nothing"), qPrintable(black));
        const auto everywhere = mask_of(8, 8, [](double, double) { return true; });
        QVERIFY(message({everywhere, engine::RegionKind::Style, {}, 1.0}).contains("needs a style image"));
        QVERIFY(message({everywhere, engine::RegionKind::Style, testing::photo_like(32, 32, 2), -1.0}).contains("strength"));
    }

    // A tiled level's report of its landed picture: each region's masked statistics made window by
    // window (the mask's windows cut as the features' cores) are the whole image's, so the windowed
    // objective equals evaluate_image's at once (two style regions, the rest's style, a photo and a
    // paper region).
    void windowedRegionObjectiveIsTheWholeImages_data() { testing::add_statistic_rows(); }
    void windowedRegionObjectiveIsTheWholeImages() {
        QFETCH(int, statistic);
        engine::StyleJob job = job_of(testing::photo_like(256, 160, 4));
        job.params = testing::with_statistic(job.params, statistic);
        job.params.size = 256;
        job.params.scales = 1;
        job.params.device = "cpu";
        job.styles = {testing::sine_pattern(96, 96, 1.3)};
        job.regions = {engine::Region{mask_of(50, 30, [](double x, double y) { return x < 0.4 && y > 0.3; }), engine::RegionKind::Style,
                                      resized(photo("coffee.png"), 96, 64), 2.0},
                       engine::Region{mask_of(64, 40, [](double x, double) { return x > 0.7; }), engine::RegionKind::Style,
                                      testing::sine_pattern(80, 80, 0.4), 0.5},
                       engine::Region{mask_of(16, 16, [](double x, double y) { return x > 0.4 && x < 0.6 && y > 0.5; }),
                                      engine::RegionKind::Photo, {}, 1.0},
                       engine::Region{mask_of(32, 20, [](double, double y) { return y < 0.2; }), engine::RegionKind::Paper, {}, 1.0}};
        engine::ProgressSink quiet;
        engine::JobRunner runner(job, quiet, *m_models);
        const engine::Image image = testing::photo_like(256, 160, 8);
        const double whole = runner.evaluate_image(image).total_loss;
        const double windowed = runner.evaluate_landed(image, 224);
        QVERIFY2(std::abs(windowed / whole - 1.0) < 1e-4,
                 qPrintable(QStringLiteral("windows of 224: %1, at once %2").arg(windowed, 0, 'g', 10).arg(whole, 0, 'g', 10)));
    }

    // A tile's region terms aim at targets + S_tile − S_level (docs/REGIONS.md): at its start each
    // region's Gram term is the whole image's, wherever the tile lies (the region twin of
    // tst_tiled_level's tilesOfAnImageWithTheStylesStatisticsStartAtTheirGoal); goals of the targets
    // alone would give each tile its own distance.
    void tilesStartAtTheWholesRegionTerms() {
        engine::StyleJob job = job_of(testing::photo_like(256, 192, 6));
        job.styles = {testing::sine_pattern(96, 96, 1.3)};
        job.regions = {engine::Region{mask_of(64, 48, [](double, double y) { return y < 0.5; }), engine::RegionKind::Style,
                                      resized(photo("coffee.png"), 96, 64), 2.0}};
        engine::ProgressSink quiet;
        engine::JobRunner runner(job, quiet, *m_models);
        const engine::Image image = testing::photo_like(256, 192, 12);
        const double whole = runner.evaluate_image(image).style_loss;
        QVERIFY2(std::abs(runner.evaluate_tile(image, {0, 0, 256, 192}, 0).style_loss / whole - 1.0) < 1e-6,
                 "the whole image as its own tile");
        for (const engine::TileRect rect : {engine::TileRect{37, 21, 128, 96}, engine::TileRect{96, 64, 128, 128}}) {
            const double tile = runner.evaluate_tile(image, rect, 0).style_loss;
            QVERIFY2(std::abs(tile / whole - 1.0) < 1e-3, qPrintable(QStringLiteral("tile at %1: %2 vs whole %3").arg(rect.x).arg(tile).arg(whole)));
        }
    }

    // Regions in a tiled job (tiles of 64): the photo region is the photo and the paper region the
    // paper, exactly, through the tiles' boxes; the reported objective is the landed picture's,
    // below the photo's.
    void regionsInATiledJob() {
        const engine::Image content = resized(photo("chelsea.png"), 160, 96);
        engine::StyleJob job = job_of(content);
        job.styles = {testing::sine_pattern(64, 48, 1.3)};
        job.params.iterations = 3;
        job.params.tile_size = 64;
        job.params.tile_overlap = 16;
        job.params.paper_colour = std::array<float, 3>{0.93f, 0.9f, 0.82f};
        job.regions = {engine::Region{mask_of(40, 24, [](double x, double) { return x < 0.5; }), engine::RegionKind::Photo, {}, 1.0},
                       engine::Region{mask_of(40, 24, [](double x, double y) { return x >= 0.5 && y < 0.5; }), engine::RegionKind::Paper, {}, 1.0},
                       engine::Region{mask_of(40, 24, [](double x, double y) { return x >= 0.5 && y >= 0.5; }), engine::RegionKind::Style,
                                      resized(photo("coffee.png"), 64, 64), 1.0}};
        engine::ProgressSink quiet;
        const auto result = m_engine->run(job, quiet);
        // 4 x 2 tiles of 3 evaluations; a tile wholly in the photo region has nothing to move and
        // stops after its first (measured: 20 of 24).
        QVERIFY2(result.iterations_run > 8 && result.iterations_run <= 8 * 3, qPrintable(QString::number(result.iterations_run)));
        const float paper[3] = {0.93f, 0.9f, 0.82f};
        double kept = 0.0, papered = 0.0, painted = 0.0;
        for (int y = 0; y < 96; ++y)
            for (int x = 0; x < 160; ++x)
                for (int c = 0; c < 3; ++c) {
                    const double v = result.raw_image.at(x, y, c);
                    // Masks enlarged 4x (bicubic) are whole from 8 px off their edges.
                    if (x < 72) kept = std::max(kept, std::abs(v - content.at(x, y, c)));
                    if (x > 88 && y < 40) papered = std::max(papered, std::abs(v - paper[c]));
                    if (x > 88 && y > 56) painted = std::max(painted, std::abs(v - content.at(x, y, c)));
                }
        QVERIFY2(kept < 1e-6, qPrintable(QString::number(kept)));
        QVERIFY2(papered < 1e-6, qPrintable(QString::number(papered)));
        QVERIFY2(painted > 0.05, qPrintable(QString::number(painted)));
        engine::JobRunner runner(job, quiet, *m_models);
        const double landed = runner.evaluate_image(result.raw_image).total_loss;
        QVERIFY2(std::abs(result.final_total_loss / landed - 1.0) < 1e-4,
                 qPrintable(QStringLiteral("reported %1, the picture's %2").arg(result.final_total_loss).arg(landed)));
        QVERIFY(landed < runner.evaluate_image(content).total_loss);
    }

    // With regions, a job may have no ordinary style: pixels in no region keep the photo.
    void pixelsInNoRegionKeepThePhotoWithoutAStyle() {
        const engine::Image content = resized(photo("rocket.jpg"), 64, 96);
        engine::StyleJob job = job_of(content);
        job.regions = {engine::Region{mask_of(13, 50, [](double, double y) { return y < 0.5; }), engine::RegionKind::Style,
                                      testing::sine_pattern(64, 64, 1.3), 1.0}};
        engine::ProgressSink quiet;
        const auto result = m_engine->run(job, quiet);
        QCOMPARE(result.image.width, 64);
        QCOMPARE(result.image.height, 96);
        double kept = 0.0;
        for (int y = 48 + 3; y < 96; ++y)
            for (int x = 0; x < 64; ++x)
                for (int c = 0; c < 3; ++c) kept = std::max(kept, static_cast<double>(std::abs(result.raw_image.at(x, y, c) - content.at(x, y, c))));
        QVERIFY2(kept < 1e-6, qPrintable(QString::number(kept)));
    }
};

QTEST_GUILESS_MAIN(TestRegions)
#include "tst_regions.moc"
