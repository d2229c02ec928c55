#pragma once
// Values that cross the worker thread boundary by queued signals: a job request
// (paths and parameters: the worker reads the files, not the GUI thread) and its
// outcome. Plain values, registered with Qt's meta-type system.

#include <QImage>
#include <QList>
#include <QMetaType>
#include <QString>
#include <QStringList>
#include <exception>
#include <memory>
#include <optional>

#include "shuimo/engine/image.h"
#include "shuimo/engine/progress.h"
#include "shuimo/engine/style_params.h"
#include "shuimo/session/session.h"

namespace shuimo::ui {

struct JobRequest {
    QString weightsPath;
    QString contentPath;
    // A clip's frame painted (0-based; video_io::is_video_file(contentPath)); -1: the one chosen when it starts.
    int contentFrame = -1;
    QStringList stylePaths;
    QList<double> styleBlend;  // one per style; empty = equal
    engine::StyleParams params;
    // The photo's regions (issue 26), in order: masks at the photo's mask size, styles by path.
    std::vector<session::Region> regions;
    // "Continue Painting" (issue 24): the stopped version's raw image to start from
    // (params.init is Image, params the remaining levels: session/continuation.h), the
    // parameters the new version records (the stopped one's) and the work already done.
    std::shared_ptr<const engine::Image> initImage;
    std::optional<engine::StyleParams> recordedParams;
    int iterationsBefore = 0;
    double secondsBefore = 0.0;
};

struct JobOutcome {
    std::shared_ptr<const engine::Image> image;  // full-precision result (for 16-bit export)
    std::shared_ptr<const engine::Image> rawImage;  // the result before finishing (re-finished without a run)
    bool cancelled = false;
    bool stoppedEarly = false;  // cancelled before the last level: the image is that level's size
    int iterationsRun = 0;
    double seconds = 0.0;
    QString device;
    QString precision;
};

// What stopped a job, from the engine's exception type (errors.h), so that
// the window offers the fix (Models… for weights) without reading the message.
enum class ErrorKind { Weights, Config, Device, ImageIo, OutOfMemory, Other };
ErrorKind errorKindOf(const std::exception& error);

// engine::Image (RGB floats in [0,1]) to an 8-bit QImage, and back.
// 8 bits: Format_RGB888; 16 bits: Format_RGBX64 (for 16-bit export).
QImage toQImage(const engine::Image& image, int bitDepth = 8);
engine::Image fromQImage(const QImage& image);

// Registers the types above for queued connections (idempotent).
void registerJobTypes();

}  // namespace shuimo::ui

Q_DECLARE_METATYPE(shuimo::ui::JobRequest)
Q_DECLARE_METATYPE(shuimo::ui::JobOutcome)
Q_DECLARE_METATYPE(shuimo::ui::ErrorKind)
Q_DECLARE_METATYPE(shuimo::engine::IterationReport)
Q_DECLARE_METATYPE(shuimo::engine::LossWeights)
