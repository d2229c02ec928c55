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
    // Shows `text`; if actionText is not empty, a button that emits actionTriggered.
    void showMessage(Kind kind, const QString& text, const QString& actionText = {});
    QString text() const;
    Kind kind() const { return m_kind; }

Q_SIGNALS:
    void actionTriggered();

private:
    QLabel* m_icon = nullptr;
    QLabel* m_text = nullptr;
    QPushButton* m_action = nullptr;
    Kind m_kind = Kind::Information;
};

}  // namespace shuimo::ui
