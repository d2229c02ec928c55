// 枯笔飞白: broad strokes with a half-dry brush. The hairs separate and run dry
// one by one, leaving white streaks that widen as the ink runs out.

#include <cmath>

#include "../brush.h"
#include "../painting.h"
#include "motifs.h"

namespace shuimo::ink {

cv::Mat3f paint_dry_brush(int long_side, Rng& rng) {
    Rng paper_rng = rng.fork("paper");
    Painting painting(canvas_size(long_side, 1.5), paper_rng);
    const float s = painting.scale();
    const float w = static_cast<float>(painting.width()), h = static_cast<float>(painting.height());
    auto at = [&](float x, float y) { return cv::Point2f(x * w, y * h); };

    {  // A pale wet stroke underneath, half dried before the dry strokes.
        Rng r = rng.fork("under");
        cv::Mat1f wet = painting.layer();
        paint_stroke(wet, wobble(smooth_path({at(0.08f, 0.7f), at(0.4f, 0.62f), at(0.75f, 0.66f), at(0.95f, 0.58f)}), r, 5.0f * s, 80.0f),
                     press_lift(0.15f, 0.3f, 0.4f), Brush{40.0f * s, 0.24f, 0.5f, 0.45f, 48, 0.45f}, r);
        painting.settle(wet, Pigment::Ink, wet_wash());
    }
    {  // An open circle (圆相) in one breath, drying out at the end.
        Rng r = rng.fork("circle");
        cv::Mat1f wet = painting.layer();
        std::vector<cv::Point2f> ring;
        const cv::Point2f c = at(0.33f, 0.45f);
        const float radius = 0.3f * h;
        for (int i = 0; i <= 40; ++i) {
            const float a = -2.2f + 5.6f * static_cast<float>(i) / 40.0f;
            const float rr = radius * (1.0f + 0.05f * std::sin(3.0f * a));
            ring.push_back(c + cv::Point2f(std::cos(a) * rr, std::sin(a) * rr * 0.95f));
        }
        paint_stroke(wet, wobble(smooth_path(ring), r, 3.0f * s, 50.0f), press_lift(0.05f, 0.35f, 0.35f),
                     Brush{30.0f * s, 1.0f, 0.6f, 0.88f, 64, 0.55f}, r);
        painting.settle(wet, Pigment::Ink, brush_look());
    }
    {  // Sweeping strokes, each drier than the last.
        Rng r = rng.fork("sweeps");
        cv::Mat1f wet = painting.layer();
        paint_stroke(wet, wobble(smooth_path({at(0.58f, 0.14f), at(0.7f, 0.3f), at(0.78f, 0.55f), at(0.8f, 0.9f)}), r, 4.0f * s, 70.0f),
                     press_lift(0.08f, 0.25f, 0.3f), Brush{34.0f * s, 0.95f, 0.6f, 1.0f, 64, 0.6f}, r);
        paint_stroke(wet, wobble(smooth_path({at(0.6f, 0.78f), at(0.75f, 0.7f), at(0.96f, 0.74f)}), r, 3.0f * s, 60.0f),
                     press_lift(0.1f, 0.5f, 0.25f), Brush{22.0f * s, 0.9f, 0.6f, 1.2f, 48, 0.6f}, r);
        paint_stroke(wet, wobble(smooth_path({at(0.85f, 0.08f), at(0.9f, 0.3f), at(0.93f, 0.45f)}), r, 2.0f * s, 50.0f),
                     press_lift(0.1f, 0.6f, 0.2f), Brush{14.0f * s, 0.9f, 0.7f, 1.1f, 32, 0.5f}, r);
        paint_stroke(wet, wobble(smooth_path({at(0.04f, 0.9f), at(0.25f, 0.86f), at(0.5f, 0.92f)}), r, 2.0f * s, 60.0f),
                     press_lift(0.05f, 0.4f, 0.3f), Brush{18.0f * s, 0.85f, 0.7f, 1.2f, 40, 0.55f}, r);
        painting.settle(wet, Pigment::Ink, brush_look());
    }
    {  // A few small dry flicks.
        Rng r = rng.fork("flicks");
        cv::Mat1f wet = painting.layer();
        for (int i = 0; i < 6; ++i) {
            const cv::Point2f a = at(r.uniformf(0.55f, 0.95f), r.uniformf(0.1f, 0.9f));
            const cv::Point2f b = a + cv::Point2f(r.uniformf(40.0f, 110.0f), r.uniformf(-30.0f, 30.0f)) * s;
            paint_stroke(wet, smooth_path({a, (a + b) * 0.5f + cv::Point2f(0, r.uniformf(-8, 8) * s), b}), press_lift(0.1f, 0.7f, 0.2f),
                         Brush{r.uniformf(3.0f, 7.0f) * s, 0.8f, 0.7f, 0.9f, 16, 0.5f}, r);
        }
        painting.settle(wet, Pigment::Ink, brush_look());
    }
    return painting.finish();
}

}  // namespace shuimo::ink
