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
    return capture;
}

std::vector<torch::Tensor> pick(const std::vector<torch::Tensor>& all, const std::vector<std::size_t>& slots) {
    std::vector<torch::Tensor> out;
    out.reserve(slots.size());
    for (const auto slot : slots) out.push_back(all[slot]);
    return out;
}

}  // namespace shuimo::engine
