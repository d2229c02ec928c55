// 竹: stalks in segments, each one stroke pressed at both ends, with the
// joints (竹节) marked by short dark strokes; twigs from the joints and leaves
// as tapering strokes in clusters, dark in front and pale behind.

#include <cmath>

#include "../brush.h"
#include "../painting.h"
#include "motifs.h"

namespace shuimo::ink {
namespace {

struct Stalk {
    float x, lean, radius, ink;
};

// A cluster of 3 to 5 leaves fanning from one point.
void leaf_cluster(cv::Mat1f& wet, cv::Point2f origin, float direction, float length, float width, float ink, Rng& rng) {
    const int leaves = 3 + rng.below(3);
    for (int i = 0; i < leaves; ++i) {
        const float angle = direction + rng.uniformf(-0.75f, 0.75f);
        const float l = length * rng.uniformf(0.65f, 1.1f);
        const cv::Point2f d(std::cos(angle), std::sin(angle));
        const cv::Point2f n(-d.y, d.x);
        const float bend = rng.uniformf(-0.12f, 0.12f) * l;
        const Path path = smooth_path({origin, origin + d * (0.45f * l) + n * bend, origin + d * l + n * (bend * 1.6f)});
        paint_stroke(wet, path, leaf_pressure(), Brush{width * rng.uniformf(0.8f, 1.15f), ink * rng.uniformf(0.8f, 1.05f), 0.35f,
                                                       0.18f, 20, 0.25f},
                     rng);
    }
}

}  // namespace

cv::Mat3f paint_bamboo(int long_side, Rng& rng) {
    Rng paper_rng = rng.fork("paper");
    Painting painting(canvas_size(long_side, 0.68), paper_rng);
    const float s = painting.scale();
    const float w = static_cast<float>(painting.width()), h = static_cast<float>(painting.height());

    const Stalk stalks[] = {
        {0.72f, -0.04f, 11.0f, 0.32f},  // behind, pale
        {0.38f, 0.05f, 15.0f, 0.85f},
        {0.55f, -0.02f, 12.0f, 0.7f},
    };
    int index = 0;
    for (const Stalk& stalk : stalks) {
        Rng r = rng.fork("stalk" + std::to_string(index));
        cv::Mat1f body = painting.layer(), joints = painting.layer(), leaves = painting.layer();
        float y = h * r.uniformf(1.0f, 1.02f);
        const float top = h * r.uniformf(-0.05f, 0.15f);
        float x = stalk.x * w;
        std::vector<cv::Point2f> nodes;
        while (y > top) {
            const float segment = r.uniformf(95.0f, 140.0f) * s * (y < 0.4f * h ? 0.9f : 1.0f);
            const float gap = 3.5f * s;
            const cv::Point2f a(x, y - gap), b(x + stalk.lean * segment, y - segment + gap);
            const cv::Point2f m = (a + b) * 0.5f + cv::Point2f(r.uniformf(-1.5f, 1.5f) * s, 0.0f);
            paint_stroke(body, smooth_path({a, m, b}, 1.0f), segment_pressure(),
                         Brush{stalk.radius * s, stalk.ink * r.uniformf(0.75f, 0.95f), 0.35f, 0.22f, 36, 0.45f}, r);
            x += stalk.lean * segment;
            y -= segment;
            nodes.emplace_back(x, y);
            // The joint: a short dark stroke curving across the stalk.
            const float jw = stalk.radius * s * 1.25f;
            paint_stroke(joints, smooth_path({{x - jw, y + 2.0f * s}, {x, y - 2.5f * s}, {x + jw, y + 1.5f * s}}, 1.0f),
                         press_lift(0.35f, 0.35f, 0.3f), Brush{2.3f * s, std::min(1.0f, stalk.ink * 1.1f), 0.3f, 0.45f, 10, 0.4f}, r);
        }
        // Twigs and leaves from some of the joints, mostly in the upper half.
        for (std::size_t n = 0; n < nodes.size(); ++n) {
            if (nodes[n].y > 0.75f * h || !r.chance(0.7)) continue;
            const float side = r.chance(0.5) ? -1.0f : 1.0f;
            const float angle = -1.5708f + side * r.uniformf(0.5f, 1.0f);
            const float twig_length = r.uniformf(60.0f, 130.0f) * s;
            const cv::Point2f tip = nodes[n] + cv::Point2f(std::cos(angle), std::sin(angle)) * twig_length;
            paint_stroke(joints, wobble(smooth_path({nodes[n], (nodes[n] + tip) * 0.5f + cv::Point2f(0, -6.0f * s), tip}), r, 1.5f * s, 20.0f),
                         press_lift(0.1f, 0.5f, 0.4f), Brush{2.2f * s, stalk.ink, 0.4f, 0.3f, 8, 0.3f}, r);
            // Bamboo leaves hang: the cluster points down and out, away from the stalk.
            const float droop = 1.5708f - side * r.uniformf(0.5f, 1.1f);
            leaf_cluster(leaves, tip, droop, r.uniformf(110.0f, 170.0f) * s,
                         r.uniformf(7.0f, 9.5f) * s, std::min(1.0f, stalk.ink * 1.1f), r);
            if (r.chance(0.5))
                leaf_cluster(leaves, (nodes[n] + tip) * 0.5f, 1.5708f - side * r.uniformf(0.3f, 0.9f), r.uniformf(90.0f, 140.0f) * s, r.uniformf(6.0f, 8.0f) * s,
                             stalk.ink, r);
        }
        painting.settle(body, Pigment::Ink, brush_look());
        painting.settle(joints, Pigment::Ink, brush_look());
        painting.settle(leaves, Pigment::Ink, brush_look());
        ++index;
    }
    return painting.finish();
}

}  // namespace shuimo::ink
