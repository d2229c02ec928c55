#pragma once
// What an image file says about itself before it is decoded: its format, the
// size its header declares, and whether it visibly ends early. Reads headers
// and chunk/segment structure only (no pixels), so it is cheap and safe on any
// bytes; the decoder still has the last word.

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

namespace shuimo::image_io {

enum class ImageFormat { Unknown, Jpeg, Png, Gif, WebP, Tiff, Bmp };

struct DeclaredSize {
    std::uint64_t width = 0;
    std::uint64_t height = 0;
    std::uint64_t pixels() const { return width * height; }  // both fit in 32 bits: no overflow
};

struct ImageProbe {
    ImageFormat format = ImageFormat::Unknown;
    std::optional<DeclaredSize> size;  // as the header declares it, when found
    bool truncated = false;            // the structure ends before its end marker (JPEG EOI, PNG IEND)
    bool animated = false;             // an animated WebP or a GIF with more than one frame
};

ImageProbe probe_image(std::span<const unsigned char> bytes);

std::string_view format_name(ImageFormat format);

}  // namespace shuimo::image_io
