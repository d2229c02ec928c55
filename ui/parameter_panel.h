#pragma once
// The parameter editor, in an artist's terms: quality, one output-size control
// (screen and print sizes), style strength in per cent, a named choice of brush
// detail, smoothness, iterations, style scale and the finishing (colour, or
// monochrome ink on a paper colour); the engine's numbers (the exact style
// weight, the VGG-19 layer lists, the optimiser …) are under Advanced. Options
// are shown only where they apply (the learning rate only for Adam, the paper
// colour only with monochrome ink). The translations between the two live in
// control_presets.h. It edits a copy of the engine::StyleParams it was given:
// each widget writes only its own field(s), so fields without a widget (or
// beyond a widget's range) come back as they went in.

#include <QTimer>
#include <QWidget>

#include "shuimo/engine/progress.h"
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

    engine::StyleParams params() const;
    // An edit not yet committed (paramsCommitted is due when the debounce ends).
    bool commitPending() const { return m_commitTimer.isActive(); }
    // Shows `params` without recording an undo step (undo/redo, presets, start-up).
    void setParams(const engine::StyleParams& params);
    void setEstimate(const QString& text);
    QString estimate() const;
    void applyQualityPreset(int index);  // qualityPresets(): 0 Draft, 1 Standard, 2 High, 3 Print
    void applyLayerPreset(int index);    // layerPresets()

    SliderSpin* styleStrength() const { return m_style; }  // per cent (control_presets.h)
    SliderSpin* contentWeight() const { return m_content; }
    SliderSpin* smoothness() const { return m_smoothness; }
    SliderSpin* iterations() const { return m_iterations; }
    SizeControl* outputSize() const { return m_size; }
    QComboBox* quality() const { return m_quality; }
    QComboBox* layerChoice() const { return m_layers; }
    QDoubleSpinBox* exactStyleWeight() const { return m_styleWeight; }  // in Advanced
    QLineEdit* contentLayersEdit() const { return m_contentLayers; }  // in Advanced
    QLineEdit* styleLayersEdit() const { return m_styleLayers; }      // in Advanced
    QComboBox* optimizer() const { return m_optimizer; }
    QDoubleSpinBox* learningRate() const { return m_learningRate; }
    QComboBox* initialisation() const { return m_init; }
    QLineEdit* seed() const { return m_seed; }
    QCheckBox* monochromeInk() const { return m_monochromeInk; }
    QCheckBox* preserveColours() const { return m_preserveColors; }
    SliderSpin* colourStrength() const { return m_colourStrength; }
    QComboBox* paperChoice() const { return m_paper; }
    QToolButton* advancedToggle() const { return m_advancedToggle; }
    // Whether the row holding `field` is shown (it may still be inside the closed Advanced section).
    bool isRowShown(QWidget* field) const;

    static engine::LossWeights weightsOf(const engine::StyleParams& params) {
        return {params.content_weight, params.style_weight, params.tv_weight};
    }

Q_SIGNALS:
    // Any change, immediately (for estimates and live re-weighting).
    void paramsChanged();
    // A settled edit (debounced), for the undo stack.
    void paramsCommitted(const shuimo::engine::StyleParams& before, const shuimo::engine::StyleParams& after);

private:
    void onEdited();
    QWidget* buildAdvanced();
    // The views derived from several fields: quality and brush detail (a preset or
    // Custom), the style weight's per cent and exact number, which rows apply.
    void updateDerived();
    void showStyleWeight();
    void choosePaperColour();

    QFormLayout* m_form = nullptr;
    QFormLayout* m_advancedForm = nullptr;
    QComboBox* m_quality = nullptr;
    SizeControl* m_size = nullptr;
    QLabel* m_estimate = nullptr;
    SliderSpin* m_style = nullptr;
    QComboBox* m_layers = nullptr;
    SliderSpin* m_content = nullptr;
    SliderSpin* m_smoothness = nullptr;
    SliderSpin* m_iterations = nullptr;
    SliderSpin* m_styleScale = nullptr;
    QCheckBox* m_monochromeInk = nullptr;
    QWidget* m_paperRow = nullptr;
    QComboBox* m_paper = nullptr;
    QToolButton* m_paperSwatch = nullptr;
    QCheckBox* m_preserveColors = nullptr;
    SliderSpin* m_colourStrength = nullptr;
    QToolButton* m_advancedToggle = nullptr;
    QWidget* m_advanced = nullptr;
    QDoubleSpinBox* m_styleWeight = nullptr;
    QLineEdit* m_contentLayers = nullptr;
    QLineEdit* m_styleLayers = nullptr;
    QComboBox* m_optimizer = nullptr;
    QDoubleSpinBox* m_learningRate = nullptr;
    QComboBox* m_pooling = nullptr;
    QComboBox* m_init = nullptr;
    QLineEdit* m_seed = nullptr;
    QComboBox* m_device = nullptr;
    QComboBox* m_precision = nullptr;

    engine::StyleParams m_params;  // the copy being edited
    engine::StyleParams m_committed;
    std::array<float, 3> m_chosenPaper{0.94f, 0.91f, 0.84f};  // the last paper colour chosen (rice paper at first)
    QTimer m_commitTimer;
    bool m_updating = false;
};

}  // namespace shuimo::ui
