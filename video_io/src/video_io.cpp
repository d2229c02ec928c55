#include "shuimo/video_io/video_io.h"

extern "C" {
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/display.h>
#include <libavutil/imgutils.h>
#include <libavutil/opt.h>
#include <libavutil/pixdesc.h>
#include <libswscale/swscale.h>
}

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <system_error>

#include "shuimo/engine/errors.h"

namespace shuimo::video_io {
namespace {

using engine::ImageIoError;

std::string av_error(int code) {
    char text[AV_ERROR_MAX_STRING_SIZE] = {};
    av_strerror(code, text, sizeof text);
    return text;
}

// FFmpeg's own log lines stay quiet (what went wrong is in our errors, naming the file), unless
// SHUIMO_FFMPEG_LOG is set.
[[maybe_unused]] const bool kQuiet = [] {
    if (!std::getenv("SHUIMO_FFMPEG_LOG")) av_log_set_level(AV_LOG_QUIET);
    return true;
}();

[[noreturn]] void fail(const std::filesystem::path& path, const std::string& what) {
    throw ImageIoError(path.string() + ": " + what);
}

struct FormatInput {
    AVFormatContext* context = nullptr;
    ~FormatInput() { avformat_close_input(&context); }
};

struct CodecContext {
    AVCodecContext* context = nullptr;
    ~CodecContext() { avcodec_free_context(&context); }
};

struct Packet {
    AVPacket* packet = av_packet_alloc();
    ~Packet() { av_packet_free(&packet); }
};

struct Frame {
    AVFrame* frame = av_frame_alloc();
    ~Frame() { av_frame_free(&frame); }
};

void open_input(FormatInput& input, const std::filesystem::path& path) {
    if (!std::filesystem::exists(path)) fail(path, "no such file");
    if (const int error = avformat_open_input(&input.context, path.c_str(), nullptr, nullptr); error < 0)
        fail(path, "not a video FFmpeg can read (" + av_error(error) + ")");
    if (const int error = avformat_find_stream_info(input.context, nullptr); error < 0)
        fail(path, "its streams cannot be read (" + av_error(error) + ")");
}

int rotation_of(const AVStream* stream) {
    const std::uint8_t* matrix = av_stream_get_side_data(stream, AV_PKT_DATA_DISPLAYMATRIX, nullptr);
    if (!matrix) return 0;
    // av_display_rotation_get: counter-clockwise degrees; frames are shown turned clockwise by its negation.
    const double ccw = av_display_rotation_get(reinterpret_cast<const std::int32_t*>(matrix));
    if (!std::isfinite(ccw)) return 0;
    int clockwise = static_cast<int>(std::lround(-ccw)) % 360;
    if (clockwise < 0) clockwise += 360;
    return (clockwise + 45) / 90 * 90 % 360;
}

VideoInfo info_of(AVFormatContext* format, int video, int audio, const std::filesystem::path& path) {
    const AVStream* stream = format->streams[video];
    const AVCodecParameters* codec = stream->codecpar;
    VideoInfo info;
    info.rotation = rotation_of(stream);
    const bool turned = info.rotation == 90 || info.rotation == 270;
    info.width = turned ? codec->height : codec->width;
    info.height = turned ? codec->width : codec->height;
    AVRational rate = stream->avg_frame_rate;
    if (rate.num <= 0 || rate.den <= 0) rate = stream->r_frame_rate;
    if (rate.num <= 0 || rate.den <= 0) fail(path, "its video stream has no frame rate");
    info.rate_num = rate.num;
    info.rate_den = rate.den;
    info.variable_rate = av_cmp_q(stream->avg_frame_rate, stream->r_frame_rate) != 0 && stream->r_frame_rate.num > 0;
    info.frames = stream->nb_frames;
    if (format->duration != AV_NOPTS_VALUE) info.duration_s = static_cast<double>(format->duration) / AV_TIME_BASE;
    if (stream->duration != AV_NOPTS_VALUE) info.duration_s = stream->duration * av_q2d(stream->time_base);
    if (const AVPixFmtDescriptor* pixels = av_pix_fmt_desc_get(static_cast<AVPixelFormat>(codec->format)))
        info.bits = pixels->comp[0].depth;
    info.codec = avcodec_get_name(codec->codec_id);
    if (audio >= 0) {
        const AVStream* sound = format->streams[audio];
        info.has_audio = true;
        info.audio_codec = avcodec_get_name(sound->codecpar->codec_id);
        if (sound->duration != AV_NOPTS_VALUE) info.audio_duration_s = sound->duration * av_q2d(sound->time_base);
    }
    return info;
}

// Turns an upright-to-be frame by `rotation` degrees clockwise.
engine::Image rotated(const engine::Image& image, int rotation) {
    if (rotation == 0) return image;
    const bool turned = rotation == 90 || rotation == 270;
    engine::Image out(turned ? image.height : image.width, turned ? image.width : image.height, image.channels);
    for (int y = 0; y < image.height; ++y) {
        for (int x = 0; x < image.width; ++x) {
            int ox = x, oy = y;
            if (rotation == 90) ox = image.height - 1 - y, oy = x;
            else if (rotation == 180) ox = image.width - 1 - x, oy = image.height - 1 - y;
            else if (rotation == 270) ox = y, oy = image.width - 1 - x;
            for (int c = 0; c < image.channels; ++c) out.at(ox, oy, c) = image.at(x, y, c);
        }
    }
    return out;
}

}  // namespace

VideoInfo probe_video(const std::filesystem::path& path) {
    FormatInput input;
    open_input(input, path);
    const int video = av_find_best_stream(input.context, AVMEDIA_TYPE_VIDEO, -1, -1, nullptr, 0);
    if (video < 0) fail(path, "it has no video stream (an audio file?)");
    const int audio = av_find_best_stream(input.context, AVMEDIA_TYPE_AUDIO, -1, -1, nullptr, 0);
    return info_of(input.context, video, audio < 0 ? -1 : audio, path);
}

// --- reading -------------------------------------------------------------------------------

struct VideoReader::State {
    std::filesystem::path path;
    FormatInput input;
    CodecContext decoder;
    SwsContext* scaler = nullptr;
    Packet packet;
    Frame frame;
    int stream = -1;
    VideoInfo info;
    bool draining = false;
    bool done = false;
    std::int64_t read = 0;

