#include "progress_printer.h"

#include <QJsonDocument>
#include <QJsonObject>

#include <unistd.h>

#include <algorithm>
#include <string>

namespace shuimo::cli {
namespace {

void write_json_line(std::FILE* out, const QJsonObject& object) {
    const QByteArray line = QJsonDocument(object).toJson(QJsonDocument::Compact);
    std::fwrite(line.constData(), 1, static_cast<std::size_t>(line.size()), out);
    std::fputc('\n', out);
    std::fflush(out);
}

}  // namespace

void CliProgressSink::on_notice(const std::string& message) { std::fprintf(stderr, "shuimo-cli: note: %s\n", message.c_str()); }

void JsonProgressSink::on_iteration(const engine::IterationReport& r) {
    QJsonObject line{
        {QStringLiteral("event"), QStringLiteral("iteration")},
        {QStringLiteral("scale"), r.scale},
        {QStringLiteral("iteration"), r.iteration},
        {QStringLiteral("width"), r.width},
        {QStringLiteral("height"), r.height},
        {QStringLiteral("content_loss"), r.content_loss},
        {QStringLiteral("style_loss"), r.style_loss},
        {QStringLiteral("tv_loss"), r.tv_loss},
        {QStringLiteral("total_loss"), r.total_loss},
        {QStringLiteral("best_total_loss"), r.best_total_loss},
        {QStringLiteral("elapsed_s"), r.elapsed_s},
        {QStringLiteral("remaining_s"), r.remaining_s >= 0.0 ? QJsonValue(r.remaining_s) : QJsonValue()},
    };
    // A tiled level (docs/TILING.md): the losses are the tile's; width and height the level's.
    if (r.tile > 0) {
        line.insert(QStringLiteral("tile"), r.tile);
        line.insert(QStringLiteral("tiles"), r.tiles);
    }
    write_json_line(out_, line);
}

void JsonProgressSink::write_done(const std::string& output, double seconds, bool cancelled) {
    QJsonObject done{{QStringLiteral("event"), cancelled ? QStringLiteral("cancelled") : QStringLiteral("done")},
                     {QStringLiteral("seconds"), seconds}};
    done.insert(QStringLiteral("output"), cancelled ? QJsonValue() : QJsonValue(QString::fromStdString(output)));
    write_json_line(out_, done);
}

TerminalProgressSink::TerminalProgressSink(const std::atomic<bool>& cancel_requested, std::FILE* stream)
    : CliProgressSink(cancel_requested), stream_(stream), enabled_(::isatty(::fileno(stream)) != 0) {}

void TerminalProgressSink::on_iteration(const engine::IterationReport& r) {
    if (!enabled_ || r.total_iterations <= 0) return;
    constexpr int kWidth = 30;
    const double fraction = r.work_fraction;
    const int filled = static_cast<int>(fraction * kWidth);
    // The engine's ETA (eta.h: evaluations weighted by their level's cost, at the pace so far).
    const double eta = std::max(0.0, r.remaining_s);
    const std::string tile = r.tile > 0 ? "  tile " + std::to_string(r.tile) + " of " + std::to_string(r.tiles) : "";
    std::fprintf(stream_, "\r[%.*s%.*s] %d/%d  %dx%d%s  loss %.4g  ETA %.0fs   ", filled,
                 "##############################", kWidth - filled, "..............................", r.iteration,
                 r.total_iterations, r.width, r.height, tile.c_str(), r.total_loss, eta);
    std::fflush(stream_);
    drawn_ = true;
}

void TerminalProgressSink::finish() {
    if (drawn_) std::fputc('\n', stream_);
    drawn_ = false;
}

}  // namespace shuimo::cli
