#pragma once
// A slider and a spin box that show one value and stay in sync, on a linear
// or a logarithmic scale (style strength spans six decades: a linear slider
// would put all useful values in its first pixel).

#include <QWidget>

class QSlider;
class QDoubleSpinBox;

namespace shuimo::ui {

class SliderSpin : public QWidget {
    Q_OBJECT
public:
    enum class Scale { Linear, Log };
    SliderSpin(double minimum, double maximum, int decimals, Scale scale, QWidget* parent = nullptr);

    double value() const;
    void setValue(double value);  // emits valueChanged if it changed
    QSlider* slider() const { return m_slider; }
    QDoubleSpinBox* spinBox() const { return m_spin; }
    void setSuffix(const QString& suffix);

    // Slider position (0..kSteps) for a value, and back.
    int positionFor(double value) const;
    double valueAt(int position) const;
    static constexpr int kSteps = 1000;

Q_SIGNALS:
    void valueChanged(double value);

private:
    QSlider* m_slider = nullptr;
    QDoubleSpinBox* m_spin = nullptr;
    double m_minimum;
    double m_maximum;
    Scale m_scale;
    bool m_syncing = false;
};

}  // namespace shuimo::ui
