#include "bench_images.h"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <span>

#include "shuimo/engine/errors.h"

#ifdef SHUIMO_BENCH_IMAGE_IO
#include "shuimo/image_io/image_io.h"
#endif

namespace shuimo::bench {
namespace {

// "pattern-7" -> 7; -1 when `name` is not a generated picture's name.
int pattern_seed(const std::string& name) {
    static const std::string prefix = "pattern-";
    if (name.rfind(prefix, 0) != 0 || name.size() == prefix.size()) return -1;
    const std::string digits = name.substr(prefix.size());
    if (!std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; }) || digits.size() > 6) return -1;
    return std::stoi(digits);
}

}  // namespace

bool has_image_files() {
#ifdef SHUIMO_BENCH_IMAGE_IO
    return true;
#else
    return false;
#endif
}

engine::Image pattern_image(int width, int height, int seed) {
    engine::Image image(width, height, 3);
    for (int y = 0; y < height; ++y)
        for (int x = 0; x < width; ++x)
            for (int c = 0; c < 3; ++c)
                image.at(x, y, c) = 0.5f + 0.5f * std::sin(0.05f * (x * (c + 1) + y * (seed + 2)) + seed);
    return image;
}

engine::Image load_bench_image(const std::string& name, int width, int height) {
    if (const int seed = pattern_seed(name); seed >= 0) return pattern_image(width, height, seed);
#ifdef SHUIMO_BENCH_IMAGE_IO
    return image_io::read_image(name).rgb;
#else
    throw engine::ConfigError("this shuimo-bench is the engine-only build (no image codecs) and cannot read '" + name +
                              "': name generated pictures instead, e.g. --pairs pattern-1:pattern-7");
#endif
}

engine::Image written_16bit(const engine::Image& image) {
#ifdef SHUIMO_BENCH_IMAGE_IO
    const auto bytes = image_io::encode_image("written.png", image, nullptr, 16);
    return image_io::decode_image(std::span(reinterpret_cast<const unsigned char*>(bytes.data()), bytes.size()), "written.png")
        .rgb;
#else
    engine::Image written = image;
    for (float& v : written.pixels) v = std::round(std::clamp(v, 0.0f, 1.0f) * 65535.0f) / 65535.0f;
    return written;
#endif
}

std::filesystem::path save_bench_image(const std::filesystem::path& stem, const engine::Image& image) {
#ifdef SHUIMO_BENCH_IMAGE_IO
    std::filesystem::path path = stem;
    path += ".png";
    image_io::write_image(path, image, nullptr, 8);
    return path;
#else
    std::filesystem::path path = stem;
    path += ".ppm";
    std::ofstream out(path, std::ios::binary);
    out << "P6\n" << image.width << " " << image.height << "\n255\n";
    for (int y = 0; y < image.height; ++y)
        for (int x = 0; x < image.width; ++x)
            for (int c = 0; c < 3; ++c) {
                const int channel = image.channels >= 3 ? c : 0;
                out.put(static_cast<char>(std::lround(std::clamp(image.at(x, y, channel), 0.0f, 1.0f) * 255.0f)));
            }
    if (!out) throw engine::ImageIoError("could not write " + path.string());
    return path;
#endif
}

}  // namespace shuimo::bench
