#include "image_probe.h"

#include <cstddef>

namespace shuimo::image_io {
namespace {

using Bytes = std::span<const unsigned char>;

bool has(Bytes b, std::size_t pos, std::size_t n) { return pos <= b.size() && n <= b.size() - pos; }

std::uint32_t be16(Bytes b, std::size_t p) { return static_cast<std::uint32_t>(b[p] << 8 | b[p + 1]); }
std::uint32_t be32(Bytes b, std::size_t p) { return be16(b, p) << 16 | be16(b, p + 2); }
std::uint32_t le16(Bytes b, std::size_t p) { return static_cast<std::uint32_t>(b[p] | b[p + 1] << 8); }
std::uint32_t le24(Bytes b, std::size_t p) { return le16(b, p) | static_cast<std::uint32_t>(b[p + 2]) << 16; }
std::uint32_t le32(Bytes b, std::size_t p) { return le16(b, p) | le16(b, p + 2) << 16; }

bool starts_with(Bytes b, std::string_view magic, std::size_t at = 0) {
    if (!has(b, at, magic.size())) return false;
    for (std::size_t i = 0; i < magic.size(); ++i)
        if (b[at + i] != static_cast<unsigned char>(magic[i])) return false;
    return true;
}

// Segments up to EOI; entropy-coded data after each SOS is skipped to the next marker.
void probe_jpeg(Bytes b, ImageProbe& probe) {
    std::size_t pos = 2;
    for (;;) {
        while (has(b, pos, 1) && b[pos] != 0xFF) ++pos;  // stray bytes before a marker: tolerated, like libjpeg
        while (has(b, pos, 1) && b[pos] == 0xFF) ++pos;  // fill bytes
        if (!has(b, pos, 1)) { probe.truncated = true; return; }
        const unsigned marker = b[pos++];
        if (marker == 0xD9) return;  // EOI: complete
        if (marker == 0x01 || (marker >= 0xD0 && marker <= 0xD8)) continue;  // no length
        if (!has(b, pos, 2)) { probe.truncated = true; return; }
        const std::size_t length = be16(b, pos);
        if (length < 2 || !has(b, pos, length)) { probe.truncated = true; return; }
        const bool start_of_frame = marker >= 0xC0 && marker <= 0xCF && marker != 0xC4 && marker != 0xC8 && marker != 0xCC;
        if (start_of_frame && length >= 7 && !probe.size) probe.size = DeclaredSize{be16(b, pos + 5), be16(b, pos + 3)};
        pos += length;
        if (marker == 0xDA) {  // scan data runs to the next marker that is not a stuffed 0xFF00 or a restart
            for (;;) {
                if (!has(b, pos, 2)) { probe.truncated = true; return; }
                if (b[pos] == 0xFF && b[pos + 1] != 0x00 && !(b[pos + 1] >= 0xD0 && b[pos + 1] <= 0xD7) && b[pos + 1] != 0xFF)
                    break;
                ++pos;
            }
        }
    }
}

// Chunks up to IEND, each inside the file.
void probe_png(Bytes b, ImageProbe& probe) {
    if (has(b, 8, 24) && starts_with(b, "IHDR", 12)) probe.size = DeclaredSize{be32(b, 16), be32(b, 20)};
    std::size_t pos = 8;
    for (;;) {
        if (!has(b, pos, 12)) { probe.truncated = true; return; }
        const std::uint64_t length = be32(b, pos);
        if (length > b.size() - pos - 12) { probe.truncated = true; return; }
        if (starts_with(b, "IEND", pos + 4)) return;
        pos += 12 + static_cast<std::size_t>(length);
    }
}

void probe_gif(Bytes b, ImageProbe& probe) {
    if (has(b, 6, 4)) probe.size = DeclaredSize{le16(b, 6), le16(b, 8)};
}

void probe_webp(Bytes b, ImageProbe& probe) {
    const std::size_t chunk = 12;
    if (!has(b, chunk, 8)) { probe.truncated = true; return; }
    const std::size_t data = chunk + 8;
    if (starts_with(b, "VP8X", chunk) && has(b, data, 10)) {
        probe.animated = (b[data] & 0x02) != 0;
        probe.size = DeclaredSize{le24(b, data + 4) + 1ull, le24(b, data + 7) + 1ull};
    } else if (starts_with(b, "VP8L", chunk) && has(b, data, 5) && b[data] == 0x2F) {
        const std::uint32_t bits = le32(b, data + 1);
        probe.size = DeclaredSize{(bits & 0x3FFF) + 1ull, ((bits >> 14) & 0x3FFF) + 1ull};
    } else if (starts_with(b, "VP8 ", chunk) && has(b, data, 10) && b[data + 3] == 0x9D && b[data + 4] == 0x01 &&
               b[data + 5] == 0x2A) {
        probe.size = DeclaredSize{le16(b, data + 6) & 0x3FFFu, le16(b, data + 8) & 0x3FFFu};
    }
}

// The first IFD's ImageWidth (256) and ImageLength (257).
void probe_tiff(Bytes b, ImageProbe& probe) {
    const bool little = b[0] == 'I';
    const auto u16 = [&](std::size_t p) { return little ? le16(b, p) : be16(b, p); };
    const auto u32 = [&](std::size_t p) { return little ? le32(b, p) : be32(b, p); };
    if (!has(b, 4, 4)) return;
    const std::size_t ifd = u32(4);
    if (!has(b, ifd, 2)) return;
    const std::size_t count = u16(ifd);
    std::optional<std::uint64_t> width;
    std::optional<std::uint64_t> height;
    for (std::size_t i = 0; i < count; ++i) {
        const std::size_t entry = ifd + 2 + 12 * i;
        if (!has(b, entry, 12)) break;
        const std::uint32_t tag = u16(entry);
        const std::uint32_t type = u16(entry + 2);
        if (tag != 256 && tag != 257) continue;
        const std::uint64_t value = type == 3 ? u16(entry + 8) : type == 4 ? u32(entry + 8) : 0;
        (tag == 256 ? width : height) = value;
    }
    if (width && height) probe.size = DeclaredSize{*width, *height};
}

void probe_bmp(Bytes b, ImageProbe& probe) {
    if (!has(b, 14, 12) || le32(b, 14) < 40) return;  // BITMAPINFOHEADER or later
    const auto width = static_cast<std::int32_t>(le32(b, 18));
    const auto height = static_cast<std::int32_t>(le32(b, 22));
    const auto magnitude = [](std::int32_t v) { return v < 0 ? 0ull - static_cast<std::uint64_t>(static_cast<std::int64_t>(v)) : static_cast<std::uint64_t>(v); };
    probe.size = DeclaredSize{magnitude(width), magnitude(height)};
}

}  // namespace

ImageProbe probe_image(Bytes bytes) {
    ImageProbe probe;
    if (bytes.size() >= 3 && bytes[0] == 0xFF && bytes[1] == 0xD8 && bytes[2] == 0xFF) {
        probe.format = ImageFormat::Jpeg;
        probe_jpeg(bytes, probe);
    } else if (starts_with(bytes, "\x89PNG\r\n\x1a\n")) {
        probe.format = ImageFormat::Png;
        probe_png(bytes, probe);
    } else if (starts_with(bytes, "GIF87a") || starts_with(bytes, "GIF89a")) {
        probe.format = ImageFormat::Gif;
        probe_gif(bytes, probe);
    } else if (starts_with(bytes, "RIFF") && starts_with(bytes, "WEBP", 8)) {
        probe.format = ImageFormat::WebP;
        probe_webp(bytes, probe);
    } else if (starts_with(bytes, std::string_view("II*\0", 4)) || starts_with(bytes, std::string_view("MM\0*", 4))) {
        probe.format = ImageFormat::Tiff;
        probe_tiff(bytes, probe);
    } else if (starts_with(bytes, "BM")) {
        probe.format = ImageFormat::Bmp;
        probe_bmp(bytes, probe);
    }
    return probe;
}

std::string_view format_name(ImageFormat format) {
    switch (format) {
    case ImageFormat::Jpeg: return "JPEG";
    case ImageFormat::Png: return "PNG";
    case ImageFormat::Gif: return "GIF";
    case ImageFormat::WebP: return "WebP";
    case ImageFormat::Tiff: return "TIFF";
    case ImageFormat::Bmp: return "BMP";
    case ImageFormat::Unknown: break;
    }
    return "unknown";
}

}  // namespace shuimo::image_io
