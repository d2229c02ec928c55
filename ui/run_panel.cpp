#include "run_panel.h"

#include <QGridLayout>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QVBoxLayout>

#include "loss_curve.h"
#include "parameter_panel.h"

namespace shuimo::ui {

RunPanel::RunPanel(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    auto* scroll = new QScrollArea(this);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    m_params = new ParameterPanel(scroll);
    scroll->setWidget(m_params);
    // As narrow as the panel can be laid out (its long rows wrap), with room for the scroll bar:
    // a narrow window keeps its room for the preview, and nothing is cut off on the right.
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    scroll->setMinimumWidth(m_params->minimumSizeHint().width() + scroll->verticalScrollBar()->sizeHint().width() + 4);
    layout->addWidget(scroll, 1);
    m_lossCurve = new LossCurve(this);
    // A few lines of text high whatever the scale factor: the parameters keep the room.
    m_lossCurve->setMaximumHeight(fontMetrics().height() * 6);
    layout->addWidget(m_lossCurve);
}

void ElidedLabel::setFullText(const QString& text) {
    m_text = text;
    setToolTip(text);
    elide();
}

QSize ElidedLabel::minimumSizeHint() const {
    return {fontMetrics().averageCharWidth() * 8, fontMetrics().height()};
}

QSize ElidedLabel::sizeHint() const {
    return {fontMetrics().horizontalAdvance(m_text) + 4, fontMetrics().height()};
}

void ElidedLabel::resizeEvent(QResizeEvent* event) {
    QLabel::resizeEvent(event);
    elide();
}

void ElidedLabel::elide() {
    setText(fontMetrics().elidedText(m_text, Qt::ElideRight, std::max(0, contentsRect().width())));
}

RunBar::RunBar(QWidget* parent) : QWidget(parent) {
    auto* layout = new QGridLayout(this);
    layout->setContentsMargins(0, 2, 0, 0);
    m_runButton = new QPushButton(tr("&Run"), this);
    m_runButton->setDefault(true);
    m_cancelButton = new QPushButton(tr("Cancel"), this);
    m_progress = new QProgressBar(this);
    m_progress->setTextVisible(false);
    m_progressText = new ElidedLabel(this);
    m_progressText->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed);
    m_progressText->setFixedHeight(fontMetrics().height() + 2);  // one line, always: nothing below it moves
    layout->addWidget(m_runButton, 0, 0, 2, 1);
    layout->addWidget(m_cancelButton, 0, 1, 2, 1);
    layout->addWidget(m_progress, 0, 2);
    layout->addWidget(m_progressText, 1, 2);
    layout->setColumnStretch(2, 1);
    m_runButton->setMinimumWidth(m_runButton->sizeHint().width() * 3 / 2);
}

}  // namespace shuimo::ui
