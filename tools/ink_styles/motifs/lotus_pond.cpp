// 荷: big lotus leaves laid in broad wet strokes out from the centre, veins
// drawn in while damp, long stems with dotted thorns, one flower in pale rouge
// with fine outlines, reeds leaning in the wind, and ripples on the water.

#include <algorithm>
#include <cmath>

#include "../brush.h"
#include "../painting.h"
#include "motifs.h"

namespace shuimo::ink {
namespace {

// A leaf seen at an angle: an ellipse of broad radial strokes.
void lotus_leaf(cv::Mat1f& wash, cv::Mat1f& veins, cv::Point2f centre, float rx, float ry, float ink, Rng& rng, float scale) {
    const int strokes = 26;
    for (int i = 0; i < strokes; ++i) {
        const float a = 6.2832f * (static_cast<float>(i) + rng.uniformf(-0.3f, 0.3f)) / strokes;
        const float reach = rng.uniformf(0.88f, 1.04f);
        const cv::Point2f rim = centre + cv::Point2f(std::cos(a) * rx * reach, std::sin(a) * ry * reach);
        const cv::Point2f start = centre + (rim - centre) * rng.uniformf(0.2f, 0.4f);
        const float width = 0.3f * std::sqrt(rx * ry);
        paint_stroke(wash, smooth_path({start, (start + rim) * 0.5f + cv::Point2f(rng.uniformf(-4, 4), rng.uniformf(-4, 4)) * scale, rim}),
                     press_lift(0.2f, 0.25f, 0.6f), Brush{width, ink * rng.uniformf(0.6f, 1.0f), 0.45f, 0.35f, 40, 0.4f}, rng);
        if (i % 3 == 0)
            paint_stroke(veins, smooth_path({centre, centre + (rim - centre) * 0.92f}), press_lift(0.1f, 0.6f, 0.4f),
                         Brush{1.1f * scale, std::min(1.0f, ink * 1.5f), 0.4f, 0.2f, 6, 0.2f}, rng);
    }
}

}  // namespace

cv::Mat3f paint_lotus_pond(int long_side, Rng& rng) {
    Rng paper_rng = rng.fork("paper");
    Painting painting(canvas_size(long_side, 4.0 / 3.0), paper_rng);
    const float s = painting.scale();
    const float w = static_cast<float>(painting.width()), h = static_cast<float>(painting.height());

    Rng r = rng.fork("lotus");
    cv::Mat1f wash_far = painting.layer(), wash_near = painting.layer(), lines = painting.layer(), flower = painting.layer();
    struct Leaf {
        float x, y, rx, ry, ink;
    };
    const Leaf leaves[] = {{0.72f, 0.42f, 0.13f, 0.06f, 0.16f}, {0.28f, 0.55f, 0.2f, 0.09f, 0.32f}, {0.6f, 0.66f, 0.15f, 0.07f, 0.42f}};
    for (const Leaf& leaf : leaves) {
        const cv::Point2f c(leaf.x * w, leaf.y * h);
        lotus_leaf(leaf.ink < 0.2f ? wash_far : wash_near, lines, c, leaf.rx * w, leaf.ry * w, leaf.ink, r, s);
        // The stem runs down into the water from under the leaf.
        const cv::Point2f foot(c.x + r.uniformf(-0.04f, 0.04f) * w, 0.98f * h);
        const Path stem = wobble(smooth_path({c + cv::Point2f(0, leaf.ry * w * 0.3f), (c + foot) * 0.5f + cv::Point2f(r.uniformf(-10, 10) * s, 0), foot}), r, 2.0f * s, 40.0f);
        paint_stroke(lines, stem, press_lift(0.05f, 0.3f, 0.5f), Brush{3.4f * s, 0.55f, 0.5f, 0.7f, 14, 0.5f}, r);
        for (std::size_t k = 10; k < stem.size(); k += static_cast<std::size_t>(r.uniformf(20.0f, 45.0f) * s) + 1)
            paint_dab(lines, stem[k] + cv::Point2f(r.chance(0.5) ? 3.5f * s : -3.5f * s, 0), 1.3f * s, r.uniformf(0.0f, 3.0f), 1.6f, 0.85f, r);
    }
    {  // One open flower above the near leaf: pale rouge petals with fine ink outlines.
        const cv::Point2f centre(0.46f * w, 0.26f * h);
        const Path stem = wobble(smooth_path({centre, {0.47f * w, 0.5f * h}, {0.45f * w, 0.98f * h}}), r, 2.5f * s, 50.0f);
        paint_stroke(lines, stem, press_lift(0.05f, 0.3f, 0.5f), Brush{3.0f * s, 0.6f, 0.5f, 0.7f, 14, 0.5f}, r);
        const float petal = 80.0f * s;
        // Petals as pointed strokes from the base, the colour deepening towards
        // the tips as on a real lotus; back petals paler, a couple of outlines.
        const int petals = 9;
        for (int k = 0; k < petals; ++k) {
            const float a = -3.1416f + 0.35f + (3.1416f - 0.7f) * static_cast<float>(k) / static_cast<float>(petals - 1);
            const float spread = 0.55f + 0.45f * std::abs(std::sin(a));  // side petals lie flatter and shorter
            const cv::Point2f d(std::cos(a) * spread, std::sin(a) * 1.15f);
            const cv::Point2f base = centre + cv::Point2f(0.0f, 6.0f * s);
            const cv::Point2f tip = base + d * petal * r.uniformf(0.9f, 1.1f);
            const cv::Point2f n(-d.y * 0.12f * petal, d.x * 0.12f * petal);
            const Path path = smooth_path({base, (base + tip) * 0.5f + n * (k % 2 == 0 ? 1.0f : -1.0f), tip});
            const bool back = k % 2 == 1;
            paint_stroke(flower, path, leaf_pressure(), Brush{petal * 0.2f, back ? 0.12f : 0.18f, -0.9f, 0.1f, 24, 0.3f}, r);
            if (!back && r.chance(0.6))
                paint_stroke(lines, wobble(path, r, 1.0f * s, 10.0f), press_lift(0.3f, 0.3f, 0.3f), Brush{0.8f * s, 0.4f, 0.4f, 0.6f, 6, 0.3f}, r);
        }
        // Two front petals curling down and out make the cup.
        for (float side : {-1.0f, 1.0f}) {
            const cv::Point2f base = centre + cv::Point2f(0.0f, 8.0f * s);
            const cv::Point2f tip = base + cv::Point2f(side * 0.8f * petal, 0.15f * petal);
            paint_stroke(flower, smooth_path({base, base + cv::Point2f(side * 0.4f * petal, 0.25f * petal), tip}), leaf_pressure(),
                         Brush{petal * 0.22f, 0.2f, -0.8f, 0.1f, 24, 0.3f}, r);
        }
        paint_dab(lines, centre + cv::Point2f(0, 2.0f * s), 5.0f * s, 0.0f, 1.8f, 0.35f, r);
    }
    painting.settle(wash_far, Pigment::Ink, wet_wash());
    painting.settle(wash_near, Pigment::Ink, wet_wash());
    painting.settle(flower, Pigment::Rouge, wet_wash());
    painting.settle(lines, Pigment::Ink, brush_look());

    {  // Reeds and ripples.
        Rng q = rng.fork("reeds");
        cv::Mat1f reeds = painting.layer();
        for (int i = 0; i < 14; ++i) {
            const cv::Point2f foot(q.uniformf(0.02f, 0.22f) * w + (i > 8 ? 0.75f * w : 0.0f), q.uniformf(0.9f, 1.0f) * h);
            const float height = q.uniformf(0.35f, 0.75f) * h;
            const float lean = q.uniformf(0.1f, 0.35f);
            paint_stroke(reeds, smooth_path({foot, foot + cv::Point2f(lean * height * 0.3f, -height * 0.55f), foot + cv::Point2f(lean * height, -height)}),
                         leaf_pressure(), Brush{q.uniformf(1.8f, 3.4f) * s, q.uniformf(0.3f, 0.7f), 0.5f, 0.55f, 14, 0.45f}, q);
        }
        for (int i = 0; i < 16; ++i) {
            const cv::Point2f a(q.uniformf(0.05f, 0.9f) * w, q.uniformf(0.78f, 0.98f) * h);
            const float length = q.uniformf(40.0f, 130.0f) * s;
            paint_stroke(reeds, wobble(smooth_path({a, a + cv::Point2f(length * 0.5f, q.uniformf(-2, 2) * s), a + cv::Point2f(length, 0)}), q, 1.5f * s, 15.0f),
                         press_lift(0.2f, 0.4f, 0.2f), Brush{q.uniformf(1.2f, 2.2f) * s, q.uniformf(0.25f, 0.45f), 0.5f, 0.8f, 8, 0.5f}, q);
        }
        painting.settle(reeds, Pigment::Ink, brush_look());
    }
    return painting.finish();
}

}  // namespace shuimo::ink
