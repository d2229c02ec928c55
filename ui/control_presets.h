#pragma once
// What the parameter panel shows an artist instead of the engine's numbers, as
// plain functions and tables (no widgets, so they are tested on their own):
// style strength in per cent on a log scale of the style weight, named choices
// of VGG-19 layers, the quality presets and print sizes. The raw values stay in
// StyleParams; these only translate in both directions.

#include <QString>
#include <span>
#include <string>
#include <vector>

#include "shuimo/engine/style_params.h"

namespace shuimo::ui {

// --- Style strength -----------------------------------------------------------
// 0 … 100 % spans the style weight's artist range in the parameter table
// (param_table.cpp: 1e4 … 1e8, so 50 % = StyleParams{}.style_weight = 1e6) on a
// log scale: one per cent multiplies the weight by 10^(4/100) ≈ 1.096.
// Weights outside that range (a preset, the CLI) are kept exactly; the per cent
// then reads 0 or 100 and the exact number is in Advanced. For the Wasserstein
// statistic the same per cent means the same balance: the weight is the Gram
// weight's equivalent (engine::equivalent_style_weight, docs/OBJECTIVE.md).
double styleWeightForPercent(double percent, engine::StyleLossKind statistic = engine::StyleLossKind::Gram);
// The per cent for a weight, clamped to [0, 100] (0 for a weight of 0).
double percentForStyleWeight(double weight, engine::StyleLossKind statistic = engine::StyleLossKind::Gram);

// --- Layer choices ------------------------------------------------------------
// Which VGG-19 layers compare the painting with the photo (content) and with the
// styles (their Gram matrices). Shallow style layers carry small textures,
// deep ones large shapes and strokes; a shallower content layer keeps more of
// the photo's detail.
struct LayerPreset {
    const char* name;     // translatable (ParameterPanel context)
    const char* tooltip;  // translatable (ParameterPanel context)
    std::vector<std::string> content_layers;
    std::vector<std::string> style_layers;
};
std::span<const LayerPreset> layerPresets();
// The preset whose two lists equal the params' (order included), or -1.
int layerPresetIndex(const engine::StyleParams& params);
// The preset's lists written into `params`; per-layer style weights that no
// longer match the number of style layers are dropped (validate() refuses them).
void applyLayerPreset(int index, engine::StyleParams& params);

// --- Quality ------------------------------------------------------------------
// A quality preset sets the output size and the evaluations together.
struct QualityPreset {
    const char* name;  // translatable (ParameterPanel context)
    const char* key;   // as in a style's recommended settings ("draft" …)
    int size;
    int iterations;
};
std::span<const QualityPreset> qualityPresets();  // Draft, Standard, High, Print (engine::kQualityPresetKeys)
// The preset named by a key of a style's recommended settings ("draft" …), or -1.
int qualityIndexOfKey(const QString& key);
// The preset the params are at (size, iterations, no per-level evaluations), or -1: Custom.
int qualityIndex(const engine::StyleParams& params);

// --- Output size --------------------------------------------------------------
// StyleParams::size is the output's long side in pixels (0 = the photo's own);
// the short side follows the photo's shape. A print size is therefore its long
// side in centimetres at a resolution: pixels = round(cm / 2.54 × dpi).
struct PrintPreset {
    const char* name;    // "A4" …
    double long_side_cm;
    int dpi;
};
std::span<const PrintPreset> printPresets();  // A4, A3, A2 at 300 dpi: 3508, 4961, 7016 px
int pixelsForPrint(double longSideCm, int dpi);
double centimetresForPixels(int pixels, int dpi);

}  // namespace shuimo::ui
