#include "clip_bar.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QSlider>
#include <algorithm>

#include "studio_model.h"

namespace shuimo::ui {

ClipBar::ClipBar(StudioModel* model, QWidget* parent) : QWidget(parent), m_model(model) {
    setObjectName(QStringLiteral("ClipBar"));
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_label = new QLabel(this);
    m_slider = new QSlider(Qt::Horizontal, this);
    m_slider->setObjectName(QStringLiteral("ClipFrameSlider"));
    m_slider->setTracking(false);  // the frame is decoded and taken when the slider is let go
    m_slider->setToolTip(tr("The clip's frame the preview shows and Run paints, to tune the settings on"));
    m_export = new QPushButton(tr("Export Video…"), this);
    m_export->setToolTip(tr("Paint every frame of the clip with these settings, in the background (File > Export Video)"));
    layout->addWidget(m_label);
    layout->addWidget(m_slider, 1);
    layout->addWidget(m_export);
    connect(m_slider, &QSlider::sliderMoved, this, &ClipBar::showFrame);
    connect(m_slider, &QSlider::valueChanged, this, [this](int frame) {
        showFrame(frame);
        if (!m_filling) m_model->setClipFrame(m_model->currentPhoto(), frame);
    });
    connect(m_export, &QPushButton::clicked, this, &ClipBar::exportRequested);
    connect(m_model, &StudioModel::currentPhotoChanged, this, &ClipBar::showPhoto);
    connect(m_model, &StudioModel::sessionReplaced, this, &ClipBar::showPhoto);
    connect(m_model, &StudioModel::photosChanged, this, &ClipBar::showPhoto);
    connect(m_model, &StudioModel::clipFrameChanged, this, [this](const QString& photo) {
        if (photo == m_model->currentPhoto()) showPhoto();
    });
    showPhoto();
}

QString ClipBar::text() const { return m_label->text(); }

void ClipBar::showPhoto() {
    const QString photo = m_model->currentPhoto();
    const bool clip = !photo.isEmpty() && StudioModel::isClip(photo);
    setVisible(clip);
    if (!clip) return;
    m_facts = clipFacts(photo);
    m_filling = true;
    m_slider->setRange(0, static_cast<int>(std::max<qint64>(m_facts.frames, 1) - 1));
    m_slider->setValue(m_model->clipFrame(photo));
    m_filling = false;
    showFrame(m_slider->value());
}

void ClipBar::showFrame(int frame) {
    const double seconds = m_facts.rate > 0.0 ? frame / m_facts.rate : 0.0;
    m_label->setText(tr("Frame %1 of %2 (%3 s)").arg(frame + 1).arg(m_facts.frames).arg(QLocale().toString(seconds, 'f', 2)));
}

}  // namespace shuimo::ui
