#include "size_control.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QVBoxLayout>
#include <algorithm>

#include "control_presets.h"
#include "shuimo/engine/param_table.h"

namespace shuimo::ui {
namespace {

// Screen sizes (long side); every quality preset's size is among them.
constexpr int kScreenSizes[] = {384, 512, 768, 1024, 1536, 2048, 3072, 3840};

int maximumPixels() { return static_cast<int>(engine::find_param_field("size")->high); }

}  // namespace

SizeControl::SizeControl(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);

    m_choices = new QComboBox(this);
    m_choices->addItem(tr("Photo's own size"), 0);
    for (int size : kScreenSizes) m_choices->addItem(size == 3840 ? tr("%1 px (4K)").arg(size) : tr("%1 px").arg(size), size);
    m_choices->insertSeparator(m_choices->count());
    for (const PrintPreset& print : printPresets()) {
        const int pixels = pixelsForPrint(print.long_side_cm, print.dpi);
        m_choices->addItem(tr("%1 print, %2 dpi (%3 px)").arg(QString::fromLatin1(print.name)).arg(print.dpi).arg(pixels), pixels);
        m_choices->setItemData(m_choices->count() - 1,
                               tr("Long side %1 cm at %2 dpi").arg(QLocale().toString(print.long_side_cm, 'f', 1)).arg(print.dpi),
                               Qt::ToolTipRole);
    }
    m_choices->insertSeparator(m_choices->count());
    m_choices->addItem(tr("Custom size in pixels"), kCustomPixels);
    m_choices->addItem(tr("Custom print size (cm)"), kCustomPrint);
    m_choices->setToolTip(tr("The painting's long side; the short side follows the photo's shape"));
    m_choices->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_choices->setMinimumContentsLength(12);
    layout->addWidget(m_choices);

    m_pixelRow = new QWidget(this);
    auto* pixelLayout = new QHBoxLayout(m_pixelRow);
    pixelLayout->setContentsMargins(0, 0, 0, 0);
    m_pixels = new QSpinBox(m_pixelRow);
    m_pixels->setRange(16, maximumPixels());
    m_pixels->setSingleStep(64);
    m_pixels->setSuffix(tr(" px"));
    m_pixels->setKeyboardTracking(false);
    m_pixels->setToolTip(tr("Long side in pixels"));
    pixelLayout->addWidget(m_pixels, 1);
    layout->addWidget(m_pixelRow);

    m_printRow = new QWidget(this);
    auto* printLayout = new QVBoxLayout(m_printRow);
    printLayout->setContentsMargins(0, 0, 0, 0);
    auto* printFields = new QHBoxLayout;
    m_printLength = new QDoubleSpinBox(m_printRow);
    m_printLength->setRange(1.0, 500.0);
    m_printLength->setDecimals(1);
    m_printLength->setValue(30.0);
    m_printLength->setSuffix(tr(" cm"));
    m_printLength->setKeyboardTracking(false);
    m_printLength->setToolTip(tr("Long side of the print in centimetres"));
    m_printDpi = new QSpinBox(m_printRow);
    m_printDpi->setRange(50, 1200);
    m_printDpi->setValue(300);
    m_printDpi->setSingleStep(50);
    m_printDpi->setSuffix(tr(" dpi"));
    m_printDpi->setKeyboardTracking(false);
    m_printDpi->setToolTip(tr("Print resolution in dots per inch (300 for photo prints)"));
    printFields->addWidget(m_printLength, 1);
    printFields->addWidget(m_printDpi, 1);
    printLayout->addLayout(printFields);
    m_printNote = new QLabel(m_printRow);
    m_printNote->setWordWrap(true);
    m_printNote->setForegroundRole(QPalette::PlaceholderText);
    printLayout->addWidget(m_printNote);
    layout->addWidget(m_printRow);

    setFocusProxy(m_choices);
    showCustom(0);

    connect(m_choices, &QComboBox::activated, this, &SizeControl::onChoice);
    connect(m_pixels, &QSpinBox::valueChanged, this, [this](int pixels) {
        if (!m_updating) setValueFromEdit(pixels);
    });
    const auto onPrint = [this] {
        updatePrintNote();
        if (!m_updating) setValueFromEdit(std::min(pixelsForPrint(m_printLength->value(), m_printDpi->value()), maximumPixels()));
    };
    connect(m_printLength, &QDoubleSpinBox::valueChanged, this, onPrint);
    connect(m_printDpi, &QSpinBox::valueChanged, this, onPrint);
    setValue(512);
}

void SizeControl::showCustom(int mode) {
    m_pixelRow->setVisible(mode == kCustomPixels);
    m_printRow->setVisible(mode == kCustomPrint);
}

void SizeControl::updatePrintNote() {
    const int pixels = pixelsForPrint(m_printLength->value(), m_printDpi->value());
    if (pixels > maximumPixels()) {
        m_printNote->setText(tr("At most %1 px: %2 cm at this resolution")
                                 .arg(maximumPixels())
                                 .arg(QLocale().toString(centimetresForPixels(maximumPixels(), m_printDpi->value()), 'f', 1)));
    } else {
        m_printNote->setText(tr("%1 px on the long side").arg(pixels));
    }
}

bool SizeControl::choose(int data) {
    const int index = m_choices->findData(data);
    if (index < 0) return false;
    m_choices->setCurrentIndex(index);
    onChoice(index);
    return true;
}

void SizeControl::onChoice(int index) {
    const int data = m_choices->itemData(index).toInt();
    showCustom(data < 0 ? data : 0);
    if (data >= 0) {
        setValueFromEdit(data);
    } else if (data == kCustomPixels) {
        {
            const QSignalBlocker blocker(m_pixels);
            m_pixels->setValue(m_value > 0 ? m_value : 1024);
        }
        setValueFromEdit(m_pixels->value());
    } else {
        {
            const QSignalBlocker lengthBlocker(m_printLength);
            if (m_value > 0) m_printLength->setValue(centimetresForPixels(m_value, m_printDpi->value()));
        }
        updatePrintNote();
        setValueFromEdit(std::min(pixelsForPrint(m_printLength->value(), m_printDpi->value()), maximumPixels()));
    }
}

void SizeControl::setValueFromEdit(int pixels) {
    if (pixels == m_value) return;
    m_value = pixels;
    Q_EMIT valueChanged(pixels);
}

void SizeControl::setValue(int pixels) {
    m_updating = true;
    const int mode = m_choices->currentData().toInt();
    const bool printStillMatches = mode == kCustomPrint &&
                                   std::min(pixelsForPrint(m_printLength->value(), m_printDpi->value()), maximumPixels()) == pixels;
    if (!printStillMatches) {
        const int index = m_choices->findData(pixels);
        if (index >= 0 && pixels >= 0) {
            m_choices->setCurrentIndex(index);
            showCustom(0);
        } else {
            m_choices->setCurrentIndex(m_choices->findData(kCustomPixels));
            m_pixels->setValue(pixels);
            showCustom(kCustomPixels);
        }
    }
    m_updating = false;
    setValueFromEdit(pixels);
}

}  // namespace shuimo::ui
