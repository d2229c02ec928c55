#pragma once
// The bundled references, one painter per motif.

#include <opencv2/core.hpp>

#include <string>
#include <vector>

#include "../rng.h"

namespace shuimo::ink {

// Paints one reference with its long side `long_side`, RGB reflectance in [0, 1].
using Painter = cv::Mat3f (*)(int long_side, Rng& rng);

struct Motif {
    std::string id;         // as in styles.json
    std::string file;       // PNG name in assets/styles
    std::string title;      // English, for the contact sheet
    Painter paint;
};

const std::vector<Motif>& all_motifs();

cv::Mat3f paint_misty_mountains(int long_side, Rng& rng);
cv::Mat3f paint_splashed_ink(int long_side, Rng& rng);
cv::Mat3f paint_dry_brush(int long_side, Rng& rng);
cv::Mat3f paint_bamboo(int long_side, Rng& rng);
cv::Mat3f paint_plum_blossom(int long_side, Rng& rng);
cv::Mat3f paint_rock_texture(int long_side, Rng& rng);
cv::Mat3f paint_lotus_pond(int long_side, Rng& rng);
cv::Mat3f paint_light_colour_wash(int long_side, Rng& rng);

// Width x height for a long side and an aspect (width / height).
cv::Size canvas_size(int long_side, double aspect);

}  // namespace shuimo::ink
