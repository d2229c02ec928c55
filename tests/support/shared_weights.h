#pragma once
// The seeded random VGG-19 weights that the tests of one ctest run share.
//
// Writing 80 MB of random numbers takes seconds on a busy machine, so ctest
// writes them once: the fixture test `shuimo_test_weights` (tests/CMakeLists.txt)
// runs write_random_weights, and the tests that need them get the file's path in
// SHUIMO_TEST_WEIGHTS. A test program started on its own (the variable unset)
// writes the same weights itself, once per process, and says so; a variable
// naming a missing file stops the program with a message, so a test never passes
// without the weights it was meant to use.

#include <QString>

#include <cstdint>

namespace shuimo::testing {

inline constexpr std::uint64_t kSharedWeightsSeed = 7;

// The path of the shared weights file, named vgg19.safetensors, alone in its folder
// (so the folder can serve as SHUIMO_MODEL_DIR).
QString sharedWeightsPath();

// The folder holding it.
QString sharedWeightsDir();

}  // namespace shuimo::testing
