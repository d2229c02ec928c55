#include "model_cache.h"

namespace shuimo::engine {

Vgg19Features& ModelCache::get(torch::ScalarType dtype, const torch::Device& device, bool channels_last) {
    Vgg19Features* net = &model_;
    if (dtype != torch::kFloat) {
        auto it = reduced_.find(dtype);
        if (it == reduced_.end()) {
            Vgg19Features copy;
            torch::NoGradGuard no_grad;
            const auto source = model_->named_parameters();
            for (auto& item : copy->named_parameters()) item.value().copy_(source[item.key()].to(torch::kCPU));
            copy->eval();
            it = reduced_.emplace(dtype, copy).first;
        }
        net = &it->second;
    }
    (*net)->to(device, dtype == torch::kFloat ? torch::kFloat : dtype);
    const auto format = channels_last ? torch::MemoryFormat::ChannelsLast : torch::MemoryFormat::Contiguous;
    torch::NoGradGuard no_grad;
    for (auto& parameter : (*net)->parameters()) {
        if (parameter.dim() == 4 && !parameter.is_contiguous(format)) parameter.set_data(parameter.contiguous(format));
    }
    return *net;
}

}  // namespace shuimo::engine
