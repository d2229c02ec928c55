#include "capture.h"

#include <algorithm>

#include "shuimo/engine/vgg19_spec.h"
#include "vgg19_features.h"

namespace shuimo::engine {

Capture make_capture(const StyleParams& params) {
    Capture capture;
    auto slot_for = [&](int index) {
        const auto it = std::find(capture.indices.begin(), capture.indices.end(), index);
        if (it != capture.indices.end()) return static_cast<std::size_t>(it - capture.indices.begin());
        capture.indices.push_back(index);
        return capture.indices.size() - 1;
    };
    for (const int index : layer_indices(params.content_layers)) capture.content_slots.push_back(slot_for(index));
    for (const int index : layer_indices(params.style_layers)) capture.style_slots.push_back(slot_for(index));
    for (const int index : capture.indices) {
        for (const auto& layer : vgg19_layers())
            if (layer.index == index) capture.downsample.push_back(layer.downsample);
    }
    return capture;
}

std::vector<torch::Tensor> crop_to(const std::vector<torch::Tensor>& maps, const std::vector<int>& downsample, TileRect region) {
    std::vector<torch::Tensor> out;
    out.reserve(maps.size());
    for (std::size_t i = 0; i < maps.size(); ++i) {
        const torch::Tensor& f = maps[i];
        const int ds = downsample[i];
        const int height = static_cast<int>(f.size(2));
        const int width = static_cast<int>(f.size(3));
        const int y0 = std::min(region.y / ds, height - 1);
        const int x0 = std::min(region.x / ds, width - 1);
        const int y1 = std::clamp((region.y + region.height + ds - 1) / ds, y0 + 1, height);
        const int x1 = std::clamp((region.x + region.width + ds - 1) / ds, x0 + 1, width);
        out.push_back(f.narrow(2, y0, y1 - y0).narrow(3, x0, x1 - x0));
    }
    return out;
}

std::vector<torch::Tensor> pick(const std::vector<torch::Tensor>& all, const std::vector<std::size_t>& slots) {
    std::vector<torch::Tensor> out;
    out.reserve(slots.size());
    for (const auto slot : slots) out.push_back(all[slot]);
    return out;
}

}  // namespace shuimo::engine
