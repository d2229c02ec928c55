// 梅: an old branch in dry, broken strokes that change direction sharply,
// young twigs straight and thin, blossoms of five rouge petals with dark
// stamens, buds as single dots, and moss dots on the old wood.

#include <algorithm>
#include <cmath>

#include "../brush.h"
#include "../painting.h"
#include "motifs.h"

namespace shuimo::ink {
namespace {

struct Plum {
    cv::Mat1f wood, twigs, petals, stamens;
    std::vector<cv::Point2f> flower_sites;
    Path trunk;  // the old wood's path, for the moss dots
};

// One branch: a few straight runs with kinks, then its own side branches.
void branch(Plum& plum, cv::Point2f start, float angle, float length, float radius, int depth, Rng& rng, float scale) {
    std::vector<cv::Point2f> points{start};
    cv::Point2f p = start;
    const int runs = 3 + rng.below(2);
    for (int i = 0; i < runs; ++i) {
        // The sharp turns of 梅枝, but always growing upwards.
        angle = std::clamp(angle + rng.uniformf(-0.55f, 0.55f), -2.7f, -0.15f);
        p += cv::Point2f(std::cos(angle), std::sin(angle)) * (length / static_cast<float>(runs) * rng.uniformf(0.7f, 1.2f));
        points.push_back(p);
    }
    const bool old_wood = depth == 0;
    if (old_wood && plum.trunk.empty()) plum.trunk = angular_path(points);
    const Brush brush{radius, old_wood ? 0.9f : 0.9f, old_wood ? 0.35f : 0.5f, old_wood ? 0.6f : 0.4f, old_wood ? 56 : 16, 0.5f};
    paint_stroke(old_wood ? plum.wood : plum.twigs, wobble(angular_path(points), rng, radius * 0.12f, 12.0f),
                 press_lift(0.06f, old_wood ? 0.2f : 0.5f, 0.5f), brush, rng);
    if (depth >= 1)
        for (std::size_t i = 1; i + 1 < points.size(); ++i)
            if (rng.chance(0.45)) plum.flower_sites.push_back(points[i]);
    if (depth >= 3 || radius < 1.2f * scale) {
        plum.flower_sites.push_back(p);
        return;
    }
    const int children = 2 + rng.below(2);
    for (int c = 0; c < children; ++c) {
        const std::size_t at = 1 + static_cast<std::size_t>(rng.below(static_cast<int>(points.size()) - 1));
        const float side = c % 2 == 0 ? 1.0f : -1.0f;
        branch(plum, points[at], angle + side * rng.uniformf(0.45f, 1.0f) - 0.25f, length * rng.uniformf(0.45f, 0.7f),
               radius * rng.uniformf(0.4f, 0.6f), depth + 1, rng, scale);
        plum.flower_sites.push_back(points[at] + (points[std::min(at + 1, points.size() - 1)] - points[at]) * rng.uniformf(0.2f, 0.8f));
    }
}

void blossom(Plum& plum, cv::Point2f centre, float size, Rng& rng, float scale) {
    const float turn = rng.uniformf(0.0f, 1.2566f);
    const bool side_view = rng.chance(0.3);
    for (int k = 0; k < 5; ++k) {
        const float a = turn + 1.2566f * static_cast<float>(k);
        cv::Point2f offset(std::cos(a) * size * 0.62f, std::sin(a) * size * (side_view ? 0.45f : 0.62f));
        paint_dab(plum.petals, centre + offset, size * rng.uniformf(0.48f, 0.58f), a, rng.uniformf(1.0f, 1.2f), rng.uniformf(0.22f, 0.38f), rng);
    }
    // Stamens: fine lines out from the centre, each with a dot.
    const int count = 4 + rng.below(3);
    for (int k = 0; k < count; ++k) {
        const float a = rng.uniformf(0.0f, 6.2832f);
        const cv::Point2f tip = centre + cv::Point2f(std::cos(a), std::sin(a)) * size * rng.uniformf(0.35f, 0.6f);
        paint_stroke(plum.stamens, smooth_path({centre, tip}, 0.7f), press_lift(0.2f, 0.6f, 0.4f), Brush{0.6f * scale, 0.55f, 0.3f, 0.2f, 4, 0.2f},
                     rng);
        paint_dab(plum.stamens, tip, 1.1f * scale, a, 1.2f, 0.75f, rng);
    }
}

}  // namespace

cv::Mat3f paint_plum_blossom(int long_side, Rng& rng) {
    Rng paper_rng = rng.fork("paper");
    Painting painting(canvas_size(long_side, 0.72), paper_rng);
    const float s = painting.scale();
    const float w = static_cast<float>(painting.width()), h = static_cast<float>(painting.height());
    Plum plum{painting.layer(), painting.layer(), painting.layer(), painting.layer(), {}, {}};

    Rng r = rng.fork("branches");
    // The old trunk enters from the lower left and climbs to the right.
    branch(plum, {-0.02f * w, 0.92f * h}, -0.85f, 0.85f * h, 26.0f * s, 0, r, s);
    branch(plum, {0.1f * w, 0.99f * h}, -1.25f, 0.55f * h, 18.0f * s, 1, r, s);

    Rng f = rng.fork("flowers");
    for (const auto& site : plum.flower_sites) {
        if (f.chance(0.25)) {  // a bud
            paint_dab(plum.petals, site, f.uniformf(4.5f, 7.0f) * s, f.uniformf(0.0f, 3.0f), 1.2f, 0.6f, f);
            continue;
        }
        blossom(plum, site + cv::Point2f(f.uniformf(-6.0f, 6.0f), f.uniformf(-6.0f, 6.0f)) * s, f.uniformf(15.0f, 22.0f) * s, f, s);
    }
    // Moss dots (点苔) along the trunk.
    cv::Mat1f moss = painting.layer();
    for (int i = 0; i < 14; ++i) {
        // On the old wood's upper edge, in its first two thirds.
        const std::size_t k = static_cast<std::size_t>(f.uniformf(0.05f, 0.65f) * static_cast<float>(plum.trunk.size() - 1));
        const cv::Point2f p = plum.trunk[k] + cv::Point2f(f.uniformf(-8.0f, 8.0f), f.uniformf(-24.0f, -14.0f)) * s;
        paint_dab(moss, p, f.uniformf(2.0f, 4.0f) * s,
                  f.uniformf(0.0f, 3.0f), 1.6f, 0.95f, f);
    }

    painting.settle(plum.wood, Pigment::Ink, brush_look());
    painting.settle(plum.twigs, Pigment::Ink, brush_look());
    painting.settle(plum.petals, Pigment::Rouge, wet_wash());
    painting.settle(plum.stamens, Pigment::Ink, brush_look());
    painting.settle(moss, Pigment::Ink, brush_look());
    return painting.finish();
}

}  // namespace shuimo::ink
