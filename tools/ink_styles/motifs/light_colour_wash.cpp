// 浅绛: a landscape drawn first in ink (outlines, texture strokes, trees), then
// tinted with pale ochre on the near slopes and pale indigo blue on the far
// peaks and the water, thin enough that the ink still carries the picture.

#include <algorithm>
#include <cmath>

#include "../brush.h"
#include "../noise.h"
#include "landscape.h"
#include "motifs.h"

namespace shuimo::ink {

cv::Mat3f paint_light_colour_wash(int long_side, Rng& rng) {
    Rng paper_rng = rng.fork("paper");
    Painting painting(canvas_size(long_side, 1.5), paper_rng);
    const float s = painting.scale();
    const float w = static_cast<float>(painting.width()), h = static_cast<float>(painting.height());

    Rng far_rng = rng.fork("far");
    const Ridge far = make_ridge(painting.width(), far_rng, 0.5f * h, 0.35f * h, 3, 6.0f * s, s);
    Rng near_rng = rng.fork("near");
    const Ridge near = make_ridge(painting.width(), near_rng, 0.85f * h, 0.45f * h, 3, 12.0f * s, s);

    {  // Ink first: a pale far range, the near range drawn and textured.
        cv::Mat1f far_ink = painting.layer();
        graded_wash(far_ink, far, 0.12f, 50.0f * s, far_rng, s);
        lift_mist(far_ink, {0.5f * h}, 0.06f * h, 0.95f, far_rng, s);
        painting.settle(far_ink, Pigment::Ink, wet_wash());

        cv::Mat1f near_ink = painting.layer();
        graded_wash(near_ink, near, 0.22f, 45.0f * s, near_rng, s);
        slope_texture(near_ink, near, 150, 0.5f, 150.0f, near_rng, s);
        outline_ridge(near_ink, near, 0.85f, 3.0f, near_rng, s);
        crest_dots(near_ink, near, 50, 0.9f, near_rng, s);
        // The structure of the rock faces: a few long, dry lines falling from the crest.
        for (int i = 0; i < 9; ++i) {
            const int x = static_cast<int>(near_rng.uniformf(0.3f, 0.97f) * w);
            const float top = near[static_cast<std::size_t>(x)];
            if (top > 0.72f * h) continue;
            const int xl = std::max(0, x - 12), xr = std::min(painting.width() - 1, x + 12);
            const float slope = (near[static_cast<std::size_t>(xr)] - near[static_cast<std::size_t>(xl)]) / static_cast<float>(xr - xl);
            const float length = near_rng.uniformf(110.0f, 220.0f) * s;
            const cv::Point2f a(static_cast<float>(x), top + 4.0f * s);
            const cv::Point2f b = a + cv::Point2f(-std::clamp(slope, -1.2f, 1.2f) * 0.7f * length, length);
            const cv::Point2f m = (a + b) * 0.5f + cv::Point2f(near_rng.uniformf(-14.0f, 14.0f) * s, 0.0f);
            paint_stroke(near_ink, wobble(smooth_path({a, m, b}), near_rng, 3.0f * s, 25.0f), press_lift(0.1f, 0.55f, 0.3f),
                         Brush{near_rng.uniformf(2.0f, 3.2f) * s, 0.7f, 0.6f, 0.75f, 14, 0.5f}, near_rng);
        }
        lift_mist(near_ink, {0.88f * h}, 0.05f * h, 0.9f, near_rng, s);
        painting.settle(near_ink, Pigment::Ink, brush_look());

        cv::Mat1f trunks = painting.layer(), crowns = painting.layer();
        for (int t = 0; t < 6; ++t) {
            const int x = static_cast<int>(near_rng.uniformf(0.1f, 0.6f) * w);
            small_tree(trunks, crowns, {static_cast<float>(x), near[static_cast<std::size_t>(x)] + 3.0f * s}, near_rng.uniformf(40.0f, 80.0f) * s,
                       near_rng, s);
        }
        painting.settle(trunks, Pigment::Ink, brush_look());
        painting.settle(crowns, Pigment::Ink, brush_look());
    }
    {  // Colour: ochre on the near slopes, blue on the far range and the water.
        cv::Mat1f ochre = painting.layer(), blue = painting.layer();
        const cv::Mat1f pool = fractal_noise(painting.size(), rng, 90.0 * s, 3, 0.5);
        for (int y = 0; y < ochre.rows; ++y)
            for (int x = 0; x < ochre.cols; ++x) {
                const float below_near = static_cast<float>(y) - near[static_cast<std::size_t>(x)];
                const float below_far = static_cast<float>(y) - far[static_cast<std::size_t>(x)];
                const float vary = 0.85f + 0.3f * pool(y, x);
                if (below_near > 3.0f * s)
                    ochre(y, x) = 0.24f * smoothstep(3.0f * s, 20.0f * s, below_near) * std::exp(-below_near / (130.0f * s)) * vary;
                if (below_far > 0.0f && below_near < 0.0f)
                    blue(y, x) = 0.2f * smoothstep(0.0f, 10.0f * s, below_far) * std::exp(-below_far / (90.0f * s)) * vary;
                if (static_cast<float>(y) > 0.9f * h) blue(y, x) = std::max(blue(y, x), 0.08f * smoothstep(0.9f * h, 0.97f * h, static_cast<float>(y)) * vary);
            }
        painting.settle(ochre, Pigment::Ochre, wet_wash());
        painting.settle(blue, Pigment::Indigo, wet_wash());
    }
    return painting.finish();
}

}  // namespace shuimo::ink
