// The image loader wrapper: every photo and style reference goes through it
// (header probe, pixel limit, OpenCV decode, EXIF orientation, alpha, depth).
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <span>

#include "image_probe.h"
#include "shuimo/engine/errors.h"
#include "shuimo/image_io/image_io.h"

extern "C" int LLVMFuzzerInitialize(int*, char***) {
    // Small enough that a decode of any allowed size stays well inside -rss_limit_mb.
    setenv("SHUIMO_MAX_IMAGE_PIXELS", "4000000", 1);
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace shuimo;
    const std::span<const unsigned char> bytes(data, size);
    const image_io::ImageProbe probe = image_io::probe_image(bytes);
    try {
        const image_io::LoadedImage loaded = image_io::decode_image(bytes, "fuzz-input");
        if (loaded.rgb.empty() || loaded.rgb.channels != 3) __builtin_trap();
        if (loaded.rgb.pixels.size() != loaded.rgb.sample_count()) __builtin_trap();
        if (loaded.alpha && (loaded.alpha->width != loaded.rgb.width || loaded.alpha->height != loaded.rgb.height))
            __builtin_trap();
        // What the header promised is what came out (EXIF orientation may swap the sides).
        if (probe.size && probe.format != image_io::ImageFormat::Jpeg) {
            const auto w = static_cast<std::uint64_t>(loaded.rgb.width);
            const auto h = static_cast<std::uint64_t>(loaded.rgb.height);
            if (w * h > image_io::max_image_pixels()) __builtin_trap();
        }
    } catch (const engine::ImageIoError&) {
    }
    return 0;
}
