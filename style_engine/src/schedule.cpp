#include "shuimo/engine/schedule.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "shuimo/engine/errors.h"
#include "shuimo/engine/vgg19_spec.h"

namespace shuimo::engine {

namespace {

// As few levels as keep neighbouring long sides within a factor 2, from min_size up.
int auto_level_count(int long_side, int min_size) {
    const double octaves = std::log2(static_cast<double>(long_side) / min_size);
    return octaves > 0 ? 1 + static_cast<int>(std::ceil(octaves - 1e-9)) : 1;
}

// `count` level sizes, long sides geometric from min_size up to the output's.
std::vector<Level> level_sizes(int output_width, int output_height, int min_size, int count, int min_side) {
    const int long_side = std::max(output_width, output_height);
    const int short_side = std::min(output_width, output_height);
    std::vector<Level> levels(static_cast<std::size_t>(count));
    const double ratio = count > 1 ? std::pow(static_cast<double>(long_side) / min_size, 1.0 / (count - 1)) : 1.0;
    for (int i = 0; i < count; ++i) {
        Level& level = levels[static_cast<std::size_t>(i)];
        if (i == count - 1) {
            level.width = output_width;
            level.height = output_height;
        } else {
            int side = static_cast<int>(std::lround(min_size * std::pow(ratio, i)));
            // A very narrow image: the coarse level keeps min_side across rather than vanish in VGG's pooling.
            if (short_side > 0 && static_cast<double>(side) * short_side / long_side < min_side)
                side = std::min(long_side, static_cast<int>(std::ceil(static_cast<double>(min_side) * long_side / short_side)));
            const Size size = fit_long_side(output_width, output_height, side);
            level.width = size.width;
            level.height = size.height;
        }
    }
    return levels;
}

// A narrow image's coarse levels can all keep the same size (min_side across): one of each size.
void drop_repeated_sizes(std::vector<Level>& levels) {
    const auto same = [](const Level& a, const Level& b) { return a.width == b.width && a.height == b.height; };
    levels.erase(std::unique(levels.begin(), levels.end(), same), levels.end());
}

// What one evaluation at `level` costs, in evaluations at the output size (pixels).
double relative_cost(const Level& level, const Level& output) {
    const double output_pixels = static_cast<double>(output.width) * output.height;
    return output_pixels > 0 ? static_cast<double>(level.width) * level.height / output_pixels : 1.0;
}

// Each level twice the evaluations of the next finer one; at least one each.
void share_by_halving(std::vector<Level>& levels, int iterations) {
    const int count = static_cast<int>(levels.size());
    double total_share = 0;
    for (int i = 0; i < count; ++i) total_share += std::pow(2.0, count - 1 - i);
    int assigned = 0;
    for (int i = count - 1; i >= 1; --i) {
        const int n = std::max(1, static_cast<int>(std::floor(iterations * std::pow(2.0, count - 1 - i) / total_share)));
        levels[static_cast<std::size_t>(i)].iterations = n;
        assigned += n;
    }
    levels[0].iterations = std::max(0, iterations - assigned);
}

double job_time(const std::vector<Level>& levels) {
    double time = 0;
    for (const Level& level : levels) time += level.iterations * relative_cost(level, levels.back());
    return time;
}

// Below this share of the job's time the coarse levels are not worth their blur.
constexpr double kLeastCoarseTime = 0.05;

// Shares `iterations` so that the levels take `time` (in evaluations at the output size): the coarser
// levels halve in time going down, the output level gets the rest. False (levels untouched) where the
// coarser levels would get under kLeastCoarseTime of it and one level would take at most
// 2 * kLeastCoarseTime more time (an output little above the coarsest level: one level is as quick).
bool share_by_time(std::vector<Level>& levels, double time, int iterations) {
    const int count = static_cast<int>(levels.size());
    const Level& output = levels.back();
    double weights = 0;   // of the coarser levels' time: 1, 2, 4, ... going finer
    double per_time = 0;  // evaluations per unit of the coarser levels' time
    for (int i = 0; i + 1 < count; ++i) weights += std::pow(2.0, i);
    for (int i = 0; i + 1 < count; ++i) per_time += std::pow(2.0, i) / weights / relative_cost(levels[static_cast<std::size_t>(i)], output);
    // Evaluations in all: time * (coarse_share * per_time + (1 - coarse_share)) = iterations.
    const double coarse_share = std::clamp(per_time > 1 ? (iterations / time - 1) / (per_time - 1) : 0.0, 0.0, 1.0);
    if (coarse_share < kLeastCoarseTime && iterations <= (1 + 2 * kLeastCoarseTime) * time) return false;
    int assigned = 0;
    for (int i = 1; i < count; ++i) {
        Level& level = levels[static_cast<std::size_t>(i)];
        const double evaluations = i + 1 < count ? time * coarse_share * std::pow(2.0, i) / weights / relative_cost(level, output)
                                                 : time * (1 - coarse_share);
        level.iterations = std::max(1, static_cast<int>(std::lround(evaluations)));
        assigned += level.iterations;
    }
    levels[0].iterations = iterations - assigned;
    while (levels[0].iterations < 1) {  // rounding took the coarsest level's last evaluation: give one back
        auto largest = std::max_element(levels.begin() + 1, levels.end(),
                                        [](const Level& a, const Level& b) { return a.iterations < b.iterations; });
        --largest->iterations;
        ++levels[0].iterations;
    }
    return true;
}

}  // namespace

int min_level_side(const StyleParams& params) {
    const VggLayer* deepest = deepest_layer(params);
    return deepest != nullptr ? deepest->downsample : 1;
}

std::vector<Level> plan_levels(int output_width, int output_height, const StyleParams& params) {
    const int long_side = std::max(output_width, output_height);
    const int min_side = min_level_side(params);
    const bool automatic = params.scales == 0;
    // Levels by number or by evaluations per level, and the automatic plan's time: from min_size up.
    int count = automatic ? auto_level_count(long_side, params.min_size) : params.scales;
    if (long_side <= params.min_size) count = 1;  // nothing coarser than the output to start from
    if (!params.level_iterations.empty() && static_cast<int>(params.level_iterations.size()) != count) {
        throw ConfigError("level iterations: " + std::to_string(params.level_iterations.size()) + " given for " +
                          std::to_string(count) + " levels");
    }

    std::vector<Level> levels = level_sizes(output_width, output_height, params.min_size, count, min_side);
    if (!params.level_iterations.empty()) {
        for (int i = 0; i < count; ++i) levels[static_cast<std::size_t>(i)].iterations = params.level_iterations[static_cast<std::size_t>(i)];
        return levels;
    }
    if (!automatic || count == 1 || params.iterations < 1) {
        if (params.iterations < count) {  // too few to share: all of them at the output size
            levels.back().iterations = params.iterations;
        } else {  // each level twice the evaluations of the next finer one
            share_by_halving(levels, params.iterations);
        }
        return levels;
    }

    // Automatic: the job's time is what halving shares over the levels above would take (the rule until
    // 2026-12, so a job takes as long as it did). It is spent on levels from half min_size: the coarser
    // levels halve in time going down and the output level takes the rest, since the coarse levels are
    // a warm start and the output level is where the written objective is decided.
    drop_repeated_sizes(levels);
    if (params.iterations < static_cast<int>(levels.size())) {
        levels.back().iterations = params.iterations;
    } else {
        share_by_halving(levels, params.iterations);
    }
    const double time = job_time(levels);
    const int coarsest = (params.min_size + 1) / 2;
    std::vector<Level> plan = level_sizes(output_width, output_height, coarsest, auto_level_count(long_side, coarsest), min_side);
    drop_repeated_sizes(plan);
    if (plan.size() > 1 && params.iterations < static_cast<int>(plan.size())) {  // one each on the finest levels
        plan.erase(plan.begin(), plan.end() - params.iterations);
        for (Level& level : plan) level.iterations = 1;
        return plan;
    }
    if (plan.size() == 1 || !share_by_time(plan, time, params.iterations)) {
        Level single = plan.back();
        single.iterations = params.iterations;
        return {single};
    }
    return plan;
}

}  // namespace shuimo::engine
