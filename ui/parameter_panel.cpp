#include "parameter_panel.h"

#include <QCheckBox>
#include <QColorDialog>
#include <QComboBox>
#include <QCoreApplication>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPainter>
#include <QRegularExpressionValidator>
#include <QToolButton>
#include <QVBoxLayout>
#include <cmath>

#include "control_presets.h"
#include "exact_spin_box.h"
#include "size_control.h"
#include "slider_spin.h"

namespace shuimo::ui {
namespace {

using engine::ParamField;
using engine::ParamType;
using engine::ParamWidget;
using engine::json::Value;

QString tableText(std::string_view text) {
    return QCoreApplication::translate("ParamTable", std::string(text).c_str());
}

QString joinTexts(const Value& list) {
    QStringList names;
    for (const Value& item : list.array) names << QString::fromStdString(item.string);
    return names.join(QStringLiteral(", "));
}

Value splitTexts(const QString& text) {
    std::vector<Value> items;
    for (const QString& part : text.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        const QString name = part.trimmed();
        if (!name.isEmpty()) items.push_back(Value::of_string(name.toStdString()));
    }
    return Value::of_array(std::move(items));
}

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
    m_form->addRow(labelOf(*engine::find_param_field("size")), m_size);
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
    // The main section's rows of the table, in the order an artist reads them.
    for (const std::string_view key : {"content_weight", "tv_weight", "iterations", "style_scale", "monochrome_ink"}) addRow(m_form, key);

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
    m_form->addRow(labelOf(*engine::find_param_field("paper_colour")), m_paperRow);
    for (const std::string_view key : {"preserve_colors", "colour_strength"}) addRow(m_form, key);

    // A disclosure button rather than a group box: nothing is drawn while it is closed.
    m_advancedToggle = new QToolButton(this);
    m_advancedToggle->setText(tr("Advanced"));
    m_advancedToggle->setCheckable(true);
    m_advancedToggle->setAutoRaise(true);
    m_advancedToggle->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_advancedToggle->setArrowType(Qt::RightArrow);
    m_advanced = buildAdvanced();
    m_advanced->setObjectName(QStringLiteral("Advanced"));
    m_advanced->setVisible(false);
    connect(m_advancedToggle, &QToolButton::toggled, this, [this](bool open) {
        m_advanced->setVisible(open);
        m_advancedToggle->setArrowType(open ? Qt::DownArrow : Qt::RightArrow);
    });
    layout->addWidget(m_advancedToggle);
    layout->addWidget(m_advanced);
    layout->addStretch();

    // The panel's own controls: each writes only its own field(s) of the copy being edited.
    connect(m_style, &SliderSpin::valueChanged, this, [this](double percent) {
        if (m_updating) return;
        m_params.style_weight = styleWeightForPercent(percent, m_params.style_loss);
        onEdited();
    });
    connect(m_size, &SizeControl::valueChanged, this, [this](int pixels) {
        if (m_updating) return;
        m_params.size = pixels;
        onEdited();
    });
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
    connect(m_paper, &QComboBox::activated, this, [this](int index) {
        if (m_updating) return;
        if (m_paper->itemData(index).toBool()) m_params.paper_colour = m_chosenPaper;
        else m_params.paper_colour.reset();
        onEdited();
    });
    connect(m_paperSwatch, &QToolButton::clicked, this, &ParameterPanel::choosePaperColour);

