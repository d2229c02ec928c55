// Writes seeded random VGG-19 weights to the path given (for screenshots and
// trying the app without the real model; the paintings will be noise-like).

#include <cstdio>
#include <exception>

#include "random_weights.h"

int main(int argc, char** argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: write_random_weights OUTPUT.safetensors\n");
        return 2;
    }
    try {
        shuimo::testing::write_random_vgg19_weights(argv[1], {1});
    } catch (const std::exception& error) {
        std::fprintf(stderr, "write_random_weights: %s\n", error.what());
        return 1;
    }
    return 0;
}
