#pragma once
// The bundled style references: assets/styles/styles.json read by the
// engine's style_library.h (names and descriptions in English and Chinese,
// recommended settings), plus the folder's image files the manifest does not
// name, listed with names made from their file names.

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

namespace shuimo::ui {

struct StyleEntry {
    QString id;
    QString name;
    QString description;
    QString path;              // absolute path of the reference image
    QJsonObject recommended;   // recommended settings (params_json keys, plus "quality": draft|standard|high|print)
    bool bundled = true;       // false for the user's own
};

// The folder of bundled styles: $SHUIMO_STYLES_DIR, next to the build tree's
// sources, or the installed share/shuimo/styles. Empty if none exists.
QString findStylesDir();

// language: "en" or "zh_CN" (translations.h). A broken manifest leaves only the
// folder listing and its reason in *error.
QList<StyleEntry> loadStyleEntries(const QString& dir, const QString& language = QStringLiteral("en"),
                                   QString* error = nullptr);

// A user's own reference image as an entry.
StyleEntry userStyleEntry(const QString& path);

bool isImageFile(const QString& path);
QStringList imageFileFilters();  // "*.png", "*.jpg", ...

}  // namespace shuimo::ui
