#pragma once
// Smooth random fields: the irregularity of paper, ink pools and wobbling hands.

#include <opencv2/core.hpp>

#include <algorithm>
#include <vector>

#include "rng.h"

namespace shuimo::ink {

// Value noise in about [-1, 1] with features `cell` pixels apart (bicubic).
cv::Mat1f value_noise(cv::Size size, Rng& rng, double cell);

// Octaves of value noise from `cell` down, each half the size and `gain` the
// amplitude of the one before; normalised to about [-1, 1].
cv::Mat1f fractal_noise(cv::Size size, Rng& rng, double cell, int octaves, double gain = 0.5);

// One smooth random curve: n samples in about [-1, 1], features `cell` samples apart.
std::vector<float> noise_1d(int n, Rng& rng, double cell);

// smoothstep from edge0 to edge1.
inline float smoothstep(float edge0, float edge1, float x) {
    const float t = std::min(1.0f, std::max(0.0f, (x - edge0) / (edge1 - edge0)));
    return t * t * (3.0f - 2.0f * t);
}

}  // namespace shuimo::ink
