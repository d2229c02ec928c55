#include "brush.h"

#include <algorithm>
#include <cmath>

#include "noise.h"

namespace shuimo::ink {
namespace {

float length_of(const Path& path) {
    float length = 0.0f;
    for (std::size_t i = 1; i < path.size(); ++i) length += static_cast<float>(cv::norm(path[i] - path[i - 1]));
    return length;
}

// The point and unit direction at arc length `at`.
struct PathCursor {
    const Path& path;
    std::size_t index = 1;
    float walked = 0.0f;

    void at(float target, cv::Point2f& point, cv::Point2f& direction) {
        while (index + 1 < path.size()) {
            const float segment = static_cast<float>(cv::norm(path[index] - path[index - 1]));
            if (walked + segment >= target) break;
            walked += segment;
            ++index;
        }
        const cv::Point2f d = path[index] - path[index - 1];
        const float segment = std::max(1e-4f, static_cast<float>(cv::norm(d)));
        const float f = std::clamp((target - walked) / segment, 0.0f, 1.0f);
        point = path[index - 1] + d * f;
        direction = d * (1.0f / segment);
    }
};

}  // namespace

void paint_stroke(cv::Mat1f& wet, const Path& path, const Pressure& pressure, const Brush& brush, Rng& rng) {
    if (path.size() < 2) return;
    const float length = length_of(path);
    if (length < 1.0f) return;

    // Per-bristle character: how much each holds, and where along the stroke it
    // skips (a smooth random curve per bristle, features ~ a brush width apart).
    const int bristles = std::max(3, brush.bristles);
    const float cell = std::max(4.0f, brush.radius * 0.9f);
    const int samples = static_cast<int>(length / 2.0f) + 2;
    std::vector<float> capacity(static_cast<std::size_t>(bristles));
    std::vector<std::vector<float>> skips(static_cast<std::size_t>(bristles));
    for (int b = 0; b < bristles; ++b) {
        capacity[static_cast<std::size_t>(b)] = 1.0f - brush.streaks * static_cast<float>(rng.uniform());
        skips[static_cast<std::size_t>(b)] = noise_1d(samples, rng, cell / 2.0f);
    }
    const std::vector<float> wander = noise_1d(samples, rng, cell * 3.0f);

    // The stroke is laid into its own buffer with max(), so its overlapping
    // dabs do not stack, then merged into the layer.
    cv::Rect box;
    {
        float x0 = 1e9f, y0 = 1e9f, x1 = -1e9f, y1 = -1e9f;
        for (const auto& p : path) {
            x0 = std::min(x0, p.x), y0 = std::min(y0, p.y), x1 = std::max(x1, p.x), y1 = std::max(y1, p.y);
        }
        const float pad = brush.radius * 1.3f + 2.0f;
        box = cv::Rect(cv::Point(static_cast<int>(std::floor(x0 - pad)), static_cast<int>(std::floor(y0 - pad))),
                       cv::Point(static_cast<int>(std::ceil(x1 + pad)), static_cast<int>(std::ceil(y1 + pad))));
        box &= cv::Rect(0, 0, wet.cols, wet.rows);
        if (box.empty()) return;
    }
    cv::Mat1f stroke = cv::Mat1f::zeros(box.size());

    const float step = std::max(0.6f, brush.radius * 0.18f);
    PathCursor cursor{path};
    for (float at = 0.0f; at <= length; at += step) {
        const float s = at / length;
        const float press = std::clamp(pressure(s), 0.0f, 1.0f);
        const float radius = std::max(0.6f, brush.radius * press);
        cv::Point2f centre, direction;
        cursor.at(at, centre, direction);
        const cv::Point2f normal(-direction.y, direction.x);
        const std::size_t sample = static_cast<std::size_t>(at / 2.0f);
        const float load = brush.ink * (1.0f - brush.run_out * s);
        // The drier the brush and the further along, the more bristles skip;
        // a pressed brush spreads its hairs and marks more fully.
        const float dry = brush.dryness * (0.45f + 0.9f * s) * (1.15f - 0.3f * press);

        const int xa = std::max(box.x, static_cast<int>(std::floor(centre.x - radius - 1)));
        const int xb = std::min(box.x + box.width - 1, static_cast<int>(std::ceil(centre.x + radius + 1)));
        const int ya = std::max(box.y, static_cast<int>(std::floor(centre.y - radius - 1)));
        const int yb = std::min(box.y + box.height - 1, static_cast<int>(std::ceil(centre.y + radius + 1)));
        for (int y = ya; y <= yb; ++y) {
            float* row = stroke.ptr<float>(y - box.y);
            for (int x = xa; x <= xb; ++x) {
                const cv::Point2f d(static_cast<float>(x) + 0.5f - centre.x, static_cast<float>(y) + 0.5f - centre.y);
                const float across = (d.x * normal.x + d.y * normal.y) / radius;
                const float along = (d.x * direction.x + d.y * direction.y) / (radius * 0.55f);
                const float r2 = across * across + along * along;
                if (r2 >= 1.0f) continue;
                // Which bristle: the hairs shift a little sideways as the brush turns.
                const float position = std::clamp((across + 0.08f * wander[sample] + 1.0f) * 0.5f, 0.0f, 0.9999f);
                const float fb = position * static_cast<float>(bristles - 1);
                const int b0 = static_cast<int>(fb);
                const int b1 = std::min(bristles - 1, b0 + 1);
                const float f = fb - static_cast<float>(b0);
                const auto ub0 = static_cast<std::size_t>(b0), ub1 = static_cast<std::size_t>(b1);
                const float hold = capacity[ub0] * (1.0f - f) + capacity[ub1] * f;
                // Skips are looked up at the pixel's own place along the stroke, not
                // the dab's, so the overlapping dabs agree and the gaps stay open.
                const float arc = at + along * radius * 0.55f;
                const auto here = static_cast<std::size_t>(std::clamp(arc / 2.0f, 0.0f, static_cast<float>(samples - 1)));
                const float skip = skips[ub0][here] * (1.0f - f) + skips[ub1][here] * f;
                // The outer hairs run dry first.
                const float wetness = hold + 0.6f * skip - dry * (1.2f + 0.8f * across * across);
                const float mark = smoothstep(-0.05f, 0.12f, wetness);
                if (mark <= 0.0f) continue;
                const float edge = 1.0f - r2 * r2;  // soft rim of the dab
                const float value = load * hold * mark * (0.75f + 0.25f * edge);
                float& out = row[x - box.x];
                out = std::max(out, value);
            }
        }
    }
    cv::Mat1f target = wet(box);
    // Wet over wet: the second stroke darkens, but less than adding would.
    target = cv::max(target, stroke) + 0.45f * cv::min(target, stroke);
}

void paint_dab(cv::Mat1f& wet, cv::Point2f centre, float radius, float angle, float elongation, float ink, Rng& rng) {
    const float c = std::cos(angle), s = std::sin(angle);
    const float reach = radius * std::max(1.0f, elongation) + 2.0f;
    const float wobble_phase = rng.uniformf(0.0f, 6.2831853f);
    const float wobble_amount = rng.uniformf(0.05f, 0.2f);
    const int xa = std::max(0, static_cast<int>(centre.x - reach)), xb = std::min(wet.cols - 1, static_cast<int>(centre.x + reach));
    const int ya = std::max(0, static_cast<int>(centre.y - reach)), yb = std::min(wet.rows - 1, static_cast<int>(centre.y + reach));
    for (int y = ya; y <= yb; ++y)
        for (int x = xa; x <= xb; ++x) {
            const float dx = static_cast<float>(x) + 0.5f - centre.x, dy = static_cast<float>(y) + 0.5f - centre.y;
            const float u = (dx * c + dy * s) / (radius * elongation), v = (-dx * s + dy * c) / radius;
            // An irregular rim: real dabs are never circles.
            const float theta = std::atan2(v, u);
            const float rim = 1.0f + wobble_amount * std::sin(3.0f * theta + wobble_phase) +
                              0.5f * wobble_amount * std::sin(5.0f * theta - 2.0f * wobble_phase);
            const float r = std::sqrt(u * u + v * v) / rim;
            if (r >= 1.0f) continue;
            const float value = ink * smoothstep(1.0f, 0.8f, r) * (0.85f + 0.15f * r);
            float& out = wet(y, x);
            out = std::max(out, value) + 0.45f * std::min(out, value);
        }
}

Path smooth_path(const std::vector<cv::Point2f>& points, float step) {
    Path out;
    if (points.size() < 2) return points;
    for (std::size_t i = 0; i + 1 < points.size(); ++i) {
        const cv::Point2f p0 = points[i == 0 ? 0 : i - 1], p1 = points[i], p2 = points[i + 1];
        const cv::Point2f p3 = points[std::min(points.size() - 1, i + 2)];
        const int n = std::max(2, static_cast<int>(cv::norm(p2 - p1) / step));
        for (int k = 0; k < n; ++k) {
            const float t = static_cast<float>(k) / static_cast<float>(n);
            const float t2 = t * t, t3 = t2 * t;
            out.push_back(0.5f * ((2.0f * p1) + (p2 - p0) * t + (2.0f * p0 - 5.0f * p1 + 4.0f * p2 - p3) * t2 +
                                  (3.0f * p1 - p0 - 3.0f * p2 + p3) * t3));
        }
    }
    out.push_back(points.back());
    return out;
}

Path angular_path(const std::vector<cv::Point2f>& points, float step) {
    Path out;
    for (std::size_t i = 0; i + 1 < points.size(); ++i) {
        const int n = std::max(1, static_cast<int>(cv::norm(points[i + 1] - points[i]) / step));
        for (int k = 0; k < n; ++k) out.push_back(points[i] + (points[i + 1] - points[i]) * (static_cast<float>(k) / static_cast<float>(n)));
    }
    if (!points.empty()) out.push_back(points.back());
    return out;
}

Path wobble(const Path& path, Rng& rng, float amplitude, float cell) {
    if (path.size() < 3) return path;
    const std::vector<float> offsets = noise_1d(static_cast<int>(path.size()), rng, cell);
    Path out(path.size());
    for (std::size_t i = 0; i < path.size(); ++i) {
        const cv::Point2f d = path[std::min(i + 1, path.size() - 1)] - path[i == 0 ? 0 : i - 1];
        const float n = std::max(1e-4f, static_cast<float>(cv::norm(d)));
        const cv::Point2f normal(-d.y / n, d.x / n);
        out[i] = path[i] + normal * (amplitude * offsets[i]);
    }
    return out;
}

Pressure press_lift(float attack, float release, float tip) {
    return [=](float s) {
        const float in = attack > 0.0f ? std::min(1.0f, tip + (1.0f - tip) * s / attack) : 1.0f;
        const float out = release > 0.0f ? std::min(1.0f, tip + (1.0f - tip) * (1.0f - s) / release) : 1.0f;
        return std::min(in, out);
    };
}

Pressure leaf_pressure() {
    return [](float s) {
        const float in = std::min(1.0f, 0.2f + s / 0.3f);
        const float out = std::pow(std::max(0.0f, 1.0f - s), 0.55f);
        return std::min(in, 1.2f * out);
    };
}

Pressure segment_pressure() {
    return [](float s) {
        // Pressed at the ends (the brush pauses at the joints), a touch thinner in the middle.
        const float middle = 0.88f + 0.12f * std::pow(2.0f * s - 1.0f, 4.0f);
        const float ends = std::min(1.0f, std::min(s, 1.0f - s) / 0.03f + 0.6f);
        return middle * ends;
    };
}

}  // namespace shuimo::ink
