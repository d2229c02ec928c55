#pragma once
// Video files <-> frames (issue 27, docs/VIDEO.md), with FFmpeg's libraries (libavformat,
// libavcodec, libswscale): frames decoded upright as RGB floats in [0,1] (rotation metadata
// applied, 10-bit read at 16 bits), and frames encoded as H.264 in MP4 (or VP9 in WebM) at the
// input's frame rate, the input's audio copied packet for packet (remuxed, not re-encoded).
// Plain values across; FFmpeg inside. Errors are engine::ImageIoError saying what and which file.

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "shuimo/engine/image.h"

namespace shuimo::video_io {

struct VideoInfo {
    int width = 0;                // as shown (rotation applied)
    int height = 0;
    int rotation = 0;             // degrees clockwise the stored frames are turned to be shown: 0, 90, 180, 270
    int rate_num = 0;             // the average frame rate, rate_num / rate_den frames a second
    int rate_den = 1;
    std::int64_t frames = 0;      // as the container says (0: unknown; VideoReader counts the real ones)
    double duration_s = 0.0;
    bool variable_rate = false;   // the stream's frame rate varies (written at the average rate)
    int bits = 8;                 // bits per sample of the stored frames (8, 10, 12)
    std::string codec;            // "h264", "vp9", ...
    bool has_audio = false;
    std::string audio_codec;      // "aac", "opus", ...; empty without audio
    double audio_duration_s = 0.0;

    double frame_rate() const { return rate_den > 0 ? static_cast<double>(rate_num) / rate_den : 0.0; }
};

// What the file holds (no frame decoded). Throws ImageIoError: missing, not a video, no video stream
// (an audio-only file), a codec FFmpeg cannot decode.
VideoInfo probe_video(const std::filesystem::path& path);

class VideoReader {
public:
    explicit VideoReader(const std::filesystem::path& path);
    ~VideoReader();
    VideoReader(const VideoReader&) = delete;
    VideoReader& operator=(const VideoReader&) = delete;

    const VideoInfo& info() const;
    // The next frame, upright, RGB in [0,1]; nullopt after the last. Throws ImageIoError on a broken stream.
    std::optional<engine::Image> next();
    // Decodes the next frame without converting it (seeking by decoding); false after the last.
    bool skip();
    // Frames returned so far.
    std::int64_t frames_read() const;

private:
    bool receive();
    struct State;
    std::unique_ptr<State> m_state;
};

// Clips by their extension (mp4 mov m4v mkv webm avi), as the app, the CLI and batches take them.
bool is_video_file(const std::filesystem::path& path);
const std::vector<std::string>& video_extensions();  // without dots

// Frame `index` (0-based) of the clip, upright, RGB in [0,1]: the frames before it are decoded, not
// converted. Throws ImageIoError for a broken clip or one with fewer frames.
engine::Image read_video_frame(const std::filesystem::path& path, std::int64_t index);

// Frames of one size into `path`: .mp4 (H.264, yuv420p, CRF 18) or .webm (VP9), at rate_num/rate_den
// frames a second; with `audio_from` set, that file's first audio stream is copied in. Written to a
// temporary file beside `path`, renamed onto it by finish(): a writer destroyed unfinished (an error,
// a cancelled job) leaves nothing. Width and height must be even (4:2:0 chroma).
class VideoWriter {
public:
    VideoWriter(const std::filesystem::path& path, int width, int height, int rate_num, int rate_den,
                const std::filesystem::path& audio_from = {});
    ~VideoWriter();
    VideoWriter(const VideoWriter&) = delete;
    VideoWriter& operator=(const VideoWriter&) = delete;

    void write(const engine::Image& frame);
    void finish();
    std::int64_t frames_written() const;

private:
    struct State;
    std::unique_ptr<State> m_state;
};

}  // namespace shuimo::video_io
