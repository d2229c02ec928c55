#pragma once
// An inline message above the preview, where the user is looking: what went
// wrong and what to do, with an optional action button and a close button.

#include <QFrame>

class QLabel;
class QPushButton;

namespace shuimo::ui {

class MessageBar : public QFrame {
    Q_OBJECT
public:
    enum class Kind { Information, Warning, Error };
    explicit MessageBar(QWidget* parent = nullptr);
    // Shows `text`; if actionText is not empty, a button that emits actionTriggered;
    // if dismissText is not empty, a second button that closes the message (as the
    // close button does: both emit dismissed).
    void showMessage(Kind kind, const QString& text, const QString& actionText = {}, const QString& dismissText = {});
    QString text() const;
    Kind kind() const { return m_kind; }

Q_SIGNALS:
    void actionTriggered();
    // The user closed the message (not emitted by hide()).
    void dismissed();

private:
    QLabel* m_icon = nullptr;
    QLabel* m_text = nullptr;
    QPushButton* m_action = nullptr;
    QPushButton* m_dismiss = nullptr;
    Kind m_kind = Kind::Information;
};

}  // namespace shuimo::ui
