#pragma once
// The interface language: English or Simplified Chinese, from the settings
// ("language": "", "en" or "zh_CN"; empty follows the system locale).

#include <QString>

class QCoreApplication;

namespace shuimo::ui {

inline constexpr const char* kLanguageSetting = "language";

// "en" or "zh_CN" for a setting value ("" = the system locale).
QString resolveLanguage(const QString& setting);
// Loads our translation and Qt's own for `language` into the application.
// Returns false if ours could not be loaded (English is then shown).
bool installTranslators(QCoreApplication& app, const QString& language);

}  // namespace shuimo::ui
