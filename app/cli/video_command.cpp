#include "video_command.h"

#include <QJsonDocument>
#include <QJsonObject>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <sstream>

#include "progress_printer.h"
#include "shuimo/batch/video_job.h"
#include "shuimo/engine/errors.h"
#include "shuimo/engine/model_paths.h"
#include "shuimo/engine/style_engine.h"
#include "shuimo/engine/system_helpers.h"
#include "shuimo/image_io/image_io.h"
#include "shuimo/video_io/video_io.h"
#include "stylize_command.h"

namespace shuimo::cli {
namespace {

namespace fs = std::filesystem;

// What decides the frames beside the clip, its size, the parameters and the temporal settings (those
// the video job hashes itself): the styles and their blend, the regions.
std::string settings_text(const VideoOptions& options) {
    const StylizeOptions& s = options.stylize;
    std::ostringstream text;
    for (const auto& style : s.styles) text << "style " << fs::absolute(style).string() << ' ' << fs::file_size(style) << '\n';
    for (const double b : s.style_blend) text << "blend " << b << '\n';
    for (const auto& r : s.regions)
        text << "region " << r.mask.string() << ' ' << static_cast<int>(r.kind) << ' ' << r.style.string() << ' ' << r.strength << '\n';
    return text.str();
}

}  // namespace

fs::path video_work_folder(const fs::path& output) { return batch::video_work_folder(output); }

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
        "  --iterations N            each later frame's evaluations (default: a fifth of the first's, at least 20\n"
        "                            and at most the first's)\n"
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

    batch::VideoJob job;
    job.input = s.content;
    job.output = s.output;
    // Without --size a clip is painted at the default size or its own, whichever is smaller.
    job.size = batch::video_frame_size(info.width, info.height, s.params.size, options.size_given);  // --size may enlarge
    job.params = s.params;
    job.first_iterations = options.first_iterations.value_or(engine::StyleParams{}.iterations);
    job.later_iterations = options.iterations.value_or(batch::default_later_iterations(job.first_iterations));
    job.temporal_weight = options.temporal_weight;
    job.max_frames = options.max_frames;
    job.independent = options.independent;
    job.keep_frames = std::getenv("SHUIMO_VIDEO_KEEP_FRAMES") != nullptr;  // kept: to look at the frames
    job.settings = settings_text(options);
    const JobInputs inputs = read_job_inputs(s);  // style images and mask files once, not per frame
    const std::string clip_name = s.content.filename().string();
    job.prepare_frame = [&](engine::StyleJob& frame_job, engine::ProgressSink& sink, int frame) {
        frame_job.style_blend = s.style_blend;
        add_job_inputs(frame_job, inputs, sink, clip_name + " frame " + std::to_string(frame));
    };

    std::unique_ptr<CliProgressSink> sink;
    if (s.json_progress) sink = std::make_unique<JsonProgressSink>(cancel_requested, stdout);
    else sink = std::make_unique<TerminalProgressSink>(cancel_requested, stderr);
    auto say = [&](const QJsonObject& event, const std::string& line) {
        if (auto* terminal = dynamic_cast<TerminalProgressSink*>(sink.get())) terminal->finish();
        if (s.json_progress) {
            std::fputs(QJsonDocument(event).toJson(QJsonDocument::Compact).constData(), stdout);
            std::fputc('\n', stdout);
            std::fflush(stdout);
        } else {
            std::fprintf(stderr, "shuimo-cli: %s\n", line.c_str());
        }
    };
    class Lines final : public batch::VideoObserver {
    public:
        explicit Lines(const decltype(say)& say) : m_say(say) {}
        void on_resumed(int done) override {
            m_say({{QStringLiteral("event"), QStringLiteral("resumed")}, {QStringLiteral("frames_done"), done}},
                  "going on after frame " + std::to_string(done) + " (finished earlier with the same settings)");
        }
        void on_frame_done(const batch::VideoFrameDone& d) override {
            const double flow = d.flow_seconds;
            m_say({{QStringLiteral("event"), QStringLiteral("frame")},
                   {QStringLiteral("frame"), d.frame},
                   {QStringLiteral("frames"), static_cast<qint64>(d.planned)},
                   {QStringLiteral("evaluations"), d.evaluations},
                   {QStringLiteral("seconds"), d.seconds},
                   {QStringLiteral("flow_seconds"), flow},
                   {QStringLiteral("eta_seconds"), d.eta_seconds}},
                  "frame " + std::to_string(d.frame) + (d.planned > 0 ? "/" + std::to_string(d.planned) : "") + ": " +
                      std::to_string(d.evaluations) + " evaluations, " + engine::format_duration(d.seconds) +
                      (flow > 0 ? " (flow " + (flow < 1.0 ? std::to_string(std::lround(flow * 1000.0)) + " ms" : engine::format_duration(flow)) + ")"
                                : "") +
                      ", about " + engine::format_duration(d.eta_seconds) + " left");
        }

    private:
        const decltype(say)& m_say;
    } lines(say);

    engine::StyleEngine style_engine(weights);
    const batch::VideoResult result = batch::run_video_job(style_engine, job, *sink, &lines);
    if (result.cancelled) {
        say({{QStringLiteral("event"), QStringLiteral("cancelled")}, {QStringLiteral("frames_done"), result.frames}},
            "cancelled in frame " + std::to_string(result.frames + 1) + "; " + std::to_string(result.frames) +
                " finished frames are kept: run the same command again to go on");
        return 130;
    }
    const double total = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    say({{QStringLiteral("event"), QStringLiteral("done")},
         {QStringLiteral("output"), QString::fromStdString(s.output.string())},
         {QStringLiteral("frames"), result.frames},
         {QStringLiteral("seconds"), total}},
        "wrote " + s.output.string() + " (" + std::to_string(result.frames) + " frames, " + engine::format_duration(total) + ")");
    return 0;
}

}  // namespace shuimo::cli
