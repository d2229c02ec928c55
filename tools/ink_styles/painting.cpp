#include "painting.h"

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cmath>

namespace shuimo::ink {
namespace {

// Absorbance per unit density in R, G, B. Ink absorbs all three alike, so ink
// on paper is the paper's own colour, darker; the colours absorb unevenly.
constexpr float kAbsorbance[static_cast<std::size_t>(Pigment::Count)][3] = {
    {3.3f, 3.3f, 3.3f},   // 墨 pine-soot ink
    {0.08f, 1.5f, 1.35f},  // 胭脂 rouge
    {0.35f, 0.85f, 1.7f}, // 赭石 ochre
    {1.7f, 0.85f, 0.45f}, // 花青 indigo blue
};

void blur(const cv::Mat1f& in, cv::Mat1f& out, double sigma) {
    if (sigma < 0.3) {
        in.copyTo(out);
        return;
    }
    cv::GaussianBlur(in, out, cv::Size(), sigma, sigma, cv::BORDER_REFLECT);
}

}  // namespace

WashLook wet_wash() { return {6.0f, 0.45f, 5.0f, 0.9f, 0.22f, 1.2f}; }
WashLook brush_look() { return {2.0f, 0.3f, 2.5f, 0.5f, 0.18f, 0.5f}; }
WashLook splash_look() { return {12.0f, 0.6f, 7.0f, 1.3f, 0.28f, 1.5f}; }

Painting::Painting(cv::Size size, Rng& rng)
    : size_(size), scale_(static_cast<float>(std::max(size.width, size.height)) / 1024.0f), paper_(make_paper(size, rng, scale_)) {
    for (auto& d : density_) d = cv::Mat1f::zeros(size_);
}

void Painting::settle(const cv::Mat1f& wet, Pigment pigment, const WashLook& look) {
    // 1. A fresh edge is never perfectly sharp on absorbent paper.
    cv::Mat1f laid;
    blur(wet, laid, look.soften_px * scale_);
    // 2. Ink creeps out along the fibres: a blurred copy, kept where the paper
    //    wicks. Added after the softening so the fibre-thin hairs stay crisp.
    cv::Mat1f spread;
    blur(wet, spread, look.bleed_px * scale_);
    cv::Mat1f halo = spread.mul(paper_.wick) * look.bleed;
    laid = cv::max(laid, halo);
    // 3. Drying pulls pigment to the rim of the wet area: darker edges.
    cv::Mat1f local_mean;
    blur(laid, local_mean, look.edge_px * scale_);
    cv::Mat1f rim = cv::max(laid - local_mean, 0.0f);
    laid += rim * look.edge;
    // 4. Pigment settles unevenly in the grain; pale fibres take less.
    cv::Mat1f settle_factor = 1.0f + look.granulation * paper_.grain - 0.35f * paper_.light_fibres;
    laid = laid.mul(settle_factor);
    cv::Mat1f& density = density_[static_cast<std::size_t>(pigment)];
    density += cv::max(laid, 0.0f);
}

cv::Mat3f Painting::finish() const {
    cv::Mat3f out(size_);
    for (int y = 0; y < size_.height; ++y)
        for (int x = 0; x < size_.width; ++x) {
            float optical[3] = {0.0f, 0.0f, 0.0f};
            for (std::size_t p = 0; p < density_.size(); ++p) {
                const float d = density_[p](y, x);
                if (d <= 0.0f) continue;
                for (int c = 0; c < 3; ++c) optical[c] += d * kAbsorbance[p][c];
            }
            const cv::Vec3f& paper = paper_.colour(y, x);
            out(y, x) = cv::Vec3f(paper[0] * std::exp(-optical[0]), paper[1] * std::exp(-optical[1]),
                                  paper[2] * std::exp(-optical[2]));
        }
    return out;
}

}  // namespace shuimo::ink
