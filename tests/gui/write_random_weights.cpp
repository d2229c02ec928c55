// Writes seeded random VGG-19 weights to the path given: the fixture test
// shuimo_test_weights makes the weights a ctest run shares with it (see
// tests/support/shared_weights.h); by hand, for screenshots and trying the app
// without the real model (the paintings will be noise-like).

#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <filesystem>

#include "random_weights.h"

int main(int argc, char** argv) {
    std::uint64_t seed = 1;
    const char* output = nullptr;
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--seed") == 0 && i + 1 < argc) {
            char* end = nullptr;
            errno = 0;
            seed = std::strtoull(argv[++i], &end, 10);
            if (errno != 0 || *end != '\0' || end == argv[i]) {
                std::fprintf(stderr, "write_random_weights: --seed needs a whole number (got '%s')\n", argv[i]);
                return 2;
            }
        } else if (!output && argv[i][0] != '-') {
            output = argv[i];
        } else {
            output = nullptr;
            break;
        }
    }
    if (!output) {
        std::fprintf(stderr, "usage: write_random_weights [--seed N] OUTPUT.safetensors\n");
        return 2;
    }
    try {
        const std::filesystem::path path(output);
        if (path.has_parent_path()) std::filesystem::create_directories(path.parent_path());
        shuimo::testing::write_random_vgg19_weights(path, {seed});
    } catch (const std::exception& error) {
        std::fprintf(stderr, "write_random_weights: %s\n", error.what());
        return 1;
    }
    return 0;
}
