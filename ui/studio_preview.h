#pragma once
// The preview as a view of the studio model: the current photo ("before") and
// its current painting ("after"), the live preview of its own run (never another
// photo's), and a comparison of two versions when the versions strip asks.

#include <QImage>
#include <QObject>

namespace shuimo::ui {

class PreviewView;
class StudioModel;

class StudioPreview : public QObject {
    Q_OBJECT
public:
    StudioPreview(StudioModel* model, PreviewView* view, QObject* parent = nullptr);
    // The photo and its current painting again (ends a comparison).
    void showCurrent();
    // Two versions of the current photo, the older as "before"; says what is compared.
    QString compare(int before, int after);

private:
    void onPhotoChanged();

    StudioModel* m_model;
    PreviewView* m_view;
    QImage m_photo;  // the current photo at preview size
};

}  // namespace shuimo::ui
