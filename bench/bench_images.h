#pragma once
// Where shuimo-bench gets its pictures and where it puts them. The full build reads and
// writes image files through image_io (OpenCV); the engine-only build (LibTorch alone, the
// one tools/gpu_bench.sh makes on a GPU machine) has no image codecs, so it generates its
// pictures and writes binary PPM. Both builds understand the generated names.

#include <filesystem>
#include <string>

#include "shuimo/engine/image.h"

namespace shuimo::bench {

// True when this shuimo-bench reads and writes image files (built with image_io).
bool has_image_files();

// A generated picture: "pattern-N" (N a seed) names a smooth coloured sine pattern of
// `width` x `height`, the same in every build; anything else is an image file, read
// through image_io, or refused with engine::ConfigError in the engine-only build.
engine::Image pattern_image(int width, int height, int seed);
engine::Image load_bench_image(const std::string& name, int width = 256, int height = 256);

// The image as a 16-bit file would hold it: encoded as 16-bit PNG and decoded again
// (full build), or each sample rounded to the nearest of 65536 levels (engine-only),
// which is what a 16-bit PNG of an RGB image stores.
engine::Image written_16bit(const engine::Image& image);

// Writes `image` as `stem` + ".png" (full build) or ".ppm" (engine-only); returns the path.
std::filesystem::path save_bench_image(const std::filesystem::path& stem, const engine::Image& image);

}  // namespace shuimo::bench
