#pragma once
// The application window: photos, styles, the preview, the parameters and the
// run controls. It lays them out and wires them to one StyleController (the
// worker thread), and never runs torch itself. The rest is in parts of their
// own: RunPresenter (estimate, progress, time left, throughput), ExportController
// (the result and its export), PresetsMenu and RecentFilesMenu, ModelsPrompt
// (no model installed), BatchLauncher (the Batch dialog), ParamsCommand (undo).

#include <QMainWindow>
#include <QTimer>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include "batch_launcher.h"
#include "export_controller.h"
#include "job_types.h"
#include "models_prompt.h"
#include "run_presenter.h"

class QAction;
class QPushButton;
class QUndoStack;

namespace shuimo::ui {

class BatchDialog;
class MessageBar;
class ParameterPanel;
class PhotoStrip;
class PresetsStore;
class PreviewView;
class RecentFilesMenu;
class StyleController;
class StyleGallery;
class StylesPanel;

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
    BatchDialog* batchDialog() const { return m_batch->dialog(); }  // null until first opened
    StyleController* controller() const { return m_controller; }
    QUndoStack* undoStack() const { return m_undo; }
    QAction* exportAction() const { return m_exportAction; }
    bool hasResult() const { return m_export->hasResult(); }
    // A throughput (GFLOP/s) already known, e.g. from an earlier session: no probe is run.
    void setKnownThroughput(double gflops) { m_run->setKnownThroughput(gflops); }

public Q_SLOTS:
    void run();
    void cancel();
    void openPhotos();
    void exportResult();
    // The Models dialog (not modal).
    void openModelsDialog() { m_models->openDialog(); }
    // Batch export of the photo strip's photos with the ticked styles (batch_dialog.h).
    void openBatchDialog();
    void openPreferences();
    void refreshModelStatus() { m_models->refresh(); }

protected:
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;
    void closeEvent(QCloseEvent* event) override;

private:
    void createActions();
    void createDocks();
    void onParamsChanged();
    void onFinished(const QImage& image, const JobOutcome& outcome);
    void onFailed(const QString& message, ErrorKind kind);
    void onBusyChanged(bool busy);
    void onPhotoChanged(const QString& path);
    void restartIfRunning();
    void loadSettings();
    void saveSettings() const;

    StyleController* m_controller = nullptr;
    ParameterPanel* m_params = nullptr;
    StyleGallery* m_gallery = nullptr;
    PhotoStrip* m_photos = nullptr;
    PreviewView* m_preview = nullptr;
    MessageBar* m_messages = nullptr;
    StylesPanel* m_stylesPanel = nullptr;
    MessageBar* m_batchOffer = nullptr;      // "An unfinished batch … Resume / Dismiss"
    QPushButton* m_runButton = nullptr;
    QPushButton* m_cancelButton = nullptr;
    QUndoStack* m_undo = nullptr;
    std::unique_ptr<PresetsStore> m_presets;
    RunPresenter* m_run = nullptr;
    ExportController* m_export = nullptr;
    ModelsPrompt* m_models = nullptr;
    BatchLauncher* m_batch = nullptr;

    QAction* m_runAction = nullptr;
    QAction* m_cancelAction = nullptr;
    QAction* m_exportAction = nullptr;
    RecentFilesMenu* m_recentMenu = nullptr;

    QTimer m_restartTimer;           // debounces restarts from non-weight edits during a run
    std::optional<JobRequest> m_running;  // the request of the current job
    bool m_applyingUndo = false;
};

}  // namespace shuimo::ui
