#include "shuimo/engine/color.h"

#include <algorithm>

#include "shuimo/engine/errors.h"

namespace shuimo::engine {

Yuv rgb_to_yuv(float r, float g, float b) {
    const float y = 0.299f * r + 0.587f * g + 0.114f * b;
    return {y, 0.492f * (b - y), 0.877f * (r - y)};
}

Image with_chroma(const Image& luma_source, const Image& chroma_source, float strength) {
    Image out(luma_source.width, luma_source.height, 3);
    const std::size_t pixels = static_cast<std::size_t>(out.width) * out.height;
    for (std::size_t i = 0; i < pixels; ++i) {
        const float* l = &luma_source.pixels[i * 3];
        const float* c = &chroma_source.pixels[i * 3];
        const float y = rgb_to_yuv(l[0], l[1], l[2]).y;
        const Yuv chroma = rgb_to_yuv(c[0], c[1], c[2]);
        // Inverse of rgb_to_yuv with one image's luma and (a share of) the other's chroma.
        const float r = y + strength * chroma.v / 0.877f;
        const float b = y + strength * chroma.u / 0.492f;
        const float g = (y - 0.299f * r - 0.114f * b) / 0.587f;
        out.pixels[i * 3 + 0] = std::clamp(r, 0.0f, 1.0f);
        out.pixels[i * 3 + 1] = std::clamp(g, 0.0f, 1.0f);
        out.pixels[i * 3 + 2] = std::clamp(b, 0.0f, 1.0f);
    }
    return out;
}

Image preserve_colors(const Image& stylised, const Image& content) {
    if (stylised.width != content.width || stylised.height != content.height || stylised.channels != 3 ||
        content.channels != 3) {
        throw ConfigError("preserve colours needs two RGB images of the same size");
    }
    return with_chroma(stylised, content, 1.0f);
}

}  // namespace shuimo::engine
