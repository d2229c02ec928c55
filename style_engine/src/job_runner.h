#pragma once
// One job, from validated inputs to the result: the levels of the schedule,
// each with its targets and optimiser; the memory budget (gradient
// checkpointing, smaller sizes) and out-of-memory recovery; live weights,
// progress and previews. Internal to the engine; StyleEngine::run drives it.
//
// Reading order: run() walks the levels; optimise_level() runs one optimiser
// on a LevelRun; evaluate() is one evaluation in named steps
// (stop_if_done, take_new_weights, forward_backward, keep_if_best, report).
// A tiled level (docs/TILING.md) is optimised by optimise_tiled_level(): one
// LevelRun per tile, through the same optimise_level().

#include <torch/torch.h>

#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "box_lbfgs.h"
#include "capture.h"
#include "losses.h"
#include "model_cache.h"
#include "regions.h"
#include "shuimo/engine/eta.h"
#include "shuimo/engine/ink_output.h"
#include "shuimo/engine/job_plan.h"
#include "shuimo/engine/loss_scaler.h"
#include "shuimo/engine/progress.h"
#include "shuimo/engine/schedule.h"
#include "shuimo/engine/style_params.h"
#include "shuimo/engine/tiling.h"

namespace shuimo::engine {

// For shuimo-bench's comparison only: L-BFGS jobs run unbounded, as before the
// box (torch::optim::LBFGS; the image was clamped only when written). Not a
// user option: the bounded method won every measurement (docs/BENCHMARKS.md).
void set_unbounded_lbfgs_for_benchmark(bool unbounded);

// For shuimo-bench's comparison only (--without-hand-off): false runs the bounded L-BFGS without the
// hand-off to Adam (docs/OBJECTIVE.md, "The optimiser"), as before it landed. Default true.
void set_hand_off_for_benchmark(bool hand_off);

// For shuimo-bench's comparison only (--external-optimiser): an optimiser outside the engine runs the
// levels instead of the engine's own (the bench hands it scipy's L-BFGS-B, the textbook bounded method,
// over a pipe). It gets the start image (flattened) and the level's objective, which sets the image to
// x (clamped into the box), evaluates it, writes the gradient and returns the loss, and throws when the
// level's evaluations are spent (let it through). Returning ends the level early. Empty: none.
using ExternalObjective = std::function<double(const std::vector<double>& x, std::vector<double>& gradient)>;
using ExternalOptimiser = std::function<void(const std::vector<double>& start, const ExternalObjective& objective)>;
void set_external_optimiser_for_benchmark(ExternalOptimiser optimiser);

class JobRunner {
public:
    // Validates the job (ConfigError, DeviceError) and puts its images on the device.
    JobRunner(const StyleJob& job, ProgressSink& sink, ModelCache& models);

    StyleResult run();

    // The objective of `image` (RGB in [0,1], any size the layers allow) under
    // this job's weights, with targets made at the image's size. No gradients.
    IterationReport evaluate_image(const Image& image);

    // The objective of `rect` of `image` as a tiled level sees the tile at its
    // start: the network reads the whole image around it, the losses the features
    // over the tile; content target from the content at the image's size; the
    // style's Grams computed window by window (gram_window pixels a side; 0 = at
    // once); a tile smaller than the image aims at A + G_tile − G_image, so its
    // style term is the whole image's. With rect the whole image and gram_window 0
    // this is evaluate_image's objective. With regions, each region's term is the tile's (its
    // masks cut to the tile, goals moved by the tile's difference from the whole's statistics).
    IterationReport evaluate_tile(const Image& image, TileRect rect, int gram_window);

