#pragma once
// VGG-19 convolutional feature extractor (torch). Internal to the engine.

#include <torch/torch.h>

#include <string>
#include <vector>

#include "shuimo/engine/safetensors.h"
#include "shuimo/engine/style_params.h"

namespace shuimo::engine {

// ImageNet statistics that torchvision's VGG-19 was trained with.
inline constexpr float kImagenetMean[3] = {0.485f, 0.456f, 0.406f};
inline constexpr float kImagenetStd[3] = {0.229f, 0.224f, 0.225f};

class Vgg19FeaturesImpl : public torch::nn::Module {
public:
    Vgg19FeaturesImpl();

    // Copies the 16 convolutions' weights out of a checked safetensors file
    // (F32, F16 or BF16 on disk, fp32 in memory).
    void load_weights(const SafetensorsFile& file);

    // image: [N, 3, H, W] RGB in [0, 1]. Returns the activations of the layers at
    // `capture` (torchvision features indices, any order, no duplicates), in that
    // order. Runs only as far as the deepest requested layer.
    //
    // checkpoint: keep only each block's input (and the captured maps) for the
    // backward pass and recompute the block's inner activations there, one
    // block at a time: less memory for about one more forward pass. Only
    // matters when gradients are being recorded.
    std::vector<torch::Tensor> forward(const torch::Tensor& image, const std::vector<int>& capture,
                                       PoolingKind pooling, bool checkpoint = false);

    // Runs layers [first, last] (torchvision indices) on x, storing the
    // captured ones in `outputs`. Used by forward and by checkpointed blocks.
    torch::Tensor run_layers(torch::Tensor x, int first, int last, const std::vector<int>& capture,
                             PoolingKind pooling, std::vector<torch::Tensor>& outputs);

private:
    std::vector<torch::nn::Conv2d> convs_;  // indexed by convolution number 0..15
    torch::Tensor mean_;
    torch::Tensor std_;
};
TORCH_MODULE(Vgg19Features);

// torchvision indices of the named layers, in the given order. Throws ConfigError.
std::vector<int> layer_indices(const std::vector<std::string>& names);

}  // namespace shuimo::engine
