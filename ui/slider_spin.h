#pragma once
// A slider and an exact-value box that show one value and stay in sync, on a
// linear or a logarithmic scale (style strength spans four decades: a linear
// slider would put all useful values in its first pixel). The slider spans what
// an artist usually wants (a parameter's artist range); the box takes the whole
// valid range. A value beyond the slider stays exact: the box shows it (and the
// run uses it), the slider pins at its end and says so (isPinned, its tooltip).

#include <QWidget>

class QLabel;
class QSlider;
class QDoubleSpinBox;

namespace shuimo::engine {
struct ParamField;
}

namespace shuimo::ui {

class ExactSpinBox;

class SliderSpin : public QWidget {
    Q_OBJECT
public:
    enum class Scale { Linear, Log };
    // Slider and box over the same range.
    SliderSpin(double minimum, double maximum, int decimals, Scale scale, QWidget* parent = nullptr);
    // A parameter table row: the slider over its artist range, the box over its valid range.
    explicit SliderSpin(const engine::ParamField& field, QWidget* parent = nullptr);

    double value() const;
    void setValue(double value);  // emits valueChanged if it changed
    QSlider* slider() const { return m_slider; }
    QDoubleSpinBox* spinBox() const;
    void setSuffix(const QString& suffix);
    // The value lies outside what the slider spans (the slider sits at its end).
    bool isPinned() const;

    // Slider position (0..kSteps) for a value, and back.
    int positionFor(double value) const;
    double valueAt(int position) const;
    static constexpr int kSteps = 1000;

Q_SIGNALS:
    void valueChanged(double value);

private:
    SliderSpin(double sliderMinimum, double sliderMaximum, double minimum, double maximum, int decimals, Scale scale,
               QWidget* parent);
    void showPinned();

    QSlider* m_slider = nullptr;
    ExactSpinBox* m_spin = nullptr;
    QLabel* m_beyond = nullptr;  // ‹ or ›: the value is beyond that end of the slider
    double m_minimum;            // the slider's span
    double m_maximum;
    int m_decimals;
    Scale m_scale;
    bool m_syncing = false;
};

}  // namespace shuimo::ui
