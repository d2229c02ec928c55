#pragma once
// How much memory a job will need, before it runs: plain arithmetic over the
// VGG-19 layer table, the image size, the optimiser and the precision.

#include <cstdint>

#include "shuimo/engine/style_params.h"

namespace shuimo::engine {

struct MemoryEstimate {
    std::uint64_t activations = 0;  // saved for the backward pass (feature maps, pooling indices)
    std::uint64_t backward = 0;     // gradients alive at once during the backward pass, Gram temporaries
    std::uint64_t optimizer = 0;    // L-BFGS history or Adam moments, the image and its copies
    std::uint64_t fixed = 0;        // size-independent working memory (oneDNN scratch, allocator slack)
    std::uint64_t total() const { return activations + backward + optimizer + fixed; }
};

// Working memory of one level of width x height running `iterations`
// evaluations, on top of what the process already holds (LibTorch, weights).
// conv_bytes: bytes per convolution element (4 for fp32, 2 for bf16/fp16).
// checkpointed: VGG blocks recompute their activations in the backward pass
// (vgg19_features.h), so only block inputs, captured maps and one block's
// insides are alive at once. on_sine: the level runs the sine start (job_plan.h,
// starts_on_sine), which keeps z and its gradient beside the image.
MemoryEstimate estimate_level_memory(int width, int height, const StyleParams& params, int iterations, int conv_bytes = 4,
                                     bool checkpointed = false, bool on_sine = false);

}  // namespace shuimo::engine
