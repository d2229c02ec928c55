#include "shuimo/engine/job_plan.h"

#include <algorithm>
#include <string>

#include "shuimo/engine/style_engine.h"
#include "shuimo/engine/vgg19_spec.h"

namespace shuimo::engine {
namespace {

// The L-BFGS/Adam bookkeeping, the losses and the copies between them, as a
// share of the convolution time (docs/BENCHMARKS.md: +6% to +12% at 256²).
constexpr double kOptimiserOverhead = 1.10;

int deepest_index(const StyleParams& params) {
    int deepest = 0;
    for (const auto& name : params.content_layers) deepest = std::max(deepest, find_vgg19_layer(name).index);
    for (const auto& name : params.style_layers) deepest = std::max(deepest, find_vgg19_layer(name).index);
    return deepest;
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

}  // namespace

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
    for (const Level& level : plan_levels(plan.output.width, plan.output.height, params)) {
        if (level.iterations == 0) continue;
        LevelPlan item;
        item.level = level;
        const std::uint64_t budget = params.max_memory != 0 ? params.max_memory : free_memory;
        item.checkpointed = params.checkpointing == Checkpointing::On;
        item.lbfgs_history = params.lbfgs_history;
        auto estimate = [&] {
            StyleParams planned = params;
            planned.lbfgs_history = item.lbfgs_history;
            return estimate_level_memory(level.width, level.height, planned, level.iterations, conv_bytes, item.checkpointed);
        };
        item.memory = estimate();
        if (params.checkpointing == Checkpointing::Auto && budget != 0 && item.memory.total() > budget) {
            item.checkpointed = true;
            item.memory = estimate();
        }
        // As the engine does: an explicit budget shortens L-BFGS's memory next (job_runner.cpp).
        if (params.max_memory != 0 && params.optimizer == OptimizerKind::Lbfgs && level.iterations > 10) {
            while (item.memory.total() > budget && item.lbfgs_history > 10) {
                item.lbfgs_history = std::max(10, item.lbfgs_history / 2);
                item.memory = estimate();
            }
        }
        item.gflop_per_evaluation = evaluation_gflop(level.width, level.height, params, item.checkpointed);
        plan.total_iterations += level.iterations;
        plan.peak_bytes = std::max(plan.peak_bytes, item.memory.total());
        // Targets: one forward pass of the content at this size (the style
        // images' passes depend on their sizes and are small beside the job).
        plan.total_gflop += item.gflop_per_evaluation * level.iterations + forward_conv_flop(level.width, level.height, deepest) * 1e-9;
        plan.levels.push_back(item);
    }
    return plan;
}

}  // namespace shuimo::engine
