#include "main_window.h"

#include "about_dialog.h"

#include <QAction>
#include <QCloseEvent>
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
#include <QStatusBar>
#include <QTimer>
#include <QToolBar>
#include <QUndoStack>
#include <QVBoxLayout>

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
    m_batchOffer = new MessageBar(central);
    layout->addWidget(m_messages);
    layout->addWidget(m_batchOffer);
    layout->addWidget(m_preview, 1);
    layout->addWidget(m_photos);
    setCentralWidget(central);

    m_export = new ExportController(this, m_messages);
    m_models = new ModelsPrompt(this, m_messages);
    m_batch = new BatchLauncher(this);
    createDocks();
    createActions();

    m_restartTimer.setSingleShot(true);
    m_restartTimer.setInterval(300);
    connect(&m_restartTimer, &QTimer::timeout, this, [this] {
        if (m_controller->isBusy()) run();
    });

    connect(m_controller, &StyleController::previewReady, this,
            [this](const QImage& image, int) { m_preview->setAfter(image); });
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
    for (const QString& file : expandImageFolders(paths)) {
        const bool ok = toStyles ? m_gallery->addUserStyle(file) : m_photos->addPhoto(file);
        if (!ok) continue;
        ++added;
        if (!toStyles) {
            m_recentMenu->addFile(QFileInfo(file).absoluteFilePath());
            if (firstPhoto.isEmpty()) firstPhoto = QFileInfo(file).absoluteFilePath();
        }
    }
    if (!firstPhoto.isEmpty()) m_photos->setCurrentPhoto(firstPhoto);
    if (added == 0 && !paths.isEmpty()) {
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
    QSize size;
    m_preview->setBefore(readPreviewImage(path, &size));
    m_preview->setAfter(QImage());
    m_preview->zoomToFit();
    m_run->setPhotoSize(size);
    restartIfRunning();
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
    m_restartTimer.stop();
    m_messages->hide();
    m_running = request;
    m_run->showStarted(*request);
    m_controller->startJob(*request);
}

void MainWindow::cancel() {
    m_restartTimer.stop();
    m_controller->cancel();
}

void MainWindow::restartIfRunning() {
    if (m_controller->isBusy()) m_restartTimer.start();
}

void MainWindow::onParamsChanged() {
    m_run->updateEstimate();
    if (!m_controller->isBusy() || !m_running) return;
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
    if (!image.isNull()) m_preview->setAfter(image);
    if (outcome.image && !outcome.image->empty()) m_export->setResult(outcome, m_running);
    m_exportAction->setEnabled(hasResult() && !m_controller->isBusy());
    m_run->showFinished(outcome);
    m_running.reset();
}

void MainWindow::onFailed(const QString& message, ErrorKind kind) {
    m_running.reset();
    m_run->showFailed();
    // Weights that cannot be used: the fix is in the Models dialog (the bar's button opens it).
    m_messages->showMessage(MessageBar::Kind::Error, message, kind == ErrorKind::Weights ? tr("Models…") : QString());
}

void MainWindow::onBusyChanged(bool busy) {
    m_runAction->setEnabled(true);
    m_runButton->setText(busy ? tr("&Restart") : tr("&Run"));
    m_cancelAction->setEnabled(busy);
    m_cancelButton->setEnabled(busy);
    m_exportAction->setEnabled(hasResult() && !busy);
}

QString MainWindow::exportResultTo(const QString& path, int bitDepth) {
    return m_export->exportTo(path, bitDepth, m_photos->photos());
}

void MainWindow::exportResult() {
    m_export->exportWithDialog(m_photos->photos());
}

void MainWindow::openBatchDialog() {
    m_batch->open({m_photos->photos(), m_gallery->selectedPaths(), m_params->params(), BatchDialog::savedPresets(*m_presets),
                   m_gallery->selectedBlend()});
}

void MainWindow::openPreferences() {
    PreferencesDialog dialog(this);
    dialog.exec();
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
    saveSettings();
    m_controller->shutdown();
    m_batch->shutdown();  // running jobs back to "queued": the next start resumes them
    event->accept();
}

}  // namespace shuimo::ui
