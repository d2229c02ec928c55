#pragma once
// The parameter editor: quality presets, the three loss weights (style strength
// on a log scale), iterations, output size with its cost estimate, style scale,
// colours, and an Advanced section. It edits a copy of the engine::StyleParams it
// was given: each widget writes only its own field, so fields without a widget (or
// beyond a widget's range) come back as they went in.

#include <QTimer>
#include <QWidget>

#include "shuimo/engine/progress.h"
#include "shuimo/engine/style_params.h"

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QToolButton;
class QLabel;
class QLineEdit;
class QSpinBox;

namespace shuimo::ui {

class SliderSpin;

class ParameterPanel : public QWidget {
    Q_OBJECT
public:
    explicit ParameterPanel(QWidget* parent = nullptr);

    engine::StyleParams params() const;
    // Shows `params` without recording an undo step (undo/redo, presets, start-up).
    void setParams(const engine::StyleParams& params);
    void setEstimate(const QString& text);
    void applyQualityPreset(int index);  // 0 Draft, 1 Standard, 2 High, 3 Print

    SliderSpin* styleStrength() const { return m_style; }
    SliderSpin* contentWeight() const { return m_content; }
    SliderSpin* smoothness() const { return m_smoothness; }
    SliderSpin* iterations() const { return m_iterations; }
    QSpinBox* outputSize() const { return m_size; }

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

    QComboBox* m_quality = nullptr;
    SliderSpin* m_style = nullptr;
    SliderSpin* m_content = nullptr;
    SliderSpin* m_smoothness = nullptr;
    SliderSpin* m_iterations = nullptr;
    QComboBox* m_sizePreset = nullptr;
    QSpinBox* m_size = nullptr;
    QLabel* m_estimate = nullptr;
    SliderSpin* m_styleScale = nullptr;
    QCheckBox* m_preserveColors = nullptr;
    SliderSpin* m_colourStrength = nullptr;
    QCheckBox* m_monochromeInk = nullptr;
    QToolButton* m_advancedToggle = nullptr;
    QWidget* m_advanced = nullptr;
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
    QTimer m_commitTimer;
    bool m_updating = false;
};

}  // namespace shuimo::ui
