#pragma once
// The Regions panel (issue 26, docs/REGIONS.md): the current photo's regions as a
// list (each in its overlay colour), the chosen region's kind (a style of its own,
// keep the photo, blank paper 留白), style and strength, and the tools that paint
// its mask on the preview — a soft brush, an eraser, a fill of similar colours —
// with their size and softness; automatic starts (sky, faces) and "Import Mask…".
// A view of the studio model: every edit is the model's (and one undo step); the
// overlay on the preview is drawn from the model's masks.

#include <QImage>
#include <QTimer>
#include <QWidget>
#include <functional>

#include "preview_view.h"
#include "region_masks.h"

class QCheckBox;
class QComboBox;
class QListWidget;
class QPushButton;
class QSlider;
class QToolButton;

namespace shuimo::ui {

class PreviewView;
class SliderSpin;
class StudioModel;
struct StyleEntry;

class RegionsPanel : public QWidget {
    Q_OBJECT
public:
    // `styles` lists the styles a region can take (the gallery's, named as it names them).
    RegionsPanel(StudioModel* model, PreviewView* preview, std::function<QList<StyleEntry>()> styles, QWidget* parent = nullptr);

    int currentRegion() const;
    void setCurrentRegion(int index);
    // The overlay and the tools act only while the panel is shown (its dock raised).
    void setActive(bool active);
    PreviewView::Tool tool() const;
    void setTool(int tool);  // PreviewView::Tool as int
    Brush brush() const;
    QListWidget* list() const { return m_list; }

private:
    void rebuild();        // the list and the chosen region's controls from the model
    void showRegion();     // the chosen region's controls
    void refreshOverlay(); // the preview's overlay from the model's masks
    void importMask();
    void automatic(const QString& which);
    void updateTool();

    StudioModel* m_model;
    PreviewView* m_preview;
    std::function<QList<StyleEntry>()> m_styles;
    bool m_active = false;
    bool m_showing = false;  // filling controls from the model: their signals are not edits
    QListWidget* m_list;
    QComboBox* m_kind;
    QComboBox* m_style;
    SliderSpin* m_strength;
    QToolButton* m_brushButton;
    QToolButton* m_eraserButton;
    QToolButton* m_fillButton;
    SliderSpin* m_size;
    SliderSpin* m_softness;
    QCheckBox* m_show;
    QPushButton* m_remove;
    QPushButton* m_clear;
    QTimer m_overlayTimer;  // coalesces a stroke's many changes into one overlay per frame
};

}  // namespace shuimo::ui
