#pragma once
// A job's regions at one level's size (docs/REGIONS.md): the style terms each
// region adds (its mask at every style layer, its style's statistics, its
// strength) and the per-pixel box that holds the photo's and the paper's
// regions. Internal to the engine (torch).

#include <torch/torch.h>

#include <functional>
#include <vector>

#include "losses.h"
#include "shuimo/engine/ink_output.h"
#include "shuimo/engine/style_params.h"
#include "shuimo/engine/tiling.h"

namespace shuimo::engine {

// A mask as [1, 1, H, W] float32 on the CPU: a greyscale image's samples, an RGB(A) image's
// mean of R, G and B. Throws ConfigError naming `what` when it is empty or malformed.
torch::Tensor mask_to_tensor(const Image& mask, const std::string& what);

// Refuses regions that cannot work (ConfigError naming the region): a mask that covers nothing
// (no sample above 1/255), a Style region without an RGB style, a negative or non-finite strength.
void validate_regions(const std::vector<Region>& regions);

// One style term of a level: Σ_l w_l · term(masked statistic of layer l, targets[l]) × strength.
struct RegionTerm {
    torch::Tensor mask;                      // [1, 1, H, W] at the image's (a tile: its frame's) size
    std::vector<torch::Tensor> layer_masks;  // per style layer, [h_l, w_l] at that layer's size
    std::vector<bool> counted;               // layer l's mask covers at least half a position
    std::vector<StyleTarget> targets;        // the region's style's statistics, prepared
    double strength = 1.0;
    int region = -1;                         // the job's region it stands for; -1: the pixels in no region
    // A tile of a tiled level (docs/TILING.md, docs/REGIONS.md): the region's statistics of the whole
    // level at the pass's start, and the goals made from them at the tile's first evaluation,
    // targets + S_tile(start) − S_level(start), as for the whole image's style term.
    std::vector<torch::Tensor> level_statistics;
    std::vector<StyleTarget> goals;
};

struct LevelRegions {
    std::vector<RegionTerm> terms;
    // The box each pixel is held in: lower = k_photo·photo + k_paper·paper, upper = lower +
    // (1 − k_photo − k_paper); [1, 3, H, W] on the device. Undefined: [0,1] everywhere.
    torch::Tensor lower, upper;
};

// What a level needs to make its regions: the masks at the job's full size (mask_to_tensor, on the
// device), the photo at the level's size, the paper colour, the style layers' downsampling, and a
// function giving region r's style's prepared statistics at the level's size. `rest_targets`:
// the blended ordinary styles' targets for pixels in no region (empty: they keep the photo).
struct RegionInputs {
    const std::vector<Region>* regions = nullptr;
    const std::vector<torch::Tensor>* masks_full = nullptr;
    torch::Tensor content;  // [1, 3, H, W] at the level's size
    Rgb paper{1.0f, 1.0f, 1.0f};
    std::vector<int> layer_downsample;  // per style layer
    std::function<std::vector<StyleTarget>(std::size_t region)> style_targets;
    const std::vector<StyleTarget>* rest_targets = nullptr;
    // Live strengths, one per region (LossWeights::regions); null or empty: the regions' own.
    const std::vector<double>* strengths = nullptr;
};
LevelRegions make_level_regions(const RegionInputs& in);

// The masked statistics of every term at every counted layer (undefined where not counted), for
// the style layers' features (in the style slots' order).
std::vector<std::vector<torch::Tensor>> region_statistics(const std::vector<torch::Tensor>& features, const LevelRegions& regions,
                                                          StyleLossKind kind);

// A tile's goals for each term that has level statistics and no goals yet (RegionTerm::goals), from
// its statistics at its first evaluation; empty for the others.
std::vector<std::vector<StyleTarget>> region_tile_goals(const std::vector<std::vector<torch::Tensor>>& statistics,
                                                        const LevelRegions& regions, StyleLossKind kind);

// Σ_terms strength · Σ_l w_l · term_l(statistics, the term's goals, or its targets when it has none);
// `fresh_goals` (region_tile_goals) stand in for goals not kept yet. With no term counted (photo and
// paper regions only, a tile away from every style region) a 0 on `where`'s device.
torch::Tensor region_style_loss(const std::vector<std::vector<torch::Tensor>>& statistics, const LevelRegions& regions,
                                const std::vector<std::vector<StyleTarget>>& fresh_goals, const std::vector<double>& layer_weights,
                                const torch::TensorOptions& where);

// The regions of one tile of a tiled level: `level` made for the whole level on the host; r the tile,
// f its frame and `at` the tile's place in the frame (docs/TILING.md). The box is the tile's window
// of the level's; each term's masks are the frame's, pooled per layer and cut as the frame's features
// are (crop_to); level statistics as given (the pass's start), goals made at the first evaluation.
LevelRegions tile_regions(const LevelRegions& level, TileRect r, TileRect f, TileRect at,
                          const std::vector<std::vector<torch::Tensor>>& level_statistics,
                          const std::vector<int>& layer_downsample, torch::Device device);

// Live strengths (LossWeights::regions, one per job region) given to the terms that stand for
// regions; nothing changes when `strengths` is empty.
void set_strengths(LevelRegions& regions, const std::vector<double>& strengths);

// A term's layer mask of a map whose positions are `ds` pixels a side (floor division, as VGG's pools).
torch::Tensor layer_mask(const torch::Tensor& mask, int ds);

// x held in the box (a copy): max(min(x, upper), lower); x itself when the box is [0,1].
torch::Tensor hold_in_box(const torch::Tensor& x, const LevelRegions& regions);

}  // namespace shuimo::engine
