#include "preview_view.h"

#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>
#include <QWheelEvent>
#include <cmath>

namespace shuimo::ui {
namespace {
constexpr double kMinZoom = 0.05;
constexpr double kMaxZoom = 16.0;
constexpr double kZoomStep = 1.25;
constexpr int kGap = 8;  // between the two images side by side
}  // namespace

PreviewView::PreviewView(QWidget* parent) : QWidget(parent) {
    setMinimumSize(240, 180);
    setMouseTracking(true);
    setFocusPolicy(Qt::StrongFocus);
    setBackgroundRole(QPalette::Dark);
    setAutoFillBackground(true);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
}

void PreviewView::setBefore(const QImage& image) {
    const bool newSize = image.size() != m_before.size();
    m_before = image;
    if (newSize && m_after.isNull()) m_pan = {};
    update();
}

void PreviewView::setAfter(const QImage& image) {
    m_after = image;
    update();
}

void PreviewView::setOverlay(const QImage& overlay) {
    m_overlay = overlay;
    update();
}

void PreviewView::setTool(Tool tool, double radius) {
    m_tool = tool;
    m_radius = radius;
    if (tool == Tool::None) unsetCursor();
    else setCursor(tool == Tool::Fill ? Qt::PointingHandCursor : Qt::CrossCursor);
    update();
}

QList<QRectF> PreviewView::imageRects() const {
    const QRectF whole = rect();
    if (m_mode != Mode::SideBySide) return {imageRect(whole)};
    const double half = (whole.width() - kGap) / 2.0;
    return {imageRect(QRectF(whole.left(), whole.top(), half, whole.height())),
            imageRect(QRectF(whole.left() + half + kGap, whole.top(), half, whole.height()))};
}

QRectF PreviewView::imageRectAt(QPointF position) const {
    const QList<QRectF> rects = imageRects();
    if (rects.size() == 2 && position.x() >= rects[1].left() - kGap / 2.0) return rects[1];
    return rects.front();
}

QPointF PreviewView::toOverlay(QPointF position) const {
    const QRectF target = imageRectAt(position);
    if (m_overlay.isNull() || target.isEmpty()) return {};
    return {(position.x() - target.left()) / target.width() * m_overlay.width(),
            (position.y() - target.top()) / target.height() * m_overlay.height()};
}

void PreviewView::setPlaceholderText(const QString& text) {
    m_placeholder = text;
    update();
}

void PreviewView::setMode(Mode mode) {
    m_mode = mode;
    m_pan = {};
    update();
}

QSize PreviewView::imageSize() const {
    // The painting may be smaller or larger than the photo: show both at the photo's aspect, painting's size wins.
    if (!m_after.isNull()) return m_after.size();
    return m_before.size();
}

double PreviewView::fitZoom(QSize area) const {
    const QSize image = imageSize();
    if (image.isEmpty()) return 1.0;
    const double dpr = devicePixelRatioF();
    return std::min(area.width() * dpr / image.width(), area.height() * dpr / image.height());
}

double PreviewView::zoom() const {
    if (!m_fit) return m_zoom;
    QSize area = size();
    if (m_mode == Mode::SideBySide) area.setWidth((area.width() - kGap) / 2);
    return std::min(fitZoom(area), 1.0 * 8);
}

double PreviewView::logicalScale() const {
    return zoom() / devicePixelRatioF();
}

QRectF PreviewView::imageRect(const QRectF& area) const {
    const QSize image = imageSize();
    const QSizeF shown(image.width() * logicalScale(), image.height() * logicalScale());
    QRectF rect(QPointF(), shown);
    rect.moveCenter(area.center() + m_pan);
    return rect;
}

void PreviewView::paintEvent(QPaintEvent*) {
    {
        QPainter painter(this);
        paintImages(painter);
    }
    if (imageSize().isEmpty() || (m_overlay.isNull() && m_tool == Tool::None)) return;
    QPainter painter(this);
    painter.setRenderHint(QPainter::SmoothPixmapTransform);
    for (const QRectF& target : imageRects()) {
        if (!m_overlay.isNull()) painter.drawImage(target, m_overlay);
    }
    // The brush's outline where the mouse is, at its size on the screen.
    if ((m_tool == Tool::Brush || m_tool == Tool::Eraser) && m_hover.x() >= 0 && !m_overlay.isNull()) {
        const QRectF target = imageRectAt(m_hover);
        const double r = m_radius * target.width() / m_overlay.width();
        painter.setRenderHint(QPainter::Antialiasing);
        painter.setBrush(Qt::NoBrush);
        painter.setPen(QPen(QColor(0, 0, 0, 160), 3));
        painter.drawEllipse(m_hover, r, r);
        painter.setPen(QPen(QColor(255, 255, 255, 220), 1.5));
        painter.drawEllipse(m_hover, r, r);
    }
}

void PreviewView::paintImages(QPainter& painter) {
    // Smooth when fitting (coarse-level previews are small); sharp pixels when inspecting up close.
    painter.setRenderHint(QPainter::SmoothPixmapTransform, m_fit || zoom() < 2.0);
    if (imageSize().isEmpty()) {
        painter.setPen(palette().color(QPalette::BrightText));
        painter.drawText(rect().adjusted(24, 24, -24, -24), Qt::AlignCenter | Qt::TextWordWrap, m_placeholder);
        return;
    }
    const QImage& after = m_after.isNull() ? m_before : m_after;
    const QRectF whole = rect();
    if (m_mode == Mode::SideBySide) {
        const double half = (whole.width() - kGap) / 2.0;
        const QRectF left(whole.left(), whole.top(), half, whole.height());
        const QRectF right(whole.left() + half + kGap, whole.top(), half, whole.height());
        painter.save();
        painter.setClipRect(left);
        painter.drawImage(imageRect(left), m_before.isNull() ? after : m_before);
        painter.restore();
        painter.setClipRect(right);
        painter.drawImage(imageRect(right), after);
        return;
    }
    const QRectF target = imageRect(whole);
    if (m_mode == Mode::Result || m_before.isNull() || m_after.isNull()) {
        painter.drawImage(target, after);
        return;
    }
    const double x = target.left() + target.width() * m_split;
    painter.save();
    painter.setClipRect(QRectF(whole.left(), whole.top(), x - whole.left(), whole.height()));
    painter.drawImage(target, m_before);
    painter.restore();
    painter.save();
    painter.setClipRect(QRectF(x, whole.top(), whole.right() - x, whole.height()));
    painter.drawImage(target, m_after);
    painter.restore();
    // The divider with a round grip, in the palette's highlight colour.
    const QColor line = palette().color(QPalette::Highlight);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setPen(QPen(line, 2));
    painter.drawLine(QPointF(x, target.top()), QPointF(x, target.bottom()));
    painter.setBrush(palette().color(QPalette::Base));
    const QPointF grip(x, std::clamp(whole.center().y(), target.top() + 12, target.bottom() - 12));
    painter.drawEllipse(grip, 10, 10);
    painter.setPen(QPen(palette().color(QPalette::Text), 1.5));
    painter.drawLine(grip + QPointF(-5, 0), grip + QPointF(-2, -3));
    painter.drawLine(grip + QPointF(-5, 0), grip + QPointF(-2, 3));
    painter.drawLine(grip + QPointF(5, 0), grip + QPointF(2, -3));
    painter.drawLine(grip + QPointF(5, 0), grip + QPointF(2, 3));
}

void PreviewView::setZoom(double zoom, QPointF anchor) {
    const double old = logicalScale();
    m_zoom = std::clamp(zoom, kMinZoom, kMaxZoom);
    m_fit = false;
    // Keep the image point under `anchor` where it is.
    const QPointF centre = QRectF(rect()).center() + m_pan;
    const double ratio = logicalScale() / old;
    m_pan = anchor + (centre - anchor) * ratio - QRectF(rect()).center();
    update();
    Q_EMIT zoomChanged(m_zoom);
}

void PreviewView::zoomIn() {
    setZoom(zoom() * kZoomStep, QRectF(rect()).center());
}

void PreviewView::zoomOut() {
    setZoom(zoom() / kZoomStep, QRectF(rect()).center());
}

void PreviewView::zoomToFit() {
    m_fit = true;
    m_pan = {};
    update();
    Q_EMIT zoomChanged(zoom());
}

void PreviewView::zoomActualSize() {
    m_pan = {};
    setZoom(1.0, QRectF(rect()).center());
    m_pan = {};
    update();
}

void PreviewView::setSplitPosition(double position) {
    m_split = std::clamp(position, 0.0, 1.0);
    update();
}

bool PreviewView::nearDivider(QPointF position) const {
    if (m_mode != Mode::Split || m_before.isNull() || m_after.isNull()) return false;
    const QRectF target = imageRect(rect());
    return std::abs(position.x() - (target.left() + target.width() * m_split)) <= 8;
}

void PreviewView::wheelEvent(QWheelEvent* event) {
    const double steps = event->angleDelta().y() / 120.0;
    if (steps == 0.0) return;
    setZoom(zoom() * std::pow(kZoomStep, steps), event->position());
    event->accept();
}

void PreviewView::mousePressEvent(QMouseEvent* event) {
    const bool tool = m_tool != Tool::None && !m_overlay.isNull();
    if (tool && event->button() == Qt::LeftButton) {
        const QPointF at = toOverlay(event->position());
        if (m_tool == Tool::Fill) {
            Q_EMIT fillClicked(at);
            return;
        }
        m_drag = Drag::Stroke;
        m_lastStroke = at;
        Q_EMIT strokeStarted(at);
        return;
    }
    // With a tool the left button paints: the right or middle one pans.
    if (event->button() != (tool ? Qt::RightButton : Qt::LeftButton) && !(tool && event->button() == Qt::MiddleButton)) return;
    m_drag = nearDivider(event->position()) ? Drag::Divider : Drag::Pan;
    m_lastMouse = event->position();
    if (m_drag == Drag::Pan) setCursor(Qt::ClosedHandCursor);
}

void PreviewView::mouseMoveEvent(QMouseEvent* event) {
    if (m_tool != Tool::None) {
        m_hover = event->position();
        update();
    }
    if (m_drag == Drag::Stroke) {
        const QPointF at = toOverlay(event->position());
        Q_EMIT strokeMoved(m_lastStroke, at);
        m_lastStroke = at;
        return;
    }
    if (m_drag == Drag::Divider) {
        const QRectF target = imageRect(rect());
        if (target.width() > 0) setSplitPosition((event->position().x() - target.left()) / target.width());
    } else if (m_drag == Drag::Pan) {
        m_pan += event->position() - m_lastMouse;
        m_lastMouse = event->position();
        update();
    } else if (m_tool == Tool::None) {
        setCursor(nearDivider(event->position()) ? Qt::SplitHCursor : Qt::OpenHandCursor);
    }
}

void PreviewView::mouseReleaseEvent(QMouseEvent*) {
    const bool stroke = m_drag == Drag::Stroke;
    m_drag = Drag::None;
    if (stroke) Q_EMIT strokeEnded();
    if (m_tool == Tool::None) unsetCursor();
    else setTool(m_tool, m_radius);  // its cursor again after a pan
}

void PreviewView::leaveEvent(QEvent* event) {
    m_hover = {-1, -1};
    update();
    QWidget::leaveEvent(event);
}

void PreviewView::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    if (m_fit) Q_EMIT zoomChanged(zoom());
}

}  // namespace shuimo::ui
