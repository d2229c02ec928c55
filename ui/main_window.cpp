#include "main_window.h"

#include "about_dialog.h"
#include "batch_dialog.h"
#include "models_dialog.h"
#include "translations.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QDirIterator>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QImageReader>
#include <QInputDialog>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QSettings>
#include <QStatusBar>
#include <QTimer>
#include <QToolBar>
#include <QUndoStack>
#include <QVBoxLayout>

#include "export_writer.h"
#include "loss_curve.h"
#include "message_bar.h"
#include "parameter_panel.h"
#include "shuimo/batch/params_json.h"
#include "photo_strip.h"
#include "preferences_dialog.h"
#include "presets_store.h"
#include "preview_view.h"
#include "shuimo/engine/errors.h"
#include "shuimo/engine/job_plan.h"
#include "shuimo/engine/model_paths.h"
#include "style_controller.h"
#include "style_gallery.h"
#include "style_library.h"

namespace shuimo::ui {
namespace {

constexpr int kMaxRecent = 10;

// One undoable parameter edit: the values before and after it.
class ParamsCommand : public QUndoCommand {
public:
    ParamsCommand(ParameterPanel* panel, engine::StyleParams before, engine::StyleParams after, bool* applying)
        : m_panel(panel), m_before(std::move(before)), m_after(std::move(after)), m_applying(applying) {
        setText(QCoreApplication::translate("shuimo::ui::MainWindow", "parameter change"));
    }
    void undo() override { apply(m_before); }
    void redo() override {
        if (m_first) {  // the panel already shows it
            m_first = false;
            return;
        }
        apply(m_after);
    }

private:
    void apply(const engine::StyleParams& params) {
        *m_applying = true;
        m_panel->setParams(params);
        *m_applying = false;
    }
    ParameterPanel* m_panel;
    engine::StyleParams m_before;
    engine::StyleParams m_after;
    bool* m_applying;
    bool m_first = true;
};

bool onlyWeightsDiffer(engine::StyleParams a, const engine::StyleParams& b) {
    a.content_weight = b.content_weight;
    a.style_weight = b.style_weight;
    a.tv_weight = b.tv_weight;
    return batch::params_to_json(a) == batch::params_to_json(b);
}

QString formatDuration(double seconds) {
    if (seconds < 90) return MainWindow::tr("%n s", nullptr, static_cast<int>(std::ceil(seconds)));
    if (seconds < 5400) return MainWindow::tr("%n min", nullptr, static_cast<int>(std::ceil(seconds / 60)));
    return MainWindow::tr("%1 h").arg(seconds / 3600.0, 0, 'f', 1);
}

QString formatBytes(std::uint64_t bytes) {
    const double gib = static_cast<double>(bytes) / (1024.0 * 1024.0 * 1024.0);
    if (gib >= 1.0) return MainWindow::tr("%1 GB").arg(gib, 0, 'f', 1);
    return MainWindow::tr("%1 MB").arg(static_cast<double>(bytes) / (1024.0 * 1024.0), 0, 'f', 0);
}

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

    createDocks();
    createActions();

    m_restartTimer.setSingleShot(true);
    m_restartTimer.setInterval(300);
    connect(&m_restartTimer, &QTimer::timeout, this, [this] {
        if (m_controller->isBusy()) run();
    });

