#include "shuimo/engine/job_plan.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "shuimo/engine/errors.h"
#include "shuimo/engine/style_engine.h"
#include "shuimo/engine/vgg19_spec.h"

namespace shuimo::engine {
namespace {

// The L-BFGS/Adam bookkeeping, the losses and the copies between them, as a
// share of the convolution time (docs/BENCHMARKS.md: +6% to +12% at 256²).
constexpr double kOptimiserOverhead = 1.10;

int deepest_index(const StyleParams& params) {
    const VggLayer* deepest = deepest_layer(params);
    return deepest != nullptr ? deepest->index : -1;
}

// Forward convolution work up to the deepest layer in use, in FLOP.
double forward_conv_flop(int width, int height, int deepest) {
    double flop = 0.0;
    for (const auto& layer : vgg19_layers()) {
        if (layer.index > deepest) break;
        if (layer.type != VggLayerType::Conv) continue;
        const double positions = (static_cast<double>(width) / layer.downsample) * (static_cast<double>(height) / layer.downsample);
        flop += 2.0 * 9.0 * layer.in_channels * layer.out_channels * positions;
    }
    return flop;
}

double gram_flop(int width, int height, const StyleParams& params) {
    double flop = 0.0;
    for (const auto& name : params.style_layers) {
        const VggLayer& layer = find_vgg19_layer(name);
        const double positions = (static_cast<double>(width) / layer.downsample) * (static_cast<double>(height) / layer.downsample);
        flop += 2.0 * layer.out_channels * static_cast<double>(layer.out_channels) * positions;
    }
    return flop;
}

std::string text(Size size) { return std::to_string(size.width) + "x" + std::to_string(size.height); }
std::string mib(std::uint64_t bytes) { return std::to_string((bytes + (1u << 19)) >> 20) + " MiB"; }

}  // namespace

MemoryDecisions initial_memory_decisions(const StyleParams& params) {
    MemoryDecisions decisions;
    decisions.checkpointed = params.checkpointing == Checkpointing::On;
    decisions.lbfgs_history = params.lbfgs_history;
    return decisions;
}

Size shrunk_size(int width, int height, double shrink) {
    if (shrink >= 1.0) return {width, height};
    return {std::max(1, static_cast<int>(std::lround(width * shrink))), std::max(1, static_cast<int>(std::lround(height * shrink)))};
}

LevelMemoryPlan plan_level_memory(const Level& level, const StyleParams& params, int conv_bytes, std::uint64_t free_memory,
                                  const MemoryDecisions& before) {
    LevelMemoryPlan plan;
    MemoryDecisions& d = plan.decisions;
    d = before;
    Size size = shrunk_size(level.width, level.height, d.shrink);
    auto estimate = [&](Size s, bool checkpointed) {
        StyleParams planned = params;
        planned.lbfgs_history = d.lbfgs_history;
        return estimate_level_memory(s.width, s.height, planned, level.iterations, conv_bytes, checkpointed);
    };
    auto need = [&](Size s, bool checkpointed) { return estimate(s, checkpointed).total(); };
    auto finish = [&]() -> LevelMemoryPlan {
        plan.size = size;
        plan.memory = estimate(size, d.checkpointed);
        return plan;
    };

    const std::uint64_t budget = params.max_memory != 0 ? params.max_memory : free_memory;
    if (budget == 0) return finish();  // unknown: out-of-memory recovery is the safety net
    const char* whose = params.max_memory != 0 ? "the memory budget" : "the free memory";
    if (!d.checkpointed && params.checkpointing == Checkpointing::Auto && need(size, false) > budget) {
        d.checkpointed = true;
        plan.notices.push_back(text(size) + " needs ~" + mib(need(size, false)) + ", more than " + whose + " (" + mib(budget) +
                               "): using gradient checkpointing (~" + mib(need(size, true)) + ", about a fifth slower)");
    }
    // Free memory moves while we run; only an explicit budget changes the job further up front.
    if (params.max_memory == 0 || need(size, d.checkpointed) <= budget) return finish();
    // At print sizes L-BFGS's history outweighs the network (24 bytes per pixel per step):
    // a shorter memory costs some convergence speed, a smaller image costs the print.
    if (params.optimizer == OptimizerKind::Lbfgs && level.iterations > 10) {
        const int history_before = d.lbfgs_history;
        while (d.lbfgs_history > 10 && need(size, d.checkpointed) > budget) d.lbfgs_history = std::max(10, d.lbfgs_history / 2);
        if (d.lbfgs_history != history_before) {
            plan.notices.push_back(text(size) + (need(size, d.checkpointed) <= budget ? " fits" : " still does not fit") + " in " +
                                   whose + " of " + mib(budget) + " with L-BFGS remembering " + std::to_string(d.lbfgs_history) +
                                   " steps instead of " + std::to_string(history_before));
        }
        if (need(size, d.checkpointed) <= budget) return finish();
    }
    const Size asked = size;
    const int min_side = min_level_side(params);
    while (need(size, d.checkpointed) > budget) {
        d.shrink /= std::sqrt(2.0);
        size = shrunk_size(level.width, level.height, d.shrink);
        if (std::min(size.width, size.height) < min_side) {
            throw OutOfMemoryError("a memory budget of " + mib(budget) + " is too small for this job even at the " +
                                   "smallest size; raise --max-memory or use shallower layers");
        }
    }
    plan.notices.push_back(text(asked) + " does not fit in " + whose + " of " + mib(budget) +
                           (d.checkpointed ? " even with checkpointing" : "") + ": optimising at " + text(size) +
                           " instead (the result will be smaller than asked)");
    return finish();
}

double evaluation_gflop(int width, int height, const StyleParams& params, bool checkpointed) {
    const double forward = forward_conv_flop(width, height, deepest_index(params));
    // Backward to the input of every convolution costs what its forward did.
    const double grams = gram_flop(width, height, params);
    return ((checkpointed ? 3.0 : 2.0) * forward + 2.0 * grams) * 1e-9;
}

double JobPlan::seconds_at(double gflops_per_second) const {
    if (gflops_per_second <= 0.0) return 0.0;
    return total_gflop * kOptimiserOverhead / gflops_per_second;
}

JobPlan plan_job(int content_width, int content_height, const StyleParams& params, int conv_bytes,
                 std::uint64_t free_memory) {
    validate(params);
    JobPlan plan;
    plan.output = output_size(content_width, content_height, params.size);
    const int deepest = deepest_index(params);
    MemoryDecisions decisions = initial_memory_decisions(params);
    for (const Level& level : plan_levels(plan.output.width, plan.output.height, params)) {
        if (level.iterations == 0) continue;
        LevelMemoryPlan memory = plan_level_memory(level, params, conv_bytes, free_memory, decisions);
        decisions = memory.decisions;
        LevelPlan item;
        item.level = level;
        item.size = memory.size;
        item.memory = memory.memory;
        item.checkpointed = decisions.checkpointed;
        item.lbfgs_history = decisions.lbfgs_history;
        item.notices = std::move(memory.notices);
        item.gflop_per_evaluation = evaluation_gflop(item.size.width, item.size.height, params, item.checkpointed);
        plan.total_iterations += level.iterations;
        plan.peak_bytes = std::max(plan.peak_bytes, item.memory.total());
        // Targets: one forward pass of the content at this size (the style
        // images' passes depend on their sizes and are small beside the job).
        plan.total_gflop += item.gflop_per_evaluation * level.iterations + forward_conv_flop(item.size.width, item.size.height, deepest) * 1e-9;
        plan.levels.push_back(std::move(item));
    }
    plan.result = shrunk_size(plan.output.width, plan.output.height, decisions.shrink);
    return plan;
}

}  // namespace shuimo::engine
