#include "shuimo/engine/eta.h"

#include <algorithm>

namespace shuimo::engine {

std::vector<LevelCost> level_costs(const JobPlan& plan) {
    std::vector<LevelCost> costs;
    for (const auto& level : plan.levels) costs.push_back({level.evaluations, level.gflop_per_evaluation});
    return costs;
}

std::vector<LevelCost> level_costs(const std::vector<Level>& levels, const StyleParams& params) {
    std::vector<LevelCost> costs;
    for (const auto& level : levels) {
        if (level.iterations > 0) costs.push_back({level.iterations, evaluation_gflop(level.width, level.height, params)});
    }
    return costs;
}

namespace {

struct Work {
    double done = 0.0;
    double all = 0.0;
};

Work work_of(std::span<const LevelCost> levels, int evaluations_done) {
    Work work;
    int counted = 0;
    for (const auto& level : levels) {
        const double cost = std::max(0.0, level.cost_per_evaluation);
        work.done += cost * std::clamp(evaluations_done - counted, 0, std::max(0, level.evaluations));
        work.all += cost * std::max(0, level.evaluations);
        counted += std::max(0, level.evaluations);
    }
    return work;
}

}  // namespace

double work_fraction(std::span<const LevelCost> levels, int evaluations_done) {
    const Work work = work_of(levels, evaluations_done);
    if (work.all <= 0.0) return evaluations_done > 0 ? 1.0 : 0.0;
    return std::clamp(work.done / work.all, 0.0, 1.0);
}

double remaining_seconds(std::span<const LevelCost> levels, int evaluations_done, double elapsed_s) {
    const Work work = work_of(levels, evaluations_done);
    if (work.done <= 0.0 || elapsed_s <= 0.0) return -1.0;
    return std::max(0.0, elapsed_s * (work.all - work.done) / work.done);
}

}  // namespace shuimo::engine
