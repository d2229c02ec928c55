#pragma once
// The centre of the window: the photo and its painting, zoomable and pannable,
// shown as the result alone, split by a draggable before/after divider, or side
// by side. Paints in logical pixels, so it is sharp on high-DPI screens.

#include <QImage>
#include <QPointF>
#include <QWidget>

namespace shuimo::ui {

class PreviewView : public QWidget {
    Q_OBJECT
public:
    enum class Mode { Result, Split, SideBySide };
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

protected:
    void paintEvent(QPaintEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    QSize imageSize() const;
    double fitZoom(QSize area) const;
    double logicalScale() const;  // image pixels -> logical pixels
    QRectF imageRect(const QRectF& area) const;
    void setZoom(double zoom, QPointF anchor);
    bool nearDivider(QPointF position) const;

    QImage m_before;
    QImage m_after;
    Mode m_mode = Mode::Split;
    bool m_fit = true;
    double m_zoom = 1.0;      // device pixels per image pixel when not fitting
    QPointF m_pan;            // offset of the image centre from the area centre, logical pixels
    double m_split = 0.5;
    QString m_placeholder;
    enum class Drag { None, Pan, Divider } m_drag = Drag::None;
    QPointF m_lastMouse;
};

}  // namespace shuimo::ui