    // The objective a tiled level reports for its landed image (StyleResult::final_total_loss):
    // the whole image's under this job's weights, computed window by window with Grams made
    // in windows of gram_window pixels (0 = at once), as a tiled level does. No gradients.
    double evaluate_landed(const Image& image, int gram_window);

private:
    struct Targets {
        torch::Tensor content;                      // the content image at the level's size (a tile: its frame's)
        std::vector<torch::Tensor> content_features;
        // The style's statistics (Grams or W2 moments, losses.h: style_statistic), prepared as
        // the loss reads them; "grams" in the names below stands for either.
        std::vector<StyleTarget> style_grams;
        // A tile seen in its surroundings (docs/TILING.md): the network reads `frame`
        // (the canvas around the tile, zero where the tile goes) with the tile's
        // pixels added at `at`; the losses read only the features over the tile.
        torch::Tensor frame;
        TileRect at;
        // A tile's style goals (docs/TILING.md): the global Grams moved by how the
        // tile differed from the whole level when the pass began,
        // A + G_tile(start) − G_level(start), set at the tile's first evaluation from
        // `level_grams` (G_level). The goals average to about A over the tiles, and
        // every tile moves its statistics as far as the whole image has to.
        // Empty level_grams: the style targets are style_grams themselves.
        std::vector<torch::Tensor> level_grams;
        std::vector<StyleTarget> tile_goals;
        // The job's regions at this level (docs/REGIONS.md); empty terms and no box without regions.
        LevelRegions regions;
        // A video frame's temporal term at this level (docs/VIDEO.md); undefined without one.
        torch::Tensor temporal_previous, temporal_reliable;
    };

    // One level of the schedule: everything that belongs to it. What crosses
    // from one level to the next is handed over in run(), by name: the image
    // to start from, the loss scale, the memory decisions.
    struct LevelRun {
        int index = 0;            // in levels_
        int budget = 0;           // evaluations this level may spend
        int spent = 0;            // ... spent so far, over attempts (an out-of-memory retry keeps the count)
        Size size;                // of the current attempt
        Targets targets;
        torch::Tensor x;          // the image being optimised (a leaf with a gradient), inside [0,1]
        torch::Tensor best;       // the best evaluated image
        torch::Tensor best_loss;  // its objective, on the device (0-dim, fp32)
        std::optional<LossScaler> scaler;  // fp16's dynamic loss scale
        Image content_at_size;    // preserve-colours reference for previews
        bool in_step = false;     // the current optimiser has evaluated at least once
        bool carried = false;     // ... or starts from the level before's curvature pairs
        bool from_picture = false;  // starts at the photo or the init image: the optimiser's first run starts with Adam
        bool on_sine = false;  // starts from noise: the first run is the sine start (job_plan.h)
        // A tile of a tiled level: its number over the level's passes (1-based; 0 = a whole
        // level), how many, and the level's whole size (what progress reports show).
        int tile = 0;
        int tiles = 0;
        Size whole;

        // An attempt that ran out of memory: its tensors go, the count stays.
        void drop_attempt() {
            targets = {};
            x = torch::Tensor();
            best = torch::Tensor();
            best_loss = torch::Tensor();
            in_step = false;
        }
    };

    struct Terms {
        torch::Tensor content, style, tv, total;  // 0-dim, fp32; total = weighted sum (+ the temporal term's)
        std::vector<StyleTarget> tile_goals;      // made at a tile's first evaluation (Targets::tile_goals)
        std::vector<std::vector<StyleTarget>> region_goals;  // the same for each region term (RegionTerm::goals)
    };

