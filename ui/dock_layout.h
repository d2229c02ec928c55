#pragma once
// Gives the preview the room on a narrow window: below kCompactWidth the Styles
// panel joins the Parameters panel as a tab of one column on the right; from
// kCompactWidth up it goes back to the left. It acts when the window's width
// crosses the line (and once when the window is first shown, unless it is wide and
// its saved arrangement was restored), so what the
// user arranges in between (panels moved, closed, floated) is left as it is.
// Floating panels are never moved.

#include <QObject>
#include <optional>

class QDockWidget;
class QMainWindow;
class QWidget;

namespace shuimo::ui {

// Brings a top-level window within the free area of the screen it is on (smaller, moved): a
// window saved on a larger screen, or on one since removed, comes back whole. DockLayout does it
// again when the window is first shown (its frame is known then).
void fitOntoScreen(QWidget* window);

class DockLayout : public QObject {
    Q_OBJECT
public:
    static constexpr int kCompactWidth = 1280;

    DockLayout(QMainWindow* window, QDockWidget* styles, QDockWidget* parameters);

    // True when the panels were last arranged for a narrow window.
    bool isCompact() const { return m_compact.value_or(false); }
    // Arranges the panels for a narrow (one tabbed column) or a wide window now.
    void arrange(bool compact);
    // Every panel shown and docked, arranged for the window's present width.
    void reset();
    // Whether the first show arranges the panels for the window's width even when it is wide
    // (true until a saved arrangement is restored: that one is kept).
    void setArrangeOnFirstShow(bool arrange) { m_arrangeOnFirstShow = arrange; }

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void onWidthChanged();

    QMainWindow* m_window;
    QDockWidget* m_styles;
    QDockWidget* m_parameters;
    std::optional<bool> m_compact;  // unset until the window is first shown
    bool m_pending = false;
    bool m_arrangeOnFirstShow = true;
};

}  // namespace shuimo::ui
