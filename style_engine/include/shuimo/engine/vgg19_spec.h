#pragma once
// The VGG-19 layer table, named as in the paper and in neural-style
// (conv1_1, relu1_1, ..., pool5), with torchvision's `features.N` indices.

#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace shuimo::engine {

struct StyleParams;

enum class VggLayerType { Conv, Relu, Pool };

struct VggLayer {
    std::string_view name;   // "conv3_2"
    VggLayerType type;
    int index;               // position in torchvision's vgg19().features
    int in_channels;         // channels entering the layer
    int out_channels;        // channels leaving it
    int downsample;          // spatial divisor of the layer's output relative to the input image
};

// All 37 layers of vgg19().features in order.
std::span<const VggLayer> vgg19_layers();

// Throws ConfigError listing the valid names when `name` is not a layer.
const VggLayer& find_vgg19_layer(std::string_view name);

// The deepest layer the job reads (content and style layers together): how far
// the forward pass runs and, through its downsample, the smallest side a level
// may have. nullptr when params name no layer. Throws ConfigError for an unknown name.
// The one place this is decided: the schedule, the planner, the memory
// estimate and the runner all ask here.
const VggLayer* deepest_layer(const StyleParams& params);

// How many input pixels on each side of an output position's block (downsample
// pixels a side) the layer's value depends on: 70 for conv5_1 (receptive field
// 156 = 70 + 16 + 70). A window of an image with this much context around a region
// gives that region exactly the whole image's features there (given the window's
// origin on the downsample lattice).
int context_pixels(const VggLayer& layer);

// The 16 convolutions' tensor names and shapes as torchvision/timm store them:
// features.{0,2,5,...,34}.weight [out, in, 3, 3] and .bias [out].
struct ConvWeightSpec {
    std::string_view layer;  // "conv1_1"
    int index;               // torchvision features index
    std::string weight_name; // "features.0.weight"
    std::string bias_name;   // "features.0.bias"
    int in_channels;
    int out_channels;
};
std::vector<ConvWeightSpec> vgg19_conv_specs();

}  // namespace shuimo::engine
