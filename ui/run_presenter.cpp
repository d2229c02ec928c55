#include "run_presenter.h"

#include <QAction>
#include <QFileInfo>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <algorithm>
#include <cmath>

#include "loss_curve.h"
#include "parameter_panel.h"
#include "preferences.h"
#include "run_panel.h"
#include "shuimo/engine/host_memory.h"
#include "shuimo/engine/job_plan.h"
#include "style_controller.h"
#include "studio_model.h"

namespace shuimo::ui {
namespace {

QString formatBytes(std::uint64_t bytes) {
    const double gib = static_cast<double>(bytes) / (1024.0 * 1024.0 * 1024.0);
    if (gib >= 1.0) return RunPresenter::tr("%1 GB").arg(gib, 0, 'f', 1);
    return RunPresenter::tr("%1 MB").arg(static_cast<double>(bytes) / (1024.0 * 1024.0), 0, 'f', 0);
}

QString throughputKey(const engine::StyleParams& params) {
    return QStringLiteral("throughput/") + QString::fromStdString(params.device);
}

// The engine's spelling of a precision it was asked for explicitly.
QString spelled(engine::Precision precision) {
    return QString::fromUtf8(engine::to_string(precision).data(), static_cast<qsizetype>(engine::to_string(precision).size()));
}

// A photo much smaller than the painting, or a painting whose short side is too small to hold a style.
constexpr double kEnlargedWarning = 4.0;
constexpr int kShortSideWarning = 128;

}  // namespace

QString formatDuration(double seconds) {
    // A no-break space (U+00A0) between number and unit: "21 s" never breaks before "s".
    if (seconds < 90) return RunPresenter::tr("%n s", nullptr, static_cast<int>(std::ceil(seconds)));
    if (seconds < 5400) return RunPresenter::tr("%n min", nullptr, static_cast<int>(std::ceil(seconds / 60)));
    return RunPresenter::tr("%1 h").arg(seconds / 3600.0, 0, 'f', 1);
}

RunPresenter::RunPresenter(StudioModel* model, ParameterPanel* params, RunBar* bar, LossCurve* lossCurve, QObject* parent)
    : QObject(parent),
      m_model(model),
      m_params(params),
      m_runButton(bar->runButton()),
      m_cancelButton(bar->cancelButton()),
      m_progress(bar->progressBar()),
      m_progressText(bar->progressText()),
      m_lossCurve(lossCurve) {
    StyleController* engine = m_model->engine();
    connect(engine, &StyleController::throughputMeasured, this, [this](double gflops) {
        // Remembered across sessions: the probe costs seconds of CPU on a small machine.
        QSettings().setValue(throughputKey(m_model->params()), gflops);
        setKnownThroughput(gflops);
    });
    connect(engine, &StyleController::memoryMeasured, this,
            [this](const QString& device, engine::Precision precision, const QString& resolved, const QString& convolutions, quint64 bytes) {
                if (device != m_measuredDevice || static_cast<int>(precision) != m_measuredPrecision) return;
                m_resolvedDevice = resolved;
                m_resolvedPrecision = convolutions;
                m_deviceMemory = bytes;
                updateEstimate();
            });
    connect(m_model, &StudioModel::paramsChanged, this, &RunPresenter::updateEstimate);
    connect(m_model, &StudioModel::currentPhotoChanged, this, [this] {
        updateEstimate();
        showRun();
    });
    // Any photo's: the line names the photo being painted when it is another.
    connect(m_model, &StudioModel::runChanged, this, &RunPresenter::showRun);
    connect(m_model, &StudioModel::progressed, this, &RunPresenter::showProgress);
    showRun();
}

void RunPresenter::setActions(QAction* run, QAction* cancel) {
    m_runAction = run;
    m_cancelAction = cancel;
    showRun();
}

void RunPresenter::requestMeasurements() {
    const engine::StyleParams& params = m_model->params();
    const QString device = QString::fromStdString(params.device);
    if (m_measuredDevice != device || m_measuredPrecision != static_cast<int>(params.precision)) {
        m_measuredDevice = device;
        m_measuredPrecision = static_cast<int>(params.precision);
        m_resolvedDevice.clear();
        m_resolvedPrecision.clear();
        m_model->engine()->measureMemory(device, params.precision);
    }
    if (m_throughputRequested) return;
    m_throughputRequested = true;
    const double known = QSettings().value(throughputKey(params)).toDouble();
    if (known > 0) m_gflops = known;
    else m_model->engine()->measureThroughput(device, params.precision);
}

void RunPresenter::setKnownThroughput(double gflops) {
    m_gflops = gflops;
    m_throughputRequested = true;
    updateEstimate();
}

std::uint64_t RunPresenter::availableMemory() const {
    // A GPU's free memory as the worker last read it; the host's is read now (it is cheap).
    if (!m_resolvedDevice.isEmpty() && !m_resolvedDevice.startsWith(QStringLiteral("cpu"))) return m_deviceMemory;
    return engine::host_available_memory();
}

int RunPresenter::convBytes() const {
    // As the run will resolve it (engine::resolved_precision, asked of the worker); until it has
    // answered, what was asked for (Automatic: fp32, as on the CPU).
    const engine::Precision asked = m_model->params().precision;
    const QString precision = !m_resolvedPrecision.isEmpty() ? m_resolvedPrecision
                              : asked == engine::Precision::Auto ? QStringLiteral("fp32")
                                                                 : spelled(asked);
    return engine::conv_bytes(precision.toStdString());
}

void RunPresenter::updateEstimate() {
    const QString photo = m_model->currentPhoto();
    const QSize photoSize = m_model->photoSize(photo);
    if (!photoSize.isValid()) {
        m_params->setEstimate(tr("Add a photo to see the output size, memory and time."));
        return;
    }
    requestMeasurements();
    engine::StyleParams params = m_model->params();
    // As the run will be planned (StyleController::startJob): the preference, else the automatic budget.
    if (params.max_memory == 0) params.max_memory = memoryLimitBytes();
    try {
        const engine::JobPlan plan = engine::plan_job(photoSize.width(), photoSize.height(), params, convBytes(),
                                                      params.max_memory != 0 ? 0 : availableMemory());
        QString text = tr("%1 × %2 px, %n level(s)", nullptr, static_cast<int>(plan.levels.size()))
                           .arg(plan.output.width)
                           .arg(plan.output.height);
        // Tiled levels (docs/TILING.md): the largest, as the planner cut it.
        if (!plan.levels.empty() && plan.levels.back().tiles.tiled()) {
            const auto& tiles = plan.levels.back().tiles;
            text += tr(", the largest in %n tile(s) of up to %1 × %2", nullptr, tiles.tiles())
                        .arg(tiles.largest.width)
                        .arg(tiles.largest.height);
        }
        text += tr(", about %1 of memory").arg(formatBytes(plan.peak_bytes));
        // The budget is said where it shaped the plan (tiles, a smaller result), not beside every small painting.
        const bool shaped = (!plan.levels.empty() && plan.levels.back().tiles.tiled()) || plan.result.width != plan.output.width;
        if (plan.budget != 0 && shaped) {
            text += plan.automatic_budget ? tr(" (fits the %1 this computer can give; Preferences sets a limit)").arg(formatBytes(plan.budget))
                                          : tr(" (within your limit of %1)").arg(formatBytes(plan.budget));
        }
        text += m_gflops > 0 ? tr(", about %1").arg(formatDuration(plan.seconds_at(m_gflops))) : tr(", measuring speed…");
        if (plan.result.width != plan.output.width || plan.result.height != plan.output.height) {
            text += tr(". Memory makes it %1 × %2 px: raise the limit or close other programs for the full size")
                        .arg(plan.result.width)
                        .arg(plan.result.height);
        }
        // What an artist would not expect from the size alone.
        const double enlarged = static_cast<double>(plan.output.width) / photoSize.width();
        if (enlarged >= kEnlargedWarning) {
            text += tr(". Note: %1 is only %2 × %3 px, so the painting enlarges it %4 times")
                        .arg(QFileInfo(photo).fileName())
                        .arg(photoSize.width())
                        .arg(photoSize.height())
                        .arg(std::lround(enlarged));
        }
        const int shortSide = std::min(plan.output.width, plan.output.height);
        if (shortSide < kShortSideWarning && params.size != 0) {
            text += tr(". Note: the size sets the long side, so this photo's short side is only %1 px: choose a larger "
                       "size (about %2 px keeps %3 px)")
                        .arg(shortSide)
                        .arg(static_cast<int>(std::ceil(static_cast<double>(params.size) * kShortSideWarning / shortSide)))
                        .arg(kShortSideWarning);
        }
        m_params->setEstimate(text);
    } catch (const std::exception& error) {
        m_params->setEstimate(QString::fromStdString(error.what()));
    }
}

void RunPresenter::showRun() {
    const QString photo = m_model->currentPhoto();
    const QString name = QFileInfo(photo).fileName();
    const PhotoRun& run = m_model->photoRun(photo);
    const bool here = m_model->isRunning(photo);
    const bool waiting = m_model->isQueued(photo);
    m_lossCurve->clear();
    for (const PhotoRun::Point& point : run.curve) m_lossCurve->addPoint(point.iteration, point.loss, point.weightsChanged);
    m_progress->setMaximum(100);
    m_progress->setValue(0);
    QString text;
    const QString other = QFileInfo(m_model->runningPhoto()).fileName();
    if (here && run.last) {
        showProgress(photo, *run.last);
        text = m_progressText->fullText();
    } else if (here) {
        text = tr("%1: starting…").arg(name);
    } else if (waiting) {
        text = tr("%1 waits until %2 is painted").arg(name, other);
    } else if (run.state == PhotoRun::State::Failed) {
        text = tr("%1: stopped by an error.").arg(name);
    } else if (run.outcome && run.outcome->cancelled && run.outcome->stoppedEarly && run.outcome->image) {
        text = tr("%1: cancelled after %n iteration(s), before the last level: kept at %2 × %3 "
                  "(right-click the version: Continue Painting).", nullptr, run.outcome->iterationsRun)
                   .arg(name)
                   .arg(run.outcome->image->width)
                   .arg(run.outcome->image->height);
    } else if (run.outcome && run.outcome->cancelled) {
        text = tr("%1: cancelled after %n iteration(s); the best image so far is kept.", nullptr, run.outcome->iterationsRun).arg(name);
    } else if (run.outcome) {
        text = tr("%1: done, %n iteration(s) in %2 on %3 (%4).", nullptr, run.outcome->iterationsRun)
                   .arg(name, formatDuration(run.outcome->seconds), run.outcome->device, run.outcome->precision);
        m_progress->setValue(m_progress->maximum());
    } else if (!other.isEmpty()) {
        text = tr("Painting %1 (not this photo)").arg(other);
    }
    m_progressText->setFullText(text);
    m_runButton->setText(here ? tr("&Restart") : tr("&Run"));
    m_cancelButton->setEnabled(here || waiting);
    if (m_cancelAction) m_cancelAction->setEnabled(here || waiting);
}

void RunPresenter::showProgress(const QString& photo, const engine::IterationReport& report) {
    if (photo != m_model->currentPhoto()) return;  // another photo's run: its own view shows it
    const PhotoRun& run = m_model->photoRun(photo);
    const int total = std::max(1, report.total_iterations);
    m_progress->setMaximum(total);
    m_progress->setValue(report.iteration);
    const int levels = std::max(run.levels, 1);
    QString text = tr("%1: iteration %2 of %3 · level %4 of %5 (%6 × %7) · %8 left")
                       .arg(QFileInfo(photo).fileName())
                       .arg(report.iteration)
                       .arg(total)
                       .arg(report.scale + 1)
                       .arg(std::max(levels, report.scale + 1))
                       .arg(report.width)
                       .arg(report.height)
                       .arg(report.remaining_s >= 0 ? formatDuration(report.remaining_s) : QStringLiteral("…"));
    if (report.tile > 0) text += tr(" · tile %1 of %2").arg(report.tile).arg(report.tiles);
    m_progressText->setFullText(text);
    if (!run.curve.empty() && m_lossCurve->pointCount() < static_cast<int>(run.curve.size())) {
        const PhotoRun::Point& point = run.curve.back();
        m_lossCurve->addPoint(point.iteration, point.loss, point.weightsChanged);
    }
}

}  // namespace shuimo::ui
