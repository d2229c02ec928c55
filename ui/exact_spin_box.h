#pragma once
// A number box that holds any value of a parameter's valid range exactly: it shows
// the shortest text that reads back as the same double (grouped for reading:
// "1,000,000", "2.5e-09"), reads the locale's and C's spelling, and is as wide as
// the values an artist usually types (its `typical` text), not as its range's
// extremes. A value written to it by the program is shown, never rounded back
// into the parameters (the panel writes a field only when its box is edited).

#include <QDoubleSpinBox>

namespace shuimo::ui {

class ExactSpinBox : public QDoubleSpinBox {
    Q_OBJECT
public:
    // wholeNumbers: shows and accepts whole numbers only.
    ExactSpinBox(double minimum, double maximum, bool wholeNumbers, QWidget* parent = nullptr);
    // The widest text the box is sized for.
    void setTypicalValue(double value);

    // The text a value is shown as (also for tooltips).
    static QString text(double value, bool wholeNumbers = false);

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    QString textFromValue(double value) const override;
    double valueFromText(const QString& text) const override;
    QValidator::State validate(QString& text, int& position) const override;

private:
    bool m_whole;
    QString m_typical;
};

}  // namespace shuimo::ui
