#pragma once
// The image file extensions read_image opens, in one place: the GUI's file
// dialogs and drop targets, and batch folders, list the same ones. No OpenCV here.

#include <filesystem>
#include <span>
#include <string_view>

namespace shuimo::image_io {

// Lower case with the dot: .png .jpg .jpeg .tif .tiff .webp .bmp
std::span<const std::string_view> readable_extensions();

// Case-insensitive: "photo.JPG" is one.
bool has_readable_extension(const std::filesystem::path& path);

}  // namespace shuimo::image_io
