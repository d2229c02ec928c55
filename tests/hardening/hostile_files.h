#pragma once
// Hand-made image files for the hardening tests: formats OpenCV cannot write
// (CMYK JPEG, 16-bit grey + alpha PNG, animated GIF and WebP) and headers that
// lie. Each is built byte by byte from its format's specification.

#include <QByteArray>

#include <array>
#include <cstdint>

namespace shuimo::hostile {

// A baseline 8x8 JPEG with four components as Photoshop writes CMYK (Adobe APP14,
// transform 0, values stored inverted: 255 = no ink). Each component is flat; its
// stored value must lie in 1..64 or 192..255 (one Huffman category keeps the coder tiny).
QByteArray cmyk_jpeg(std::array<std::uint8_t, 4> stored_cmyk);

// A PNG from raw rows (filter byte 0 is added): any colour type and bit depth.
QByteArray png(std::uint32_t width, std::uint32_t height, int colour_type, int bit_depth, const QByteArray& rows);

// Only the signature, IHDR (declaring width x height) and IEND: a header that lies.
QByteArray png_header_only(std::uint32_t width, std::uint32_t height);

// A two-frame, looping 1x1 GIF89a.
QByteArray animated_gif();

// A two-frame animated WebP (VP8X + ANIM + ANMF) around the still WebP `frame`.
QByteArray animated_webp(const QByteArray& still_webp, int width, int height);

}  // namespace shuimo::hostile
