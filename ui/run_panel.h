#pragma once
// Layout only. RunPanel is the Parameters dock: the parameter panel (scrolling)
// and the loss curve under it (a few lines high, never half the panel). RunBar
// sits under the preview, always in view whichever panel is shown: Run and
// Cancel, the progress bar and one line saying which photo it is about (elided,
// the whole line in its tooltip: the buttons never move when it changes).
// RunPresenter fills them in; the window wires the buttons.

#include <QLabel>
#include <QWidget>

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
    LossCurve* lossCurve() const { return m_lossCurve; }

private:
    ParameterPanel* m_params = nullptr;
    LossCurve* m_lossCurve = nullptr;
};

// A one-line label that elides what does not fit and shows the whole text as its tooltip.
class ElidedLabel : public QLabel {
    Q_OBJECT
public:
    using QLabel::QLabel;
    void setFullText(const QString& text);
    QString fullText() const { return m_text; }
    QSize minimumSizeHint() const override;
    QSize sizeHint() const override;

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    void elide();
    QString m_text;
};

class RunBar : public QWidget {
    Q_OBJECT
public:
    explicit RunBar(QWidget* parent = nullptr);

    QPushButton* runButton() const { return m_runButton; }
    QPushButton* cancelButton() const { return m_cancelButton; }
    QProgressBar* progressBar() const { return m_progress; }
    ElidedLabel* progressText() const { return m_progressText; }

private:
    QPushButton* m_runButton = nullptr;
    QPushButton* m_cancelButton = nullptr;
    QProgressBar* m_progress = nullptr;
    ElidedLabel* m_progressText = nullptr;
};

}  // namespace shuimo::ui
