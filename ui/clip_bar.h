#pragma once
// Under the preview while the current photo is a clip (issue 27): which frame the preview shows and a
// run paints (a slider over the clip's frames, taken when it is let go), and Export Video, which
// paints every frame in the background (video_export.h).

#include <QWidget>

#include "image_files.h"

class QLabel;
class QPushButton;
class QSlider;

namespace shuimo::ui {

class StudioModel;

class ClipBar : public QWidget {
    Q_OBJECT
public:
    ClipBar(StudioModel* model, QWidget* parent = nullptr);
    QSlider* slider() const { return m_slider; }
    QPushButton* exportButton() const { return m_export; }
    QString text() const;

Q_SIGNALS:
    void exportRequested();

private:
    void showPhoto();
    void showFrame(int frame);

    StudioModel* m_model;
    QLabel* m_label;
    QSlider* m_slider;
    QPushButton* m_export;
    ClipFacts m_facts;
    bool m_filling = false;
};

}  // namespace shuimo::ui