    Targets make_targets(Size size) const;
    // Adds a video frame's temporal term (Targets::temporal_previous) to terms.total.
    void add_temporal(Terms& terms, const torch::Tensor& image, const Targets& targets) const;
    // A tile's targets: the content's and the image's windows of the tile's frame (on
    // the host), the tile's place in the frame, and the level's Grams.
    Targets tile_targets(const torch::Tensor& content_frame, const torch::Tensor& image_frame, TileRect at,
                         const std::vector<StyleTarget>& grams) const;
    // The image the network reads: the tile in its frame, or the image itself.
    torch::Tensor framed(const torch::Tensor& image, const Targets& targets) const;
    // Content features of targets.content (already at its size, on the device).
    void add_content_features(Targets& targets) const;
    // The blended style Grams for a level of `size`; window > 0: the style images
    // are resampled on the host and run through the network window by window.
    std::vector<StyleTarget> style_grams(Size size, int window) const;
    // The statistics of one style image (on the device) at a level of `size`, as the loss reads them
    // unblended, at once or (window > 0) window by window on the host; `what` names it in errors.
    std::vector<torch::Tensor> style_statistics_of(const torch::Tensor& style, Size size, int window, const std::string& what) const;
    // The Grams of `image` (on the host or the device) seen window by window, exactly.
    std::vector<torch::Tensor> windowed_grams(const torch::Tensor& image, int window) const;
    // The features of `layers` of same-size `images` window by window (window <= 0: at once):
    // visit(layer, cores) with each image's features over a window's core; the cores partition
    // every layer's map exactly and see their full context, so sums over them are the whole's.
    // (y, x) is the core's first position in the whole image's map of that layer.
    void for_each_window(const std::vector<torch::Tensor>& images, const std::vector<std::string>& layers, int window,
                         const std::function<void(std::size_t, const std::vector<torch::Tensor>&, int y, int x)>& visit) const;
    // The job's regions at a level (docs/REGIONS.md) whose content (at the level's size) is `content`, on
    // its device; `rest` the ordinary styles' targets; region styles' statistics window by window
    // (window > 0, a tiled level) or at once.
    LevelRegions level_regions(const torch::Tensor& content, const std::vector<StyleTarget>& rest, int window) const;
    // Each region term's masked statistics of `image` (the level's size) at every layer it counts,
    // window by window as windowed_grams (undefined where the term does not count the layer).
    std::vector<std::vector<torch::Tensor>> windowed_region_statistics(const torch::Tensor& image, const LevelRegions& regions,
                                                                       int window) const;
    // The whole image's objective of a tiled level's landed canvas (on the host), under the
    // current weights: what evaluate_image gives, with the level's Grams, window by window.
    // With regions (non-empty `regions`), the style term is the regions' (docs/REGIONS.md).
    torch::Tensor landed_objective(const torch::Tensor& canvas, const torch::Tensor& content,
                                   const std::vector<StyleTarget>& grams, int window, const LevelRegions& regions) const;
    // Where a level starts: the coarser result resampled, or the job's init, on `where`.
    torch::Tensor initial_image(Size size, const torch::Tensor& start, const torch::Tensor& content, torch::Device where) const;
    void start_from(LevelRun& level, torch::Tensor x);
    // A level in tiles: the image stays on the host, each tile is a LevelRun; level.best ends as the blended image.
    void optimise_tiled_level(LevelRun& level, const TilePlan& tiles, const torch::Tensor& start);
    void land_tile(torch::Tensor& canvas, const torch::Tensor& pass_start, const TileGrid& grid, int index, const LevelRun& tile) const;
    // Starts (or restarts after running out of memory) an attempt at level.size from `start`.
    void begin_attempt(LevelRun& level, const torch::Tensor& start);
    // Runs the optimiser until the level's budget is spent, the job is cancelled or diverges.
    void optimise_level(LevelRun& level);
    void run_optimiser(LevelRun& level);
    int pairs_kept(const LevelRun& level) const;  // the L-BFGS's history on this level
    // A few projected Adam steps from the photo or the init image; their curvature pairs (lbfgs_pairs_) start the L-BFGS.
    // Returns that Adam, its moments kept for a hand-off.
    std::unique_ptr<torch::optim::Adam> start_with_adam(LevelRun& level);
    // The sine start from noise (job_plan.h, starts_on_sine): runs until the level ends.
    void run_on_sine(LevelRun& level);
    // The hand-off: Adam goes on from where the L-BFGS stopped, until the level ends (a throw).
    [[noreturn]] void continue_with_adam(LevelRun& level, torch::optim::Adam& adam, const BoxLbfgs& stopped);
    static void step_in_box(torch::optim::Adam& adam, LevelRun& level);

