#pragma once
// A hair brush (毛笔) dragged along a path: width follows the pressure, the ink
// load runs out along the stroke, and each bristle runs dry on its own, which
// leaves the white streaks of flying white (飞白).

#include <opencv2/core.hpp>

#include <functional>
#include <vector>

#include "rng.h"

namespace shuimo::ink {

using Path = std::vector<cv::Point2f>;
// Pressure at stroke progress s in [0, 1], itself in [0, 1].
using Pressure = std::function<float(float s)>;

struct Brush {
    float radius = 10.0f;      // half the width at full pressure, px
    float ink = 0.8f;          // density laid by a fully loaded bristle
    float run_out = 0.3f;      // fraction of the load gone by the end of the stroke
    float dryness = 0.0f;      // 0: wet, every bristle marks; 1: bone dry, mostly gaps
    int bristles = 24;
    float streaks = 0.35f;     // unevenness between bristles, 0 = uniform
};

// Paints one stroke into `wet` (the wet layer of a Painting). Strokes already
// in the layer darken where this one crosses them, as wet ink over wet ink does.
void paint_stroke(cv::Mat1f& wet, const Path& path, const Pressure& pressure, const Brush& brush, Rng& rng);

// A single press of the brush tip: dots, petals, moss dots (点苔).
void paint_dab(cv::Mat1f& wet, cv::Point2f centre, float radius, float angle, float elongation, float ink, Rng& rng);

// Paths ------------------------------------------------------------------

// A smooth curve through the points (Catmull-Rom), sampled about every `step` px.
Path smooth_path(const std::vector<cv::Point2f>& points, float step = 1.5f);
// Straight runs between the points: angular, as a plum branch is drawn.
Path angular_path(const std::vector<cv::Point2f>& points, float step = 1.5f);
// The hand's tremor: each point pushed sideways by up to `amplitude` px, smoothly.
Path wobble(const Path& path, Rng& rng, float amplitude, float cell);

// Pressure profiles -------------------------------------------------------

// Press in over `attack`, lift over the last `release`, `floor` in between dips.
Pressure press_lift(float attack, float release, float tip = 0.15f);
// A leaf: pressed hard near the base, a long taper to a sharp tip.
Pressure leaf_pressure();
// Constant pressure with a pressed start and end (a bamboo segment, 竹节).
Pressure segment_pressure();

}  // namespace shuimo::ink
