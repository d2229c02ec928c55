#include "main_window.h"

#include "about_dialog.h"

#include <QAction>
#include <QCloseEvent>
#include <QDir>
#include <QDockWidget>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QGuiApplication>
#include <QJsonDocument>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QPushButton>
#include <QScreen>
#include <QSettings>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTimer>
#include <QToolBar>
#include <QUndoStack>
#include <QVBoxLayout>

#include "batch_controller.h"
#include "batch_dialog.h"
#include "error_messages.h"
#include "dock_layout.h"
#include "image_files.h"
#include "message_bar.h"
#include "parameter_panel.h"
#include "params_command.h"
#include "shuimo/batch/params_json.h"
#include "shuimo/engine/param_table.h"
#include "photo_strip.h"
#include "preferences_dialog.h"
#include "presets_menu.h"
#include "presets_store.h"
#include "preview_actions.h"
#include "preview_view.h"
#include "recent_files_menu.h"
#include "run_panel.h"
#include "shuimo/engine/errors.h"
#include "shuimo/engine/model_paths.h"
#include "style_controller.h"
#include "style_gallery.h"
#include "style_library.h"
#include "styles_panel.h"
#include "shuimo/session/continuation.h"
#include "shuimo/session/refinish.h"
#include "shuimo/session/session_file.h"
#include "versions_strip.h"

