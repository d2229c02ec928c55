#pragma once
// Questions the window asks the artist (QMessageBox::question), answered by a
// hook in tests. One object, shared by the parts that ask.

#include <QCoreApplication>
#include <QMessageBox>
#include <QString>
#include <functional>

namespace shuimo::ui {

class Prompt {
public:
    using Hook = std::function<QMessageBox::StandardButton(const QString& question, QMessageBox::StandardButtons buttons)>;
    void setHook(Hook hook) { m_hook = std::move(hook); }
    QMessageBox::StandardButton ask(QWidget* parent, const QString& question, QMessageBox::StandardButtons buttons,
                                    QMessageBox::StandardButton defaultButton) const {
        if (m_hook) return m_hook(question, buttons);
        return QMessageBox::question(parent, QCoreApplication::translate("shuimo::ui::MainWindow", "Shuimo"), question, buttons,
                                     defaultButton);
    }

private:
    Hook m_hook;
};

}  // namespace shuimo::ui
