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
#include "session_controller.h"

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
class VersionsStrip;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    // Adds photos (files, or image files inside folders) or, if toStyles, style references.
    // Returns how many were added.
    int addPaths(const QStringList& paths, bool toStyles);
    // Writes the current result; returns an error message (empty on success). One stopped
    // before its last level is written only as `unfinished` says (ExportController).
    QString exportResultTo(const QString& path, int bitDepth,
                           ExportController::Unfinished unfinished = ExportController::Unfinished::Refuse);
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
    // An edit's debounce still pending (the parameter panel's commit, a restart, a re-finish):
    // what follows from the edits so far has not all happened yet.
    bool editsPending() const;
    QUndoStack* undoStack() const { return m_undo; }
    QAction* exportAction() const { return m_exportAction; }
    // The selected photo has a selected painting (what Export writes).
    bool hasResult() const { return m_export->hasResult(); }
    SessionController* sessionController() const { return m_session; }
    VersionsStrip* versionsStrip() const { return m_versions; }
    // Session files (.shuimo); each returns an error message, empty on success.
    QString saveSessionTo(const QString& path);
    QString openSessionFrom(const QString& path);
    // Takes the parameters and styles of an exported painting (PNG text chunk or .json sidecar).
    QString loadSettingsFrom(const QString& path);
    // Removes a photo from the session (asks first when it has unexported paintings).
    void removePhoto(const QString& path);
    // A throughput (GFLOP/s) already known, e.g. from an earlier session: no probe is run.
    void setKnownThroughput(double gflops) { m_run->setKnownThroughput(gflops); }

public Q_SLOTS:
    void run();
    // The current photo's version stopped before its last level goes on from its image (session/continuation.h).
    void continuePainting(int version);
    void cancel();
    void openPhotos();
    void exportResult();
    // The Models dialog (not modal).
    void openModelsDialog() { m_models->openDialog(); }
    // Batch export of the photo strip's photos with the ticked styles (batch_dialog.h).
    void openBatchDialog();
    void openPreferences();
    void refreshModelStatus() { m_models->refresh(); }
    // File > Save Session (asks for a file the first time), Save Session As…, Open Session…
    bool saveSession();
    bool saveSessionAs();
    void openSession();
    void loadSettingsFromPainting();

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
    // Painting: the selected photo, its current version (or a comparison of two), the badges.
    void showCurrentPainting();
    void showVersions();
    void updateBadges();
    void updateExportEnabled();
    void startJob(const JobRequest& request);
    void startNextQueued();
    void refinishCurrent();
    void applySettings(const engine::StyleParams& params, const std::vector<session::StyleRef>& styles);
    void paintOthersLike(int version);
    // Starts the request, or queues it when another photo is being painted.
    void submit(const JobRequest& request);
    void rebuildFromSession();
    // Asks Save / Discard / Cancel when quitting would lose work; false: stay.
    bool confirmClose();
    void loadSettings();
    void saveSettings() const;

    bool m_closing = false;  // closeEvent is asking or saving
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
    SessionController* m_session = nullptr;
    VersionsStrip* m_versions = nullptr;
    QImage m_photoPreview;                // the selected photo at preview size
    QTimer m_refinishTimer;               // debounces re-finishing from finishing-only edits
    bool m_applyingSettings = false;      // parameters set by the window, not edited by the artist

    QAction* m_runAction = nullptr;
    QAction* m_cancelAction = nullptr;
    QAction* m_exportAction = nullptr;
    RecentFilesMenu* m_recentMenu = nullptr;

    QTimer m_restartTimer;           // debounces restarts from non-weight edits during a run
    std::optional<JobRequest> m_running;  // the request of the current job
    bool m_applyingUndo = false;
};

}  // namespace shuimo::ui