namespace shuimo::ui {
namespace {
// saveState()'s version: raised when the panels change, so an old arrangement is not restored
// over new panels (2: the View menu's panels, the narrow-window layout).
constexpr int kWindowStateVersion = 2;
}  // namespace

MainWindow::MainWindow(QWidget* parent) : QMainWindow(parent) {
    setWindowTitle(tr("Shuimo"));
    setObjectName(QStringLiteral("MainWindow"));
    setAcceptDrops(true);
    m_controller = new StyleController(this);
    m_undo = new QUndoStack(this);
    m_presets = std::make_unique<PresetsStore>();

    auto* central = new QWidget(this);
    auto* layout = new QVBoxLayout(central);
    layout->setContentsMargins(4, 4, 4, 4);
    m_messages = new MessageBar(central);
    m_preview = new PreviewView(central);
    m_preview->setPlaceholderText(tr("Drop photos here, or choose File > Open Photos…\n"
                                     "Then tick a style on the left and press Run."));
    m_photos = new PhotoStrip(central);
    m_versions = new VersionsStrip(central);
    m_batchOffer = new MessageBar(central);
    layout->addWidget(m_messages);
    layout->addWidget(m_batchOffer);
    layout->addWidget(m_preview, 1);
    layout->addWidget(m_versions);
    layout->addWidget(m_photos);
    setCentralWidget(central);

    m_session = new SessionController(this);
    m_export = new ExportController(this, m_messages, m_session);
    m_models = new ModelsPrompt(this, m_messages);
    m_batch = new BatchLauncher(this);
    createDocks();
    createActions();

    m_restartTimer.setSingleShot(true);
    m_restartTimer.setInterval(300);
    connect(&m_restartTimer, &QTimer::timeout, this, [this] {
        // Only while the photo being painted is still the one shown (else run() would queue another).
        if (m_controller->isBusy() && m_running && m_running->contentPath == m_photos->currentPhoto()) run();
    });

    // Previews of a run on another photo are not shown over this one.
    connect(m_controller, &StyleController::previewReady, this, [this](const QImage& image, int) {
        if (m_session->runningPhoto() == m_photos->currentPhoto()) m_preview->setAfter(image);
    });
    connect(m_controller, &StyleController::jobFinished, this, &MainWindow::onFinished);
    connect(m_controller, &StyleController::failed, this, &MainWindow::onFailed);
    connect(m_controller, &StyleController::notice, this,
            [this](const QString& message) { statusBar()->showMessage(message, 8000); });
    connect(m_controller, &StyleController::busyChanged, this, &MainWindow::onBusyChanged);
    connect(m_params, &ParameterPanel::paramsChanged, this, &MainWindow::onParamsChanged);
    connect(m_params, &ParameterPanel::paramsCommitted, this,
            [this](const engine::StyleParams& before, const engine::StyleParams& after) {
                if (!m_applyingUndo) m_undo->push(new ParamsCommand(m_params, before, after, &m_applyingUndo));
            });
    connect(m_photos, &PhotoStrip::currentPhotoChanged, this, &MainWindow::onPhotoChanged);
    connect(m_photos, &PhotoStrip::removeRequested, this, &MainWindow::removePhoto);
    connect(m_photos, &PhotoStrip::orderChanged, m_session, &SessionController::setPhotoOrder);
    connect(m_session, &SessionController::runsChanged, this, &MainWindow::updateBadges);
    connect(m_session, &SessionController::sessionReplaced, this, &MainWindow::rebuildFromSession);
    connect(m_session, &SessionController::versionsChanged, this, [this](const QString& photo) {
        updateBadges();
        if (photo != m_photos->currentPhoto()) return;
        showVersions();
        showCurrentPainting();
    });
    connect(m_versions, &VersionsStrip::versionChosen, this, [this](int index) {
        m_session->setCurrentVersion(m_photos->currentPhoto(), index);
        showCurrentPainting();  // also ends a comparison
    });
    connect(m_versions, &VersionsStrip::compareRequested, this, [this](int before, int after) {
        const session::Photo* photo = m_session->session().photo(m_photos->currentPhoto());
        if (!photo || after >= static_cast<int>(photo->paintings.size())) return;
        m_preview->setBefore(toQImage(photo->paintings[static_cast<std::size_t>(before)].image));
        m_preview->setAfter(toQImage(photo->paintings[static_cast<std::size_t>(after)].image));
        statusBar()->showMessage(tr("Comparing %1 (before) with %2 (after)")
                                     .arg(photo->paintings[static_cast<std::size_t>(before)].name,
                                          photo->paintings[static_cast<std::size_t>(after)].name),
                                 8000);
    });
    connect(m_versions, &VersionsStrip::deleteRequested, this,
            [this](int index) { m_session->removeVersion(m_photos->currentPhoto(), index); });
    connect(m_versions, &VersionsStrip::useSettingsRequested, this, [this](int index) {
        const session::Photo* photo = m_session->session().photo(m_photos->currentPhoto());
        if (!photo || index >= static_cast<int>(photo->paintings.size())) return;
        const session::Painting& painting = photo->paintings[static_cast<std::size_t>(index)];
        applySettings(painting.params, painting.styles);
    });
    connect(m_versions, &VersionsStrip::paintOthersRequested, this, &MainWindow::paintOthersLike);
    connect(m_versions, &VersionsStrip::continueRequested, this, &MainWindow::continuePainting);
    m_refinishTimer.setSingleShot(true);
    m_refinishTimer.setInterval(350);
    connect(&m_refinishTimer, &QTimer::timeout, this, &MainWindow::refinishCurrent);
    connect(m_gallery, &StyleGallery::selectionChanged, this, &MainWindow::restartIfRunning);
    connect(m_messages, &MessageBar::actionTriggered, m_models, &ModelsPrompt::openDialog);
    connect(m_gallery, &StyleGallery::recommendedSettingsRequested, this, [this](const QJsonObject& settings) {
        const engine::StyleParams before = m_params->params();
        m_params->setParams(batch::params_from_json(settings, before));
        // The style's quality preset (size and iterations) on top.
        const int quality = QStringList{QStringLiteral("draft"), QStringLiteral("standard"), QStringLiteral("high"),
                                        QStringLiteral("print")}
                                .indexOf(settings.value(QStringLiteral("quality")).toString());
        if (quality >= 0) m_params->applyQualityPreset(quality);
        m_undo->push(new ParamsCommand(m_params, before, m_params->params(), &m_applyingUndo));
        statusBar()->showMessage(tr("Applied the style's recommended settings (Ctrl+Z undoes)"), 6000);
    });

    const QString stylesError = m_stylesPanel->loadBundledStyles();
    statusBar()->showMessage(stylesError.isEmpty() ? tr("Ready")
                                                   : tr("The bundled styles' list could not be read: %1").arg(stylesError));
    loadSettings();
    // The last session (autosaved at quit) comes back; a damaged one is kept aside and said so.
    if (const QString error = m_session->restoreAutosave(); !error.isEmpty()) m_messages->showMessage(MessageBar::Kind::Warning, error);
    onBusyChanged(false);
    m_models->refresh();
    m_models->offerOnFirstStart();
    m_run->updateEstimate();
    m_batch->offerResume(m_batchOffer);
}

MainWindow::~MainWindow() {
    m_controller->shutdown();
}

void MainWindow::createDocks() {
    auto* stylesDock = new QDockWidget(tr("Styles"), this);
    stylesDock->setObjectName(QStringLiteral("StylesDock"));
    m_stylesPanel = new StylesPanel(stylesDock);
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
    m_runButton = runPanel->runButton();
    m_cancelButton = runPanel->cancelButton();
    paramsDock->setWidget(runPanel);
    addDockWidget(Qt::RightDockWidgetArea, paramsDock);
    // Narrow windows: the two panels share one tabbed column (dock_layout.h).
    new DockLayout(this, stylesDock, paramsDock);
    m_run = new RunPresenter(m_controller, m_params, runPanel->progressBar(), runPanel->progressText(),
                             runPanel->lossCurve(), this);
    connect(m_runButton, &QPushButton::clicked, this, &MainWindow::run);
    connect(m_cancelButton, &QPushButton::clicked, this, &MainWindow::cancel);
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
    file->addAction(tr("&Batch Export…"), this, &MainWindow::openBatchDialog)->setShortcut(Qt::CTRL | Qt::Key_B);
    file->addSeparator();
    file->addAction(tr("&Models…"), this, &MainWindow::openModelsDialog);
    file->addSeparator();
    QAction* quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);

    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    QAction* undo = m_undo->createUndoAction(this, tr("&Undo"));
    undo->setShortcut(QKeySequence::Undo);
    QAction* redo = m_undo->createRedoAction(this, tr("&Redo"));
    redo->setShortcut(QKeySequence::Redo);
    edit->addAction(undo);
    edit->addAction(redo);
    edit->addSeparator();
    QAction* preferences = edit->addAction(tr("&Preferences…"), this, &MainWindow::openPreferences);
    preferences->setShortcut(QKeySequence::Preferences);

