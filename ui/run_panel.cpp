#include "run_panel.h"

#include <QHBoxLayout>
#include <QLabel>
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

    auto* buttons = new QHBoxLayout;
    m_runButton = new QPushButton(tr("&Run"), this);
    m_runButton->setDefault(true);
    m_cancelButton = new QPushButton(tr("Cancel"), this);
    buttons->addWidget(m_runButton, 1);
    buttons->addWidget(m_cancelButton);
    layout->addLayout(buttons);
    m_progress = new QProgressBar(this);
    m_progress->setTextVisible(false);
    m_progressText = new QLabel(this);
    m_progressText->setWordWrap(true);
    m_lossCurve = new LossCurve(this);
    layout->addWidget(m_progress);
    layout->addWidget(m_progressText);
    layout->addWidget(m_lossCurve);
}

}  // namespace shuimo::ui
