#pragma once
// Help › About: what Shuimo is, and the same system report as `shuimo-cli doctor`
// (LibTorch, CUDA/cuDNN or why not, GPUs, the precision "auto" picks, BLAS, CPU
// threads, models, the styles' folder, the translations), selectable and with a
// Copy button for bug reports. The report's keys stay English, like doctor's.

#include <QDialog>
#include <QString>

class QPlainTextEdit;

namespace shuimo::ui {

// The report, one "key: value" line each: the engine's system_report_lines() plus what
// this app found (models, styles folder, translations loaded). Runs the engine's probe
// (fast; on a GPU a tiny bf16 convolution).
QString systemReportText();

class AboutDialog : public QDialog {
    Q_OBJECT

public:
    explicit AboutDialog(QWidget* parent = nullptr);

    QString reportText() const;

private:
    QPlainTextEdit* m_report = nullptr;
};

}  // namespace shuimo::ui
