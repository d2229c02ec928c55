#include "hostile_files.h"

#include <span>
#include <vector>

#include "shuimo/engine/crc32.h"

namespace shuimo::hostile {
namespace {

void be16(QByteArray& out, unsigned v) {
    out.append(static_cast<char>((v >> 8) & 0xFF));
    out.append(static_cast<char>(v & 0xFF));
}
void be32(QByteArray& out, std::uint32_t v) {
    be16(out, v >> 16);
    be16(out, v & 0xFFFF);
}
void le(QByteArray& out, std::uint32_t v, int bytes) {
    for (int i = 0; i < bytes; ++i) out.append(static_cast<char>((v >> (8 * i)) & 0xFF));
}

void segment(QByteArray& out, unsigned marker, const QByteArray& payload) {
    be16(out, marker);
    be16(out, static_cast<unsigned>(payload.size() + 2));
    out.append(payload);
}

// MSB-first bit writer with JPEG's 0xFF byte stuffing; pads the last byte with 1s.
class BitWriter {
public:
    void put(std::uint32_t bits, int count) {
        for (int i = count - 1; i >= 0; --i) {
            current_ = static_cast<std::uint8_t>(current_ << 1 | ((bits >> i) & 1u));
            if (++filled_ == 8) flush_byte();
        }
    }
    QByteArray finish() {
        while (filled_ != 0) put(1, 1);
        return out_;
    }

private:
    void flush_byte() {
        out_.append(static_cast<char>(current_));
        if (current_ == 0xFF) out_.append('\0');
        current_ = 0;
        filled_ = 0;
    }
    QByteArray out_;
    std::uint8_t current_ = 0;
    int filled_ = 0;
};

void png_chunk(QByteArray& out, const char* type, const QByteArray& data) {
    be32(out, static_cast<std::uint32_t>(data.size()));
    QByteArray typed(type, 4);
    typed.append(data);
    out.append(typed);
    be32(out, engine::crc32(std::as_bytes(std::span(typed.constData(), static_cast<std::size_t>(typed.size())))));
}

void riff_chunk(QByteArray& out, const char* type, const QByteArray& data) {
    out.append(type, 4);
    le(out, static_cast<std::uint32_t>(data.size()), 4);
    out.append(data);
    if (data.size() % 2 != 0) out.append('\0');
}

}  // namespace

QByteArray cmyk_jpeg(std::array<std::uint8_t, 4> stored_cmyk) {
    QByteArray jpeg;
    be16(jpeg, 0xFFD8);
    segment(jpeg, 0xFFEE, QByteArray("Adobe\x00\x64\x00\x00\x00\x00\x00", 12));  // version 100, transform 0: CMYK
    segment(jpeg, 0xFFDB, QByteArray(1, '\0') + QByteArray(64, '\1'));              // table 0: every quantiser 1
    QByteArray frame;
    frame.append('\x08');
    be16(frame, 8);  // height
    be16(frame, 8);  // width
    frame.append('\x04');
    for (char id = 1; id <= 4; ++id) frame.append(id).append('\x11').append('\0');
    segment(jpeg, 0xFFC0, frame);
    // One code each, of length 1 ('0'): DC difference category 10, and AC end-of-block.
    QByteArray bits(16, '\0');
    bits[0] = 1;
    segment(jpeg, 0xFFC4, QByteArray(1, '\x00') + bits + QByteArray(1, '\x0A'));
    segment(jpeg, 0xFFC4, QByteArray(1, '\x10') + bits + QByteArray(1, '\x00'));
    QByteArray scan;
    scan.append('\x04');
    for (char id = 1; id <= 4; ++id) scan.append(id).append('\0');
    scan.append('\0').append('\x3F').append('\0');
    segment(jpeg, 0xFFDA, scan);
    BitWriter writer;
    for (const std::uint8_t value : stored_cmyk) {
        // A flat block's DC coefficient is 8 * (value - 128); category 10 holds |dc| in 512..1023.
        const int dc = 8 * (static_cast<int>(value) - 128);
        writer.put(0, 1);
        writer.put(static_cast<std::uint32_t>(dc >= 0 ? dc : dc + 1023), 10);
        writer.put(0, 1);
    }
    jpeg.append(writer.finish());
    be16(jpeg, 0xFFD9);
    return jpeg;
}

QByteArray png(std::uint32_t width, std::uint32_t height, int colour_type, int bit_depth, const QByteArray& rows) {
    const int row_bytes = static_cast<int>(rows.size() / static_cast<int>(height));
    QByteArray filtered;
    for (std::uint32_t y = 0; y < height; ++y) filtered.append('\0').append(rows.mid(static_cast<int>(y) * row_bytes, row_bytes));
    QByteArray out("\x89PNG\r\n\x1a\n", 8);
    QByteArray header;
    be32(header, width);
    be32(header, height);
    header.append(static_cast<char>(bit_depth)).append(static_cast<char>(colour_type)).append(3, '\0');
    png_chunk(out, "IHDR", header);
    png_chunk(out, "IDAT", qCompress(filtered).mid(4));  // qCompress: 4-byte length, then a zlib stream
    png_chunk(out, "IEND", {});
    return out;
}

QByteArray png_header_only(std::uint32_t width, std::uint32_t height) {
    QByteArray out("\x89PNG\r\n\x1a\n", 8);
    QByteArray header;
    be32(header, width);
    be32(header, height);
    header.append('\x08').append('\x02').append(3, '\0');
    png_chunk(out, "IHDR", header);
    png_chunk(out, "IEND", {});
    return out;
}

QByteArray animated_gif() {
    QByteArray gif("GIF89a", 6);
    le(gif, 1, 2);
    le(gif, 1, 2);
    gif.append('\x80').append('\0').append('\0');                      // global colour table of 2 entries
    gif.append(QByteArray("\x00\x00\x00\xff\xff\xff", 6));
    gif.append(QByteArray("\x21\xff\x0bNETSCAPE2.0\x03\x01\x00\x00\x00", 19));  // loop forever
    for (int frame = 0; frame < 2; ++frame) {
        gif.append(QByteArray("\x21\xf9\x04\x00\x0a\x00\x00\x00", 8));     // 0.1 s per frame
        gif.append(QByteArray("\x2c\x00\x00\x00\x00\x01\x00\x01\x00\x00", 10));
        // LZW, minimum code size 2: clear (4), index `frame`, end (5), packed LSB first.
        gif.append('\x02').append('\x02').append(static_cast<char>(0x44 | (frame << 3))).append('\x01').append('\0');
    }
    gif.append(';');
    return gif;
}

QByteArray animated_webp(const QByteArray& still_webp, int width, int height) {
    const QByteArray frame_chunks = still_webp.mid(12);  // after "RIFF", size, "WEBP"
    QByteArray body("WEBP", 4);
    QByteArray vp8x;
    vp8x.append('\x02').append(3, '\0');  // animation flag
    le(vp8x, static_cast<std::uint32_t>(width - 1), 3);
    le(vp8x, static_cast<std::uint32_t>(height - 1), 3);
    riff_chunk(body, "VP8X", vp8x);
    QByteArray anim;
    le(anim, 0xFFFFFFFF, 4);  // background
    le(anim, 0, 2);           // loop forever
    riff_chunk(body, "ANIM", anim);
    for (int i = 0; i < 2; ++i) {
        QByteArray anmf;
        le(anmf, 0, 3);
        le(anmf, 0, 3);
        le(anmf, static_cast<std::uint32_t>(width - 1), 3);
        le(anmf, static_cast<std::uint32_t>(height - 1), 3);
        le(anmf, 100, 3);  // ms
        anmf.append('\0');
        anmf.append(frame_chunks);
        riff_chunk(body, "ANMF", anmf);
    }
    QByteArray out("RIFF", 4);
    le(out, static_cast<std::uint32_t>(body.size()), 4);
    return out + body;
}

}  // namespace shuimo::hostile
