#include "video_command.h"

#include <QCryptographicHash>
#include <QJsonDocument>
#include <QJsonObject>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "progress_printer.h"
#include "shuimo/batch/params_json.h"
#include "shuimo/engine/atomic_file.h"
#include "shuimo/engine/errors.h"
#include "shuimo/engine/model_paths.h"
#include "shuimo/engine/style_engine.h"
#include "shuimo/engine/system_helpers.h"
#include "shuimo/image_io/image_io.h"
#include "shuimo/image_io/optical_flow.h"
#include "shuimo/video_io/video_io.h"
#include "stylize_command.h"

namespace shuimo::cli {
namespace {

namespace fs = std::filesystem;

std::string numbered(const char* stem, int frame, const char* extension) {
    char name[64];
    std::snprintf(name, sizeof name, "%s_%06d.%s", stem, frame, extension);
    return name;
}

// Everything that makes the frames: a finished frame with another hash is painted again.
std::string settings_hash(const VideoOptions& options, engine::Size size, int first, int later) {
    const StylizeOptions& s = options.stylize;
    std::ostringstream text;
    text << "shuimo-video 1\n" << fs::absolute(s.content).string() << '\n' << fs::file_size(s.content) << ' '
         << fs::last_write_time(s.content).time_since_epoch().count() << '\n' << size.width << 'x' << size.height << '\n';
    for (const auto& style : s.styles) text << "style " << fs::absolute(style).string() << ' ' << fs::file_size(style) << '\n';
    for (const double b : s.style_blend) text << "blend " << b << '\n';
    for (const auto& r : s.regions)
        text << "region " << r.mask.string() << ' ' << static_cast<int>(r.kind) << ' ' << r.style.string() << ' ' << r.strength << '\n';
    text << QJsonDocument(batch::params_to_json(s.params)).toJson(QJsonDocument::Compact).toStdString() << '\n';
    text << "temporal " << options.temporal_weight << " first " << first << " later " << later << '\n';
    if (options.independent) text << "independent\n";
    const std::string all = text.str();
    return QCryptographicHash::hash(QByteArray::fromStdString(all), QCryptographicHash::Sha256).toHex().left(16).toStdString();
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

}  // namespace

fs::path video_work_folder(const fs::path& output) {
    return output.parent_path() / ("." + output.filename().string() + ".frames");
}

QString video_help_text() {
    return QStringLiteral(
        "Usage: shuimo-cli video --input CLIP --style PATH [--style PATH ...] --output OUT.mp4|OUT.webm [options]\n\n"
        "Stylises a clip frame by frame with temporal consistency (docs/VIDEO.md): each frame after the first\n"
        "starts from the previous stylised frame warped by the optical flow, and a temporal term holds it there\n"
        "where the flow is reliable. The output keeps the clip's frame rate and its audio (copied, not re-encoded).\n"
        "Finished frames are kept in a folder beside the output (.OUT.frames): stopped or killed, the same command\n"
        "goes on from the last finished frame.\n\n"
        "  --input CLIP              the video to stylise (any FFmpeg reads)\n"
        "  --temporal-weight W       the temporal term's weight (default 1000; 0: warm starts alone)\n"
        "  --first-iterations N      the first frame's evaluations (default: the usual schedule's)\n"
        "  --iterations N            each later frame's evaluations (default: a fifth of the first's, at least 20)\n"
        "  --max-frames N            stop after N frames (a preview of the start)\n"
        "  --independent             paint every frame on its own from its photo, each with the first frame's\n"
        "                            evaluations (no warm start, no temporal term): what the method is measured\n"
        "                            against (docs/VIDEO.md)\n"
        "  --size N                  the output's long side (rounded to even sizes; default: the usual size,\n"
        "                            or the clip's own when it is smaller)\n\n"
        "Every `shuimo-cli stylize` option that applies to a frame works here too (weights, styles and blend,\n"
        "regions, device, precision, finishing, --progress json): see shuimo-cli stylize --help.\n");
}

VideoOptions parse_video_options(const QStringList& arguments) {
    VideoOptions options;
    QStringList rest;
    std::optional<QString> input;
    bool iterations_given = false;
    auto take_value = [&](int& i, const QString& name) -> QString {
        const QString& argument = arguments[i];
        if (argument.startsWith(name + QLatin1Char('='))) return argument.mid(name.size() + 1);
        if (i + 1 >= arguments.size()) throw UsageError(name.toStdString() + " needs a value");
        return arguments[++i];
    };
    auto positive = [](const QString& text, const char* name) {
        bool ok = false;
        const int value = text.toInt(&ok);
        if (!ok || value < 1) throw UsageError(std::string("--") + name + " needs a whole number >= 1 (got '" + text.toStdString() + "')");
        return value;
    };
    for (int i = 0; i < arguments.size(); ++i) {
        const QString& a = arguments[i];
        auto is = [&](const char* name) { return a == QLatin1String(name) || a.startsWith(QLatin1String(name) + QLatin1Char('=')); };
        if (is("--input")) input = take_value(i, QStringLiteral("--input"));
        else if (is("--temporal-weight")) {
            const QString text = take_value(i, QStringLiteral("--temporal-weight"));
            bool ok = false;
            options.temporal_weight = text.toDouble(&ok);
            if (!ok || !std::isfinite(options.temporal_weight) || options.temporal_weight < 0)
                throw UsageError("--temporal-weight needs a number >= 0 (got '" + text.toStdString() + "')");
        } else if (is("--first-iterations")) options.first_iterations = positive(take_value(i, QStringLiteral("--first-iterations")), "first-iterations");
        else if (is("--max-frames")) options.max_frames = positive(take_value(i, QStringLiteral("--max-frames")), "max-frames");
        else if (a == QLatin1String("--independent")) options.independent = true;
        else if (is("--content")) throw UsageError("shuimo-cli video takes the clip as --input");
        else {
            if (is("--iterations")) iterations_given = true;
            if (is("--size")) options.size_given = true;
            rest << a;
        }
    }
    if (!input) throw UsageError("--input is required (the clip)");
    options.stylize = parse_stylize_options(rest + QStringList{QStringLiteral("--content"), *input});
    if (options.stylize.dry_run) throw UsageError("--dry-run is for stylize: a clip has no one plan");
    if (iterations_given) options.iterations = options.stylize.params.iterations;
    if (options.independent && iterations_given)
        throw UsageError("--independent paints every frame with --first-iterations; --iterations (the later frames' share) does not apply");
    std::string extension = options.stylize.output.extension().string();
    std::transform(extension.begin(), extension.end(), extension.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    if (extension != ".mp4" && extension != ".webm") throw UsageError("--output must be an .mp4 or a .webm file");
    std::error_code same;
    if (fs::equivalent(options.stylize.output, options.stylize.content, same)) throw UsageError("--output is the clip itself");
    return options;
}

int run_video(const VideoOptions& options, const std::atomic<bool>& cancel_requested) {
    const StylizeOptions& s = options.stylize;
    const auto started = std::chrono::steady_clock::now();
    const video_io::VideoInfo info = video_io::probe_video(s.content);
    fs::path weights;
    if (s.weights) weights = *s.weights;
    else if (const auto installed = engine::find_installed_vgg19_weights()) weights = *installed;
    else throw engine::WeightsError(engine::missing_weights_message());

    // Without --size a clip is painted at the default size or its own, whichever is smaller.
    const int long_side = options.size_given ? s.params.size : std::min(s.params.size, std::max(info.width, info.height));
    engine::Size size = engine::fit_long_side(info.width, info.height, long_side);
    size.width = std::max(2, size.width - size.width % 2);
    size.height = std::max(2, size.height - size.height % 2);
    const int first = options.first_iterations.value_or(engine::StyleParams{}.iterations);
    const int later = options.iterations.value_or(std::max(20, first / 5));
    {
        // What the end will need is checked now, not after hours of painting: the encoder, the audio's
        // place in this container (the writer refuses it at once; destroyed unfinished, it leaves nothing).
        video_io::VideoWriter check(s.output, size.width, size.height, info.rate_num, info.rate_den,
                                    info.has_audio ? s.content : fs::path());
    }
    const fs::path work = video_work_folder(s.output);
    fs::create_directories(work);
    const std::string hash = settings_hash(options, size, first, later);
    int done = 0;
    while (record_matches(work / numbered("frame", done + 1, "json"), hash) && fs::exists(work / numbered("frame", done + 1, "png"))) ++done;
    // Going on needs the last finished frame's unfinished image (the warp's source).
    while (done > 0 && !fs::exists(work / numbered("raw", done, "png"))) --done;
    const std::int64_t expected = info.frames > 0 ? info.frames : std::llround(info.duration_s * info.frame_rate());
    const std::int64_t planned = options.max_frames ? std::min<std::int64_t>(*options.max_frames, expected > 0 ? expected : *options.max_frames) : expected;

    std::unique_ptr<CliProgressSink> sink;
    if (s.json_progress) sink = std::make_unique<JsonProgressSink>(cancel_requested, stdout);
    else sink = std::make_unique<TerminalProgressSink>(cancel_requested, stderr);
    auto say = [&](const QJsonObject& event, const std::string& line) {
        if (s.json_progress) {
            std::fputs(QJsonDocument(event).toJson(QJsonDocument::Compact).constData(), stdout);
            std::fputc('\n', stdout);
            std::fflush(stdout);
        } else {
            std::fprintf(stderr, "shuimo-cli: %s\n", line.c_str());
        }
    };
    if (done > 0)
        say({{QStringLiteral("event"), QStringLiteral("resumed")}, {QStringLiteral("frames_done"), done}},
            "going on after frame " + std::to_string(done) + " (finished earlier with the same settings)");

    const JobInputs inputs = read_job_inputs(s);  // style images and mask files once, not per frame
    engine::StyleEngine style_engine(weights);
    video_io::VideoReader reader(s.content);
    engine::Image previous_input, previous_raw;
    int frame = 0;
    double painting_seconds = 0.0;
    int painted = 0;
    while (!options.max_frames || frame < *options.max_frames) {
        std::optional<engine::Image> decoded = reader.next();
        if (!decoded) break;
        ++frame;
        engine::Image input = decoded->width == size.width && decoded->height == size.height ? std::move(*decoded)
                                                                                             : image_io::resize_image(*decoded, size);
        if (frame <= done) {
            if (frame == done) previous_raw = image_io::read_image(work / numbered("raw", frame, "png")).rgb;
            previous_input = std::move(input);
            continue;
        }
        const auto frame_started = std::chrono::steady_clock::now();
        engine::StyleJob job;
        job.content = input;
        job.params = s.params;
        job.params.size = std::max(size.width, size.height);
        job.style_blend = s.style_blend;
        add_job_inputs(job, inputs, *sink, s.content.filename().string() + " frame " + std::to_string(frame));
        double flow_seconds = 0.0;
        if (previous_raw.empty() || options.independent) {
            job.params.iterations = first;
        } else {
            // Ruder et al. 2016: start from the previous stylised frame warped onto this one, the photo where
            // the warp is unreliable, and hold the reliable part there with the temporal term.
            const auto flow_started = std::chrono::steady_clock::now();
            const image_io::Flow forward = image_io::dis_flow(previous_input, input), backward = image_io::dis_flow(input, previous_input);
            engine::TemporalTerm term;
            term.previous = image_io::warp(previous_raw, backward);
            term.reliable = image_io::reliable_mask(forward, backward);
            term.weight = options.temporal_weight;
            flow_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - flow_started).count();
            engine::Image start = input;
            for (int y = 0; y < size.height; ++y)
                for (int x = 0; x < size.width; ++x) {
                    const float c = term.reliable.at(x, y, 0);
                    for (int k = 0; k < 3; ++k) start.at(x, y, k) = c * term.previous.at(x, y, k) + (1.0f - c) * input.at(x, y, k);
                }
            job.init_image = std::move(start);
            job.params.init = engine::InitKind::Image;
            job.params.scales = 1;
            job.params.level_iterations.clear();
            job.params.iterations = later;
            job.temporal = std::move(term);
        }
        const engine::StyleResult result = style_engine.run(job, *sink);
        if (result.cancelled) {
            if (auto* terminal = dynamic_cast<TerminalProgressSink*>(sink.get())) terminal->finish();
            say({{QStringLiteral("event"), QStringLiteral("cancelled")}, {QStringLiteral("frames_done"), frame - 1}},
                "cancelled in frame " + std::to_string(frame) + "; " + std::to_string(frame - 1) +
                    " finished frames are kept: run the same command again to go on");
            return 130;
        }
        const engine::Image raw = result.raw_image.width == size.width && result.raw_image.height == size.height
                                      ? result.raw_image
                                      : image_io::resize_image(result.raw_image, size);
        const engine::Image finished = result.image.width == size.width && result.image.height == size.height
                                           ? result.image
                                           : image_io::resize_image(result.image, size);
        image_io::write_image(work / numbered("raw", frame, "png"), raw, nullptr, 16);
        image_io::write_image(work / numbered("frame", frame, "png"), finished, nullptr, 8);
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - frame_started).count();
        write_record(work / numbered("frame", frame, "json"), hash, frame, result.iterations_run, seconds);  // the frame is done
        std::error_code ignored;
        fs::remove(work / numbered("raw", frame - 1, "png"), ignored);
        // What the next frame warps is the 16-bit file itself: a run that goes on from the folder reads the same.
        previous_raw = image_io::read_image(work / numbered("raw", frame, "png")).rgb;
        previous_input = std::move(input);
        if (frame > 1) painting_seconds += seconds, ++painted;
        const double per_frame = painted > 0 ? painting_seconds / painted : seconds;
        const double eta = planned > frame ? per_frame * static_cast<double>(planned - frame) : 0.0;
        if (auto* terminal = dynamic_cast<TerminalProgressSink*>(sink.get())) terminal->finish();
        say({{QStringLiteral("event"), QStringLiteral("frame")},
             {QStringLiteral("frame"), frame},
             {QStringLiteral("frames"), static_cast<qint64>(planned)},
             {QStringLiteral("evaluations"), result.iterations_run},
             {QStringLiteral("seconds"), seconds},
             {QStringLiteral("flow_seconds"), flow_seconds},
             {QStringLiteral("eta_seconds"), eta}},
            "frame " + std::to_string(frame) + (planned > 0 ? "/" + std::to_string(planned) : "") + ": " +
                std::to_string(result.iterations_run) + " evaluations, " + engine::format_duration(seconds) +
                (flow_seconds > 0 ? " (flow " + (flow_seconds < 1.0 ? std::to_string(std::lround(flow_seconds * 1000.0)) + " ms"
                                                                    : engine::format_duration(flow_seconds)) + ")"
                                  : "") +
                ", about " +
                engine::format_duration(eta) + " left");
    }
    if (frame == 0) throw engine::ImageIoError(s.content.string() + ": no frame could be read");

    video_io::VideoWriter writer(s.output, size.width, size.height, info.rate_num, info.rate_den, info.has_audio ? s.content : fs::path());
    for (int k = 1; k <= frame; ++k) writer.write(image_io::read_image(work / numbered("frame", k, "png")).rgb);
    writer.finish();
    std::error_code ignored;
    if (!std::getenv("SHUIMO_VIDEO_KEEP_FRAMES")) fs::remove_all(work, ignored);  // kept: to look at the frames
    const double total = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    say({{QStringLiteral("event"), QStringLiteral("done")},
         {QStringLiteral("output"), QString::fromStdString(s.output.string())},
         {QStringLiteral("frames"), frame},
         {QStringLiteral("seconds"), total}},
        "wrote " + s.output.string() + " (" + std::to_string(frame) + " frames, " + engine::format_duration(total) + ")");
    return 0;
}

}  // namespace shuimo::cli
