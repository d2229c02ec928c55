#include "shuimo/image_io/image_formats.h"

#include <algorithm>
#include <cctype>

namespace shuimo::image_io {

std::span<const std::string_view> readable_extensions() {
    static constexpr std::string_view kExtensions[] = {".png", ".jpg", ".jpeg", ".tif", ".tiff", ".webp", ".bmp"};
    return kExtensions;
}

bool has_readable_extension(const std::filesystem::path& path) {
    std::string ext = path.extension().string();
    std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    const auto all = readable_extensions();
    return std::find(all.begin(), all.end(), ext) != all.end();
}

}  // namespace shuimo::image_io
