#pragma once
// Test support for issue 27: an audio-only file (AAC in an .m4a) holding a sine tone, made with
// FFmpeg's own AAC encoder, to give a generated test clip its sound.

#include <filesystem>

namespace shuimo::testing {

// `seconds` of a `hertz` sine at 44.1 kHz, mono. Throws std::runtime_error when FFmpeg cannot.
void write_tone(const std::filesystem::path& path, double seconds, double hertz);

}  // namespace shuimo::testing
