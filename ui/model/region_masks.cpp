#include "region_masks.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <deque>

namespace shuimo::ui {
namespace {

constexpr double kFull = 65535.0;

std::uint16_t& sample(session::Picture& mask, int x, int y) {
    return mask.samples[static_cast<std::size_t>(y) * static_cast<std::size_t>(mask.width) + static_cast<std::size_t>(x)];
}

// One dab: returns the rectangle it touched.
QRect dab(session::Picture& mask, QPointF centre, const Brush& brush) {
    const double r = std::max(0.5, brush.radius);
    const int x0 = std::max(0, static_cast<int>(std::floor(centre.x() - r)));
    const int x1 = std::min(mask.width - 1, static_cast<int>(std::ceil(centre.x() + r)));
    const int y0 = std::max(0, static_cast<int>(std::floor(centre.y() - r)));
    const int y1 = std::min(mask.height - 1, static_cast<int>(std::ceil(centre.y() + r)));
    if (x0 > x1 || y0 > y1) return {};
    for (int y = y0; y <= y1; ++y) {
        for (int x = x0; x <= x1; ++x) {
            // The pixel's centre (x + 0.5, y + 0.5) in mask coordinates.
            const double coverage = brushCoverage(brush, std::hypot(x + 0.5 - centre.x(), y + 0.5 - centre.y()));
            if (coverage <= 0.0) continue;
            std::uint16_t& v = sample(mask, x, y);
            if (brush.erase) v = std::min<std::uint16_t>(v, static_cast<std::uint16_t>(std::lround((1.0 - coverage) * kFull)));
            else v = std::max<std::uint16_t>(v, static_cast<std::uint16_t>(std::lround(coverage * kFull)));
        }
    }
    return QRect(QPoint(x0, y0), QPoint(x1, y1));
}

// Box blur of a float map, `radius` each side, separable (three passes approach a Gaussian).
void boxBlur(std::vector<float>& map, int width, int height, int radius) {
    if (radius <= 0) return;
    std::vector<float> line;
    auto blurLine = [&](auto at, int length) {
        line.assign(static_cast<std::size_t>(length), 0.0f);
        for (int i = 0; i < length; ++i) line[static_cast<std::size_t>(i)] = at(i);
        double sum = 0.0;
        int count = 0;
        for (int i = -radius; i < length + radius; ++i) {
            const int in = i + radius, out = i - radius - 1;
            if (in >= 0 && in < length) sum += line[static_cast<std::size_t>(in)], ++count;
            if (out >= 0 && out < length) sum -= line[static_cast<std::size_t>(out)], --count;
            if (i >= 0 && i < length) at(i) = static_cast<float>(sum / std::max(1, count));
        }
    };
    for (int y = 0; y < height; ++y) {
        blurLine([&](int x) -> float& { return map[static_cast<std::size_t>(y) * width + x]; }, width);
    }
    for (int x = 0; x < width; ++x) {
        blurLine([&](int y) -> float& { return map[static_cast<std::size_t>(y) * width + x]; }, height);
    }
}

}  // namespace

session::Picture emptyMask(session::MaskSize size) {
    session::Picture mask;
    mask.width = size.width;
    mask.height = size.height;
    mask.channels = 1;
    mask.samples.assign(static_cast<std::size_t>(std::max(0, size.width)) * static_cast<std::size_t>(std::max(0, size.height)), 0);
    return mask;
}

double brushCoverage(const Brush& brush, double distance) {
    const double r = std::max(0.5, brush.radius);
    const double inner = std::clamp(brush.hardness, 0.0, 1.0) * r;
    if (distance <= inner) return 1.0;
    if (distance >= r) return 0.0;
    const double t = (distance - inner) / (r - inner);
    return 1.0 - t * t * (3.0 - 2.0 * t);  // smoothstep down
}

QRect paintStroke(session::Picture& mask, QPointF from, QPointF to, const Brush& brush) {
    if (mask.empty() || mask.channels != 1) return {};
    const double spacing = std::max(0.5, brush.radius * 0.25);
    const double length = std::hypot(to.x() - from.x(), to.y() - from.y());
    const int steps = std::max(1, static_cast<int>(std::ceil(length / spacing)));
    QRect changed;
    for (int i = 0; i <= steps; ++i) {
        const double t = static_cast<double>(i) / steps;
        changed |= dab(mask, from + (to - from) * t, brush);
    }
    return changed;
}

QRect fillSimilar(session::Picture& mask, const QImage& photo, QPoint seed, double tolerance, int feather, bool erase) {
    if (mask.empty() || mask.channels != 1 || photo.isNull()) return {};
    const int w = mask.width, h = mask.height;
    if (seed.x() < 0 || seed.y() < 0 || seed.x() >= w || seed.y() >= h) return {};
    const QImage rgb = (photo.size() == QSize(w, h) ? photo : photo.scaled(w, h, Qt::IgnoreAspectRatio, Qt::SmoothTransformation))
                           .convertToFormat(QImage::Format_RGB888);
    auto colour = [&](int x, int y) {
        const uchar* p = rgb.constScanLine(y) + 3 * x;
        return std::array<int, 3>{p[0], p[1], p[2]};
    };
    const std::array<int, 3> origin = colour(seed.x(), seed.y());
    const double limit = tolerance * tolerance;
    std::vector<float> filled(static_cast<std::size_t>(w) * h, 0.0f);
    std::deque<QPoint> todo{seed};
    filled[static_cast<std::size_t>(seed.y()) * w + seed.x()] = 1.0f;
    int x0 = seed.x(), x1 = seed.x(), y0 = seed.y(), y1 = seed.y();
    while (!todo.empty()) {
        const QPoint p = todo.front();
        todo.pop_front();
        x0 = std::min(x0, p.x()), x1 = std::max(x1, p.x()), y0 = std::min(y0, p.y()), y1 = std::max(y1, p.y());
        for (const QPoint step : {QPoint(1, 0), QPoint(-1, 0), QPoint(0, 1), QPoint(0, -1)}) {
            const QPoint q = p + step;
            if (q.x() < 0 || q.y() < 0 || q.x() >= w || q.y() >= h) continue;
            float& done = filled[static_cast<std::size_t>(q.y()) * w + q.x()];
            if (done > 0.0f) continue;
            const std::array<int, 3> c = colour(q.x(), q.y());
            const double d = std::pow(c[0] - origin[0], 2) + std::pow(c[1] - origin[1], 2) + std::pow(c[2] - origin[2], 2);
            if (d > limit) continue;
            done = 1.0f;
            todo.push_back(q);
        }
    }
    // Soft edges: three box blurs of a third of the feather each (about a Gaussian).
    for (int pass = 0; pass < 3; ++pass) boxBlur(filled, w, h, std::max(0, feather / 3));
    const int grow = feather + 1;
    const QRect changed = QRect(QPoint(x0, y0), QPoint(x1, y1)).adjusted(-grow, -grow, grow, grow) & QRect(0, 0, w, h);
    for (int y = changed.top(); y <= changed.bottom(); ++y) {
        for (int x = changed.left(); x <= changed.right(); ++x) {
            const double coverage = std::clamp(static_cast<double>(filled[static_cast<std::size_t>(y) * w + x]), 0.0, 1.0);
            std::uint16_t& v = sample(mask, x, y);
            if (erase) v = std::min<std::uint16_t>(v, static_cast<std::uint16_t>(std::lround((1.0 - coverage) * kFull)));
            else v = std::max<std::uint16_t>(v, static_cast<std::uint16_t>(std::lround(coverage * kFull)));
        }
    }
    return changed;
}

session::Picture maskFromImage(const QImage& image, session::MaskSize size) {
    session::Picture mask = emptyMask(size);
    if (image.isNull() || mask.empty()) return mask;
    const QImage grey = image.convertToFormat(QImage::Format_Grayscale16)
                            .scaled(size.width, size.height, Qt::IgnoreAspectRatio, Qt::SmoothTransformation);
    for (int y = 0; y < size.height; ++y) {
        const auto* line = reinterpret_cast<const std::uint16_t*>(grey.constScanLine(y));
        std::copy(line, line + size.width, mask.samples.begin() + static_cast<std::ptrdiff_t>(y) * size.width);
    }
    return mask;
}

QImage maskToImage(const session::Picture& mask) {
    if (mask.empty()) return {};
    QImage out(mask.width, mask.height, QImage::Format_Grayscale8);
    for (int y = 0; y < mask.height; ++y) {
        uchar* line = out.scanLine(y);
        for (int x = 0; x < mask.width; ++x) line[x] = static_cast<uchar>((mask.samples[static_cast<std::size_t>(y) * mask.width + x] + 128) / 257);
    }
    return out;
}

QImage regionOverlay(const std::vector<session::Region>& regions, int highlighted, double opacity) {
    if (regions.empty() || regions.front().mask.empty()) return {};
    const int w = regions.front().mask.width, h = regions.front().mask.height;
    QImage out(w, h, QImage::Format_ARGB32_Premultiplied);
    out.fill(Qt::transparent);
    for (std::size_t r = 0; r < regions.size(); ++r) {
        const session::Region& region = regions[r];
        if (region.mask.width != w || region.mask.height != h) continue;
        const double a = std::min(1.0, opacity * (static_cast<int>(r) == highlighted ? 1.5 : 1.0));
        const double cr = ((region.colour >> 16) & 0xFF), cg = ((region.colour >> 8) & 0xFF), cb = (region.colour & 0xFF);
        for (int y = 0; y < h; ++y) {
            auto* line = reinterpret_cast<QRgb*>(out.scanLine(y));
            for (int x = 0; x < w; ++x) {
                const double alpha = a * region.mask.samples[static_cast<std::size_t>(y) * w + x] / kFull;
                if (alpha <= 0.0) continue;
                const QRgb below = line[x];
                // Premultiplied "over".
                const auto over = [&](double top, int under) { return static_cast<int>(std::lround(top * alpha + under * (1.0 - alpha))); };
                line[x] = qRgba(over(cr, qRed(below)), over(cg, qGreen(below)), over(cb, qBlue(below)), over(255.0, qAlpha(below)));
            }
        }
    }
    return out;
}

std::uint32_t regionColour(int n) {
    static constexpr std::array<std::uint32_t, 8> kPalette = {0xE6194B, 0x3CB44B, 0x4363D8, 0xF58231,
                                                              0x911EB4, 0x42D4F4, 0xF032E6, 0xBFEF45};
    return kPalette[static_cast<std::size_t>(std::max(0, n)) % kPalette.size()];
}

}  // namespace shuimo::ui