    connect(m_controller, &StyleController::progressed, this, &MainWindow::onProgress);
    connect(m_controller, &StyleController::previewReady, this,
            [this](const QImage& image, int) { m_preview->setAfter(image); });
    connect(m_controller, &StyleController::jobFinished, this, &MainWindow::onFinished);
    connect(m_controller, &StyleController::failed, this, &MainWindow::onFailed);
    connect(m_controller, &StyleController::notice, this,
            [this](const QString& message) { statusBar()->showMessage(message, 8000); });
    connect(m_controller, &StyleController::busyChanged, this, &MainWindow::onBusyChanged);
    connect(m_controller, &StyleController::throughputMeasured, this, [this](double gflops) {
        // Remembered across sessions: the probe costs seconds of CPU on a small machine.
        QSettings().setValue(QStringLiteral("throughput/") + QString::fromStdString(m_params->params().device), gflops);
        setKnownThroughput(gflops);
    });
    connect(m_params, &ParameterPanel::paramsChanged, this, &MainWindow::onParamsChanged);
    connect(m_params, &ParameterPanel::paramsCommitted, this,
            [this](const engine::StyleParams& before, const engine::StyleParams& after) {
                if (!m_applyingUndo) m_undo->push(new ParamsCommand(m_params, before, after, &m_applyingUndo));
            });
    connect(m_photos, &PhotoStrip::currentPhotoChanged, this, &MainWindow::onPhotoChanged);
    connect(m_gallery, &StyleGallery::selectionChanged, this, &MainWindow::restartIfRunning);
    connect(m_messages, &MessageBar::actionTriggered, this, &MainWindow::openModelsDialog);
    connect(m_gallery, &StyleGallery::recommendedSettingsRequested, this, [this](const QJsonObject& settings) {
        const engine::StyleParams before = m_params->params();
        m_params->setParams(batch::params_from_json(settings, before));
        // The style's quality preset (size and iterations) on top.
        const int quality = QStringList{QStringLiteral("draft"), QStringLiteral("standard"), QStringLiteral("high"),
                                        QStringLiteral("print")}
                                .indexOf(settings.value(QStringLiteral("quality")).toString());
        if (quality >= 0) m_params->applyQualityPreset(quality);
        const engine::StyleParams after = m_params->params();
        m_undo->push(new ParamsCommand(m_params, before, after, &m_applyingUndo));
        statusBar()->showMessage(tr("Applied the style's recommended settings (Ctrl+Z undoes)"), 6000);
    });

