#pragma once
// Helpers shared by the fuzz targets: the parsers under test that take a path
// get the input through one temporary file per process.

#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>
#include <system_error>

namespace shuimo::fuzz {

// A folder of this process's own, removed at exit.
inline const std::filesystem::path& scratch_dir() {
    static const std::filesystem::path dir = [] {
        const char* tmp = std::getenv("TMPDIR");
        std::filesystem::path d = std::filesystem::path(tmp != nullptr && *tmp != '\0' ? tmp : "/tmp") /
                                  ("shuimo-fuzz-" + std::to_string(::getpid()));
        std::filesystem::create_directories(d);
        std::atexit([] {
            std::error_code ec;
            std::filesystem::remove_all(scratch_dir(), ec);
        });
        return d;
    }();
    return dir;
}

// Writes `data` to scratch_dir()/name and returns the path (the same file every call).
inline std::filesystem::path write_input(const std::uint8_t* data, std::size_t size, std::string_view name) {
    const std::filesystem::path path = scratch_dir() / std::string(name);
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
    out.close();
    if (!out) std::abort();  // the harness itself failed: not a finding
    return path;
}

}  // namespace shuimo::fuzz
