// Shuimo desktop app: create the application, load the interface language and
// show the window, nothing else.

#include <QApplication>
#include <QSettings>

#include "main_window.h"
#include "translations.h"

int main(int argc, char** argv) {
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("Shuimo"));
    QApplication::setOrganizationName(QStringLiteral("Shuimo"));
    QApplication::setApplicationVersion(QStringLiteral(SHUIMO_VERSION));
    QApplication::setDesktopFileName(QStringLiteral("shuimo"));
    const QString language =
        shuimo::ui::resolveLanguage(QSettings().value(QString::fromLatin1(shuimo::ui::kLanguageSetting)).toString());
    shuimo::ui::installTranslators(app, language);
    shuimo::ui::MainWindow window;
    window.show();
    return QApplication::exec();
}
