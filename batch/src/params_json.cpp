#include "shuimo/batch/params_json.h"

#include <QJsonArray>
#include <QSet>
#include <cmath>
#include <functional>
#include <limits>

#include "shuimo/engine/errors.h"

namespace shuimo::batch {
namespace {

QString from_view(std::string_view text) {
    return QString::fromUtf8(text.data(), static_cast<qsizetype>(text.size()));
}

template <typename T>
QJsonArray to_array(const std::vector<T>& values) {
    QJsonArray array;
    for (const auto& value : values) {
        if constexpr (std::is_same_v<T, std::string>) array.append(QString::fromStdString(value));
        else array.append(value);
    }
    return array;
}

std::string_view init_name(engine::InitKind kind) { return engine::to_string(kind); }

// Reads one JSON object against the params, key by key. In lenient mode a
// problem keeps the current value; in strict mode it throws.
class Reader {
public:
    Reader(const QJsonObject& json, ParamsReading reading, QString where)
        : json_(json), strict_(reading == ParamsReading::Strict), where_(std::move(where)) {}

    void integer(const char* key, int& out, long long low, long long high) {
        const QJsonValue v = json_.value(QLatin1String(key));
        if (v.isUndefined()) return;
        used(key);
        const double d = v.toDouble(std::numeric_limits<double>::quiet_NaN());
        if (!v.isDouble() || !std::isfinite(d) || d != std::floor(d)) return bad(key, v, "a whole number");
        if (d < static_cast<double>(low) || d > static_cast<double>(high))
            return bad(key, v, "a whole number from " + std::to_string(low) + " to " + std::to_string(high));
        out = static_cast<int>(d);
    }
    void number(const char* key, double& out) {
        const QJsonValue v = json_.value(QLatin1String(key));
        if (v.isUndefined()) return;
        used(key);
        // JSON has no NaN or infinity; Qt reads a literal 1e999 as infinity.
        if (!v.isDouble() || !std::isfinite(v.toDouble())) return bad(key, v, "a finite number");
        out = v.toDouble();
    }
    void boolean(const char* key, bool& out) {
        const QJsonValue v = json_.value(QLatin1String(key));
        if (v.isUndefined()) return;
        used(key);
        if (!v.isBool()) return bad(key, v, "true or false");
        out = v.toBool();
    }
    void text(const char* key, std::string& out) {
        const QJsonValue v = json_.value(QLatin1String(key));
        if (v.isUndefined()) return;
        used(key);
        if (!v.isString()) return bad(key, v, "a string");
        out = v.toString().toStdString();
    }
    template <typename Enum>
    void choice(const char* key, Enum& out, const std::function<Enum(std::string_view)>& parse) {
        const QJsonValue v = json_.value(QLatin1String(key));
        if (v.isUndefined()) return;
        used(key);
        if (!v.isString()) return bad(key, v, "a string");
        try {
            out = parse(v.toString().toStdString());
        } catch (const engine::ConfigError& e) {
            if (strict_) throw engine::ConfigError(prefix() + key + ": " + e.what());
        }
    }
    void strings(const char* key, std::vector<std::string>& out) {
        const QJsonValue v = json_.value(QLatin1String(key));
        if (v.isUndefined()) return;
        used(key);
        if (!v.isArray()) return bad(key, v, "an array of strings");
        std::vector<std::string> values;
        for (const auto& item : v.toArray()) {
            if (!item.isString()) return bad(key, v, "an array of strings");
            values.push_back(item.toString().toStdString());
        }
        out = std::move(values);
    }
    void numbers(const char* key, std::vector<double>& out) {
        const QJsonValue v = json_.value(QLatin1String(key));
        if (v.isUndefined()) return;
        used(key);
        if (!v.isArray()) return bad(key, v, "an array of numbers");
        std::vector<double> values;
        for (const auto& item : v.toArray()) {
            if (!item.isDouble() || !std::isfinite(item.toDouble())) return bad(key, v, "an array of finite numbers");
            values.push_back(item.toDouble());
        }
        out = std::move(values);
    }
    void integers(const char* key, std::vector<int>& out) {
        std::vector<double> values;
        const QJsonValue v = json_.value(QLatin1String(key));
        numbers(key, values);
        if (v.isUndefined()) return;
        std::vector<int> ints;
        for (const double d : values) {
            if (d != std::floor(d) || d < 0 || d > 1e6) return bad(key, v, "an array of whole numbers from 0 to 1000000");
            ints.push_back(static_cast<int>(d));
        }
        if (ints.size() == values.size()) out = std::move(ints);
    }
    // Written as a string: a double cannot hold every 64-bit value.
    void unsigned64(const char* key, std::uint64_t& out) {
        const QJsonValue v = json_.value(QLatin1String(key));
        if (v.isUndefined()) return;
        used(key);
        bool ok = false;
        quint64 value = 0;
        if (v.isString()) value = v.toString().toULongLong(&ok);
        else if (v.isDouble() && v.toDouble() >= 0 && v.toDouble() <= 9007199254740992.0 && v.toDouble() == std::floor(v.toDouble())) {
            value = static_cast<quint64>(v.toDouble());
            ok = true;
        }
        if (!ok) return bad(key, v, "a whole number from 0 to 18446744073709551615 (as a string)");
        out = value;
    }
    void memory(const char* key, std::uint64_t& out) {
        const QJsonValue v = json_.value(QLatin1String(key));
        if (v.isUndefined()) return;
        if (v.isString()) {
            used(key);
            try {
                out = engine::parse_memory_size(v.toString().toStdString());
            } catch (const engine::ConfigError& e) {
                if (strict_) throw engine::ConfigError(prefix() + key + ": " + e.what());
            }
            return;
        }
        unsigned64(key, out);
    }
    void colour(const char* key, std::optional<std::array<float, 3>>& out) {
        const QJsonValue v = json_.value(QLatin1String(key));
        if (v.isUndefined()) return;
        used(key);
        if (v.isNull()) {
            out.reset();
            return;
        }
        const QJsonArray a = v.toArray();
        if (!v.isArray() || a.size() != 3) return bad(key, v, "null or [r, g, b] with each from 0 to 1");
        std::array<float, 3> rgb{};
        for (int i = 0; i < 3; ++i) {
            const double c = a[i].toDouble(-1.0);
            if (!a[i].isDouble() || !(c >= 0.0 && c <= 1.0)) return bad(key, v, "null or [r, g, b] with each from 0 to 1");
            rgb[static_cast<std::size_t>(i)] = static_cast<float>(c);
        }
        out = rgb;
    }

