#include "export_writer.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QImage>
#include <QImageWriter>
#include <QJsonDocument>
#include <QSaveFile>
#include <algorithm>
#include <cmath>
#include <exception>

#include "job_types.h"
#include "shuimo/engine/system_helpers.h"
#include "shuimo/image_io/image_io.h"

namespace shuimo::ui {
namespace {

bool sameFile(const QString& a, const QString& b) {
    return engine::same_file(std::filesystem::path(a.toStdU32String()), std::filesystem::path(b.toStdU32String()));
}

QString writeAtomically(const QString& path, const QByteArray& bytes) {
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() || !file.commit()) {
        return QCoreApplication::translate("shuimo::ui::ExportWriter", "Could not write %1: %2").arg(path, file.errorString());
    }
    return {};
}

}  // namespace

QString sidecarPath(const QString& imagePath) {
    return imagePath + QStringLiteral(".json");
}

QString checkExportTarget(const QString& path, const QStringList& inputs) {
    for (const QString& input : inputs) {
        if (sameFile(path, input) || sameFile(sidecarPath(path), input)) {
            return QCoreApplication::translate("shuimo::ui::ExportWriter", "%1 is one of your original images. Originals are never overwritten: choose another name.")
                .arg(QFileInfo(path).fileName());
        }
    }
    return {};
}

QString exportImage(const engine::Image& image, const QString& path, int bitDepth, const QJsonObject& settings,
                    const QStringList& inputs) {
    if (image.empty()) return QCoreApplication::translate("shuimo::ui::ExportWriter", "There is no result to export yet: run the style transfer first.");
    if (const QString refused = checkExportTarget(path, inputs); !refused.isEmpty()) return refused;
    const QString suffix = QFileInfo(path).suffix().toLower();
    const bool png = suffix == QLatin1String("png");
    const bool jpeg = suffix == QLatin1String("jpg") || suffix == QLatin1String("jpeg");
    const bool tiff = suffix == QLatin1String("tif") || suffix == QLatin1String("tiff");
    if (!png && !jpeg && !tiff) return QCoreApplication::translate("shuimo::ui::ExportWriter", "Unknown file type \"%1\": use .png, .jpg or .tif.").arg(suffix);
    if (bitDepth != 8 && bitDepth != 16) bitDepth = 8;
    if (jpeg && bitDepth == 16) return QCoreApplication::translate("shuimo::ui::ExportWriter", "JPEG holds 8 bits per channel only: choose PNG or TIFF for 16 bits.");

    const QByteArray json = QJsonDocument(settings).toJson(QJsonDocument::Compact);
    if (png) {
        QSaveFile file(path);
        if (!file.open(QIODevice::WriteOnly)) return QCoreApplication::translate("shuimo::ui::ExportWriter", "Could not write %1: %2").arg(path, file.errorString());
        QImageWriter writer(&file, "png");
        writer.setText(QStringLiteral("Software"), QStringLiteral("Shuimo"));
        writer.setText(QString::fromLatin1(kSettingsTextKey), QString::fromUtf8(json));
        if (!writer.write(toQImage(image, bitDepth))) {
            file.cancelWriting();
            return QCoreApplication::translate("shuimo::ui::ExportWriter", "Could not encode %1: %2").arg(path, writer.errorString());
        }
        if (!file.commit()) return QCoreApplication::translate("shuimo::ui::ExportWriter", "Could not write %1: %2").arg(path, file.errorString());
    } else {
        try {
            image_io::write_image(path.toStdString(), image, nullptr, bitDepth);  // atomic
        } catch (const std::exception& error) {
            return QString::fromStdString(error.what());
        }
    }
    return writeAtomically(sidecarPath(path), QJsonDocument(settings).toJson(QJsonDocument::Indented));
}

}  // namespace shuimo::ui