    ~State() { sws_freeContext(scaler); }

    engine::Image convert(const AVFrame* decoded) {
        const int w = decoded->width, h = decoded->height;
        scaler = sws_getCachedContext(scaler, w, h, static_cast<AVPixelFormat>(decoded->format), w, h, AV_PIX_FMT_RGB48LE,
                                      SWS_BICUBIC | SWS_ACCURATE_RND | SWS_FULL_CHR_H_INT, nullptr, nullptr, nullptr);
        if (!scaler) fail(path, "its pixel format cannot be converted to RGB");
        std::vector<std::uint16_t> rgb(static_cast<std::size_t>(w) * h * 3);
        std::uint8_t* planes[4] = {reinterpret_cast<std::uint8_t*>(rgb.data()), nullptr, nullptr, nullptr};
        int strides[4] = {w * 6, 0, 0, 0};
        sws_scale(scaler, decoded->data, decoded->linesize, 0, h, planes, strides);
        engine::Image image(w, h, 3);
        for (std::size_t i = 0; i < rgb.size(); ++i) image.pixels[i] = static_cast<float>(rgb[i]) / 65535.0f;
        return rotated(image, info.rotation);
    }
};

VideoReader::VideoReader(const std::filesystem::path& path) : m_state(std::make_unique<State>()) {
    State& s = *m_state;
    s.path = path;
    open_input(s.input, path);
    const AVCodec* codec = nullptr;
    s.stream = av_find_best_stream(s.input.context, AVMEDIA_TYPE_VIDEO, -1, -1, &codec, 0);
    if (s.stream < 0) fail(path, "it has no video stream (an audio file?)");
    if (!codec) fail(path, "its video codec cannot be decoded here");
    const int audio = av_find_best_stream(s.input.context, AVMEDIA_TYPE_AUDIO, -1, -1, nullptr, 0);
    s.info = info_of(s.input.context, s.stream, audio < 0 ? -1 : audio, path);
    s.decoder.context = avcodec_alloc_context3(codec);
    avcodec_parameters_to_context(s.decoder.context, s.input.context->streams[s.stream]->codecpar);
    s.decoder.context->thread_count = 0;  // FFmpeg's choice
    if (const int error = avcodec_open2(s.decoder.context, codec, nullptr); error < 0)
        fail(path, "its video cannot be decoded (" + av_error(error) + ")");
}

VideoReader::~VideoReader() = default;

const VideoInfo& VideoReader::info() const { return m_state->info; }
std::int64_t VideoReader::frames_read() const { return m_state->read; }

// Decodes the next frame into s.frame; false after the last.
bool VideoReader::receive() {
    State& s = *m_state;
    while (!s.done) {
        const int received = avcodec_receive_frame(s.decoder.context, s.frame.frame);
        if (received == 0) {
            ++s.read;
            return true;
        }
        if (received == AVERROR_EOF) {
            s.done = true;
            break;
        }
        if (received != AVERROR(EAGAIN)) fail(s.path, "frame " + std::to_string(s.read + 1) + " does not decode (" + av_error(received) + ")");
        if (s.draining) {
            s.done = true;
            break;
        }
        const int got = av_read_frame(s.input.context, s.packet.packet);
        if (got == AVERROR_EOF) {
            avcodec_send_packet(s.decoder.context, nullptr);  // drain
            s.draining = true;
            continue;
        }
        if (got < 0) fail(s.path, "it is cut short or damaged after frame " + std::to_string(s.read) + " (" + av_error(got) + ")");
        if (s.packet.packet->stream_index == s.stream) {
            const int sent = avcodec_send_packet(s.decoder.context, s.packet.packet);
            if (sent < 0 && sent != AVERROR(EAGAIN) && sent != AVERROR_INVALIDDATA)
                fail(s.path, "its video does not decode after frame " + std::to_string(s.read) + " (" + av_error(sent) + ")");
        }
        av_packet_unref(s.packet.packet);
    }
    return false;
}

std::optional<engine::Image> VideoReader::next() {
    if (!receive()) return std::nullopt;
    engine::Image image = m_state->convert(m_state->frame.frame);
    av_frame_unref(m_state->frame.frame);
    return image;
}

bool VideoReader::skip() {
    if (!receive()) return false;
    av_frame_unref(m_state->frame.frame);
    return true;
}

const std::vector<std::string>& video_extensions() {
    static const std::vector<std::string> extensions{"mp4", "mov", "m4v", "mkv", "webm", "avi"};
    return extensions;
}

bool is_video_file(const std::filesystem::path& path) {
    std::string extension = path.extension().string();
    if (extension.size() < 2) return false;
    extension.erase(0, 1);
    std::transform(extension.begin(), extension.end(), extension.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    const auto& known = video_extensions();
    return std::find(known.begin(), known.end(), extension) != known.end();
}

engine::Image read_video_frame(const std::filesystem::path& path, std::int64_t index) {
    VideoReader reader(path);
    for (std::int64_t k = 0; k < index; ++k)
        if (!reader.skip()) fail(path, "it has " + std::to_string(k) + " frames, not " + std::to_string(index + 1));
    std::optional<engine::Image> frame = reader.next();
    if (!frame) fail(path, "it has " + std::to_string(index) + " frames, not " + std::to_string(index + 1));
    return std::move(*frame);
}

// --- writing -------------------------------------------------------------------------------

struct VideoWriter::State {
    std::filesystem::path path, temporary;
    AVFormatContext* output = nullptr;
    CodecContext encoder;
    AVStream* video = nullptr;
    SwsContext* scaler = nullptr;
    Frame frame;
    Packet packet;
    std::int64_t written = 0;
    bool finished = false;
    bool header = false;
    // The audio copied from another file: its input, its stream there and here.
    FormatInput audio_input;
    int audio_in = -1;
    AVStream* audio_out = nullptr;
    bool audio_done = true;

    ~State() {
        sws_freeContext(scaler);
        if (output) {
            if (output->pb) avio_closep(&output->pb);
            avformat_free_context(output);
        }
        if (!finished && !temporary.empty()) {
            std::error_code ignored;
            std::filesystem::remove(temporary, ignored);
        }
    }

    void write_packets() {
        for (;;) {
            const int got = avcodec_receive_packet(encoder.context, packet.packet);
            if (got == AVERROR(EAGAIN) || got == AVERROR_EOF) return;
            if (got < 0) fail(path, "encoding failed (" + av_error(got) + ")");
            av_packet_rescale_ts(packet.packet, encoder.context->time_base, video->time_base);
            packet.packet->stream_index = video->index;
            if (const int error = av_interleaved_write_frame(output, packet.packet); error < 0)
                fail(path, "cannot write (" + av_error(error) + ")");
        }
    }

    // Copies the audio's packets up to `until_s` seconds (all of it: infinity).
    void copy_audio(double until_s) {
        if (audio_done) return;
        AVStream* in = audio_input.context->streams[audio_in];
        const std::int64_t start = in->start_time != AV_NOPTS_VALUE ? in->start_time : 0;
        Packet sound;
        for (;;) {
            const int got = av_read_frame(audio_input.context, sound.packet);
            if (got < 0) {
                audio_done = true;
                return;
            }
            if (sound.packet->stream_index != audio_in) {
                av_packet_unref(sound.packet);
                continue;
            }
            const std::int64_t pts = sound.packet->pts != AV_NOPTS_VALUE ? sound.packet->pts - start : 0;
            const double at = pts * av_q2d(in->time_base);
            if (sound.packet->pts != AV_NOPTS_VALUE) sound.packet->pts -= start;
            if (sound.packet->dts != AV_NOPTS_VALUE) sound.packet->dts -= start;
            av_packet_rescale_ts(sound.packet, in->time_base, audio_out->time_base);
            sound.packet->stream_index = audio_out->index;
            sound.packet->pos = -1;
            if (const int error = av_interleaved_write_frame(output, sound.packet); error < 0)
                fail(path, "cannot write its audio (" + av_error(error) + ")");
            if (at > until_s) return;
        }
    }
};

VideoWriter::VideoWriter(const std::filesystem::path& path, int width, int height, int rate_num, int rate_den,
                         const std::filesystem::path& audio_from)
    : m_state(std::make_unique<State>()) {
    State& s = *m_state;
    s.path = path;
    if (width <= 0 || height <= 0 || width % 2 || height % 2)
        fail(path, "a video's width and height must be even (got " + std::to_string(width) + "x" + std::to_string(height) + ")");
    if (rate_num <= 0 || rate_den <= 0) fail(path, "no frame rate");
    std::string extension = path.extension().string();
    std::transform(extension.begin(), extension.end(), extension.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    const bool webm = extension == ".webm";
    if (!webm && extension != ".mp4" && extension != ".m4v" && extension != ".mov")
        fail(path, "write a video as .mp4 (H.264) or .webm (VP9)");
    s.temporary = path.parent_path() / ("." + path.filename().string() + ".part" + extension);
    if (const int error = avformat_alloc_output_context2(&s.output, nullptr, webm ? "webm" : "mp4", s.temporary.c_str()); error < 0)
        fail(path, "cannot make the file (" + av_error(error) + ")");

    const AVCodec* codec = webm ? avcodec_find_encoder_by_name("libvpx-vp9") : avcodec_find_encoder_by_name("libx264");
    if (!codec) codec = avcodec_find_encoder(webm ? AV_CODEC_ID_VP9 : AV_CODEC_ID_H264);
    if (!codec) fail(path, std::string("this FFmpeg has no ") + (webm ? "VP9" : "H.264") + " encoder");
    s.encoder.context = avcodec_alloc_context3(codec);
    AVCodecContext* c = s.encoder.context;
    c->width = width;
    c->height = height;
    c->pix_fmt = AV_PIX_FMT_YUV420P;
    c->time_base = AVRational{rate_den, rate_num};
    c->framerate = AVRational{rate_num, rate_den};
    c->gop_size = 2 * std::max(1, rate_num / std::max(1, rate_den));
    c->color_range = AVCOL_RANGE_MPEG;
    c->colorspace = AVCOL_SPC_BT709;
    c->color_primaries = AVCOL_PRI_BT709;
    c->color_trc = AVCOL_TRC_BT709;
    if (s.output->oformat->flags & AVFMT_GLOBALHEADER) c->flags |= AV_CODEC_FLAG_GLOBAL_HEADER;
    // One encoder thread: the same frames make the same file (a resumed job's video is the uninterrupted
    // one's, byte for byte); encoding costs little beside painting a frame.
    c->thread_count = 1;
    AVDictionary* options = nullptr;
    if (webm) {
        av_dict_set(&options, "crf", "30", 0);
        av_dict_set(&options, "b", "0", 0);
    } else {
        av_dict_set(&options, "crf", "18", 0);
        av_dict_set(&options, "preset", "medium", 0);
    }
    const int opened = avcodec_open2(c, codec, &options);
    av_dict_free(&options);
    if (opened < 0) fail(path, "cannot start the encoder (" + av_error(opened) + ")");
    s.video = avformat_new_stream(s.output, nullptr);
    s.video->time_base = c->time_base;
    s.video->avg_frame_rate = c->framerate;
    avcodec_parameters_from_context(s.video->codecpar, c);

    if (!audio_from.empty()) {
        open_input(s.audio_input, audio_from);
        s.audio_in = av_find_best_stream(s.audio_input.context, AVMEDIA_TYPE_AUDIO, -1, -1, nullptr, 0);
        if (s.audio_in >= 0) {
            const AVStream* in = s.audio_input.context->streams[s.audio_in];
            if (avformat_query_codec(s.output->oformat, in->codecpar->codec_id, FF_COMPLIANCE_NORMAL) != 1)
                fail(path, std::string("the clip's audio (") + avcodec_get_name(in->codecpar->codec_id) + ") cannot go into a " +
                               (webm ? "WebM" : "MP4") + " file without re-encoding: write the other format");
            s.audio_out = avformat_new_stream(s.output, nullptr);
            avcodec_parameters_copy(s.audio_out->codecpar, in->codecpar);
            s.audio_out->codecpar->codec_tag = 0;
            s.audio_out->time_base = in->time_base;
            s.audio_done = false;
        }
    }
    if (const int error = avio_open(&s.output->pb, s.temporary.c_str(), AVIO_FLAG_WRITE); error < 0)
        fail(path, "cannot write in its folder (" + av_error(error) + ")");
    if (const int error = avformat_write_header(s.output, nullptr); error < 0) fail(path, "cannot start the file (" + av_error(error) + ")");
    s.header = true;
    s.frame.frame->format = c->pix_fmt;
    s.frame.frame->width = width;
    s.frame.frame->height = height;
    if (av_frame_get_buffer(s.frame.frame, 0) < 0) fail(path, "out of memory for a frame");
}

VideoWriter::~VideoWriter() = default;

std::int64_t VideoWriter::frames_written() const { return m_state->written; }

void VideoWriter::write(const engine::Image& image) {
    State& s = *m_state;
    AVCodecContext* c = s.encoder.context;
    if (image.width != c->width || image.height != c->height || image.channels != 3)
        fail(s.path, "frame " + std::to_string(s.written + 1) + " is " + std::to_string(image.width) + "x" + std::to_string(image.height) +
                         "; the video is " + std::to_string(c->width) + "x" + std::to_string(c->height));
    std::vector<std::uint16_t> rgb(image.pixels.size());
    for (std::size_t i = 0; i < rgb.size(); ++i)
        rgb[i] = static_cast<std::uint16_t>(std::lround(std::clamp(image.pixels[i], 0.0f, 1.0f) * 65535.0f));
    s.scaler = sws_getCachedContext(s.scaler, c->width, c->height, AV_PIX_FMT_RGB48LE, c->width, c->height, c->pix_fmt,
                                    SWS_BICUBIC | SWS_ACCURATE_RND, nullptr, nullptr, nullptr);
    if (!s.scaler) fail(s.path, "cannot convert frames for the encoder");
    // BT.709 limited range, as the stream says.
    const int* coefficients = sws_getCoefficients(SWS_CS_ITU709);
    sws_setColorspaceDetails(s.scaler, coefficients, 1, coefficients, 0, 0, 1 << 16, 1 << 16);
    if (av_frame_make_writable(s.frame.frame) < 0) fail(s.path, "out of memory for a frame");
    // Every byte of the planes set (the rows' padding too): nothing the encoder reads is left over from before.
    for (int plane = 0; plane < 3; ++plane) {
        const int rows = plane == 0 ? c->height : (c->height + 1) / 2;
        std::memset(s.frame.frame->data[plane], 0, static_cast<std::size_t>(s.frame.frame->linesize[plane]) * rows);
    }
    const std::uint8_t* planes[4] = {reinterpret_cast<const std::uint8_t*>(rgb.data()), nullptr, nullptr, nullptr};
    const int strides[4] = {c->width * 6, 0, 0, 0};
    sws_scale(s.scaler, planes, strides, 0, c->height, s.frame.frame->data, s.frame.frame->linesize);
    s.frame.frame->pts = s.written;
    if (const int error = avcodec_send_frame(c, s.frame.frame); error < 0) fail(s.path, "encoding failed (" + av_error(error) + ")");
    ++s.written;
    s.write_packets();
    s.copy_audio(static_cast<double>(s.written) * av_q2d(c->time_base));
}

void VideoWriter::finish() {
    State& s = *m_state;
    if (s.finished) return;
    avcodec_send_frame(s.encoder.context, nullptr);
    s.write_packets();
    s.copy_audio(INFINITY);
    if (const int error = av_write_trailer(s.output); error < 0) fail(s.path, "cannot finish the file (" + av_error(error) + ")");
    avio_closep(&s.output->pb);
    std::error_code error;
    std::filesystem::rename(s.temporary, s.path, error);
    if (error) fail(s.path, "cannot put the finished video in place (" + error.message() + ")");
    s.finished = true;
}

}  // namespace shuimo::video_io