    QMenu* view = menuBar()->addMenu(tr("&View"));
    const PreviewActions previewActions = addPreviewActions(view, m_preview);

    QMenu* runMenu = menuBar()->addMenu(tr("&Painting"));
    m_runAction = runMenu->addAction(tr("&Run"), this, &MainWindow::run);
    m_runAction->setShortcut(Qt::CTRL | Qt::Key_R);
    m_runAction->setIcon(QIcon::fromTheme(QStringLiteral("media-playback-start")));
    m_cancelAction = runMenu->addAction(tr("&Cancel"), this, &MainWindow::cancel);
    m_cancelAction->setShortcut(Qt::Key_Escape);
    m_cancelAction->setIcon(QIcon::fromTheme(QStringLiteral("process-stop")));

    auto* presets = new PresetsMenu(*m_presets, m_params, this);
    presets->setStyleGallery(m_gallery);
    menuBar()->addMenu(presets);
    connect(presets, &PresetsMenu::presetChosen, this, [this](const engine::StyleParams& params) {
        const engine::StyleParams before = m_params->params();
        m_params->setParams(params);
        m_undo->push(new ParamsCommand(m_params, before, params, &m_applyingUndo));
    });
    connect(presets, &PresetsMenu::failed, this,
            [this](const QString& message) { m_messages->showMessage(MessageBar::Kind::Error, message); });

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&About Shuimo"), this, [this] { AboutDialog(this).exec(); });

