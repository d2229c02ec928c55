// The default optimiser against a reference it does not share code with:
// LibTorch's own torch::optim::LBFGS (strong Wolfe, unbounded, the image
// clamped only when written). At equal evaluations, on seeded weights and on
// pictures like photographs (generated, and real ones from tests/data), at
// several weight scales and from several starts, the default optimiser (from the
// photo: four Adam steps, then the bounded L-BFGS, which hands the level back
// to Adam where the content term rules and it would crawl) must reach
// an objective no worse than the reference reports (docs/OBJECTIVE.md,
// "The optimiser"). The box is checked too: progress alone could be bought by
// leaving it.
//
// Also BoxLbfgs alone on a problem with a known answer: a separable quadratic
// whose minimum lies partly outside the box, so the bounded minimum is the
// clamped one, reached from a start whose first step (1/|g|_1) is tiny.
//
// And the hook through which shuimo-bench runs the second reference, scipy's
// L-BFGS-B in another process (tools/lbfgsb_reference.py).

#include <QTest>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "box_lbfgs.h"
#include "job_runner.h"
#include "photo_like.h"
#include "shared_weights.h"
#include "shuimo/engine/style_engine.h"
#include "shuimo/image_io/image_io.h"

using namespace shuimo;

namespace {

struct Sink : engine::ProgressSink {
    std::vector<engine::IterationReport> reports;
    int change_at = 0;  // > 0: new weights from this evaluation on
    engine::LossWeights changed;
    void on_iteration(const engine::IterationReport& r) override { reports.push_back(r); }
    std::optional<engine::LossWeights> poll_weights() override {
        if (change_at > 0 && static_cast<int>(reports.size()) + 1 >= change_at) return changed;
        return std::nullopt;
    }
};

engine::Image picture(const QString& name) {
    if (name.startsWith(QStringLiteral("photo_like:"))) return testing::photo_like(64, 48, name.mid(11).toUInt());
    const std::filesystem::path path = name.startsWith(QStringLiteral("style:"))
                                           ? std::filesystem::path(SHUIMO_SOURCE_DIR) / "assets/styles" / (name.mid(6).toStdString() + ".png")
                                           : std::filesystem::path(SHUIMO_SOURCE_DIR) / "tests/data" / name.toStdString();
    return image_io::read_image(path).rgb;
}

}  // namespace

class TestOptimiserProgress : public QObject {
    Q_OBJECT

private:
    std::unique_ptr<engine::StyleEngine> m_engine;

private Q_SLOTS:
    void initTestCase() { m_engine = std::make_unique<engine::StyleEngine>(testing::sharedWeightsPath().toStdString()); }
    void cleanup() {
        engine::set_unbounded_lbfgs_for_benchmark(false);
        engine::set_hand_off_for_benchmark(true);
        engine::set_external_optimiser_for_benchmark({});
    }

