// The objective's terms against hand computations, and autograd gradients of
// the whole objective through VGG-19 against finite differences (double).

#include <QTemporaryDir>
#include <QTest>

#include <torch/torch.h>

#include <random>

#include "capture.h"
#include "cpu_bf16.h"
#include "losses.h"
#include "random_weights.h"
#include "vgg19_features.h"

using namespace shuimo;

class TestLosses : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void gramIsNormalisedByChw() {
        // F (C=2, H=1, W=2) = [[1, 2], [3, 4]]; F·Fᵀ = [[5, 11], [11, 25]]; C·H·W = 4.
        const auto f = torch::tensor({1.0, 2.0, 3.0, 4.0}, torch::kDouble).view({1, 2, 1, 2});
        const auto g = engine::gram_matrix(f);
        const auto expected = torch::tensor({1.25, 2.75, 2.75, 6.25}, torch::kDouble).view({2, 2});
        QVERIFY(torch::allclose(g, expected));
        // The same features as [C, H, W] give the same Gram.
        QVERIFY(torch::allclose(engine::gram_matrix(f.squeeze(0)), expected));
    }

    void gramFastPathsMatchThePlainProduct_data() {
        QTest::addColumn<int>("channels");
        QTest::newRow("3 channels") << 3;
        QTest::newRow("64 channels") << 64;
        QTest::newRow("256 channels") << 256;
    }
    void gramFastPathsMatchThePlainProduct() {
        // The fp32 CPU Gram runs through oneDNN convolutions, forward and backward;
        // compare value and gradient with autograd on a plain mm.
        QFETCH(int, channels);
        torch::manual_seed(channels);
        const auto features = torch::rand({1, channels, 12, 10}).requires_grad_(true);
        const auto reference_features = features.detach().clone().requires_grad_(true);
        const auto weights = torch::rand({channels, channels});

        const auto fast = engine::gram_matrix(features);
        (fast * weights).sum().backward();
        const auto flat = reference_features.view({channels, 120});
        const auto plain = torch::mm(flat, flat.t()) / (channels * 120.0);
        (plain * weights).sum().backward();

        QVERIFY(torch::allclose(fast, plain, 1e-4, 1e-6));
        QVERIFY(torch::allclose(features.grad(), reference_features.grad(), 1e-4, 1e-6));
    }

    void gramOfHalfFeaturesIsComputedInFloat() {
        // 300 x 300 values of 20: F·Fᵀ entries are 36e6 before normalisation, far beyond fp16's 65504.
        const auto f = torch::full({1, 2, 300, 300}, 20.0, torch::kHalf);
        const auto g = engine::gram_matrix(f);
        QCOMPARE(g.scalar_type(), torch::kFloat);
        QVERIFY(torch::isfinite(g).all().item<bool>());
        QVERIFY(std::abs(g[0][0].item<double>() - 200.0) < 1e-3);  // 400 · 90000 / (2 · 90000)
    }

    void contentLossIsMeanSquaredErrorSummedOverLayers() {
        const auto f = torch::tensor({1.0, 2.0, 3.0, 4.0}, torch::kDouble).view({1, 1, 2, 2});
        const auto p = torch::tensor({0.0, 2.0, 3.0, 6.0}, torch::kDouble).view({1, 1, 2, 2});
        // diffs 1, 0, 0, -2 -> mean of squares 5/4
        QCOMPARE(engine::content_loss({f}, {p}).item<double>(), 1.25);
        QCOMPARE(engine::content_loss({f, f}, {p, f}).item<double>(), 1.25);
        QCOMPARE(engine::content_loss({f, f}, {p, p}).item<double>(), 2.5);
    }

    void styleLossUsesLayerWeightsAndGramDifference() {
        const auto f = torch::tensor({1.0, 2.0, 3.0, 4.0}, torch::kDouble).view({1, 2, 1, 2});
        const auto a = torch::zeros({2, 2}, torch::kDouble);
        // mean of squared Gram entries: (1.25² + 2·2.75² + 6.25²) / 4 = 59.375 / 4
        const double expected = (1.25 * 1.25 + 2 * 2.75 * 2.75 + 6.25 * 6.25) / 4.0;
        QVERIFY(std::abs(engine::style_loss({f}, {a}, {}).item<double>() - expected) < 1e-12);
        QVERIFY(std::abs(engine::style_loss({f, f}, {a, a}, {2.0, 0.5}).item<double>() - 2.5 * expected) < 1e-12);
        QCOMPARE(engine::style_loss({f}, {engine::gram_matrix(f)}, {}).item<double>(), 0.0);
    }

    void tvLossIsTwoMeansOfSquaredNeighbourDifferences() {
        // [[0, 1], [2, 4]]: vertical (2, 3) -> 6.5; horizontal (1, 2) -> 2.5
        const auto image = torch::tensor({0.0, 1.0, 2.0, 4.0}, torch::kDouble).view({1, 1, 2, 2});
        QCOMPARE(engine::tv_loss(image).item<double>(), 9.0);
        // One row: no vertical neighbours, so only the horizontal mean (1 + 4 + 1) / 3.
        const auto row = torch::tensor({0.0, 1.0, 3.0, 2.0}, torch::kDouble).view({1, 1, 1, 4});
        QVERIFY(std::abs(engine::tv_loss(row).item<double>() - 2.0) < 1e-12);
        QCOMPARE(engine::tv_loss(torch::ones({1, 3, 5, 7})).item<double>(), 0.0);
    }

    void blendedGramsAreNormalisedWeightedSums() {
        const auto g1 = torch::ones({2, 2}, torch::kDouble);
        const auto g2 = torch::full({2, 2}, 5.0, torch::kDouble);
        const auto blended = engine::blend_grams({{g1}, {g2}}, {1.0, 3.0});
        QVERIFY(torch::allclose(blended[0], torch::full({2, 2}, 0.25 + 0.75 * 5.0, torch::kDouble)));
        const auto equal = engine::blend_grams({{g1}, {g2}}, {});
        QVERIFY(torch::allclose(equal[0], torch::full({2, 2}, 3.0, torch::kDouble)));
    }

    void bf16GradientsAgreeWithFp32() {
        // The reduced-precision path: convolutions in bf16, statistics in fp32.
        // Stated tolerance: relative L2 difference of the image gradient below 10% with oneDNN's
        // bf16 kernels (bf16 keeps 8 significant bits; measured: 0.8% on the loss, 6.2% on the
        // gradient), below 25% with LibTorch's generic ones (AVX2-only CPUs: 15.6%), see cpu_bf16.h.
        QTemporaryDir dir;
        const auto weights = std::filesystem::path(dir.path().toStdString()) / "w.safetensors";
        testing::write_random_vgg19_weights(weights, {12});
        const auto file = engine::SafetensorsFile::open(weights);
        engine::Vgg19Features full, reduced;
        full->load_weights(file);
        reduced->load_weights(file);
        reduced->to(torch::kBFloat16);

        torch::manual_seed(5);
        const auto content = torch::rand({1, 3, 32, 32});
        const auto style = torch::rand({1, 3, 32, 32});
        const std::vector<int> content_layers{22}, style_layers{1, 6, 11, 20, 29};
        auto gradient = [&](engine::Vgg19Features& net, torch::ScalarType dtype) {
            torch::Tensor content_target;
            std::vector<torch::Tensor> style_targets;
            {
                torch::NoGradGuard no_grad;
                content_target = net->forward(content.to(dtype), content_layers, engine::PoolingKind::Max)[0].to(torch::kFloat);
                for (const auto& f : net->forward(style.to(dtype), style_layers, engine::PoolingKind::Max))
                    style_targets.push_back(engine::gram_matrix(f));
            }
            torch::manual_seed(9);
            auto x = torch::rand({1, 3, 32, 32}).requires_grad_(true);
            const auto c = engine::content_loss(net->forward(x.to(dtype), content_layers, engine::PoolingKind::Max), {content_target});
            const auto s = engine::style_loss(net->forward(x.to(dtype), style_layers, engine::PoolingKind::Max), style_targets, {});
            (c + s * 1e6).backward();
            return std::make_pair((c + s * 1e6).item<double>(), x.grad().clone());
        };
        const auto [loss32, grad32] = gradient(full, torch::kFloat);
        const auto [loss16, grad16] = gradient(reduced, torch::kBFloat16);
        QCOMPARE(grad16.scalar_type(), torch::kFloat);  // the image and its gradient stay fp32
        const double loss_error = std::abs(loss16 - loss32) / loss32;
        const double grad_error = ((grad16 - grad32).norm() / grad32.norm()).item<double>();
        const bool onednn = testing::cpu_has_onednn_bf16();
        QVERIFY2(loss_error < (onednn ? 0.05 : 0.10), qPrintable(QString::number(loss_error)));
        QVERIFY2(grad_error < (onednn ? 0.10 : 0.25), qPrintable(QString::number(grad_error)));
        QVERIFY(grad_error > 0.0);
        qInfo("bf16 vs fp32: loss %.4f%%, gradient %.4f%% relative difference", 100 * loss_error, 100 * grad_error);
    }

    void objectiveGradientMatchesFiniteDifferences() {
        QTemporaryDir dir;
        const auto weights = std::filesystem::path(dir.path().toStdString()) / "w.safetensors";
        testing::write_random_vgg19_weights(weights, {11});
        engine::Vgg19Features model;
        model->load_weights(engine::SafetensorsFile::open(weights));
        model->to(torch::kDouble);

        torch::manual_seed(3);
        const auto opts = torch::TensorOptions().dtype(torch::kDouble);
        const auto content = torch::rand({1, 3, 16, 16}, opts);
        const auto style = torch::rand({1, 3, 16, 16}, opts);
        const std::vector<int> content_layers{8};      // relu2_2
        const std::vector<int> style_layers{1, 6, 11};  // relu1_1, relu2_1, relu3_1
        torch::Tensor content_target;
        std::vector<torch::Tensor> style_targets;
        {
            torch::NoGradGuard no_grad;
            content_target = model->forward(content, content_layers, engine::PoolingKind::Max)[0].clone();
            for (const auto& f : model->forward(style, style_layers, engine::PoolingKind::Max))
                style_targets.push_back(engine::gram_matrix(f));
        }
        auto objective = [&](const torch::Tensor& x) {
            auto content_f = model->forward(x, content_layers, engine::PoolingKind::Max);
            auto style_f = model->forward(x, style_layers, engine::PoolingKind::Max);
            return engine::content_loss(content_f, {content_target}) * 1.0 +
                   engine::style_loss(style_f, style_targets, {1.0, 0.5, 2.0}) * 1e3 + engine::tv_loss(x) * 10.0;
        };

        auto x = torch::rand({1, 3, 16, 16}, opts).requires_grad_(true);
        objective(x).backward();
        const auto analytic = x.grad().clone();

        std::mt19937 rng(7);
        std::uniform_int_distribution<int> channel(0, 2), pixel(0, 15);
        constexpr double kEps = 1e-6;
        torch::NoGradGuard no_grad;
        for (int i = 0; i < 24; ++i) {
            const int c = channel(rng), yy = pixel(rng), xx = pixel(rng);
            auto plus = x.detach().clone();
            auto minus = x.detach().clone();
            plus[0][c][yy][xx] += kEps;
            minus[0][c][yy][xx] -= kEps;
            const double numeric = (objective(plus).item<double>() - objective(minus).item<double>()) / (2 * kEps);
            const double exact = analytic[0][c][yy][xx].item<double>();
            const double scale = std::max({std::abs(numeric), std::abs(exact), 1e-8});
            QVERIFY2(std::abs(numeric - exact) / scale < 1e-5,
                     qPrintable(QStringLiteral("d/dx[%1,%2,%3]: autograd %4, finite difference %5")
                                    .arg(c).arg(yy).arg(xx).arg(exact, 0, 'g', 10).arg(numeric, 0, 'g', 10)));
        }
    }

    // A tile's objective (docs/TILING.md) against finite differences in double precision:
    // the network reads the tile in its frame (the canvas around it, the tile's own pixels
    // padded into place), the losses read the features over the tile (crop_to, partial blocks
    // kept), and the style goals are A + G_tile(start) - G_level(start), fixed at the start.
    // Gradients flow through the padding, the crops and the Grams of cropped maps.
    void tileObjectiveGradientMatchesFiniteDifferences_data() {
        QTest::addColumn<int>("x");
        QTest::addColumn<int>("y");
        QTest::addColumn<int>("width");
        QTest::addColumn<int>("height");
        QTest::newRow("inside, on the lattice") << 8 << 8 << 16 << 16;
        QTest::newRow("off the lattice (partial blocks)") << 5 << 3 << 17 << 14;
        QTest::newRow("at the corner") << 16 << 20 << 16 << 12;
    }
    void tileObjectiveGradientMatchesFiniteDifferences() {
        QFETCH(int, x);
        QFETCH(int, y);
        QFETCH(int, width);
        QFETCH(int, height);
        const engine::TileRect at{x, y, width, height};
        QTemporaryDir dir;
        const auto weights = std::filesystem::path(dir.path().toStdString()) / "w.safetensors";
        testing::write_random_vgg19_weights(weights, {11});
        engine::Vgg19Features model;
        model->load_weights(engine::SafetensorsFile::open(weights));
        model->to(torch::kDouble);

        torch::manual_seed(5);
        const auto opts = torch::TensorOptions().dtype(torch::kDouble);
        constexpr int kFrame = 32;
        const auto canvas = torch::rand({1, 3, kFrame, kFrame}, opts);  // the tile's surroundings at its start
        const auto content = torch::rand({1, 3, kFrame, kFrame}, opts);
        const auto style = torch::rand({1, 3, 24, 24}, opts);
        const std::vector<int> layers{1, 6, 8, 11};  // relu1_1, relu2_1, relu2_2 (content), relu3_1
        const std::vector<int> downsample{1, 2, 2, 4};
        const std::vector<std::size_t> style_slots{0, 1, 3}, content_slots{2};
        auto window = [&](const torch::Tensor& t) { return t.narrow(2, at.y, at.height).narrow(3, at.x, at.width); };
        auto framed = [&](const torch::Tensor& tile) {
            torch::Tensor frame = canvas.clone();
            frame.narrow(2, at.y, at.height).narrow(3, at.x, at.width).zero_();
            return frame + torch::constant_pad_nd(tile, {at.x, kFrame - at.x - at.width, at.y, kFrame - at.y - at.height});
        };
        auto tile_maps = [&](const torch::Tensor& tile) {
            return engine::crop_to(model->forward(framed(tile), layers, engine::PoolingKind::Max), downsample, at);
        };
        std::vector<torch::Tensor> content_target, goals;
        {
            torch::NoGradGuard no_grad;
            content_target = engine::pick(engine::crop_to(model->forward(content, layers, engine::PoolingKind::Max), downsample, at),
                                          content_slots);
            const auto whole = model->forward(canvas, layers, engine::PoolingKind::Max);
            const auto style_maps = model->forward(style, layers, engine::PoolingKind::Max);
            const auto start = tile_maps(window(canvas));
            for (const auto slot : style_slots)
                goals.push_back(engine::gram_matrix(style_maps[slot]) + engine::gram_matrix(start[slot]) -
                                engine::gram_matrix(whole[slot]));
        }
        auto objective = [&](const torch::Tensor& tile) {
            const auto maps = tile_maps(tile);
            std::vector<torch::Tensor> grams;
            for (const auto& f : engine::pick(maps, style_slots)) grams.push_back(engine::gram_matrix(f));
            return engine::content_loss(engine::pick(maps, content_slots), content_target) * 1.0 +
                   engine::style_loss_of_grams(grams, goals, {1.0, 0.5, 2.0}) * 1e3 + engine::tv_loss(tile) * 10.0;
        };

        auto tile = (window(canvas).clone() + 0.05 * torch::randn({1, 3, at.height, at.width}, opts)).requires_grad_(true);
        objective(tile).backward();
        const auto analytic = tile.grad().clone();
        QVERIFY(analytic.abs().sum().item<double>() > 0.0);

        std::mt19937 rng(9);
        std::uniform_int_distribution<int> channel(0, 2), row(0, at.height - 1), column(0, at.width - 1);
        constexpr double kEps = 1e-6;
        torch::NoGradGuard no_grad;
        for (int i = 0; i < 24; ++i) {
            const int c = channel(rng), yy = row(rng), xx = column(rng);
            auto plus = tile.detach().clone();
            auto minus = tile.detach().clone();
            plus[0][c][yy][xx] += kEps;
            minus[0][c][yy][xx] -= kEps;
            const double numeric = (objective(plus).item<double>() - objective(minus).item<double>()) / (2 * kEps);
            const double exact = analytic[0][c][yy][xx].item<double>();
            const double scale = std::max({std::abs(numeric), std::abs(exact), 1e-8});
            QVERIFY2(std::abs(numeric - exact) / scale < 1e-5,
                     qPrintable(QStringLiteral("d/dtile[%1,%2,%3]: autograd %4, finite difference %5")
                                    .arg(c).arg(yy).arg(xx).arg(exact, 0, 'g', 10).arg(numeric, 0, 'g', 10)));
        }
    }
};

QTEST_GUILESS_MAIN(TestLosses)
#include "tst_losses.moc"
