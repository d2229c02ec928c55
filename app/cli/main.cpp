// shuimo-cli: the engine from the command line, for scripts, batches and clusters.

#include <QCoreApplication>

#include <atomic>
#include <csignal>
#include <cstdio>
#include <exception>
#include <memory>
#include <string>

#include "batch_command.h"
#include "cli_options.h"
#include "doctor_command.h"
#include "models_command.h"
#include "progress_printer.h"
#include "shuimo/engine/style_engine.h"
#include "mask_command.h"
#include "stylize_command.h"
#include "video_command.h"

namespace {

std::atomic<bool> g_cancel_requested{false};

extern "C" void request_cancel(int) { g_cancel_requested.store(true); }

constexpr const char* kUsage =
    "Usage: shuimo-cli stylize --content PATH --style PATH --output PATH [options]\n"
    "       shuimo-cli video --input CLIP --style PATH --output OUT.mp4 [options]   (shuimo-cli video --help)\n"
    "       shuimo-cli batch QUEUE.json [--devices LIST] [--shard I/N] [--retry-failed]   (shuimo-cli batch --help)\n"
    "       shuimo-cli mask sky|faces --input PHOTO --output MASK.png   (an automatic region mask to correct)\n"
    "       shuimo-cli info\n"
    "       shuimo-cli doctor   (what this build and machine have: CUDA, GPUs, BLAS, models, styles)\n"
    "       shuimo-cli models list | download NAME [--keep-original] | import FILE [--name ID] | verify [NAME] |\n"
    "                         remove NAME | default NAME   (shuimo-cli models --help)\n"
    "       shuimo-cli stylize --help\n";

// Errors are one line: torch and OpenCV messages may carry several.
std::string one_line(std::string message) {
    for (char& c : message) {
        if (c == '\n' || c == '\r') c = ' ';
    }
    return message;
}

int stylize(const QStringList& arguments) {
    if (arguments.contains(QStringLiteral("--help")) || arguments.contains(QStringLiteral("-h"))) {
        std::fputs(shuimo::cli::stylize_help_text().toLocal8Bit().constData(), stdout);
        return 0;
    }
    const auto options = shuimo::cli::parse_stylize_options(arguments);
    if (options.dry_run) {
        std::fputs(shuimo::cli::describe_plan(options).c_str(), stdout);
        return 0;
    }
    std::signal(SIGINT, request_cancel);
    std::signal(SIGTERM, request_cancel);
    if (options.json_progress) {
        shuimo::cli::JsonProgressSink sink(g_cancel_requested, stdout);
        const auto outcome = shuimo::cli::run_stylize(options, sink);
        sink.write_done(options.output.string(), outcome.seconds, outcome.cancelled);
        return outcome.cancelled ? 130 : 0;
    }
    shuimo::cli::TerminalProgressSink sink(g_cancel_requested, stderr);
    const auto outcome = shuimo::cli::run_stylize(options, sink);
    sink.finish();
    if (outcome.cancelled) {
        std::fprintf(stderr, "shuimo-cli: cancelled after %d iterations; nothing was written\n", outcome.iterations);
        return 130;
    }
    std::fprintf(stderr, "shuimo-cli: wrote %s (%d iterations, %.1f s)\n", options.output.string().c_str(),
                 outcome.iterations, outcome.seconds);
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("shuimo-cli"));
    QStringList arguments = QCoreApplication::arguments();
    arguments.removeFirst();
    try {
        if (arguments.isEmpty() || arguments.first() == QLatin1String("--help") || arguments.first() == QLatin1String("-h")) {
            std::fputs(kUsage, arguments.isEmpty() ? stderr : stdout);
            return arguments.isEmpty() ? 2 : 0;
        }
        const QString command = arguments.takeFirst();
        if (command == QLatin1String("stylize")) return stylize(arguments);
        if (command == QLatin1String("batch")) return shuimo::cli::run_batch_command(arguments);
        if (command == QLatin1String("video")) {
            if (arguments.contains(QStringLiteral("--help")) || arguments.contains(QStringLiteral("-h"))) {
                std::fputs(shuimo::cli::video_help_text().toLocal8Bit().constData(), stdout);
                return 0;
            }
            const auto options = shuimo::cli::parse_video_options(arguments);
            std::signal(SIGINT, request_cancel);
            std::signal(SIGTERM, request_cancel);
            return shuimo::cli::run_video(options, g_cancel_requested);
        }
        if (command == QLatin1String("models")) return shuimo::cli::run_models_command(arguments);
        if (command == QLatin1String("doctor")) return shuimo::cli::run_doctor_command(arguments);
        if (command == QLatin1String("mask")) return shuimo::cli::run_mask_command(arguments);
        if (command == QLatin1String("info")) {
            const auto info = shuimo::engine::engine_info();
            std::printf("torch %s\ncuda %s (%d devices)\ncpu threads %d\n", info.torch_version.c_str(),
                        info.cuda_available ? "yes" : "no", info.cuda_device_count, info.cpu_threads);
            return 0;
        }
        throw shuimo::cli::UsageError("unknown command '" + command.toStdString() + "' (commands: stylize, video, batch, mask, models, info, doctor)");
    } catch (const shuimo::cli::UsageError& e) {
        std::fprintf(stderr, "shuimo-cli: error: %s\n", e.what());
        return 2;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "shuimo-cli: error: %s\n", one_line(e.what()).c_str());
        return 1;
    }
}
