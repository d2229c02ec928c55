#pragma once
// File › Export Video (issue 27): the current clip painted frame by frame with the studio's ticked
// styles, blend and parameters, as a one-job batch queue (batch/video_job.h) run by the Batch dialog
// in the background: progress over the whole clip, pause, cancel, and a stopped or crashed export
// goes on from its finished frames (its queue file, hidden beside the output, is offered for resume
// at the next start). The clip's sound is copied; the original is never written over.

#include <QObject>
#include <QString>

#include "shuimo/batch/batch_queue.h"

class QWidget;

namespace shuimo::ui {

class BatchLauncher;
class StudioModel;

class VideoExport : public QObject {
    Q_OBJECT
public:
    VideoExport(QWidget* window, StudioModel* model, BatchLauncher* launcher);

    // The queue that paints the current clip into `output` (.mp4 or .webm); throws batch::QueueError
    // or engine::ConfigError with what is wrong (no clip, no style, a bad name, the clip itself).
    batch::BatchQueue queueFor(const QString& output, bool replace) const;
    // Where that queue is kept: ".<output name>.shuimo-video.json" beside the output.
    static QString queueFileFor(const QString& output);
    // Starts the export into `output` (replace: an existing file there may be replaced). Returns an
    // error message for the artist, empty when it started.
    QString exportTo(const QString& output, bool replace = false);
    // "<clip>_shuimo.mp4" beside the clip.
    QString suggestedPath() const;
    // Asks where (MP4 or WebM), then exportTo; problems go to the returned message.
    QString exportWithDialog();

private:
    QWidget* m_window;
    StudioModel* m_model;
    BatchLauncher* m_launcher;
};

}  // namespace shuimo::ui
