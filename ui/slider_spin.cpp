#include "slider_spin.h"

#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QSignalBlocker>
#include <QSlider>
#include <cmath>

namespace shuimo::ui {

SliderSpin::SliderSpin(double minimum, double maximum, int decimals, Scale scale, QWidget* parent)
    : QWidget(parent), m_minimum(minimum), m_maximum(maximum), m_scale(scale) {
    m_slider = new QSlider(Qt::Horizontal, this);
    m_slider->setRange(0, kSteps);
    m_spin = new QDoubleSpinBox(this);
    m_spin->setRange(minimum, maximum);
    m_spin->setDecimals(decimals);
    m_spin->setStepType(QAbstractSpinBox::AdaptiveDecimalStepType);
    m_spin->setKeyboardTracking(false);
    // Its own size hint (from the range, the decimals and the suffix) is wide enough: no
    // fixed width, so a narrow panel keeps the slider.
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_slider, 1);
    layout->addWidget(m_spin);

    connect(m_slider, &QSlider::valueChanged, this, [this](int position) {
        if (m_syncing) return;
        m_syncing = true;
        m_spin->setValue(valueAt(position));
        m_syncing = false;
        Q_EMIT valueChanged(m_spin->value());
    });
    connect(m_spin, &QDoubleSpinBox::valueChanged, this, [this](double value) {
        if (m_syncing) return;
        m_syncing = true;
        m_slider->setValue(positionFor(value));
        m_syncing = false;
        Q_EMIT valueChanged(value);
    });
}

double SliderSpin::value() const {
    return m_spin->value();
}

void SliderSpin::setValue(double value) {
    m_spin->setValue(value);  // the spin box's handler moves the slider and emits
}

void SliderSpin::setSuffix(const QString& suffix) {
    m_spin->setSuffix(suffix);
}

int SliderSpin::positionFor(double value) const {
    double t = 0.0;
    if (m_scale == Scale::Log) {
        const double low = std::log10(m_minimum);
        const double high = std::log10(m_maximum);
        t = (std::log10(std::max(value, m_minimum)) - low) / (high - low);
    } else {
        t = (value - m_minimum) / (m_maximum - m_minimum);
    }
    return static_cast<int>(std::lround(std::clamp(t, 0.0, 1.0) * kSteps));
}

double SliderSpin::valueAt(int position) const {
    const double t = static_cast<double>(position) / kSteps;
    if (m_scale == Scale::Log) {
        const double low = std::log10(m_minimum);
        const double high = std::log10(m_maximum);
        // Round to three significant digits so the spin box shows 2.51e+05, not noise.
        const double value = std::pow(10.0, low + t * (high - low));
        const double magnitude = std::pow(10.0, std::floor(std::log10(value)) - 2);
        return std::round(value / magnitude) * magnitude;
    }
    return m_minimum + t * (m_maximum - m_minimum);
}

}  // namespace shuimo::ui
