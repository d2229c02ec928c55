#pragma once
// How much of a running job is done and how long it has left: one model for
// the CLI, the GUI and batch. Plain C++.
//
// Evaluations are not equal: a fine level's cost several times a coarse one's.
// Each level's evaluations are weighted by their cost (job_plan.h's GFLOP per
// evaluation), and the time left is the time so far scaled by the work left.

#include <span>
#include <vector>

#include "shuimo/engine/job_plan.h"
#include "shuimo/engine/schedule.h"
#include "shuimo/engine/style_params.h"

namespace shuimo::engine {

struct LevelCost {
    int evaluations = 0;
    double cost_per_evaluation = 1.0;  // any unit, the same for every level (GFLOP)
};

// From a plan (sizes as optimised, checkpointing included) or from the schedule alone.
std::vector<LevelCost> level_costs(const JobPlan& plan);
std::vector<LevelCost> level_costs(const std::vector<Level>& levels, const StyleParams& params);

// Share of the job's work done after `evaluations_done` evaluations, in [0, 1].
double work_fraction(std::span<const LevelCost> levels, int evaluations_done);

// Seconds left at the pace so far: elapsed x (work left / work done).
// Negative when not known yet (nothing done, or no time measured).
double remaining_seconds(std::span<const LevelCost> levels, int evaluations_done, double elapsed_s);

}  // namespace shuimo::engine
