#pragma once
// Seeded random weights with exactly the names and shapes of torchvision's
// VGG-19 features (He-initialised so activations neither vanish nor explode).
// For tests and timing only: they are not a trained model and the app never
// loads them.

#include <cstdint>
#include <filesystem>
#include <vector>

#include "shuimo/engine/safetensors.h"

namespace shuimo::testing {

struct RandomWeightsOptions {
    std::uint64_t seed = 1;
    engine::TensorDtype dtype = engine::TensorDtype::F32;
    bool with_classifier = false;  // add small extra tensors that a loader must ignore
};

std::vector<engine::TensorToWrite> random_vgg19_tensors(const RandomWeightsOptions& options);
void write_random_vgg19_weights(const std::filesystem::path& path, const RandomWeightsOptions& options = {});

// IEEE half and bfloat16 encodings (round to nearest even), little-endian bytes.
std::uint16_t float_to_half_bits(float value);
std::uint16_t float_to_bf16_bits(float value);

}  // namespace shuimo::testing