    // One evaluation, in steps.
    torch::Tensor evaluate(LevelRun& level);
    void stop_if_done(const LevelRun& level);        // throws StopOptimisation
    void apply_new_weights(LevelRun& level);         // may throw RestartOptimiser
    Terms forward_backward(LevelRun& level);         // gradient in level.x.grad(), loss scaling handled
    Terms objective_terms(const torch::Tensor& image, const Targets& targets, bool checkpointed) const;
    static void keep_if_best(LevelRun& level, const torch::Tensor& total);
    void report(LevelRun& level, const Terms& terms);
    // The terms, the image's range and `best_loss` read back in one copy, as a report at `size`.
    IterationReport read_terms(const Terms& terms, const torch::Tensor& x, Size size, const torch::Tensor& best_loss) const;

    bool take_new_weights();
    void use_precision(torch::ScalarType dtype, LevelRun& level);
    // After an allocation failure at `size`: checkpointing first, then a smaller size. Throws
    // OutOfMemoryError when nothing is left to try.
    void recover_from_out_of_memory(const Level& level, Size size, const std::string& what);
    torch::Tensor net_input(const torch::Tensor& image) const;
    Image finish_image(const torch::Tensor& image, const Image& content_at_size) const;
    double seconds_since_start() const;

    const StyleJob& job_;
    const StyleParams& p_;
    ProgressSink& sink_;
    ModelCache& models_;
    std::chrono::steady_clock::time_point started_;

    // Fixed for the job.
    torch::Device device_{torch::kCPU};
    bool channels_last_ = false;
    Capture capture_;
    int min_side_ = 1;
    Size out_;
    std::vector<Level> levels_;
    std::vector<LevelCost> costs_;    // for the progress reports' ETA
    int total_iterations_ = 0;
    int report_every_ = 1;
    torch::Tensor content_full_;
    std::vector<torch::Tensor> styles_full_;
    std::vector<torch::Tensor> region_masks_full_;   // [1, 1, H, W] per region, on the device
    std::vector<torch::Tensor> region_styles_full_;  // per region (undefined: no style of its own)
    torch::Tensor temporal_previous_full_, temporal_reliable_full_;  // a video frame's (TemporalTerm), on the device
    Rgb paper_{1.0f, 1.0f, 1.0f};     // monochrome ink's paper

    // Decided as the job goes, and kept for its remaining levels.
    torch::ScalarType dtype_ = torch::kFloat;
    Vgg19Features* net_ = nullptr;
    MemoryDecisions memory_;          // checkpointing, L-BFGS history, shrink (job_plan.h)
    LossWeights weights_;
    // L-BFGS's inverse-Hessian scale at the end of the latest run and the size of the image it
    // ran on: the next level, tile or restart starts from it (BoxLbfgs's initial_scale).
    double lbfgs_scale_ = 0.0;
    double lbfgs_scale_elements_ = 1.0;
    // The curvature pairs a whole (untiled) level ended with: the next level starts from them,
    // resampled to its size. Dropped when the weights change, a level is tiled or memory ran out.
    CurvatureMemory lbfgs_pairs_;

    // Counts and outcome.
    int evaluations_ = 0;
    int overflow_retries_ = 0;
    int oom_recoveries_ = 0;
    bool any_checkpointed_ = false;
    bool cancelled_ = false;
    bool diverged_ = false;
    std::chrono::steady_clock::time_point last_preview_;
    int last_report_ = 0;             // evaluation count at the previous progress report
    IterationReport last_sent_;       // the latest progress report (a tiled level's previews carry it)
};

}  // namespace shuimo::engine
