#pragma once
// Preferences: the interface language (applied at the next start) and how often
// a running job shows a preview.

#include <QDialog>

class QComboBox;
class QSpinBox;

namespace shuimo::ui {

class PreferencesDialog : public QDialog {
    Q_OBJECT
public:
    explicit PreferencesDialog(QWidget* parent = nullptr);
    // Stores the chosen language in QSettings.
    void accept() override;

private:
    QComboBox* m_language = nullptr;
    QSpinBox* m_previewInterval = nullptr;
};

}  // namespace shuimo::ui
