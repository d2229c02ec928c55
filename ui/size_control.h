#pragma once
// The one output-size control: the photo's own size, screen sizes, print sizes
// (A4 / A3 / A2 at 300 dpi) and a custom size in pixels or in centimetres at a
// resolution. Its value is what StyleParams::size holds: the output's long side
// in pixels (0 = the photo's own size); the short side follows the photo.

#include <QWidget>

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QSpinBox;

namespace shuimo::ui {

class SizeControl : public QWidget {
    Q_OBJECT
public:
    explicit SizeControl(QWidget* parent = nullptr);

    int value() const { return m_value; }
    // Shows `pixels` (the matching choice, else a custom size); emits valueChanged if it changed.
    void setValue(int pixels);

    // The choices' items hold one of these in their data (besides pixel sizes).
    static constexpr int kCustomPixels = -1;
    static constexpr int kCustomPrint = -2;
    // Selects the choice whose data is `data` (a size in pixels, kCustomPixels or kCustomPrint), as a click would.
    bool choose(int data);

    QComboBox* choices() const { return m_choices; }
    QSpinBox* pixels() const { return m_pixels; }
    QDoubleSpinBox* printLength() const { return m_printLength; }
    QSpinBox* printDpi() const { return m_printDpi; }

Q_SIGNALS:
    void valueChanged(int pixels);

private:
    void onChoice(int index);
    void showCustom(int mode);
    void setValueFromEdit(int pixels);
    void updatePrintNote();

    QComboBox* m_choices = nullptr;
    QWidget* m_pixelRow = nullptr;
    QSpinBox* m_pixels = nullptr;
    QWidget* m_printRow = nullptr;
    QDoubleSpinBox* m_printLength = nullptr;
    QSpinBox* m_printDpi = nullptr;
    QLabel* m_printNote = nullptr;
    int m_value = -1;
    bool m_updating = false;
};

}  // namespace shuimo::ui
