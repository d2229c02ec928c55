#pragma once
// The bundled style references. Reads assets/styles/styles.json when present
// ({"styles": [{"id", "name", "description", "file", "recommended": {...}}]});
// until then, or for files the manifest does not name, lists the image files
// of the folder with names made from their file names.

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
    QJsonObject recommended;   // recommended settings (params_json keys), may be empty
    bool bundled = true;       // false for the user's own
};

// The folder of bundled styles: $SHUIMO_STYLES_DIR, next to the build tree's
// sources, or the installed share/shuimo/styles. Empty if none exists.
QString findStylesDir();

QList<StyleEntry> loadStyleEntries(const QString& dir);

// A user's own reference image as an entry.
StyleEntry userStyleEntry(const QString& path);

bool isImageFile(const QString& path);
QStringList imageFileFilters();  // "*.png", "*.jpg", ...

}  // namespace shuimo::ui
