#pragma once
// Which VGG-19 layers a job reads, and where each loss finds its maps in the
// forward pass's output. Internal to the engine.

#include <torch/torch.h>

#include <cstddef>
#include <vector>

#include "shuimo/engine/style_params.h"
#include "shuimo/engine/tiling.h"

namespace shuimo::engine {

struct Capture {
    std::vector<int> indices;                // unique torchvision indices passed to forward()
    std::vector<std::size_t> content_slots;  // position of each content layer in `indices`
    std::vector<std::size_t> style_slots;
    std::vector<int> downsample;             // each index's spatial divisor (vgg19_spec.h)
};

Capture make_capture(const StyleParams& params);

// The maps at `slots`, in order.
// Each map cut to the positions over `region` of the network's input (a block of
// `downsample[i]` pixels a side per position; a partly covered block is kept).
std::vector<torch::Tensor> crop_to(const std::vector<torch::Tensor>& maps, const std::vector<int>& downsample, TileRect region);

std::vector<torch::Tensor> pick(const std::vector<torch::Tensor>& all, const std::vector<std::size_t>& slots);

}  // namespace shuimo::engine
