#include "job_types.h"

#include <algorithm>
#include <cmath>

#include "shuimo/engine/errors.h"

namespace shuimo::ui {
namespace {
uchar toByte(float value) {
    return static_cast<uchar>(std::lround(std::clamp(value, 0.0f, 1.0f) * 255.0f));
}
}  // namespace

ErrorKind errorKindOf(const std::exception& error) {
    if (dynamic_cast<const engine::WeightsError*>(&error) != nullptr) return ErrorKind::Weights;
    if (dynamic_cast<const engine::ConfigError*>(&error) != nullptr) return ErrorKind::Config;
    if (dynamic_cast<const engine::DeviceError*>(&error) != nullptr) return ErrorKind::Device;
    if (dynamic_cast<const engine::ImageIoError*>(&error) != nullptr) return ErrorKind::ImageIo;
    if (dynamic_cast<const engine::OutOfMemoryError*>(&error) != nullptr) return ErrorKind::OutOfMemory;
    return ErrorKind::Other;
}

QImage toQImage(const engine::Image& image, int bitDepth) {
    if (image.empty()) return {};
    if (bitDepth == 16) {
        QImage out(image.width, image.height, QImage::Format_RGBX64);
        for (int y = 0; y < image.height; ++y) {
            auto* line = reinterpret_cast<quint16*>(out.scanLine(y));
            for (int x = 0; x < image.width; ++x) {
                for (int c = 0; c < 3; ++c) {
                    const float v = std::clamp(image.at(x, y, image.channels >= 3 ? c : 0), 0.0f, 1.0f);
                    line[x * 4 + c] = static_cast<quint16>(std::lround(v * 65535.0f));
                }
                line[x * 4 + 3] = 65535;
            }
        }
        return out;
    }
    QImage out(image.width, image.height, QImage::Format_RGB888);
    for (int y = 0; y < image.height; ++y) {
        uchar* line = out.scanLine(y);
        for (int x = 0; x < image.width; ++x) {
            for (int c = 0; c < 3; ++c) {
                const int source = image.channels >= 3 ? c : 0;
                line[x * 3 + c] = toByte(image.at(x, y, source));
            }
        }
    }
    return out;
}

engine::Image fromQImage(const QImage& image) {
    const QImage rgb = image.convertToFormat(QImage::Format_RGB888);
    engine::Image out(rgb.width(), rgb.height(), 3);
    for (int y = 0; y < rgb.height(); ++y) {
        const uchar* line = rgb.constScanLine(y);
        for (int x = 0; x < rgb.width(); ++x) {
            for (int c = 0; c < 3; ++c) out.at(x, y, c) = static_cast<float>(line[x * 3 + c]) / 255.0f;
        }
    }
    return out;
}

void registerJobTypes() {
    qRegisterMetaType<JobRequest>();
    qRegisterMetaType<JobOutcome>();
    qRegisterMetaType<ErrorKind>();
    qRegisterMetaType<engine::IterationReport>();
    qRegisterMetaType<engine::LossWeights>();
}

}  // namespace shuimo::ui
