// 泼墨: ink thrown on wet paper. Pale pools first, darker pools into them while
// wet, then the darkest accents; each pool creeps out along the fibres and
// dries with a darker feathered rim. A few drops and one dry sweep finish it.

#include <algorithm>
#include <cmath>

#include "../brush.h"
#include "../noise.h"
#include "../painting.h"
#include "motifs.h"

namespace shuimo::ink {
namespace {

// An irregular pool of ink: a radius bent by noise, the load pooling unevenly.
void pool(cv::Mat1f& wet, cv::Point2f centre, float radius, float ink, const cv::Mat1f& shape_noise,
          const cv::Mat1f& load_noise, float raggedness) {
    const float reach = radius * (1.0f + raggedness) + 4.0f;
    const int xa = std::max(0, static_cast<int>(centre.x - reach)), xb = std::min(wet.cols - 1, static_cast<int>(centre.x + reach));
    const int ya = std::max(0, static_cast<int>(centre.y - reach)), yb = std::min(wet.rows - 1, static_cast<int>(centre.y + reach));
    for (int y = ya; y <= yb; ++y)
        for (int x = xa; x <= xb; ++x) {
            const float dx = static_cast<float>(x) - centre.x, dy = static_cast<float>(y) - centre.y;
            const float r = std::sqrt(dx * dx + dy * dy) / (radius * (1.0f + raggedness * shape_noise(y, x)));
            if (r >= 1.0f) continue;
            const float value = ink * smoothstep(1.0f, 0.9f, r) * (0.75f + 0.35f * load_noise(y, x));
            float& out = wet(y, x);
            out = std::max(out, value) + 0.3f * std::min(out, value);
        }
}

}  // namespace

cv::Mat3f paint_splashed_ink(int long_side, Rng& rng) {
    Rng paper_rng = rng.fork("paper");
    Painting painting(canvas_size(long_side, 4.0 / 3.0), paper_rng);
    const float s = painting.scale();
    const float w = static_cast<float>(painting.width()), h = static_cast<float>(painting.height());
    const cv::Mat1f shape_noise = fractal_noise(painting.size(), rng, 120.0 * s, 5, 0.72);
    const cv::Mat1f load_noise = fractal_noise(painting.size(), rng, 60.0 * s, 3, 0.5);

    // The splash runs as a diagonal band, as a throw across the sheet would.
    auto on_band = [&](Rng& r, float spread) {
        const float t = r.uniformf(0.08f, 0.92f);
        const cv::Point2f a(0.12f * w, 0.78f * h), b(0.9f * w, 0.25f * h);
        return a + (b - a) * t + cv::Point2f(r.uniformf(-spread, spread) * w * 0.5f, r.uniformf(-spread, spread) * h);
    };

    {  // Pale pools.
        Rng r = rng.fork("pale");
        cv::Mat1f wet = painting.layer();
        for (int i = 0; i < 7; ++i) pool(wet, on_band(r, 0.22f), r.uniformf(110.0f, 210.0f) * s, r.uniformf(0.14f, 0.24f), shape_noise, load_noise, 0.55f);
        painting.settle(wet, Pigment::Ink, splash_look());
    }
    {  // Middle tones dropped into them.
        Rng r = rng.fork("middle");
        cv::Mat1f wet = painting.layer();
        for (int i = 0; i < 9; ++i) pool(wet, on_band(r, 0.15f), r.uniformf(45.0f, 120.0f) * s, r.uniformf(0.3f, 0.5f), shape_noise, load_noise, 0.7f);
        painting.settle(wet, Pigment::Ink, splash_look());
    }
    {  // Dark accents, less spread.
        Rng r = rng.fork("dark");
        cv::Mat1f wet = painting.layer();
        for (int i = 0; i < 8; ++i) pool(wet, on_band(r, 0.1f), r.uniformf(18.0f, 55.0f) * s, r.uniformf(0.75f, 1.05f), shape_noise, load_noise, 0.8f);
        WashLook look = splash_look();
        look.bleed_px *= 0.5f;
        painting.settle(wet, Pigment::Ink, look);
    }
    {  // Drops flung off the brush, and one dry sweep across.
        Rng r = rng.fork("drops");
        cv::Mat1f wet = painting.layer();
        for (int i = 0; i < 60; ++i) {
            const cv::Point2f c = on_band(r, 0.35f);
            paint_dab(wet, c, r.uniformf(1.5f, 6.5f) * s, r.uniformf(0.0f, 3.14f), r.uniformf(1.0f, 1.6f), r.uniformf(0.5f, 1.0f), r);
        }
        const Path sweep = wobble(smooth_path({{0.05f * w, 0.62f * h}, {0.35f * w, 0.5f * h}, {0.62f * w, 0.47f * h}, {0.97f * w, 0.3f * h}}),
                                  r, 4.0f * s, 60.0f);
        paint_stroke(wet, sweep, press_lift(0.1f, 0.4f, 0.3f), Brush{26.0f * s, 0.8f, 0.7f, 0.75f, 48, 0.5f}, r);
        painting.settle(wet, Pigment::Ink, brush_look());
    }
    return painting.finish();
}

}  // namespace shuimo::ink
