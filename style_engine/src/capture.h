#pragma once
// Which VGG-19 layers a job reads, and where each loss finds its maps in the
// forward pass's output. Internal to the engine.

#include <torch/torch.h>

#include <cstddef>
#include <vector>

#include "shuimo/engine/style_params.h"

namespace shuimo::engine {

struct Capture {
    std::vector<int> indices;                // unique torchvision indices passed to forward()
    std::vector<std::size_t> content_slots;  // position of each content layer in `indices`
    std::vector<std::size_t> style_slots;
};

Capture make_capture(const StyleParams& params);

// The maps at `slots`, in order.
std::vector<torch::Tensor> pick(const std::vector<torch::Tensor>& all, const std::vector<std::size_t>& slots);

}  // namespace shuimo::engine
