#include "random_weights.h"

#include <bit>
#include <cmath>
#include <cstring>
#include <random>

#include "shuimo/engine/vgg19_spec.h"

namespace shuimo::testing {
namespace {

// Box-Muller on mt19937_64 bits: the same numbers on every standard library.
class NormalSource {
public:
    explicit NormalSource(std::uint64_t seed) : rng_(seed) {}
    float next() {
        if (has_spare_) {
            has_spare_ = false;
            return spare_;
        }
        const double u1 = (static_cast<double>(rng_() >> 11) + 1.0) / 9007199254740993.0;  // (0, 1]
        const double u2 = static_cast<double>(rng_() >> 11) / 9007199254740992.0;
        const double r = std::sqrt(-2.0 * std::log(u1));
        spare_ = static_cast<float>(r * std::sin(2.0 * M_PI * u2));
        has_spare_ = true;
        return static_cast<float>(r * std::cos(2.0 * M_PI * u2));
    }

private:
    std::mt19937_64 rng_;
    float spare_ = 0.0f;
    bool has_spare_ = false;
};

void append(std::vector<std::byte>& out, std::uint16_t bits) {
    out.push_back(static_cast<std::byte>(bits & 0xFF));
    out.push_back(static_cast<std::byte>(bits >> 8));
}

engine::TensorToWrite make_tensor(const std::string& name, std::vector<std::int64_t> shape, float stddev,
                                  NormalSource& normal, engine::TensorDtype dtype) {
    std::int64_t count = 1;
    for (const auto d : shape) count *= d;
    engine::TensorToWrite tensor{name, dtype, std::move(shape), {}};
    tensor.data.reserve(static_cast<std::size_t>(count) * engine::element_size(dtype));
    for (std::int64_t i = 0; i < count; ++i) {
        const float value = normal.next() * stddev;
        switch (dtype) {
        case engine::TensorDtype::F32: {
            const auto bits = std::bit_cast<std::uint32_t>(value);
            for (int b = 0; b < 4; ++b) tensor.data.push_back(static_cast<std::byte>((bits >> (8 * b)) & 0xFF));
            break;
        }
        case engine::TensorDtype::F16: append(tensor.data, float_to_half_bits(value)); break;
        case engine::TensorDtype::BF16: append(tensor.data, float_to_bf16_bits(value)); break;
        case engine::TensorDtype::Other: break;
        }
    }
    return tensor;
}

}  // namespace

std::uint16_t float_to_bf16_bits(float value) {
    const auto bits = std::bit_cast<std::uint32_t>(value);
    const std::uint32_t rounding = 0x7FFF + ((bits >> 16) & 1);
    return static_cast<std::uint16_t>((bits + rounding) >> 16);
}

std::uint16_t float_to_half_bits(float value) {
    const auto bits = std::bit_cast<std::uint32_t>(value);
    const std::uint32_t sign = (bits >> 16) & 0x8000;
    const int exponent = static_cast<int>((bits >> 23) & 0xFF) - 127 + 15;
    std::uint32_t mantissa = bits & 0x7FFFFF;
    if (exponent >= 31) return static_cast<std::uint16_t>(sign | 0x7C00);  // overflow to infinity (no NaNs here)
    if (exponent <= 0) {
        if (exponent < -10) return static_cast<std::uint16_t>(sign);
        mantissa |= 0x800000;
        const int shift = 14 - exponent;
        std::uint32_t half = mantissa >> shift;
        const std::uint32_t remainder = mantissa & ((1u << shift) - 1);
        const std::uint32_t midpoint = 1u << (shift - 1);
        if (remainder > midpoint || (remainder == midpoint && (half & 1))) ++half;
        return static_cast<std::uint16_t>(sign | half);
    }
    std::uint32_t half = (static_cast<std::uint32_t>(exponent) << 10) | (mantissa >> 13);
    const std::uint32_t remainder = mantissa & 0x1FFF;
    if (remainder > 0x1000 || (remainder == 0x1000 && (half & 1))) ++half;  // may carry into the exponent: correct
    return static_cast<std::uint16_t>(sign | half);
}

std::vector<engine::TensorToWrite> random_vgg19_tensors(const RandomWeightsOptions& options) {
    NormalSource normal(options.seed);
    std::vector<engine::TensorToWrite> tensors;
    for (const auto& spec : engine::vgg19_conv_specs()) {
        const float he = std::sqrt(2.0f / static_cast<float>(spec.in_channels * 9));
        tensors.push_back(make_tensor(spec.weight_name, {spec.out_channels, spec.in_channels, 3, 3}, he, normal, options.dtype));
        tensors.push_back(make_tensor(spec.bias_name, {spec.out_channels}, 0.01f, normal, options.dtype));
    }
    if (options.with_classifier) {
        // Not a classifier's names: a file with a (partial) classifier is refused by the behaviour check
        // (model_store/behaviour_check.h); tests that need a classifier write one (tst_behaviour_check).
        tensors.push_back(make_tensor("aux_head.0.weight", {16, 32}, 0.1f, normal, options.dtype));
        tensors.push_back(make_tensor("aux_head.0.bias", {16}, 0.1f, normal, options.dtype));
    }
    return tensors;
}

void write_random_vgg19_weights(const std::filesystem::path& path, const RandomWeightsOptions& options) {
    engine::write_safetensors(path, random_vgg19_tensors(options),
                              {{"format", "pt"}, {"shuimo_note", "random test weights, not a trained model"}});
}

}  // namespace shuimo::testing