    void keepsUpWithTorchLbfgs_data() {
        QTest::addColumn<QString>("content");
        QTest::addColumn<QString>("style");
        QTest::addColumn<QString>("init");  // content | noise | an image's name
        QTest::addColumn<double>("styleWeight");
        QTest::addColumn<double>("tvWeight");
        QTest::addColumn<int>("scales");
        QTest::addColumn<bool>("changeWeights");  // a live change at evaluation 12: memory restarts
        QTest::addColumn<int>("tile");  // > 0: the level painted in tiles of this side (both optimisers)
        // How far above the reference's reported objective the bounded one may end: 1 (no worse) but
        // where the content term dominates, the reference gains by leaving the box (its written file
        // scores far worse than it reports), which neither this method nor the textbook L-BFGS-B follows
        // within these evaluations (docs/OBJECTIVE.md, "The optimiser"; docs/BENCHMARKS.md, "The
        // textbook L-BFGS-B").
        QTest::addColumn<double>("allowance");
        const QString ink = QStringLiteral("style:misty_mountains");
        QTest::newRow("photo_like 1, 1e6, from the photo") << "photo_like:1" << ink << "content" << 1e6 << 1.0 << 1 << false << 0 << 1.0;
        // A clipped sky (29 % of the samples at white): no hand-off to Adam there, which would end 1.18x (1.05x without).
        QTest::newRow("photo_like 2, 1e3, from the photo") << "photo_like:2" << ink << "content" << 1e3 << 1.0 << 1 << false << 0 << 1.10;
        QTest::newRow("photo_like 3, 1e9, no tv") << "photo_like:3" << ink << "content" << 1e9 << 0.0 << 1 << false << 0 << 1.0;
        QTest::newRow("chelsea, 1e6, from the photo") << "chelsea.png" << ink << "content" << 1e6 << 1.0 << 1 << false << 0 << 1.0;
        // Content-dominated real photos, where the L-BFGS alone ends 1.1-1.2x the reference from the photo
        // and the Adam start brings it within 1.05x (docs/OBJECTIVE.md, "The Adam start").
        QTest::newRow("coffee, 1e3, from the photo") << "coffee.png" << "style:bamboo" << "content" << 1e3 << 1.0 << 1 << false << 0 << 1.10;
        QTest::newRow("coffee, lotus_pond, 1e3") << "coffee.png" << "style:lotus_pond" << "content" << 1e3 << 1.0 << 1 << false << 0 << 1.10;
        // The hand-off to Adam where the content term rules (docs/OBJECTIVE.md): without it 1.03x, with it 0.73x.
        QTest::newRow("rocket, 1e3, from the photo") << "rocket.jpg" << ink << "content" << 1e3 << 1.0 << 1 << false << 0 << 1.0;
        // At the default weights the hand-off's signal fires on this pairing too (its second direction
        // predicts a fall below 0.2 of the loss), but with this much style Adam falls far behind: the
        // hand-off's weight rule keeps the L-BFGS (0.79x the reference; handed off, 1.87x).
        QTest::newRow("rocket, splashed_ink, 1e6, from the photo") << "rocket.jpg" << "style:splashed_ink" << "content" << 1e6 << 1.0 << 1 << false << 0 << 1.0;
        QTest::newRow("coffee, 1e7, from the photo") << "coffee.png" << "style:bamboo" << "content" << 1e7 << 1.0 << 1 << false << 0 << 1.0;
        QTest::newRow("coffee, 1e7, from noise") << "coffee.png" << "style:bamboo" << "noise" << 1e7 << 1.0 << 1 << false << 0 << 1.0;
        // The sine start (docs/OBJECTIVE.md): from noise the L-BFGS in the box ends above the reference
        // here (1.07x); on x = (1 - cos z) / 2 below it (0.86x).
        QTest::newRow("astronaut, rock_texture, 1e6, from noise") << "astronaut.png" << "style:rock_texture" << "noise" << 1e6 << 1.0 << 1 << false << 0 << 1.0;
        QTest::newRow("rocket, 1e5, from an image") << "rocket.jpg" << ink << "astronaut.png" << 1e5 << 1.0 << 1 << false << 0 << 1.0;
        // The Adam start from another image (docs/OBJECTIVE.md): the L-BFGS alone ends above the
        // reference here (1.025x; 1.078x), with the start and the hand-off below it (0.85x; 0.88x).
        QTest::newRow("chelsea, lotus_pond, 1e3, from an image") << "chelsea.png" << "style:lotus_pond" << "astronaut.png" << 1e3 << 1.0 << 1 << false << 0 << 1.0;
        QTest::newRow("coffee, 1e6, from a clipped image") << "coffee.png" << "style:bamboo" << "photo_like:3" << 1e6 << 1.0 << 1 << false << 0 << 1.0;
        QTest::newRow("astronaut, 1e6, live change to 1e8") << "astronaut.png" << ink << "content" << 1e6 << 1.0 << 1 << true << 0 << 1.0;
        // A tile starts cold (no Adam start, no scale handed over for the first): its first pairs from the
        // photo are not convex, and without Powell's damping it ends 1.8x the reference (0.35x with it).
        QTest::newRow("coffee, 1e7, from the photo, in tiles") << "coffee.png" << "style:bamboo" << "content" << 1e7 << 1.0 << 1 << false << 64 << 1.0;
        QTest::newRow("photo_like 4, 1e6, two levels") << "photo_like:4" << "style:lotus_pond" << "content" << 1e6 << 1.0 << 2 << false << 0 << 1.0;
    }

