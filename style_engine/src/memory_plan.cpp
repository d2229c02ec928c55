#include "shuimo/engine/memory_plan.h"

#include <algorithm>
#include <string>
#include <vector>

#include "shuimo/engine/vgg19_spec.h"

namespace shuimo::engine {

MemoryEstimate estimate_level_memory(int width, int height, const StyleParams& params, int iterations, int conv_bytes,
                                     bool checkpointed, bool on_sine) {
    const double pixels = static_cast<double>(width) * height;
    const VggLayer* deepest_in_use = deepest_layer(params);
    const int deepest = deepest_in_use != nullptr ? deepest_in_use->index : 0;
    std::vector<int> captured_indices;
    for (const auto* names : {&params.content_layers, &params.style_layers})
        for (const auto& name : *names) captured_indices.push_back(find_vgg19_layer(name).index);
    auto is_captured = [&](int index) {
        return std::find(captured_indices.begin(), captured_indices.end(), index) != captured_indices.end();
    };

    // Forward: every convolution output is kept (ReLU runs in place on it) and
    // every max-pool keeps its output and int64 indices, up to the deepest layer.
    // Checkpointed, a block keeps only its input and captured maps; the backward
    // pass rebuilds one block's insides at a time.
    const double image_bytes = 3.0 * 4 + 3.0 * conv_bytes;  // the fp32 image and its normalised copy
    double saved = image_bytes;
    double kept = image_bytes;   // checkpointed: block inputs and captured maps
    double block = 0;            // checkpointed: the current block's insides
    double largest_block = 0;
    double largest_map = 0;
    for (const auto& layer : vgg19_layers()) {
        if (layer.index > deepest) break;
        const double elements = layer.out_channels / static_cast<double>(layer.downsample * layer.downsample);
        double layer_bytes = 0;
        if (layer.type == VggLayerType::Conv) {
            layer_bytes = elements * conv_bytes;
            largest_map = std::max(largest_map, elements);
        } else if (layer.type == VggLayerType::Pool) {
            layer_bytes = elements * conv_bytes + (params.pooling == PoolingKind::Max ? elements * 8.0 : 0.0);
        }
        saved += layer_bytes;
        block += layer_bytes;
        if (is_captured(layer.index)) kept += elements * conv_bytes;
        if (layer.type == VggLayerType::Pool || layer.index == deepest) {
            kept += elements * conv_bytes;  // the next block's input
            largest_block = std::max(largest_block, block);
            block = 0;
        }
    }
    if (checkpointed) saved = kept + largest_block;
    MemoryEstimate estimate;
    estimate.activations = static_cast<std::uint64_t>(saved * pixels);
    // Backward: the gradient of a layer's output and of its input live together,
    // plus the fp32 Gram gradient of the largest captured map.
    estimate.backward = static_cast<std::uint64_t>((2.0 * conv_bytes + 4.0) * largest_map * pixels);
    // Optimiser: image-sized fp32 vectors. L-BFGS keeps two per remembered step
    // (params.lbfgs_history) and about eight working copies; Adam two moments and a few copies.
    // On the sine start L-BFGS works on z: z, its gradient and one temporary besides.
    const double image_vector = 3.0 * 4.0 * pixels;
    const double vectors = params.optimizer == OptimizerKind::Lbfgs
                               ? 8.0 + 2.0 * std::min(iterations, params.lbfgs_history) + (on_sine ? 3.0 : 0.0)
                               : 6.0;
    estimate.optimizer = static_cast<std::uint64_t>(vectors * image_vector);
    // Measured, not derived: what a 512² job holds beyond the terms above
    // (99 MiB with Adam, 163 MiB with L-BFGS on the CPU; docs/BENCHMARKS.md).
    estimate.fixed = 128ull << 20;
    return estimate;
}

}  // namespace shuimo::engine
