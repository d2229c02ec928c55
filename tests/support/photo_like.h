#pragma once
// A seeded picture with what photographs have and the bundled paintings lack:
// a bright sky whose top is clipped at white, a dark ground with crushed
// shadows at black, soft and hard-edged objects of different colours, fine
// texture at several scales and sensor noise. Not a photograph: tests that
// judge the engine also use the real ones in tests/data.

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <random>
#include <vector>

#include "shuimo/engine/image.h"

namespace shuimo::testing {

inline engine::Image photo_like(int width, int height, std::uint32_t seed) {
    std::mt19937 random(seed);
    std::uniform_real_distribution<double> uniform(0.0, 1.0);
    std::normal_distribution<double> noise(0.0, 0.02);
    // Value noise on three lattices (8, 4 and 2 px cells), bilinearly interpolated.
    struct Lattice {
        int cell;
        int columns, rows;
        std::vector<double> values;
    };
    std::vector<Lattice> octaves;
    for (const int cell : {8, 4, 2}) {
        Lattice lattice{cell, width / cell + 2, height / cell + 2, {}};
        for (int k = 0; k < lattice.columns * lattice.rows; ++k) lattice.values.push_back(uniform(random) - 0.5);
        octaves.push_back(std::move(lattice));
    }
    auto texture = [&](int x, int y) {
        double sum = 0.0, amplitude = 0.12;
        for (const auto& o : octaves) {
            const double fx = static_cast<double>(x) / o.cell, fy = static_cast<double>(y) / o.cell;
            const int ix = static_cast<int>(fx), iy = static_cast<int>(fy);
            const double ax = fx - ix, ay = fy - iy;
            auto v = [&](int cx, int cy) { return o.values[static_cast<std::size_t>(cy * o.columns + cx)]; };
            sum += amplitude * ((1 - ay) * ((1 - ax) * v(ix, iy) + ax * v(ix + 1, iy)) +
                                ay * ((1 - ax) * v(ix, iy + 1) + ax * v(ix + 1, iy + 1)));
            amplitude *= 0.6;
        }
        return sum;
    };
    const double horizon = height * (0.45 + 0.2 * uniform(random));
    const double sky[3] = {0.75 + 0.2 * uniform(random), 0.85 + 0.1 * uniform(random), 1.1};
    const double ground[3] = {0.15 + 0.2 * uniform(random), 0.2 + 0.25 * uniform(random), 0.05 + 0.1 * uniform(random)};
    struct Blob {
        double cx, cy, rx, ry, softness;
        double colour[3];
    };
    std::vector<Blob> blobs;
    const int count = 3 + static_cast<int>(random() % 3);
    for (int k = 0; k < count; ++k) {
        Blob b{width * uniform(random), height * (0.3 + 0.7 * uniform(random)), width * (0.08 + 0.2 * uniform(random)),
               height * (0.08 + 0.2 * uniform(random)), k % 2 == 0 ? 0.05 : 0.4, {}};
        for (double& c : b.colour) c = uniform(random) * 1.1 - 0.05;
        blobs.push_back(b);
    }
    engine::Image image(width, height, 3);
    for (int y = 0; y < height; ++y) {
        for (int x = 0; x < width; ++x) {
            double rgb[3];
            const double above = std::clamp((horizon - y) / 3.0 + 0.5, 0.0, 1.0);  // a slightly soft horizon
            for (int c = 0; c < 3; ++c) {
                const double sky_c = sky[c] + 0.25 * (1.0 - y / horizon);  // brighter towards the top: clipped
                rgb[c] = above * sky_c + (1.0 - above) * ground[c];
            }
            for (const auto& b : blobs) {
                const double r = std::hypot((x - b.cx) / b.rx, (y - b.cy) / b.ry);
                const double inside = std::clamp((1.0 - r) / b.softness, 0.0, 1.0);
                for (int c = 0; c < 3; ++c) rgb[c] = inside * b.colour[c] + (1.0 - inside) * rgb[c];
            }
            const double t = texture(x, y);
            const double shade = 1.0 - 0.3 * static_cast<double>(y) / height;
            for (int c = 0; c < 3; ++c)
                image.at(x, y, c) = static_cast<float>(std::clamp(rgb[c] * shade + t + noise(random), 0.0, 1.0));
        }
    }
    return image;
}

}  // namespace shuimo::testing