    void keepsUpWithTorchLbfgs() {
        QFETCH(QString, content);
        QFETCH(QString, style);
        QFETCH(QString, init);
        QFETCH(double, styleWeight);
        QFETCH(double, tvWeight);
        QFETCH(int, scales);
        QFETCH(bool, changeWeights);
        QFETCH(int, tile);
        QFETCH(double, allowance);
        engine::StyleJob job;
        job.content = picture(content);
        job.styles = {picture(style)};
        job.params.size = 64;
        job.params.iterations = 30;
        job.params.scales = scales;
        job.params.min_size = 32;
        job.params.style_weight = styleWeight;
        job.params.tv_weight = tvWeight;
        job.params.device = "cpu";
        job.params.seed = 3;
        if (tile > 0) {  // 96x72 in tiles of 64 (overlap 16): one pass of 12 evaluations a tile
            job.params.size = 96;
            job.params.iterations = 12;
            job.params.tile_size = tile;
            job.params.tile_overlap = 16;
        }
        if (init == QStringLiteral("noise")) {
            job.params.init = engine::InitKind::Noise;
        } else if (init != QStringLiteral("content")) {
            job.params.init = engine::InitKind::Image;
            job.init_image = picture(init);
        }
        double objective[2] = {0.0, 0.0};
        double written[2] = {0.0, 0.0};  // the returned image, evaluated: the reference's is clamped
        int evaluations[2] = {0, 0};
        for (const bool reference : {true, false}) {
            engine::set_unbounded_lbfgs_for_benchmark(reference);
            Sink sink;
            if (changeWeights) {
                sink.change_at = 12;
                sink.changed = {1.0, styleWeight * 100.0, tvWeight, {}};
            }
            const auto result = m_engine->run(job, sink);
            objective[reference] = result.final_total_loss;
            evaluations[reference] = result.iterations_run;
            engine::StyleJob scored = job;
            if (changeWeights) {
                scored.params.style_weight = sink.changed.style;
            }
            written[reference] = m_engine->evaluate_objective(scored, result.raw_image).total_loss;
            if (tile > 0)  // the row guards tiles: it must not quietly run untiled
                QVERIFY2(!sink.reports.empty() && sink.reports.back().tiles > 1,
                         qPrintable(QStringLiteral("painted in %1 tiles").arg(sink.reports.empty() ? 0 : sink.reports.back().tiles)));
            if (!reference) {
                for (const auto& r : sink.reports)
                    QVERIFY2(r.image_min >= 0.0 && r.image_max <= 1.0,
                             qPrintable(QStringLiteral("evaluation %1 left the box: [%2, %3]")
                                            .arg(r.iteration).arg(r.image_min).arg(r.image_max)));
            }
        }
        engine::set_unbounded_lbfgs_for_benchmark(false);
        const QString figures = QStringLiteral("bounded %1 after %2 evaluations, torch's LBFGS %3 after %4 (ratio %5); "
                                               "written: bounded %6, torch's LBFGS clamped %7")
                                    .arg(objective[0]).arg(evaluations[0]).arg(objective[1]).arg(evaluations[1])
                                    .arg(objective[0] / objective[1]).arg(written[0]).arg(written[1]);
        qInfo("%s", qPrintable(figures));
        QVERIFY(std::isfinite(objective[0]) && std::isfinite(objective[1]));
        QVERIFY2(evaluations[0] <= evaluations[1], qPrintable(figures));
        QVERIFY2(objective[0] <= allowance * objective[1], qPrintable(figures));
        // What a file holds: the bounded result as reported, the reference's clamped.
        QVERIFY2(std::abs(written[0] - objective[0]) <= 1e-4 * objective[0], qPrintable(figures));
        QVERIFY2(written[0] <= written[1], qPrintable(figures));
    }

