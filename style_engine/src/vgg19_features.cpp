#include "vgg19_features.h"

#include <algorithm>
#include <bit>
#include <cstring>

#include "shuimo/engine/errors.h"
#include "shuimo/engine/vgg19_spec.h"

namespace shuimo::engine {

static_assert(std::endian::native == std::endian::little, "safetensors data is little-endian");

torch::Tensor tensor_from_entry(const SafetensorsFile& file, const TensorEntry& entry) {
    torch::ScalarType type = torch::kFloat32;
    switch (entry.dtype) {
    case TensorDtype::F32: type = torch::kFloat32; break;
    case TensorDtype::F16: type = torch::kFloat16; break;
    case TensorDtype::BF16: type = torch::kBFloat16; break;
    case TensorDtype::Other: throw WeightsError("tensor " + entry.name + " has unsupported dtype " + entry.dtype_name,
                                                ErrorCode::WeightsUnusable, {file.path().filename().string()});
    }
    const auto bytes = file.bytes(entry);
    torch::Tensor tensor = torch::empty(entry.shape, torch::TensorOptions().dtype(type));
    // memcpy rather than from_blob: the mapping gives no alignment guarantee.
    std::memcpy(tensor.data_ptr(), bytes.data(), bytes.size());
    return tensor.to(torch::kFloat32);
}

Preprocessing preprocessing_of(const SafetensorsFile& file) {
    const auto it = file.metadata().find(kPreprocessingMetadataKey);
    if (it == file.metadata().end() || it->second == "torchvision") return Preprocessing::Torchvision;
    if (it->second == "caffe") return Preprocessing::Caffe;
    throw WeightsError("weights file " + file.path().string() + ": unknown preprocessing '" + it->second + "' in " +
                       kPreprocessingMetadataKey + " (this version knows \"torchvision\" and \"caffe\"): install "
                           "the model again with this version of Shuimo (shuimo-cli models import FILE)",
                       ErrorCode::WeightsUnusable, {file.path().filename().string()});
}

Vgg19FeaturesImpl::Vgg19FeaturesImpl() {
    for (const auto& spec : vgg19_conv_specs()) {
        auto conv = torch::nn::Conv2d(torch::nn::Conv2dOptions(spec.in_channels, spec.out_channels, 3).padding(1));
        convs_.push_back(register_module(std::string(spec.layer), conv));
    }
    mean_ = register_parameter("mean", torch::tensor({kImagenetMean[0], kImagenetMean[1], kImagenetMean[2]}).view({1, 3, 1, 1}));
    std_ = register_parameter("std", torch::tensor({kImagenetStd[0], kImagenetStd[1], kImagenetStd[2]}).view({1, 3, 1, 1}));
    for (auto& parameter : parameters()) parameter.requires_grad_(false);
}

void Vgg19FeaturesImpl::load_weights(const SafetensorsFile& file) { load_weights(file, preprocessing_of(file)); }

void Vgg19FeaturesImpl::load_weights(const SafetensorsFile& file, Preprocessing preprocessing) {
    validate_vgg19_weights(file);
    torch::NoGradGuard no_grad;
    const auto specs = vgg19_conv_specs();
    for (std::size_t i = 0; i < specs.size(); ++i) {
        convs_[i]->weight.copy_(tensor_from_entry(file, *file.find(specs[i].weight_name)));
        convs_[i]->bias.copy_(tensor_from_entry(file, *file.find(specs[i].bias_name)));
        if (!torch::isfinite(convs_[i]->weight).all().item<bool>() || !torch::isfinite(convs_[i]->bias).all().item<bool>()) {
            throw WeightsError("weights file " + file.path().string() + ": tensor " + specs[i].weight_name +
                               " or its bias holds NaN or infinite values: the file is corrupt, download it again",
                               ErrorCode::WeightsUnusable, {file.path().filename().string()});
        }
    }
    if (preprocessing == Preprocessing::Caffe) {
        // Caffe's conv1_1 reads BGR: reversing its input channels makes it read RGB: the same network.
        convs_[0]->weight.copy_(convs_[0]->weight.flip({1}));
        mean_.copy_(torch::tensor({kCaffeMeanRgb[0] / 255.0f, kCaffeMeanRgb[1] / 255.0f, kCaffeMeanRgb[2] / 255.0f})
                        .view({1, 3, 1, 1}));
        std_.fill_(1.0f / 255.0f);
    } else {
        mean_.copy_(torch::tensor({kImagenetMean[0], kImagenetMean[1], kImagenetMean[2]}).view({1, 3, 1, 1}));
        std_.copy_(torch::tensor({kImagenetStd[0], kImagenetStd[1], kImagenetStd[2]}).view({1, 3, 1, 1}));
    }
    preprocessing_ = preprocessing;
}

namespace {

int slot_of(const std::vector<int>& capture, int index) {
    const auto it = std::find(capture.begin(), capture.end(), index);
    return it == capture.end() ? -1 : static_cast<int>(it - capture.begin());
}

// What a checkpointed block needs to run again in the backward pass.
struct BlockSpec : torch::CustomClassHolder {
    Vgg19FeaturesImpl* net = nullptr;
    int first = 0;
    int last = 0;
    std::vector<int> capture;           // the job's capture list (indices)
    std::vector<int> captured_here;     // the slots captured inside this block, in output order
    PoolingKind pooling = PoolingKind::Max;
};

// One VGG block as a single autograd node: the forward pass keeps only the
// block's input; the backward pass recomputes the block with gradients and
// back-propagates through it. Outputs: the block's output, then its captured maps.
struct CheckpointedBlock : torch::autograd::Function<CheckpointedBlock> {
    static torch::autograd::variable_list forward(torch::autograd::AutogradContext* ctx, const torch::Tensor& input,
                                                  const c10::intrusive_ptr<BlockSpec>& spec) {
        ctx->save_for_backward({input});
        ctx->saved_data["spec"] = c10::IValue::make_capsule(spec);
        std::vector<torch::Tensor> outputs(spec->capture.size());
        torch::autograd::variable_list result{
            spec->net->run_layers(input, spec->first, spec->last, spec->capture, spec->pooling, outputs)};
        for (const int slot : spec->captured_here) {
            const torch::Tensor& captured = outputs[static_cast<std::size_t>(slot)];
            // An output may not appear twice: a block's last layer captured gets its own tensor.
            result.push_back(captured.is_same(result.front()) ? captured.clone() : captured);
        }
        return result;
    }

