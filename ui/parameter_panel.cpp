#include "parameter_panel.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QToolButton>
#include <QLabel>
#include <QLineEdit>
#include <QSpinBox>
#include <QVBoxLayout>

#include <QRegularExpressionValidator>

#include "shuimo/engine/param_table.h"
#include "slider_spin.h"

namespace shuimo::ui {
namespace {

constexpr int kSizePresets[] = {384, 512, 768, 1024, 1536, 2048, 3072, 3840};

QString joinLayers(const std::vector<std::string>& layers) {
    QStringList names;
    for (const auto& layer : layers) names << QString::fromStdString(layer);
    return names.join(QStringLiteral(", "));
}

const engine::ParamField& rangeOf(std::string_view key) { return *engine::find_param_field(key); }

std::vector<std::string> splitLayers(const QString& text) {
    std::vector<std::string> layers;
    for (const QString& part : text.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        const QString name = part.trimmed();
        if (!name.isEmpty()) layers.push_back(name.toStdString());
    }
    return layers;
}

}  // namespace

ParameterPanel::ParameterPanel(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    auto* form = new QFormLayout;
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    layout->addLayout(form);

    m_quality = new QComboBox(this);
    m_quality->addItems({tr("Draft"), tr("Standard"), tr("High"), tr("Print"), tr("Custom")});
    m_quality->setToolTip(tr("Sets output size and iterations at once"));
    form->addRow(tr("&Quality:"), m_quality);

    m_style = new SliderSpin(1e2, 1e9, 0, SliderSpin::Scale::Log, this);
    m_style->setToolTip(tr("How strongly the result follows the style references (style weight, log scale)"));
    form->addRow(tr("&Style strength:"), m_style);
    m_content = new SliderSpin(0.0, 10.0, 2, SliderSpin::Scale::Linear, this);
    m_content->setToolTip(tr("How closely the result keeps the photo's shapes (content weight)"));
    form->addRow(tr("&Content weight:"), m_content);
    m_smoothness = new SliderSpin(0.0, 100.0, 2, SliderSpin::Scale::Linear, this);
    m_smoothness->setToolTip(tr("Total-variation weight: higher is smoother; too high turns the image flat grey"));
    form->addRow(tr("S&moothness:"), m_smoothness);
    m_iterations = new SliderSpin(10, 3000, 0, SliderSpin::Scale::Linear, this);
    m_iterations->setToolTip(tr("Optimisation steps over all levels: more is slower and more refined"));
    form->addRow(tr("&Iterations:"), m_iterations);

    auto* sizeWidget = new QWidget(this);  // a widget, not a layout: the label's mnemonic needs a buddy
    auto* sizeRow = new QHBoxLayout(sizeWidget);
    sizeRow->setContentsMargins(0, 0, 0, 0);
    m_sizePreset = new QComboBox(sizeWidget);
    for (int size : kSizePresets) {
        m_sizePreset->addItem(size == 3840 ? tr("%1 px (4K)").arg(size) : tr("%1 px").arg(size), size);
    }
    m_size = new QSpinBox(sizeWidget);
    // The table's range; 0 is "the photo's own size" (a preset or the CLI can hold it).
    m_size->setRange(static_cast<int>(rangeOf("size").low), static_cast<int>(rangeOf("size").high));
    m_size->setSpecialValueText(tr("Photo's size"));
    m_size->setSingleStep(64);
    m_size->setSuffix(tr(" px"));
    m_size->setKeyboardTracking(false);
    sizeRow->addWidget(m_sizePreset, 1);
    sizeRow->addWidget(m_size);
    form->addRow(tr("Output si&ze:"), sizeWidget);
    sizeWidget->setFocusProxy(m_size);
    m_estimate = new QLabel(this);
    m_estimate->setWordWrap(true);
    m_estimate->setForegroundRole(QPalette::PlaceholderText);
    form->addRow(QString(), m_estimate);

    m_styleScale = new SliderSpin(0.25, 2.0, 2, SliderSpin::Scale::Linear, this);
    m_styleScale->setToolTip(tr("Size of the style's brush strokes relative to the output"));
    form->addRow(tr("St&yle scale:"), m_styleScale);
    m_preserveColors = new QCheckBox(tr("&Preserve the photo's colours"), this);
    form->addRow(QString(), m_preserveColors);
    m_colourStrength = new SliderSpin(0.0, 1.0, 2, SliderSpin::Scale::Linear, this);
    m_colourStrength->setToolTip(tr("0 = grey, 1 = full colour (the photo's when preserving its colours, else the painting's)"));
    form->addRow(tr("Colour stren&gth:"), m_colourStrength);
    m_monochromeInk = new QCheckBox(tr("&Monochrome ink on the style's paper"), this);
    m_monochromeInk->setToolTip(tr("The result as ink tones on the paper colour of the first style"));
    form->addRow(QString(), m_monochromeInk);

    // A disclosure button rather than a group box: nothing is drawn while it is closed.
    m_advancedToggle = new QToolButton(this);
    m_advancedToggle->setText(tr("Advanced"));
    m_advancedToggle->setCheckable(true);
    m_advancedToggle->setAutoRaise(true);
    m_advancedToggle->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_advancedToggle->setArrowType(Qt::RightArrow);
    m_advanced = buildAdvanced();
    m_advanced->setVisible(false);
    connect(m_advancedToggle, &QToolButton::toggled, this, [this](bool open) {
        m_advanced->setVisible(open);
        m_advancedToggle->setArrowType(open ? Qt::DownArrow : Qt::RightArrow);
    });
    layout->addWidget(m_advancedToggle);
    layout->addWidget(m_advanced);
    layout->addStretch();

    m_commitTimer.setSingleShot(true);
    m_commitTimer.setInterval(400);
    connect(&m_commitTimer, &QTimer::timeout, this, [this] {
        const engine::StyleParams now = params();
        const engine::StyleParams before = m_committed;
        m_committed = now;
        Q_EMIT paramsCommitted(before, now);
    });

    // Each widget writes its own field of the copy being edited (and nothing else), so fields
    // the panel shows no widget for, or shows only approximately, survive untouched.
    const auto edit = [this](auto&& write) {
        if (m_updating) return;
        write(m_params);
        onEdited();
    };
    const auto onSlider = [this, edit](SliderSpin* slider, double engine::StyleParams::*field) {
        connect(slider, &SliderSpin::valueChanged, this, [edit, field](double value) {
            edit([&](engine::StyleParams& p) { p.*field = value; });
        });
    };
    onSlider(m_style, &engine::StyleParams::style_weight);
    onSlider(m_content, &engine::StyleParams::content_weight);
    onSlider(m_smoothness, &engine::StyleParams::tv_weight);
    onSlider(m_styleScale, &engine::StyleParams::style_scale);
    onSlider(m_colourStrength, &engine::StyleParams::colour_strength);
    connect(m_iterations, &SliderSpin::valueChanged, this, [edit](double value) {
        edit([&](engine::StyleParams& p) { p.iterations = static_cast<int>(value); });
    });
    connect(m_size, &QSpinBox::valueChanged, this, [this, edit](int size) {
        const QSignalBlocker blocker(m_sizePreset);
        const int index = m_sizePreset->findData(size);
        if (index >= 0) m_sizePreset->setCurrentIndex(index);
        edit([&](engine::StyleParams& p) { p.size = size; });
    });
    connect(m_sizePreset, &QComboBox::activated, this,
            [this](int index) { m_size->setValue(m_sizePreset->itemData(index).toInt()); });
    connect(m_quality, &QComboBox::activated, this, [this](int index) {
        if (index < 4) applyQualityPreset(index);
    });
    connect(m_preserveColors, &QCheckBox::toggled, this,
            [edit](bool on) { edit([&](engine::StyleParams& p) { p.preserve_colors = on; }); });
    connect(m_monochromeInk, &QCheckBox::toggled, this,
            [edit](bool on) { edit([&](engine::StyleParams& p) { p.monochrome_ink = on; }); });
    connect(m_contentLayers, &QLineEdit::editingFinished, this, [this, edit] {
        edit([&](engine::StyleParams& p) { p.content_layers = splitLayers(m_contentLayers->text()); });
    });
    connect(m_styleLayers, &QLineEdit::editingFinished, this, [this, edit] {
        edit([&](engine::StyleParams& p) { p.style_layers = splitLayers(m_styleLayers->text()); });
    });
    connect(m_optimizer, &QComboBox::currentIndexChanged, this, [this, edit] {
        edit([&](engine::StyleParams& p) { p.optimizer = static_cast<engine::OptimizerKind>(m_optimizer->currentData().toInt()); });
    });
    connect(m_pooling, &QComboBox::currentIndexChanged, this, [this, edit] {
        edit([&](engine::StyleParams& p) { p.pooling = static_cast<engine::PoolingKind>(m_pooling->currentData().toInt()); });
    });
    connect(m_init, &QComboBox::currentIndexChanged, this, [this, edit] {
        edit([&](engine::StyleParams& p) { p.init = static_cast<engine::InitKind>(m_init->currentData().toInt()); });
    });
    connect(m_device, &QComboBox::currentIndexChanged, this, [this, edit] {
        edit([&](engine::StyleParams& p) { p.device = m_device->currentData().toString().toStdString(); });
    });
    connect(m_precision, &QComboBox::currentIndexChanged, this, [this, edit] {
        edit([&](engine::StyleParams& p) { p.precision = static_cast<engine::Precision>(m_precision->currentData().toInt()); });
    });
    connect(m_learningRate, &QDoubleSpinBox::valueChanged, this,
            [edit](double rate) { edit([&](engine::StyleParams& p) { p.learning_rate = rate; }); });
    connect(m_seed, &QLineEdit::textEdited, this, [this, edit](const QString& text) {
        bool ok = false;
        const qulonglong seed = text.toULongLong(&ok);
        if (ok) edit([&](engine::StyleParams& p) { p.seed = seed; });
    });

    engine::StyleParams defaults;
    defaults.iterations = 300;
    setParams(defaults);
    m_quality->setCurrentIndex(1);
}

QWidget* ParameterPanel::buildAdvanced() {
    auto* widget = new QWidget(this);
    auto* form = new QFormLayout(widget);
    form->setContentsMargins(0, 0, 0, 0);
    m_contentLayers = new QLineEdit(widget);
    m_contentLayers->setToolTip(tr("VGG-19 layers compared with the photo, e.g. relu4_2"));
    form->addRow(tr("Content layers:"), m_contentLayers);
    m_styleLayers = new QLineEdit(widget);
    m_styleLayers->setToolTip(tr("VGG-19 layers whose Gram matrices describe the style, comma-separated"));
    form->addRow(tr("Style layers:"), m_styleLayers);
    m_optimizer = new QComboBox(widget);
    m_optimizer->addItem(tr("L-BFGS"), static_cast<int>(engine::OptimizerKind::Lbfgs));
    m_optimizer->addItem(tr("Adam"), static_cast<int>(engine::OptimizerKind::Adam));
    form->addRow(tr("Optimiser:"), m_optimizer);
    m_learningRate = new QDoubleSpinBox(widget);
    m_learningRate->setRange(0.0001, 1.0);
    m_learningRate->setDecimals(4);
    m_learningRate->setStepType(QAbstractSpinBox::AdaptiveDecimalStepType);
    m_learningRate->setToolTip(tr("Adam only"));
    form->addRow(tr("Learning rate:"), m_learningRate);
    m_pooling = new QComboBox(widget);
    m_pooling->addItem(tr("Max"), static_cast<int>(engine::PoolingKind::Max));
    m_pooling->addItem(tr("Average"), static_cast<int>(engine::PoolingKind::Average));
    form->addRow(tr("Pooling:"), m_pooling);
    m_init = new QComboBox(widget);
    m_init->addItem(tr("From the photo"), static_cast<int>(engine::InitKind::Content));
    m_init->addItem(tr("From noise"), static_cast<int>(engine::InitKind::Noise));
    form->addRow(tr("Start:"), m_init);
    m_seed = new QLineEdit(widget);  // 64 bits: more than a QSpinBox holds
    m_seed->setValidator(new QRegularExpressionValidator(QRegularExpression(QStringLiteral("[0-9]{1,20}")), m_seed));
    form->addRow(tr("Seed:"), m_seed);
    m_device = new QComboBox(widget);
    m_device->addItem(tr("Automatic"), QStringLiteral("auto"));
    m_device->addItem(tr("CPU"), QStringLiteral("cpu"));
    m_device->addItem(tr("GPU (CUDA)"), QStringLiteral("cuda"));
    form->addRow(tr("Device:"), m_device);
    m_precision = new QComboBox(widget);
    m_precision->addItem(tr("Automatic"), static_cast<int>(engine::Precision::Auto));
    m_precision->addItem(tr("fp32"), static_cast<int>(engine::Precision::Fp32));
    m_precision->addItem(tr("fp16"), static_cast<int>(engine::Precision::Fp16));
    m_precision->addItem(tr("bf16"), static_cast<int>(engine::Precision::Bf16));
    form->addRow(tr("Precision:"), m_precision);
    return widget;
}

engine::StyleParams ParameterPanel::params() const {
    return m_params;
}

namespace {

// Selects the item holding `data`; a value the combo box has no item for gets one, so it is
// shown as it is (and kept: the panel writes a field only when its widget is edited).
void selectData(QComboBox* combo, const QVariant& data, const QString& text) {
    int index = combo->findData(data);
    if (index < 0) {
        combo->addItem(text, data);
        index = combo->count() - 1;
    }
    combo->setCurrentIndex(index);
}

}  // namespace

void ParameterPanel::setParams(const engine::StyleParams& p) {
    m_updating = true;
    m_params = p;
    m_style->setValue(p.style_weight);
    m_content->setValue(p.content_weight);
    m_smoothness->setValue(p.tv_weight);
    m_iterations->setValue(p.iterations);
    m_size->setValue(p.size);
    m_styleScale->setValue(p.style_scale);
    m_preserveColors->setChecked(p.preserve_colors);
    m_colourStrength->setValue(p.colour_strength);
    m_monochromeInk->setChecked(p.monochrome_ink);
    m_contentLayers->setText(joinLayers(p.content_layers));
    m_styleLayers->setText(joinLayers(p.style_layers));
    m_optimizer->setCurrentIndex(m_optimizer->findData(static_cast<int>(p.optimizer)));
    m_learningRate->setValue(p.learning_rate);
    m_pooling->setCurrentIndex(m_pooling->findData(static_cast<int>(p.pooling)));
    selectData(m_init, static_cast<int>(p.init), tr("From a start image"));
    m_seed->setText(QString::number(p.seed));
    const QString device = QString::fromStdString(p.device);
    selectData(m_device, device, device);
    m_precision->setCurrentIndex(m_precision->findData(static_cast<int>(p.precision)));
    m_updating = false;
    m_commitTimer.stop();
    m_committed = m_params;
    Q_EMIT paramsChanged();
}

void ParameterPanel::applyQualityPreset(int index) {
    struct Quality {
        int size;
        int iterations;
    };
    static constexpr Quality kQualities[] = {{384, 150}, {512, 300}, {1024, 500}, {2048, 800}};
    if (index < 0 || index >= 4) return;
    m_updating = true;
    m_size->setValue(kQualities[index].size);
    m_iterations->setValue(kQualities[index].iterations);
    m_updating = false;
    m_params.size = kQualities[index].size;
    m_params.iterations = kQualities[index].iterations;
    m_quality->setCurrentIndex(index);
    onEdited();
    m_quality->setCurrentIndex(index);
}

void ParameterPanel::setEstimate(const QString& text) {
    m_estimate->setText(text);
}

void ParameterPanel::onEdited() {
    if (m_updating) return;
    m_quality->setCurrentIndex(4);  // Custom, until a preset is chosen again
    m_commitTimer.start();
    Q_EMIT paramsChanged();
}

}  // namespace shuimo::ui
