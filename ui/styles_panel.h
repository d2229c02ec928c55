#pragma once
// The Styles dock: the gallery of bundled and user styles, and a button to
// add the user's own references.

#include <QStringList>
#include <QWidget>

namespace shuimo::ui {

class StyleGallery;
class StudioModel;

class StylesPanel : public QWidget {
    Q_OBJECT
public:
    explicit StylesPanel(StudioModel* model, QWidget* parent = nullptr);
    StyleGallery* gallery() const { return m_gallery; }
    // Fills the gallery with the bundled styles, named in the interface
    // language. Returns why their list could not be read (empty if it could).
    QString loadBundledStyles();

Q_SIGNALS:
    // Image files the user chose as new style references.
    void referencesChosen(const QStringList& files);

private:
    StyleGallery* m_gallery = nullptr;
};

}  // namespace shuimo::ui
