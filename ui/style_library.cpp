#include "style_library.h"

#include "shuimo/engine/style_library.h"
#include "shuimo/engine/system_report.h"
#include "shuimo/image_io/image_formats.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSet>

#include <filesystem>

namespace shuimo::ui {

QStringList imageFileFilters() {
    QStringList filters;
    for (const std::string_view ext : image_io::readable_extensions())
        filters << QLatin1Char('*') + QString::fromLatin1(ext.data(), static_cast<qsizetype>(ext.size()));
    return filters;
}

bool isImageFile(const QString& path) {
    return image_io::has_readable_extension(std::filesystem::path(path.toStdU32String()));
}

QString findStylesDir() {
#ifdef SHUIMO_SOURCE_DIR
    const std::filesystem::path source_dir = SHUIMO_SOURCE_DIR;
#else
    const std::filesystem::path source_dir;
#endif
    // The same search as shuimo-cli doctor's (system_report.h).
    const auto dir = engine::find_styles_dir(QCoreApplication::applicationDirPath().toStdString(), source_dir);
    return QString::fromStdString(dir.string());
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

QList<StyleEntry> loadStyleEntries(const QString& dirPath, const QString& language, QString* error) {
    QList<StyleEntry> entries;
    if (dirPath.isEmpty()) return entries;
    const QDir dir(dirPath);
    QSet<QString> named;
    const QString manifest = dir.filePath(QStringLiteral("styles.json"));
    if (QFileInfo::exists(manifest)) {
        try {
            // One reader for the GUI and the CLI: the engine's (names, descriptions, recommended settings).
            const engine::StyleLibrary library = engine::load_style_library(manifest.toStdString());
            const bool chinese = language.startsWith(QStringLiteral("zh"));
            for (const engine::StyleEntry& style : library.styles) {
                const QString path = QString::fromStdString(style.file.string());
                if (!QFileInfo::exists(path)) continue;
                StyleEntry entry;
                entry.path = QFileInfo(path).absoluteFilePath();
                entry.id = QString::fromStdString(style.id);
                entry.name = QString::fromStdString(chinese ? style.name_zh : style.name_en);
                entry.description = QString::fromStdString(chinese ? style.description_zh : style.description_en);
                entry.recommended[QStringLiteral("style_weight")] = style.recommended.style_weight;
                entry.recommended[QStringLiteral("style_scale")] = style.recommended.style_scale;
                entry.recommended[QStringLiteral("preserve_colors")] = style.recommended.preserve_colors;
                entry.recommended[QStringLiteral("quality")] = QString::fromStdString(style.recommended.preset);
                named.insert(entry.path);
                entries.append(entry);
            }
        } catch (const std::exception& e) {
            if (error) *error = QString::fromUtf8(e.what());
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
