#pragma once
// Rice paper (宣纸): a warm, mottled ground with visible fibres, and the maps
// that decide where ink wicks and where it stays out.

#include <opencv2/core.hpp>

#include "rng.h"

namespace shuimo::ink {

struct Paper {
    cv::Mat3f colour;     // RGB reflectance of the bare paper
    cv::Mat1f fibres;     // [0, 1]: long fibres that carry ink out of a wet area
    cv::Mat1f light_fibres;  // [0, 1]: pale fibres that stay lighter under ink
    cv::Mat1f grain;      // about [-1, 1], fine: how unevenly pigment settles
    cv::Mat1f wick;       // [0, 1.5]: fibres and pores together, how far ink creeps
};

// `scale` is the painting's long side / 1024, so the fibres keep their size in
// print when the painting is made smaller or larger.
Paper make_paper(cv::Size size, Rng& rng, float scale);

}  // namespace shuimo::ink
