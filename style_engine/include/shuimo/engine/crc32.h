#pragma once
// CRC-32 (the polynomial of zlib, PNG and gzip), for telling whether bytes
// changed since they were written. Not a defence against deliberate tampering.

#include <cstddef>
#include <cstdint>
#include <span>

namespace shuimo::engine {

// Continues `crc` (0 to start) over `bytes`: crc32(b, crc32(a)) == crc32(a ++ b).
std::uint32_t crc32(std::span<const std::byte> bytes, std::uint32_t crc = 0);

}  // namespace shuimo::engine
