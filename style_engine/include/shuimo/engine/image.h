#pragma once
// A plain image value: the only picture type that crosses the engine's boundary.

#include <cstddef>
#include <vector>

namespace shuimo::engine {

// Row-major, interleaved float samples in [0, 1]. Colour order is RGB (RGBA
// with alpha), never BGR; channels is 1, 3 or 4.
struct Image {
    int width = 0;
    int height = 0;
    int channels = 3;
    std::vector<float> pixels;

    Image() = default;
    Image(int w, int h, int c) : width(w), height(h), channels(c), pixels(static_cast<std::size_t>(w) * h * c, 0.0f) {}

    bool empty() const { return width <= 0 || height <= 0 || pixels.empty(); }
    std::size_t sample_count() const { return static_cast<std::size_t>(width) * height * channels; }
    float& at(int x, int y, int c) { return pixels[(static_cast<std::size_t>(y) * width + x) * channels + c]; }
    float at(int x, int y, int c) const { return pixels[(static_cast<std::size_t>(y) * width + x) * channels + c]; }
};

// Width and height of an image whose longest side is `long_side`, keeping the
// aspect ratio of width x height (each side at least 1).
struct Size {
    int width = 0;
    int height = 0;
};
Size fit_long_side(int width, int height, int long_side);

}  // namespace shuimo::engine
