#pragma once
// Preferences: the interface language (applied at the next start), how often
// a running job shows a preview and the most memory a painting may use.

#include <QDialog>

class QComboBox;
class QDoubleSpinBox;
class QSpinBox;

namespace shuimo::ui {

class PreferencesDialog : public QDialog {
    Q_OBJECT
public:
    explicit PreferencesDialog(QWidget* parent = nullptr);
    // Stores the choices in QSettings.
    void accept() override;

private:
    QComboBox* m_language = nullptr;
    QSpinBox* m_previewInterval = nullptr;
    QDoubleSpinBox* m_memoryLimit = nullptr;  // GiB; 0 "Automatic"
};

}  // namespace shuimo::ui
