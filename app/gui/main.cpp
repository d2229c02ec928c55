// Shuimo desktop app: create the application and its window, nothing else.

#include <QApplication>

#include "main_window.h"

int main(int argc, char** argv) {
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("Shuimo"));
    QApplication::setOrganizationName(QStringLiteral("Shuimo"));
    shuimo::ui::MainWindow window;
    window.show();
    return QApplication::exec();
}
