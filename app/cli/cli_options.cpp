#include "cli_options.h"

#include <QCommandLineParser>

#include <cmath>
#include <limits>

#include "shuimo/engine/errors.h"

namespace shuimo::cli {
namespace {

struct OptionSpec {
    const char* name;
    const char* value;
    const char* help;
};

const OptionSpec kOptions[] = {
    {"content", "PATH", "Photo to stylise (JPEG, PNG, TIFF, WebP, BMP)."},
    {"style", "PATH", "Style reference; repeat for several."},
    {"output", "PATH", "Result file (.png, .jpg, .tif, .webp); never one of the inputs."},
    {"style-blend", "W1,W2,...", "Blend weight of each style (normalised to sum 1). Default: equal."},
    {"weights", "PATH", "VGG-19 weights (.safetensors). Default: the installed model."},
    {"size", "N", "Longest side of the output in pixels; 0 = the content's size. Default 512."},
    {"iterations", "N", "Objective evaluations (forward+backward passes), all levels together. Default 500."},
    {"scales", "N", "Coarse-to-fine levels; 1 = single scale, 0 = auto (factor <= 2 between levels). Default 0."},
    {"min-size", "N", "Long side of the coarsest level. Default 128."},
    {"level-iterations", "N1,N2,...", "Evaluations per level, coarse to fine (overrides the automatic share)."},
    {"content-weight", "X", "Weight of the content loss. Default 1."},
    {"style-weight", "X", "Weight of the style loss. Default 1e6."},
    {"tv-weight", "X", "Weight of the total-variation (smoothness) loss. Default 1."},
    {"content-layers", "L,...", "VGG-19 layers for content. Default relu4_2."},
    {"style-layers", "L,...", "VGG-19 layers for style. Default relu1_1,relu2_1,relu3_1,relu4_1,relu5_1."},
    {"optimizer", "lbfgs|adam", "Optimiser. Default lbfgs."},
    {"learning-rate", "X", "Adam's learning rate (image in [0,1]). Default 0.02."},
    {"init", "content|noise|PATH", "Starting image. Default content."},
    {"pooling", "max|avg", "VGG pooling. Default max."},
    {"style-scale", "X", "Style images' long side relative to the output's. Default 1."},
    {"seed", "N", "Random seed (noise init). Default 0."},
    {"device", "auto|cpu|cuda[:N]", "Where to run. Default auto (CUDA when available)."},
    {"precision", "auto|fp32|fp16|bf16", "Convolution precision; statistics stay fp32. Default auto (fp32 on CPU)."},
    {"colour-strength", "X", "0 = grey, 1 = full colour (the photo's with --preserve-colors, else the result's). Default 1."},
    {"paper-colour", "auto|#RRGGBB", "Paper for --ink. Default auto: the first style's paper tone."},
    {"checkpointing", "auto|on|off", "Recompute VGG activations in the backward pass: less memory (~330 MiB per megapixel), ~1/5 slower. Default auto (when a level would not fit)."},
    {"max-memory", "SIZE", "Working-memory budget, e.g. 6G or 800M: checkpointing, then a smaller size, keep the job inside it. Default: the device's free memory."},
    {"report-every", "N", "Progress (and the loss read back from the device) every N evaluations. Default 1 on CPU, 10 on GPU."},
    {"bit-depth", "8|16", "Output bits per sample (16: PNG and TIFF). Default 8."},
    {"progress", "json", "Write one JSON object per iteration to stdout."},
};

// Not-a-number and infinities parse (Qt reads "nan", "inf"): engine::validate refuses them
// with the option's allowed range, so the range is stated in one place.
double parse_number(const QCommandLineParser& parser, const QString& name) {
    bool ok = false;
    const double value = parser.value(name).toDouble(&ok);
    if (!ok) throw UsageError(QStringLiteral("--%1 needs a number (got '%2')").arg(name, parser.value(name)).toStdString());
    return value;
}

long long parse_integer(const QCommandLineParser& parser, const QString& name, long long low, long long high) {
    bool ok = false;
    const long long value = parser.value(name).toLongLong(&ok);
    if (!ok || value < low || value > high) {
        throw UsageError(QStringLiteral("--%1 needs a whole number from %2 to %3 (got '%4')")
                             .arg(name).arg(low).arg(high).arg(parser.value(name))
                             .toStdString());
    }
    return value;
}

std::vector<std::string> parse_list(const QString& text) {
    std::vector<std::string> items;
    for (const QString& item : text.split(QLatin1Char(','), Qt::SkipEmptyParts)) items.push_back(item.trimmed().toStdString());
    return items;
}

std::filesystem::path to_path(const QString& text) { return std::filesystem::path(text.toStdU32String()); }

void add_options(QCommandLineParser& parser) {
    parser.setSingleDashWordOptionMode(QCommandLineParser::ParseAsLongOptions);
    for (const auto& spec : kOptions) {
        parser.addOption(QCommandLineOption(QString::fromLatin1(spec.name), QString::fromUtf8(spec.help),
                                            QString::fromLatin1(spec.value)));
    }
    parser.addOption(QCommandLineOption(QStringLiteral("preserve-colors"), QStringLiteral("Keep the photo's colours; take luminance from the result.")));
    parser.addOption(QCommandLineOption(QStringLiteral("ink"), QStringLiteral("Monochrome ink: the result as ink tones on the paper colour.")));
    parser.addOption(QCommandLineOption(QStringLiteral("dry-run"), QStringLiteral("Print the plan (levels, sizes, evaluations, memory, time) and stop.")));
}

}  // namespace

QString stylize_help_text() {
    QString text = QStringLiteral("Usage: shuimo-cli stylize --content PATH --style PATH [--style PATH ...] --output PATH [options]\n\n");
    for (const auto& spec : kOptions) {
        text += QStringLiteral("  --%1 %2\n      %3\n").arg(QLatin1String(spec.name), QLatin1String(spec.value), QString::fromUtf8(spec.help));
    }
    text += QStringLiteral("  --preserve-colors\n      Keep the photo's colours; take luminance from the result.\n");
    text += QStringLiteral("  --ink\n      Monochrome ink: the result as ink tones on the paper colour.\n");
    text += QStringLiteral("  --dry-run\n      Print the plan (levels, sizes, evaluations, memory, time) and stop.\n");
    return text;
}

StylizeOptions parse_stylize_options(const QStringList& arguments) {
    QCommandLineParser parser;
    add_options(parser);
    if (!parser.parse(QStringList{QStringLiteral("shuimo-cli")} + arguments)) throw UsageError(parser.errorText().toStdString());
    if (!parser.positionalArguments().isEmpty()) {
        throw UsageError("unexpected argument '" + parser.positionalArguments().first().toStdString() + "'");
    }
    for (const char* required : {"content", "style", "output"}) {
        if (!parser.isSet(QString::fromLatin1(required))) throw UsageError(std::string("--") + required + " is required");
    }
    for (const auto& spec : kOptions) {
        const QString name = QString::fromLatin1(spec.name);
        if (name != QLatin1String("style") && parser.values(name).size() > 1)
            throw UsageError("--" + name.toStdString() + " was given more than once");
    }

    StylizeOptions options;
    engine::StyleParams& p = options.params;
    options.content = to_path(parser.value(QStringLiteral("content")));
    for (const QString& style : parser.values(QStringLiteral("style"))) options.styles.push_back(to_path(style));
    options.output = to_path(parser.value(QStringLiteral("output")));
    if (parser.isSet(QStringLiteral("weights"))) options.weights = to_path(parser.value(QStringLiteral("weights")));

    if (parser.isSet(QStringLiteral("style-blend"))) {
        for (const QString& item : parser.value(QStringLiteral("style-blend")).split(QLatin1Char(','))) {
            bool ok = false;
            const double w = item.trimmed().toDouble(&ok);
            if (!ok || !std::isfinite(w) || w < 0)
                throw UsageError("--style-blend needs non-negative numbers separated by commas (got '" + item.toStdString() + "')");
            options.style_blend.push_back(w);
        }
        if (options.style_blend.size() != options.styles.size()) {
            throw UsageError("--style-blend has " + std::to_string(options.style_blend.size()) + " weights for " +
                             std::to_string(options.styles.size()) + " --style images");
        }
    }
    if (parser.isSet(QStringLiteral("size"))) p.size = static_cast<int>(parse_integer(parser, QStringLiteral("size"), 0, 16384));
    if (parser.isSet(QStringLiteral("iterations")))
        p.iterations = static_cast<int>(parse_integer(parser, QStringLiteral("iterations"), 1, 1000000));
    if (parser.isSet(QStringLiteral("scales"))) p.scales = static_cast<int>(parse_integer(parser, QStringLiteral("scales"), 0, 12));
    if (parser.isSet(QStringLiteral("min-size")))
        p.min_size = static_cast<int>(parse_integer(parser, QStringLiteral("min-size"), 16, 16384));
    if (parser.isSet(QStringLiteral("level-iterations"))) {
        p.level_iterations.clear();
        int total = 0;
        for (const QString& item : parser.value(QStringLiteral("level-iterations")).split(QLatin1Char(','))) {
            bool ok = false;
            const int n = item.trimmed().toInt(&ok);
            if (!ok || n < 0 || n > 1000000)
                throw UsageError("--level-iterations needs whole numbers from 0 to 1000000 (got '" + item.toStdString() + "')");
            p.level_iterations.push_back(n);
            total += n;
        }
        if (total < 1) throw UsageError("--level-iterations must add up to at least 1");
        p.iterations = total;
        if (!parser.isSet(QStringLiteral("scales"))) p.scales = static_cast<int>(p.level_iterations.size());
    }
    if (parser.isSet(QStringLiteral("content-weight"))) p.content_weight = parse_number(parser, QStringLiteral("content-weight"));
    if (parser.isSet(QStringLiteral("style-weight"))) p.style_weight = parse_number(parser, QStringLiteral("style-weight"));
    if (parser.isSet(QStringLiteral("tv-weight"))) p.tv_weight = parse_number(parser, QStringLiteral("tv-weight"));
    if (parser.isSet(QStringLiteral("content-layers"))) p.content_layers = parse_list(parser.value(QStringLiteral("content-layers")));
    if (parser.isSet(QStringLiteral("style-layers"))) p.style_layers = parse_list(parser.value(QStringLiteral("style-layers")));
    if (parser.isSet(QStringLiteral("learning-rate"))) p.learning_rate = parse_number(parser, QStringLiteral("learning-rate"));
    if (parser.isSet(QStringLiteral("style-scale"))) p.style_scale = parse_number(parser, QStringLiteral("style-scale"));
    if (parser.isSet(QStringLiteral("seed")))
        p.seed = static_cast<std::uint64_t>(parse_integer(parser, QStringLiteral("seed"), 0, std::numeric_limits<long long>::max()));
    if (parser.isSet(QStringLiteral("device"))) p.device = parser.value(QStringLiteral("device")).toStdString();
    p.preserve_colors = parser.isSet(QStringLiteral("preserve-colors"));
    p.monochrome_ink = parser.isSet(QStringLiteral("ink"));
    if (parser.isSet(QStringLiteral("colour-strength"))) p.colour_strength = parse_number(parser, QStringLiteral("colour-strength"));
    if (parser.isSet(QStringLiteral("paper-colour")) && parser.value(QStringLiteral("paper-colour")) != QLatin1String("auto")) {
        const QString text = parser.value(QStringLiteral("paper-colour"));
        bool ok = text.size() == 7 && text.startsWith(QLatin1Char('#'));
        const uint rgb = ok ? text.mid(1).toUInt(&ok, 16) : 0;
        if (!ok) throw UsageError("--paper-colour needs auto or #RRGGBB (got '" + text.toStdString() + "')");
        p.paper_colour = std::array<float, 3>{((rgb >> 16) & 0xFF) / 255.0f, ((rgb >> 8) & 0xFF) / 255.0f, (rgb & 0xFF) / 255.0f};
    }
    options.dry_run = parser.isSet(QStringLiteral("dry-run"));
    if (parser.isSet(QStringLiteral("bit-depth"))) {
        const auto depth = parse_integer(parser, QStringLiteral("bit-depth"), 8, 16);
        if (depth != 8 && depth != 16) throw UsageError("--bit-depth must be 8 or 16");
        options.bit_depth = static_cast<int>(depth);
    }
    if (parser.isSet(QStringLiteral("progress"))) {
        if (parser.value(QStringLiteral("progress")) != QLatin1String("json"))
            throw UsageError("--progress takes 'json' (got '" + parser.value(QStringLiteral("progress")).toStdString() + "')");
        options.json_progress = true;
    }
    if (parser.isSet(QStringLiteral("report-every")))
        p.report_every = static_cast<int>(parse_integer(parser, QStringLiteral("report-every"), 1, 1000000));
    if (parser.isSet(QStringLiteral("init"))) {
        const QString init = parser.value(QStringLiteral("init"));
        if (init == QLatin1String("content")) p.init = engine::InitKind::Content;
        else if (init == QLatin1String("noise")) p.init = engine::InitKind::Noise;
        else {
            p.init = engine::InitKind::Image;
            options.init_image = to_path(init);
        }
    }
    try {
        if (parser.isSet(QStringLiteral("optimizer")))
            p.optimizer = engine::parse_optimizer(parser.value(QStringLiteral("optimizer")).toStdString());
        if (parser.isSet(QStringLiteral("precision")))
            p.precision = engine::parse_precision(parser.value(QStringLiteral("precision")).toStdString());
        if (parser.isSet(QStringLiteral("pooling")))
            p.pooling = engine::parse_pooling(parser.value(QStringLiteral("pooling")).toStdString());
        if (parser.isSet(QStringLiteral("checkpointing")))
            p.checkpointing = engine::parse_checkpointing(parser.value(QStringLiteral("checkpointing")).toStdString());
        if (parser.isSet(QStringLiteral("max-memory")))
            p.max_memory = engine::parse_memory_size(parser.value(QStringLiteral("max-memory")).toStdString());
        engine::validate(p);
    } catch (const engine::ConfigError& e) {
        throw UsageError(e.what());
    }
    return options;
}

}  // namespace shuimo::cli
