#include "message_bar.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QStyle>
#include <QToolButton>

namespace shuimo::ui {

MessageBar::MessageBar(QWidget* parent) : QFrame(parent) {
    setFrameShape(QFrame::StyledPanel);
    setAutoFillBackground(true);
    setBackgroundRole(QPalette::AlternateBase);
    m_icon = new QLabel(this);
    m_text = new QLabel(this);
    m_text->setWordWrap(true);
    m_text->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::LinksAccessibleByMouse);
    m_text->setOpenExternalLinks(true);
    m_action = new QPushButton(this);
    m_dismiss = new QPushButton(this);
    auto* close = new QToolButton(this);
    close->setIcon(style()->standardIcon(QStyle::SP_TitleBarCloseButton));
    close->setAutoRaise(true);
    close->setToolTip(tr("Close this message"));
    auto* layout = new QHBoxLayout(this);
    layout->addWidget(m_icon, 0, Qt::AlignTop);
    layout->addWidget(m_text, 1);
    layout->addWidget(m_action, 0, Qt::AlignVCenter);
    layout->addWidget(m_dismiss, 0, Qt::AlignVCenter);
    layout->addWidget(close, 0, Qt::AlignTop);
    for (QAbstractButton* button : {static_cast<QAbstractButton*>(close), static_cast<QAbstractButton*>(m_dismiss)}) {
        connect(button, &QAbstractButton::clicked, this, [this] {
            hide();
            Q_EMIT dismissed();
        });
    }
    connect(m_action, &QPushButton::clicked, this, &MessageBar::actionTriggered);
    hide();
}

void MessageBar::showMessage(Kind kind, const QString& text, const QString& actionText, const QString& dismissText) {
    m_kind = kind;
    const QStyle::StandardPixmap icon = kind == Kind::Error     ? QStyle::SP_MessageBoxCritical
                                        : kind == Kind::Warning ? QStyle::SP_MessageBoxWarning
                                                                : QStyle::SP_MessageBoxInformation;
    const int side = style()->pixelMetric(QStyle::PM_SmallIconSize, nullptr, this) * 2;
    m_icon->setPixmap(style()->standardIcon(icon).pixmap(side, side));
    m_text->setText(text);
    m_action->setText(actionText);
    m_action->setVisible(!actionText.isEmpty());
    m_dismiss->setText(dismissText);
    m_dismiss->setVisible(!dismissText.isEmpty());
    show();
}

QString MessageBar::text() const {
    return m_text->text();
}

}  // namespace shuimo::ui
