#include "params_json.h"

#include <QJsonArray>

namespace shuimo::ui {
namespace {

QString fromView(std::string_view text) {
    return QString::fromUtf8(text.data(), static_cast<qsizetype>(text.size()));
}

QJsonArray toArray(const std::vector<std::string>& values) {
    QJsonArray array;
    for (const auto& value : values) array.append(QString::fromStdString(value));
    return array;
}

std::vector<std::string> toStrings(const QJsonValue& value, std::vector<std::string> fallback) {
    if (!value.isArray()) return fallback;
    std::vector<std::string> out;
    for (const auto& item : value.toArray()) out.push_back(item.toString().toStdString());
    return out;
}

engine::InitKind parseInit(const QString& text, engine::InitKind fallback) {
    if (text == QLatin1String("content")) return engine::InitKind::Content;
    if (text == QLatin1String("noise")) return engine::InitKind::Noise;
    return fallback;
}

}  // namespace

QJsonObject paramsToJson(const engine::StyleParams& p) {
    QJsonObject json;
    json[QStringLiteral("size")] = p.size;
    json[QStringLiteral("iterations")] = p.iterations;
    json[QStringLiteral("scales")] = p.scales;
    json[QStringLiteral("min_size")] = p.min_size;
    json[QStringLiteral("content_weight")] = p.content_weight;
    json[QStringLiteral("style_weight")] = p.style_weight;
    json[QStringLiteral("tv_weight")] = p.tv_weight;
    json[QStringLiteral("content_layers")] = toArray(p.content_layers);
    json[QStringLiteral("style_layers")] = toArray(p.style_layers);
    json[QStringLiteral("optimizer")] = fromView(engine::to_string(p.optimizer));
    json[QStringLiteral("learning_rate")] = p.learning_rate;
    json[QStringLiteral("pooling")] = fromView(engine::to_string(p.pooling));
    json[QStringLiteral("init")] = fromView(engine::to_string(p.init));
    json[QStringLiteral("style_scale")] = p.style_scale;
    json[QStringLiteral("preserve_colors")] = p.preserve_colors;
    json[QStringLiteral("colour_strength")] = p.colour_strength;
    json[QStringLiteral("monochrome_ink")] = p.monochrome_ink;
    json[QStringLiteral("seed")] = QString::number(p.seed);  // 64-bit: doubles would round it
    json[QStringLiteral("device")] = QString::fromStdString(p.device);
    json[QStringLiteral("precision")] = fromView(engine::to_string(p.precision));
    return json;
}

engine::StyleParams paramsFromJson(const QJsonObject& json, engine::StyleParams p) {
    p.size = json.value(QStringLiteral("size")).toInt(p.size);
    p.iterations = json.value(QStringLiteral("iterations")).toInt(p.iterations);
    p.scales = json.value(QStringLiteral("scales")).toInt(p.scales);
    p.min_size = json.value(QStringLiteral("min_size")).toInt(p.min_size);
    p.content_weight = json.value(QStringLiteral("content_weight")).toDouble(p.content_weight);
    p.style_weight = json.value(QStringLiteral("style_weight")).toDouble(p.style_weight);
    p.tv_weight = json.value(QStringLiteral("tv_weight")).toDouble(p.tv_weight);
    p.content_layers = toStrings(json.value(QStringLiteral("content_layers")), p.content_layers);
    p.style_layers = toStrings(json.value(QStringLiteral("style_layers")), p.style_layers);
    try {
        if (json.contains(QStringLiteral("optimizer")))
            p.optimizer = engine::parse_optimizer(json.value(QStringLiteral("optimizer")).toString().toStdString());
        if (json.contains(QStringLiteral("pooling")))
            p.pooling = engine::parse_pooling(json.value(QStringLiteral("pooling")).toString().toStdString());
        if (json.contains(QStringLiteral("precision")))
            p.precision = engine::parse_precision(json.value(QStringLiteral("precision")).toString().toStdString());
    } catch (const std::exception&) {
        // A misspelt value keeps the default rather than rejecting the whole preset.
    }
    p.learning_rate = json.value(QStringLiteral("learning_rate")).toDouble(p.learning_rate);
    p.init = parseInit(json.value(QStringLiteral("init")).toString(), p.init);
    p.style_scale = json.value(QStringLiteral("style_scale")).toDouble(p.style_scale);
    p.preserve_colors = json.value(QStringLiteral("preserve_colors")).toBool(p.preserve_colors);
    p.colour_strength = json.value(QStringLiteral("colour_strength")).toDouble(p.colour_strength);
    p.monochrome_ink = json.value(QStringLiteral("monochrome_ink")).toBool(p.monochrome_ink);
    bool ok = false;
    const quint64 seed = json.value(QStringLiteral("seed")).toString().toULongLong(&ok);
    if (ok) p.seed = seed;
    p.device = json.value(QStringLiteral("device")).toString(QString::fromStdString(p.device)).toStdString();
    return p;
}

}  // namespace shuimo::ui
