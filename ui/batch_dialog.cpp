#include "batch_dialog.h"

#include <QDesktopServices>
#include <QGuiApplication>
#include <QScreen>
#include <QDir>
#include <QFileInfo>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QTableView>
#include <QUrl>
#include <QVBoxLayout>
#include <exception>

#include "batch_controller.h"
#include "batch_queue_model.h"
#include "batch_setup_view.h"
#include "error_messages.h"
#include "message_bar.h"
#include "presets_store.h"

namespace shuimo::ui {
namespace {

constexpr const char* kOutputFolderSetting = "batch/outputFolder";

std::filesystem::path toPath(const QString& path) {
    return std::filesystem::path(path.toStdString());
}

QString fromPath(const std::filesystem::path& path) {
    return QString::fromStdString(path.string());
}

}  // namespace

BatchDialog::BatchDialog(QWidget* parent) : QDialog(parent) {
    setWindowTitle(tr("Batch Export"));
    setObjectName(QStringLiteral("BatchDialog"));
    setModal(false);
    m_controller = new BatchController(this);
    m_model = new BatchQueueModel(this);

    auto* layout = new QVBoxLayout(this);
    m_messages = new MessageBar(this);
    layout->addWidget(m_messages);
    m_setup = new BatchSetupView(this);
    layout->addWidget(m_setup);
    connect(m_setup, &BatchSetupView::draftChanged, this, &BatchDialog::updateButtons);
    connect(m_setup, &BatchSetupView::startRequested, this, &BatchDialog::start);
    layout->addWidget(buildQueue(), 1);

    auto* bottom = new QHBoxLayout;
    m_openFolder = new QPushButton(tr("&Open Output Folder"), this);
    auto* close = new QPushButton(tr("Close"), this);
    close->setToolTip(tr("Hides this window; the batch keeps running. Quitting Shuimo stops it, and the next start offers to resume."));
    bottom->addWidget(m_openFolder);
    bottom->addStretch(1);
    bottom->addWidget(close);
    layout->addLayout(bottom);
    connect(m_openFolder, &QPushButton::clicked, this, &BatchDialog::openOutputFolder);
    connect(close, &QPushButton::clicked, this, &QDialog::hide);

    connect(m_controller, &BatchController::queueChanged, this, [this] {
        m_model->setQueue(m_controller->snapshot());
        updateButtons();
    });
    connect(m_controller, &BatchController::jobStarted, m_model, &BatchQueueModel::markStarted);
    connect(m_controller, &BatchController::jobProgress, m_model, &BatchQueueModel::setProgress);
    connect(m_controller, &BatchController::jobFinished, this,
            [this](const QString& id, batch::JobStatus status, const QString& error, double seconds) {
                m_model->setFinished(id, status, error, seconds);
                updateButtons();
            });
    connect(m_controller, &BatchController::progressChanged, this, &BatchDialog::onProgress);
    connect(m_controller, &BatchController::notice, this,
            [this](const QString& message) { m_messages->showMessage(MessageBar::Kind::Information, message); });
    connect(m_controller, &BatchController::runnerFailed, this, [this](const QString& message) {
        m_messages->showMessage(MessageBar::Kind::Error, tr("The batch could not run: %1").arg(message));
    });
    connect(m_controller, &BatchController::runningChanged, this, &BatchDialog::updateButtons);
    connect(m_controller, &BatchController::pausedChanged, this, [this] {
        updateButtons();
        onProgress(m_controller->lastProgress());
    });
    connect(m_controller, &BatchController::finished, this, &BatchDialog::onFinished);

    // 1040 × 780 where the screen has room; never larger than the screen's free area
    // (nor, on a small screen, than the window it belongs to).
    QSize size(1040, 780);
    if (const QScreen* screen = parent ? parent->screen() : QGuiApplication::primaryScreen()) {
        size = size.boundedTo(screen->availableGeometry().size() * 95 / 100);
    }
    if (parent && parent->isVisible() && parent->width() < size.width()) size = size.boundedTo(parent->size());
    resize(size);
    updateButtons();
    onProgress({});
}

BatchDialog::~BatchDialog() {
    // The controller (a child) stops and joins the runner when it goes; nothing of ours is called then.
    disconnect(m_controller, nullptr, this, nullptr);
    disconnect(m_controller, nullptr, m_model, nullptr);
}

QWidget* BatchDialog::buildQueue() {
    auto* group = new QGroupBox(tr("Queue"), this);
    auto* layout = new QVBoxLayout(group);
    m_table = new QTableView(group);
    m_table->setModel(m_model);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_table->verticalHeader()->hide();
    m_table->setWordWrap(false);
    m_table->setAlternatingRowColors(true);
    m_table->setMinimumHeight(m_table->verticalHeader()->defaultSectionSize() * 7);
    QHeaderView* header = m_table->horizontalHeader();
    header->setSectionResizeMode(QHeaderView::Interactive);
    header->setStretchLastSection(false);
    header->setSectionResizeMode(BatchQueueModel::StatusColumn, QHeaderView::Stretch);
    const int character = fontMetrics().averageCharWidth();
    header->resizeSection(BatchQueueModel::NumberColumn, character * 5);
    header->resizeSection(BatchQueueModel::PhotoColumn, character * 18);
    header->resizeSection(BatchQueueModel::StyleColumn, character * 14);
    header->resizeSection(BatchQueueModel::PresetColumn, character * 12);
    header->resizeSection(BatchQueueModel::OutputColumn, character * 30);
    header->resizeSection(BatchQueueModel::TimeColumn, character * 11);
    layout->addWidget(m_table, 1);

    m_progress = new QProgressBar(group);
    m_progress->setRange(0, 1000);
    m_progress->setTextVisible(false);
    m_summary = new QLabel(group);
    layout->addWidget(m_progress);
    layout->addWidget(m_summary);

    auto* buttons = new QHBoxLayout;
    m_pause = new QPushButton(tr("&Pause"), group);
    m_cancelJob = new QPushButton(tr("Cancel &Selected Job"), group);
    m_cancelAll = new QPushButton(tr("Cancel &All"), group);
    m_retry = new QPushButton(tr("Re&try Failed"), group);
    m_retry->setToolTip(tr("Queues the failed and cancelled jobs again and runs them"));
    for (QPushButton* button : {m_pause, m_cancelJob, m_cancelAll, m_retry}) buttons->addWidget(button);
    buttons->addStretch(1);
    layout->addLayout(buttons);

    connect(m_pause, &QPushButton::clicked, this, &BatchDialog::togglePause);
    connect(m_cancelJob, &QPushButton::clicked, this, &BatchDialog::cancelSelectedJobs);
    connect(m_cancelAll, &QPushButton::clicked, m_controller, &BatchController::cancelAll);
    connect(m_retry, &QPushButton::clicked, m_controller, &BatchController::retryFailed);
    connect(m_table->selectionModel(), &QItemSelectionModel::selectionChanged, this, &BatchDialog::updateButtons);
    return group;
}

QList<QPair<QString, engine::StyleParams>> BatchDialog::savedPresets(const PresetsStore& store) {
    QList<QPair<QString, engine::StyleParams>> presets;
    for (const QString& name : store.names()) {
        if (const auto params = store.load(name)) presets.append({name, *params});
    }
    return presets;
}

void BatchDialog::setInputs(const BatchInputs& inputs) {
    if (m_controller->isRunning()) return;
    m_setup->setInputs(inputs, QSettings().value(QString::fromLatin1(kOutputFolderSetting)).toString());
}


void BatchDialog::updateButtons() {
    const bool running = m_controller->isRunning();
    int queued = 0;
    int retryable = 0;
    for (int row = 0; row < m_model->rowCount(); ++row) {
        const batch::JobStatus status = m_model->status(row);
        if (status == batch::JobStatus::Queued) ++queued;
        if (status == batch::JobStatus::Failed || status == batch::JobStatus::Cancelled) ++retryable;
    }
    bool cancellable = false;
    for (const QModelIndex& index : m_table->selectionModel()->selectedRows()) {
        const batch::JobStatus status = m_model->status(index.row());
        cancellable = cancellable || status == batch::JobStatus::Queued || (running && status == batch::JobStatus::Running);
    }
    m_setup->setEnabled(!running);
    m_setup->startButton()->setEnabled(!running && m_setup->draft().can_start());
    m_pause->setEnabled(running);
    m_pause->setText(m_controller->isPaused() ? tr("&Resume") : tr("&Pause"));
    m_cancelJob->setEnabled(cancellable);
    m_cancelAll->setEnabled(running || queued > 0);
    m_retry->setEnabled(m_controller->hasQueue() && retryable > 0);
    m_openFolder->setEnabled(m_controller->hasQueue() || !m_setup->draft().spec().output.folder.empty());
}

void BatchDialog::start() {
    if (m_controller->isRunning()) return;
    m_messages->hide();
    batch::BatchQueue queue;
    try {
        queue.spec = m_setup->draft().spec();
        queue.base_dir = queue.spec.output.folder;
        queue.jobs = batch::expand_jobs(queue.spec, queue.base_dir);
    } catch (const std::exception& error) {
        m_messages->showMessage(MessageBar::Kind::Error, tr("The batch cannot start: %1").arg(userErrorOf(error).message));
        return;
    }
    const QString folder = fromPath(queue.spec.output.folder);
    if (!QDir().mkpath(folder)) {
        m_messages->showMessage(MessageBar::Kind::Error,
                                tr("The output folder %1 cannot be created: choose another one.").arg(QDir::toNativeSeparators(folder)));
        return;
    }
    const QString file = fromPath(m_setup->draft().choose_queue_file());
    const QString error = m_controller->create(file, queue);
    if (!error.isEmpty()) {
        m_messages->showMessage(MessageBar::Kind::Error, tr("The batch cannot start: %1").arg(error));
        return;
    }
    QSettings settings;
    settings.setValue(QString::fromLatin1(kLastQueueSetting), file);
    settings.setValue(QString::fromLatin1(kOutputFolderSetting), folder);
    m_controller->start();
}

QString BatchDialog::resumeQueue(const QString& queueFile) {
    if (m_controller->isRunning()) {
        if (m_controller->queueFile() == queueFile) return {};
        const QString error = tr("A batch is running: stop it before resuming another.");
        m_messages->showMessage(MessageBar::Kind::Warning, error);
        return error;
    }
    m_messages->hide();
    const QString error = m_controller->open(queueFile);
    if (!error.isEmpty()) {
        m_messages->showMessage(MessageBar::Kind::Error, tr("The batch cannot be resumed: %1").arg(error));
        return error;
    }
    const batch::BatchQueue queue = m_controller->snapshot();
    m_setup->loadSpec(queue.spec, queue.base_dir);
    QSettings().setValue(QString::fromLatin1(kLastQueueSetting), queueFile);
    m_controller->start();
    return {};
}

QString BatchDialog::startQueue(const QString& queueFile, const batch::BatchQueue& queue) {
    if (m_controller->isRunning()) {
        const QString error = tr("A batch is running: stop it before starting another.");
        m_messages->showMessage(MessageBar::Kind::Warning, error);
        return error;
    }
    m_messages->hide();
    if (const QString error = m_controller->create(queueFile, queue); !error.isEmpty()) {
        m_messages->showMessage(MessageBar::Kind::Error, error);
        return error;
    }
    m_setup->loadSpec(queue.spec, queue.base_dir);
    QSettings().setValue(QString::fromLatin1(kLastQueueSetting), queueFile);
    m_controller->start();
    return {};
}

QString BatchDialog::resumeOfferText(QString* queueFile) {
    const QString file = QSettings().value(QString::fromLatin1(kLastQueueSetting)).toString();
    if (file.isEmpty() || !QFileInfo::exists(file)) return {};
    batch::BatchProgress counts;
    try {
        counts = BatchController::countJobs(batch::read_queue_file(toPath(file)));
    } catch (const std::exception&) {
        return {};  // not a queue any more: nothing to offer
    }
    if (counts.queued + counts.running + counts.failed == 0) return {};
    if (queueFile != nullptr) *queueFile = file;
    return tr("An unfinished batch (%1 of %2 done) in %3.")
        .arg(counts.done)
        .arg(counts.total)
        .arg(QDir::toNativeSeparators(QFileInfo(file).absolutePath()));
}

void BatchDialog::forgetLastQueue() {
    QSettings().remove(QString::fromLatin1(kLastQueueSetting));
}

void BatchDialog::togglePause() {
    if (m_controller->isPaused()) {
        m_controller->resume();
    } else {
        m_controller->pause();
    }
}

void BatchDialog::cancelSelectedJobs() {
    for (const QModelIndex& index : m_table->selectionModel()->selectedRows()) {
        m_controller->cancelJob(m_model->jobId(index.row()));
    }
}

void BatchDialog::openOutputFolder() {
    QString folder = m_setup->outputFolderEdit()->text().trimmed();
    if (m_controller->hasQueue()) folder = fromPath(m_controller->snapshot().output_folder());
    QDesktopServices::openUrl(QUrl::fromLocalFile(folder));
}

void BatchDialog::shutdown() {
    m_controller->stop();
}

QString BatchDialog::summaryText() const {
    return m_summary->text();
}

void BatchDialog::onProgress(const batch::BatchProgress& progress) {
    m_progress->setValue(static_cast<int>(std::lround(std::clamp(progress.fraction, 0.0, 1.0) * 1000.0)));
    QStringList parts;
    if (m_controller->isPaused()) parts << tr("Paused");
    parts << tr("%1 of %2 done").arg(progress.done).arg(progress.total);
    parts << tr("%n failed", nullptr, progress.failed);
    if (progress.cancelled > 0) parts << tr("%n cancelled", nullptr, progress.cancelled);
    if (m_controller->isRunning() && progress.eta_seconds >= 0.0) {
        parts << tr("about %1 left").arg(BatchQueueModel::formatSeconds(progress.eta_seconds));
    }
    m_summary->setText(parts.join(tr(", ")));
    updateButtons();
}

void BatchDialog::onFinished() {
    m_model->setQueue(m_controller->snapshot());
    const batch::BatchProgress counts = BatchController::countJobs(m_controller->snapshot());
    onProgress(counts);
    if (counts.failed > 0) {
        m_messages->showMessage(MessageBar::Kind::Warning,
                                tr("%n job(s) failed: the Status column says why. Retry Failed runs them again.", nullptr,
                                   counts.failed));
    } else if (counts.total > 0 && counts.done == counts.total && m_messages->kind() != MessageBar::Kind::Error) {
        const QString folder = QDir::toNativeSeparators(fromPath(m_controller->snapshot().output_folder()));
        m_messages->showMessage(MessageBar::Kind::Information, counts.done == 1 ? tr("Done: it is in %1.").arg(folder)
                                                                                : tr("All %n painting(s) are in %1.", nullptr, counts.done).arg(folder));
    }
}

}  // namespace shuimo::ui
