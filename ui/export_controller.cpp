#include "export_controller.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QImageReader>
#include <QJsonArray>
#include <QJsonDocument>
#include <QMainWindow>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QStatusBar>

#include "export_writer.h"
#include "message_bar.h"
#include "prompt.h"
#include "studio_model.h"
#include "shuimo/batch/params_json.h"
#include "shuimo/engine/errors.h"
#include "shuimo/image_io/image_io.h"
#include "shuimo/session/continuation.h"

namespace shuimo::ui {

ExportController::ExportController(QMainWindow* window, MessageBar* messages, StudioModel* model, const Prompt* prompt)
    : QObject(window), m_window(window), m_messages(messages), m_model(model), m_prompt(prompt) {}

bool ExportController::hasResult() const {
    return m_model->currentPainting() != nullptr;
}

QJsonObject ExportController::paintingSettings(const session::Painting& painting, const QString& photo) {
    QJsonObject settings;
    settings[QStringLiteral("software")] = QStringLiteral("Shuimo %1").arg(QCoreApplication::applicationVersion());
    settings[QStringLiteral("content")] = photo;
    QJsonArray styles;
    for (const session::StyleRef& ref : painting.styles) {
        QJsonObject style;
        style[QStringLiteral("path")] = ref.path;
        style[QStringLiteral("blend")] = ref.blend;
        styles.append(style);
    }
    settings[QStringLiteral("styles")] = styles;
    settings[QStringLiteral("params")] = batch::params_to_json(painting.params);
    settings[QStringLiteral("version")] = StudioModel::versionName(painting);
    settings[QStringLiteral("iterations_run")] = painting.iterations_run;
    settings[QStringLiteral("cancelled")] = painting.end == session::PaintingEnd::Cancelled;
    settings[QStringLiteral("refinished")] = painting.refinished;
    settings[QStringLiteral("seconds")] = painting.seconds;
    settings[QStringLiteral("device")] = painting.device;
    settings[QStringLiteral("precision")] = painting.precision;
    return settings;
}

QJsonObject ExportController::resultSettings() const {
    const session::Painting* painting = m_model->currentPainting();
    return painting ? paintingSettings(*painting, m_model->currentPhoto()) : QJsonObject();
}

std::optional<QSize> ExportController::unfinishedOutput(QSize photo) const {
    const session::Painting* painting = m_model->currentPainting();
    if (!painting) return std::nullopt;
    const auto unfinished = session::unfinished_painting(*painting, {photo.width(), photo.height()});
    if (!unfinished) return std::nullopt;
    return QSize(unfinished->output.width, unfinished->output.height);
}

QString ExportController::exportTo(const QString& path, int bitDepth, const QStringList& photos, QSize photoSize,
                                   Unfinished unfinished) const {
    const session::Painting* painting = m_model->currentPainting();
    if (!painting) return tr("The selected photo has no painting yet: run the style transfer first.");
    const QString photo = m_model->currentPhoto();
    engine::Image image = session::to_image(painting->image);
    QJsonObject settings = paintingSettings(*painting, photo);
    if (const std::optional<QSize> output = unfinishedOutput(photoSize)) {
        if (unfinished == Unfinished::Refuse) {
            return tr("%1 was stopped at %2 × %3, before its last level (%4 × %5): continue painting it, or choose to "
                      "export it as it is or enlarged.")
                .arg(StudioModel::versionName(*painting))
                .arg(image.width)
                .arg(image.height)
                .arg(output->width())
                .arg(output->height());
        }
        settings[QStringLiteral("stopped_at")] = QStringLiteral("%1x%2").arg(image.width).arg(image.height);
        if (unfinished == Unfinished::Upscaled) {
            image = image_io::resize_image(image, {output->width(), output->height()});
            settings[QStringLiteral("upscaled")] = true;
        }
    }
    const QString error = exportImage(image, path, bitDepth, settings, inputs(photos));
    if (error.isEmpty()) {
        const session::Photo* owner = m_model->session().photo(photo);
        m_model->markExported(photo, owner->current, QFileInfo(path).absoluteFilePath());
        remember(path, bitDepth);
    }
    return error;
}

QStringList ExportController::inputs(const QStringList& photos) const {
    QStringList files;
    if (const session::Painting* painting = m_model->currentPainting()) {
        for (const session::StyleRef& ref : painting->styles) files << ref.path;
    }
    return files << m_model->currentPhoto() << photos;
}

void ExportController::remember(const QString& path, int bitDepth) {
    const QString suffix = QFileInfo(path).suffix().toLower();
    const QString type = suffix == QLatin1String("jpeg") ? QStringLiteral("jpg") : suffix == QLatin1String("tiff") ? QStringLiteral("tif") : suffix;
    QSettings settings;
    settings.setValue(QStringLiteral("export/dir"), QFileInfo(path).absolutePath());
    settings.setValue(QStringLiteral("export/format"), type == QLatin1String("jpg") ? type : type + QString::number(bitDepth));
}

QString ExportController::lastFormat() {
    return QSettings().value(QStringLiteral("export/format"), QStringLiteral("png8")).toString();
}

QString ExportController::suggestedPath() const {
    const QFileInfo photo(m_model->currentPhoto());
    const QString last = QSettings().value(QStringLiteral("export/dir")).toString();
    const QDir dir = !last.isEmpty() && QFileInfo(last).isDir() ? QDir(last) : photo.absoluteDir();
    const QString format = lastFormat();
    const QString suffix = format.startsWith(QLatin1String("tif")) ? QStringLiteral(".tif")
                           : format == QLatin1String("jpg")       ? QStringLiteral(".jpg")
                                                                  : QStringLiteral(".png");
    return dir.filePath(photo.completeBaseName() + QStringLiteral("_shuimo") + suffix);
}

void ExportController::exportWithDialog(const QStringList& photos, QSize photoSize) {
    if (!hasResult()) {
        m_messages->showMessage(MessageBar::Kind::Information, tr("The selected photo has no painting yet: run the style transfer first."));
        return;
    }
    Unfinished unfinished = Unfinished::Refuse;
    if (const std::optional<QSize> output = unfinishedOutput(photoSize)) {
        const session::Painting* painting = m_model->currentPainting();
        QMessageBox ask(QMessageBox::Question, tr("Export Painting"),
                        tr("%1 was stopped at %2 × %3 px, before its last level (%4 × %5 px).")
                            .arg(StudioModel::versionName(*painting))
                            .arg(painting->image.width)
                            .arg(painting->image.height)
                            .arg(output->width())
                            .arg(output->height()),
                        QMessageBox::Cancel, m_window);
        ask.setInformativeText(tr("Enlarged, it has the full size but not the full detail; Continue Painting (right-click "
                                  "the version) paints the remaining levels."));
        QPushButton* upscaled = ask.addButton(tr("Export &Enlarged to %1 × %2").arg(output->width()).arg(output->height()),
                                              QMessageBox::AcceptRole);
        QPushButton* asIs = ask.addButton(tr("Export &As It Is"), QMessageBox::AcceptRole);
        ask.setDefaultButton(QMessageBox::Cancel);
        ask.exec();
        if (ask.clickedButton() == upscaled) unfinished = Unfinished::Upscaled;
        else if (ask.clickedButton() == asIs) unfinished = Unfinished::AsIs;
        else return;
    }
    const QString suggested = suggestedPath();
    const QString png8 = tr("PNG, 8 bit (*.png)");
    const QString png16 = tr("PNG, 16 bit (*.png)");
    const QString tiff8 = tr("TIFF, 8 bit (*.tif *.tiff)");
    const QString tiff16 = tr("TIFF, 16 bit (*.tif *.tiff)");
    const QString jpeg = tr("JPEG (*.jpg *.jpeg)");
    const QStringList formats{QStringLiteral("png8"), QStringLiteral("png16"), QStringLiteral("tif8"), QStringLiteral("tif16"),
                              QStringLiteral("jpg")};
    const QStringList filters{png8, png16, tiff8, tiff16, jpeg};
    QString filter = filters.value(std::max<qsizetype>(0, formats.indexOf(lastFormat())));
    // Our own question about replacing a file, after refusing an original (Qt's would come first).
    QString path = QFileDialog::getSaveFileName(m_window, tr("Export Painting"), suggested, filters.join(QStringLiteral(";;")), &filter,
                                                QFileDialog::DontConfirmOverwrite);
    if (path.isEmpty()) return;
    if (QFileInfo(path).suffix().isEmpty()) {
        path += filter == jpeg ? QStringLiteral(".jpg") : (filter == tiff8 || filter == tiff16) ? QStringLiteral(".tif") : QStringLiteral(".png");
    }
    if (const QString refused = checkExportTarget(path, inputs(photos)); !refused.isEmpty()) {
        m_messages->showMessage(MessageBar::Kind::Error, refused);
        return;
    }
    if (QFileInfo::exists(path) &&
        m_prompt->ask(m_window, tr("%1 already exists. Replace it?").arg(QFileInfo(path).fileName()),
                      QMessageBox::Yes | QMessageBox::Cancel, QMessageBox::Cancel) != QMessageBox::Yes) {
        return;
    }
    const int bitDepth = (filter == png16 || filter == tiff16) ? 16 : 8;
    const QString error = exportTo(path, bitDepth, photos, photoSize, unfinished);
    if (error.isEmpty()) {
        m_window->statusBar()->showMessage(
            tr("Exported %1 and its settings (%2)").arg(path, QFileInfo(sidecarPath(path)).fileName()), 8000);
    } else {
        m_messages->showMessage(MessageBar::Kind::Error, error);
    }
}

PaintingSettings ExportController::readPaintingSettings(const QString& path) {
    const QString name = QFileInfo(path).fileName();
    QByteArray json;
    if (QFileInfo(path).suffix().compare(QLatin1String("json"), Qt::CaseInsensitive) != 0) {
        QImageReader reader(path);
        json = reader.text(QString::fromLatin1(kSettingsTextKey)).toUtf8();
        if (json.isEmpty() && QFileInfo::exists(sidecarPath(path))) return readPaintingSettings(sidecarPath(path));
    } else {
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly)) {
            throw engine::ConfigError(tr("Could not read %1: %2").arg(name, file.errorString()).toStdString());
        }
        json = file.readAll();
    }
    if (json.isEmpty()) {
        throw engine::ConfigError(tr("%1 holds no Shuimo settings (nor is there a %2 beside it).")
                                      .arg(name, QFileInfo(sidecarPath(path)).fileName())
                                      .toStdString());
    }
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(json, &parseError);
    if (!document.isObject() || !document.object().value(QStringLiteral("params")).isObject()) {
        throw engine::ConfigError(tr("The settings in %1 are not readable: %2")
                                      .arg(name, parseError.error == QJsonParseError::NoError ? tr("no parameters") : parseError.errorString())
                                      .toStdString());
    }
    const QJsonObject settings = document.object();
    PaintingSettings out;
    // Lenient: an export from another version keeps what this one knows.
    out.params = batch::params_from_json(settings.value(QStringLiteral("params")).toObject(), {}, batch::ParamsReading::Lenient);
    for (const QJsonValue& value : settings.value(QStringLiteral("styles")).toArray()) {
        const QJsonObject style = value.toObject();
        const QString stylePath = style.value(QStringLiteral("path")).toString();
        if (!stylePath.isEmpty()) out.styles.push_back({stylePath, style.value(QStringLiteral("blend")).toDouble(1.0)});
    }
    return out;
}

}  // namespace shuimo::ui
