#pragma once
// Shared by the GUI tests: the seeded random VGG-19 weights of this ctest run
// (see shared_weights.h), and tiny generated images.

#include <QColor>
#include <QDir>
#include <QFileInfo>
#include <QImage>
#include <QPainter>
#include <QString>
#include <QTemporaryDir>
#include <random>

#include "job_types.h"
#include "shuimo/session/session.h"
#include "shared_weights.h"

namespace shuimo::testing {

// The folder holding vgg19.safetensors (usable as SHUIMO_MODEL_DIR).
struct WeightsDir {
    QString path() const { return sharedWeightsDir(); }
};

inline const WeightsDir& weightsDir() {
    static const WeightsDir dir;
    return dir;
}

inline QString weightsPath() { return sharedWeightsPath(); }

// A small photo-like gradient with a disc, or stripes for a style.
inline QImage makeImage(int width, int height, bool stripes) {
    QImage image(width, height, QImage::Format_RGB888);
    for (int y = 0; y < height; ++y) {
        for (int x = 0; x < width; ++x) {
            const int v = stripes ? ((x / 4 + y / 6) % 2) * 200 + 20 : (x * 255) / width;
            image.setPixelColor(x, y, QColor(v, stripes ? v : (y * 255) / height, 128));
        }
    }
    if (!stripes) {
        QPainter painter(&image);
        painter.setBrush(Qt::black);
        painter.drawEllipse(QPoint(width / 2, height / 2), width / 5, height / 5);
    }
    return image;
}

inline QString writeImage(const QString& dir, const QString& name, int width, int height, bool stripes) {
    const QString path = QDir(dir).filePath(name);
    makeImage(width, height, stripes).save(path);
    return path;
}

// 16-bit noise (seeded): pictures a file cannot compress and no two seeds share.
inline session::Picture noisePicture(int width, int height, unsigned seed) {
    std::mt19937 rng(seed);
    std::uniform_int_distribution<int> sample(0, 65535);
    session::Picture picture;
    picture.width = width;
    picture.height = height;
    picture.samples.resize(static_cast<std::size_t>(width) * height * 3);
    for (auto& v : picture.samples) v = static_cast<std::uint16_t>(sample(rng));
    return picture;
}

// A painting as a run would leave it, without running the engine (made `seed` ms from now:
// paintings of different seeds are told apart by their time too).
inline session::Painting madePainting(const engine::StyleParams& params, const QString& style, unsigned seed) {
    session::Painting painting;
    painting.created = QDateTime::currentDateTimeUtc().addMSecs(seed);
    painting.params = params;
    painting.styles = {{style, 1.0}};
    painting.iterations_run = 5;
    painting.device = QStringLiteral("cpu");
    painting.precision = QStringLiteral("fp32");
    painting.image = noisePicture(16, 12, seed);
    painting.raw = noisePicture(16, 12, seed + 1);
    return painting;
}

// `base` made into a tiny run: `iterations` single-scale evaluations at `size` on the CPU, with
// Adam (one evaluation per step: predictable counts).
inline engine::StyleParams quickParams(engine::StyleParams base, int size, int iterations) {
    base.size = size;
    base.iterations = iterations;
    base.scales = 1;
    base.device = "cpu";
    base.optimizer = engine::OptimizerKind::Adam;
    return base;
}

// A request for a job of `iterations` single-scale evaluations at `size`.
inline ui::JobRequest tinyRequest(const QString& dir, int size, int iterations) {
    ui::JobRequest request;
    request.weightsPath = weightsPath();
    request.contentPath = writeImage(dir, QStringLiteral("content.png"), 64, 48, false);
    request.stylePaths = {writeImage(dir, QStringLiteral("style.png"), 48, 48, true)};
    request.params = quickParams(request.params, size, iterations);
    request.params.preview_interval_ms = 1;
    return request;
}

}  // namespace shuimo::testing
