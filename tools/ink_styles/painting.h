#pragma once
// A painting in progress: paper, and one density map per pigment. Ink is laid
// down in wet layers; each layer spreads along the fibres and dries with a
// darker rim before it joins the painting (layered washes, 积墨).

#include <opencv2/core.hpp>

#include <array>

#include "paper.h"
#include "rng.h"

namespace shuimo::ink {

// Optical density per unit of pigment in R, G and B (Beer-Lambert).
enum class Pigment { Ink, Rouge, Ochre, Indigo, Count };

// How a wet layer behaves on the paper.
struct WashLook {
    float bleed_px = 2.0f;    // how far ink creeps beyond the wet area (at 1024 px)
    float bleed = 0.35f;      // how much of it: the feathered halo's strength
    float edge_px = 4.0f;     // width of the darker rim where a wash dried
    float edge = 0.6f;        // strength of that rim
    float granulation = 0.15f;  // pigment settling in the paper's grain
    float soften_px = 0.6f;   // the paper's blur of a freshly laid edge
};

// Looks of common wet layers.
WashLook wet_wash();      // broad, wet: wide bleed, clear wet edges
WashLook brush_look();    // a stroke on dry paper: crisp, a slight feather
WashLook splash_look();   // 泼墨: very wet, long feathered bleed

class Painting {
public:
    Painting(cv::Size size, Rng& rng);

    cv::Size size() const { return size_; }
    int width() const { return size_.width; }
    int height() const { return size_.height; }
    // Long side / 1024: every length in the motifs is written for 1024 px and multiplied by this.
    float scale() const { return scale_; }
    const Paper& paper() const { return paper_; }

    // A fresh, empty wet layer.
    cv::Mat1f layer() const { return cv::Mat1f::zeros(size_); }

    // Let a wet layer spread, dry and join the painting as `pigment`.
    void settle(const cv::Mat1f& wet, Pigment pigment, const WashLook& look);

    // Read-only density of a pigment so far (e.g. to keep colour off dark ink).
    const cv::Mat1f& density(Pigment pigment) const { return density_[static_cast<std::size_t>(pigment)]; }

    // The finished painting, RGB reflectance in [0, 1].
    cv::Mat3f finish() const;

private:
    cv::Size size_;
    float scale_;
    Paper paper_;
    std::array<cv::Mat1f, static_cast<std::size_t>(Pigment::Count)> density_;
};

}  // namespace shuimo::ink
