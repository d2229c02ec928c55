#pragma once
// Batch export: photos x styles x presets into an output folder, shown as a
// live queue. Not modal: closing it hides it while the batch keeps running
// (BatchController's thread); quitting the app stops the runner, and the
// queue file it leaves (<output folder>/shuimo-batch.json, remembered in the
// settings) is offered for resuming at the next start.

#include <QDialog>
#include <QJsonObject>
#include <QList>
#include <QPair>
#include <QStringList>
#include <optional>

#include "shuimo/batch/batch_queue.h"
#include "shuimo/batch/batch_runner.h"
#include "shuimo/engine/style_params.h"

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QListWidgetItem;
class QProgressBar;
class QPushButton;
class QTableView;

namespace shuimo::ui {

class BatchController;
class BatchQueueModel;
class MessageBar;
class PresetsStore;

// What the main window hands the dialog when it opens it.
struct BatchInputs {
    QStringList photos;                                      // the photo strip's photos
    QStringList styles;                                      // the gallery's ticked styles, one batch style each
    engine::StyleParams currentParams;                       // the parameter panel: "Current settings"
    QList<QPair<QString, engine::StyleParams>> savedPresets; // the user's presets (PresetsStore)
};

class BatchDialog : public QDialog {
    Q_OBJECT
public:
    // QSettings key of the last started queue file (the resume offer).
    static constexpr const char* kLastQueueSetting = "batch/lastQueue";
    // The file name of the queue written into the output folder.
    static constexpr const char* kQueueFileName = "shuimo-batch.json";
    // The {preset} name of "Current settings".
    static constexpr const char* kCurrentPresetName = "current";

    explicit BatchDialog(QWidget* parent = nullptr);
    ~BatchDialog() override;

    // Fills the sections from the main window; ignored while a batch runs.
    void setInputs(const BatchInputs& inputs);
    static QList<QPair<QString, engine::StyleParams>> savedPresets(const PresetsStore& store);

    // Opens a queue file left by an earlier session and runs what is not done.
    // Returns an error message (also shown in the dialog), empty on success.
    QString resumeQueue(const QString& queueFile);
    // The queue file in the settings, if it exists and has jobs not done
    // (queued, running or failed): "An unfinished batch (n of J done)". Empty if none.
    static QString resumeOfferText(QString* queueFile = nullptr);
    static void forgetLastQueue();

    // The batch as the sections describe it (for the job count and Start).
    // Throws batch::QueueError / engine::ConfigError like batch::expand_jobs.
    batch::BatchSpec spec() const;
    int jobCount() const;
    QString jobCountText() const;
    // The first output's name, or the template's error.
    QString exampleText() const;
    bool templateOk() const { return m_templateOk; }

    BatchController* controller() const { return m_controller; }
    BatchQueueModel* queueModel() const { return m_model; }
    QTableView* queueView() const { return m_table; }
    MessageBar* messageBar() const { return m_messages; }
    QListWidget* photoList() const { return m_photos; }
    QListWidget* styleList() const { return m_styles; }
    QListWidget* presetList() const { return m_presets; }
    QLineEdit* outputFolderEdit() const { return m_folder; }
    QComboBox* formatCombo() const { return m_format; }
    QComboBox* bitDepthCombo() const { return m_bitDepth; }
    QLineEdit* nameTemplateEdit() const { return m_template; }
    QCheckBox* overwriteCheck() const { return m_overwrite; }
    QPushButton* startButton() const { return m_start; }
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
    QWidget* buildSetup();
    QWidget* buildQueue();
    void addPhotoItem(const QString& path);
    void addStyleItem(const QString& name, const QStringList& files, const QList<double>& blend);
    void addPresetItem(const QString& name, const QString& label, const QJsonObject& overrides, bool checked);
    void setPresetItems(const engine::StyleParams& current, const QList<QPair<QString, engine::StyleParams>>& saved);
    void loadSpec(const batch::BatchSpec& spec, const std::filesystem::path& baseDir);
    QString chooseQueueFile(const batch::BatchSpec& spec) const;
    void updateSetup();
    void updateButtons();
    void onProgress(const batch::BatchProgress& progress);
    void onFinished();

    BatchController* m_controller = nullptr;
    BatchQueueModel* m_model = nullptr;
    MessageBar* m_messages = nullptr;
    QWidget* m_setup = nullptr;
    QListWidget* m_photos = nullptr;
    QListWidget* m_styles = nullptr;
    QListWidget* m_presets = nullptr;
    QLineEdit* m_folder = nullptr;
    QComboBox* m_format = nullptr;
    QComboBox* m_bitDepth = nullptr;
    QLineEdit* m_template = nullptr;
    QLabel* m_example = nullptr;
    QCheckBox* m_overwrite = nullptr;
    QLabel* m_count = nullptr;
    QPushButton* m_start = nullptr;
    QTableView* m_table = nullptr;
    QProgressBar* m_progress = nullptr;
    QLabel* m_summary = nullptr;
    QPushButton* m_pause = nullptr;
    QPushButton* m_cancelJob = nullptr;
    QPushButton* m_cancelAll = nullptr;
    QPushButton* m_retry = nullptr;
    QPushButton* m_openFolder = nullptr;

    QJsonObject m_baseParams;  // the batch's base params; presets are overrides of it
    bool m_templateOk = true;
};

}  // namespace shuimo::ui