    void reject_unknown_keys() const {
        if (!strict_) return;
        for (auto it = json_.begin(); it != json_.end(); ++it) {
            if (!used_.contains(it.key())) {
                throw engine::ConfigError(prefix() + "unknown setting '" + it.key().toStdString() +
                                          "' (see docs/BATCH.md for the names)");
            }
        }
    }

private:
    void used(const char* key) { used_.insert(QLatin1String(key)); }
    std::string prefix() const { return where_.isEmpty() ? std::string() : where_.toStdString() + ": "; }
    void bad(const char* key, const QJsonValue& value, const std::string& expected) {
        if (!strict_) return;
        QString shown;
        switch (value.type()) {
        case QJsonValue::Double: shown = QString::number(value.toDouble(), 'g', 17); break;
        case QJsonValue::String: shown = QLatin1Char('"') + value.toString().left(40) + QLatin1Char('"'); break;
        case QJsonValue::Bool: shown = value.toBool() ? QStringLiteral("true") : QStringLiteral("false"); break;
        case QJsonValue::Null: shown = QStringLiteral("null"); break;
        case QJsonValue::Array: shown = QStringLiteral("an array"); break;
        case QJsonValue::Object: shown = QStringLiteral("an object"); break;
        default: shown = QStringLiteral("?");
        }
        throw engine::ConfigError(prefix() + key + " is " + shown.toStdString() + "; expected " + expected);
    }

