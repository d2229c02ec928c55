#include "translations.h"

#include <QCoreApplication>
#include <QDebug>
#include <QLibraryInfo>
#include <QLocale>
#include <QSettings>
#include <QTranslator>

namespace shuimo::ui {
namespace {

// Marks our translators among the application's children.
constexpr const char* kOurTranslator = "shuimo_translator";
bool g_qtLoaded = true;
QString g_language;  // empty until installTranslators()

}  // namespace

QString resolveLanguage(const QString& setting) {
    if (setting == QLatin1String("en") || setting == QLatin1String("zh_CN")) return setting;
    const QLocale system;
    if (system.language() == QLocale::Chinese) return QStringLiteral("zh_CN");
    return QStringLiteral("en");
}

void removeTranslators(QCoreApplication& app) {
    for (QTranslator* translator : app.findChildren<QTranslator*>(QString::fromLatin1(kOurTranslator))) {
        QCoreApplication::removeTranslator(translator);
        delete translator;
    }
}

bool installTranslators(QCoreApplication& app, const QString& language) {
    removeTranslators(app);
    g_language = language;
    // Qt's own strings: QPlatformTheme's standard buttons, QFileDialog, QMessageBox's details, ...
    auto* qt = new QTranslator(&app);
    qt->setObjectName(QString::fromLatin1(kOurTranslator));
    const QString qtFolder = QLibraryInfo::path(QLibraryInfo::TranslationsPath);
    g_qtLoaded = qt->load(QStringLiteral("qtbase_") + language, qtFolder);
    if (g_qtLoaded) {
        QCoreApplication::installTranslator(qt);
    } else {
        delete qt;
        // English needs no file; any other language shows Qt's dialogs in English without it.
        g_qtLoaded = language == QLatin1String("en");
        if (!g_qtLoaded) {
            qWarning().noquote() << "Qt's own translation qtbase_" + language + ".qm is not in" << qtFolder
                                 << "(Debian: qt6-translations-l10n): standard buttons and file dialogs stay English";
        }
    }
    // English too: its file holds the plural forms ("1 level", "3 levels").
    auto* ours = new QTranslator(&app);
    ours->setObjectName(QString::fromLatin1(kOurTranslator));
    if (!ours->load(QStringLiteral(":/i18n/shuimo_") + language)) {
        delete ours;
        return false;
    }
    QCoreApplication::installTranslator(ours);
    return true;
}

QString currentLanguage() {
    if (!g_language.isEmpty()) return g_language;
    return resolveLanguage(QSettings().value(QString::fromLatin1(kLanguageSetting)).toString());
}

bool qtTranslationsLoaded() {
    return g_qtLoaded;
}

}  // namespace shuimo::ui
