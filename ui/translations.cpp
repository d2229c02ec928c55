#include "translations.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QTranslator>

namespace shuimo::ui {

QString resolveLanguage(const QString& setting) {
    if (setting == QLatin1String("en") || setting == QLatin1String("zh_CN")) return setting;
    const QLocale system;
    if (system.language() == QLocale::Chinese) return QStringLiteral("zh_CN");
    return QStringLiteral("en");
}

bool installTranslators(QCoreApplication& app, const QString& language) {
    auto* qt = new QTranslator(&app);
    if (qt->load(QStringLiteral("qtbase_") + language, QLibraryInfo::path(QLibraryInfo::TranslationsPath))) {
        QCoreApplication::installTranslator(qt);
    }
    // English too: its file holds the plural forms ("1 level", "3 levels").
    auto* ours = new QTranslator(&app);
    if (!ours->load(QStringLiteral(":/i18n/shuimo_") + language)) return false;
    QCoreApplication::installTranslator(ours);
    return true;
}

}  // namespace shuimo::ui
