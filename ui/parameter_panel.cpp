#include "parameter_panel.h"

#include <QCheckBox>
#include <QColorDialog>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPainter>
#include <QRegularExpressionValidator>
#include <QToolButton>
#include <QVBoxLayout>
#include <cmath>
#include <optional>

#include "control_presets.h"
#include "shuimo/engine/param_table.h"
#include "size_control.h"
#include "slider_spin.h"

namespace shuimo::ui {
namespace {

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

// "1,000,000" or "2.5e+12": every digit a double needs, grouped for reading.
QString weightText(double value) {
    if (value != 0.0 && (std::abs(value) >= 1e13 || std::abs(value) < 1e-4)) return QLocale().toString(value, 'g', 17);
    QString text = QLocale().toString(value, 'f', 6);
    const QChar point = QLocale().decimalPoint().front();
    if (text.contains(point)) {
        while (text.endsWith(QLatin1Char('0'))) text.chop(1);
        if (text.endsWith(point)) text.chop(1);
    }
    return text;
}

// The exact style weight: any value of the table's range, shown in full with the
// locale's grouping (a plain QDoubleSpinBox shows 1e15 as sixteen ungrouped digits).
class WeightSpinBox : public QDoubleSpinBox {
public:
    using QDoubleSpinBox::QDoubleSpinBox;

protected:
    QString textFromValue(double value) const override { return weightText(value); }
    double valueFromText(const QString& text) const override { return parse(text).value_or(value()); }
    QValidator::State validate(QString& text, int&) const override {
        if (text.trimmed().isEmpty()) return QValidator::Intermediate;
        const std::optional<double> parsed = parse(text);
        if (!parsed) return QValidator::Intermediate;
        return *parsed >= minimum() && *parsed <= maximum() ? QValidator::Acceptable : QValidator::Intermediate;
    }

private:
    static std::optional<double> parse(const QString& text) {
        bool ok = false;
        double value = QLocale().toDouble(text.trimmed(), &ok);
        if (!ok) value = QLocale::c().toDouble(QString(text).remove(QLatin1Char(',')).trimmed(), &ok);
        if (!ok || !std::isfinite(value)) return std::nullopt;
        return value;
    }
};

QIcon swatch(const std::array<float, 3>& rgb) {
    QPixmap pixmap(20, 14);
    pixmap.fill(QColor::fromRgbF(rgb[0], rgb[1], rgb[2]));
    QPainter painter(&pixmap);
    painter.setPen(QColor(0, 0, 0, 96));
    painter.drawRect(pixmap.rect().adjusted(0, 0, -1, -1));
    return QIcon(pixmap);
}

constexpr int kCustom = -1;  // the item data of "Custom" in the quality and brush-detail boxes

}  // namespace

ParameterPanel::ParameterPanel(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    m_form = new QFormLayout;
    m_form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    m_form->setRowWrapPolicy(QFormLayout::WrapLongRows);  // narrow panel: the label goes above its field
    layout->addLayout(m_form);

    m_quality = new QComboBox(this);
    const auto qualities = qualityPresets();
    for (std::size_t i = 0; i < qualities.size(); ++i) {
        m_quality->addItem(tr(qualities[i].name), static_cast<int>(i));
        m_quality->setItemData(static_cast<int>(i),
                               tr("%1 px, %n iteration(s)", nullptr, qualities[i].iterations).arg(qualities[i].size),
                               Qt::ToolTipRole);
    }
    m_quality->addItem(tr("Custom"), kCustom);
    m_quality->setToolTip(tr("Sets output size and iterations at once; Custom once either differs from the preset"));
    m_form->addRow(tr("&Quality:"), m_quality);

    m_size = new SizeControl(this);
    m_form->addRow(tr("Output si&ze:"), m_size);
    m_estimate = new QLabel(this);
    m_estimate->setWordWrap(true);
    m_estimate->setForegroundRole(QPalette::PlaceholderText);
    m_form->addRow(m_estimate);

    m_style = new SliderSpin(0.0, 100.0, 0, SliderSpin::Scale::Linear, this);
    m_style->setSuffix(tr(" %"));
    m_form->addRow(tr("&Style strength:"), m_style);
    m_layers = new QComboBox(this);
    const auto layerChoices = layerPresets();
    for (std::size_t i = 0; i < layerChoices.size(); ++i) {
        m_layers->addItem(tr(layerChoices[i].name), static_cast<int>(i));
        m_layers->setItemData(static_cast<int>(i), tr(layerChoices[i].tooltip), Qt::ToolTipRole);
    }
    m_layers->addItem(tr("Custom (see Advanced)"), kCustom);
    m_layers->setToolTip(tr("Which sizes of the style's marks the painting takes: fine texture or broad strokes"));
    m_form->addRow(tr("&Brush detail:"), m_layers);
    m_content = new SliderSpin(0.0, 10.0, 2, SliderSpin::Scale::Linear, this);
    m_content->setToolTip(tr("How closely the result keeps the photo's shapes (content weight)"));
    m_form->addRow(tr("&Content weight:"), m_content);
    m_smoothness = new SliderSpin(0.0, 100.0, 2, SliderSpin::Scale::Linear, this);
    m_smoothness->setToolTip(tr("Total-variation weight: higher is smoother; too high turns the image flat grey"));
    m_form->addRow(tr("S&moothness:"), m_smoothness);
    m_iterations = new SliderSpin(10, 3000, 0, SliderSpin::Scale::Linear, this);
    m_iterations->setToolTip(tr("Optimisation steps over all levels: more is slower and more refined"));
    m_form->addRow(tr("&Iterations:"), m_iterations);
    m_styleScale = new SliderSpin(0.25, 2.0, 2, SliderSpin::Scale::Linear, this);
    m_styleScale->setToolTip(tr("Size of the style's brush strokes relative to the output"));
    m_form->addRow(tr("St&yle scale:"), m_styleScale);

    m_monochromeInk = new QCheckBox(tr("Mo&nochrome ink on the style's paper"), this);
    m_monochromeInk->setToolTip(tr("The result as ink tones on the paper colour of the first style"));
    m_form->addRow(m_monochromeInk);
    m_paperRow = new QWidget(this);
    auto* paperLayout = new QHBoxLayout(m_paperRow);
    paperLayout->setContentsMargins(0, 0, 0, 0);
    m_paper = new QComboBox(m_paperRow);
    m_paper->addItem(tr("The style's paper"), false);
    m_paper->addItem(tr("A colour of my own"), true);
    m_paper->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);  // beside its label
    m_paper->setMinimumContentsLength(8);
    m_paperSwatch = new QToolButton(m_paperRow);
    m_paperSwatch->setText(tr("Choose…"));
    m_paperSwatch->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_paperSwatch->setToolTip(tr("Choose the paper colour"));
    paperLayout->addWidget(m_paper, 1);
    paperLayout->addWidget(m_paperSwatch);
    m_paperRow->setFocusProxy(m_paper);
    m_form->addRow(tr("&Paper:"), m_paperRow);
    m_preserveColors = new QCheckBox(tr("Preserve the photo's co&lours"), this);
    m_form->addRow(m_preserveColors);
    m_colourStrength = new SliderSpin(0.0, 1.0, 2, SliderSpin::Scale::Linear, this);
    m_colourStrength->setToolTip(tr("0 = grey, 1 = full colour (the photo's when preserving its colours, else the painting's)"));
    m_form->addRow(tr("Colour stren&gth:"), m_colourStrength);

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
    connect(m_style, &SliderSpin::valueChanged, this,
            [edit](double percent) { edit([&](engine::StyleParams& p) { p.style_weight = styleWeightForPercent(percent); }); });
    connect(m_styleWeight, &QDoubleSpinBox::valueChanged, this,
            [edit](double weight) { edit([&](engine::StyleParams& p) { p.style_weight = weight; }); });
    onSlider(m_content, &engine::StyleParams::content_weight);
    onSlider(m_smoothness, &engine::StyleParams::tv_weight);
    onSlider(m_styleScale, &engine::StyleParams::style_scale);
    onSlider(m_colourStrength, &engine::StyleParams::colour_strength);
    connect(m_iterations, &SliderSpin::valueChanged, this, [edit](double value) {
        edit([&](engine::StyleParams& p) { p.iterations = static_cast<int>(value); });
    });
    connect(m_size, &SizeControl::valueChanged, this,
            [edit](int size) { edit([&](engine::StyleParams& p) { p.size = size; }); });
    connect(m_quality, &QComboBox::activated, this, [this](int index) {
        const int preset = m_quality->itemData(index).toInt();
        if (preset != kCustom) applyQualityPreset(preset);
        else updateDerived();  // Custom is what the values say, not a choice
    });
    connect(m_layers, &QComboBox::activated, this, [this](int index) {
        const int preset = m_layers->itemData(index).toInt();
        if (preset != kCustom) {
            applyLayerPreset(preset);
        } else {
            updateDerived();
            m_advancedToggle->setChecked(true);  // the raw lists
        }
    });
    connect(m_preserveColors, &QCheckBox::toggled, this,
            [edit](bool on) { edit([&](engine::StyleParams& p) { p.preserve_colors = on; }); });
    connect(m_monochromeInk, &QCheckBox::toggled, this,
            [edit](bool on) { edit([&](engine::StyleParams& p) { p.monochrome_ink = on; }); });
    connect(m_paper, &QComboBox::activated, this, [this, edit](int index) {
        const bool own = m_paper->itemData(index).toBool();
        edit([&](engine::StyleParams& p) {
            if (own) p.paper_colour = m_chosenPaper;
            else p.paper_colour.reset();
        });
    });
    connect(m_paperSwatch, &QToolButton::clicked, this, &ParameterPanel::choosePaperColour);
    connect(m_contentLayers, &QLineEdit::editingFinished, this, [this, edit] {
        const auto layers = splitLayers(m_contentLayers->text());
        if (layers != m_params.content_layers) edit([&](engine::StyleParams& p) { p.content_layers = layers; });
    });
    connect(m_styleLayers, &QLineEdit::editingFinished, this, [this, edit] {
        const auto layers = splitLayers(m_styleLayers->text());
        if (layers != m_params.style_layers) edit([&](engine::StyleParams& p) { p.style_layers = layers; });
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
    defaults.size = qualityPresets()[1].size;
    defaults.iterations = qualityPresets()[1].iterations;
    setParams(defaults);
}

QWidget* ParameterPanel::buildAdvanced() {
    auto* widget = new QWidget(this);
    m_advancedForm = new QFormLayout(widget);
    auto* form = m_advancedForm;
    form->setContentsMargins(0, 0, 0, 0);
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    form->setRowWrapPolicy(QFormLayout::WrapLongRows);
    m_styleWeight = new WeightSpinBox(widget);
    m_styleWeight->setRange(rangeOf("style_weight").low, rangeOf("style_weight").high);
    m_styleWeight->setDecimals(6);
    m_styleWeight->setKeyboardTracking(false);
    m_styleWeight->setStepType(QAbstractSpinBox::AdaptiveDecimalStepType);
    m_styleWeight->setToolTip(tr("The style loss's weight itself; Style strength %1 % is %2, 0 % is %3 and 100 % is %4")
                                  .arg(50)
                                  .arg(weightText(styleWeightForPercent(50)), weightText(styleWeightForPercent(0)),
                                       weightText(styleWeightForPercent(100))));
    form->addRow(tr("Style weight:"), m_styleWeight);
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
    m_learningRate->setToolTip(tr("Adam's step size (the image is in 0…1)"));
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
    m_seed->setToolTip(tr("The noise a start from noise begins with"));
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

bool ParameterPanel::isRowShown(QWidget* field) const {
    if (m_form->indexOf(field) >= 0) return m_form->isRowVisible(field);
    return m_advancedForm->isRowVisible(field);
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
    m_content->setValue(p.content_weight);
    m_smoothness->setValue(p.tv_weight);
    m_iterations->setValue(p.iterations);
    m_size->setValue(p.size);
    m_styleScale->setValue(p.style_scale);
    m_preserveColors->setChecked(p.preserve_colors);
    m_colourStrength->setValue(p.colour_strength);
    m_monochromeInk->setChecked(p.monochrome_ink);
    if (p.paper_colour) m_chosenPaper = *p.paper_colour;
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
    updateDerived();
    m_commitTimer.stop();
    m_committed = m_params;
    Q_EMIT paramsChanged();
}

void ParameterPanel::updateDerived() {
    const bool updating = m_updating;
    m_updating = true;
    showStyleWeight();
    const int quality = qualityIndex(m_params);
    m_quality->setCurrentIndex(m_quality->findData(quality >= 0 ? quality : kCustom));
    const int layers = layerPresetIndex(m_params);
    m_layers->setCurrentIndex(m_layers->findData(layers >= 0 ? layers : kCustom));
    m_paper->setCurrentIndex(m_params.paper_colour ? 1 : 0);
    m_paperSwatch->setIcon(swatch(m_chosenPaper));
    m_paperSwatch->setEnabled(m_params.paper_colour.has_value());

    // Only what applies: a learning rate is Adam's, a seed the noise start's; monochrome
    // ink keeps only the painting's luminance, so the colour options have no effect under it.
    m_advancedForm->setRowVisible(m_learningRate, m_params.optimizer == engine::OptimizerKind::Adam);
    m_advancedForm->setRowVisible(m_seed, m_params.init == engine::InitKind::Noise);
    m_form->setRowVisible(m_paperRow, m_params.monochrome_ink);
    m_form->setRowVisible(m_preserveColors, !m_params.monochrome_ink);
    m_form->setRowVisible(m_colourStrength, !m_params.monochrome_ink);
    m_updating = updating;
}

void ParameterPanel::showStyleWeight() {
    // Moves the per cent and the exact number to the weight without writing it back:
    // a weight between two per cent steps (or outside 0 … 100 %) stays exactly as it is.
    const double weight = m_params.style_weight;
    m_style->setValue(std::round(percentForStyleWeight(weight)));
    if (m_styleWeight->value() != weight) m_styleWeight->setValue(weight);
    m_style->setToolTip(tr("How strongly the painting follows the styles. Style weight %1 (the exact number is under Advanced)")
                            .arg(weightText(weight)));
}

void ParameterPanel::choosePaperColour() {
    const QColor colour = QColorDialog::getColor(QColor::fromRgbF(m_chosenPaper[0], m_chosenPaper[1], m_chosenPaper[2]), this,
                                                 tr("Paper Colour"));
    if (!colour.isValid()) return;
    m_chosenPaper = {static_cast<float>(colour.redF()), static_cast<float>(colour.greenF()), static_cast<float>(colour.blueF())};
    m_params.paper_colour = m_chosenPaper;
    onEdited();
}

void ParameterPanel::applyQualityPreset(int index) {
    const auto presets = qualityPresets();
    if (index < 0 || index >= static_cast<int>(presets.size())) return;
    const QualityPreset& preset = presets[static_cast<std::size_t>(index)];
    m_updating = true;
    m_size->setValue(preset.size);
    m_iterations->setValue(preset.iterations);
    m_updating = false;
    m_params.size = preset.size;
    m_params.iterations = preset.iterations;
    m_params.level_iterations.clear();  // they would override the iterations
    onEdited();
}

void ParameterPanel::applyLayerPreset(int index) {
    if (index < 0 || index >= static_cast<int>(layerPresets().size())) return;
    ui::applyLayerPreset(index, m_params);
    m_updating = true;
    m_contentLayers->setText(joinLayers(m_params.content_layers));
    m_styleLayers->setText(joinLayers(m_params.style_layers));
    m_updating = false;
    onEdited();
}

QString ParameterPanel::estimate() const {
    return m_estimate->text();
}

void ParameterPanel::setEstimate(const QString& text) {
    m_estimate->setText(text);
}

void ParameterPanel::onEdited() {
    if (m_updating) return;
    updateDerived();
    m_commitTimer.start();
    Q_EMIT paramsChanged();
}

}  // namespace shuimo::ui
