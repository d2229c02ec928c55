#include "landscape.h"

#include <algorithm>
#include <cmath>

#include "../brush.h"
#include "../noise.h"

namespace shuimo::ink {

Ridge make_ridge(int width, Rng& rng, float base_y, float height, int peaks, float roughness, float scale) {
    Ridge ridge(static_cast<std::size_t>(width), base_y);
    for (int p = 0; p < peaks; ++p) {
        const float cx = rng.uniformf(-0.1f, 1.1f) * static_cast<float>(width);
        const float h = height * rng.uniformf(0.45f, 1.0f);
        const float w = rng.uniformf(0.08f, 0.22f) * static_cast<float>(width);
        const float skew = rng.uniformf(-0.4f, 0.4f);
        for (int x = 0; x < width; ++x) {
            const float d = (static_cast<float>(x) - cx) / w;
            const float side = d < 0.0f ? (1.0f + skew) : (1.0f - skew);
            const float bump = h * std::exp(-std::pow(std::abs(d * side), 1.6f));
            ridge[static_cast<std::size_t>(x)] = std::min(ridge[static_cast<std::size_t>(x)], base_y - bump);
        }
    }
    const auto coarse = noise_1d(width, rng, 90.0 * scale);
    const auto fine = noise_1d(width, rng, 14.0 * scale);
    for (int x = 0; x < width; ++x)
        ridge[static_cast<std::size_t>(x)] += roughness * (coarse[static_cast<std::size_t>(x)] + 0.35f * fine[static_cast<std::size_t>(x)]);
    return ridge;
}

void graded_wash(cv::Mat1f& wet, const Ridge& ridge, float ink, float fade, Rng& rng, float scale) {
    const cv::Mat1f pool = fractal_noise(wet.size(), rng, 70.0 * scale, 3, 0.5);
    for (int y = 0; y < wet.rows; ++y)
        for (int x = 0; x < wet.cols; ++x) {
            const float depth = static_cast<float>(y) - ridge[static_cast<std::size_t>(x)];
            if (depth < -1.0f) continue;
            const float crest = smoothstep(-1.0f, 1.5f * scale, depth);
            const float value = ink * crest * std::exp(-depth / fade) * (0.8f + 0.3f * pool(y, x));
            float& out = wet(y, x);
            out = std::max(out, value);
        }
}

void lift_mist(cv::Mat1f& wet, const std::vector<float>& rows, float band, float strength, Rng& rng, float scale) {
    const cv::Mat1f drift = fractal_noise(wet.size(), rng, 160.0 * scale, 3, 0.5);
    for (int y = 0; y < wet.rows; ++y)
        for (int x = 0; x < wet.cols; ++x) {
            float keep = 1.0f;
            for (float row : rows) {
                const float d = (static_cast<float>(y) - row + 0.6f * band * drift(y, x)) / band;
                keep *= 1.0f - strength * std::exp(-d * d);
            }
            wet(y, x) *= keep;
        }
}

void outline_ridge(cv::Mat1f& wet, const Ridge& ridge, float ink, float radius, Rng& rng, float scale) {
    const int width = static_cast<int>(ridge.size());
    int x = rng.below(std::max(1, width / 8));
    while (x < width - 10) {
        const int length = static_cast<int>(rng.uniformf(120.0f, 320.0f) * scale);
        const int end = std::min(width - 1, x + length);
        std::vector<cv::Point2f> points;
        for (int px = x; px <= end; px += std::max(1, static_cast<int>(6 * scale)))
            points.emplace_back(static_cast<float>(px), ridge[static_cast<std::size_t>(px)] + 1.5f * scale);
        Brush brush{radius * scale, ink, 0.5f, 0.55f, 18, 0.45f};
        paint_stroke(wet, wobble(smooth_path(points), rng, 1.2f * scale, 20.0f), press_lift(0.15f, 0.3f, 0.3f), brush, rng);
        x = end + static_cast<int>(rng.uniformf(10.0f, 80.0f) * scale);
    }
}

void slope_texture(cv::Mat1f& wet, const Ridge& ridge, int count, float ink, float depth, Rng& rng, float scale) {
    const int width = static_cast<int>(ridge.size());
    // Hemp-fibre strokes (披麻皴) in small groups of near-parallel lines.
    for (int i = 0; i < count; i += 3) {
        const int x = rng.below(width);
        const float top = ridge[static_cast<std::size_t>(x)] + rng.uniformf(3.0f, depth) * scale;
        // Follow the slope: lean the way the ridge falls.
        const int xl = std::max(0, x - 8), xr = std::min(width - 1, x + 8);
        const float slope = (ridge[static_cast<std::size_t>(xr)] - ridge[static_cast<std::size_t>(xl)]) / static_cast<float>(xr - xl + 1);
        const float lean = std::clamp(slope, -1.5f, 1.5f) * 0.6f + rng.uniformf(-0.15f, 0.15f);
        const int lines = 2 + rng.below(3);
        for (int k = 0; k < lines; ++k) {
            const float length = rng.uniformf(40.0f, 100.0f) * scale;
            const cv::Point2f a(static_cast<float>(x) + (static_cast<float>(k) * 7.0f + rng.uniformf(-2.0f, 2.0f)) * scale,
                                top + rng.uniformf(-6.0f, 10.0f) * scale);
            const cv::Point2f b = a + cv::Point2f(-lean * length * 0.8f, length);
            const cv::Point2f m = (a + b) * 0.5f + cv::Point2f(rng.uniformf(-5.0f, 5.0f) * scale, 0.0f);
            Brush brush{rng.uniformf(1.1f, 2.2f) * scale, ink * rng.uniformf(0.5f, 0.9f), 0.6f, 0.85f, 8, 0.5f};
            paint_stroke(wet, wobble(smooth_path({a, m, b}), rng, 1.5f * scale, 12.0f), press_lift(0.15f, 0.5f, 0.3f), brush, rng);
        }
    }
}

void crest_dots(cv::Mat1f& wet, const Ridge& ridge, int count, float ink, Rng& rng, float scale) {
    const int width = static_cast<int>(ridge.size());
    for (int i = 0; i < count; ++i) {
        const int x = rng.below(width);
        const cv::Point2f c(static_cast<float>(x), ridge[static_cast<std::size_t>(x)] + rng.uniformf(-2.0f, 6.0f) * scale);
        paint_dab(wet, c, rng.uniformf(1.8f, 3.6f) * scale, rng.uniformf(-0.6f, 0.6f), rng.uniformf(1.2f, 2.0f),
                  ink * rng.uniformf(0.7f, 1.0f), rng);
    }
}

void small_tree(cv::Mat1f& trunk, cv::Mat1f& crown, cv::Point2f foot, float height, Rng& rng, float scale) {
    const float lean = rng.uniformf(-0.25f, 0.25f);
    const cv::Point2f top = foot + cv::Point2f(lean * height, -height);
    const cv::Point2f mid = (foot + top) * 0.5f + cv::Point2f(rng.uniformf(-0.08f, 0.08f) * height, 0.0f);
    Brush stem{std::max(0.8f, height * 0.035f), 0.85f, 0.3f, 0.35f, 8, 0.3f};
    paint_stroke(trunk, smooth_path({foot, mid, top}), press_lift(0.05f, 0.5f, 0.3f), stem, rng);
    // Clusters of horizontal dabs (the "介" and dot leaves of a small pine).
    const int tiers = 3 + rng.below(3);
    for (int t = 0; t < tiers; ++t) {
        const float f = 0.35f + 0.65f * static_cast<float>(t) / static_cast<float>(tiers);
        const cv::Point2f c = foot + (top - foot) * f;
        const float spread = height * (0.42f - 0.28f * f);
        const int dabs = 5 + rng.below(5);
        for (int d = 0; d < dabs; ++d) {
            const cv::Point2f p = c + cv::Point2f(rng.uniformf(-spread, spread), rng.uniformf(-0.06f, 0.06f) * height);
            paint_dab(crown, p, rng.uniformf(0.9f, 1.6f) * scale * (height / 50.0f), rng.uniformf(-0.3f, 0.3f),
                      rng.uniformf(1.5f, 2.6f), rng.uniformf(0.55f, 0.95f), rng);
        }
    }
}

}  // namespace shuimo::ink
