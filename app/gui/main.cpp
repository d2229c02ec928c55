// Shuimo desktop app: parse the command line, load the interface language and
// show the window, nothing else. (Not "--style": QApplication takes that one.)

#include <QApplication>
#include <QCommandLineParser>
#include <QSettings>
#include <QTimer>

#include <cstdio>

#include "about_dialog.h"
#include "main_window.h"
#include "process_setup.h"
#include "style_gallery.h"
#include "translations.h"

int main(int argc, char** argv) {
    shuimo::ui::preferPassiveOpenMpWaits(argv);
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("Shuimo"));
    QApplication::setOrganizationName(QStringLiteral("Shuimo"));
    QApplication::setApplicationVersion(QStringLiteral(SHUIMO_VERSION));
    QApplication::setDesktopFileName(QStringLiteral("shuimo"));
    const QString language =
        shuimo::ui::resolveLanguage(QSettings().value(QString::fromLatin1(shuimo::ui::kLanguageSetting)).toString());
    shuimo::ui::installTranslators(app, language);

    QCommandLineParser parser;
    parser.setApplicationDescription(QApplication::translate("main", "Turn photos into ink-wash paintings."));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption style(QStringLiteral("style-image"), QApplication::translate("main", "Add and tick a style reference."),
                                   QStringLiteral("file"));
    const QCommandLineOption run(QStringLiteral("run"), QApplication::translate("main", "Start painting right away."));
    const QCommandLineOption report(QStringLiteral("system-report"),
                                    QApplication::translate("main", "Print what Help › About shows (shuimo-cli doctor) and quit."));
    parser.addOptions({style, run, report});
    parser.addPositionalArgument(QStringLiteral("photos"), QApplication::translate("main", "Photos or folders to open."),
                                 QStringLiteral("[photos…]"));
    parser.process(app);
    if (parser.isSet(report)) {
        std::fputs(shuimo::ui::systemReportText().toLocal8Bit().constData(), stdout);
        return 0;
    }

    shuimo::ui::MainWindow window;
    window.show();
    window.addPaths(parser.positionalArguments(), false);
    window.addPaths(parser.values(style), true);
    if (parser.isSet(run)) QTimer::singleShot(0, &window, &shuimo::ui::MainWindow::run);
    return QApplication::exec();
}
