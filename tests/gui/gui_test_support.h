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

#include "job_types.h"
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

// A request for a job of `iterations` single-scale evaluations at `size`.
inline ui::JobRequest tinyRequest(const QString& dir, int size, int iterations) {
    ui::JobRequest request;
    request.weightsPath = weightsPath();
    request.contentPath = writeImage(dir, QStringLiteral("content.png"), 64, 48, false);
    request.stylePaths = {writeImage(dir, QStringLiteral("style.png"), 48, 48, true)};
    request.params.size = size;
    request.params.iterations = iterations;
    request.params.scales = 1;
    request.params.device = "cpu";
    request.params.optimizer = engine::OptimizerKind::Adam;  // one evaluation per step: predictable counts
    request.params.preview_interval_ms = 1;
    return request;
}

}  // namespace shuimo::testing
