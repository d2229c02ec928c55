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

#include "slider_spin.h"

namespace shuimo::ui {
namespace {

constexpr int kSizePresets[] = {384, 512, 768, 1024, 1536, 2048, 3072, 3840};

QString joinLayers(const std::vector<std::string>& layers) {
    QStringList names;
    for (const auto& layer : layers) names << QString::fromStdString(layer);
    return names.join(QStringLiteral(", "));
}

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
    m_size->setRange(64, 8192);
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

    for (SliderSpin* slider : {m_style, m_content, m_smoothness, m_iterations, m_styleScale, m_colourStrength}) {
        connect(slider, &SliderSpin::valueChanged, this, &ParameterPanel::onEdited);
    }
    connect(m_size, &QSpinBox::valueChanged, this, [this](int size) {
        const QSignalBlocker blocker(m_sizePreset);
        const int index = m_sizePreset->findData(size);
        if (index >= 0) m_sizePreset->setCurrentIndex(index);
        onEdited();
    });
    connect(m_sizePreset, &QComboBox::activated, this,
            [this](int index) { m_size->setValue(m_sizePreset->itemData(index).toInt()); });
    connect(m_quality, &QComboBox::activated, this, [this](int index) {
        if (index < 4) applyQualityPreset(index);
    });
    connect(m_preserveColors, &QCheckBox::toggled, this, &ParameterPanel::onEdited);
    connect(m_monochromeInk, &QCheckBox::toggled, this, &ParameterPanel::onEdited);
    for (QLineEdit* edit : {m_contentLayers, m_styleLayers}) connect(edit, &QLineEdit::editingFinished, this, &ParameterPanel::onEdited);
    for (QComboBox* combo : {m_optimizer, m_pooling, m_init, m_device, m_precision}) {
        connect(combo, &QComboBox::currentIndexChanged, this, &ParameterPanel::onEdited);
    }
    connect(m_learningRate, &QDoubleSpinBox::valueChanged, this, &ParameterPanel::onEdited);
    connect(m_seed, &QSpinBox::valueChanged, this, &ParameterPanel::onEdited);

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
    m_seed = new QSpinBox(widget);
    m_seed->setRange(0, 2147483647);
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
    engine::StyleParams p;
    p.style_weight = m_style->value();
    p.content_weight = m_content->value();
    p.tv_weight = m_smoothness->value();
    p.iterations = static_cast<int>(m_iterations->value());
    p.size = m_size->value();
    p.style_scale = m_styleScale->value();
    p.preserve_colors = m_preserveColors->isChecked();
    p.colour_strength = m_colourStrength->value();
    p.monochrome_ink = m_monochromeInk->isChecked();
    p.content_layers = splitLayers(m_contentLayers->text());
    p.style_layers = splitLayers(m_styleLayers->text());
    p.optimizer = static_cast<engine::OptimizerKind>(m_optimizer->currentData().toInt());
    p.learning_rate = m_learningRate->value();
    p.pooling = static_cast<engine::PoolingKind>(m_pooling->currentData().toInt());
    p.init = static_cast<engine::InitKind>(m_init->currentData().toInt());
    p.seed = static_cast<std::uint64_t>(m_seed->value());
    p.device = m_device->currentData().toString().toStdString();
    p.precision = static_cast<engine::Precision>(m_precision->currentData().toInt());
    p.preview_interval_ms = 200;
    return p;
}

void ParameterPanel::setParams(const engine::StyleParams& p) {
    m_updating = true;
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
    m_init->setCurrentIndex(std::max(0, m_init->findData(static_cast<int>(p.init))));
    m_seed->setValue(static_cast<int>(std::min<std::uint64_t>(p.seed, 2147483647)));
    const int device = m_device->findData(QString::fromStdString(p.device));
    m_device->setCurrentIndex(std::max(0, device));
    m_precision->setCurrentIndex(m_precision->findData(static_cast<int>(p.precision)));
    m_updating = false;
    m_commitTimer.stop();
    m_committed = params();
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
