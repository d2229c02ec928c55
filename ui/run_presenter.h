#pragma once
// What the window says about painting the current photo, a view of the studio
// model: before a run, the estimate under the parameters (output size, levels,
// tiles, memory and time from the engine's own planner, plan_job, with the
// convolution precision the device resolves to; and a word when the photo is
// enlarged many times or a panorama's short side is tiny); during its run, the
// progress bar, "photo: iteration i of n · level · time left" and the loss
// curve; after it, how it ended. Another photo's run is never shown as this
// one's: switching photos shows that photo's own run (or that it waits). Run says
// Restart and Cancel is enabled only for the current photo's run.

#include <QObject>
#include <QSize>
#include <QString>
#include <cstdint>

#include "job_types.h"

class QAction;
class QProgressBar;
class QPushButton;

namespace shuimo::ui {

class ElidedLabel;
class LossCurve;
class ParameterPanel;
class RunBar;
class StudioModel;

// "40 s", "7 min", "1.5 h".
QString formatDuration(double seconds);

class RunPresenter : public QObject {
    Q_OBJECT
public:
    RunPresenter(StudioModel* model, ParameterPanel* params, RunBar* bar, LossCurve* lossCurve, QObject* parent = nullptr);

    // The menu's Run and Cancel, kept in step with the buttons.
    void setActions(QAction* run, QAction* cancel);
    // A throughput (GFLOP/s) already known, e.g. from an earlier session: no probe is run.
    void setKnownThroughput(double gflops);
    // The panel's estimate line from the parameters and the photo.
    void updateEstimate();
    // The current photo's run: progress, text, curve, buttons.
    void showRun();

private:
    void requestMeasurements();
    void showProgress(const QString& photo, const engine::IterationReport& report);
    // What the automatic budget is made from: the host's available memory, or a GPU's as last measured.
    std::uint64_t availableMemory() const;
    int convBytes() const;

    StudioModel* m_model;
    ParameterPanel* m_params;
    QPushButton* m_runButton;
    QPushButton* m_cancelButton;
    QProgressBar* m_progress;
    ElidedLabel* m_progressText;
    LossCurve* m_lossCurve;
    QAction* m_runAction = nullptr;
    QAction* m_cancelAction = nullptr;
    double m_gflops = 0.0;
    bool m_throughputRequested = false;
    // The last memory measurement: for which device and precision, and what they came to.
    QString m_measuredDevice;
    int m_measuredPrecision = -1;
    QString m_resolvedDevice;        // "cpu", "cuda:0"; empty until answered
    QString m_resolvedPrecision;     // "fp32", "bf16", "fp16"; empty until answered
    quint64 m_deviceMemory = 0;
};

}  // namespace shuimo::ui
