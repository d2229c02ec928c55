#pragma once
// Writing a file so that readers see either the old file or the whole new one,
// never a half-written one: a temporary file beside the target, flushed to
// disk, then renamed over it.

#include <cstddef>
#include <filesystem>
#include <span>

namespace shuimo::engine {

// Throws EngineError with the path and the reason from the operating system;
// the temporary file is removed on failure and the target is left untouched.
void write_file_atomically(const std::filesystem::path& path, std::span<const std::byte> bytes);

}  // namespace shuimo::engine
