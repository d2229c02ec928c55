#include "exact_spin_box.h"

#include <QLineEdit>
#include <QLocale>
#include <QStyle>
#include <QStyleOptionSpinBox>
#include <cmath>
#include <optional>

namespace shuimo::ui {
namespace {

std::optional<double> parse(const QString& text) {
    bool ok = false;
    double value = QLocale().toDouble(text.trimmed(), &ok);
    if (!ok) value = QLocale::c().toDouble(QString(text).remove(QLatin1Char(',')).trimmed(), &ok);
    if (!ok || !std::isfinite(value)) return std::nullopt;
    return value;
}

}  // namespace

ExactSpinBox::ExactSpinBox(double minimum, double maximum, bool wholeNumbers, QWidget* parent)
    : QDoubleSpinBox(parent), m_whole(wholeNumbers) {
    // Enough decimals that QDoubleSpinBox's own rounding keeps every double as it is.
    setDecimals(wholeNumbers ? 0 : 17);
    setRange(minimum, maximum);
    setKeyboardTracking(false);
    setStepType(QAbstractSpinBox::AdaptiveDecimalStepType);
    setTypicalValue(maximum);
}

void ExactSpinBox::setTypicalValue(double value) {
    m_typical = text(value, m_whole);
    updateGeometry();
}

QString ExactSpinBox::text(double value, bool wholeNumbers) {
    if (wholeNumbers) return QLocale().toString(static_cast<qlonglong>(std::llround(value)));
    if (value != 0.0 && (std::abs(value) >= 1e15 || std::abs(value) < 1e-4)) {
        return QLocale().toString(value, 'g', QLocale::FloatingPointShortest);
    }
    return QLocale().toString(value, 'f', QLocale::FloatingPointShortest);
}

QString ExactSpinBox::textFromValue(double value) const {
    return text(value, m_whole);
}

double ExactSpinBox::valueFromText(const QString& text) const {
    QString bare = text;
    if (!suffix().isEmpty() && bare.endsWith(suffix())) bare.chop(suffix().size());
    return parse(bare).value_or(value());
}

QValidator::State ExactSpinBox::validate(QString& text, int&) const {
    QString bare = text;
    if (!suffix().isEmpty() && bare.endsWith(suffix())) bare.chop(suffix().size());
    if (bare.trimmed().isEmpty()) return QValidator::Intermediate;
    const std::optional<double> parsed = parse(bare);
    if (!parsed || (m_whole && *parsed != std::floor(*parsed))) return QValidator::Intermediate;
    return *parsed >= minimum() && *parsed <= maximum() ? QValidator::Acceptable : QValidator::Intermediate;
}

QSize ExactSpinBox::sizeHint() const {
    ensurePolished();
    const QFontMetrics metrics(font());
    const int width = metrics.horizontalAdvance(m_typical + suffix() + QStringLiteral("  "));
    QStyleOptionSpinBox option;
    initStyleOption(&option);
    const QSize content(width, lineEdit()->sizeHint().height());
    return style()->sizeFromContents(QStyle::CT_SpinBox, &option, content, this);
}

QSize ExactSpinBox::minimumSizeHint() const {
    return sizeHint();
}

}  // namespace shuimo::ui
