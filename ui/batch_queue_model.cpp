#include "batch_queue_model.h"

#include <QBrush>
#include <QColor>
#include <QFileInfo>
#include <algorithm>
#include <cmath>

#include "error_messages.h"

namespace shuimo::ui {

BatchQueueModel::BatchQueueModel(QObject* parent) : QAbstractTableModel(parent) {}

int BatchQueueModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int BatchQueueModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QString BatchQueueModel::statusText(batch::JobStatus status) {
    switch (status) {
    case batch::JobStatus::Queued: return tr("Queued");
    case batch::JobStatus::Running: return tr("Running");
    case batch::JobStatus::Done: return tr("Done");
    case batch::JobStatus::Failed: return tr("Failed");
    case batch::JobStatus::Cancelled: return tr("Cancelled");
    }
    return {};
}

QString BatchQueueModel::formatSeconds(double seconds) {
    const qint64 total = std::llround(std::max(0.0, seconds));
    // No-break spaces (U+00A0) between numbers and units: "3 min" never breaks inside.
    if (total < 60) return tr("%1 s").arg(total);
    if (total < 3600) return tr("%1 min %2 s").arg(total / 60).arg(total % 60);
    return tr("%1 h %2 min").arg(total / 3600).arg((total % 3600) / 60);
}

QString BatchQueueModel::errorText(const batch::BatchJob& job) {
    const QString translated = errorMessage(job.error_code, job.error_args);
    return translated.isEmpty() ? QString::fromStdString(job.error) : translated;
}

QVariant BatchQueueModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rowCount()) return {};
    const Row& row = m_rows[static_cast<std::size_t>(index.row())];
    const batch::BatchJob& job = row.job;
    if (role == kIdRole) return QString::fromStdString(job.id);
    if (role == kStatusRole) return static_cast<int>(job.status);
    const bool failed = job.status == batch::JobStatus::Failed;
    if (role == Qt::ToolTipRole) {
        if (index.column() == StatusColumn && failed) return errorText(job);
        if (index.column() == PhotoColumn) return QString::fromStdString(job.content.string());
        if (index.column() == StyleColumn && !job.style.files.empty()) {
            QStringList files;
            for (const auto& file : job.style.files) files << QString::fromStdString(file.string());
            return files.join(QLatin1Char('\n'));
        }
        if (index.column() == OutputColumn) return QString::fromStdString(job.output.string());
        return {};
    }
    if (role == Qt::ForegroundRole && index.column() == StatusColumn && failed) return QBrush(QColor(0xb0, 0x20, 0x20));
    if (role == Qt::TextAlignmentRole && (index.column() == NumberColumn || index.column() == TimeColumn)) {
        return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    }
    if (role != Qt::DisplayRole) return {};
    switch (index.column()) {
    case NumberColumn: return QString::fromStdString(job.id);
    case PhotoColumn: return QString::fromStdString(job.content.filename().string());
    case StyleColumn: return m_styleNames.nameOf(job.style);
    case PresetColumn: return QString::fromStdString(job.preset);
    case OutputColumn: return QString::fromStdString(job.output.generic_string());
    case StatusColumn:
        if (job.status == batch::JobStatus::Running && row.percent >= 0) return tr("Running %1%").arg(row.percent);
        // The error in the cell too, not only in the tooltip: where the user looks.
        if (failed && !job.error.empty()) return tr("Failed: %1").arg(errorText(job));
        return statusText(job.status);
    case TimeColumn:
        if (job.status == batch::JobStatus::Running) return row.elapsed > 0.0 ? formatSeconds(row.elapsed) : QString();
        if (job.status == batch::JobStatus::Done || failed) return job.seconds > 0.0 ? formatSeconds(job.seconds) : QString();
        return {};
    default: return {};
    }
}

QVariant BatchQueueModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    switch (section) {
    case NumberColumn: return tr("#");
    case PhotoColumn: return tr("Photo");
    case StyleColumn: return tr("Style");
    case PresetColumn: return tr("Preset");
    case OutputColumn: return tr("Output");
    case StatusColumn: return tr("Status");
    case TimeColumn: return tr("Time");
    default: return {};
    }
}

void BatchQueueModel::setQueue(const batch::BatchQueue& queue) {
    bool same = queue.jobs.size() == m_rows.size();
    for (std::size_t i = 0; same && i < m_rows.size(); ++i) same = m_rows[i].job.id == queue.jobs[i].id;
    if (same) {
        for (std::size_t i = 0; i < m_rows.size(); ++i) {
            Row& row = m_rows[i];
            if (queue.jobs[i].status != batch::JobStatus::Running || row.job.status != batch::JobStatus::Running) {
                row.percent = -1;
                row.elapsed = 0.0;
            }
            row.job = queue.jobs[i];
        }
        if (!m_rows.empty()) Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
        return;
    }
    beginResetModel();
    m_rows.clear();
    m_rowOf.clear();
    for (const batch::BatchJob& job : queue.jobs) {
        m_rowOf.insert(QString::fromStdString(job.id), static_cast<int>(m_rows.size()));
        m_rows.push_back({job, -1, 0.0});
    }
    endResetModel();
}

void BatchQueueModel::clear() {
    setQueue({});
}

QString BatchQueueModel::jobId(int row) const {
    return row >= 0 && row < rowCount() ? QString::fromStdString(m_rows[static_cast<std::size_t>(row)].job.id) : QString();
}

int BatchQueueModel::rowOf(const QString& id) const {
    return m_rowOf.value(id, -1);
}

batch::JobStatus BatchQueueModel::status(int row) const {
    return m_rows.at(static_cast<std::size_t>(row)).job.status;
}

void BatchQueueModel::changed(int row) {
    Q_EMIT dataChanged(index(row, 0), index(row, ColumnCount - 1));
}

void BatchQueueModel::markStarted(const QString& id) {
    const int row = rowOf(id);
    if (row < 0) return;
    Row& entry = m_rows[static_cast<std::size_t>(row)];
    entry.job.status = batch::JobStatus::Running;
    entry.job.error.clear();
    entry.percent = 0;
    entry.elapsed = 0.0;
    changed(row);
}

void BatchQueueModel::setProgress(const QString& id, int iteration, int total, double elapsedSeconds) {
    const int row = rowOf(id);
    if (row < 0) return;
    Row& entry = m_rows[static_cast<std::size_t>(row)];
    if (entry.job.status != batch::JobStatus::Running) return;  // a late report of a finished job
    const int percent = total > 0 ? std::clamp(iteration * 100 / total, 0, 100) : 0;
    if (percent == entry.percent && std::floor(elapsedSeconds) == std::floor(entry.elapsed)) return;
    entry.percent = percent;
    entry.elapsed = elapsedSeconds;
    changed(row);
}

void BatchQueueModel::setFinished(const QString& id, batch::JobStatus status, const QString& error, double seconds) {
    const int row = rowOf(id);
    if (row < 0) return;
    Row& entry = m_rows[static_cast<std::size_t>(row)];
    entry.job.status = status;
    entry.job.error = error.toStdString();  // translated already (BatchController)
    entry.job.error_code = engine::ErrorCode::None;
    entry.job.error_args.clear();
    entry.job.seconds = seconds;
    entry.percent = -1;
    entry.elapsed = 0.0;
    changed(row);
}

}  // namespace shuimo::ui
