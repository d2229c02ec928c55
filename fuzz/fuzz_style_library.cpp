// The style library manifest (assets/styles/styles.json or a user's folder).
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "shuimo/engine/errors.h"
#include "shuimo/engine/style_library.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace shuimo::engine;
    try {
        const StyleLibrary library =
            parse_style_library(std::string_view(reinterpret_cast<const char*>(data), size), "/fuzz/styles/styles.json");
        for (const auto& style : library.styles) {
            if (library.find(style.id) == nullptr) __builtin_trap();  // every parsed id must be found again
            if (style.file.parent_path() != "/fuzz/styles") __builtin_trap();  // "file" never leaves the folder
        }
    } catch (const ConfigError&) {
    }
    return 0;
}