    static torch::autograd::variable_list backward(torch::autograd::AutogradContext* ctx,
                                                   torch::autograd::variable_list grads) {
        const auto spec = c10::static_intrusive_pointer_cast<BlockSpec>(ctx->saved_data["spec"].toCapsule());
        const torch::Tensor input = ctx->get_saved_variables()[0].detach().requires_grad_(true);
        torch::autograd::variable_list recomputed;
        {
            const torch::AutoGradMode enable(true);
            std::vector<torch::Tensor> outputs(spec->capture.size());
            recomputed.push_back(spec->net->run_layers(input, spec->first, spec->last, spec->capture, spec->pooling, outputs));
            for (const int slot : spec->captured_here) recomputed.push_back(outputs[static_cast<std::size_t>(slot)]);
        }
        torch::autograd::variable_list used_outputs, used_grads;
        for (std::size_t i = 0; i < recomputed.size(); ++i) {
            if (grads[i].defined()) {
                used_outputs.push_back(recomputed[i]);
                used_grads.push_back(grads[i]);
            }
        }
        if (used_outputs.empty()) return {torch::zeros_like(input), torch::Tensor()};
        return {torch::autograd::grad(used_outputs, {input}, used_grads)[0], torch::Tensor()};
    }
};

}  // namespace

torch::Tensor Vgg19FeaturesImpl::run_layers(torch::Tensor x, int first, int last, const std::vector<int>& capture,
                                            PoolingKind pooling, std::vector<torch::Tensor>& outputs) {
    int conv_number = 0;
    for (const auto& layer : vgg19_layers()) {
        if (layer.index > last) break;
        if (layer.index < first) {
            if (layer.type == VggLayerType::Conv) ++conv_number;
            continue;
        }
        switch (layer.type) {
        case VggLayerType::Conv: x = convs_[static_cast<std::size_t>(conv_number++)]->forward(x); break;
        case VggLayerType::Relu:
            // In place saves a feature map per layer, unless the conv output itself was captured.
            x = slot_of(capture, layer.index - 1) >= 0 ? torch::relu(x) : torch::relu_(x);
            break;
        case VggLayerType::Pool:
            x = pooling == PoolingKind::Max ? torch::max_pool2d(x, 2, 2) : torch::avg_pool2d(x, 2, 2);
            break;
        }
        if (const int slot = slot_of(capture, layer.index); slot >= 0) outputs[static_cast<std::size_t>(slot)] = x;
    }
    return x;
}

std::vector<torch::Tensor> Vgg19FeaturesImpl::forward(const torch::Tensor& image, const std::vector<int>& capture,
                                                      PoolingKind pooling, bool checkpoint) {
    std::vector<torch::Tensor> outputs(capture.size());
    if (capture.empty()) return outputs;
    const int deepest = *std::max_element(capture.begin(), capture.end());

    torch::Tensor x = (image - mean_) / std_;
    if (!checkpoint || !torch::GradMode::is_enabled() || !x.requires_grad()) {
        run_layers(x, 0, deepest, capture, pooling, outputs);
        return outputs;
    }
    // Blocks end at the pooling layers (conv1_1 ... pool1, ..., conv5_1 ... pool5).
    int first = 0;
    for (const auto& layer : vgg19_layers()) {
        if (layer.index > deepest) break;
        if (layer.type != VggLayerType::Pool && layer.index != deepest) continue;
        auto spec = c10::make_intrusive<BlockSpec>();
        spec->net = this;
        spec->first = first;
        spec->last = layer.index;
        spec->capture = capture;
        spec->pooling = pooling;
        for (std::size_t slot = 0; slot < capture.size(); ++slot) {
            if (capture[slot] >= first && capture[slot] <= layer.index) spec->captured_here.push_back(static_cast<int>(slot));
        }
        const auto results = CheckpointedBlock::apply(x, spec);
        x = results[0];
        for (std::size_t i = 0; i < spec->captured_here.size(); ++i)
            outputs[static_cast<std::size_t>(spec->captured_here[i])] = results[i + 1];
        first = layer.index + 1;
    }
    return outputs;
}

std::vector<int> layer_indices(const std::vector<std::string>& names) {
    std::vector<int> indices;
    indices.reserve(names.size());
    for (const auto& name : names) indices.push_back(find_vgg19_layer(name).index);
    return indices;
}

}  // namespace shuimo::engine
