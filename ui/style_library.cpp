#include "style_library.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSet>

namespace shuimo::ui {

QStringList imageFileFilters() {
    return {QStringLiteral("*.png"),  QStringLiteral("*.jpg"), QStringLiteral("*.jpeg"), QStringLiteral("*.tif"),
            QStringLiteral("*.tiff"), QStringLiteral("*.webp"), QStringLiteral("*.bmp")};
}

bool isImageFile(const QString& path) {
    const QString suffix = QFileInfo(path).suffix().toLower();
    for (const QString& filter : imageFileFilters()) {
        if (filter.mid(2) == suffix) return true;
    }
    return false;
}

QString findStylesDir() {
    QStringList candidates;
    const QString fromEnv = qEnvironmentVariable("SHUIMO_STYLES_DIR");
    if (!fromEnv.isEmpty()) candidates << fromEnv;
    const QString appDir = QCoreApplication::applicationDirPath();
    candidates << appDir + QStringLiteral("/../share/shuimo/styles");
#ifdef SHUIMO_SOURCE_DIR
    candidates << QStringLiteral(SHUIMO_SOURCE_DIR "/assets/styles");
#endif
    candidates << appDir + QStringLiteral("/../../../assets/styles") << appDir + QStringLiteral("/../../assets/styles");
    for (const QString& candidate : candidates) {
        if (QFileInfo(candidate).isDir()) return QDir(candidate).canonicalPath();
    }
    return {};
}

StyleEntry userStyleEntry(const QString& path) {
    const QFileInfo info(path);
    StyleEntry entry;
    entry.id = QStringLiteral("user:") + info.absoluteFilePath();
    entry.name = info.completeBaseName();
    entry.description = info.absoluteFilePath();
    entry.path = info.absoluteFilePath();
    entry.bundled = false;
    return entry;
}

QList<StyleEntry> loadStyleEntries(const QString& dirPath) {
    QList<StyleEntry> entries;
    if (dirPath.isEmpty()) return entries;
    const QDir dir(dirPath);
    QSet<QString> named;
    QFile manifest(dir.filePath(QStringLiteral("styles.json")));
    if (manifest.open(QIODevice::ReadOnly)) {
        const QJsonDocument document = QJsonDocument::fromJson(manifest.readAll());
        const QJsonArray styles = document.isArray() ? document.array() : document.object().value(QStringLiteral("styles")).toArray();
        for (const QJsonValue& value : styles) {
            const QJsonObject object = value.toObject();
            QString file = object.value(QStringLiteral("file")).toString();
            if (file.isEmpty()) file = object.value(QStringLiteral("path")).toString();
            if (file.isEmpty() || !QFileInfo::exists(dir.filePath(file))) continue;
            StyleEntry entry;
            entry.path = QFileInfo(dir.filePath(file)).absoluteFilePath();
            entry.id = object.value(QStringLiteral("id")).toString(QFileInfo(file).completeBaseName());
            entry.name = object.value(QStringLiteral("name")).toString(entry.id);
            entry.description = object.value(QStringLiteral("description")).toString();
            entry.recommended = object.value(QStringLiteral("recommended")).toObject();
            named.insert(entry.path);
            entries.append(entry);
        }
    }
    for (const QFileInfo& info : dir.entryInfoList(imageFileFilters(), QDir::Files, QDir::Name)) {
        if (named.contains(info.absoluteFilePath())) continue;
        StyleEntry entry = userStyleEntry(info.absoluteFilePath());
        entry.id = info.completeBaseName();
        entry.name = info.completeBaseName().replace(QLatin1Char('_'), QLatin1Char(' ')).replace(QLatin1Char('-'), QLatin1Char(' '));
        entry.description.clear();
        entry.bundled = true;
        entries.append(entry);
    }
    return entries;
}

}  // namespace shuimo::ui
