#pragma once
// A seeded random source whose numbers are the same on every standard library:
// std::mt19937_64 is specified bit for bit, the std:: distributions are not,
// so the few distributions used here are written out.

#include <cmath>
#include <cstdint>
#include <random>
#include <string_view>

namespace shuimo::ink {

class Rng {
public:
    explicit Rng(std::uint64_t seed) : engine_(seed) {}

    // [0, 1) with 53 random bits.
    double uniform() { return static_cast<double>(engine_() >> 11) * 0x1.0p-53; }
    double uniform(double low, double high) { return low + (high - low) * uniform(); }
    float uniformf(float low, float high) { return static_cast<float>(uniform(low, high)); }
    // 0 .. n-1 (n small, so the modulo bias of a 64-bit draw is negligible).
    int below(int n) { return static_cast<int>(engine_() % static_cast<std::uint64_t>(n)); }
    bool chance(double p) { return uniform() < p; }
    // Standard normal, Box-Muller (one value per call, no hidden state).
    double normal() {
        const double u1 = 1.0 - uniform();  // (0, 1]
        const double u2 = uniform();
        return std::sqrt(-2.0 * std::log(u1)) * std::cos(6.283185307179586 * u2);
    }
    double normal(double mean, double sd) { return mean + sd * normal(); }
    std::uint64_t bits() { return engine_(); }

    // An independent stream for one part of a painting, so adding strokes to
    // one part does not reshuffle the others.
    Rng fork(std::string_view salt) { return Rng(engine_() ^ hash(salt)); }

    static std::uint64_t hash(std::string_view text) {
        std::uint64_t h = 1469598103934665603ull;  // FNV-1a
        for (unsigned char c : text) {
            h ^= c;
            h *= 1099511628211ull;
        }
        return h;
    }

private:
    std::mt19937_64 engine_;
};

}  // namespace shuimo::ink
