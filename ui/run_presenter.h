#pragma once
// What the window says about a painting run: before it, the estimate under the
// parameters (output size, levels, memory, time at this device's measured
// throughput); during it, the progress bar, "iteration i of n · level · time
// left" and the loss curve; after it, how it ended. It reads the controller's
// signals and the parameter panel and writes only to the widgets it is given.

#include <QObject>
#include <QSize>
#include <QString>
#include <cstdint>
#include <utility>
#include <vector>

#include "job_types.h"

class QLabel;
class QProgressBar;

namespace shuimo::ui {

class LossCurve;
class ParameterPanel;
class StyleController;

// "40 s", "7 min", "1.5 h".
QString formatDuration(double seconds);

class RunPresenter : public QObject {
    Q_OBJECT
public:
    RunPresenter(StyleController* controller, ParameterPanel* params, QProgressBar* progress, QLabel* progressText,
                 LossCurve* lossCurve, QObject* parent = nullptr);

    // The current photo's size (invalid: none), the estimate's input; asks
    // for the device's throughput the first time.
    void setPhotoSize(const QSize& size);
    QSize photoSize() const { return m_photoSize; }
    // A throughput (GFLOP/s) already known, e.g. from an earlier session: no probe is run.
    void setKnownThroughput(double gflops);
    // The panel's estimate line from the parameters and the photo.
    void updateEstimate();

    // A job starts with `request`: its plan (for the time left), an empty curve.
    void showStarted(const JobRequest& request);
    void showProgress(const engine::IterationReport& report);
    void showFinished(const JobOutcome& outcome);
    void showFailed();

private:
    void requestThroughput();
    // What the automatic budget is made from: the host's available memory, or a GPU's as last measured.
    std::uint64_t availableMemory(const engine::StyleParams& params) const;

    StyleController* m_controller;
    ParameterPanel* m_params;
    QProgressBar* m_progress;
    QLabel* m_progressText;
    LossCurve* m_lossCurve;
    std::vector<int> m_runLevels;  // the running job's levels (evaluations each); the time left comes
                                   // with every report (the engine's ETA model, eta.h)
    engine::LossWeights m_lastReportedWeights;
    QSize m_photoSize;
    double m_gflops = 0.0;
    bool m_throughputRequested = false;
    QString m_memoryDevice;    // the device whose memory was asked for ("auto", "cuda:1" …)
    QString m_resolvedDevice;  // ... what it came to ("cpu", "cuda:0"); empty until answered
    quint64 m_deviceMemory = 0;
};

}  // namespace shuimo::ui
