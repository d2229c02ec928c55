#include "main_window.h"

#include <QAction>
#include <QCloseEvent>
#include <QDockWidget>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QMenuBar>
#include <QMimeData>
#include <QPushButton>
#include <QSettings>
#include <QSplitter>
#include <QStatusBar>
#include <QToolBar>
#include <QUndoStack>
#include <QVBoxLayout>

#include "about_dialog.h"
#include "batch_dialog.h"
#include "dock_layout.h"
#include "error_messages.h"
#include "image_files.h"
#include "loss_curve.h"
#include "message_bar.h"
#include "parameter_panel.h"
#include "photo_strip.h"
#include "preferences_dialog.h"
#include "presets_menu.h"
#include "presets_store.h"
#include "preview_actions.h"
#include "preview_view.h"
#include "recent_files_menu.h"
#include "regions_panel.h"
#include "run_panel.h"
#include "studio_model.h"
#include "studio_preview.h"
#include "style_controller.h"
#include "style_gallery.h"
#include "style_library.h"
#include "styles_panel.h"
#include "versions_strip.h"
#include "video_export.h"
#include "clip_bar.h"
#include "image_files.h"

namespace shuimo::ui {
namespace {
// saveState()'s version: raised when the panels change, so an old arrangement is not restored
// over new panels (2: the View menu's panels, the narrow-window layout; 3: Run under the preview).
constexpr int kWindowStateVersion = 3;
}  // namespace

MainWindow::MainWindow(QWidget* parent) : QMainWindow(parent) {
    setWindowTitle(tr("Shuimo"));
    setObjectName(QStringLiteral("MainWindow"));
    setAcceptDrops(true);
    m_model = new StudioModel(this);
    m_presets = std::make_unique<PresetsStore>();
    setCentralWidget(createCentre());
    m_export = new ExportController(this, m_messages, m_model, &m_prompt);
    m_models = new ModelsPrompt(this, m_messages);
    m_batch = new BatchLauncher(this);
    m_videoExport = new VideoExport(this, m_model, m_batch);
    m_session = new SessionActions(this, m_model, m_messages, &m_prompt, m_batch);
    createDocks();
    createActions();
    connectModel();

    const QString stylesError = m_stylesPanel->loadBundledStyles();
    statusBar()->showMessage(stylesError.isEmpty() ? tr("Ready")
                                                   : tr("The bundled styles' list could not be read: %1").arg(stylesError));
    m_batchStatus = new QLabel(this);
    statusBar()->addPermanentWidget(m_batchStatus);
    m_batchStatus->hide();
    connect(m_batch, &BatchLauncher::statusChanged, this, [this](const QString& text) {
        m_batchStatus->setText(text);
        m_batchStatus->setVisible(!text.isEmpty());
    });
    loadWindowSettings();
    // The last session (autosaved at quit) comes back, with its styles and parameters; a damaged
    // one is kept aside and said so. Without one, the last start's parameters and styles.
    m_model->restoreSettings();
    if (const QString error = m_model->restoreAutosave(); !error.isEmpty()) m_messages->showMessage(MessageBar::Kind::Warning, error);
    m_models->refresh();
    m_models->offerOnFirstStart();
    m_batch->offerResume(m_batchOffer);
}

MainWindow::~MainWindow() {
    if (m_model->engineStarted()) m_model->engine()->shutdown();
}

StyleController* MainWindow::controller() const { return m_model->engine(); }
QUndoStack* MainWindow::undoStack() const { return m_model->undoStack(); }
bool MainWindow::editsPending() const { return m_model->editsPending(); }

QWidget* MainWindow::createCentre() {
    auto* central = new QWidget(this);
    auto* layout = new QVBoxLayout(central);
    layout->setContentsMargins(4, 4, 4, 4);
    m_messages = new MessageBar(central);
    m_batchOffer = new MessageBar(central);
    m_preview = new PreviewView(central);
    m_preview->setPlaceholderText(tr("Drop photos here, or choose File > Open Photos…\n"
                                     "Then tick a style on the left and press Run."));
    m_previewer = new StudioPreview(m_model, m_preview, this);
    // The strips share the column with the preview and give way to it: the artist can drag
    // them smaller (a large scale factor, a short screen), and the preview keeps the rest.
    auto* splitter = new QSplitter(Qt::Vertical, central);
    splitter->setObjectName(QStringLiteral("PreviewSplitter"));
    splitter->setChildrenCollapsible(false);
    m_versions = new VersionsStrip(m_model, splitter);
    m_photos = new PhotoStrip(m_model, splitter);
    splitter->insertWidget(0, m_preview);
    splitter->setStretchFactor(0, 1);
    splitter->setStretchFactor(1, 0);
    splitter->setStretchFactor(2, 0);
    m_runBar = new RunBar(central);
    m_clipBar = new ClipBar(m_model, central);
    layout->addWidget(m_messages);
    layout->addWidget(m_batchOffer);
    layout->addWidget(splitter, 1);
    layout->addWidget(m_clipBar);
    layout->addWidget(m_runBar);
    connect(m_clipBar, &ClipBar::exportRequested, this, &MainWindow::exportVideo);
    connect(m_runBar->runButton(), &QPushButton::clicked, this, &MainWindow::run);
    connect(m_runBar->cancelButton(), &QPushButton::clicked, this, &MainWindow::cancel);
    connect(m_photos, &PhotoStrip::removeRequested, this, &MainWindow::removePhoto);
    connect(m_versions, &VersionsStrip::versionChosen, m_previewer, &StudioPreview::showCurrent);
    connect(m_versions, &VersionsStrip::compareRequested, this,
            [this](int before, int after) { statusBar()->showMessage(m_previewer->compare(before, after), 8000); });
    return central;
}

void MainWindow::createDocks() {
    auto* stylesDock = new QDockWidget(tr("Styles"), this);
    stylesDock->setObjectName(QStringLiteral("StylesDock"));
    m_stylesPanel = new StylesPanel(m_model, stylesDock);
    m_gallery = m_stylesPanel->gallery();
    connect(m_stylesPanel, &StylesPanel::referencesChosen, this, [this](const QStringList& files) { addPaths(files, true); });
    stylesDock->setWidget(m_stylesPanel);
    // Narrower than the panel asks for by itself: in a narrow window it shares one column with
    // the parameters (dock_layout.h), and that column's minimum is taken from the wider of the two.
    m_stylesPanel->setMinimumWidth(m_stylesPanel->fontMetrics().averageCharWidth() * 36);
    addDockWidget(Qt::LeftDockWidgetArea, stylesDock);

    auto* paramsDock = new QDockWidget(tr("Parameters"), this);
    paramsDock->setObjectName(QStringLiteral("ParametersDock"));
    auto* runPanel = new RunPanel(paramsDock);
    m_params = runPanel->parameterPanel();
    paramsDock->setWidget(runPanel);
    addDockWidget(Qt::RightDockWidgetArea, paramsDock);
    // Regions (issue 26): a tab beside the parameters; its overlay and tools act while it is shown.
    auto* regionsDock = new QDockWidget(tr("Regions"), this);
    regionsDock->setObjectName(QStringLiteral("RegionsDock"));
    m_regions = new RegionsPanel(m_model, m_preview, [this] { return m_gallery->entries(); }, regionsDock);
    regionsDock->setWidget(m_regions);
    addDockWidget(Qt::RightDockWidgetArea, regionsDock);
    tabifyDockWidget(paramsDock, regionsDock);
    paramsDock->raise();
    connect(regionsDock, &QDockWidget::visibilityChanged, m_regions, &RegionsPanel::setActive);
    // Narrow windows: the two panels share one tabbed column (dock_layout.h).
    new DockLayout(this, stylesDock, paramsDock);
    m_run = new RunPresenter(m_model, m_params, m_runBar, runPanel->lossCurve(), this);
}

void MainWindow::connectModel() {
    // The panel shows the studio's parameters and hands every edit back to it.
    connect(m_params, &ParameterPanel::edited, this, [this] { m_model->setParams(m_params->params()); });
    connect(m_model, &StudioModel::paramsChanged, this, [this] {
        if (!(m_params->params() == m_model->params())) m_params->setParams(m_model->params());
    });
    m_params->setParams(m_model->params());
    const auto updateExport = [this] { m_exportAction->setEnabled(hasResult()); };
    connect(m_model, &StudioModel::currentPhotoChanged, this, updateExport);
    connect(m_model, &StudioModel::versionsChanged, this, updateExport);
    connect(m_model, &StudioModel::sessionReplaced, this, updateExport);
    connect(m_model, &StudioModel::status, this, [this](const QString& message) { statusBar()->showMessage(message, 8000); });
    connect(m_model, &StudioModel::problem, this, [this](const QString& message) { showProblem(message); });
    connect(m_model, &StudioModel::runFailed, this, [this](const QString&, const QString& message, ErrorKind kind) {
        // Weights that cannot be used: the fix is in the Models dialog (the bar's button opens it).
        m_messages->showMessage(MessageBar::Kind::Error, message, kind == ErrorKind::Weights ? tr("Models…") : QString());
    });
    // A warning about what Run needs (a photo, a style) goes once the artist has given it.
    const auto resolved = [this] {
        if (m_messages->isVisible() && m_messages->kind() == MessageBar::Kind::Warning && m_model->request()) m_messages->hide();
    };
    connect(m_model, &StudioModel::photosChanged, this, resolved);
    connect(m_model, &StudioModel::stylesChanged, this, resolved);
    connect(m_messages, &MessageBar::actionTriggered, m_models, &ModelsPrompt::openDialog);
    connect(m_gallery, &StyleGallery::recommendedSettingsRequested, m_model, &StudioModel::applyRecommendedSettings);
    m_exportAction->setEnabled(hasResult());
}

void MainWindow::createActions() {
    QMenu* file = menuBar()->addMenu(tr("&File"));
    QAction* open = file->addAction(tr("&Open Photos…"), this, &MainWindow::openPhotos);
    open->setShortcut(QKeySequence::Open);
    open->setIcon(QIcon::fromTheme(QStringLiteral("document-open")));
    m_recentMenu = new RecentFilesMenu(tr("Open &Recent"), this);
    file->addMenu(m_recentMenu);
    connect(m_recentMenu, &RecentFilesMenu::fileChosen, this, [this](const QString& path) { addPaths({path}, false); });
    file->addSeparator();
    file->addAction(tr("Open &Session…"), this, &MainWindow::openSession)->setShortcut(Qt::CTRL | Qt::SHIFT | Qt::Key_O);
    file->addAction(tr("Save Sess&ion"), this, &MainWindow::saveSession)->setShortcut(Qt::CTRL | Qt::ALT | Qt::Key_S);
    file->addAction(tr("Save Session &As…"), this, &MainWindow::saveSessionAs);
    file->addAction(tr("&Load Settings from Painting…"), this, &MainWindow::loadSettingsFromPainting);
    file->addSeparator();
    m_exportAction = file->addAction(tr("&Export Painting…"), this, &MainWindow::exportResult);
    m_exportAction->setShortcuts({QKeySequence::Save, QKeySequence::SaveAs});
    m_exportAction->setIcon(QIcon::fromTheme(QStringLiteral("document-save")));
    m_exportVideoAction = file->addAction(tr("Export &Video…"), this, &MainWindow::exportVideo);
    m_exportVideoAction->setEnabled(false);
    connect(m_model, &StudioModel::currentPhotoChanged, this,
            [this](const QString& photo) { m_exportVideoAction->setEnabled(StudioModel::isClip(photo)); });
    file->addAction(tr("&Batch Export…"), this, &MainWindow::openBatchDialog)->setShortcut(Qt::CTRL | Qt::Key_B);
    file->addSeparator();
    file->addAction(tr("&Models…"), this, &MainWindow::openModelsDialog);
    file->addSeparator();
    m_quitAction = file->addAction(tr("&Quit"), this, &QWidget::close);
    // Ctrl+Q whatever the platform theme's bindings say (some have none for Quit).
    QList<QKeySequence> quitKeys = QKeySequence::keyBindings(QKeySequence::Quit);
    if (!quitKeys.contains(QKeySequence(Qt::CTRL | Qt::Key_Q))) quitKeys << QKeySequence(Qt::CTRL | Qt::Key_Q);
    m_quitAction->setShortcuts(quitKeys);
    m_quitAction->setShortcutContext(Qt::ApplicationShortcut);  // also from the Batch dialog and other windows
    m_batch->setQuitAction(m_quitAction);

    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    QAction* undo = m_model->undoStack()->createUndoAction(this, tr("&Undo"));
    undo->setShortcut(QKeySequence::Undo);
    QAction* redo = m_model->undoStack()->createRedoAction(this, tr("&Redo"));
    redo->setShortcut(QKeySequence::Redo);
    edit->addAction(undo);
    edit->addAction(redo);
    edit->addSeparator();
    edit->addAction(tr("&Preferences…"), this, &MainWindow::openPreferences)->setShortcut(QKeySequence::Preferences);

    QMenu* view = menuBar()->addMenu(tr("&View"));
    const PreviewActions previewActions = addPreviewActions(view, m_preview);

    QMenu* runMenu = menuBar()->addMenu(tr("&Painting"));
    m_runAction = runMenu->addAction(tr("&Run"), this, &MainWindow::run);
    m_runAction->setShortcut(Qt::CTRL | Qt::Key_R);
    m_runAction->setIcon(QIcon::fromTheme(QStringLiteral("media-playback-start")));
    m_cancelAction = runMenu->addAction(tr("&Cancel"), this, &MainWindow::cancel);
    m_cancelAction->setShortcut(Qt::Key_Escape);
    m_cancelAction->setIcon(QIcon::fromTheme(QStringLiteral("process-stop")));
    runMenu->addAction(tr("Cancel &All Runs"), m_model, &StudioModel::cancelAll);
    m_run->setActions(m_runAction, m_cancelAction);

    auto* presets = new PresetsMenu(*m_presets, m_model, this);
    menuBar()->addMenu(presets);
    connect(presets, &PresetsMenu::failed, this, [this](const QString& message) { m_messages->showMessage(MessageBar::Kind::Error, message); });

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&About Shuimo"), this, [this] { AboutDialog(this).exec(); });

    QToolBar* tools = addToolBar(tr("Main"));
    tools->setObjectName(QStringLiteral("MainToolBar"));
    tools->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    tools->addActions({open, m_exportAction});
    tools->addSeparator();
    tools->addActions({m_runAction, m_cancelAction});
    tools->addSeparator();
    tools->addActions(previewActions.modes);
    tools->addSeparator();
    tools->addActions({previewActions.zoomToFit, previewActions.actualSize});

    // Every panel and the toolbar can be shown again from here (not only from a right-click).
    view->addSeparator();
    for (QDockWidget* dock : findChildren<QDockWidget*>(QString(), Qt::FindDirectChildrenOnly)) view->addAction(dock->toggleViewAction());
    tools->toggleViewAction()->setText(tr("&Toolbar"));
    view->addAction(tools->toggleViewAction());
    view->addAction(tr("Reset &Layout"), this, [this] {
        for (QToolBar* bar : findChildren<QToolBar*>(QString(), Qt::FindDirectChildrenOnly)) bar->show();
        if (auto* docks = findChild<DockLayout*>(QString(), Qt::FindDirectChildrenOnly)) docks->reset();
    });
}

void MainWindow::showProblem(const QString& message, bool weights) {
    m_messages->showMessage(MessageBar::Kind::Warning, message, weights ? tr("Models…") : QString());
}

int MainWindow::addPaths(const QStringList& paths, bool toStyles) {
    if (toStyles) {
        int added = 0;
        for (const QString& file : expandImageFolders(paths)) added += m_gallery->addUserStyle(file) ? 1 : 0;
        if (added > 0) statusBar()->showMessage(tr("Added %n style(s)", nullptr, added), 5000);
        else if (!paths.isEmpty()) showProblem(tr("No images found in what was dropped. Shuimo reads PNG, JPEG, TIFF, WebP and BMP files."));
        return added;
    }
    const StudioModel::Added added = m_model->addPhotos(paths);
    for (const QString& photo : added.photos) m_recentMenu->addFile(photo);
    if (!added.refused.isEmpty()) {
        showProblem(added.refused.join(QLatin1Char('\n')));  // every file refused, each with its reason
    } else if (added.photos.isEmpty() && !paths.isEmpty()) {
        showProblem(tr("No images found in what was dropped. Shuimo reads PNG, JPEG, TIFF, WebP and BMP files."));
    }
    if (!added.photos.isEmpty()) statusBar()->showMessage(tr("Added %n photo(s)", nullptr, static_cast<int>(added.photos.size())), 5000);
    return static_cast<int>(added.photos.size());
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event) {
    if (event->mimeData()->hasUrls()) event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event) {
    QStringList paths;
    for (const QUrl& url : event->mimeData()->urls()) {
        if (url.isLocalFile()) paths << url.toLocalFile();
    }
    if (paths.isEmpty()) return;
    // Dropped on the styles gallery: references; anywhere else: photos.
    const QPoint inGallery = m_gallery->mapFrom(this, event->position().toPoint());
    addPaths(paths, m_gallery->isVisible() && m_gallery->rect().contains(inGallery));
    event->acceptProposedAction();
}

void MainWindow::openPhotos() {
    const QStringList files = QFileDialog::getOpenFileNames(this, tr("Open Photos"), QSettings().value(QStringLiteral("lastOpenDir")).toString(),
                                                            tr("Photos and clips (%1);;Images (%2);;Clips (%3)")
                                                                .arg((imageFileFilters() + clipFileFilters()).join(QLatin1Char(' ')),
                                                                     imageFileFilters().join(QLatin1Char(' ')),
                                                                     clipFileFilters().join(QLatin1Char(' '))));
    if (files.isEmpty()) return;
    QSettings().setValue(QStringLiteral("lastOpenDir"), QFileInfo(files.first()).absolutePath());
    addPaths(files, false);
}

void MainWindow::run() {
    if (const QString why = m_model->run(); !why.isEmpty()) {
        showProblem(why, why == errorMessage(engine::ErrorCode::WeightsMissing, QStringList()));  // Models… fixes that
    } else if (m_messages->kind() != MessageBar::Kind::Information) {
        m_messages->hide();  // what stood in the way is resolved
    }
}

void MainWindow::continuePainting(int version) {
    m_model->continuePainting(version);
}

void MainWindow::cancel() {
    m_model->cancel();
}

QString MainWindow::loadSettingsFrom(const QString& path) {
    try {
        const PaintingSettings settings = ExportController::readPaintingSettings(path);
        const QStringList missing = m_model->applySettings(settings.params, settings.styles);
        if (!missing.isEmpty()) showProblem(tr("These styles are no longer where they were: %1").arg(missing.join(QStringLiteral(", "))));
        else statusBar()->showMessage(tr("Settings applied (Ctrl+Z undoes)"), 6000);
    } catch (const std::exception& error) {
        return userErrorOf(error).message;
    }
    return {};
}

void MainWindow::loadSettingsFromPainting() {
    const QString path = QFileDialog::getOpenFileName(this, tr("Load Settings from Painting"), QSettings().value(QStringLiteral("lastOpenDir")).toString(),
                                                      tr("Exported paintings and their settings (*.png *.json)"));
    if (path.isEmpty()) return;
    if (const QString error = loadSettingsFrom(path); !error.isEmpty()) m_messages->showMessage(MessageBar::Kind::Error, error);
}

QString MainWindow::exportResultTo(const QString& path, int bitDepth, ExportController::Unfinished unfinished) {
    return m_export->exportTo(path, bitDepth, m_model->photos(), m_model->photoSize(m_model->currentPhoto()), unfinished);
}

void MainWindow::exportResult() {
    m_export->exportWithDialog(m_model->photos(), m_model->photoSize(m_model->currentPhoto()));
}

void MainWindow::exportVideo() {
    if (const QString error = m_videoExport->exportWithDialog(); !error.isEmpty()) m_messages->showMessage(MessageBar::Kind::Error, error);
}

void MainWindow::openBatchDialog() {
    m_batch->open({m_model->photos(), m_model->stylePaths(), m_model->params(), BatchDialog::savedPresets(*m_presets), m_model->styleBlend()});
}

void MainWindow::openPreferences() {
    PreferencesDialog dialog(this);
    if (dialog.exec() == QDialog::Accepted) m_run->updateEstimate();  // the memory limit changes the plan
}

void MainWindow::loadWindowSettings() {
    QSettings settings;
    if (!restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray())) resize(1280, 820);  // first start
    fitOntoScreen(this);  // whatever screen it was saved on: Run stays in reach
    // A state of another layout version (other panels) is not applied: the default is.
    const bool restored = restoreState(settings.value(QStringLiteral("window/state")).toByteArray(), kWindowStateVersion);
    if (auto* docks = findChild<DockLayout*>(QString(), Qt::FindDirectChildrenOnly)) docks->setArrangeOnFirstShow(!restored);
    for (const QString& path : settings.value(QStringLiteral("userStyles")).toStringList()) m_gallery->addUserStyle(path, false);
}

void MainWindow::saveWindowSettings() const {
    QSettings settings;
    settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
    settings.setValue(QStringLiteral("window/state"), saveState(kWindowStateVersion));
    settings.setValue(QStringLiteral("userStyles"), m_gallery->userStylePaths());
    m_model->saveSettings();
}

void MainWindow::closeEvent(QCloseEvent* event) {
    // Asking and saving run the event loop: a second close meanwhile waits for the first.
    if (m_model->isSaving() || m_closing) {
        event->ignore();
        return;
    }
    m_closing = true;
    const bool close = m_session->confirmClose();
    m_closing = false;
    if (!close) {
        event->ignore();
        return;
    }
    saveWindowSettings();
    if (m_model->engineStarted()) m_model->engine()->shutdown();
    m_batch->shutdown();  // running jobs back to "queued": the next start resumes them
    event->accept();
}

}  // namespace shuimo::ui
