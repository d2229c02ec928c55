#include "shuimo/batch/video_job.h"

#include <QByteArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <sstream>

#include "shuimo/batch/output_record.h"
#include "shuimo/batch/params_json.h"
#include "shuimo/engine/atomic_file.h"
#include "shuimo/engine/errors.h"
#include "shuimo/engine/style_engine.h"
#include "shuimo/image_io/image_io.h"
#include "shuimo/image_io/optical_flow.h"
#include "shuimo/video_io/video_io.h"

namespace shuimo::batch {
namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

double since(Clock::time_point start) { return std::chrono::duration<double>(Clock::now() - start).count(); }

std::string numbered(const char* stem, int frame, const char* extension) {
    char name[64];
    std::snprintf(name, sizeof name, "%s_%06d.%s", stem, frame, extension);
    return name;
}

// Everything that makes the frames: a finished frame with another hash is painted again.
std::string frames_hash(const VideoJob& job) {
    std::ostringstream text;
    text << "shuimo-video 1\n" << fs::absolute(job.input).string() << '\n' << fs::file_size(job.input) << ' '
         << fs::last_write_time(job.input).time_since_epoch().count() << '\n' << job.size.width << 'x' << job.size.height << '\n'
         << job.settings << '\n'
         << QJsonDocument(params_to_json(job.params)).toJson(QJsonDocument::Compact).toStdString() << '\n'
         << "temporal " << job.temporal_weight << " first " << job.first_iterations << " later " << job.later_iterations << '\n';
    if (job.independent) text << "independent\n";
    const std::string all = text.str();
    return sha256_hex(std::as_bytes(std::span(all.data(), all.size()))).substr(0, 16);
}

void write_record(const fs::path& path, const std::string& hash, int frame, int evaluations, double seconds) {
    const QJsonObject record{{QStringLiteral("settings"), QString::fromStdString(hash)},
                             {QStringLiteral("frame"), frame},
                             {QStringLiteral("evaluations"), evaluations},
                             {QStringLiteral("seconds"), seconds}};
    const QByteArray bytes = QJsonDocument(record).toJson(QJsonDocument::Compact);
    engine::write_file_atomically(path, std::as_bytes(std::span(bytes.constData(), static_cast<std::size_t>(bytes.size()))));
}

bool record_matches(const fs::path& path, const std::string& hash) {
    std::ifstream in(path);
    if (!in) return false;
    std::stringstream text;
    text << in.rdbuf();
    const QJsonObject record = QJsonDocument::fromJson(QByteArray::fromStdString(text.str())).object();
    return record.value(QStringLiteral("settings")).toString().toStdString() == hash;
}

engine::Image at_size(engine::Image image, engine::Size size) {
    if (image.width == size.width && image.height == size.height) return image;
    return image_io::resize_image(image, size);
}

// Forwards a frame's reports to the job's sink, counted over the whole clip when asked.
class FrameSink final : public engine::ProgressSink {
public:
    FrameSink(engine::ProgressSink& out, bool clip) : m_out(out), m_clip(clip) {}
    void start_frame(int evaluations_before, int evaluations_planned, double seconds_before, double seconds_per_evaluation) {
        m_before = evaluations_before;
        m_planned = std::max(evaluations_planned, 1);
        m_seconds_before = seconds_before;
        m_per_evaluation = seconds_per_evaluation;
    }
    void on_iteration(const engine::IterationReport& report) override {
        if (!m_clip) return m_out.on_iteration(report);
        engine::IterationReport clip = report;
        clip.iteration = std::min(m_before + report.iteration, m_planned);
        clip.total_iterations = m_planned;
        clip.work_fraction = static_cast<double>(clip.iteration) / m_planned;
        clip.elapsed_s = m_seconds_before + report.elapsed_s;
        const double per = m_per_evaluation > 0.0 ? m_per_evaluation : (report.iteration > 0 ? report.elapsed_s / report.iteration : 0.0);
        clip.remaining_s = per > 0.0 ? per * (m_planned - clip.iteration) : -1.0;
        m_out.on_iteration(clip);
    }
    void on_preview(const engine::Image& image, const engine::IterationReport& report) override { m_out.on_preview(image, report); }
    void on_notice(const std::string& message) override { m_out.on_notice(message); }
    void on_coded_notice(const engine::Notice& notice) override { m_out.on_coded_notice(notice); }
    bool is_cancelled() const override { return m_out.is_cancelled(); }
    std::optional<engine::LossWeights> poll_weights() override { return m_out.poll_weights(); }

private:
    engine::ProgressSink& m_out;
    bool m_clip;
    int m_before = 0;
    int m_planned = 1;
    double m_seconds_before = 0.0;
    double m_per_evaluation = 0.0;
};

}  // namespace

