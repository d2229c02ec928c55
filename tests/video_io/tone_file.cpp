#include "tone_file.h"

extern "C" {
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/channel_layout.h>
}

#include <cmath>
#include <stdexcept>
#include <string>

namespace shuimo::testing {

void write_tone(const std::filesystem::path& path, double seconds, double hertz) {
    auto check = [&](int code, const char* what) {
        if (code < 0) throw std::runtime_error(std::string("write_tone: ") + what + " failed (" + std::to_string(code) + ")");
    };
    const AVCodec* codec = avcodec_find_encoder(AV_CODEC_ID_AAC);
    if (!codec) throw std::runtime_error("write_tone: no AAC encoder");
    AVFormatContext* output = nullptr;
    check(avformat_alloc_output_context2(&output, nullptr, "ipod", path.c_str()), "the muxer");
    AVCodecContext* c = avcodec_alloc_context3(codec);
    c->sample_fmt = AV_SAMPLE_FMT_FLTP;
    c->sample_rate = 44100;
    av_channel_layout_default(&c->ch_layout, 1);
    c->bit_rate = 96000;
    c->time_base = AVRational{1, c->sample_rate};
    if (output->oformat->flags & AVFMT_GLOBALHEADER) c->flags |= AV_CODEC_FLAG_GLOBAL_HEADER;
    check(avcodec_open2(c, codec, nullptr), "the encoder");
    AVStream* stream = avformat_new_stream(output, nullptr);
    stream->time_base = c->time_base;
    avcodec_parameters_from_context(stream->codecpar, c);
    check(avio_open(&output->pb, path.c_str(), AVIO_FLAG_WRITE), "opening the file");
    check(avformat_write_header(output, nullptr), "the header");
    AVFrame* frame = av_frame_alloc();
    frame->format = c->sample_fmt;
    frame->nb_samples = c->frame_size;
    frame->sample_rate = c->sample_rate;
    av_channel_layout_copy(&frame->ch_layout, &c->ch_layout);
    check(av_frame_get_buffer(frame, 0), "a frame");
    AVPacket* packet = av_packet_alloc();
    auto drain = [&] {
        while (avcodec_receive_packet(c, packet) == 0) {
            av_packet_rescale_ts(packet, c->time_base, stream->time_base);
            packet->stream_index = stream->index;
            check(av_interleaved_write_frame(output, packet), "writing");
        }
    };
    const long long total = std::llround(seconds * c->sample_rate);
    for (long long at = 0; at < total; at += c->frame_size) {
        check(av_frame_make_writable(frame), "a writable frame");
        auto* samples = reinterpret_cast<float*>(frame->data[0]);
        for (int i = 0; i < c->frame_size; ++i)
            samples[i] = at + i < total ? static_cast<float>(0.3 * std::sin(2.0 * M_PI * hertz * static_cast<double>(at + i) / c->sample_rate)) : 0.0f;
        frame->pts = at;
        check(avcodec_send_frame(c, frame), "encoding");
        drain();
    }
    avcodec_send_frame(c, nullptr);
    drain();
    check(av_write_trailer(output), "the trailer");
    avio_closep(&output->pb);
    av_packet_free(&packet);
    av_frame_free(&frame);
    avcodec_free_context(&c);
    avformat_free_context(output);
}

}  // namespace shuimo::testing
