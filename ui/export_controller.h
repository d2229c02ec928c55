#pragma once
// The export of the selected photo's selected painting (session_controller.h):
// asks where and how to write it (PNG/TIFF 8 or 16 bit, JPEG), named after that
// photo, writes it with its settings (export_writer.h), marks the version as
// exported and says how that went. Also reads such settings back (a PNG's text
// chunk or the .json sidecar) for "Load Settings from Painting".

#include <QJsonObject>
#include <QObject>
#include <QSize>
#include <QStringList>
#include <optional>

#include "job_types.h"
#include "shuimo/session/session.h"

class QMainWindow;

namespace shuimo::ui {

class MessageBar;
class SessionController;

// What an exported painting's settings say: its parameters and styles.
struct PaintingSettings {
    engine::StyleParams params;
    std::vector<session::StyleRef> styles;
};

class ExportController : public QObject {
    Q_OBJECT
public:
    // Messages go to `messages` (problems) and the window's status bar (success).
    ExportController(QMainWindow* window, MessageBar* messages, SessionController* session);

    // The selected photo has a selected painting.
    bool hasResult() const;
    // How a painting stopped before its last level (smaller than its output) is written:
    // nothing until the artist chooses (Refuse), at its own size, or enlarged to the output's.
    enum class Unfinished { Refuse, AsIs, Upscaled };
    // The selected painting's output size when it is unfinished (photo: the photo's size), else nullopt.
    std::optional<QSize> unfinishedOutput(QSize photo) const;
    // Writes the selected painting; returns an error message (empty on success).
    // Never writes over the job's inputs nor over `photos`. An unfinished painting
    // (photo: the photo's size) is written only as `unfinished` says.
    QString exportTo(const QString& path, int bitDepth, const QStringList& photos, QSize photo = QSize(),
                     Unfinished unfinished = Unfinished::Refuse) const;
    // "<photo>_shuimo.png" beside the selected photo: the name the dialog offers.
    QString suggestedPath() const;
    // Asks for a file and a format (beside the photo, suggestedPath()), then writes.
    // An unfinished painting first asks: upscaled, as it is, or not now.
    void exportWithDialog(const QStringList& photos, QSize photo = QSize());
    // What goes into the file's text chunk and sidecar: inputs, parameters, run.
    static QJsonObject paintingSettings(const session::Painting& painting, const QString& photo);
    QJsonObject resultSettings() const;

    // The settings of an exported painting: `path` is the image (its text chunk,
    // else its sidecar) or the sidecar itself. Throws engine::ConfigError with the reason.
    static PaintingSettings readPaintingSettings(const QString& path);

private:
    QMainWindow* m_window;
    MessageBar* m_messages;
    SessionController* m_session;
};

}  // namespace shuimo::ui
