#pragma once
// Values that describe one style-transfer job. Plain C++ so every front end
// (CLI, GUI, batch queue) can build, store and compare them.

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "shuimo/engine/image.h"

namespace shuimo::engine {

enum class OptimizerKind { Lbfgs, Adam };
enum class PoolingKind { Max, Average };
// The style statistic each style layer matches (docs/OBJECTIVE.md, "Style statistics"): Gram
// matrices (Gatys et al.), or the Wasserstein-2 distance between the Gaussians fitted to the
// layer's features (their means and covariances).
enum class StyleLossKind { Gram, W2 };
enum class InitKind { Content, Noise, Image };
// Precision of the VGG convolutions; Gram matrices, losses, the image and the
// optimiser's state are always fp32. Auto: bf16 on GPUs that have it, fp16 on
// older ones, fp32 on the CPU (bf16 there is many times slower on most CPUs).
enum class Precision { Auto, Fp32, Fp16, Bf16 };
// Gradient checkpointing of the VGG blocks (less memory, about a fifth more
// time). Auto: only when a level's estimated memory exceeds the budget.
enum class Checkpointing { Auto, On, Off };

// The loss weights' defaults, shared with LossWeights (progress.h): one value each.
inline constexpr double kDefaultContentWeight = 1.0;
inline constexpr double kDefaultStyleWeight = 1e6;
inline constexpr double kDefaultTvWeight = 1.0;

struct StyleParams {
    int size = 512;                 // longest side of the output; 0 = the content's own size
    int iterations = 500;           // objective evaluations (forward + backward passes), all levels together
    int scales = 0;                 // pyramid levels: 0 = auto (see schedule.h), 1 = single scale
    int min_size = 128;             // long side of the coarsest level
    std::vector<int> level_iterations;  // explicit evaluations per level, coarse to fine; empty = shared out
    double content_weight = kDefaultContentWeight;
    double style_weight = kDefaultStyleWeight;
    double tv_weight = kDefaultTvWeight;
    std::vector<std::string> content_layers{"relu4_2"};
    std::vector<std::string> style_layers{"relu1_1", "relu2_1", "relu3_1", "relu4_1", "relu5_1"};
    std::vector<double> style_layer_weights;  // empty = 1 for every style layer
    StyleLossKind style_loss = StyleLossKind::Gram;  // its own default style weight: default_style_weight
    OptimizerKind optimizer = OptimizerKind::Lbfgs;
    double learning_rate = 0.02;    // Adam only; the image lives in [0,1]
    int lbfgs_history = 100;        // L-BFGS remembered steps: 24 bytes per pixel each (the memory
                                    // budget lowers it before it lowers the size)
    PoolingKind pooling = PoolingKind::Max;
    InitKind init = InitKind::Content;
    double style_scale = 1.0;       // style images' long side = output long side x this
    bool preserve_colors = false;   // the content photo's colours on the stylised luminance
    double colour_strength = 1.0;   // 0 = grey, 1 = full colour: of the content when preserve_colors,
                                    // else of the result itself (ink_output.h, mix_colour_strength)
    bool monochrome_ink = false;    // the result as ink tones on paper (ink_output.h)
    std::optional<std::array<float, 3>> paper_colour;  // RGB in [0,1]; unset = the first style's paper
    std::uint64_t seed = 0;
    std::string device = "auto";    // auto | cpu | cuda | cuda:N
    Precision precision = Precision::Auto;
    double loss_scale = 0.0;        // initial dynamic loss scale; 0 = 65536 for fp16, none otherwise
    int preview_every = 0;          // emit a preview every N evaluations (0 = never by count)
    int preview_interval_ms = 0;    // ... or at most every T ms (0 = never by time)
    Checkpointing checkpointing = Checkpointing::Auto;
    std::uint64_t max_memory = 0;   // working-memory budget in bytes; 0 = what the device has free
    int report_every = 0;           // progress (and the loss read back from the device) every N
                                    // evaluations; 0 = auto: every one on the CPU, every 10 on a GPU
    int tile_size = 0;              // longest tile side of a tiled level (docs/TILING.md); 0 = auto:
                                    // tiles only when a level does not fit max_memory, sized from it
    int tile_overlap = 32;          // pixels shared by neighbouring tiles (at most a third of a tile)
    bool operator==(const StyleParams&) const = default;
};

// Throws ConfigError naming the parameter, its value and the allowed range.
void validate(const StyleParams& params);

// A region of the picture with a treatment of its own (docs/REGIONS.md):
//   Style: the region's style term matches `style`'s statistics with the image's features weighted
//          by the mask (guided statistics, Gatys et al. 2017), times `strength`;
//   Photo: the photo stays there (the pixels are held between the photo and what the rest paints,
//          in proportion to the mask: 1 = exactly the photo);
//   Paper: blank paper (留白): held at the paper colour the same way.
// A Style region of strength 0 is a Photo region.
enum class RegionKind { Style, Photo, Paper };
struct Region {
    Image mask;              // 1 channel (or RGB, read as its mean), 1 = in the region; any size: scaled to the image
    RegionKind kind = RegionKind::Style;
    Image style;             // RGB; Style only
    double strength = 1.0;   // multiplies the style weight; Style only, >= 0
};
std::string_view to_string(RegionKind kind);

// A video frame's temporal consistency (issue 27, docs/VIDEO.md; Ruder et al. 2016): the previous
// stylised frame warped onto this one by the optical flow, and where that warp can be trusted (1) or
// not (0: disoccluded, a motion boundary, outside the frame). Adds weight · mean(c ⊙ (x − previous)²)
// to the objective (the mean over pixels and channels), at every level (resampled to its size).
struct TemporalTerm {
    Image previous;   // RGB, any size
    Image reliable;   // 1 channel, the size of `previous`
    double weight = 0.0;
};

// Everything a job needs, by value. Images are RGB (3 channels) in [0,1].
// Pixels in no region get `styles` (blended); with regions, `styles` may be empty: those pixels keep the photo.
struct StyleJob {
    Image content;
    std::vector<Image> styles;
    std::vector<Region> regions;      // in order; where masks overlap, each region counts its share
    std::vector<double> style_blend;  // one weight per style, >= 0, normalised to sum 1; empty = equal
    std::optional<Image> init_image;  // used when params.init == InitKind::Image
    std::optional<TemporalTerm> temporal;  // a video frame after the first (untiled levels only)
    StyleParams params;
};

struct StyleResult {
    Image image;                 // RGB in [0,1] at the output size; cancelled before the last level: at the
                                 // size of the level it stopped in (stopped_early)
    Image raw_image;             // the same before finishing (colour strength, preserve colours, ink): the GUI re-finishes it
    bool cancelled = false;
    bool stopped_early = false;  // cancelled before the last level: image is smaller than the output
    int iterations_run = 0;
    double seconds = 0.0;
    double final_total_loss = 0.0;  // of the returned image's evaluation
    std::string device;             // where it ran, e.g. "cpu" or "cuda:0"
    std::string precision;          // convolutions at the end of the job: "fp32", "bf16" or "fp16"
    int overflow_retries = 0;       // evaluations repeated with a smaller loss scale (not in iterations_run)
    bool checkpointed = false;      // some level ran with gradient checkpointing
    int out_of_memory_recoveries = 0;  // levels retried after the device ran out of memory
};

std::string_view to_string(OptimizerKind kind);
std::string_view to_string(PoolingKind kind);
std::string_view to_string(InitKind kind);
std::string_view to_string(StyleLossKind kind);
StyleLossKind parse_style_loss(std::string_view text);
std::string_view to_string(Precision precision);
Precision parse_precision(std::string_view text);
std::string_view to_string(Checkpointing mode);
Checkpointing parse_checkpointing(std::string_view text);
// "800M", "6G", "6GiB", "1.5g", "1048576" (bytes). Throws ConfigError.
std::uint64_t parse_memory_size(std::string_view text);
// Parse the CLI/JSON spellings ("lbfgs", "adam", "max", "avg", ...); throw ConfigError otherwise.
OptimizerKind parse_optimizer(std::string_view text);
PoolingKind parse_pooling(std::string_view text);

// Each statistic's default style weight. W2's raw term is larger than Gram's by a factor that
// depends on the network and the images, so W2 has its own default, Gram's divided by
// kW2StyleWeightDivisor (measured: docs/OBJECTIVE.md, "Style statistics"): at either default the
// style and content terms weigh about the same in the total.
inline constexpr double kW2StyleWeightDivisor = 1e6;
double default_style_weight(StyleLossKind kind);
// The weight that gives `to` the balance of style and content that `weight` gives `from`:
// weight x default_style_weight(to) / default_style_weight(from). The CLI's --style-loss without
// --style-weight uses it (from the default); so should the GUI when its choice changes (the style
// strength stays). JSON readers do not: there a missing style_weight is the base's, and a batch
// preset's overrides leave out a weight equal to the base's, so "missing" cannot mean "rescale".
double equivalent_style_weight(double weight, StyleLossKind from, StyleLossKind to);

}  // namespace shuimo::engine
