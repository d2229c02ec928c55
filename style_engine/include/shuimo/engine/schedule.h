#pragma once
// The coarse-to-fine schedule of a job: which sizes it optimises at and how
// many evaluations each gets. Plain C++, so front ends can show the plan
// before anything runs.

#include <vector>

#include "shuimo/engine/style_params.h"

namespace shuimo::engine {

struct Level {
    int width = 0;
    int height = 0;
    int iterations = 0;  // objective evaluations at this level
};

// The fewest pixels across a coarse level: VGG-19 halves the image four times
// before relu5_1, and a side that reaches 0 has no features.
inline constexpr int kMinLevelSide = 16;

// Levels from coarse to fine; the last is always the output size. Throws
// ConfigError when params.level_iterations does not match the level count.
// Coarse levels of a narrow image keep kMinLevelSide across (at most the
// output's size), so a 20x2000 photo is not refused for a 1x128 first level;
// the engine checks the output itself against the layers in use.
//
// With params.scales == 1 there is one level with all params.iterations.
// Otherwise the long sides run geometrically from params.min_size up to the
// output's (scales == 0, auto: as few levels as keep neighbours within a factor 2),
// and params.iterations is shared out so that each level gets twice the
// evaluations of the next finer one: most of the work happens where it is cheap.
std::vector<Level> plan_levels(int output_width, int output_height, const StyleParams& params);

}  // namespace shuimo::engine
