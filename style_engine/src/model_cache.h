#pragma once
// The loaded VGG-19 and its reduced-precision copies, made on first use and
// kept for the engine's lifetime. Internal to the engine.

#include <torch/torch.h>

#include <map>
#include <utility>

#include "vgg19_features.h"

namespace shuimo::engine {

class ModelCache {
public:
    explicit ModelCache(Vgg19Features model) : model_(std::move(model)) {}

    // The network with `dtype` weights on `device`; channels_last stores the
    // convolution weights NHWC (what cuDNN's tensor-core kernels read).
    Vgg19Features& get(torch::ScalarType dtype, const torch::Device& device, bool channels_last);

private:
    Vgg19Features model_;                                    // fp32, as loaded
    std::map<torch::ScalarType, Vgg19Features> reduced_;     // bf16/fp16 copies
};

}  // namespace shuimo::engine
