#pragma once
// Ink-aware finishing of a stylised image: pure functions on plain images, no
// torch and no OpenCV, so the CLI, the GUI and the tests share one definition.

#include "shuimo/engine/image.h"
#include "shuimo/engine/style_params.h"

namespace shuimo::engine {

// A colour in [0,1], RGB order.
struct Rgb {
    float r = 0.0f;
    float g = 0.0f;
    float b = 0.0f;
};

// The darkest ink, as a fraction of the paper colour: full density leaves
// kInkFloor x paper, a near-black that still carries the paper's warmth.
inline constexpr float kInkFloor = 0.06f;

// The result rendered as ink tones on `paper`. Each pixel's BT.601 luma,
// relative to the paper's luma, becomes an ink density
//     d = clamp(1 - luma / luma(paper), 0, 1)
// and the output is paper x (1 - d (1 - kInkFloor)): density 0 (as bright as the
// paper or brighter) is the paper colour exactly, density 1 the near-black ink.
// Every output pixel is the paper colour scaled, so the only chroma left is the
// paper's. RGB or RGBA input (alpha is dropped); throws ConfigError otherwise
// or when the paper colour is not in [0,1].
Image monochrome_ink(const Image& result, Rgb paper);

// The paper tone of a style reference: the mean colour of its brightest pixels
// (those at or above the 90th percentile of luma), where ink has not reached.
// Grey (1 channel), RGB or RGBA; throws ConfigError for an empty image.
Rgb estimate_paper_colour(const Image& style);

// Colour strength between no colour and full colour, at the stylised luma:
//     out = luma(stylised) + strength x chroma(colour_source)     (BT.601 YUV)
// strength 0: the stylised luminance alone, grey (the stylised chroma removed);
// strength 1: exactly preserve_colors(stylised, colour_source).
// colour_source is the content photo for "preserve colours", or the stylised
// image itself to scale the style's own colours. strength must be in [0,1];
// both images RGB and the same size. Throws ConfigError otherwise.
Image mix_colour_strength(const Image& stylised, const Image& colour_source, double strength);

// The finishing of a painting, the one definition the engine (at the end of a run
// and for previews) and the session (re-finishing a kept painting) share: `raw`,
// the optimised image, with params' colour strength / preserve colours
// (content_at_size: the photo at raw's size) and then monochrome ink on `paper`.
Image finish_painting(const Image& raw, const StyleParams& params, const Image& content_at_size, Rgb paper);

}  // namespace shuimo::engine
