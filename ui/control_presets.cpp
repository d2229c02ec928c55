#include "control_presets.h"

#include <QtGlobal>
#include <algorithm>
#include <cmath>
#include <iterator>

#include "shuimo/engine/param_table.h"
#include "shuimo/engine/style_library.h"

namespace shuimo::ui {

namespace {
// The style weight's artist range (the parameter table), in decades.
double lowestDecade() {
    return std::log10(engine::find_param_field("style_weight")->artist_low());
}
double decades() {
    return std::log10(engine::find_param_field("style_weight")->artist_high()) - lowestDecade();
}
}  // namespace

double styleWeightForPercent(double percent, engine::StyleLossKind statistic) {
    const double gram = std::pow(10.0, lowestDecade() + percent / 100.0 * decades());
    return engine::equivalent_style_weight(gram, engine::StyleLossKind::Gram, statistic);
}

double percentForStyleWeight(double weight, engine::StyleLossKind statistic) {
    if (!(weight > 0.0)) return 0.0;
    const double gram = engine::equivalent_style_weight(weight, statistic, engine::StyleLossKind::Gram);
    return std::clamp((std::log10(gram) - lowestDecade()) / decades() * 100.0, 0.0, 100.0);
}

std::span<const LayerPreset> layerPresets() {
    // Names from vgg19_spec.cpp (a test checks each against it).
    static const LayerPreset kPresets[] = {
        {QT_TRANSLATE_NOOP("shuimo::ui::ParameterPanel", "Fine detail"),
         QT_TRANSLATE_NOOP("shuimo::ui::ParameterPanel", "Small textures of the style; the photo's detail kept closely"),
         {"relu3_2"},
         {"relu1_1", "relu2_1", "relu3_1"}},
        {QT_TRANSLATE_NOOP("shuimo::ui::ParameterPanel", "Balanced"),
         QT_TRANSLATE_NOOP("shuimo::ui::ParameterPanel", "Textures and strokes of every size (Gatys et al.)"),
         {"relu4_2"},
         {"relu1_1", "relu2_1", "relu3_1", "relu4_1", "relu5_1"}},
        {QT_TRANSLATE_NOOP("shuimo::ui::ParameterPanel", "Broad strokes"),
         QT_TRANSLATE_NOOP("shuimo::ui::ParameterPanel", "The style's large strokes and shapes, little fine texture"),
         {"relu4_2"},
         {"relu3_1", "relu4_1", "relu5_1"}},
        {QT_TRANSLATE_NOOP("shuimo::ui::ParameterPanel", "Loose and abstract"),
         QT_TRANSLATE_NOOP("shuimo::ui::ParameterPanel", "Only the photo's main shapes survive; the style leads"),
         {"relu5_2"},
         {"relu2_1", "relu3_1", "relu4_1", "relu5_1"}},
    };
    return kPresets;
}

int layerPresetIndex(const engine::StyleParams& params) {
    const auto presets = layerPresets();
    for (std::size_t i = 0; i < presets.size(); ++i) {
        if (presets[i].content_layers == params.content_layers && presets[i].style_layers == params.style_layers)
            return static_cast<int>(i);
    }
    return -1;
}

void applyLayerPreset(int index, engine::StyleParams& params) {
    const auto presets = layerPresets();
    if (index < 0 || index >= static_cast<int>(presets.size())) return;
    const LayerPreset& preset = presets[static_cast<std::size_t>(index)];
    params.content_layers = preset.content_layers;
    params.style_layers = preset.style_layers;
    if (params.style_layer_weights.size() != params.style_layers.size()) params.style_layer_weights.clear();
}

std::span<const QualityPreset> qualityPresets() {
    using engine::kQualityPresetKeys;  // the keys a style's recommended settings name (the manifest's reader)
    static constexpr QualityPreset kPresets[] = {
        {QT_TRANSLATE_NOOP("shuimo::ui::ParameterPanel", "Draft"), kQualityPresetKeys[0].data(), 384, 150},
        {QT_TRANSLATE_NOOP("shuimo::ui::ParameterPanel", "Standard"), kQualityPresetKeys[1].data(), 512, 300},
        {QT_TRANSLATE_NOOP("shuimo::ui::ParameterPanel", "High"), kQualityPresetKeys[2].data(), 1024, 500},
        {QT_TRANSLATE_NOOP("shuimo::ui::ParameterPanel", "Print"), kQualityPresetKeys[3].data(), 2048, 800},
    };
    static_assert(std::size(kPresets) == kQualityPresetKeys.size());
    return kPresets;
}

int qualityIndexOfKey(const QString& key) {
    const auto presets = qualityPresets();
    for (std::size_t i = 0; i < presets.size(); ++i) {
        if (key == QLatin1String(presets[i].key)) return static_cast<int>(i);
    }
    return -1;
}

int qualityIndex(const engine::StyleParams& params) {
    if (!params.level_iterations.empty()) return -1;
    const auto presets = qualityPresets();
    for (std::size_t i = 0; i < presets.size(); ++i) {
        if (presets[i].size == params.size && presets[i].iterations == params.iterations) return static_cast<int>(i);
    }
    return -1;
}

std::span<const PrintPreset> printPresets() {
    static constexpr PrintPreset kPresets[] = {{"A4", 29.7, 300}, {"A3", 42.0, 300}, {"A2", 59.4, 300}};
    return kPresets;
}

int pixelsForPrint(double longSideCm, int dpi) {
    return static_cast<int>(std::lround(longSideCm / 2.54 * dpi));
}

double centimetresForPixels(int pixels, int dpi) {
    return dpi > 0 ? pixels * 2.54 / dpi : 0.0;
}

}  // namespace shuimo::ui
