#pragma once
// The View menu's actions on the preview: zoom in and out, fit, 100 %, and the
// three modes (result only, before/after split, side by side) as one group.

#include <QList>

class QAction;
class QMenu;

namespace shuimo::ui {

class PreviewView;

struct PreviewActions {
    QAction* zoomToFit = nullptr;
    QAction* actualSize = nullptr;
    QList<QAction*> modes;  // checkable, exclusive; Ctrl+2, Ctrl+3, Ctrl+4
};

// Adds the actions to `menu`; they act on `preview` and belong to the menu.
PreviewActions addPreviewActions(QMenu* menu, PreviewView* preview);

}  // namespace shuimo::ui
