// 皴法: rocks built the way the manuals teach: an outline in dry, broken
// strokes, hemp-fibre texture strokes (披麻皴) following the form, axe-cut
// strokes (斧劈皴) on the shadowed faces, a pale wash, then moss dots (点苔).

#include <algorithm>
#include <cmath>

#include <opencv2/imgproc.hpp>

#include "../brush.h"
#include "../noise.h"
#include "../painting.h"
#include "motifs.h"

namespace shuimo::ink {
namespace {

struct Rock {
    std::vector<cv::Point2f> outline;  // closed, clockwise from the lower left
    cv::Mat1b mask;
};

Rock make_rock(cv::Size size, cv::Point2f base_centre, float width, float height, Rng& rng) {
    Rock rock;
    const int n = 11;
    for (int i = 0; i < n; ++i) {
        const float t = static_cast<float>(i) / n;  // 0: bottom left, around the top, to bottom right
        const float a = 3.1416f - 3.1416f * t;
        const float bump = 1.0f + 0.09f * static_cast<float>(rng.uniform(-1.0, 1.0));
        rock.outline.emplace_back(base_centre.x + std::cos(a) * width * 0.5f * bump,
                                  base_centre.y - std::sin(a) * height * bump * (0.75f + 0.25f * std::sin(3.1416f * t + 0.5f)));
    }
    rock.outline.emplace_back(base_centre.x + 0.5f * width, base_centre.y);
    // Facets: straight runs between the corners, resampled so strokes can follow them.
    rock.outline = angular_path(rock.outline, 14.0f);
    // The foot is not outlined: it closes straight back along the ground.
    rock.mask = cv::Mat1b::zeros(size);
    std::vector<cv::Point> poly;
    for (const auto& p : rock.outline) poly.emplace_back(cvRound(p.x), cvRound(p.y));
    cv::fillPoly(rock.mask, std::vector<std::vector<cv::Point>>{poly}, cv::Scalar(255));
    return rock;
}

bool inside(const Rock& rock, cv::Point2f p) {
    const int x = cvRound(p.x), y = cvRound(p.y);
    return x >= 0 && y >= 0 && x < rock.mask.cols && y < rock.mask.rows && rock.mask(y, x) != 0;
}

}  // namespace

cv::Mat3f paint_rock_texture(int long_side, Rng& rng) {
    Rng paper_rng = rng.fork("paper");
    Painting painting(canvas_size(long_side, 4.0 / 3.0), paper_rng);
    const float s = painting.scale();
    const float w = static_cast<float>(painting.width()), h = static_cast<float>(painting.height());

    struct Placement {
        float x, y, width, height;
    };
    const Placement placements[] = {{0.38f, 0.86f, 0.55f, 0.62f}, {0.76f, 0.9f, 0.36f, 0.38f}, {0.12f, 0.93f, 0.22f, 0.2f}};
    int index = 0;
    for (const auto& place : placements) {
        Rng r = rng.fork("rock" + std::to_string(index++));
        const Rock rock = make_rock(painting.size(), {place.x * w, place.y * h}, place.width * w, place.height * h, r);

        // Pale wash, darker towards the lower right (the shadowed side).
        cv::Mat1f wash = painting.layer();
        const cv::Mat1f pool = fractal_noise(painting.size(), r, 50.0 * s, 3, 0.5);
        for (int y = 0; y < wash.rows; ++y)
            for (int x = 0; x < wash.cols; ++x)
                if (rock.mask(y, x)) {
                    const float fx = (static_cast<float>(x) - place.x * w) / (place.width * w);
                    const float fy = (place.y * h - static_cast<float>(y)) / (place.height * h);
                    wash(y, x) = std::max(0.0f, 0.16f + 0.14f * fx - 0.08f * fy + 0.06f * pool(y, x)) * smoothstep(-0.02f, 0.12f, fy + 0.03f * pool(y, x));
                }
        painting.settle(wash, Pigment::Ink, wet_wash());

        cv::Mat1f texture = painting.layer();
        // Hemp-fibre strokes: long, wavy, roughly parallel, falling from the top.
        for (int i = 0; i < 70 + 40 * (index == 1); ++i) {
            const cv::Point2f top(place.x * w + r.uniformf(-0.45f, 0.45f) * place.width * w, place.y * h - r.uniformf(0.2f, 1.0f) * place.height * h);
            if (!inside(rock, top)) continue;
            std::vector<cv::Point2f> points{top};
            cv::Point2f p = top;
            const float drift = (top.x - place.x * w) / (place.width * w) * 0.9f;
            for (int k = 0; k < 6; ++k) {
                p += cv::Point2f(drift * 22.0f * s + r.uniformf(-5.0f, 5.0f) * s, r.uniformf(22.0f, 36.0f) * s);
                if (!inside(rock, p)) break;
                points.push_back(p);
            }
            if (points.size() < 2) continue;
            paint_stroke(texture, wobble(smooth_path(points), r, 2.0f * s, 15.0f), press_lift(0.15f, 0.5f, 0.25f),
                         Brush{r.uniformf(1.5f, 3.0f) * s, r.uniformf(0.3f, 0.6f), 0.6f, 0.85f, 12, 0.5f}, r);
        }
        // Axe-cut strokes: short, broad, slanting, on the right-hand faces.
        for (int i = 0; i < 18; ++i) {
            const cv::Point2f a(place.x * w + r.uniformf(0.0f, 0.42f) * place.width * w, place.y * h - r.uniformf(0.1f, 0.8f) * place.height * h);
            if (!inside(rock, a)) continue;
            const cv::Point2f b = a + cv::Point2f(-r.uniformf(25.0f, 45.0f), r.uniformf(45.0f, 85.0f)) * s;
            paint_stroke(texture, smooth_path({a, b}), press_lift(0.04f, 0.9f, 0.05f),
                         Brush{r.uniformf(6.0f, 10.0f) * s, r.uniformf(0.35f, 0.6f), 0.7f, 0.85f, 28, 0.5f}, r);
        }
        // The outline, in pieces, drier at the top.
        std::size_t start = 0;
        while (start + 2 < rock.outline.size()) {
            const std::size_t end = std::min(rock.outline.size() - 1, start + 6 + static_cast<std::size_t>(r.below(10)));
            std::vector<cv::Point2f> piece(rock.outline.begin() + static_cast<std::ptrdiff_t>(start), rock.outline.begin() + static_cast<std::ptrdiff_t>(end) + 1);
            paint_stroke(texture, wobble(smooth_path(piece), r, 1.5f * s, 12.0f), press_lift(0.1f, 0.2f, 0.35f),
                         Brush{r.uniformf(3.5f, 5.5f) * s, 0.9f, 0.5f, 0.7f, 24, 0.5f}, r);
            start = end;
        }
        painting.settle(texture, Pigment::Ink, brush_look());

        cv::Mat1f dots = painting.layer();
        for (int i = 0; i < 30; ++i) {
            const std::size_t k = static_cast<std::size_t>(r.below(static_cast<int>(rock.outline.size()) * 2 / 3)) + rock.outline.size() / 8;
            const cv::Point2f p = rock.outline[k] + cv::Point2f(r.uniformf(-8.0f, 8.0f), r.uniformf(-4.0f, 8.0f)) * s;
            paint_dab(dots, p, r.uniformf(2.0f, 4.0f) * s, r.uniformf(-0.5f, 0.5f), r.uniformf(1.3f, 2.2f), r.uniformf(0.75f, 1.0f), r);
        }
        painting.settle(dots, Pigment::Ink, brush_look());
    }
    // Grass at the foot of the rocks.
    Rng g = rng.fork("grass");
    cv::Mat1f grass = painting.layer();
    for (int i = 0; i < 40; ++i) {
        const cv::Point2f foot(g.uniformf(0.02f, 0.98f) * w, g.uniformf(0.94f, 1.0f) * h);
        const float lean = g.uniformf(-0.5f, 0.5f);
        const float length = g.uniformf(30.0f, 80.0f) * s;
        paint_stroke(grass, smooth_path({foot, foot + cv::Point2f(lean * length * 0.4f, -length * 0.6f), foot + cv::Point2f(lean * length, -length)}),
                     leaf_pressure(), Brush{g.uniformf(1.5f, 2.6f) * s, g.uniformf(0.4f, 0.85f), 0.4f, 0.4f, 8, 0.4f}, g);
    }
    painting.settle(grass, Pigment::Ink, brush_look());
    return painting.finish();
}

}  // namespace shuimo::ink
