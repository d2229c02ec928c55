#include "studio_preview.h"

#include "image_files.h"
#include "preview_view.h"
#include "studio_model.h"

namespace shuimo::ui {

StudioPreview::StudioPreview(StudioModel* model, PreviewView* view, QObject* parent)
    : QObject(parent), m_model(model), m_view(view) {
    connect(m_model, &StudioModel::currentPhotoChanged, this, &StudioPreview::onPhotoChanged);
    connect(m_model, &StudioModel::sessionReplaced, this, &StudioPreview::onPhotoChanged);
    connect(m_model, &StudioModel::versionsChanged, this, [this](const QString& photo) {
        if (photo == m_model->currentPhoto()) showCurrent();
    });
    // A clip's other frame: the new "before", the painting kept (it says which frame it was made from).
    connect(m_model, &StudioModel::clipFrameChanged, this, [this](const QString& photo, int frame) {
        if (photo != m_model->currentPhoto()) return;
        m_photo = readPreviewImage(photo, nullptr, frame);
        m_view->setBefore(m_photo);
    });
    // Previews of a run on another photo are not shown over this one.
    connect(m_model, &StudioModel::previewReady, this, [this](const QString& photo, const QImage& image) {
        if (photo == m_model->currentPhoto()) m_view->setAfter(image);
    });
}

void StudioPreview::onPhotoChanged() {
    // A run belongs to its photo: choosing another one neither restarts nor cancels it.
    QSize size;
    const QString photo = m_model->currentPhoto();
    m_photo = photo.isEmpty() ? QImage() : readPreviewImage(photo, &size, m_model->clipFrame(photo));
    showCurrent();
    m_view->zoomToFit();
}

void StudioPreview::showCurrent() {
    m_view->setBefore(m_photo);  // after a comparison, the photo again
    const session::Painting* painting = m_model->currentPainting();
    m_view->setAfter(painting ? toQImage(painting->image) : QImage());
}

QString StudioPreview::compare(int before, int after) {
    const session::Photo* photo = m_model->session().photo(m_model->currentPhoto());
    if (!photo || before < 0 || after >= static_cast<int>(photo->paintings.size())) return {};
    const session::Painting& older = photo->paintings[static_cast<std::size_t>(before)];
    const session::Painting& newer = photo->paintings[static_cast<std::size_t>(after)];
    m_view->setBefore(toQImage(older.image));
    m_view->setAfter(toQImage(newer.image));
    return tr("Comparing %1 (before) with %2 (after)").arg(StudioModel::versionName(older), StudioModel::versionName(newer));
}

}  // namespace shuimo::ui
