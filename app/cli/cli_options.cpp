#include "cli_options.h"

#include <QCommandLineParser>

#include <cmath>
#include <limits>

#include "shuimo/engine/errors.h"
#include "shuimo/engine/param_table.h"

namespace shuimo::cli {
namespace {

struct OptionSpec {
    const char* name;
    const char* value;
    const char* help;
};

// The options that are not parameters; the parameters' options come from the table
// (engine/param_table.h), between these and kTrailingOptions.
const OptionSpec kOptions[] = {
    {"content", "PATH", "Photo to stylise (JPEG, PNG, TIFF, WebP, BMP)."},
    {"style", "PATH", "Style reference; repeat for several."},
    {"output", "PATH", "Result file (.png, .jpg, .tif, .webp); never one of the inputs."},
    {"style-blend", "W1,W2,...", "Blend weight of each style (normalised to sum 1). Default: equal."},
    {"region", "MASK:STYLE[:STRENGTH]",
     "A region with its own style; repeat for several. MASK: a greyscale image (white = in the region, grey = partly), "
     "any size, or 'sky' / 'faces' for an automatic mask of the photo (shuimo-cli mask); STYLE: a style image, 'photo' (keep the photo there) or 'paper' (blank paper); STRENGTH multiplies the "
     "style weight (default 1; 0 keeps the photo). Pixels in no region get --style, or keep the photo without one."},
    {"weights", "PATH", "VGG-19 weights (.safetensors). Default: the installed model."},
};
const OptionSpec kTrailingOptions[] = {
    {"bit-depth", "8|16", "Output bits per sample (16: PNG and TIFF). Default 8."},
    {"progress", "json", "Write one JSON object per iteration to stdout."},
};
const OptionSpec kDryRun = {"dry-run", "", "Print the plan (levels, sizes, evaluations, memory, time) and stop."};

QString optionName(const engine::ParamField& field) {
    return QString::fromUtf8(field.option.data(), static_cast<qsizetype>(field.option.size()));
}

QString helpOf(const engine::ParamField& field) {
    QString help = QString::fromUtf8(field.help.data(), static_cast<qsizetype>(field.help.size()));
    if (field.type != engine::ParamType::Boolean) help += QStringLiteral(" Default %1.").arg(QString::fromStdString(engine::default_text(field)));
    return help;
}

// Every option, in --help order: inputs, parameters (table order), output, flags.
std::vector<OptionSpec> allOptions(std::vector<std::string>& storage) {
    std::vector<OptionSpec> specs(std::begin(kOptions), std::end(kOptions));
    const auto fields = engine::param_fields();
    storage.reserve(fields.size() * 3);
    for (const auto& field : fields) {
        if (field.option.empty()) continue;
        storage.emplace_back(field.option);
        const char* name = storage.back().c_str();
        storage.emplace_back(field.value_name);
        const char* value = storage.back().c_str();
        storage.push_back(helpOf(field).toStdString());
        specs.push_back({name, value, storage.back().c_str()});
    }
    specs.insert(specs.end(), std::begin(kTrailingOptions), std::end(kTrailingOptions));
    specs.push_back(kDryRun);
    return specs;
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

void add_options(QCommandLineParser& parser, const std::vector<OptionSpec>& specs) {
    parser.setSingleDashWordOptionMode(QCommandLineParser::ParseAsLongOptions);
    for (const auto& spec : specs) {
        const QString name = QString::fromUtf8(spec.name);
        if (*spec.value) parser.addOption(QCommandLineOption(name, QString::fromUtf8(spec.help), QString::fromUtf8(spec.value)));
        else parser.addOption(QCommandLineOption(name, QString::fromUtf8(spec.help)));
    }
}

// One parameter's option text -> the JSON value the table reads. Throws UsageError
// for text that is not of the parameter's type; ranges are checked by validate().
engine::json::Value optionValue(const engine::ParamField& field, const QString& text) {
    using engine::json::Value;
    const QString name = optionName(field);
    const auto range = [&] { return QStringLiteral("%1 to %2").arg(field.low, 0, 'g', 17).arg(field.high, 0, 'g', 17); };
    switch (field.type) {
    case engine::ParamType::Integer: {
        if (field.zero_allowed && text == QLatin1String("auto")) return Value::of_integer(0);
        bool ok = false;
        const long long value = text.toLongLong(&ok);
        if (!ok || ((value < field.low || value > field.high) && !(field.zero_allowed && value == 0))) {
            throw UsageError(QStringLiteral("--%1 needs %2a whole number from %3 (got '%4')")
                                 .arg(name, field.zero_allowed ? QStringLiteral("auto, 0 or ") : QString(), range(), text)
                                 .toStdString());
        }
        return Value::of_integer(value);
    }
    case engine::ParamType::Number: {
        // Not-a-number and infinities parse (Qt reads "nan", "inf"): engine::validate refuses them
        // with the option's allowed range, so the range is stated in one place.
        bool ok = false;
        const double value = text.toDouble(&ok);
        if (!ok) throw UsageError(QStringLiteral("--%1 needs a number (got '%2')").arg(name, text).toStdString());
        return Value::of_number(value);
    }
    case engine::ParamType::IntegerList:
    case engine::ParamType::NumberList: {
        const bool whole = field.type == engine::ParamType::IntegerList;
        std::vector<Value> items;
        for (const QString& item : text.split(QLatin1Char(','))) {
            bool ok = false;
            const double value = item.trimmed().toDouble(&ok);
            if (!ok || !std::isfinite(value) || value < field.low || value > field.high || (whole && value != std::floor(value))) {
                throw UsageError(QStringLiteral("--%1 needs %2 from %3 (got '%4')")
                                     .arg(name, whole ? QStringLiteral("whole numbers") : QStringLiteral("numbers"), range(), item)
                                     .toStdString());
            }
            items.push_back(whole ? Value::of_integer(static_cast<long long>(value)) : Value::of_number(value));
        }
        return Value::of_array(std::move(items));
    }
    case engine::ParamType::TextList: {
        std::vector<Value> items;
        for (const auto& item : parse_list(text)) items.push_back(Value::of_string(item));
        return Value::of_array(std::move(items));
    }
    case engine::ParamType::Unsigned64: {
        bool ok = false;
        const qulonglong value = text.toULongLong(&ok);
        if (!ok || text.startsWith(QLatin1Char('-')) || text.startsWith(QLatin1Char('+')))
            throw UsageError(QStringLiteral("--%1 needs a whole number from 0 to 18446744073709551615 (got '%2')").arg(name, text).toStdString());
        return Value::of_string(std::to_string(value));
    }
    case engine::ParamType::ByteSize:
        try {
            return Value::of_string(std::to_string(engine::parse_memory_size(text.toStdString())));
        } catch (const engine::ConfigError& e) {
            throw UsageError(e.what());
        }
    case engine::ParamType::Colour: {
        if (text == QLatin1String("auto")) return Value{};
        bool ok = text.size() == 7 && text.startsWith(QLatin1Char('#'));
        const uint rgb = ok ? text.mid(1).toUInt(&ok, 16) : 0;
        if (!ok) throw UsageError(QStringLiteral("--%1 needs auto or #RRGGBB (got '%2')").arg(name, text).toStdString());
        return Value::of_array({Value::of_number(((rgb >> 16) & 0xFF) / 255.0f), Value::of_number(((rgb >> 8) & 0xFF) / 255.0f),
                                Value::of_number((rgb & 0xFF) / 255.0f)});
    }
    case engine::ParamType::Boolean: return Value::of_bool(true);
    case engine::ParamType::Text:
    case engine::ParamType::Choice: break;
    }
    return Value::of_string(text.toStdString());
}

}  // namespace

QString stylize_help_text() {
    QString text = QStringLiteral("Usage: shuimo-cli stylize --content PATH --style PATH [--style PATH ...] [--region MASK:STYLE[:STRENGTH] ...] --output PATH [options]\n\n");
    std::vector<std::string> storage;
    for (const auto& spec : allOptions(storage)) {
        if (*spec.value) text += QStringLiteral("  --%1 %2\n      %3\n").arg(QString::fromUtf8(spec.name), QString::fromUtf8(spec.value), QString::fromUtf8(spec.help));
        else text += QStringLiteral("  --%1\n      %2\n").arg(QString::fromUtf8(spec.name), QString::fromUtf8(spec.help));
    }
    return text;
}

RegionOption parse_region_option(const QString& text) {
    const auto usage = [&](const std::string& why) {
        return UsageError("--region " + text.toStdString() + ": " + why + " (MASK:STYLE[:STRENGTH], STYLE a path, 'photo' or 'paper')");
    };
    QStringList parts = text.split(QLatin1Char(':'));
    RegionOption region;
    if (parts.size() >= 3) {
        bool ok = false;
        const double strength = parts.last().trimmed().toDouble(&ok);
        if (ok) {
            if (!std::isfinite(strength) || strength < 0.0) throw usage("the strength must be a number >= 0");
            region.strength = strength;
            parts.removeLast();
        }
    }
    if (parts.size() < 2 || parts.first().isEmpty()) throw usage("a mask and a style are needed");
    // A path may hold ':' itself: the mask ends at the first ':' whose left side is "sky", "faces" or an
    // existing file (else at the first ':'), the style is the rest.
    qsizetype split = 1;
    for (qsizetype n = 1; n < parts.size(); ++n) {
        const QString left = QStringList(parts.mid(0, n)).join(QLatin1Char(':'));
        if (left == QLatin1String("sky") || left == QLatin1String("faces") || std::filesystem::is_regular_file(to_path(left))) {
            split = n;
            break;
        }
    }
    region.mask = to_path(QStringList(parts.mid(0, split)).join(QLatin1Char(':')));
    const QString style = QStringList(parts.mid(split)).join(QLatin1Char(':'));
    if (style.isEmpty()) throw usage("a style is needed");
    if (style == QLatin1String("photo")) region.kind = engine::RegionKind::Photo;
    else if (style == QLatin1String("paper")) region.kind = engine::RegionKind::Paper;
    else region.style = to_path(style);
    return region;
}

StylizeOptions parse_stylize_options(const QStringList& arguments) {
    QCommandLineParser parser;
    std::vector<std::string> storage;
    const std::vector<OptionSpec> specs = allOptions(storage);
    add_options(parser, specs);
    if (!parser.parse(QStringList{QStringLiteral("shuimo-cli")} + arguments)) throw UsageError(parser.errorText().toStdString());
    if (!parser.positionalArguments().isEmpty()) {
        throw UsageError("unexpected argument '" + parser.positionalArguments().first().toStdString() + "'");
    }
    for (const char* required : {"content", "output"}) {
        if (!parser.isSet(QString::fromLatin1(required))) throw UsageError(std::string("--") + required + " is required");
    }
    if (!parser.isSet(QStringLiteral("style")) && !parser.isSet(QStringLiteral("region")))
        throw UsageError("--style is required (or at least one --region)");
    for (const auto& spec : specs) {
        const QString name = QString::fromUtf8(spec.name);
        if (name != QLatin1String("style") && name != QLatin1String("region") && parser.values(name).size() > 1)
            throw UsageError("--" + name.toStdString() + " was given more than once");
    }

    StylizeOptions options;
    engine::StyleParams& p = options.params;
    options.content = to_path(parser.value(QStringLiteral("content")));
    for (const QString& style : parser.values(QStringLiteral("style"))) options.styles.push_back(to_path(style));
    for (const QString& region : parser.values(QStringLiteral("region"))) options.regions.push_back(parse_region_option(region));
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
    // The parameters, generically from the table; --init takes a path too.
    for (const auto& field : engine::param_fields()) {
        const QString name = optionName(field);
        if (field.option.empty() || !parser.isSet(name)) continue;
        if (field.key == "init") {
            const QString init = parser.value(name);
            if (init != QLatin1String("content") && init != QLatin1String("noise")) {
                p.init = engine::InitKind::Image;
                options.init_image = to_path(init);
                continue;
            }
        }
        try {
            engine::set_param(field, p, optionValue(field, parser.value(name)));
        } catch (const engine::ParamValueError& e) {
            throw UsageError("--" + name.toStdString() + " needs " + e.what() + " (got '" + parser.value(name).toStdString() + "')");
        }
    }
    // A statistic named without a weight gets its own default weight (engine/style_params.h).
    if (parser.isSet(QStringLiteral("style-loss")) && !parser.isSet(QStringLiteral("style-weight")))
        p.style_weight = engine::equivalent_style_weight(p.style_weight, engine::StyleParams{}.style_loss, p.style_loss);
    if (parser.isSet(QStringLiteral("level-iterations"))) {
        int total = 0;
        for (const int n : p.level_iterations) total += n;
        if (total < 1) throw UsageError("--level-iterations must add up to at least 1");
        p.iterations = total;
        if (!parser.isSet(QStringLiteral("scales"))) p.scales = static_cast<int>(p.level_iterations.size());
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
    try {
        engine::validate(p);
    } catch (const engine::ConfigError& e) {
        throw UsageError(e.what());
    }
    return options;
}

}  // namespace shuimo::cli
