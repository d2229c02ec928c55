#include "shuimo/engine/vgg19_spec.h"

#include <array>

#include "shuimo/engine/errors.h"
#include "shuimo/engine/style_params.h"

namespace shuimo::engine {
namespace {

using T = VggLayerType;

constexpr std::array<VggLayer, 37> kLayers{{
    {"conv1_1", T::Conv, 0, 3, 64, 1},      {"relu1_1", T::Relu, 1, 64, 64, 1},
    {"conv1_2", T::Conv, 2, 64, 64, 1},     {"relu1_2", T::Relu, 3, 64, 64, 1},
    {"pool1", T::Pool, 4, 64, 64, 2},
    {"conv2_1", T::Conv, 5, 64, 128, 2},    {"relu2_1", T::Relu, 6, 128, 128, 2},
    {"conv2_2", T::Conv, 7, 128, 128, 2},   {"relu2_2", T::Relu, 8, 128, 128, 2},
    {"pool2", T::Pool, 9, 128, 128, 4},
    {"conv3_1", T::Conv, 10, 128, 256, 4},  {"relu3_1", T::Relu, 11, 256, 256, 4},
    {"conv3_2", T::Conv, 12, 256, 256, 4},  {"relu3_2", T::Relu, 13, 256, 256, 4},
    {"conv3_3", T::Conv, 14, 256, 256, 4},  {"relu3_3", T::Relu, 15, 256, 256, 4},
    {"conv3_4", T::Conv, 16, 256, 256, 4},  {"relu3_4", T::Relu, 17, 256, 256, 4},
    {"pool3", T::Pool, 18, 256, 256, 8},
    {"conv4_1", T::Conv, 19, 256, 512, 8},  {"relu4_1", T::Relu, 20, 512, 512, 8},
    {"conv4_2", T::Conv, 21, 512, 512, 8},  {"relu4_2", T::Relu, 22, 512, 512, 8},
    {"conv4_3", T::Conv, 23, 512, 512, 8},  {"relu4_3", T::Relu, 24, 512, 512, 8},
    {"conv4_4", T::Conv, 25, 512, 512, 8},  {"relu4_4", T::Relu, 26, 512, 512, 8},
    {"pool4", T::Pool, 27, 512, 512, 16},
    {"conv5_1", T::Conv, 28, 512, 512, 16}, {"relu5_1", T::Relu, 29, 512, 512, 16},
    {"conv5_2", T::Conv, 30, 512, 512, 16}, {"relu5_2", T::Relu, 31, 512, 512, 16},
    {"conv5_3", T::Conv, 32, 512, 512, 16}, {"relu5_3", T::Relu, 33, 512, 512, 16},
    {"conv5_4", T::Conv, 34, 512, 512, 16}, {"relu5_4", T::Relu, 35, 512, 512, 16},
    {"pool5", T::Pool, 36, 512, 512, 32},
}};

}  // namespace

std::span<const VggLayer> vgg19_layers() { return kLayers; }

const VggLayer& find_vgg19_layer(std::string_view name) {
    for (const auto& layer : kLayers) {
        if (layer.name == name) return layer;
    }
    std::string valid;
    for (const auto& layer : kLayers) {
        if (!valid.empty()) valid += ", ";
        valid += layer.name;
    }
    throw ConfigError("unknown VGG-19 layer '" + std::string(name) + "'; valid layers are: " + valid);
}

const VggLayer* deepest_layer(const StyleParams& params) {
    const VggLayer* deepest = nullptr;
    for (const auto* names : {&params.content_layers, &params.style_layers}) {
        for (const auto& name : *names) {
            const VggLayer& layer = find_vgg19_layer(name);
            if (deepest == nullptr || layer.index > deepest->index) deepest = &layer;
        }
    }
    return deepest;
}

int context_pixels(const VggLayer& layer) {
    // Walk the layers up to this one: a 3x3 convolution (padding 1) widens the field by one
    // step of its input's spacing each side; a 2x2 pooling of stride 2 by one step after it.
    int before = 0;  // pixels before the first input pixel of an output's block
    int spacing = 1;
    for (const auto& l : kLayers) {
        if (l.type == VggLayerType::Conv) before += spacing;
        if (l.type == VggLayerType::Pool) spacing *= 2;
        if (l.index == layer.index) break;
    }
    return before;
}

std::vector<ConvWeightSpec> vgg19_conv_specs() {
    std::vector<ConvWeightSpec> specs;
    for (const auto& layer : kLayers) {
        if (layer.type != VggLayerType::Conv) continue;
        const std::string prefix = "features." + std::to_string(layer.index);
        specs.push_back({layer.name, layer.index, prefix + ".weight", prefix + ".bias", layer.in_channels,
                         layer.out_channels});
    }
    return specs;
}

}  // namespace shuimo::engine
