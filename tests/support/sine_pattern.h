#pragma once
// A smooth, seeded-free test picture: three sine gratings, one per channel, shifted by `phase`.

#include <cmath>

#include "shuimo/engine/image.h"

namespace shuimo::testing {

inline engine::Image sine_pattern(int width, int height, double phase) {
    engine::Image image(width, height, 3);
    for (int y = 0; y < height; ++y)
        for (int x = 0; x < width; ++x)
            for (int c = 0; c < 3; ++c)
                image.at(x, y, c) = static_cast<float>(0.5 + 0.4 * std::sin(0.3 * x * (c + 1) + 0.2 * y + phase));
    return image;
}

}  // namespace shuimo::testing
