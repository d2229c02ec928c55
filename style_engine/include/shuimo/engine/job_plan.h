#pragma once
// What a job will cost before it runs: its levels, the peak working memory of
// the largest one and the convolution work of every evaluation. Plain C++, so
// the CLI's --dry-run and the GUI can show it while the user is still choosing.

#include <cstdint>
#include <vector>

#include "shuimo/engine/image.h"
#include "shuimo/engine/memory_plan.h"
#include "shuimo/engine/schedule.h"
#include "shuimo/engine/style_params.h"

namespace shuimo::engine {

struct LevelPlan {
    Level level;
    MemoryEstimate memory;
    double gflop_per_evaluation = 0.0;  // forward + backward through VGG-19, Grams included
    bool checkpointed = false;          // gradient checkpointing (a recomputed forward pass)
    int lbfgs_history = 100;            // as the memory budget leaves it
};

struct JobPlan {
    Size output;
    std::vector<LevelPlan> levels;      // coarse to fine; levels with no evaluations are left out
    int total_iterations = 0;
    std::uint64_t peak_bytes = 0;       // the largest level's working memory
    double total_gflop = 0.0;           // every evaluation of every level, plus the targets' passes

    // Wall-clock estimate at a sustained throughput (GFLOP/s, as measured by
    // measure_throughput_gflops): the convolution work plus the optimiser's
    // share, which docs/BENCHMARKS.md puts at about a tenth.
    double seconds_at(double gflops_per_second) const;
};

// Convolution and Gram work of one evaluation at width x height (GFLOP).
// Forward through every convolution up to the deepest layer in use, the
// backward pass to the image (no weight gradients: about as much again), and
// the Gram matrices with their gradients.
// Checkpointed, every block's forward pass runs twice.
double evaluation_gflop(int width, int height, const StyleParams& params, bool checkpointed = false);

// The plan for a content image of content_width x content_height.
// conv_bytes: 4 for fp32 convolutions, 2 for bf16/fp16. free_memory: what the
// device has free (0 = unknown); with params.checkpointing == Auto a level is
// planned checkpointed when it would not fit in params.max_memory, or else in
// free_memory, as the engine decides. Throws ConfigError.
JobPlan plan_job(int content_width, int content_height, const StyleParams& params, int conv_bytes = 4,
                 std::uint64_t free_memory = 0);

}  // namespace shuimo::engine