    QToolBar* tools = addToolBar(tr("Main"));
    tools->setObjectName(QStringLiteral("MainToolBar"));
    tools->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    tools->addAction(open);
    tools->addAction(m_exportAction);
    tools->addSeparator();
    tools->addAction(m_runAction);
    tools->addAction(m_cancelAction);
    tools->addSeparator();
    tools->addActions(previewActions.modes);
    tools->addSeparator();
    tools->addAction(previewActions.zoomToFit);
    tools->addAction(previewActions.actualSize);

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

int MainWindow::addPaths(const QStringList& paths, bool toStyles) {
    int added = 0;
    QString firstPhoto;
    QStringList refused;  // photos the image reader refused, with the reason
    for (const QString& file : expandImageFolders(paths)) {
        QString why;
        const bool ok = toStyles ? m_gallery->addUserStyle(file) : m_photos->addPhoto(file, &why);
        if (!ok) {
            if (!why.isEmpty()) refused << why;
            continue;
        }
        ++added;
        if (!toStyles) {
            const QString absolute = QFileInfo(file).absoluteFilePath();
            m_session->addPhoto(absolute);
            m_recentMenu->addFile(absolute);
            if (firstPhoto.isEmpty()) firstPhoto = absolute;
        }
    }
    if (!firstPhoto.isEmpty()) m_photos->setCurrentPhoto(firstPhoto);
    if (!refused.isEmpty()) {
        m_messages->showMessage(MessageBar::Kind::Warning,
                                refused.size() == 1 ? refused.first()
                                                    : tr("%1 (and %n more not added)", nullptr, static_cast<int>(refused.size() - 1)).arg(refused.first()));
        if (added > 0) statusBar()->showMessage(tr("Added %n photo(s)", nullptr, added), 5000);
    } else if (added == 0 && !paths.isEmpty()) {
        m_messages->showMessage(MessageBar::Kind::Warning,
                                tr("No images found in what was dropped. Shuimo reads PNG, JPEG, TIFF, WebP and BMP files."));
    } else if (added > 0) {
        statusBar()->showMessage(toStyles ? tr("Added %n style(s)", nullptr, added) : tr("Added %n photo(s)", nullptr, added), 5000);
    }
    return added;
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
    const bool toStyles = m_gallery->isVisible() && m_gallery->rect().contains(inGallery);
    addPaths(paths, toStyles);
    event->acceptProposedAction();
}

void MainWindow::openPhotos() {
    const QStringList files = QFileDialog::getOpenFileNames(
        this, tr("Open Photos"), QSettings().value(QStringLiteral("lastOpenDir")).toString(),
        tr("Images (%1)").arg(imageFileFilters().join(QLatin1Char(' '))));
    if (files.isEmpty()) return;
    QSettings().setValue(QStringLiteral("lastOpenDir"), QFileInfo(files.first()).absolutePath());
    addPaths(files, false);
}

void MainWindow::onPhotoChanged(const QString& path) {
    // A run belongs to its photo: choosing another one neither restarts nor cancels it.
    m_session->setCurrentPhoto(path);
    QSize size;
    m_photoPreview = readPreviewImage(path, &size);
    m_preview->setBefore(m_photoPreview);
    m_preview->zoomToFit();
    m_run->setPhotoSize(size);
    showVersions();
    showCurrentPainting();
}

std::optional<JobRequest> MainWindow::currentRequest(QString* why) const {
    auto fail = [why](const QString& message) -> std::optional<JobRequest> {
        if (why) *why = message;
        return std::nullopt;
    };
    JobRequest request;
    request.contentPath = m_photos->currentPhoto();
    if (request.contentPath.isEmpty()) return fail(tr("Add a photo first: drop one on the window or use File > Open Photos…"));
    request.stylePaths = m_gallery->selectedPaths();
    if (request.stylePaths.isEmpty()) return fail(tr("Tick at least one style in the Styles panel (or drop your own reference there)."));
    request.styleBlend = m_gallery->selectedBlend();
    request.params = m_params->params();
    try {
        engine::validate(request.params);
    } catch (const engine::ConfigError& error) {
        return fail(userErrorOf(error).message);
    }
    const auto weights = engine::find_installed_vgg19_weights();
    if (!weights) return fail(errorMessage(engine::ErrorCode::WeightsMissing, QStringList()));
    request.weightsPath = QString::fromStdString(weights->string());
    return request;
}

void MainWindow::run() {
    QString why;
    const std::optional<JobRequest> request = currentRequest(&why);
    if (!request) {
        const bool weights = !engine::find_installed_vgg19_weights().has_value();
        m_messages->showMessage(MessageBar::Kind::Warning, why, weights ? tr("Models…") : QString());
        return;
    }
    submit(*request);
}

void MainWindow::submit(const JobRequest& request) {
    m_restartTimer.stop();
    m_messages->hide();
    if (m_controller->isBusy() && m_running && m_running->contentPath != request.contentPath) {
        // Another photo is being painted: this one waits its turn.
        m_session->enqueue(request);
        statusBar()->showMessage(tr("%1 will be painted when %2 is done")
                                     .arg(QFileInfo(request.contentPath).fileName(), QFileInfo(m_running->contentPath).fileName()),
                                 8000);
        return;
    }
    m_session->unqueue(request.contentPath);
    startJob(request);
}

void MainWindow::startJob(const JobRequest& request) {
    m_running = request;
    m_session->setRunning(m_running);
    m_run->showStarted(request);
    m_controller->startJob(request);
}

void MainWindow::startNextQueued() {
    if (m_controller->isBusy()) return;
    if (const std::optional<JobRequest> next = m_session->takeNext()) startJob(*next);
}

void MainWindow::cancel() {
    m_restartTimer.stop();
    // The selected photo's waiting run, if it has one; else the run in progress.
    if (m_session->unqueue(m_photos->currentPhoto())) return;
    m_controller->cancel();
}

bool MainWindow::editsPending() const {
    return m_restartTimer.isActive() || m_refinishTimer.isActive() || m_params->commitPending();
}

void MainWindow::restartIfRunning() {
    // Only edits made while looking at the photo being painted restart its run.
    if (m_controller->isBusy() && m_running && m_running->contentPath == m_photos->currentPhoto()) m_restartTimer.start();
}

void MainWindow::onParamsChanged() {
    m_run->updateEstimate();
    if (!m_applyingSettings) {
        const session::Painting* painting = m_session->currentPainting();
        const bool paintingNow = m_controller->isBusy() && m_running && m_running->contentPath == m_photos->currentPhoto();
        if (painting && !paintingNow && !painting->raw.empty() &&
            session::only_finishing_differs(painting->params, session::normalised_params(m_params->params()))) {
            m_refinishTimer.start();
        }
    }
    if (!m_controller->isBusy() || !m_running || m_running->contentPath != m_photos->currentPhoto()) return;
    const engine::StyleParams now = m_params->params();
    if (engine::only_live_params_differ(m_running->params, now)) {
        // Live re-weighting: the running optimisation takes the new objective at its next evaluation.
        m_running->params = now;
        m_controller->setLiveWeights(ParameterPanel::weightsOf(now));
    } else {
        restartIfRunning();
    }
}

void MainWindow::onFinished(const QImage& image, const JobOutcome& outcome) {
    Q_UNUSED(image);
    // Finished or cancelled, the painting is a version of the photo it was made from.
    if (m_running) m_session->addRun(*m_running, outcome);
    m_run->showFinished(outcome);
    m_running.reset();
    m_session->setRunning(m_running);
    startNextQueued();
    updateExportEnabled();
}

void MainWindow::onFailed(const QString& message, ErrorKind kind) {
    m_running.reset();
    m_session->setRunning(m_running);
    m_run->showFailed();
    // Weights that cannot be used: the fix is in the Models dialog (the bar's button opens it).
    m_messages->showMessage(MessageBar::Kind::Error, message, kind == ErrorKind::Weights ? tr("Models…") : QString());
    startNextQueued();
}

void MainWindow::onBusyChanged(bool busy) {
    m_runAction->setEnabled(true);
    const bool here = busy && m_running && m_running->contentPath == m_photos->currentPhoto();
    m_runButton->setText(here ? tr("&Restart") : tr("&Run"));
    m_cancelAction->setEnabled(busy || m_session->queuedCount() > 0);
    m_cancelButton->setEnabled(busy || m_session->queuedCount() > 0);
    updateExportEnabled();
}

void MainWindow::updateExportEnabled() {
    m_exportAction->setEnabled(hasResult());
}

void MainWindow::showVersions() {
    m_versions->showPhoto(m_session->session().photo(m_photos->currentPhoto()), m_run->photoSize());
}

void MainWindow::showCurrentPainting() {
    const QString photo = m_photos->currentPhoto();
    m_preview->setBefore(m_photoPreview);  // after a comparison, the photo again
    const session::Painting* painting = m_session->currentPainting(photo);
    m_preview->setAfter(painting ? toQImage(painting->image) : QImage());
    onBusyChanged(m_controller->isBusy());
}

void MainWindow::updateBadges() {
    const session::Session& document = m_session->session();
    for (const session::Photo& photo : document.photos) {
        PhotoStrip::Badge badge;
        badge.running = m_running && m_running->contentPath == photo.path;
        badge.queued = m_session->isQueued(photo.path);
        badge.paintings = static_cast<int>(photo.paintings.size());
        m_photos->setBadge(photo.path, badge);
    }
    onBusyChanged(m_controller->isBusy());
}

void MainWindow::refinishCurrent() {
    const QString photo = m_photos->currentPhoto();
    const session::Painting* painting = m_session->currentPainting(photo);
    const engine::StyleParams now = session::normalised_params(m_params->params());
    if (!painting || painting->raw.empty() || !session::only_finishing_differs(painting->params, now)) return;
    try {
        m_session->addVersion(photo, session::refinish(*painting, now, photo));
        statusBar()->showMessage(tr("Re-finished without a new run: a new version (the earlier one is kept)"), 6000);
    } catch (const std::exception& error) {
        m_messages->showMessage(MessageBar::Kind::Warning,
                                tr("The finishing could not be re-applied: %1").arg(userErrorOf(error).message));
    }
}

void MainWindow::applySettings(const engine::StyleParams& params, const std::vector<session::StyleRef>& styles) {
    QStringList missing;
    m_applyingSettings = true;
    const engine::StyleParams before = m_params->params();
    m_params->setParams(params);
    if (!styles.empty()) {
        for (const QString& path : m_gallery->selectedPaths()) m_gallery->setSelected(path, false);
        for (const session::StyleRef& ref : styles) {
            if (!QFileInfo::exists(ref.path)) {
                missing << QFileInfo(ref.path).fileName();
                continue;
            }
            bool known = false;
            for (const StyleEntry& entry : m_gallery->entries()) known = known || entry.path == ref.path;
            if (!known) m_gallery->addUserStyle(ref.path, false);
            m_gallery->setSelected(ref.path, true, ref.blend);
        }
    }
    m_undo->push(new ParamsCommand(m_params, before, m_params->params(), &m_applyingUndo));
    m_applyingSettings = false;
    if (!missing.isEmpty()) {
        m_messages->showMessage(MessageBar::Kind::Warning, tr("These styles are no longer where they were: %1").arg(missing.join(QStringLiteral(", "))));
    } else {
        statusBar()->showMessage(tr("Settings applied (Ctrl+Z undoes)"), 6000);
    }
}

void MainWindow::continuePainting(int version) {
    const QString photoPath = m_photos->currentPhoto();
    const session::Photo* photo = m_session->session().photo(photoPath);
    if (!photo || version < 0 || version >= static_cast<int>(photo->paintings.size())) return;
    const session::Painting& painting = photo->paintings[static_cast<std::size_t>(version)];
    const QSize size = m_run->photoSize();
    JobRequest request;
    request.contentPath = photoPath;
    for (const session::StyleRef& style : painting.styles) {
        request.stylePaths << style.path;
        request.styleBlend << style.blend;
    }
    try {
        request.params = session::continuation_params(painting, {size.width(), size.height()});
    } catch (const engine::ConfigError& error) {
        m_messages->showMessage(MessageBar::Kind::Warning, userErrorOf(error).message);
        return;
    }
    const auto weights = engine::find_installed_vgg19_weights();
    if (!weights) {
        m_messages->showMessage(MessageBar::Kind::Warning, errorMessage(engine::ErrorCode::WeightsMissing, QStringList()), tr("Models…"));
        return;
    }
    request.weightsPath = QString::fromStdString(weights->string());
    request.initImage = std::make_shared<const engine::Image>(session::to_image(painting.raw.empty() ? painting.image : painting.raw));
    request.recordedParams = painting.params;
    request.iterationsBefore = painting.iterations_run;
    request.secondsBefore = painting.seconds;
    statusBar()->showMessage(tr("Continuing %1 from %2 × %3").arg(painting.name).arg(painting.image.width).arg(painting.image.height), 8000);
    submit(request);
}

void MainWindow::paintOthersLike(int version) {
    const QString current = m_photos->currentPhoto();
    const session::Photo* photo = m_session->session().photo(current);
    if (!photo || version < 0 || version >= static_cast<int>(photo->paintings.size())) return;
    const session::Painting& painting = photo->paintings[static_cast<std::size_t>(version)];
    QString why;
    std::optional<JobRequest> base = currentRequest(&why);  // for the weights and the checks
    if (!base) {
        m_messages->showMessage(MessageBar::Kind::Warning, why);
        return;
    }
    base->params = painting.params;
    base->stylePaths.clear();
    base->styleBlend.clear();
    for (const session::StyleRef& ref : painting.styles) {
        base->stylePaths << ref.path;
        base->styleBlend << ref.blend;
    }
    int queued = 0;
    for (const QString& other : m_photos->photos()) {
        if (other == current) continue;
        JobRequest request = *base;
        request.contentPath = other;
        if (m_controller->isBusy()) m_session->enqueue(request);
        else startJob(request);
        ++queued;
    }
    statusBar()->showMessage(tr("%n photo(s) will be painted with the settings of %1", nullptr, queued).arg(painting.name), 8000);
}

void MainWindow::removePhoto(const QString& path) {
    const session::Photo* photo = m_session->session().photo(path);
    int unexported = 0;
    if (photo) {
        for (const session::Painting& painting : photo->paintings) unexported += painting.exported_to.isEmpty() ? 1 : 0;
    }
    if (unexported > 0 &&
        m_session->ask(this, tr("Remove %1 and its %n unexported painting(s) from the session?", nullptr, unexported).arg(QFileInfo(path).fileName()),
                       QMessageBox::Yes | QMessageBox::Cancel, QMessageBox::Cancel) != QMessageBox::Yes) {
        return;
    }
    if (m_running && m_running->contentPath == path) m_controller->cancel();
    m_session->removePhoto(path);
    m_photos->removePhoto(path);
    updateBadges();
    if (m_photos->count() == 0) {
        m_preview->setBefore(QImage());
        m_preview->setAfter(QImage());
        m_versions->showPhoto(nullptr);
        updateExportEnabled();
    }
    statusBar()->showMessage(tr("Removed %1 from the session").arg(QFileInfo(path).fileName()), 5000);
}

void MainWindow::rebuildFromSession() {
    const session::Session& document = m_session->session();
    const QString current = m_session->currentPhoto();
    m_photos->blockSignals(true);
    m_photos->clear();
    for (const session::Photo& photo : document.photos) m_photos->addPhoto(photo.path, nullptr, false);
    m_photos->blockSignals(false);
    if (!current.isEmpty()) m_photos->setCurrentPhoto(current);
    onPhotoChanged(m_photos->currentPhoto());
    updateBadges();
}

QString MainWindow::saveSessionTo(const QString& path) {
    const QString error = m_session->saveTo(path);
    if (error.isEmpty()) statusBar()->showMessage(tr("Saved the session as %1").arg(QFileInfo(path).fileName()), 6000);
    return error;
}

QString MainWindow::openSessionFrom(const QString& path) {
    const QString error = m_session->openFrom(path);
    if (error.isEmpty()) statusBar()->showMessage(tr("Opened the session %1").arg(QFileInfo(path).fileName()), 6000);
    return error;
}

bool MainWindow::saveSession() {
    if (m_session->filePath().isEmpty()) return saveSessionAs();
    const QString error = saveSessionTo(m_session->filePath());
    if (!error.isEmpty()) m_messages->showMessage(MessageBar::Kind::Error, error);
    return error.isEmpty();
}

bool MainWindow::saveSessionAs() {
    const QString start = m_session->filePath().isEmpty()
                              ? QDir(QStandardPaths::writableLocation(QStandardPaths::PicturesLocation)).filePath(tr("session") + QStringLiteral(".shuimo"))
                              : m_session->filePath();
    QString path = QFileDialog::getSaveFileName(this, tr("Save Session"), start, tr("Shuimo sessions (*.shuimo)"));
    if (path.isEmpty()) return false;
    if (QFileInfo(path).suffix().isEmpty()) path += QStringLiteral(".shuimo");
    const QString error = saveSessionTo(path);
    if (!error.isEmpty()) m_messages->showMessage(MessageBar::Kind::Error, error);
    return error.isEmpty();
}

void MainWindow::openSession() {
    if (m_session->isModified() && m_session->session().unexported_paintings() > 0) {
        const auto answer = m_session->ask(this, tr("The current session has unsaved paintings. Save it before opening another?"),
                                           QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
        if (answer == QMessageBox::Cancel || (answer == QMessageBox::Save && !saveSession())) return;
    }
    const QString path = QFileDialog::getOpenFileName(this, tr("Open Session"), QFileInfo(m_session->filePath()).absolutePath(),
                                                      tr("Shuimo sessions (*.shuimo)"));
    if (path.isEmpty()) return;
    if (const QString error = openSessionFrom(path); !error.isEmpty()) m_messages->showMessage(MessageBar::Kind::Error, error);
}

QString MainWindow::loadSettingsFrom(const QString& path) {
    try {
        const PaintingSettings settings = ExportController::readPaintingSettings(path);
        applySettings(settings.params, settings.styles);
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

bool MainWindow::confirmClose() {
    const bool painting = m_controller->isBusy() || m_session->queuedCount() > 0;
    const bool batch = m_batch->dialog() && m_batch->dialog()->controller()->isRunning();
    const int unexported = m_session->isModified() ? m_session->session().unexported_paintings() : 0;
    if (painting || batch || unexported > 0) {
        QStringList reasons;
        if (painting) reasons << tr("A painting is in progress (it will stop).");
        if (batch) reasons << tr("A batch export is running (it will resume at the next start).");
        if (unexported > 0) reasons << tr("%n painting(s) were neither exported nor saved in a session file.", nullptr, unexported);
        const auto answer = m_session->ask(this, reasons.join(QLatin1Char('\n')) + QStringLiteral("\n\n") + tr("Save the session before quitting?"),
                                           QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
        if (answer == QMessageBox::Cancel) return false;
        if (answer == QMessageBox::Save && !saveSession()) return false;
        if (answer == QMessageBox::Discard) {
            m_session->removeAutosave();
            return true;
        }
    }
    if (const QString error = m_session->writeAutosave(); !error.isEmpty()) {
        return m_session->ask(this, error + QStringLiteral("\n\n") + tr("Quit anyway?"), QMessageBox::Yes | QMessageBox::Cancel,
                              QMessageBox::Cancel) == QMessageBox::Yes;
    }
    return true;
}

QString MainWindow::exportResultTo(const QString& path, int bitDepth, ExportController::Unfinished unfinished) {
    return m_export->exportTo(path, bitDepth, m_photos->photos(), m_run->photoSize(), unfinished);
}

void MainWindow::exportResult() {
    m_export->exportWithDialog(m_photos->photos(), m_run->photoSize());
    updateExportEnabled();
}

void MainWindow::openBatchDialog() {
    m_batch->open({m_photos->photos(), m_gallery->selectedPaths(), m_params->params(), BatchDialog::savedPresets(*m_presets),
                   m_gallery->selectedBlend()});
}

void MainWindow::openPreferences() {
    PreferencesDialog dialog(this);
    if (dialog.exec() == QDialog::Accepted) m_run->updateEstimate();  // the memory limit changes the plan
}

void MainWindow::loadSettings() {
    QSettings settings;
    if (!restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray())) {
        // First start: 1280 × 820, or the screen's free area when that is smaller.
        QSize size(1280, 820);
        if (const QScreen* screen = QGuiApplication::primaryScreen()) {
            const QRect free = screen->availableGeometry();
            if (!free.isEmpty()) {
                size = size.boundedTo(free.size());
                move(free.topLeft());
            }
        }
        resize(size);
    }
    // A state of another layout version (other panels) is not applied: the default is.
    const bool restored = restoreState(settings.value(QStringLiteral("window/state")).toByteArray(), kWindowStateVersion);
    if (auto* docks = findChild<DockLayout*>(QString(), Qt::FindDirectChildrenOnly)) docks->setArrangeOnFirstShow(!restored);
    const QByteArray params = settings.value(QStringLiteral("params")).toByteArray();
    if (!params.isEmpty()) m_params->setParams(batch::params_from_json(QJsonDocument::fromJson(params).object(), m_params->params()));
    for (const QString& path : settings.value(QStringLiteral("userStyles")).toStringList()) m_gallery->addUserStyle(path, false);
}

void MainWindow::saveSettings() const {
    QSettings settings;
    settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
    settings.setValue(QStringLiteral("window/state"), saveState(kWindowStateVersion));
    settings.setValue(QStringLiteral("params"), QJsonDocument(batch::params_to_json(m_params->params())).toJson(QJsonDocument::Compact));
    settings.setValue(QStringLiteral("userStyles"), m_gallery->userStylePaths());
}

void MainWindow::closeEvent(QCloseEvent* event) {
    // Asking and saving run the event loop: a second close meanwhile waits for the first.
    if (m_session->isSaving() || m_closing) {
        event->ignore();
        return;
    }
    m_closing = true;
    const bool close = confirmClose();
    m_closing = false;
    if (!close) {
        event->ignore();
        return;
    }
    saveSettings();
    m_controller->shutdown();
    m_batch->shutdown();  // running jobs back to "queued": the next start resumes them
    event->accept();
}

}  // namespace shuimo::ui
