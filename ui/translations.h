#pragma once
// The interface language: English or Simplified Chinese, from the settings
// ("language": "", "en" or "zh_CN"; empty follows the system locale).

#include <QString>

class QCoreApplication;

namespace shuimo::ui {

inline constexpr const char* kLanguageSetting = "language";

// "en" or "zh_CN" for a setting value ("" = the system locale).
QString resolveLanguage(const QString& setting);

// Loads our translation and Qt's own (qtbase_<language>.qm from Qt's
// translations folder: the standard buttons Save/Discard/Cancel, QFileDialog,
// QDialogButtonBox; Debian ships it in qt6-translations-l10n) into the
// application, replacing those an earlier call installed. Returns false if ours could not be loaded (English is
// then shown). Qt's missing is only logged: its dialogs stay English.
bool installTranslators(QCoreApplication& app, const QString& language);
// The language of the last installTranslators() call; before any, the settings' (resolveLanguage).
QString currentLanguage();
// Whether the last installTranslators() found Qt's own translation (always
// true for English, which needs none).
bool qtTranslationsLoaded();
// Removes what installTranslators() installed (tests switching languages).
void removeTranslators(QCoreApplication& app);

}  // namespace shuimo::ui
