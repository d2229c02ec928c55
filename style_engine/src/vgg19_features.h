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
// The per-channel mean of the original Caffe VGG-19, in RGB order (Caffe lists it as BGR 103.939, 116.779, 123.68),
// on a [0, 255] scale.
inline constexpr float kCaffeMeanRgb[3] = {123.68f, 116.779f, 103.939f};

// The key in a weights file's __metadata__ naming the input the weights expect.
inline constexpr const char* kPreprocessingMetadataKey = "shuimo.preprocessing";

// How an RGB image in [0, 1] is turned into the network's input.
enum class Preprocessing {
    Torchvision,  // RGB, minus ImageNet mean, divided by ImageNet std (absent metadata means this)
    Caffe,        // BGR in [0, 255] minus kCaffeMeanRgb (per channel), no division
};

// "torchvision" / "caffe"; throws WeightsError naming the file and the valid values otherwise.
Preprocessing preprocessing_of(const SafetensorsFile& file);

// One tensor of a checked file as fp32 (F32, F16 or BF16 on disk); throws WeightsError for other dtypes.
torch::Tensor tensor_from_entry(const SafetensorsFile& file, const TensorEntry& entry);

class Vgg19FeaturesImpl : public torch::nn::Module {
public:
    Vgg19FeaturesImpl();

    // Copies the 16 convolutions' weights out of a checked safetensors file
    // (F32, F16 or BF16 on disk, fp32 in memory) and sets the preprocessing the
    // file's metadata names (see preprocessing_of).
    void load_weights(const SafetensorsFile& file);
    // The same with the preprocessing given, whatever the metadata says (a source file before
    // installation, whose preprocessing the catalogue names).
    void load_weights(const SafetensorsFile& file, Preprocessing preprocessing);

    Preprocessing preprocessing() const { return preprocessing_; }

    // image: [N, 3, H, W] RGB in [0, 1], whatever the model; the model's own
    // preprocessing is applied here. Returns the activations of the layers at
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
    // input = (image - mean_) / std_, both [1, 3, 1, 1] in RGB order. Frozen parameters rather than
    // buffers so that a copy made by copying named_parameters() (the engine's fp16/bf16 copies) keeps
    // the model's preprocessing. Caffe's BGR order is folded into conv1_1's weights at load time.
    torch::Tensor mean_;
    torch::Tensor std_;
    Preprocessing preprocessing_ = Preprocessing::Torchvision;
};
TORCH_MODULE(Vgg19Features);

// torchvision indices of the named layers, in the given order. Throws ConfigError.
std::vector<int> layer_indices(const std::vector<std::string>& names);

}  // namespace shuimo::engine
