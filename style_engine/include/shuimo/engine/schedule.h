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

// The fewest pixels across a level for the layers in params: the deepest
// layer's spatial divisor (16 for relu5_1: VGG-19 halves the image four times
// before it, and a side that reaches 0 has no features). Throws ConfigError
// for an unknown layer.
int min_level_side(const StyleParams& params);

// Levels from coarse to fine; the last is always the output size. Throws
// ConfigError when params.level_iterations does not match the level count.
// Coarse levels of a narrow image keep min_level_side(params) across (at most
// the output's size), so a 24x900 photo is not refused for a 2x64 first level;
// the engine checks the output itself against the layers in use.
//
// With params.scales == 1 there is one level with all params.iterations.
// With params.scales == N (or params.level_iterations given) the long sides run
// geometrically from params.min_size up to the output's, and each level gets
// twice the evaluations of the next finer one. With params.scales == 0 (auto):
// the job's time (evaluations weighted by pixels) is what halving shares over
// levels from params.min_size (neighbours within a factor 2) would take; it is
// spent on such levels from params.min_size / 2, the coarser levels halving in
// time going down and the output level getting the rest (docs/OBJECTIVE.md,
// "Coarse to fine"). Auto plans one level where the coarser ones would get under
// 5 % of the time, one evaluation each on the finest levels when there are
// fewer evaluations than levels, and never two levels of one size.
std::vector<Level> plan_levels(int output_width, int output_height, const StyleParams& params);

}  // namespace shuimo::engine
