#include "preferences_dialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QSettings>
#include <QSpinBox>
#include <QVBoxLayout>

#include "preferences.h"
#include "translations.h"

namespace shuimo::ui {

PreferencesDialog::PreferencesDialog(QWidget* parent) : QDialog(parent) {
    setWindowTitle(tr("Preferences"));
    m_language = new QComboBox(this);
    m_language->addItem(tr("System language"), QString());
    m_language->addItem(QStringLiteral("English"), QStringLiteral("en"));
    m_language->addItem(QStringLiteral("简体中文"), QStringLiteral("zh_CN"));
    const QString current = QSettings().value(QString::fromLatin1(kLanguageSetting)).toString();
    m_language->setCurrentIndex(std::max(0, m_language->findData(current)));
    auto* note = new QLabel(tr("The new language takes effect when Shuimo is restarted."), this);
    note->setWordWrap(true);
    m_previewInterval = new QSpinBox(this);
    m_previewInterval->setRange(kMinPreviewIntervalMs, kMaxPreviewIntervalMs);
    m_previewInterval->setSingleStep(50);
    m_previewInterval->setSuffix(tr(" ms"));
    m_previewInterval->setValue(previewIntervalMs());
    m_previewInterval->setToolTip(tr("How often the preview shows a running painting; shorter costs a little speed"));
    auto* form = new QFormLayout;
    form->addRow(tr("&Language:"), m_language);
    form->addRow(tr("&Preview every:"), m_previewInterval);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(note);
    layout->addWidget(buttons);
}

void PreferencesDialog::accept() {
    QSettings().setValue(QString::fromLatin1(kLanguageSetting), m_language->currentData().toString());
    setPreviewIntervalMs(m_previewInterval->value());
    QDialog::accept();
}

}  // namespace shuimo::ui
