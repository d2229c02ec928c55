#pragma once
// Preferences: the interface language (applied at the next start).

#include <QDialog>

class QComboBox;

namespace shuimo::ui {

class PreferencesDialog : public QDialog {
    Q_OBJECT
public:
    explicit PreferencesDialog(QWidget* parent = nullptr);
    // Stores the chosen language in QSettings.
    void accept() override;

private:
    QComboBox* m_language = nullptr;
};

}  // namespace shuimo::ui
