#include "shuimo/model_store/catalogue.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

#include <cmath>

#include "shuimo/engine/model_paths.h"
#include "shuimo/model_store/errors.h"

namespace shuimo::models {
namespace {

[[noreturn]] void fail(const QString& origin, const QString& what) {
    throw CatalogueError(QStringLiteral("model catalogue %1: %2").arg(origin, what).toStdString());
}

QString required_string(const QJsonObject& object, const char* key, const QString& origin, const QString& where) {
    const auto value = object.value(QLatin1String(key));
    if (!value.isString() || value.toString().isEmpty())
        fail(origin, QStringLiteral("%1 has no \"%2\" string").arg(where, QLatin1String(key)));
    return value.toString();
}

// A size in bytes: a whole number from 1 to 2^53 (1 PB is far beyond any model; doubles are exact there).
// Converting a larger double to qint64 would be undefined behaviour.
qint64 byte_count(const QJsonValue& value, const QString& origin, const QString& what) {
    constexpr double kMaxBytes = 9007199254740992.0;  // 2^53
    const double bytes = value.toDouble(-1.0);
    if (!value.isDouble() || !(bytes >= 1.0 && bytes <= kMaxBytes) || bytes != std::floor(bytes))
        fail(origin, QStringLiteral("%1 must be a whole number of bytes from 1 to 2^53").arg(what));
    return static_cast<qint64>(bytes);
}

CatalogueEntry parse_entry(const QJsonObject& object, const QString& origin, int index) {
    const QString where = QStringLiteral("entry %1").arg(index);
    CatalogueEntry entry;
    entry.id = required_string(object, "id", origin, where);
    if (!engine::is_valid_model_id(entry.id.toStdString()))
        fail(origin, QStringLiteral("%1: id '%2' is not a plain folder name").arg(where, entry.id));
    const QString named = QStringLiteral("entry '%1'").arg(entry.id);
    entry.name = required_string(object, "name", origin, named);
    entry.description = object.value(QLatin1String("description")).toString();
    entry.licence = required_string(object, "licence", origin, named);
    entry.licence_url = object.value(QLatin1String("licence_url")).toString();
    entry.homepage = object.value(QLatin1String("homepage")).toString();
    for (const auto& url : object.value(QLatin1String("urls")).toArray()) {
        if (url.isString() && !url.toString().isEmpty()) entry.urls << url.toString();
    }
    if (entry.urls.isEmpty()) fail(origin, named + QStringLiteral(" has no \"urls\""));
    entry.file_name = required_string(object, "file_name", origin, named);
    entry.format = required_string(object, "format", origin, named);
    if (entry.format != QLatin1String(kFormatSafetensors) && entry.format != QLatin1String(kFormatCaffemodel))
        fail(origin, QStringLiteral("%1: unknown format '%2' (safetensors or caffemodel)").arg(named, entry.format));
    if (const auto size = object.value(QLatin1String("size_bytes")); !size.isUndefined() && !size.isNull())
        entry.size_bytes = byte_count(size, origin, named + QStringLiteral(" size_bytes"));
    if (const auto approx = object.value(QLatin1String("approx_size_bytes")); !approx.isUndefined() && !approx.isNull())
        entry.approx_size_bytes = byte_count(approx, origin, named + QStringLiteral(" approx_size_bytes"));
    if (entry.size_bytes) entry.approx_size_bytes = *entry.size_bytes;

    const auto checksum = object.value(QLatin1String("checksum")).toObject();
    entry.checksum_algorithm = required_string(checksum, "algorithm", origin, named + QStringLiteral(" checksum"));
    entry.checksum = required_string(checksum, "value", origin, named + QStringLiteral(" checksum")).toLower();
    const int hex_length = entry.checksum_algorithm == QLatin1String("sha256") ? 64
                         : entry.checksum_algorithm == QLatin1String("md5")    ? 32
                                                                               : 0;
    if (hex_length == 0) fail(origin, named + QStringLiteral(": checksum algorithm must be sha256 or md5"));
    static const QRegularExpression hex(QStringLiteral("^[0-9a-f]+$"));
    if (entry.checksum.size() != hex_length || !hex.match(entry.checksum).hasMatch())
        fail(origin, named + QStringLiteral(": checksum value is not %1 hex digits").arg(hex_length));

    entry.preprocessing = required_string(object, "preprocessing", origin, named);
    if (entry.preprocessing != QLatin1String(kPreprocessingTorchvision) &&
        entry.preprocessing != QLatin1String(kPreprocessingCaffe))
        fail(origin, QStringLiteral("%1: unknown preprocessing '%2'").arg(named, entry.preprocessing));
    return entry;
}

}  // namespace

QString CatalogueEntry::checksum_label() const {
    return (checksum_algorithm == QLatin1String("md5") ? QStringLiteral("MD5 ") : QStringLiteral("SHA-256 ")) + checksum;
}

const CatalogueEntry* Catalogue::find(const QString& id) const {
    for (const auto& entry : models) {
        if (entry.id == id) return &entry;
    }
    return nullptr;
}

const CatalogueEntry& Catalogue::at(const QString& id) const {
    if (const auto* entry = find(id)) return *entry;
    QStringList ids;
    for (const auto& entry : models) ids << entry.id;
    throw CatalogueError(
        QStringLiteral("'%1' is not in the model catalogue (%2); known: %3").arg(id, origin, ids.join(QStringLiteral(", "))).toStdString());
}

Catalogue parse_catalogue(const QByteArray& json, const QString& origin) {
    QJsonParseError error{};
    const auto document = QJsonDocument::fromJson(json, &error);
    if (error.error != QJsonParseError::NoError)
        fail(origin, QStringLiteral("not valid JSON at offset %1: %2").arg(error.offset).arg(error.errorString()));
    const auto models = document.object().value(QLatin1String("models"));
    if (!models.isArray()) fail(origin, QStringLiteral("no \"models\" array"));
    Catalogue catalogue;
    catalogue.origin = origin;
    int index = 0;
    for (const auto& value : models.toArray()) {
        auto entry = parse_entry(value.toObject(), origin, index++);
        if (catalogue.find(entry.id) != nullptr) fail(origin, QStringLiteral("id '%1' appears twice").arg(entry.id));
        catalogue.models.push_back(std::move(entry));
    }
    return catalogue;
}

Catalogue load_catalogue(const QString& override_path) {
    QString path = override_path;
    if (path.isEmpty()) path = qEnvironmentVariable("SHUIMO_CATALOGUE");
    if (path.isEmpty()) path = QStringLiteral(":/shuimo/catalogue.json");
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) fail(path, QStringLiteral("cannot be read: %1").arg(file.errorString()));
    return parse_catalogue(file.readAll(), path);
}

}  // namespace shuimo::models
