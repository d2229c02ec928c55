#include "dock_layout.h"

#include <QDockWidget>
#include <QEvent>
#include <QGuiApplication>
#include <QScreen>
#include <QMainWindow>
#include <QTimer>
#include <algorithm>

namespace shuimo::ui {

void fitOntoScreen(QWidget* window) {
    const QScreen* screen = QGuiApplication::screenAt(window->geometry().center());
    if (!screen) screen = QGuiApplication::primaryScreen();
    const QRect free = screen ? screen->availableGeometry() : QRect();
    if (free.isEmpty() || free.contains(window->frameGeometry())) return;
    const QSize frame = window->frameGeometry().size() - window->geometry().size();
    const QSize size = window->geometry().size().boundedTo(free.size() - frame);
    window->resize(size);
    window->move(std::clamp(window->x(), free.left(), free.right() + 1 - size.width() - frame.width()),
                 std::clamp(window->y(), free.top(), free.bottom() + 1 - size.height() - frame.height()));
}

DockLayout::DockLayout(QMainWindow* window, QDockWidget* styles, QDockWidget* parameters)
    : QObject(window), m_window(window), m_styles(styles), m_parameters(parameters) {
    window->installEventFilter(this);
}

bool DockLayout::eventFilter(QObject* watched, QEvent* event) {
    if (watched == m_window && (event->type() == QEvent::Resize || event->type() == QEvent::Show) && !m_pending) {
        // After the event: the main window lays itself out for the new size first.
        m_pending = true;
        QTimer::singleShot(0, this, &DockLayout::onWidthChanged);
    }
    return QObject::eventFilter(watched, event);
}

void DockLayout::onWidthChanged() {
    m_pending = false;
    if (!m_window->isVisible()) return;
    const bool compact = m_window->width() < kCompactWidth;
    if (!m_compact) {
        fitOntoScreen(m_window);  // now that its frame is known
        // First shown: a wide window keeps an arrangement restored from the settings, unless
        // that is the narrow window's tabbed column (saved small, opened wide).
        const bool tabbed = m_window->tabifiedDockWidgets(m_parameters).contains(m_styles);
        if (compact || m_arrangeOnFirstShow || tabbed) arrange(compact);
        else m_compact = false;
        return;
    }
    if (compact != *m_compact) arrange(compact);
}

void DockLayout::arrange(bool compact) {
    m_compact = compact;
    if (m_styles->isFloating() || m_parameters->isFloating()) return;
    const bool stylesShown = !m_styles->isHidden();
    const int width = m_window->width();
    if (compact) {
        if (!m_window->tabifiedDockWidgets(m_parameters).contains(m_styles)) m_window->tabifyDockWidget(m_parameters, m_styles);
        m_styles->setVisible(stylesShown);
        m_parameters->raise();
        // One column of about a third of the window, never under the panels' own minimum.
        m_window->resizeDocks({m_parameters}, {std::clamp(width * 34 / 100, 280, 420)}, Qt::Horizontal);
    } else {
        if (m_window->dockWidgetArea(m_styles) != Qt::LeftDockWidgetArea) {
            m_window->addDockWidget(Qt::LeftDockWidgetArea, m_styles);
            m_styles->setVisible(stylesShown);
        }
        // About a fifth of the window each (the preview keeps more than half from 1280 px up).
        m_window->resizeDocks({m_styles, m_parameters}, {std::clamp(width * 19 / 100, 260, 380), std::clamp(width * 21 / 100, 320, 420)},
                              Qt::Horizontal);
    }
}

void DockLayout::reset() {
    for (QDockWidget* dock : {m_styles, m_parameters}) {
        dock->setFloating(false);
        dock->show();
    }
    if (m_window->dockWidgetArea(m_parameters) != Qt::RightDockWidgetArea)
        m_window->addDockWidget(Qt::RightDockWidgetArea, m_parameters);
    arrange(m_window->width() < kCompactWidth);
}

}  // namespace shuimo::ui
