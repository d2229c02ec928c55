#pragma once
// Reading and writing image files as engine::Image values (OpenCV inside).
// JPEG, PNG, TIFF, WebP and BMP in; PNG, JPEG, TIFF (and WebP) out.
// Errors are engine::ImageIoError with the path and what to do.

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <span>
#include <vector>

#include "shuimo/engine/image.h"

namespace shuimo::image_io {

struct LoadedImage {
    engine::Image rgb;                   // 3 channels in [0,1], EXIF orientation applied
    std::optional<engine::Image> alpha;  // 1 channel, when the file has one
    int bit_depth = 8;                   // of the file's samples: 8, 16 or 32 (float)
    int file_channels = 3;               // 1 (grey), 2 (grey + alpha), 3 or 4
};

// Throws engine::ImageIoError naming the file and what to do: missing, a folder,
// unreadable, empty, truncated, an unsupported format (GIF, animated WebP), or
// more pixels than max_image_pixels() (checked from the header, before decoding).
LoadedImage read_image(const std::filesystem::path& path);

// The same from bytes already in memory; `source` names them in messages.
LoadedImage decode_image(std::span<const unsigned char> bytes, const std::filesystem::path& source);

// The most pixels an input image may declare: $SHUIMO_MAX_IMAGE_PIXELS when set to
// a positive whole number, else kDefaultMaxImagePixels. Decoding needs ~40 bytes a pixel.
inline constexpr std::uint64_t kDefaultMaxImagePixels = 100'000'000;
std::uint64_t max_image_pixels();

// Format from the extension (.png .jpg .jpeg .tif .tiff .webp); bit_depth 8 or
// 16 (16 for PNG and TIFF only). `alpha`, if given, must match rgb's size.
// Written atomically: the target is either untouched or complete.
void write_image(const std::filesystem::path& path, const engine::Image& rgb, const engine::Image* alpha = nullptr,
                 int bit_depth = 8);

// The bytes write_image would write, in the format of `path`'s extension (which
// need not exist): for callers that hash or stage the file themselves.
std::vector<std::byte> encode_image(const std::filesystem::path& path, const engine::Image& rgb,
                                    const engine::Image* alpha = nullptr, int bit_depth = 8);

// High-quality resampling (area when shrinking, bicubic when enlarging), any channel count.
engine::Image resize_image(const engine::Image& image, engine::Size size);

}  // namespace shuimo::image_io

namespace shuimo::image_io {
// Checks, before any work is done, that `path` names a writable output of a
// known format that can hold `bit_depth`. Throws engine::ImageIoError.
void check_output_path(const std::filesystem::path& path, int bit_depth);
}  // namespace shuimo::image_io
