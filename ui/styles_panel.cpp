#include "styles_panel.h"

#include <QFileDialog>
#include <QPushButton>
#include <QSettings>
#include <QVBoxLayout>

#include "style_gallery.h"
#include "style_library.h"
#include "translations.h"

namespace shuimo::ui {

StylesPanel::StylesPanel(StudioModel* model, QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    m_gallery = new StyleGallery(model, this);
    auto* addStyle = new QPushButton(tr("Add Your Own Style…"), this);
    connect(addStyle, &QPushButton::clicked, this, [this] {
        const QStringList files = QFileDialog::getOpenFileNames(
            this, tr("Add Style References"), QString(), tr("Images (%1)").arg(imageFileFilters().join(QLatin1Char(' '))));
        Q_EMIT referencesChosen(files);
    });
    layout->addWidget(m_gallery, 1);
    layout->addWidget(addStyle);
    setMinimumWidth(fontMetrics().averageCharWidth() * 52);
}

QString StylesPanel::loadBundledStyles() {
    QString error;
    const QString language = resolveLanguage(QSettings().value(QString::fromLatin1(kLanguageSetting)).toString());
    m_gallery->setEntries(loadStyleEntries(findStylesDir(), language, &error));
    return error;
}

}  // namespace shuimo::ui
