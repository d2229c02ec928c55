#pragma once
// The catalogue of VGG-19 weight sources (models/vgg19/catalogue.json, built into
// the binaries as ":/shuimo/catalogue.json").

#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace shuimo::models {

inline constexpr const char* kPreprocessingTorchvision = "torchvision";
inline constexpr const char* kPreprocessingCaffe = "caffe";
inline constexpr const char* kFormatSafetensors = "safetensors";
inline constexpr const char* kFormatCaffemodel = "caffemodel";

struct CatalogueEntry {
    QString id;  // folder name of the installed model, and the NAME of `shuimo-cli models download NAME`
    QString name;
    QString description;
    QString licence;
    QString licence_url;
    QString homepage;
    QStringList urls;  // tried in order
    QString file_name;
    QString format;  // kFormatSafetensors | kFormatCaffemodel
    std::optional<qint64> size_bytes;  // exact size when known
    qint64 approx_size_bytes = 0;
    QString checksum_algorithm;  // "sha256" | "md5"
    QString checksum;            // lower-case hex
    QString preprocessing;       // kPreprocessingTorchvision | kPreprocessingCaffe

    QString checksum_label() const;  // "SHA-256 1a2b…" / "MD5 …"
};

struct Catalogue {
    QString origin;  // the file it came from
    std::vector<CatalogueEntry> models;

    const CatalogueEntry* find(const QString& id) const;
    // Throws CatalogueError listing the known ids.
    const CatalogueEntry& at(const QString& id) const;
};

// Throws CatalogueError naming the origin and the field.
Catalogue parse_catalogue(const QByteArray& json, const QString& origin);

// The catalogue to use: `override_path` if not empty, else $SHUIMO_CATALOGUE if set, else the
// built-in one. Throws CatalogueError.
Catalogue load_catalogue(const QString& override_path = {});

}  // namespace shuimo::models