    QString stylesError;
    m_gallery->setEntries(loadStyleEntries(
        findStylesDir(), resolveLanguage(QSettings().value(QString::fromLatin1(kLanguageSetting)).toString()), &stylesError));
    statusBar()->showMessage(stylesError.isEmpty() ? tr("Ready")
                                                   : tr("The bundled styles' list could not be read: %1").arg(stylesError));
    resize(1280, 820);
    loadSettings();
    onBusyChanged(false);
    refreshModelStatus();
    // First start without a model: the Models page, once (the message bar keeps offering it).
    if (!engine::find_installed_vgg19_weights() && !QSettings().value(QStringLiteral("modelsOffered")).toBool()) {
        QSettings().setValue(QStringLiteral("modelsOffered"), true);
        QTimer::singleShot(0, this, &MainWindow::openModelsDialog);
    }
    updateEstimate();
    // A batch the last session left unfinished (quit, crash, power cut): offer to go on.
    QString batchFile;
    const QString batchOffer = BatchDialog::resumeOfferText(&batchFile);
    if (!batchOffer.isEmpty()) m_batchOffer->showMessage(MessageBar::Kind::Information, batchOffer, tr("Resume"), tr("Dismiss"));
    connect(m_batchOffer, &MessageBar::actionTriggered, this, [this, batchFile] {
        m_batchOffer->hide();
        ensureBatchDialog()->show();
        m_batchDialog->resumeQueue(batchFile);
    });
    connect(m_batchOffer, &MessageBar::dismissed, this, &BatchDialog::forgetLastQueue);
}

MainWindow::~MainWindow() {
    m_controller->shutdown();
}

void MainWindow::createDocks() {
    auto* stylesDock = new QDockWidget(tr("Styles"), this);
    stylesDock->setObjectName(QStringLiteral("StylesDock"));
    auto* stylesWidget = new QWidget(stylesDock);
    auto* stylesLayout = new QVBoxLayout(stylesWidget);
    m_gallery = new StyleGallery(stylesWidget);
    auto* addStyle = new QPushButton(tr("Add Your Own Style…"), stylesWidget);
    connect(addStyle, &QPushButton::clicked, this, [this] {
        const QStringList files = QFileDialog::getOpenFileNames(
            this, tr("Add Style References"), QString(),
            tr("Images (%1)").arg(imageFileFilters().join(QLatin1Char(' '))));
        addPaths(files, true);
    });
    stylesLayout->addWidget(m_gallery, 1);
    stylesLayout->addWidget(addStyle);
    stylesWidget->setMinimumWidth(stylesWidget->fontMetrics().averageCharWidth() * 52);
    stylesDock->setWidget(stylesWidget);
    addDockWidget(Qt::LeftDockWidgetArea, stylesDock);

    auto* paramsDock = new QDockWidget(tr("Parameters"), this);
    paramsDock->setObjectName(QStringLiteral("ParametersDock"));
    auto* paramsWidget = new QWidget(paramsDock);
    auto* paramsLayout = new QVBoxLayout(paramsWidget);
    auto* scroll = new QScrollArea(paramsWidget);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    m_params = new ParameterPanel(scroll);
    scroll->setWidget(m_params);
    scroll->setMinimumWidth(m_params->sizeHint().width() + 20);
    paramsLayout->addWidget(scroll, 1);

    auto* buttons = new QHBoxLayout;
    m_runButton = new QPushButton(tr("&Run"), paramsWidget);
    m_runButton->setDefault(true);
    m_cancelButton = new QPushButton(tr("Cancel"), paramsWidget);
    buttons->addWidget(m_runButton, 1);
    buttons->addWidget(m_cancelButton);
    paramsLayout->addLayout(buttons);
    m_progress = new QProgressBar(paramsWidget);
    m_progress->setTextVisible(false);
    m_progressText = new QLabel(paramsWidget);
    m_progressText->setWordWrap(true);
    m_lossCurve = new LossCurve(paramsWidget);
    paramsLayout->addWidget(m_progress);
    paramsLayout->addWidget(m_progressText);
    paramsLayout->addWidget(m_lossCurve);
    paramsDock->setWidget(paramsWidget);
    addDockWidget(Qt::RightDockWidgetArea, paramsDock);
    connect(m_runButton, &QPushButton::clicked, this, &MainWindow::run);
    connect(m_cancelButton, &QPushButton::clicked, this, &MainWindow::cancel);
}

void MainWindow::createActions() {
    QMenu* file = menuBar()->addMenu(tr("&File"));
    QAction* open = file->addAction(tr("&Open Photos…"), this, &MainWindow::openPhotos);
    open->setShortcut(QKeySequence::Open);
    open->setIcon(QIcon::fromTheme(QStringLiteral("document-open")));
    m_recentMenu = file->addMenu(tr("Open &Recent"));
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
    QAction* zoomIn = view->addAction(tr("Zoom &In"), m_preview, &PreviewView::zoomIn);
    zoomIn->setShortcut(QKeySequence::ZoomIn);
    QAction* zoomOut = view->addAction(tr("Zoom &Out"), m_preview, &PreviewView::zoomOut);
    zoomOut->setShortcut(QKeySequence::ZoomOut);
    QAction* fit = view->addAction(tr("&Fit to Window"), m_preview, &PreviewView::zoomToFit);
    fit->setShortcut(Qt::CTRL | Qt::Key_0);
    QAction* actual = view->addAction(tr("&Actual Size (100%)"), m_preview, &PreviewView::zoomActualSize);
    actual->setShortcut(Qt::CTRL | Qt::Key_1);
    view->addSeparator();
    auto* modes = new QActionGroup(this);
    const std::pair<QString, PreviewView::Mode> modeList[] = {
        {tr("&Result Only"), PreviewView::Mode::Result},
        {tr("&Before/After Split"), PreviewView::Mode::Split},
        {tr("&Side by Side"), PreviewView::Mode::SideBySide}};
    QList<QAction*> modeActions;
    int key = Qt::Key_2;
    for (const auto& [label, mode] : modeList) {
        QAction* action = view->addAction(label);
        action->setCheckable(true);
        action->setChecked(mode == m_preview->mode());
        action->setShortcut(Qt::CTRL | static_cast<Qt::Key>(key++));
        modes->addAction(action);
        connect(action, &QAction::triggered, this, [this, mode = mode] { m_preview->setMode(mode); });
        modeActions << action;
    }

    QMenu* runMenu = menuBar()->addMenu(tr("&Painting"));
    m_runAction = runMenu->addAction(tr("&Run"), this, &MainWindow::run);
    m_runAction->setShortcut(Qt::CTRL | Qt::Key_R);
    m_runAction->setIcon(QIcon::fromTheme(QStringLiteral("media-playback-start")));
    m_cancelAction = runMenu->addAction(tr("&Cancel"), this, &MainWindow::cancel);
    m_cancelAction->setShortcut(Qt::Key_Escape);
    m_cancelAction->setIcon(QIcon::fromTheme(QStringLiteral("process-stop")));

    QMenu* presets = menuBar()->addMenu(tr("Pre&sets"));
    presets->addAction(tr("&Save Preset…"), this, &MainWindow::savePreset);
    m_loadPresetMenu = presets->addMenu(tr("&Load Preset"));
    m_deletePresetMenu = presets->addMenu(tr("&Delete Preset"));
    rebuildPresetMenus();
    rebuildRecentMenu();

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
    tools->addActions(modeActions);
    tools->addSeparator();
    tools->addAction(fit);
    tools->addAction(actual);
}

int MainWindow::addPaths(const QStringList& paths, bool toStyles) {
    int added = 0;
    QString firstPhoto;
    for (const QString& path : paths) {
        QStringList files;
        if (QFileInfo(path).isDir()) {
            QDirIterator it(path, imageFileFilters(), QDir::Files, QDirIterator::Subdirectories);
            while (it.hasNext()) files << it.next();
            files.sort();
        } else {
            files << path;
        }
        for (const QString& file : files) {
            const bool ok = toStyles ? m_gallery->addUserStyle(file) : m_photos->addPhoto(file);
            if (!ok) continue;
            ++added;
            if (!toStyles) {
                addRecentFile(QFileInfo(file).absoluteFilePath());
                if (firstPhoto.isEmpty()) firstPhoto = QFileInfo(file).absoluteFilePath();
            }
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
    QImageReader reader(path);
    reader.setAutoTransform(true);
    QSize size = reader.size();
    if (reader.transformation() & QImageIOHandler::TransformationRotate90) size.transpose();
    m_photoSize = size;
    // The preview shows at most screen size; decoding the full file would stall the window.
    if (size.isValid() && std::max(size.width(), size.height()) > 2048) {
        reader.setScaledSize(size.scaled(2048, 2048, Qt::KeepAspectRatio));
    }
    m_preview->setBefore(reader.read());
    m_preview->setAfter(QImage());
    m_preview->zoomToFit();
    if (!m_throughputRequested) {
        m_throughputRequested = true;
        const QString device = QString::fromStdString(m_params->params().device);
        const double known = QSettings().value(QStringLiteral("throughput/") + device).toDouble();
        if (known > 0) {
            m_gflops = known;
        } else {
            m_controller->measureThroughput(device, m_params->params().precision);
        }
    }
    updateEstimate();
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
        return fail(QString::fromStdString(error.what()));
    }
    const auto weights = engine::find_installed_vgg19_weights();
    if (!weights) return fail(QString::fromStdString(engine::missing_weights_message()));
    request.weightsPath = QString::fromStdString(weights->string());
    return request;
}

void MainWindow::setKnownThroughput(double gflops) {
    m_gflops = gflops;
    m_throughputRequested = true;
    updateEstimate();
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
    m_runLevels.clear();
    try {
        const QSize photo = m_photoSize.isValid() ? m_photoSize : QSize(request->params.size, request->params.size);
        for (const auto& level : engine::plan_job(photo.width(), photo.height(), request->params).levels) {
            m_runLevels.emplace_back(level.level.iterations, level.gflop_per_evaluation);
        }
    } catch (const std::exception&) {
        // No plan: the ETA falls back to seconds per iteration.
    }
    m_lossCurve->clear();
    m_lastReportedWeights = ParameterPanel::weightsOf(request->params);
    m_progress->setValue(0);
    m_progressText->setText(tr("Starting…"));
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
    updateEstimate();
    if (!m_controller->isBusy() || !m_running) return;
    const engine::StyleParams now = m_params->params();
    if (onlyWeightsDiffer(m_running->params, now)) {
        // Live re-weighting: the running optimisation takes the new objective at its next evaluation.
        m_running->params = now;
        m_controller->setLiveWeights(ParameterPanel::weightsOf(now));
    } else {
        restartIfRunning();
    }
}

void MainWindow::updateEstimate() {
    if (!m_photoSize.isValid()) {
        m_params->setEstimate(tr("Add a photo to see the output size, memory and time."));
        return;
    }
    const engine::StyleParams params = m_params->params();
    try {
        const bool half = params.precision == engine::Precision::Fp16 || params.precision == engine::Precision::Bf16;
        const engine::JobPlan plan = engine::plan_job(m_photoSize.width(), m_photoSize.height(), params, half ? 2 : 4);
        QString text = tr("%1 × %2 px, %n level(s), about %3 of memory", nullptr, static_cast<int>(plan.levels.size()))
                           .arg(plan.output.width)
                           .arg(plan.output.height)
                           .arg(formatBytes(plan.peak_bytes));
        text += m_gflops > 0 ? tr(", about %1").arg(formatDuration(plan.seconds_at(m_gflops)))
                             : tr(", measuring speed…");
        m_params->setEstimate(text);
    } catch (const std::exception& error) {
        m_params->setEstimate(QString::fromStdString(error.what()));
    }
}

void MainWindow::onProgress(const engine::IterationReport& report) {
    const int total = std::max(1, report.total_iterations);
    m_progress->setMaximum(total);
    m_progress->setValue(report.iteration);
    // Finer levels cost more per iteration: estimate from the work left, at the rate seen so far.
    double done = 0.0;
    double all = 0.0;
    int counted = 0;
    for (const auto& [iterations, gflop] : m_runLevels) {
        done += gflop * std::clamp(report.iteration - counted, 0, iterations);
        all += gflop * iterations;
        counted += iterations;
    }
    const double left = (done > 0.0 && all >= done)
                            ? report.elapsed_s * (all - done) / done
                            : report.elapsed_s / std::max(1, report.iteration) * (total - report.iteration);
    const int levels = std::max<int>(static_cast<int>(m_runLevels.size()), 1);
    m_progressText->setText(tr("Iteration %1 of %2 · level %3 of %4 (%5 × %6) · %7 left")
                                .arg(report.iteration)
                                .arg(total)
                                .arg(report.scale + 1)
                                .arg(std::max(levels, report.scale + 1))
                                .arg(report.width)
                                .arg(report.height)
                                .arg(formatDuration(left)));
    const bool changed = !(report.weights == m_lastReportedWeights);
    m_lastReportedWeights = report.weights;
    m_lossCurve->addPoint(report.iteration, report.total_loss, changed);
}

void MainWindow::onFinished(const QImage& image, const JobOutcome& outcome) {
    if (!image.isNull()) m_preview->setAfter(image);
    if (outcome.image && !outcome.image->empty()) {
        m_result = outcome;
        if (m_running) m_resultRequest = *m_running;
    }
    m_exportAction->setEnabled(hasResult() && !m_controller->isBusy());
    if (outcome.cancelled) {
        m_progressText->setText(tr("Cancelled after %n iteration(s); the best image so far is kept.", nullptr, outcome.iterationsRun));
    } else {
        m_progressText->setText(tr("Done: %n iteration(s) in %1 on %2 (%3).", nullptr, outcome.iterationsRun)
                                    .arg(formatDuration(outcome.seconds), outcome.device, outcome.precision));
        m_progress->setValue(m_progress->maximum());
    }
    m_running.reset();
}

void MainWindow::onFailed(const QString& message) {
    m_running.reset();
    m_progressText->setText(tr("Stopped by an error."));
    showError(message);
}

void MainWindow::showError(const QString& message) {
    const bool weights = message.contains(QLatin1String("safetensors")) || message.contains(QLatin1String("weights"));
    m_messages->showMessage(MessageBar::Kind::Error, message, weights ? tr("Models…") : QString());
}

void MainWindow::onBusyChanged(bool busy) {
    m_runAction->setEnabled(true);
    m_runButton->setText(busy ? tr("&Restart") : tr("&Run"));
    m_cancelAction->setEnabled(busy);
    m_cancelButton->setEnabled(busy);
    m_exportAction->setEnabled(hasResult() && !busy);
}

QJsonObject MainWindow::resultSettings() const {
    QJsonObject settings;
    settings[QStringLiteral("software")] = QStringLiteral("Shuimo %1").arg(QCoreApplication::applicationVersion());
    settings[QStringLiteral("content")] = m_resultRequest.contentPath;
    QJsonArray styles;
    for (int i = 0; i < m_resultRequest.stylePaths.size(); ++i) {
        QJsonObject style;
        style[QStringLiteral("path")] = m_resultRequest.stylePaths[i];
        style[QStringLiteral("blend")] = i < m_resultRequest.styleBlend.size() ? m_resultRequest.styleBlend[i] : 1.0;
        styles.append(style);
    }
    settings[QStringLiteral("styles")] = styles;
    QJsonObject params = batch::params_to_json(m_resultRequest.params);
    settings[QStringLiteral("params")] = params;
    settings[QStringLiteral("iterations_run")] = m_result.iterationsRun;
    settings[QStringLiteral("cancelled")] = m_result.cancelled;
    settings[QStringLiteral("seconds")] = m_result.seconds;
    settings[QStringLiteral("device")] = m_result.device;
    settings[QStringLiteral("precision")] = m_result.precision;
    return settings;
}

QString MainWindow::exportResultTo(const QString& path, int bitDepth) {
    if (!m_result.image) return tr("There is no result to export yet: run the style transfer first.");
    QStringList inputs = m_resultRequest.stylePaths;
    inputs << m_resultRequest.contentPath << m_photos->photos();
    return exportImage(*m_result.image, path, bitDepth, resultSettings(), inputs);
}

void MainWindow::exportResult() {
    if (!hasResult()) {
        m_messages->showMessage(MessageBar::Kind::Information, tr("There is no result to export yet: run the style transfer first."));
        return;
    }
    const QFileInfo photo(m_resultRequest.contentPath);
    const QString suggested = photo.absoluteDir().filePath(photo.completeBaseName() + QStringLiteral("_shuimo.png"));
    const QString png8 = tr("PNG, 8 bit (*.png)");
    const QString png16 = tr("PNG, 16 bit (*.png)");
    const QString tiff8 = tr("TIFF, 8 bit (*.tif *.tiff)");
    const QString tiff16 = tr("TIFF, 16 bit (*.tif *.tiff)");
    const QString jpeg = tr("JPEG (*.jpg *.jpeg)");
    QString filter = png8;
    QString path = QFileDialog::getSaveFileName(this, tr("Export Painting"), suggested,
                                                QStringList{png8, png16, tiff8, tiff16, jpeg}.join(QStringLiteral(";;")),
                                                &filter);
    if (path.isEmpty()) return;
    if (QFileInfo(path).suffix().isEmpty()) {
        path += filter == jpeg ? QStringLiteral(".jpg") : (filter == tiff8 || filter == tiff16) ? QStringLiteral(".tif") : QStringLiteral(".png");
    }
    const int bitDepth = (filter == png16 || filter == tiff16) ? 16 : 8;
    const QString error = exportResultTo(path, bitDepth);
    if (error.isEmpty()) {
        statusBar()->showMessage(tr("Exported %1 and its settings (%2)").arg(path, QFileInfo(sidecarPath(path)).fileName()), 8000);
    } else {
        m_messages->showMessage(MessageBar::Kind::Error, error);
    }
}

void MainWindow::refreshModelStatus() {
    if (engine::find_installed_vgg19_weights()) {
        if (m_messages->kind() == MessageBar::Kind::Warning) m_messages->hide();
        return;
    }
    QStringList dirs;
    for (const auto& dir : engine::model_search_dirs()) dirs << QString::fromStdString(dir.string()).toHtmlEscaped();
    const QString target = dirs.isEmpty() ? QString() : dirs.last() + QStringLiteral("/vgg19.safetensors");
    m_messages->showMessage(
        MessageBar::Kind::Warning,
        tr("<b>No model installed yet.</b> Shuimo needs the VGG-19 weights (vgg19.safetensors, about 575 MB) to paint. "
           "It looked in: %1.<br>Open <i>Models…</i> to see how to get them, or save the file as <code>%2</code>.")
            .arg(dirs.join(QStringLiteral(", ")), target),
        tr("Models…"));
}

void MainWindow::openModelsDialog() {
    if (m_modelsDialog == nullptr) {
        m_modelsDialog = new ModelsDialog(this);
        connect(m_modelsDialog, &ModelsDialog::modelsChanged, this, &MainWindow::refreshModelStatus);
    }
    // Not modal: a 575 MB download should not hold the rest of the window.
    m_modelsDialog->show();
    m_modelsDialog->raise();
    m_modelsDialog->activateWindow();
}

BatchDialog* MainWindow::ensureBatchDialog() {
    if (m_batchDialog == nullptr) m_batchDialog = new BatchDialog(this);
    return m_batchDialog;
}

void MainWindow::openBatchDialog() {
    ensureBatchDialog()->setInputs({m_photos->photos(), m_gallery->selectedPaths(), m_params->params(),
                                    BatchDialog::savedPresets(*m_presets)});
    m_batchDialog->show();
    m_batchDialog->raise();
    m_batchDialog->activateWindow();
}

void MainWindow::openPreferences() {
    PreferencesDialog dialog(this);
    dialog.exec();
}

void MainWindow::addRecentFile(const QString& path) {
    QSettings settings;
    QStringList recent = settings.value(QStringLiteral("recentFiles")).toStringList();
    recent.removeAll(path);
    recent.prepend(path);
    while (recent.size() > kMaxRecent) recent.removeLast();
    settings.setValue(QStringLiteral("recentFiles"), recent);
    rebuildRecentMenu();
}

void MainWindow::rebuildRecentMenu() {
    m_recentMenu->clear();
    const QStringList recent = QSettings().value(QStringLiteral("recentFiles")).toStringList();
    for (const QString& path : recent) {
        m_recentMenu->addAction(QFileInfo(path).fileName(), this, [this, path] { addPaths({path}, false); })->setToolTip(path);
    }
    m_recentMenu->setEnabled(!recent.isEmpty());
}

void MainWindow::rebuildPresetMenus() {
    m_loadPresetMenu->clear();
    m_deletePresetMenu->clear();
    const QStringList names = m_presets->names();
    for (const QString& name : names) {
        m_loadPresetMenu->addAction(name, this, [this, name] {
            if (const auto params = m_presets->load(name)) {
                const engine::StyleParams before = m_params->params();
                m_params->setParams(*params);
                m_undo->push(new ParamsCommand(m_params, before, *params, &m_applyingUndo));
            }
        });
        m_deletePresetMenu->addAction(name, this, [this, name] {
            m_presets->remove(name);
            rebuildPresetMenus();
        });
    }
    m_loadPresetMenu->setEnabled(!names.isEmpty());
    m_deletePresetMenu->setEnabled(!names.isEmpty());
}

void MainWindow::savePreset() {
    bool ok = false;
    const QString name = QInputDialog::getText(this, tr("Save Preset"), tr("Name of the preset:"), QLineEdit::Normal, QString(), &ok);
    if (!ok) return;
    const QString error = m_presets->save(name, m_params->params());
    if (!error.isEmpty()) m_messages->showMessage(MessageBar::Kind::Error, error);
    rebuildPresetMenus();
}

void MainWindow::loadSettings() {
    QSettings settings;
    restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray());
    restoreState(settings.value(QStringLiteral("window/state")).toByteArray());
    const QByteArray params = settings.value(QStringLiteral("params")).toByteArray();
    if (!params.isEmpty()) m_params->setParams(batch::params_from_json(QJsonDocument::fromJson(params).object(), m_params->params()));
    for (const QString& path : settings.value(QStringLiteral("userStyles")).toStringList()) m_gallery->addUserStyle(path, false);
}

void MainWindow::saveSettings() const {
    QSettings settings;
    settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
    settings.setValue(QStringLiteral("window/state"), saveState());
    settings.setValue(QStringLiteral("params"), QJsonDocument(batch::params_to_json(m_params->params())).toJson(QJsonDocument::Compact));
    settings.setValue(QStringLiteral("userStyles"), m_gallery->userStylePaths());
}

void MainWindow::closeEvent(QCloseEvent* event) {
    saveSettings();
    m_controller->shutdown();
    if (m_batchDialog != nullptr) m_batchDialog->shutdown();  // running jobs back to "queued": the next start resumes
    event->accept();
}

}  // namespace shuimo::ui
