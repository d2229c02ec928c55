#include "shuimo/engine/crc32.h"

#include <array>
#include <bit>
#include <cstring>

namespace shuimo::engine {
namespace {

static_assert(std::endian::native == std::endian::little, "the 8-byte step reads little-endian words");

constexpr std::uint32_t kPolynomial = 0xEDB88320u;  // reflected 0x04C11DB7

// tables[0] is the classic byte table; tables[k][b] is byte b followed by k zero
// bytes, so eight input bytes are folded per step ("slicing by 8").
constexpr std::array<std::array<std::uint32_t, 256>, 8> make_tables() {
    std::array<std::array<std::uint32_t, 256>, 8> tables{};
    for (std::uint32_t b = 0; b < 256; ++b) {
        std::uint32_t c = b;
        for (int bit = 0; bit < 8; ++bit) c = (c & 1u) ? (c >> 1) ^ kPolynomial : c >> 1;
        tables[0][b] = c;
    }
    for (std::size_t k = 1; k < 8; ++k)
        for (std::size_t b = 0; b < 256; ++b)
            tables[k][b] = (tables[k - 1][b] >> 8) ^ tables[0][tables[k - 1][b] & 0xFFu];
    return tables;
}

constexpr auto kTables = make_tables();

}  // namespace

std::uint32_t crc32(std::span<const std::byte> bytes, std::uint32_t crc) {
    std::uint32_t c = ~crc;
    const std::byte* p = bytes.data();
    std::size_t n = bytes.size();
    while (n >= 8) {
        std::uint32_t lo = 0;
        std::uint32_t hi = 0;
        std::memcpy(&lo, p, 4);  // little-endian hosts only (x86-64, arm64), as the safetensors reader
        std::memcpy(&hi, p + 4, 4);
        lo ^= c;
        c = kTables[7][lo & 0xFF] ^ kTables[6][(lo >> 8) & 0xFF] ^ kTables[5][(lo >> 16) & 0xFF] ^ kTables[4][lo >> 24] ^
            kTables[3][hi & 0xFF] ^ kTables[2][(hi >> 8) & 0xFF] ^ kTables[1][(hi >> 16) & 0xFF] ^ kTables[0][hi >> 24];
        p += 8;
        n -= 8;
    }
    while (n-- > 0) c = (c >> 8) ^ kTables[0][(c ^ std::to_integer<std::uint32_t>(*p++)) & 0xFF];
    return ~c;
}

}  // namespace shuimo::engine
