#pragma once
// The parameter editor, in an artist's terms: quality, one output-size control
// (screen and print sizes), style strength in per cent, a named choice of brush
// detail, smoothness, iterations, style scale and the finishing (colour, or
// monochrome ink on a paper colour); the engine's numbers (the exact style
// weight, the VGG-19 layer lists, the optimiser …) are under Advanced.
//
// Made from the parameter table (param_table.h, ParamUi): every row's editor —
// the main section's sliders with their exact-value boxes, check boxes and the
// whole Advanced section, in table order — is built from its row's type, artist
// range, choices and labels, and shown only where the row applies. A new engine
// parameter therefore needs no code here: its row puts it under Advanced. The
// panel's own controls are the quality and brush-detail presets, the style
// strength (the style weight's artist range in per cent), the output size and the
// paper colour (control_presets.h translates between the two).
//
// It edits a copy of the engine::StyleParams it was given: each editor writes only
// its own field through the table, so fields without a widget (or beyond a
// slider's span) come back exactly as they went in.

#include <QWidget>
#include <array>
#include <functional>
#include <string_view>
#include <vector>

#include "shuimo/engine/param_table.h"
#include "shuimo/engine/style_params.h"

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QFormLayout;
class QToolButton;
class QLabel;
class QLineEdit;

namespace shuimo::ui {

class SizeControl;
class SliderSpin;

class ParameterPanel : public QWidget {
    Q_OBJECT
public:
    explicit ParameterPanel(QWidget* parent = nullptr);

    engine::StyleParams params() const { return m_params; }
    // Shows `params` (the studio's, a preset's …): emits paramsChanged, not edited.
    void setParams(const engine::StyleParams& params);
    void setEstimate(const QString& text);
    QString estimate() const;
    void applyQualityPreset(int index);  // qualityPresets(): 0 Draft, 1 Standard, 2 High, 3 Print
    void applyLayerPreset(int index);    // layerPresets()

    // The editor made for a parameter table row (null: the row has none).
    QWidget* fieldEditor(std::string_view key) const;
    SliderSpin* styleStrength() const { return m_style; }  // per cent (control_presets.h)
    SliderSpin* contentWeight() const;
    SliderSpin* smoothness() const;
    SliderSpin* iterations() const;
    SliderSpin* styleScale() const;
    SizeControl* outputSize() const { return m_size; }
    QComboBox* quality() const { return m_quality; }
    QComboBox* layerChoice() const { return m_layers; }
    QDoubleSpinBox* exactStyleWeight() const;  // in Advanced
    QLineEdit* contentLayersEdit() const;      // in Advanced
    QLineEdit* styleLayersEdit() const;        // in Advanced
    QComboBox* optimizer() const;              // item data: the table's spelling ("lbfgs", "adam")
    QDoubleSpinBox* learningRate() const;
    QComboBox* initialisation() const;
    QLineEdit* seed() const;
    QCheckBox* monochromeInk() const;
    QCheckBox* preserveColours() const;
    SliderSpin* colourStrength() const;
    QComboBox* paperChoice() const { return m_paper; }
    QToolButton* advancedToggle() const { return m_advancedToggle; }
    // Whether the row holding `field` is shown (it may still be inside the closed Advanced section).
    bool isRowShown(QWidget* field) const;

Q_SIGNALS:
    // Any change, shown or edited (the estimate).
    void paramsChanged();
    // An artist's edit: params() holds it.
    void edited();

private:
    struct Editor {
        const engine::ParamField* field;
        QWidget* widget;
        std::function<void(const engine::StyleParams&)> show;
    };
    // The row's editor, made from its type and ParamUi.
    QWidget* makeEditor(const engine::ParamField& field, QWidget* parent);
    QString labelOf(const engine::ParamField& field) const;
    void addRow(QFormLayout* form, std::string_view key);
    void writeField(const engine::ParamField& field, const engine::json::Value& value);
    void onEdited();
    QWidget* buildAdvanced();
    // The views derived from several fields: quality and brush detail (a preset or
    // Custom), the style weight's per cent, which rows apply.
    void updateDerived();
    void choosePaperColour();

    QFormLayout* m_form = nullptr;
    QFormLayout* m_advancedForm = nullptr;
    QComboBox* m_quality = nullptr;
    SizeControl* m_size = nullptr;
    QLabel* m_estimate = nullptr;
    SliderSpin* m_style = nullptr;
    QComboBox* m_layers = nullptr;
    QWidget* m_paperRow = nullptr;
    QComboBox* m_paper = nullptr;
    QToolButton* m_paperSwatch = nullptr;
    QToolButton* m_advancedToggle = nullptr;
    QWidget* m_advanced = nullptr;
    std::vector<Editor> m_editors;

    engine::StyleParams m_params;  // the copy being edited
    std::array<float, 3> m_chosenPaper{0.94f, 0.91f, 0.84f};  // the last paper colour chosen (rice paper at first)
    bool m_updating = false;
};

}  // namespace shuimo::ui
