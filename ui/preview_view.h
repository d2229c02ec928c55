#pragma once
// The centre of the window: the photo and its painting, zoomable and pannable,
// shown as the result alone, split by a draggable before/after divider, or side
// by side. Paints in logical pixels, so it is sharp on high-DPI screens.

#include <QImage>
#include <QList>
#include <QPointF>
#include <QWidget>

class QPainter;

namespace shuimo::ui {

class PreviewView : public QWidget {
    Q_OBJECT
public:
    enum class Mode { Result, Split, SideBySide };
    enum class Tool { None, Brush, Eraser, Fill };
    explicit PreviewView(QWidget* parent = nullptr);

    void setBefore(const QImage& image);
    void setAfter(const QImage& image);
    const QImage& before() const { return m_before; }
    const QImage& after() const { return m_after; }
    Mode mode() const { return m_mode; }
    double zoom() const;          // 1 = one image pixel per device pixel
    bool fitsWindow() const { return m_fit; }
    double splitPosition() const { return m_split; }  // 0..1 across the image
    void setPlaceholderText(const QString& text);
    // The regions' overlay (regionOverlay: at the mask size, stretched over the image); null: none.
    void setOverlay(const QImage& overlay);
    const QImage& overlay() const { return m_overlay; }
    // The tool the left button uses, and the brush's radius in overlay pixels (drawn as the cursor).
    void setTool(Tool tool, double radius = 0.0);
    Tool tool() const { return m_tool; }
    // A widget position in overlay (mask) pixels, over the image under it.
    QPointF toOverlay(QPointF position) const;

public Q_SLOTS:
    void setMode(shuimo::ui::PreviewView::Mode mode);
    void zoomIn();
    void zoomOut();
    void zoomToFit();
    void zoomActualSize();
    void setSplitPosition(double position);

Q_SIGNALS:
    void zoomChanged(double zoom);
    void filesDropped(const QStringList& paths);
    // Region tools, in overlay pixels: a stroke (Brush, Eraser) and a click (Fill).
    void strokeStarted(QPointF at);
    void strokeMoved(QPointF from, QPointF to);
    void strokeEnded();
    void fillClicked(QPointF at);

protected:
    void paintEvent(QPaintEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void leaveEvent(QEvent* event) override;

private:
    QSize imageSize() const;
    double fitZoom(QSize area) const;
    double logicalScale() const;  // image pixels -> logical pixels
    QRectF imageRect(const QRectF& area) const;
    void setZoom(double zoom, QPointF anchor);
    bool nearDivider(QPointF position) const;
    // The image's rectangle(s) as painted: one, or two side by side; the one under `position`.
    QList<QRectF> imageRects() const;
    void paintImages(QPainter& painter);
    QRectF imageRectAt(QPointF position) const;

    QImage m_before;
    QImage m_after;
    Mode m_mode = Mode::Split;
    bool m_fit = true;
    double m_zoom = 1.0;      // device pixels per image pixel when not fitting
    QPointF m_pan;            // offset of the image centre from the area centre, logical pixels
    double m_split = 0.5;
    QString m_placeholder;
    QImage m_overlay;
    Tool m_tool = Tool::None;
    double m_radius = 0.0;
    QPointF m_hover{-1, -1};  // the mouse over the widget (the brush's outline); negative: away
    QPointF m_lastStroke;
    enum class Drag { None, Pan, Divider, Stroke } m_drag = Drag::None;
    QPointF m_lastMouse;
};

}  // namespace shuimo::ui
