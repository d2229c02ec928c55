#pragma once
// Whether a model is installed, said where the user is looking: without the
// VGG-19 weights the message bar says where Shuimo looked and offers the
// Models dialog (opened once by itself on the very first start); with them
// the warning goes. The dialog is made on first use and kept.

#include <QObject>

class QWidget;

namespace shuimo::ui {

class MessageBar;
class ModelsDialog;

class ModelsPrompt : public QObject {
    Q_OBJECT
public:
    ModelsPrompt(QWidget* window, MessageBar* messages);
    // The warning, if no model is installed (else hides it).
    void refresh();
    // Not modal: a 575 MB download should not hold the rest of the window.
    void openDialog();
    // First start without a model: the Models dialog, once (the message bar keeps offering it).
    void offerOnFirstStart();

private:
    QWidget* m_window;
    MessageBar* m_messages;
    ModelsDialog* m_dialog = nullptr;
};

}  // namespace shuimo::ui
