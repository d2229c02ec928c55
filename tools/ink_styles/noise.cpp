#include "noise.h"

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cmath>

namespace shuimo::ink {

cv::Mat1f value_noise(cv::Size size, Rng& rng, double cell) {
    if (cell < 1.5) {
        cv::Mat1f out(size);
        for (int y = 0; y < size.height; ++y)
            for (int x = 0; x < size.width; ++x) out(y, x) = static_cast<float>(rng.uniform(-1.0, 1.0));
        return out;
    }
    const int grid_w = static_cast<int>(std::ceil(size.width / cell)) + 3;
    const int grid_h = static_cast<int>(std::ceil(size.height / cell)) + 3;
    cv::Mat1f grid(grid_h, grid_w);
    for (int y = 0; y < grid_h; ++y)
        for (int x = 0; x < grid_w; ++x) grid(y, x) = static_cast<float>(rng.uniform(-1.0, 1.0));
    cv::Mat1f big;
    cv::resize(grid, big, cv::Size(static_cast<int>(grid_w * cell), static_cast<int>(grid_h * cell)), 0, 0,
               cv::INTER_CUBIC);
    const int offset = static_cast<int>(cell);
    return big(cv::Rect(offset, offset, size.width, size.height)).clone();
}

cv::Mat1f fractal_noise(cv::Size size, Rng& rng, double cell, int octaves, double gain) {
    cv::Mat1f sum = cv::Mat1f::zeros(size);
    double amplitude = 1.0, total = 0.0;
    for (int o = 0; o < octaves; ++o) {
        sum += value_noise(size, rng, std::max(1.0, cell)) * amplitude;
        total += amplitude;
        amplitude *= gain;
        cell *= 0.5;
    }
    // A sum of independent octaves is narrower than one: widen it back.
    sum *= 1.6 / total;
    return sum;
}

std::vector<float> noise_1d(int n, Rng& rng, double cell) {
    const int knots = static_cast<int>(n / std::max(1.0, cell)) + 4;
    std::vector<float> k(static_cast<std::size_t>(knots));
    for (auto& v : k) v = static_cast<float>(rng.uniform(-1.0, 1.0));
    std::vector<float> out(static_cast<std::size_t>(std::max(n, 0)));
    for (int i = 0; i < n; ++i) {
        const double t = i / std::max(1.0, cell);
        const int i0 = static_cast<int>(t);
        const float f = static_cast<float>(t - i0);
        // Catmull-Rom through the knots.
        const float p0 = k[static_cast<std::size_t>(i0)], p1 = k[static_cast<std::size_t>(i0 + 1)];
        const float p2 = k[static_cast<std::size_t>(i0 + 2)], p3 = k[static_cast<std::size_t>(i0 + 3)];
        out[static_cast<std::size_t>(i)] =
            0.5f * ((2 * p1) + (-p0 + p2) * f + (2 * p0 - 5 * p1 + 4 * p2 - p3) * f * f + (-p0 + 3 * p1 - 3 * p2 + p3) * f * f * f);
    }
    return out;
}

}  // namespace shuimo::ink
