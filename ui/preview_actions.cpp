#include "preview_actions.h"

#include <QAction>
#include <QActionGroup>
#include <QMenu>
#include <utility>

#include "preview_view.h"

namespace shuimo::ui {

PreviewActions addPreviewActions(QMenu* menu, PreviewView* preview) {
    PreviewActions actions;
    QAction* zoomIn = menu->addAction(PreviewView::tr("Zoom &In"), preview, &PreviewView::zoomIn);
    zoomIn->setShortcut(QKeySequence::ZoomIn);
    QAction* zoomOut = menu->addAction(PreviewView::tr("Zoom &Out"), preview, &PreviewView::zoomOut);
    zoomOut->setShortcut(QKeySequence::ZoomOut);
    actions.zoomToFit = menu->addAction(PreviewView::tr("&Fit to Window"), preview, &PreviewView::zoomToFit);
    actions.zoomToFit->setShortcut(Qt::CTRL | Qt::Key_0);
    actions.actualSize = menu->addAction(PreviewView::tr("&Actual Size (100%)"), preview, &PreviewView::zoomActualSize);
    actions.actualSize->setShortcut(Qt::CTRL | Qt::Key_1);
    menu->addSeparator();
    auto* group = new QActionGroup(menu);
    const std::pair<QString, PreviewView::Mode> modes[] = {{PreviewView::tr("&Result Only"), PreviewView::Mode::Result},
                                                           {PreviewView::tr("&Before/After Split"), PreviewView::Mode::Split},
                                                           {PreviewView::tr("&Side by Side"), PreviewView::Mode::SideBySide}};
    int key = Qt::Key_2;
    for (const auto& [label, mode] : modes) {
        QAction* action = menu->addAction(label);
        action->setCheckable(true);
        action->setChecked(mode == preview->mode());
        action->setShortcut(Qt::CTRL | static_cast<Qt::Key>(key++));
        group->addAction(action);
        QObject::connect(action, &QAction::triggered, preview, [preview, mode = mode] { preview->setMode(mode); });
        actions.modes << action;
    }
    return actions;
}

}  // namespace shuimo::ui
