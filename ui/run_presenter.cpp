#include "run_presenter.h"

#include <QLabel>
#include <QProgressBar>
#include <QSettings>
#include <algorithm>
#include <cmath>

#include "loss_curve.h"
#include "parameter_panel.h"
#include "preferences.h"
#include "shuimo/engine/host_memory.h"
#include "shuimo/engine/job_plan.h"
#include "style_controller.h"

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

}  // namespace

QString formatDuration(double seconds) {
    // A no-break space (U+00A0) between number and unit: "21 s" never breaks before "s".
    if (seconds < 90) return RunPresenter::tr("%n s", nullptr, static_cast<int>(std::ceil(seconds)));
    if (seconds < 5400) return RunPresenter::tr("%n min", nullptr, static_cast<int>(std::ceil(seconds / 60)));
    return RunPresenter::tr("%1 h").arg(seconds / 3600.0, 0, 'f', 1);
}

RunPresenter::RunPresenter(StyleController* controller, ParameterPanel* params, QProgressBar* progress,
                           QLabel* progressText, LossCurve* lossCurve, QObject* parent)
    : QObject(parent),
      m_controller(controller),
      m_params(params),
      m_progress(progress),
      m_progressText(progressText),
      m_lossCurve(lossCurve) {
    connect(m_controller, &StyleController::progressed, this, &RunPresenter::showProgress);
    connect(m_controller, &StyleController::throughputMeasured, this, [this](double gflops) {
        // Remembered across sessions: the probe costs seconds of CPU on a small machine.
        QSettings().setValue(throughputKey(m_params->params()), gflops);
        setKnownThroughput(gflops);
    });
    connect(m_controller, &StyleController::memoryMeasured, this, [this](const QString& device, const QString& resolved, quint64 bytes) {
        if (device != m_memoryDevice) return;
        m_resolvedDevice = resolved;
        m_deviceMemory = bytes;
        updateEstimate();
    });
}

void RunPresenter::setPhotoSize(const QSize& size) {
    m_photoSize = size;
    requestThroughput();
    updateEstimate();
}

void RunPresenter::requestThroughput() {
    const QString device = QString::fromStdString(m_params->params().device);
    if (m_memoryDevice != device) {
        m_memoryDevice = device;
        m_resolvedDevice.clear();
        m_controller->measureMemory(device);
    }
    if (m_throughputRequested) return;
    m_throughputRequested = true;
    const engine::StyleParams params = m_params->params();
    const double known = QSettings().value(throughputKey(params)).toDouble();
    if (known > 0) {
        m_gflops = known;
    } else {
        m_controller->measureThroughput(QString::fromStdString(params.device), params.precision);
    }
}

void RunPresenter::setKnownThroughput(double gflops) {
    m_gflops = gflops;
    m_throughputRequested = true;
    updateEstimate();
}

std::uint64_t RunPresenter::availableMemory(const engine::StyleParams& params) const {
    // A GPU's free memory as the worker last read it; the host's is read now (it is cheap).
    if (m_memoryDevice == QString::fromStdString(params.device) && !m_resolvedDevice.startsWith(QStringLiteral("cpu")) &&
        !m_resolvedDevice.isEmpty())
        return m_deviceMemory;
    return engine::host_available_memory();
}

void RunPresenter::updateEstimate() {
    if (!m_photoSize.isValid()) {
        m_params->setEstimate(tr("Add a photo to see the output size, memory and time."));
        return;
    }
    engine::StyleParams params = m_params->params();
    // As the run will be planned (StyleController::startJob): the preference, else the automatic budget.
    if (params.max_memory == 0) params.max_memory = memoryLimitBytes();
    try {
        const bool half = params.precision == engine::Precision::Fp16 || params.precision == engine::Precision::Bf16;
        const engine::JobPlan plan = engine::plan_job(m_photoSize.width(), m_photoSize.height(), params, half ? 2 : 4,
                                                      params.max_memory != 0 ? 0 : availableMemory(params));
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
        m_params->setEstimate(text);
    } catch (const std::exception& error) {
        m_params->setEstimate(QString::fromStdString(error.what()));
    }
}

void RunPresenter::showStarted(const JobRequest& request) {
    m_runLevels.clear();
    try {
        const QSize photo = m_photoSize.isValid() ? m_photoSize : QSize(request.params.size, request.params.size);
        for (const auto& level : engine::plan_job(photo.width(), photo.height(), request.params).levels) {
            m_runLevels.push_back(level.evaluations);
        }
    } catch (const std::exception&) {
        // No plan: the level count comes from the reports.
    }
    m_lossCurve->clear();
    m_lastReportedWeights = ParameterPanel::weightsOf(request.params);
    m_progress->setValue(0);
    m_progressText->setText(tr("Starting…"));
}

void RunPresenter::showProgress(const engine::IterationReport& report) {
    const int total = std::max(1, report.total_iterations);
    m_progress->setMaximum(total);
    m_progress->setValue(report.iteration);
    const int levels = std::max<int>(static_cast<int>(m_runLevels.size()), 1);
    m_progressText->setText(tr("Iteration %1 of %2 · level %3 of %4 (%5 × %6) · %7 left")
                                .arg(report.iteration)
                                .arg(total)
                                .arg(report.scale + 1)
                                .arg(std::max(levels, report.scale + 1))
                                .arg(report.width)
                                .arg(report.height)
                                .arg(report.remaining_s >= 0 ? formatDuration(report.remaining_s) : QStringLiteral("…")));
    if (report.tile > 0) m_progressText->setText(m_progressText->text() + tr(" · tile %1 of %2").arg(report.tile).arg(report.tiles));
    const bool changed = !(report.weights == m_lastReportedWeights);
    m_lastReportedWeights = report.weights;
    // The best objective so far: the curve ends at the objective of the image that is written.
    m_lossCurve->addPoint(report.iteration, report.best_total_loss, changed);
}

void RunPresenter::showFinished(const JobOutcome& outcome) {
    if (outcome.cancelled && outcome.stoppedEarly && outcome.image) {
        m_progressText->setText(tr("Cancelled after %n iteration(s), before the last level: kept at %1 × %2 "
                                   "(right-click the version: Continue Painting).", nullptr, outcome.iterationsRun)
                                    .arg(outcome.image->width)
                                    .arg(outcome.image->height));
    } else if (outcome.cancelled) {
        m_progressText->setText(tr("Cancelled after %n iteration(s); the best image so far is kept.", nullptr, outcome.iterationsRun));
    } else {
        m_progressText->setText(tr("Done: %n iteration(s) in %1 on %2 (%3).", nullptr, outcome.iterationsRun)
                                    .arg(formatDuration(outcome.seconds), outcome.device, outcome.precision));
        m_progress->setValue(m_progress->maximum());
    }
}

void RunPresenter::showFailed() {
    m_progressText->setText(tr("Stopped by an error."));
}

}  // namespace shuimo::ui
