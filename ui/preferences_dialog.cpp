#include "preferences_dialog.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QSettings>
#include <QSpinBox>
#include <QVBoxLayout>

#include "preferences.h"
#include "shuimo/engine/host_memory.h"
#include "shuimo/engine/job_plan.h"
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
    m_memoryLimit = new QDoubleSpinBox(this);
    m_memoryLimit->setRange(0.0, kMaxMemoryLimitGiB);
    m_memoryLimit->setDecimals(1);
    m_memoryLimit->setSingleStep(0.5);
    m_memoryLimit->setSuffix(tr(" GB"));
    m_memoryLimit->setSpecialValueText(tr("Automatic"));  // 0
    m_memoryLimit->setValue(memoryLimitGiB());
    const std::uint64_t available = engine::host_available_memory();
    const double gib = 1024.0 * 1024.0 * 1024.0;
    auto* memoryNote = new QLabel(this);
    memoryNote->setWordWrap(true);
    memoryNote->setText(available == 0
                            ? tr("Automatic fits each painting to the memory available when it starts.")
                            : tr("Automatic fits each painting to the memory available when it starts: now %1 GB, of which "
                                 "it would use %2 GB, leaving a tenth and 0.5 GB for other programs. Large prints are "
                                 "painted in tiles to fit.")
                                  .arg(static_cast<double>(available) / gib, 0, 'f', 1)
                                  .arg(static_cast<double>(engine::automatic_memory_budget(available)) / gib, 0, 'f', 1));
    m_memoryLimit->setToolTip(tr("The most memory a painting may use; a print that needs more is painted in tiles"));
    auto* form = new QFormLayout;
    form->addRow(tr("&Language:"), m_language);
    form->addRow(tr("&Preview every:"), m_previewInterval);
    form->addRow(tr("&Use at most:"), m_memoryLimit);
    form->addRow(memoryNote);
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
    setMemoryLimitGiB(m_memoryLimit->value());
    QDialog::accept();
}

}  // namespace shuimo::ui
