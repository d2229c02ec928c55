#pragma once
// The Parameters dock: the parameter panel (scrolling), Run and Cancel, the
// progress bar, the progress line and the loss curve. Layout only: the window
// wires the buttons and RunPresenter fills in the progress.

#include <QWidget>

class QLabel;
class QProgressBar;
class QPushButton;

namespace shuimo::ui {

class LossCurve;
class ParameterPanel;

class RunPanel : public QWidget {
    Q_OBJECT
public:
    explicit RunPanel(QWidget* parent = nullptr);

    ParameterPanel* parameterPanel() const { return m_params; }
    QPushButton* runButton() const { return m_runButton; }
    QPushButton* cancelButton() const { return m_cancelButton; }
    QProgressBar* progressBar() const { return m_progress; }
    QLabel* progressText() const { return m_progressText; }
    LossCurve* lossCurve() const { return m_lossCurve; }

private:
    ParameterPanel* m_params = nullptr;
    QPushButton* m_runButton = nullptr;
    QPushButton* m_cancelButton = nullptr;
    QProgressBar* m_progress = nullptr;
    QLabel* m_progressText = nullptr;
    LossCurve* m_lossCurve = nullptr;
};

}  // namespace shuimo::ui
