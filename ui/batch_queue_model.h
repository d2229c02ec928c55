#pragma once
// The jobs of a batch queue as a table for the batch dialog: number, photo,
// style, preset, output name, status (with the running job's percentage and a
// failed job's error) and time. Fed from BatchController's signals on the GUI
// thread; re-read from a queue snapshot when the queue changes as a whole.

#include <QAbstractTableModel>
#include <QHash>
#include <vector>

#include "batch_style_names.h"
#include "shuimo/batch/batch_queue.h"

namespace shuimo::ui {

class BatchQueueModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { NumberColumn, PhotoColumn, StyleColumn, PresetColumn, OutputColumn, StatusColumn, TimeColumn, ColumnCount };
    // data(): the job's id (QString) and its status (int, batch::JobStatus) in every column.
    static constexpr int kIdRole = Qt::UserRole + 1;
    static constexpr int kStatusRole = Qt::UserRole + 2;

    explicit BatchQueueModel(QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // The whole queue: rows are kept (and with them the view's selection) when the jobs are the same.
    void setQueue(const batch::BatchQueue& queue);
    void clear();
    QString jobId(int row) const;
    int rowOf(const QString& id) const;  // -1 if unknown
    batch::JobStatus status(int row) const;

    void markStarted(const QString& id);
    void setProgress(const QString& id, int iteration, int total, double elapsedSeconds);
    void setFinished(const QString& id, batch::JobStatus status, const QString& error, double seconds);

    static QString statusText(batch::JobStatus status);
    // A failed job's error for the artist: translated from its code, else the runner's message.
    static QString errorText(const batch::BatchJob& job);
    // "42 s", "3 min 5 s", "1 h 20 min": times in the table and the ETA.
    static QString formatSeconds(double seconds);

private:
    struct Row {
        batch::BatchJob job;
        int percent = -1;        // of a running job, once it reports
        double elapsed = 0.0;    // of a running job
    };
    void changed(int row);

    BatchStyleNames m_styleNames;  // the Style column: the manifest's names
    std::vector<Row> m_rows;
    QHash<QString, int> m_rowOf;
};

}  // namespace shuimo::ui