engine::Size video_frame_size(int clip_width, int clip_height, int long_side, bool enlarge) {
    if (!enlarge) long_side = std::min(long_side, std::max(clip_width, clip_height));
    engine::Size size = engine::fit_long_side(clip_width, clip_height, long_side);
    size.width = std::max(2, size.width - size.width % 2);
    size.height = std::max(2, size.height - size.height % 2);
    return size;
}

int default_later_iterations(int first_iterations) { return std::min(first_iterations, std::max(20, first_iterations / 5)); }

fs::path video_work_folder(const fs::path& output) {
    return output.parent_path() / ("." + output.filename().string() + ".frames");
}

VideoResult run_video_job(engine::StyleEngine& style_engine, const VideoJob& job, engine::ProgressSink& sink, VideoObserver* observer) {
    const auto started = Clock::now();
    const video_io::VideoInfo info = video_io::probe_video(job.input);
    const engine::Size size = job.size;
    const fs::path encode_to = job.encode_to.empty() ? job.output : job.encode_to;
    {
        // What the end will need is checked now, not after hours of painting: the encoder, the audio's
        // place in this container (the writer refuses it at once; destroyed unfinished, it leaves nothing).
        video_io::VideoWriter check(encode_to, size.width, size.height, info.rate_num, info.rate_den,
                                    info.has_audio ? job.input : fs::path());
    }
    const fs::path work = video_work_folder(job.output);
    fs::create_directories(work);
    const std::string hash = frames_hash(job);
    int done = 0;
    while (record_matches(work / numbered("frame", done + 1, "json"), hash) && fs::exists(work / numbered("frame", done + 1, "png"))) ++done;
    // Going on needs the last finished frame's unfinished image (the warp's source).
    while (done > 0 && !fs::exists(work / numbered("raw", done, "png"))) --done;
    const std::int64_t expected = info.frames > 0 ? info.frames : std::llround(info.duration_s * info.frame_rate());
    const std::int64_t planned =
        job.max_frames ? std::min<std::int64_t>(*job.max_frames, expected > 0 ? expected : *job.max_frames) : expected;
    if (done > 0 && observer) observer->on_resumed(done);

    const auto frame_evaluations = [&](int frame) { return frame == 1 || job.independent ? job.first_iterations : job.later_iterations; };
    // The clip's evaluations, as planned: the progress of a whole-clip view.
    int clip_planned = 0;
    for (std::int64_t k = 1; k <= std::max<std::int64_t>(planned, 1); ++k) clip_planned += frame_evaluations(static_cast<int>(k));
    int evaluations_before = 0;
    for (int k = 1; k <= done; ++k) evaluations_before += frame_evaluations(k);
    FrameSink frame_sink(sink, job.clip_progress);

    video_io::VideoReader reader(job.input);
    engine::Image previous_input, previous_raw;
    int frame = 0;
    double painting_seconds = 0.0, clip_seconds = 0.0;
    int painted = 0, clip_evaluations = 0;
    while (!job.max_frames || frame < *job.max_frames) {
        std::optional<engine::Image> decoded = reader.next();
        if (!decoded) break;
        ++frame;
        engine::Image input = at_size(std::move(*decoded), size);
        if (frame <= done) {
            if (frame == done) previous_raw = image_io::read_image(work / numbered("raw", frame, "png")).rgb;
            previous_input = std::move(input);
            continue;
        }
        const auto frame_started = Clock::now();
        engine::StyleJob style_job;
        style_job.content = input;
        style_job.params = job.params;
        style_job.params.size = std::max(size.width, size.height);
        if (job.prepare_frame) job.prepare_frame(style_job, sink, frame);
        double flow_seconds = 0.0;
        if (previous_raw.empty() || job.independent) {
            style_job.params.iterations = job.first_iterations;
        } else {
            // Ruder et al. 2016: start from the previous stylised frame warped onto this one, the photo where
            // the warp is unreliable, and hold the reliable part there with the temporal term.
            const auto flow_started = Clock::now();
            const image_io::Flow forward = image_io::dis_flow(previous_input, input), backward = image_io::dis_flow(input, previous_input);
            engine::TemporalTerm term;
            term.previous = image_io::warp(previous_raw, backward);
            term.reliable = image_io::reliable_mask(forward, backward);
            term.weight = job.temporal_weight;
            flow_seconds = since(flow_started);
            engine::Image start = input;
            for (int y = 0; y < size.height; ++y)
                for (int x = 0; x < size.width; ++x) {
                    const float c = term.reliable.at(x, y, 0);
                    for (int k = 0; k < 3; ++k) start.at(x, y, k) = c * term.previous.at(x, y, k) + (1.0f - c) * input.at(x, y, k);
                }
            style_job.init_image = std::move(start);
            style_job.params.init = engine::InitKind::Image;
            style_job.params.scales = 1;
            style_job.params.level_iterations.clear();
            style_job.params.iterations = job.later_iterations;
            style_job.temporal = std::move(term);
        }
        frame_sink.start_frame(evaluations_before, clip_planned, since(started),
                               clip_evaluations > 0 ? clip_seconds / clip_evaluations : 0.0);
        const engine::StyleResult result = style_engine.run(style_job, frame_sink);
        if (result.cancelled) return VideoResult{true, frame - 1, since(started)};
        image_io::write_image(work / numbered("raw", frame, "png"), at_size(result.raw_image, size), nullptr, 16);
        image_io::write_image(work / numbered("frame", frame, "png"), at_size(result.image, size), nullptr, 8);
        const double seconds = since(frame_started);
        write_record(work / numbered("frame", frame, "json"), hash, frame, result.iterations_run, seconds);  // the frame is done
        std::error_code ignored;
        fs::remove(work / numbered("raw", frame - 1, "png"), ignored);
        // What the next frame warps is the 16-bit file itself: a run that goes on from the folder reads the same.
        previous_raw = image_io::read_image(work / numbered("raw", frame, "png")).rgb;
        previous_input = std::move(input);
        evaluations_before += frame_evaluations(frame);
        clip_seconds += seconds;
        clip_evaluations += std::max(result.iterations_run, 1);
        if (frame > 1) painting_seconds += seconds, ++painted;
        const double per_frame = painted > 0 ? painting_seconds / painted : seconds;
        if (observer)
            observer->on_frame_done({frame, planned, result.iterations_run, seconds, flow_seconds,
                                     planned > frame ? per_frame * static_cast<double>(planned - frame) : 0.0});
    }
    if (frame == 0) throw engine::ImageIoError(job.input.string() + ": no frame could be read");

    video_io::VideoWriter writer(encode_to, size.width, size.height, info.rate_num, info.rate_den, info.has_audio ? job.input : fs::path());
    for (int k = 1; k <= frame; ++k) writer.write(image_io::read_image(work / numbered("frame", k, "png")).rgb);
    writer.finish();
    std::error_code ignored;
    if (!job.keep_frames) fs::remove_all(work, ignored);
    return VideoResult{false, frame, since(started)};
}

}  // namespace shuimo::batch
