#include "shuimo/engine/ink_output.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <string>

#include "shuimo/engine/color.h"
#include "shuimo/engine/errors.h"

namespace shuimo::engine {
namespace {

float luma(float r, float g, float b) { return 0.299f * r + 0.587f * g + 0.114f * b; }

bool in_unit_range(float v) { return std::isfinite(v) && v >= 0.0f && v <= 1.0f; }

}  // namespace

Image monochrome_ink(const Image& result, Rgb paper) {
    if (result.empty() || (result.channels != 3 && result.channels != 4))
        throw ConfigError("monochrome ink needs an RGB or RGBA image, got " + std::to_string(result.channels) +
                          " channel(s) of " + std::to_string(result.width) + "x" + std::to_string(result.height));
    if (!in_unit_range(paper.r) || !in_unit_range(paper.g) || !in_unit_range(paper.b))
        throw ConfigError("monochrome ink: the paper colour must have components in [0, 1]");
    Image out(result.width, result.height, 3);
    const float paper_luma = luma(paper.r, paper.g, paper.b);
    const std::size_t pixels = static_cast<std::size_t>(result.width) * result.height;
    const int channels = result.channels;
    for (std::size_t i = 0; i < pixels; ++i) {
        const float* p = &result.pixels[i * channels];
        // A black paper has no room for ink: every pixel stays paper.
        const float density =
            paper_luma > 1e-6f ? std::clamp(1.0f - luma(p[0], p[1], p[2]) / paper_luma, 0.0f, 1.0f) : 0.0f;
        const float transmit = 1.0f - density * (1.0f - kInkFloor);
        out.pixels[i * 3 + 0] = paper.r * transmit;
        out.pixels[i * 3 + 1] = paper.g * transmit;
        out.pixels[i * 3 + 2] = paper.b * transmit;
    }
    return out;
}

Rgb estimate_paper_colour(const Image& style) {
    if (style.empty() || (style.channels != 1 && style.channels != 3 && style.channels != 4))
        throw ConfigError("estimating the paper colour needs a grey, RGB or RGBA image");
    const std::size_t pixels = static_cast<std::size_t>(style.width) * style.height;
    const int channels = style.channels;
    auto pixel_luma = [&](std::size_t i) {
        const float* p = &style.pixels[i * channels];
        return channels == 1 ? p[0] : luma(p[0], p[1], p[2]);
    };
    // The 90th percentile from a fine histogram: exact enough, and linear time.
    constexpr int kBins = 1024;
    std::array<std::size_t, kBins> histogram{};
    auto bin_of = [](float v) { return std::clamp(static_cast<int>(v * kBins), 0, kBins - 1); };
    for (std::size_t i = 0; i < pixels; ++i) ++histogram[static_cast<std::size_t>(bin_of(pixel_luma(i)))];
    const std::size_t wanted = pixels - pixels * 9 / 10;  // pixels at or above the percentile
    int threshold_bin = kBins - 1;
    for (std::size_t above = 0; threshold_bin > 0; --threshold_bin) {
        above += histogram[static_cast<std::size_t>(threshold_bin)];
        if (above >= wanted) break;
    }
    double sum[3] = {0.0, 0.0, 0.0};
    std::size_t count = 0;
    for (std::size_t i = 0; i < pixels; ++i) {
        if (bin_of(pixel_luma(i)) < threshold_bin) continue;
        const float* p = &style.pixels[i * channels];
        for (int c = 0; c < 3; ++c) sum[c] += channels == 1 ? p[0] : p[c];
        ++count;
    }
    const auto mean = [&](int c) { return static_cast<float>(std::clamp(sum[c] / static_cast<double>(count), 0.0, 1.0)); };
    return {mean(0), mean(1), mean(2)};
}

Image mix_colour_strength(const Image& stylised, const Image& colour_source, double strength) {
    if (!(strength >= 0.0 && strength <= 1.0))
        throw ConfigError("colour strength must be between 0 and 1, got " + std::to_string(strength));
    if (stylised.width != colour_source.width || stylised.height != colour_source.height || stylised.channels != 3 ||
        colour_source.channels != 3)
        throw ConfigError("colour strength needs two RGB images of the same size");
    return with_chroma(stylised, colour_source, static_cast<float>(strength));
}

Image finish_painting(const Image& raw, const StyleParams& params, const Image& content_at_size, Rgb paper) {
    Image result = raw;
    if (params.preserve_colors || params.colour_strength != 1.0)
        result = mix_colour_strength(result, params.preserve_colors ? content_at_size : result, params.colour_strength);
    return params.monochrome_ink ? monochrome_ink(result, paper) : result;
}

}  // namespace shuimo::engine
