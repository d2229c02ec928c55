#pragma once
// Optical flow between video frames and what the temporal consistency of issue 27 makes
// of it (docs/VIDEO.md; Ruder, Dosovitskiy & Brox 2016): OpenCV's DIS flow, a frame warped
// by a flow, and the reliability of a warp from the forward-backward consistency check.
// OpenCV inside; plain images across.

#include <vector>

#include "shuimo/engine/image.h"

namespace shuimo::image_io {

// A dense flow from frame A to frame B: pixel (x, y) of A is at (x + u, y + v) in B.
struct Flow {
    int width = 0;
    int height = 0;
    std::vector<float> uv;  // u, v interleaved, row-major

    bool empty() const { return width <= 0 || height <= 0 || uv.empty(); }
    float u(int x, int y) const { return uv[2 * (static_cast<std::size_t>(y) * width + x)]; }
    float v(int x, int y) const { return uv[2 * (static_cast<std::size_t>(y) * width + x) + 1]; }
};

// DIS optical flow (cv::DISOpticalFlow, its MEDIUM preset) from `from` to `to`, RGB frames of
// one size, read as grey. Throws ImageIoError when the sizes differ or a frame is empty.
Flow dis_flow(const engine::Image& from, const engine::Image& to);

// `image` (any channels) sampled at x + flow(x): with the flow from frame t to frame t−1, the
// frame t−1 brought onto frame t. Bilinear; a position outside the image takes its nearest edge.
engine::Image warp(const engine::Image& image, const Flow& flow);

// Where the warp of frame t−1 onto frame t can be trusted (Ruder et al. 2016, section 3.2):
// `forward` from t−1 to t, `backward` from t to t−1 (w and ŵ). With w̃(x) = w(x + ŵ(x)), a pixel is
// disoccluded where |w̃ + ŵ|² > 0.01 (|w̃|² + |ŵ|²) + 0.5, on a motion boundary where
// |∇û|² + |∇v̂|² > 0.01 |ŵ|² + 0.002, and unknown where x + ŵ(x) falls outside the frame: 0
// there, 1 elsewhere. One channel at the frames' size.
engine::Image reliable_mask(const Flow& forward, const Flow& backward);

}  // namespace shuimo::image_io
