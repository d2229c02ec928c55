#pragma once

#include <QMainWindow>

class QLabel;

namespace shuimo::ui {

// The application window. For now it tells the user what is installed and
// how to stylise from the command line; the full editor arrives with [GUI].
class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);

private:
    void refreshModelStatus();

    QLabel* m_modelStatus = nullptr;
};

}  // namespace shuimo::ui
