#include "loss_curve.h"

#include <QPainter>
#include <QPainterPath>
#include <cmath>

namespace shuimo::ui {
namespace {
// Ink-wash vermilion (a seal's red): the one colour not taken from the palette.
const QColor kAccent(0xd2, 0x4a, 0x2c);
}  // namespace

LossCurve::LossCurve(QWidget* parent) : QWidget(parent) {
    setMinimumHeight(70);
    setToolTip(tr("Total loss per iteration (log scale); dashed lines mark weight changes"));
}

void LossCurve::clear() {
    m_points.clear();
    m_weightChanges.clear();
    m_maxIteration = 1;
    update();
}

void LossCurve::addPoint(int iteration, double totalLoss, bool weightsChanged) {
    if (!(totalLoss > 0.0) || !std::isfinite(totalLoss)) return;
    m_points.append(QPointF(iteration, std::log10(totalLoss)));
    if (weightsChanged) m_weightChanges.append(iteration);
    m_maxIteration = std::max(m_maxIteration, iteration);
    update();  // coalesced by Qt: one repaint per event-loop pass
}

void LossCurve::paintEvent(QPaintEvent*) {
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    const QRectF area = QRectF(rect()).adjusted(6, 6, -6, -6);
    painter.setPen(palette().color(QPalette::Mid));
    painter.drawRect(area);
    if (m_points.size() < 2) {
        painter.setPen(palette().color(QPalette::PlaceholderText));
        painter.drawText(area, Qt::AlignCenter, tr("Loss curve"));
        return;
    }
    double low = m_points.first().y();
    double high = low;
    for (const QPointF& point : m_points) {
        low = std::min(low, point.y());
        high = std::max(high, point.y());
    }
    if (high - low < 1e-6) high = low + 1.0;
    auto map = [&](QPointF point) {
        const double x = area.left() + area.width() * (point.x() - 1) / std::max(1, m_maxIteration - 1);
        const double y = area.bottom() - area.height() * (point.y() - low) / (high - low);
        return QPointF(x, y);
    };
    painter.setPen(QPen(palette().color(QPalette::Mid), 1, Qt::DashLine));
    for (int iteration : m_weightChanges) {
        const double x = map(QPointF(iteration, low)).x();
        painter.drawLine(QPointF(x, area.top()), QPointF(x, area.bottom()));
    }
    QPolygonF line;
    line.reserve(m_points.size());
    for (const QPointF& point : m_points) line.append(map(point));
    painter.setPen(QPen(kAccent, 1.5));
    painter.drawPolyline(line);
    painter.setPen(palette().color(QPalette::Text));
    painter.drawText(area.adjusted(4, 2, -4, -2), Qt::AlignTop | Qt::AlignRight,
                     QStringLiteral("%1").arg(std::pow(10.0, m_points.last().y()), 0, 'g', 3));
}

}  // namespace shuimo::ui