    // The bench's second reference (tools/lbfgsb_reference.py, scipy's L-BFGS-B over a pipe) runs
    // through set_external_optimiser_for_benchmark: it must get every level's start, find its points
    // clamped into the box, be stopped by the engine's own count of evaluations, and have its best
    // point returned, as the engine's own optimiser would.
    void externalOptimiserRunsEachLevelOnTheEnginesBudget() {
        engine::StyleJob job;
        job.content = picture(QStringLiteral("photo_like:5"));
        job.styles = {picture(QStringLiteral("style:bamboo"))};
        job.params.size = 64;
        job.params.scales = 2;
        job.params.min_size = 32;
        job.params.iterations = 10;
        job.params.device = "cpu";
        std::vector<std::size_t> starts;
        std::vector<double> losses;  // the last level's
        int calls = 0;
        engine::set_external_optimiser_for_benchmark([&](const std::vector<double>& start, const engine::ExternalObjective& objective) {
            starts.push_back(start.size());
            losses.clear();
            std::vector<double> x(start), gradient;
            for (double& v : x) v += 5.0;  // far outside the box: the engine clamps
            for (;;) {
                losses.push_back(objective(x, gradient));  // throws when the evaluations are spent
                ++calls;
                for (std::size_t i = 0; i < x.size(); ++i) x[i] = std::clamp(x[i], 0.0, 1.0) - 20.0 * gradient[i];
            }
        });
        Sink sink;
        const auto result = m_engine->run(job, sink);
        engine::set_external_optimiser_for_benchmark({});
        QCOMPARE(starts.size(), std::size_t{2});
        QVERIFY2(starts[0] < starts[1] && starts[1] == std::size_t{3 * 64 * 48}, qPrintable(QString::number(starts[1])));
        QCOMPARE(calls, result.iterations_run);
        QCOMPARE(calls, job.params.iterations);
        for (const auto& r : sink.reports) QVERIFY(r.image_min >= 0.0 && r.image_max <= 1.0);
        const double best = *std::min_element(losses.begin(), losses.end());
        QVERIFY2(std::abs(result.final_total_loss - best) <= 1e-5 * best,
                 qPrintable(QStringLiteral("returned %1, best the optimiser saw %2").arg(result.final_total_loss).arg(best)));
    }

    // min Σ a_i (x_i − c_i)² over [0,1]^n: the answer is clamp(c) exactly. With n
    // large the first step (1/|g|_1) is about 1e-5 of what is needed; a line
    // search that can only shorten steps never gets there.
    void quadraticInABoxReachesTheClampedMinimum() {
        torch::manual_seed(11);
        const int n = 20000;
        // In double precision: in float32 the loss (~1e4) cannot show the last 1e-6 of progress.
        const auto f64 = torch::TensorOptions().dtype(torch::kDouble);
        const torch::Tensor a = torch::rand({n}, f64) * 9.0 + 1.0;
        const torch::Tensor c = torch::rand({n}, f64) * 2.0 - 0.5;
        torch::Tensor x = torch::full({n}, 0.5, f64).requires_grad_(true);
        int evaluations = 0;
        bool outside = false;
        auto objective = [&] {
            if (++evaluations > 40) throw 0;  // the budget
            outside = outside || x.min().item<double>() < 0.0 || x.max().item<double>() > 1.0;
            if (x.grad().defined()) x.mutable_grad().zero_();
            const torch::Tensor loss = (a * (x - c).pow(2)).sum();
            loss.backward();
            return loss.detach();
        };
        try {
            engine::BoxLbfgs(x, 10).run(objective);
        } catch (int) {
        }
        QVERIFY(!outside);
        const double error = (x.detach() - c.clamp(0.0, 1.0)).abs().max().item<double>();
        QVERIFY2(error < 1e-3, qPrintable(QStringLiteral("max |x - clamp(c)| = %1 after %2 evaluations").arg(error).arg(evaluations)));
    }

    // Far from the minimum the loss is a plane (Huber's linear part): along the gradient
    // the curvature is zero, so a curvature pair says nothing of the step's scale, and the
    // first step (1/|g|_1 = 1e-6 here) is a millionth of what is needed. Only a line search
    // that lengthens steps (bracketing by extrapolation) gets into the bowl within a few
    // evaluations; one that accepts its first trial with sufficient decrease grows the step
    // only through the damped pairs, about 5x an evaluation.
    void lineSearchLengthensStepsOnAPlane() {
        torch::manual_seed(5);
        const int n = 1000000;
        const auto f64 = torch::TensorOptions().dtype(torch::kDouble);
        const torch::Tensor c = torch::rand({n}, f64) * 0.2 + 0.7;
        const double delta = 0.05;
        torch::Tensor x = torch::zeros({n}, f64).requires_grad_(true);
        int evaluations = 0;
        double first = 0.0;
        double last = 0.0;
        auto objective = [&] {
            if (++evaluations > 8) throw 0;
            if (x.grad().defined()) x.mutable_grad().zero_();
            const torch::Tensor u = (x - c).abs();
            const torch::Tensor loss = torch::where(u <= delta, 0.5 * u * u, delta * (u - 0.5 * delta)).sum();
            loss.backward();
            last = loss.item<double>();
            if (evaluations == 1) first = last;
            return loss.detach();
        };
        try {
            engine::BoxLbfgs(x, 10).run(objective);
        } catch (int) {
        }
        QVERIFY2(last < 0.25 * first, qPrintable(QStringLiteral("loss %1 -> %2 in 8 evaluations").arg(first).arg(last)));
    }