    engine::StyleParams defaults;
    defaults.size = qualityPresets()[1].size;
    defaults.iterations = qualityPresets()[1].iterations;
    setParams(defaults);
}

QString ParameterPanel::labelOf(const ParamField& field) const {
    if (!field.ui.label.empty()) return tableText(field.ui.label) + tr(":");
    QString label = QString::fromUtf8(field.label.data(), static_cast<qsizetype>(field.label.size()));
    if (!label.isEmpty()) label[0] = label[0].toUpper();
    return label + tr(":");
}

void ParameterPanel::addRow(QFormLayout* form, std::string_view key) {
    const ParamField& field = *engine::find_param_field(key);
    QWidget* editor = makeEditor(field, form->parentWidget() ? form->parentWidget() : this);
    if (field.type == ParamType::Boolean) form->addRow(editor);  // a check box carries its own label
    else form->addRow(labelOf(field), editor);
}

void ParameterPanel::writeField(const ParamField& field, const Value& value) {
    if (m_updating) return;
    engine::StyleParams next = m_params;
    try {
        engine::set_param(field, next, value);
    } catch (const std::exception&) {
        return;  // not a value of this field: nothing changes (the editor shows the field again)
    }
    // Another statistic keeps the style strength: its weight becomes the new statistic's equivalent.
    if (next.style_loss != m_params.style_loss)
        next.style_weight = engine::equivalent_style_weight(m_params.style_weight, m_params.style_loss, next.style_loss);
    m_params = std::move(next);
    onEdited();
}

QWidget* ParameterPanel::makeEditor(const ParamField& field, QWidget* parent) {
    const ParamField* row = &field;
    QWidget* widget = nullptr;
    std::function<void(const engine::StyleParams&)> show;
    const std::vector<engine::ParamChoice> choices = engine::param_choices(field);
    if (field.ui.widget == ParamWidget::Slider) {
        auto* slider = new SliderSpin(field, parent);
        const bool whole = field.type == ParamType::Integer;
        connect(slider, &SliderSpin::valueChanged, this, [this, row, whole](double value) {
            writeField(*row, whole ? Value::of_integer(std::llround(value)) : Value::of_number(value));
        });
        show = [slider, row](const engine::StyleParams& p) { slider->setValue(row->get(p).number); };
        widget = slider;
    } else if (!choices.empty() && (field.type == ParamType::Choice || field.type == ParamType::Text)) {
        auto* combo = new QComboBox(parent);
        for (const engine::ParamChoice& choice : choices) {
            if (choice.offered) combo->addItem(tableText(choice.label), QString::fromUtf8(choice.value.data(), static_cast<qsizetype>(choice.value.size())));
        }
        connect(combo, &QComboBox::currentIndexChanged, this,
                [this, row, combo] { writeField(*row, Value::of_string(combo->currentData().toString().toStdString())); });
        show = [combo, row, choices](const engine::StyleParams& p) {
            const std::string value = engine::choice_value(*row, p);
            QString label = QString::fromStdString(value);
            for (const engine::ParamChoice& choice : choices) {
                if (choice.value == value) label = tableText(choice.label);
            }
            selectData(combo, QString::fromStdString(value), label);
        };
        widget = combo;
    } else if (field.type == ParamType::Boolean) {
        auto* check = new QCheckBox(labelOf(field).chopped(tr(":").size()), parent);
        connect(check, &QCheckBox::toggled, this, [this, row](bool on) { writeField(*row, Value::of_bool(on)); });
        show = [check, row](const engine::StyleParams& p) { check->setChecked(row->get(p).boolean); };
        widget = check;
    } else if (field.type == ParamType::Number || field.type == ParamType::Integer) {
        const bool whole = field.type == ParamType::Integer;
        auto* box = new ExactSpinBox(field.zero_allowed ? std::min(0.0, field.low) : field.low, field.high, whole, parent);
        box->setTypicalValue(field.artist_high());
        connect(box, &QDoubleSpinBox::valueChanged, this, [this, row, whole](double value) {
            writeField(*row, whole ? Value::of_integer(std::llround(value)) : Value::of_number(value));
        });
        show = [box, row](const engine::StyleParams& p) { box->setValue(row->get(p).number); };
        widget = box;
    } else {
        // Lists, text and 64-bit numbers as a line of text; anything else as its JSON.
        auto* line = new QLineEdit(parent);
        const ParamType type = field.type;
        if (type == ParamType::Unsigned64) {  // 64 bits: more than a spin box holds
            line->setValidator(new QRegularExpressionValidator(QRegularExpression(QStringLiteral("[0-9]{1,20}")), line));
        }
        const auto text = [row, type](const engine::StyleParams& p) {
            const Value v = row->get(p);
            if (type == ParamType::TextList) return joinTexts(v);
            if (type == ParamType::Unsigned64 || type == ParamType::Text) return QString::fromStdString(v.string);
            return QString::fromStdString(engine::json::write(v));
        };
        connect(line, &QLineEdit::editingFinished, this, [this, row, type, line, text] {
            if (line->text() == text(m_params)) return;
            if (type == ParamType::TextList) writeField(*row, splitTexts(line->text()));
            else if (type == ParamType::Unsigned64 || type == ParamType::Text) writeField(*row, Value::of_string(line->text().toStdString()));
            else {
                try {
                    writeField(*row, engine::json::parse(line->text().toStdString()));
                } catch (const std::exception&) {
                }
            }
            if (line->text() != text(m_params)) line->setText(text(m_params));  // refused: the value it has
        });
        show = [line, text](const engine::StyleParams& p) { line->setText(text(p)); };
        widget = line;
    }
    const std::string_view tip = field.ui.tooltip.empty() ? field.help : field.ui.tooltip;
    widget->setToolTip(field.ui.tooltip.empty() ? QString::fromUtf8(tip.data(), static_cast<qsizetype>(tip.size())) : tableText(tip));
    widget->setObjectName(QString::fromUtf8(field.key.data(), static_cast<qsizetype>(field.key.size())));
    m_editors.push_back({row, widget, std::move(show)});
    return widget;
}

QWidget* ParameterPanel::buildAdvanced() {
    auto* widget = new QWidget(this);
    m_advancedForm = new QFormLayout(widget);
    m_advancedForm->setContentsMargins(0, 0, 0, 0);
    m_advancedForm->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    m_advancedForm->setRowWrapPolicy(QFormLayout::WrapLongRows);
    // Every row the table puts under Advanced, in table order.
    for (const ParamField& field : engine::param_fields()) {
        if (field.ui.advanced && field.stored && field.ui.widget != ParamWidget::Hidden && field.ui.widget != ParamWidget::Own) {
            addRow(m_advancedForm, field.key);
        }
    }
    return widget;
}

QWidget* ParameterPanel::fieldEditor(std::string_view key) const {
    for (const Editor& editor : m_editors) {
        if (editor.field->key == key) return editor.widget;
    }
    return nullptr;
}

SliderSpin* ParameterPanel::contentWeight() const { return qobject_cast<SliderSpin*>(fieldEditor("content_weight")); }
SliderSpin* ParameterPanel::smoothness() const { return qobject_cast<SliderSpin*>(fieldEditor("tv_weight")); }
SliderSpin* ParameterPanel::iterations() const { return qobject_cast<SliderSpin*>(fieldEditor("iterations")); }
SliderSpin* ParameterPanel::styleScale() const { return qobject_cast<SliderSpin*>(fieldEditor("style_scale")); }
SliderSpin* ParameterPanel::colourStrength() const { return qobject_cast<SliderSpin*>(fieldEditor("colour_strength")); }
QDoubleSpinBox* ParameterPanel::exactStyleWeight() const { return qobject_cast<QDoubleSpinBox*>(fieldEditor("style_weight")); }
QLineEdit* ParameterPanel::contentLayersEdit() const { return qobject_cast<QLineEdit*>(fieldEditor("content_layers")); }
QLineEdit* ParameterPanel::styleLayersEdit() const { return qobject_cast<QLineEdit*>(fieldEditor("style_layers")); }
QComboBox* ParameterPanel::optimizer() const { return qobject_cast<QComboBox*>(fieldEditor("optimizer")); }
QDoubleSpinBox* ParameterPanel::learningRate() const { return qobject_cast<QDoubleSpinBox*>(fieldEditor("learning_rate")); }
QComboBox* ParameterPanel::initialisation() const { return qobject_cast<QComboBox*>(fieldEditor("init")); }
QLineEdit* ParameterPanel::seed() const { return qobject_cast<QLineEdit*>(fieldEditor("seed")); }
QCheckBox* ParameterPanel::monochromeInk() const { return qobject_cast<QCheckBox*>(fieldEditor("monochrome_ink")); }
QCheckBox* ParameterPanel::preserveColours() const { return qobject_cast<QCheckBox*>(fieldEditor("preserve_colors")); }

bool ParameterPanel::isRowShown(QWidget* field) const {
    if (m_form->indexOf(field) >= 0) return m_form->isRowVisible(field);
    return m_advancedForm->isRowVisible(field);
}

void ParameterPanel::setParams(const engine::StyleParams& p) {
    m_updating = true;
    m_params = p;
    m_size->setValue(p.size);
    if (p.paper_colour) m_chosenPaper = *p.paper_colour;
    m_updating = false;
    updateDerived();
    Q_EMIT paramsChanged();
}

void ParameterPanel::updateDerived() {
    const bool updating = m_updating;
    m_updating = true;
    // Every editor shows the copy: a field two controls edit (the style weight: strength and
    // exact box) follows the one that was used.
    for (const Editor& editor : m_editors) editor.show(m_params);
    // The per cent follows the weight without writing it back: a weight between two per cent
    // steps (or outside 0 … 100 %) stays exactly as it is.
    const double weight = m_params.style_weight;
    m_style->setValue(std::round(percentForStyleWeight(weight, m_params.style_loss)));
    m_style->setToolTip(tr("How strongly the painting follows the styles. Style weight %1 (the exact number is under Advanced)")
                            .arg(ExactSpinBox::text(weight)));
    if (QDoubleSpinBox* exact = exactStyleWeight()) {
        exact->setToolTip(tr("The style loss's weight itself; Style strength %1 % is %2, 0 % is %3 and 100 % is %4")
                              .arg(50)
                              .arg(ExactSpinBox::text(styleWeightForPercent(50, m_params.style_loss)),
                                   ExactSpinBox::text(styleWeightForPercent(0, m_params.style_loss)),
                                   ExactSpinBox::text(styleWeightForPercent(100, m_params.style_loss))));
    }
    const int quality = qualityIndex(m_params);
    m_quality->setCurrentIndex(m_quality->findData(quality >= 0 ? quality : kCustom));
    const int layers = layerPresetIndex(m_params);
    m_layers->setCurrentIndex(m_layers->findData(layers >= 0 ? layers : kCustom));
    m_paper->setCurrentIndex(m_params.paper_colour ? 1 : 0);
    m_paperSwatch->setIcon(swatch(m_chosenPaper));
    m_paperSwatch->setEnabled(m_params.paper_colour.has_value());

    // Only what applies (the table's ParamUi::applies): a learning rate is Adam's, a seed the
    // noise start's; monochrome ink keeps only the painting's luminance.
    for (const Editor& editor : m_editors) {
        const bool applies = !editor.field->ui.applies || editor.field->ui.applies(m_params);
        QFormLayout* form = m_form->indexOf(editor.widget) >= 0 ? m_form : m_advancedForm;
        if (form->indexOf(editor.widget) >= 0) form->setRowVisible(editor.widget, applies);
    }
    const ParamField& paper = *engine::find_param_field("paper_colour");
    m_form->setRowVisible(m_paperRow, paper.ui.applies(m_params));
    m_updating = updating;
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
    m_params.size = preset.size;
    m_params.iterations = preset.iterations;
    m_params.level_iterations.clear();  // they would override the iterations
    setParams(m_params);
    Q_EMIT edited();
}

void ParameterPanel::applyLayerPreset(int index) {
    if (index < 0 || index >= static_cast<int>(layerPresets().size())) return;
    ui::applyLayerPreset(index, m_params);
    setParams(m_params);
    Q_EMIT edited();
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
    Q_EMIT paramsChanged();
    Q_EMIT edited();
}

}  // namespace shuimo::ui
