#include "slider_spin.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QSlider>
#include <algorithm>
#include <cmath>

#include "exact_spin_box.h"
#include "shuimo/engine/param_table.h"

namespace shuimo::ui {

SliderSpin::SliderSpin(double minimum, double maximum, int decimals, Scale scale, QWidget* parent)
    : SliderSpin(minimum, maximum, minimum, maximum, decimals, scale, parent) {}

SliderSpin::SliderSpin(const engine::ParamField& field, QWidget* parent)
    : SliderSpin(field.artist_low(), field.artist_high(), field.low, field.high,
                 field.type == engine::ParamType::Integer ? 0 : field.ui.decimals, Scale::Linear, parent) {}

SliderSpin::SliderSpin(double sliderMinimum, double sliderMaximum, double minimum, double maximum, int decimals, Scale scale,
                       QWidget* parent)
    : QWidget(parent), m_minimum(sliderMinimum), m_maximum(sliderMaximum), m_decimals(decimals), m_scale(scale) {
    m_slider = new QSlider(Qt::Horizontal, this);
    m_slider->setRange(0, kSteps);
    m_spin = new ExactSpinBox(minimum, maximum, decimals == 0, this);
    m_spin->setTypicalValue(sliderMaximum);  // as wide as the slider's values, not the range's extremes
    m_beyond = new QLabel(this);
    m_beyond->setForegroundRole(QPalette::Highlight);
    m_beyond->hide();
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_slider, 1);
    layout->addWidget(m_beyond);
    layout->addWidget(m_spin);

    connect(m_slider, &QSlider::valueChanged, this, [this](int position) {
        if (m_syncing) return;
        m_syncing = true;
        m_spin->setValue(valueAt(position));
        m_syncing = false;
        showPinned();
        Q_EMIT valueChanged(m_spin->value());
    });
    connect(m_spin, &QDoubleSpinBox::valueChanged, this, [this](double value) {
        if (m_syncing) return;
        m_syncing = true;
        m_slider->setValue(positionFor(value));
        m_syncing = false;
        showPinned();
        Q_EMIT valueChanged(value);
    });
    showPinned();
}

QDoubleSpinBox* SliderSpin::spinBox() const {
    return m_spin;
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

bool SliderSpin::isPinned() const {
    return value() < m_minimum || value() > m_maximum;
}

void SliderSpin::showPinned() {
    const double v = value();
    const bool above = v > m_maximum;
    m_beyond->setVisible(isPinned());
    m_beyond->setText(above ? QStringLiteral("›") : QStringLiteral("‹"));
    const QString span = tr("%1 to %2").arg(ExactSpinBox::text(m_minimum, m_decimals == 0), ExactSpinBox::text(m_maximum, m_decimals == 0));
    const QString tip = isPinned() ? tr("%1 is beyond the slider (%2): the box holds the exact value, and the painting uses it")
                                         .arg(ExactSpinBox::text(v, m_decimals == 0), span)
                                   : QString();
    m_beyond->setToolTip(tip);
    m_slider->setToolTip(tip);
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
        // Round to three significant digits so the box shows 2.51e+05, not noise.
        const double value = std::pow(10.0, low + t * (high - low));
        const double magnitude = std::pow(10.0, std::floor(std::log10(value)) - 2);
        return std::round(value / magnitude) * magnitude;
    }
    const double value = m_minimum + t * (m_maximum - m_minimum);
    // The slider's step, as the box shows it: 0.01 for two decimals, whole numbers for none.
    const double step = std::pow(10.0, -m_decimals);
    return std::round(value / step) * step;
}

}  // namespace shuimo::ui
