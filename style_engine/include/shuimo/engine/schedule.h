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

// Levels from coarse to fine; the last is always the output size. Throws
// ConfigError when params.level_iterations does not match the level count.
//
// With params.scales == 1 there is one level with all params.iterations.
// Otherwise the long sides run geometrically from params.min_size up to the
// output's (scales == 0, auto: as few levels as keep neighbours within a factor 2),
// and params.iterations is shared out so that each level gets twice the
// evaluations of the next finer one: most of the work happens where it is cheap.
std::vector<Level> plan_levels(int output_width, int output_height, const StyleParams& params);

}  // namespace shuimo::engine
