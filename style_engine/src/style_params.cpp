#include "shuimo/engine/style_params.h"

#include <algorithm>
#include <cctype>
#include <cmath>

#include "shuimo/engine/errors.h"
#include "shuimo/engine/param_table.h"
#include "shuimo/engine/style_engine.h"
#include "shuimo/engine/vgg19_spec.h"

namespace shuimo::engine {
namespace {

void check_layers(const char* what, const std::vector<std::string>& layers) {
    for (const auto& name : layers) find_vgg19_layer(name);  // throws with the list of valid names
    for (std::size_t i = 0; i < layers.size(); ++i) {
        if (std::find(layers.begin() + static_cast<long>(i) + 1, layers.end(), layers[i]) != layers.end())
            throw ConfigError(std::string(what) + " lists layer '" + layers[i] + "' twice");
    }
}

}  // namespace

Size fit_long_side(int width, int height, int long_side) {
    if (width <= 0 || height <= 0 || long_side <= 0) return {0, 0};
    const double scale = static_cast<double>(long_side) / std::max(width, height);
    const int w = std::max(1, static_cast<int>(std::lround(width * scale)));
    const int h = std::max(1, static_cast<int>(std::lround(height * scale)));
    return {width >= height ? long_side : w, height > width ? long_side : h};
}

Size output_size(int content_width, int content_height, int requested_long_side) {
    if (requested_long_side == 0) return {content_width, content_height};
    return fit_long_side(content_width, content_height, requested_long_side);
}

void validate(const StyleParams& params) {
    for (const auto& field : param_fields()) check_param(field, params);  // ranges, from the table
    if (params.content_layers.empty() && params.style_layers.empty())
        throw ConfigError("at least one content or style layer is needed");
    check_layers("content layers", params.content_layers);
    check_layers("style layers", params.style_layers);
    if (!params.style_layer_weights.empty() && params.style_layer_weights.size() != params.style_layers.size()) {
        throw ConfigError("style layer weights: " + std::to_string(params.style_layer_weights.size()) + " given for " +
                          std::to_string(params.style_layers.size()) + " style layers");
    }
}

std::string_view to_string(OptimizerKind kind) { return kind == OptimizerKind::Adam ? "adam" : "lbfgs"; }
std::string_view to_string(PoolingKind kind) { return kind == PoolingKind::Average ? "avg" : "max"; }
std::string_view to_string(InitKind kind) {
    switch (kind) {
    case InitKind::Content: return "content";
    case InitKind::Noise: return "noise";
    case InitKind::Image: return "image";
    }
    return "content";
}

std::string_view to_string(StyleLossKind kind) { return kind == StyleLossKind::W2 ? "w2" : "gram"; }

std::string_view to_string(RegionKind kind) {
    switch (kind) {
    case RegionKind::Style: return "style";
    case RegionKind::Photo: return "photo";
    case RegionKind::Paper: return "paper";
    }
    return "style";
}

StyleLossKind parse_style_loss(std::string_view text) {
    if (text == "gram") return StyleLossKind::Gram;
    if (text == "w2") return StyleLossKind::W2;
    throw ConfigError("style loss must be 'gram' or 'w2' (got '" + std::string(text) + "')");
}

double default_style_weight(StyleLossKind kind) {
    const double gram = StyleParams{}.style_weight;
    return kind == StyleLossKind::W2 ? gram / kW2StyleWeightDivisor : gram;
}

double equivalent_style_weight(double weight, StyleLossKind from, StyleLossKind to) {
    return from == to ? weight : weight * default_style_weight(to) / default_style_weight(from);
}

std::string_view to_string(Precision precision) {
    switch (precision) {
    case Precision::Auto: return "auto";
    case Precision::Fp32: return "fp32";
    case Precision::Fp16: return "fp16";
    case Precision::Bf16: return "bf16";
    }
    return "auto";
}

Precision parse_precision(std::string_view text) {
    if (text == "auto") return Precision::Auto;
    if (text == "fp32") return Precision::Fp32;
    if (text == "fp16") return Precision::Fp16;
    if (text == "bf16") return Precision::Bf16;
    throw ConfigError("precision must be auto, fp32, fp16 or bf16 (got '" + std::string(text) + "')");
}

std::string_view to_string(Checkpointing mode) {
    switch (mode) {
    case Checkpointing::Auto: return "auto";
    case Checkpointing::On: return "on";
    case Checkpointing::Off: return "off";
    }
    return "auto";
}

Checkpointing parse_checkpointing(std::string_view text) {
    if (text == "auto") return Checkpointing::Auto;
    if (text == "on") return Checkpointing::On;
    if (text == "off") return Checkpointing::Off;
    throw ConfigError("checkpointing must be auto, on or off (got '" + std::string(text) + "')");
}

std::uint64_t parse_memory_size(std::string_view text) {
    const std::string original(text);
    const auto fail = [&] {
        return ConfigError("memory size '" + original + "' is not a size: use e.g. 800M, 6G or a number of bytes");
    };
    std::size_t end = 0;
    double value = 0;
    try {
        value = std::stod(original, &end);
    } catch (const std::exception&) {
        throw fail();
    }
    std::string unit = original.substr(end);
    for (char& c : unit) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (unit.ends_with("ib")) unit.resize(unit.size() - 2);
    else if (unit.ends_with("b")) unit.resize(unit.size() - 1);
    double multiplier = 1;
    if (unit == "k") multiplier = 1024.0;
    else if (unit == "m") multiplier = 1024.0 * 1024;
    else if (unit == "g") multiplier = 1024.0 * 1024 * 1024;
    else if (unit == "t") multiplier = 1024.0 * 1024 * 1024 * 1024;
    else if (!unit.empty()) throw fail();
    const double bytes = value * multiplier;
    if (!std::isfinite(bytes) || bytes < 0 || bytes > 1e18) throw fail();
    return static_cast<std::uint64_t>(bytes);
}

OptimizerKind parse_optimizer(std::string_view text) {
    if (text == "lbfgs" || text == "l-bfgs") return OptimizerKind::Lbfgs;
    if (text == "adam") return OptimizerKind::Adam;
    throw ConfigError("optimizer must be 'lbfgs' or 'adam' (got '" + std::string(text) + "')");
}

PoolingKind parse_pooling(std::string_view text) {
    if (text == "max") return PoolingKind::Max;
    if (text == "avg" || text == "average") return PoolingKind::Average;
    throw ConfigError("pooling must be 'max' or 'avg' (got '" + std::string(text) + "')");
}

}  // namespace shuimo::engine