    // The curvature a coarse level learnt, carried to the finer one (BoxLbfgs::carry_over):
    // on a smooth, badly scaled quadratic image objective (a mean, as the engine's terms are)
    // the finer run that starts from the coarse pairs gets much further in a few evaluations
    // than one that starts, as before, from the coarse run's scalar step scale alone.
    void carriedPairsStartTheFinerLevelAhead() {
        namespace F = torch::nn::functional;
        const auto f64 = torch::TensorOptions().dtype(torch::kDouble);
        const auto at = [](const torch::Tensor& image, int64_t side) {
            return F::interpolate(image, F::InterpolateFuncOptions()
                                             .size(std::vector<int64_t>{side, side})
                                             .mode(torch::kBilinear)
                                             .align_corners(false));
        };
        torch::manual_seed(3);
        // Smooth fields: curvature 1..100 across the picture, the answer inside the box. The coarse
        // level stops short of its minimum (a budget's share), as it does in a job.
        const torch::Tensor a64 = 1.0 + 99.0 * at(torch::rand({1, 3, 4, 4}, f64), 64);
        const torch::Tensor c64 = 0.2 + 0.6 * at(torch::rand({1, 3, 4, 4}, f64), 64);
        const auto run = [](torch::Tensor x, const torch::Tensor& a, const torch::Tensor& c, int budget,
                            double scale, const engine::CurvatureMemory* carried, double* loss_out) {
            int evaluations = 0;
            auto objective = [&] {
                if (++evaluations > budget) throw 0;
                if (x.grad().defined()) x.mutable_grad().zero_();
                const torch::Tensor loss = (a * (x - c).pow(2)).mean();
                loss.backward();
                *loss_out = loss.item<double>();
                return loss.detach();
            };
            engine::BoxLbfgs lbfgs(x, 20, scale);
            if (carried) lbfgs.carry_over(*carried);
            try {
                lbfgs.run(objective);
            } catch (int) {
            }
            return std::make_pair(lbfgs.memory(), lbfgs.scale());
        };
        double coarse_loss = 0.0;
        torch::Tensor coarse = torch::full({1, 3, 32, 32}, 0.5, f64).requires_grad_(true);
        const auto [pairs, scale] = run(coarse, at(a64, 32), at(c64, 32), 8, 0.0, nullptr, &coarse_loss);
        QVERIFY(!pairs.empty());
        const double fine_scale = scale * 4.0;  // per-pixel curvature goes as 1/pixels
        double without = 0.0;
        double with = 0.0;
        const torch::Tensor start = at(coarse.detach(), 64);
        run(start.clone().requires_grad_(true), a64, c64, 4, fine_scale, nullptr, &without);
        run(start.clone().requires_grad_(true), a64, c64, 4, fine_scale, &pairs, &with);
        const QString figures = QStringLiteral("after 4 evaluations at 64²: %1 with the carried pairs, %2 without (coarse end %3)")
                                    .arg(with).arg(without).arg(coarse_loss);
        qInfo("%s", qPrintable(figures));
        QVERIFY2(with < 0.85 * without, qPrintable(figures));  // measured 0.75

        // The memory a level's plan counts (min(iterations, history) pairs, memory_plan.cpp) holds with
        // carried pairs too: a run keeps at most its history (the runner gives a level min(budget, history)),
        // however many pairs it was handed.
        QVERIFY(pairs.steps.size() > 3);
        engine::BoxLbfgs small(start.clone().requires_grad_(true), 3, fine_scale);
        small.carry_over(pairs);
        const std::size_t kept = small.memory().steps.size();
        QVERIFY2(kept == 3, qPrintable(QStringLiteral("%1 pairs kept with a history of 3").arg(kept)));
    }
};

QTEST_GUILESS_MAIN(TestOptimiserProgress)
#include "tst_optimiser_progress.moc"
