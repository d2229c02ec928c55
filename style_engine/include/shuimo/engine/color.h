#pragma once
// Colour operations on plain images (no torch): used for "preserve colours".

#include "shuimo/engine/image.h"

namespace shuimo::engine {

// BT.601 luma/chroma split. Returns an image with the luminance of `stylised`
// and the chrominance of `content` (same size, RGB, clamped to [0,1]).
// Throws ConfigError when the sizes or channel counts differ.
Image preserve_colors(const Image& stylised, const Image& content);

// The luminance of `luma_source` with `strength` x the chrominance of
// `chroma_source` (BT.601; same-size RGB images, unchecked; clamped to [0,1]).
// preserve_colors is strength 1; ink_output.h's colour strength uses the rest.
Image with_chroma(const Image& luma_source, const Image& chroma_source, float strength);

// The (Y, U, V) of one RGB pixel, BT.601 analogue coefficients.
struct Yuv {
    float y, u, v;
};
Yuv rgb_to_yuv(float r, float g, float b);

}  // namespace shuimo::engine
