#include "presets_store.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSaveFile>
#include <QStandardPaths>
#include <cmath>

#include "shuimo/batch/params_json.h"

namespace shuimo::ui {

PresetsStore::PresetsStore(QString dir) : m_dir(std::move(dir)) {
    if (m_dir.isEmpty()) {
        m_dir = QStandardPaths::writableLocation(QStandardPaths::AppConfigLocation) + QStringLiteral("/presets");
    }
}

QString PresetsStore::fileFor(const QString& name) const {
    // Names are free text; file names keep letters (any script), digits, space, - and _.
    QString safe;
    for (const QChar c : name.trimmed()) safe += (c.isLetterOrNumber() || c == QLatin1Char(' ') || c == QLatin1Char('-') || c == QLatin1Char('_')) ? c : QLatin1Char('_');
    return QDir(m_dir).filePath(safe + QStringLiteral(".json"));
}

QStringList PresetsStore::names() const {
    QStringList names;
    const QDir dir(m_dir);
    for (const QString& file : dir.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name)) {
        QFile in(dir.filePath(file));
        if (!in.open(QIODevice::ReadOnly)) continue;
        const QJsonObject object = QJsonDocument::fromJson(in.readAll()).object();
        names << object.value(QStringLiteral("name")).toString(file.chopped(5));
    }
    return names;
}

QString PresetsStore::save(const QString& name, const engine::StyleParams& params, const QStringList& styles,
                           const QList<double>& blend) const {
    if (name.trimmed().isEmpty()) return QCoreApplication::translate("shuimo::ui::PresetsStore", "A preset needs a name.");
    QDir().mkpath(m_dir);
    QJsonObject object;
    object[QStringLiteral("name")] = name.trimmed();
    object[QStringLiteral("params")] = batch::params_to_json(params);
    if (!styles.isEmpty()) {
        QJsonArray files;
        for (const QString& style : styles) files.append(QFileInfo(style).absoluteFilePath());
        object[QStringLiteral("styles")] = files;
        if (blend.size() == styles.size()) {
            QJsonArray weights;
            for (const double weight : blend) weights.append(weight);
            object[QStringLiteral("blend")] = weights;
        }
    }
    QSaveFile file(fileFor(name));
    const QByteArray bytes = QJsonDocument(object).toJson();
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() || !file.commit()) {
        return QCoreApplication::translate("shuimo::ui::PresetsStore", "Could not save the preset in %1: %2")
            .arg(m_dir, file.errorString());
    }
    return {};
}

std::optional<engine::StyleParams> PresetsStore::load(const QString& name) const {
    if (const auto preset = loadPreset(name)) return preset->params;
    return std::nullopt;
}

std::optional<StylePreset> PresetsStore::loadPreset(const QString& name) const {
    QFile in(fileFor(name));
    if (!in.open(QIODevice::ReadOnly)) return std::nullopt;
    const QJsonObject object = QJsonDocument::fromJson(in.readAll()).object();
    if (!object.value(QStringLiteral("params")).isObject()) return std::nullopt;
    StylePreset preset;
    preset.params = batch::params_from_json(object.value(QStringLiteral("params")).toObject());
    // Lenient, as for the params: what cannot be used is left out.
    for (const QJsonValue& file : object.value(QStringLiteral("styles")).toArray()) {
        if (file.isString() && !file.toString().isEmpty()) preset.styles << file.toString();
    }
    const QJsonArray weights = object.value(QStringLiteral("blend")).toArray();
    if (weights.size() == preset.styles.size()) {
        for (const QJsonValue& weight : weights) {
            if (!weight.isDouble() || !std::isfinite(weight.toDouble()) || weight.toDouble() < 0.0) {
                preset.blend.clear();
                break;
            }
            preset.blend << weight.toDouble();
        }
    }
    return preset;
}

bool PresetsStore::remove(const QString& name) const {
    return QFile::remove(fileFor(name));
}

}  // namespace shuimo::ui
