#include "paper.h"

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cmath>
#include <vector>

#include "noise.h"

namespace shuimo::ink {
namespace {

// Short, gently curving fibres drawn with anti-aliasing into an 8-bit map.
cv::Mat1f draw_fibres(cv::Size size, Rng& rng, float scale, int count, float min_length, float max_length) {
    cv::Mat1b canvas = cv::Mat1b::zeros(size);
    for (int i = 0; i < count; ++i) {
        cv::Point2f p(rng.uniformf(0.0f, static_cast<float>(size.width)), rng.uniformf(0.0f, static_cast<float>(size.height)));
        float angle = rng.uniformf(0.0f, 6.2831853f);
        const float length = rng.uniformf(min_length, max_length) * scale;
        const int segments = 6;
        const int value = 90 + rng.below(166);
        std::vector<cv::Point> points{cv::Point(cvRound(p.x * 4), cvRound(p.y * 4))};
        for (int s = 0; s < segments; ++s) {
            angle += rng.uniformf(-0.28f, 0.28f);
            p += cv::Point2f(std::cos(angle), std::sin(angle)) * (length / segments);
            points.emplace_back(cvRound(p.x * 4), cvRound(p.y * 4));
        }
        // shift 2: quarter-pixel positions, thin lines that fade at their sides.
        cv::polylines(canvas, points, false, cv::Scalar(value), 1, cv::LINE_AA, 2);
    }
    cv::Mat1f out;
    canvas.convertTo(out, CV_32F, 1.0 / 255.0);
    return out;
}

}  // namespace

Paper make_paper(cv::Size size, Rng& rng, float scale) {
    Paper paper;
    const int area_units = size.area() / 1024;
    paper.fibres = draw_fibres(size, rng, scale, area_units * 2, 8.0f, 40.0f);
    cv::Mat1f long_fibres = draw_fibres(size, rng, scale, area_units / 12, 40.0f, 140.0f);
    paper.fibres = cv::max(paper.fibres, long_fibres);
    paper.light_fibres = draw_fibres(size, rng, scale, area_units, 6.0f, 30.0f);
    paper.grain = fractal_noise(size, rng, 3.0 * scale, 3, 0.6);

    const cv::Mat1f mottle = fractal_noise(size, rng, 180.0 * scale, 4, 0.55);
    const cv::Mat1f cloud = fractal_noise(size, rng, 24.0 * scale, 3, 0.5);
    cv::Mat1f pores = fractal_noise(size, rng, 6.0 * scale, 2, 0.5);

    cv::Mat1f wick = 0.3f + 0.2f * pores + 1.6f * paper.fibres;
    cv::GaussianBlur(wick, wick, cv::Size(), 0.6 * scale);
    paper.wick = cv::min(cv::max(wick, 0.0f), 1.5f);

    // Warm, slightly uneven rice paper: a little deeper in the mottled parts,
    // darker fibres and paler fibres, and a fine grain.
    const float base[3] = {rng.uniformf(0.925f, 0.94f), 0.0f, 0.0f};
    const float r = base[0];
    const float g = r - rng.uniformf(0.035f, 0.05f);
    const float b = g - rng.uniformf(0.075f, 0.095f);
    paper.colour.create(size);
    for (int y = 0; y < size.height; ++y)
        for (int x = 0; x < size.width; ++x) {
            const float shade = 1.0f + 0.022f * mottle(y, x) + 0.01f * cloud(y, x) + 0.012f * paper.grain(y, x) -
                                0.022f * paper.fibres(y, x) + 0.018f * paper.light_fibres(y, x);
            // Deeper mottles are also a touch warmer, as aged paper is.
            const float warm = 0.012f * mottle(y, x);
            paper.colour(y, x) = cv::Vec3f(std::min(1.0f, r * shade), std::min(1.0f, g * shade - 0.3f * warm),
                                           std::min(1.0f, b * shade - warm));
        }
    return paper;
}

}  // namespace shuimo::ink
