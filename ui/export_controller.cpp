#include "export_controller.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QJsonArray>
#include <QMainWindow>
#include <QStatusBar>

#include "export_writer.h"
#include "message_bar.h"
#include "shuimo/batch/params_json.h"

namespace shuimo::ui {

ExportController::ExportController(QMainWindow* window, MessageBar* messages)
    : QObject(window), m_window(window), m_messages(messages) {}

void ExportController::setResult(const JobOutcome& outcome, const std::optional<JobRequest>& request) {
    m_result = outcome;
    if (request) m_request = *request;
}

QJsonObject ExportController::resultSettings() const {
    QJsonObject settings;
    settings[QStringLiteral("software")] = QStringLiteral("Shuimo %1").arg(QCoreApplication::applicationVersion());
    settings[QStringLiteral("content")] = m_request.contentPath;
    QJsonArray styles;
    for (int i = 0; i < m_request.stylePaths.size(); ++i) {
        QJsonObject style;
        style[QStringLiteral("path")] = m_request.stylePaths[i];
        style[QStringLiteral("blend")] = i < m_request.styleBlend.size() ? m_request.styleBlend[i] : 1.0;
        styles.append(style);
    }
    settings[QStringLiteral("styles")] = styles;
    settings[QStringLiteral("params")] = batch::params_to_json(m_request.params);
    settings[QStringLiteral("iterations_run")] = m_result.iterationsRun;
    settings[QStringLiteral("cancelled")] = m_result.cancelled;
    settings[QStringLiteral("seconds")] = m_result.seconds;
    settings[QStringLiteral("device")] = m_result.device;
    settings[QStringLiteral("precision")] = m_result.precision;
    return settings;
}

QString ExportController::exportTo(const QString& path, int bitDepth, const QStringList& photos) const {
    if (!m_result.image) return tr("There is no result to export yet: run the style transfer first.");
    QStringList inputs = m_request.stylePaths;
    inputs << m_request.contentPath << photos;
    return exportImage(*m_result.image, path, bitDepth, resultSettings(), inputs);
}

void ExportController::exportWithDialog(const QStringList& photos) {
    if (!hasResult()) {
        m_messages->showMessage(MessageBar::Kind::Information, tr("There is no result to export yet: run the style transfer first."));
        return;
    }
    const QFileInfo photo(m_request.contentPath);
    const QString suggested = photo.absoluteDir().filePath(photo.completeBaseName() + QStringLiteral("_shuimo.png"));
    const QString png8 = tr("PNG, 8 bit (*.png)");
    const QString png16 = tr("PNG, 16 bit (*.png)");
    const QString tiff8 = tr("TIFF, 8 bit (*.tif *.tiff)");
    const QString tiff16 = tr("TIFF, 16 bit (*.tif *.tiff)");
    const QString jpeg = tr("JPEG (*.jpg *.jpeg)");
    QString filter = png8;
    QString path = QFileDialog::getSaveFileName(m_window, tr("Export Painting"), suggested,
                                                QStringList{png8, png16, tiff8, tiff16, jpeg}.join(QStringLiteral(";;")),
                                                &filter);
    if (path.isEmpty()) return;
    if (QFileInfo(path).suffix().isEmpty()) {
        path += filter == jpeg ? QStringLiteral(".jpg") : (filter == tiff8 || filter == tiff16) ? QStringLiteral(".tif") : QStringLiteral(".png");
    }
    const int bitDepth = (filter == png16 || filter == tiff16) ? 16 : 8;
    const QString error = exportTo(path, bitDepth, photos);
    if (error.isEmpty()) {
        m_window->statusBar()->showMessage(
            tr("Exported %1 and its settings (%2)").arg(path, QFileInfo(sidecarPath(path)).fileName()), 8000);
    } else {
        m_messages->showMessage(MessageBar::Kind::Error, error);
    }
}

}  // namespace shuimo::ui
