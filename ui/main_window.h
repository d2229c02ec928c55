#pragma once
// The application window: photos, styles, the preview, the parameters and the
// run controls. It wires the widgets to one StyleController (the worker thread)
// and never runs torch itself.

#include <QMainWindow>
#include <QTimer>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include "job_types.h"

class QAction;
class QLabel;
class QMenu;
class QProgressBar;
class QPushButton;
class QUndoStack;

namespace shuimo::ui {

class BatchDialog;
class LossCurve;
class MessageBar;
class ModelsDialog;
class ParameterPanel;
class PhotoStrip;
class PresetsStore;
class PreviewView;
class StyleController;
class StyleGallery;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    // Adds photos (files, or image files inside folders) or, if toStyles, style references.
    // Returns how many were added.
    int addPaths(const QStringList& paths, bool toStyles);
    // Writes the current result; returns an error message (empty on success).
    QString exportResultTo(const QString& path, int bitDepth);
    // The request the Run button would start, or an error message in `why`.
    std::optional<JobRequest> currentRequest(QString* why = nullptr) const;

    ParameterPanel* parameterPanel() const { return m_params; }
    StyleGallery* styleGallery() const { return m_gallery; }
    PhotoStrip* photoStrip() const { return m_photos; }
    PreviewView* previewView() const { return m_preview; }
    MessageBar* messageBar() const { return m_messages; }
    MessageBar* batchResumeBar() const { return m_batchOffer; }
    BatchDialog* batchDialog() const { return m_batchDialog; }  // null until first opened
    StyleController* controller() const { return m_controller; }
    QUndoStack* undoStack() const { return m_undo; }
    QAction* exportAction() const { return m_exportAction; }
    bool hasResult() const { return static_cast<bool>(m_result.image); }
    // A throughput (GFLOP/s) already known, e.g. from an earlier session: no probe is run.
    void setKnownThroughput(double gflops);

public Q_SLOTS:
    void run();
    void cancel();
    void openPhotos();
    void exportResult();
    // For now a message with the command-line route; the Models dialog plugs in here.
    void openModelsDialog();
    // Batch export of the photo strip's photos with the ticked styles (batch_dialog.h).
    void openBatchDialog();
    void openPreferences();
    void refreshModelStatus();

protected:
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;
    void closeEvent(QCloseEvent* event) override;

private:
    void createActions();
    void createDocks();
    void onParamsChanged();
    void onProgress(const engine::IterationReport& report);
    void onFinished(const QImage& image, const JobOutcome& outcome);
    void onFailed(const QString& message);
    void onBusyChanged(bool busy);
    void onPhotoChanged(const QString& path);
    void updateEstimate();
    void restartIfRunning();
    void showError(const QString& message);
    void addRecentFile(const QString& path);
    void rebuildRecentMenu();
    void rebuildPresetMenus();
    void savePreset();
    void loadSettings();
    void saveSettings() const;
    BatchDialog* ensureBatchDialog();
    QJsonObject resultSettings() const;

    StyleController* m_controller = nullptr;
    ParameterPanel* m_params = nullptr;
    StyleGallery* m_gallery = nullptr;
    PhotoStrip* m_photos = nullptr;
    PreviewView* m_preview = nullptr;
    MessageBar* m_messages = nullptr;
    ModelsDialog* m_modelsDialog = nullptr;  // made on first use, kept
    BatchDialog* m_batchDialog = nullptr;    // made on first use, kept (its batch runs while hidden)
    MessageBar* m_batchOffer = nullptr;      // "An unfinished batch … Resume / Dismiss"
    LossCurve* m_lossCurve = nullptr;
    QProgressBar* m_progress = nullptr;
    QLabel* m_progressText = nullptr;
    QPushButton* m_runButton = nullptr;
    QPushButton* m_cancelButton = nullptr;
    QUndoStack* m_undo = nullptr;
    std::unique_ptr<PresetsStore> m_presets;

    QAction* m_runAction = nullptr;
    QAction* m_cancelAction = nullptr;
    QAction* m_exportAction = nullptr;
    QMenu* m_recentMenu = nullptr;
    QMenu* m_loadPresetMenu = nullptr;
    QMenu* m_deletePresetMenu = nullptr;

    QTimer m_restartTimer;           // debounces restarts from non-weight edits during a run
    std::optional<JobRequest> m_running;  // the request of the current job
    JobRequest m_resultRequest;      // what made m_result
    JobOutcome m_result;
    engine::LossWeights m_lastReportedWeights;
    std::vector<std::pair<int, double>> m_runLevels;  // the running job's (iterations, GFLOP per evaluation) per level
    QSize m_photoSize;
    double m_gflops = 0.0;
    bool m_throughputRequested = false;
    bool m_applyingUndo = false;
};

}  // namespace shuimo::ui
