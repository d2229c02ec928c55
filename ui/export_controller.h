#pragma once
// The finished painting and its export: keeps the last result and the request
// that made it, asks where and how to write it (PNG/TIFF 8 or 16 bit, JPEG),
// writes it with its settings (export_writer.h) and says how that went.

#include <QJsonObject>
#include <QObject>
#include <QStringList>
#include <optional>

#include "job_types.h"

class QMainWindow;

namespace shuimo::ui {

class MessageBar;

class ExportController : public QObject {
    Q_OBJECT
public:
    // Messages go to `messages` (problems) and the window's status bar (success).
    ExportController(QMainWindow* window, MessageBar* messages);

    // A finished job's outcome; `request` (if known) is what made it.
    void setResult(const JobOutcome& outcome, const std::optional<JobRequest>& request);
    bool hasResult() const { return static_cast<bool>(m_result.image); }
    // Writes the result; returns an error message (empty on success). Never
    // writes over the job's inputs nor over `photos`.
    QString exportTo(const QString& path, int bitDepth, const QStringList& photos) const;
    // Asks for a file and a format (beside the photo), then writes.
    void exportWithDialog(const QStringList& photos);
    // What goes into the file's text chunk and sidecar: inputs, parameters, run.
    QJsonObject resultSettings() const;

private:
    QMainWindow* m_window;
    MessageBar* m_messages;
    JobRequest m_request;  // what made m_result
    JobOutcome m_result;
};

}  // namespace shuimo::ui
