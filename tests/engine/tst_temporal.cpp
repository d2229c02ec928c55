// Issue 27's temporal term through the engine (docs/VIDEO.md): where the warp is reliable the
// frame is held near the previous stylised frame (much nearer than without the term), where it is
// not the frame is free; the term's value in the objective is weight · mean(c ⊙ (x − p)²) of the
// written image; a mask of the wrong shape and a tiled level are refused. Shared seeded weights.

#include <QTest>

#include <torch/torch.h>

#include <cmath>
#include <filesystem>

#include "job_runner.h"
#include "model_cache.h"
#include "shared_weights.h"
#include "shuimo/engine/errors.h"
#include "shuimo/engine/safetensors.h"
#include "shuimo/engine/style_engine.h"
#include "shuimo/image_io/image_io.h"
#include "sine_pattern.h"
#include "vgg19_features.h"

using namespace shuimo;

namespace {

double mean_abs(const engine::Image& a, const engine::Image& b, int x0, int x1) {
    double sum = 0.0;
    for (int y = 0; y < a.height; ++y)
        for (int x = x0; x < x1; ++x)
            for (int c = 0; c < 3; ++c) sum += std::abs(a.at(x, y, c) - b.at(x, y, c));
    return sum / (a.height * (x1 - x0) * 3);
}

}  // namespace

class TestTemporal : public QObject {
    Q_OBJECT

private:
    std::unique_ptr<engine::ModelCache> m_models;
    std::unique_ptr<engine::StyleEngine> m_engine;

    static engine::StyleJob frame_job() {
        engine::StyleJob job;
        job.content = image_io::resize_image(image_io::read_image(std::filesystem::path(SHUIMO_SOURCE_DIR) / "tests/data/chelsea.png").rgb, {64, 48});
        job.styles = {testing::sine_pattern(64, 64, 0.4)};
        job.params.size = 64;
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

    // The previous frame: a flat grey. Reliable on the left half only.
    void reliablePixelsStayNearThePreviousFrame() {
        engine::StyleJob job = frame_job();
        engine::ProgressSink quiet;
        const engine::StyleResult free = m_engine->run(job, quiet);
        engine::TemporalTerm term;
        term.previous = engine::Image(64, 48, 3);
        for (float& v : term.previous.pixels) v = 0.5f;
        term.reliable = engine::Image(64, 48, 1);
        for (int y = 0; y < 48; ++y)
            for (int x = 0; x < 32; ++x) term.reliable.at(x, y, 0) = 1.0f;
        term.weight = 1e6;
        job.temporal = term;
        const engine::StyleResult held = m_engine->run(job, quiet);
        const double left_held = mean_abs(held.raw_image, term.previous, 0, 28), left_free = mean_abs(free.raw_image, term.previous, 0, 28);
        const double right_held = mean_abs(held.raw_image, term.previous, 36, 64), right_free = mean_abs(free.raw_image, term.previous, 36, 64);
        qInfo("left (reliable): %.4f held vs %.4f free; right (unreliable): %.4f vs %.4f", left_held, left_free, right_held, right_free);
        QVERIFY(left_held < 0.25 * left_free);
        QVERIFY(right_held > 0.5 * right_free);
        // The report's objective is the written image's, the temporal term included.
        engine::JobRunner runner(job, quiet, *m_models);
        const auto evaluated = runner.evaluate_image(held.raw_image);
        QVERIFY(std::abs(evaluated.total_loss - held.final_total_loss) <= 1e-3 * held.final_total_loss);
        engine::StyleJob without = job;
        without.temporal.reset();
        engine::JobRunner plain(without, quiet, *m_models);
        const double temporal = evaluated.total_loss - plain.evaluate_image(held.raw_image).total_loss;
        double expected = 0.0;
        for (int y = 0; y < 48; ++y)
            for (int x = 0; x < 32; ++x)
                for (int c = 0; c < 3; ++c) expected += std::pow(held.raw_image.at(x, y, c) - 0.5, 2);
        expected *= 1e6 / (64.0 * 48.0 * 3.0);
        qInfo("temporal term %.6g, by hand %.6g", temporal, expected);
        QVERIFY(std::abs(temporal - expected) <= 1e-3 * expected + 1e-6);
    }

    void malformedTermsAreRefused() {
        engine::StyleJob job = frame_job();
        engine::TemporalTerm term;
        term.previous = engine::Image(64, 48, 3);
        term.reliable = engine::Image(32, 48, 1);  // not the previous frame's size
        term.weight = 1.0;
        job.temporal = term;
        engine::ProgressSink quiet;
        QVERIFY_THROWS_EXCEPTION(engine::ConfigError, m_engine->run(job, quiet));
        job.temporal->reliable = engine::Image(64, 48, 1);
        job.temporal->weight = -1.0;
        QVERIFY_THROWS_EXCEPTION(engine::ConfigError, m_engine->run(job, quiet));
    }
};

QTEST_APPLESS_MAIN(TestTemporal)
#include "tst_temporal.moc"
