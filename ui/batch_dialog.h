#pragma once
// Batch export: photos x styles x presets into an output folder, shown as a
// live queue. Not modal: closing it hides it while the batch keeps running
// (BatchController's thread); quitting the app stops the runner, and the
// queue file it leaves (<output folder>/shuimo-batch.json, remembered in the
// settings) is offered for resuming at the next start.
// The batch being set up is a batch::BatchDraft (batch_draft.h): the lists and
// boxes show it and edit it; the count, the example name and Start ask it.

#include <QDialog>
#include <QList>
#include <QPair>
#include <QStringList>

#include "batch_setup_view.h"
#include "shuimo/batch/batch_queue.h"
#include "shuimo/batch/batch_runner.h"
#include "shuimo/engine/style_params.h"

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QProgressBar;
class QPushButton;
class QTableView;

namespace shuimo::ui {

class BatchController;
class BatchQueueModel;
class MessageBar;
class PresetsStore;

class BatchDialog : public QDialog {
    Q_OBJECT
public:
    // QSettings key of the last started queue file (the resume offer).
    static constexpr const char* kLastQueueSetting = "batch/lastQueue";
    // The file name of the queue written into the output folder.
    static constexpr const char* kQueueFileName = batch::BatchDraft::kQueueFileName;

    explicit BatchDialog(QWidget* parent = nullptr);
    ~BatchDialog() override;

    // Fills the sections from the main window; ignored while a batch runs.
    void setInputs(const BatchInputs& inputs);
    static QList<QPair<QString, engine::StyleParams>> savedPresets(const PresetsStore& store);

    // Opens a queue file left by an earlier session and runs what is not done.
    // Returns an error message (also shown in the dialog), empty on success.
    QString resumeQueue(const QString& queueFile);
    // Writes `queue` to `queueFile` (or opens it: the same batch, resumed) and runs it (Export Video).
    // Returns an error message (also shown in the dialog), empty on success.
    QString startQueue(const QString& queueFile, const batch::BatchQueue& queue);
    // The queue file in the settings, if it exists and has jobs not done
    // (queued, running or failed): "An unfinished batch (n of J done)". Empty if none.
    static QString resumeOfferText(QString* queueFile = nullptr);
    static void forgetLastQueue();

    // The batch as the sections describe it (for the job count and Start).
    // Throws batch::QueueError / engine::ConfigError like batch::expand_jobs.
    batch::BatchSpec spec() const { return draft().spec(); }
    int jobCount() const { return draft().job_count(); }
    QString jobCountText() const { return m_setup->jobCountText(); }
    // The first output's name, or the template's error.
    QString exampleText() const { return m_setup->exampleText(); }
    bool templateOk() const { return draft().template_ok(); }
    const batch::BatchDraft& draft() const { return m_setup->draft(); }

    BatchController* controller() const { return m_controller; }
    BatchQueueModel* queueModel() const { return m_model; }
    QTableView* queueView() const { return m_table; }
    MessageBar* messageBar() const { return m_messages; }
    BatchSetupView* setupView() const { return m_setup; }
    QListWidget* photoList() const { return m_setup->photoList(); }
    QListWidget* styleList() const { return m_setup->styleList(); }
    QListWidget* presetList() const { return m_setup->presetList(); }
    QLineEdit* outputFolderEdit() const { return m_setup->outputFolderEdit(); }
    QComboBox* formatCombo() const { return m_setup->formatCombo(); }
    QComboBox* bitDepthCombo() const { return m_setup->bitDepthCombo(); }
    QLineEdit* nameTemplateEdit() const { return m_setup->nameTemplateEdit(); }
    QCheckBox* overwriteCheck() const { return m_setup->overwriteCheck(); }
    QPushButton* startButton() const { return m_setup->startButton(); }
    QPushButton* pauseButton() const { return m_pause; }
    QPushButton* cancelJobButton() const { return m_cancelJob; }
    QPushButton* cancelAllButton() const { return m_cancelAll; }
    QPushButton* retryButton() const { return m_retry; }
    QProgressBar* progressBar() const { return m_progress; }
    QString summaryText() const;

public Q_SLOTS:
    // Saves the queue (<output folder>/shuimo-batch.json) and runs it.
    void start();
    void togglePause();
    void cancelSelectedJobs();
    void openOutputFolder();
    // Stops the runner (running jobs back to "queued"): on quitting the app.
    void shutdown();

private:
    QWidget* buildQueue();
    void updateButtons();
    void onProgress(const batch::BatchProgress& progress);
    void onFinished();

    BatchController* m_controller = nullptr;
    BatchQueueModel* m_model = nullptr;
    MessageBar* m_messages = nullptr;
    BatchSetupView* m_setup = nullptr;  // photos, styles, presets, output: the draft
    QTableView* m_table = nullptr;
    QProgressBar* m_progress = nullptr;
    QLabel* m_summary = nullptr;
    QPushButton* m_pause = nullptr;
    QPushButton* m_cancelJob = nullptr;
    QPushButton* m_cancelAll = nullptr;
    QPushButton* m_retry = nullptr;
    QPushButton* m_openFolder = nullptr;
};

}  // namespace shuimo::ui