    const QJsonObject& json_;
    bool strict_;
    QString where_;
    QSet<QString> used_;
};

engine::InitKind parse_init(std::string_view text) {
    if (text == "content") return engine::InitKind::Content;
    if (text == "noise") return engine::InitKind::Noise;
    throw engine::ConfigError("'" + std::string(text) + "' is not an initialisation: use content or noise");
}

}  // namespace

QJsonObject painting_params_json(const engine::StyleParams& p) {
    QJsonObject json;
    json[QStringLiteral("size")] = p.size;
    json[QStringLiteral("iterations")] = p.iterations;
    json[QStringLiteral("scales")] = p.scales;
    json[QStringLiteral("min_size")] = p.min_size;
    json[QStringLiteral("level_iterations")] = to_array(p.level_iterations);
    json[QStringLiteral("content_weight")] = p.content_weight;
    json[QStringLiteral("style_weight")] = p.style_weight;
    json[QStringLiteral("tv_weight")] = p.tv_weight;
    json[QStringLiteral("content_layers")] = to_array(p.content_layers);
    json[QStringLiteral("style_layers")] = to_array(p.style_layers);
    json[QStringLiteral("style_layer_weights")] = to_array(p.style_layer_weights);
    json[QStringLiteral("optimizer")] = from_view(engine::to_string(p.optimizer));
    json[QStringLiteral("learning_rate")] = p.learning_rate;
    json[QStringLiteral("lbfgs_history")] = p.lbfgs_history;
    json[QStringLiteral("pooling")] = from_view(engine::to_string(p.pooling));
    json[QStringLiteral("init")] = from_view(init_name(p.init));
    json[QStringLiteral("style_scale")] = p.style_scale;
    json[QStringLiteral("preserve_colors")] = p.preserve_colors;
    json[QStringLiteral("colour_strength")] = p.colour_strength;
    json[QStringLiteral("monochrome_ink")] = p.monochrome_ink;
    if (p.paper_colour) {
        json[QStringLiteral("paper_colour")] = QJsonArray{(*p.paper_colour)[0], (*p.paper_colour)[1], (*p.paper_colour)[2]};
    } else {
        json[QStringLiteral("paper_colour")] = QJsonValue::Null;
    }
    json[QStringLiteral("seed")] = QString::number(p.seed);  // 64-bit: doubles would round it
    json[QStringLiteral("precision")] = from_view(engine::to_string(p.precision));
    json[QStringLiteral("loss_scale")] = p.loss_scale;
    return json;
}

QJsonObject params_to_json(const engine::StyleParams& p) {
    QJsonObject json = painting_params_json(p);
    json[QStringLiteral("device")] = QString::fromStdString(p.device);
    json[QStringLiteral("checkpointing")] = from_view(engine::to_string(p.checkpointing));
    json[QStringLiteral("max_memory")] = QString::number(p.max_memory);
    json[QStringLiteral("report_every")] = p.report_every;
    return json;
}

engine::StyleParams params_from_json(const QJsonObject& json, engine::StyleParams p, ParamsReading reading,
                                     const QString& where) {
    Reader r(json, reading, where);
    r.integer("size", p.size, 0, 1 << 20);
    r.integer("iterations", p.iterations, 0, 10'000'000);
    r.integer("scales", p.scales, 0, 64);
    r.integer("min_size", p.min_size, 1, 1 << 20);
    r.integers("level_iterations", p.level_iterations);
    r.number("content_weight", p.content_weight);
    r.number("style_weight", p.style_weight);
    r.number("tv_weight", p.tv_weight);
    r.strings("content_layers", p.content_layers);
    r.strings("style_layers", p.style_layers);
    r.numbers("style_layer_weights", p.style_layer_weights);
    r.choice<engine::OptimizerKind>("optimizer", p.optimizer, engine::parse_optimizer);
    r.number("learning_rate", p.learning_rate);
    r.integer("lbfgs_history", p.lbfgs_history, 0, 1 << 20);
    r.choice<engine::PoolingKind>("pooling", p.pooling, engine::parse_pooling);
    r.choice<engine::InitKind>("init", p.init, parse_init);
    r.number("style_scale", p.style_scale);
    r.boolean("preserve_colors", p.preserve_colors);
    r.number("colour_strength", p.colour_strength);
    r.boolean("monochrome_ink", p.monochrome_ink);
    r.colour("paper_colour", p.paper_colour);
    r.unsigned64("seed", p.seed);
    r.text("device", p.device);
    r.choice<engine::Precision>("precision", p.precision, engine::parse_precision);
    r.number("loss_scale", p.loss_scale);
    r.choice<engine::Checkpointing>("checkpointing", p.checkpointing, engine::parse_checkpointing);
    r.memory("max_memory", p.max_memory);
    r.integer("report_every", p.report_every, 0, 1'000'000);
    r.reject_unknown_keys();
    if (reading == ParamsReading::Strict) {
        try {
            engine::validate(p);
        } catch (const engine::ConfigError& e) {
            throw engine::ConfigError((where.isEmpty() ? std::string() : where.toStdString() + ": ") + e.what());
        }
    }
    return p;
}

}  // namespace shuimo::batch
