#pragma once
// The export of the selected photo's selected painting (the studio model's):
// asks where and how to write it (PNG/TIFF 8 or 16 bit, JPEG), named after that
// photo in the folder and format used last, refuses an original before offering
// to replace a file, writes it with its settings (export_writer.h), marks the
// version as exported and says how that went. Also reads such settings back (a
// PNG's text chunk or the .json sidecar) for "Load Settings from Painting".

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
class Prompt;
class StudioModel;

// What an exported painting's settings say: its parameters and styles.
struct PaintingSettings {
    engine::StyleParams params;
    std::vector<session::StyleRef> styles;
};

class ExportController : public QObject {
    Q_OBJECT
public:
    // Messages go to `messages` (problems) and the window's status bar (success).
    ExportController(QMainWindow* window, MessageBar* messages, StudioModel* model, const Prompt* prompt);

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
    // "<photo>_shuimo.<ext>" in the folder of the last export (beside the photo at first), with
    // the last export's type: the name the dialog offers.
    QString suggestedPath() const;
    // The last export's format ("png16", "tif8", "jpg" …), remembered across starts.
    static QString lastFormat();
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
    QStringList inputs(const QStringList& photos) const;
    static void remember(const QString& path, int bitDepth);

    QMainWindow* m_window;
    MessageBar* m_messages;
    StudioModel* m_model;
    const Prompt* m_prompt;
};

}  // namespace shuimo::ui
