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
    QPainter painter(this);
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
    if (event->button() != Qt::LeftButton) return;
    m_drag = nearDivider(event->position()) ? Drag::Divider : Drag::Pan;
    m_lastMouse = event->position();
    if (m_drag == Drag::Pan) setCursor(Qt::ClosedHandCursor);
}

void PreviewView::mouseMoveEvent(QMouseEvent* event) {
    if (m_drag == Drag::Divider) {
        const QRectF target = imageRect(rect());
        if (target.width() > 0) setSplitPosition((event->position().x() - target.left()) / target.width());
    } else if (m_drag == Drag::Pan) {
        m_pan += event->position() - m_lastMouse;
        m_lastMouse = event->position();
        update();
    } else {
        setCursor(nearDivider(event->position()) ? Qt::SplitHCursor : Qt::OpenHandCursor);
    }
}

void PreviewView::mouseReleaseEvent(QMouseEvent*) {
    m_drag = Drag::None;
    unsetCursor();
}

void PreviewView::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    if (m_fit) Q_EMIT zoomChanged(zoom());
}

}  // namespace shuimo::ui
