#pragma once
// The loss of the running job, drawn live as a polyline on a log scale. Marks
// where the weights were changed (the loss jumps there by design).

#include <QList>
#include <QPointF>
#include <QWidget>

namespace shuimo::ui {

class LossCurve : public QWidget {
    Q_OBJECT
public:
    explicit LossCurve(QWidget* parent = nullptr);
    void clear();
    void addPoint(int iteration, double totalLoss, bool weightsChanged);
    int pointCount() const { return static_cast<int>(m_points.size()); }
    QSize sizeHint() const override { return {240, 90}; }

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    QList<QPointF> m_points;  // (iteration, log10 loss)
    QList<int> m_weightChanges;
    int m_maxIteration = 1;
};

}  // namespace shuimo::ui
