#pragma once
// The application window: the layout, the menus, the actions and where messages
// go. The studio (photos, paintings, styles, parameters, runs: everything the
// window shows) is one model without widgets (model/studio_model.h); the photo
// strip, the style gallery, the versions strip, the parameter panel, the run
// panel (RunPresenter) and the preview (StudioPreview) are views of it. The rest
// is in parts of their own: ExportController, SessionActions (Save, Open, what
// asks before quitting), PresetsMenu and RecentFilesMenu, ModelsPrompt (no model
// installed), BatchLauncher (the Batch dialog).

#include <QMainWindow>
#include <memory>
#include <optional>

#include "batch_launcher.h"
#include "export_controller.h"
#include "job_types.h"
#include "models_prompt.h"
#include "prompt.h"
#include "run_presenter.h"
#include "session_actions.h"

class QAction;
class QLabel;
class QUndoStack;

namespace shuimo::ui {

class BatchDialog;
class ClipBar;
class VideoExport;
class MessageBar;
class ParameterPanel;
class PhotoStrip;
class PresetsStore;
class PreviewView;
class RecentFilesMenu;
class RunBar;
class StudioModel;
class StudioPreview;
class StyleController;
class StyleGallery;
class RegionsPanel;
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

    StudioModel* model() const { return m_model; }
    ParameterPanel* parameterPanel() const { return m_params; }
    StyleGallery* styleGallery() const { return m_gallery; }
    PhotoStrip* photoStrip() const { return m_photos; }
    VersionsStrip* versionsStrip() const { return m_versions; }
    PreviewView* previewView() const { return m_preview; }
    RunBar* runBar() const { return m_runBar; }
    MessageBar* messageBar() const { return m_messages; }
    MessageBar* batchResumeBar() const { return m_batchOffer; }
    BatchDialog* batchDialog() const { return m_batch->dialog(); }  // null until first opened
    QLabel* batchStatus() const { return m_batchStatus; }
    StyleController* controller() const;
    SessionActions* sessionActions() const { return m_session; }
    // The questions the window asks (tests answer them through Prompt::setHook).
    Prompt& prompt() { return m_prompt; }
    // An edit's debounce still pending (undo step, restart, re-finish).
    bool editsPending() const;
    QUndoStack* undoStack() const;
    QAction* exportAction() const { return m_exportAction; }
    QAction* exportVideoAction() const { return m_exportVideoAction; }
    ClipBar* clipBar() const { return m_clipBar; }
    VideoExport* videoExport() const { return m_videoExport; }
    QAction* quitAction() const { return m_quitAction; }
    // The selected photo has a selected painting (what Export writes).
    bool hasResult() const { return m_export->hasResult(); }
    // Session files (.shuimo); each returns an error message, empty on success.
    QString saveSessionTo(const QString& path) { return m_session->saveTo(path); }
    QString openSessionFrom(const QString& path) { return m_session->openFrom(path); }
    // Takes the parameters and styles of an exported painting (PNG text chunk or .json sidecar).
    QString loadSettingsFrom(const QString& path);
    // Removes a photo from the session (asks first when it has unexported paintings).
    void removePhoto(const QString& path) { m_session->removePhoto(path); }
    // A throughput (GFLOP/s) already known, e.g. from an earlier session: no probe is run.
    void setKnownThroughput(double gflops) { m_run->setKnownThroughput(gflops); }

public Q_SLOTS:
    void run();
    // The current photo's version stopped before its last level goes on from its image (session/continuation.h).
    void continuePainting(int version);
    void cancel();
    void openPhotos();
    void exportResult();
    // The current clip, every frame, in the background (video_export.h).
    void exportVideo();
    void openModelsDialog() { m_models->openDialog(); }
    // Batch export of the session's photos with the ticked styles (batch_dialog.h).
    void openBatchDialog();
    void openPreferences();
    void refreshModelStatus() { m_models->refresh(); }
    bool saveSession() { return m_session->save(); }
    bool saveSessionAs() { return m_session->saveAs(); }
    void openSession() { m_session->open(); }
    void loadSettingsFromPainting();

protected:
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;
    void closeEvent(QCloseEvent* event) override;

private:
    void createActions();
    QWidget* createCentre();
    void createDocks();
    void connectModel();
    void showProblem(const QString& message, bool weights = false);
    void loadWindowSettings();
    void saveWindowSettings() const;

    StudioModel* m_model = nullptr;
    Prompt m_prompt;
    bool m_closing = false;  // closeEvent is asking or saving
    ParameterPanel* m_params = nullptr;
    StyleGallery* m_gallery = nullptr;
    PhotoStrip* m_photos = nullptr;
    VersionsStrip* m_versions = nullptr;
    PreviewView* m_preview = nullptr;
    StudioPreview* m_previewer = nullptr;
    RunBar* m_runBar = nullptr;
    ClipBar* m_clipBar = nullptr;  // under the preview while a clip is the current photo
    VideoExport* m_videoExport = nullptr;
    MessageBar* m_messages = nullptr;
    MessageBar* m_batchOffer = nullptr;  // "An unfinished batch … Resume / Dismiss"
    QLabel* m_batchStatus = nullptr;     // "Batch export: 3 of 10 done" while one runs
    StylesPanel* m_stylesPanel = nullptr;
    RegionsPanel* m_regions = nullptr;
    std::unique_ptr<PresetsStore> m_presets;
    RunPresenter* m_run = nullptr;
    ExportController* m_export = nullptr;
    ModelsPrompt* m_models = nullptr;
    BatchLauncher* m_batch = nullptr;
    SessionActions* m_session = nullptr;
    QAction* m_runAction = nullptr;
    QAction* m_cancelAction = nullptr;
    QAction* m_exportAction = nullptr;
    QAction* m_exportVideoAction = nullptr;
    QAction* m_quitAction = nullptr;
    RecentFilesMenu* m_recentMenu = nullptr;
};

}  // namespace shuimo::ui
