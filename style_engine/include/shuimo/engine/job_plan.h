#pragma once
// What a job will cost before it runs: its levels, the peak working memory of
// the largest one and the convolution work of every evaluation. Plain C++, so
// the CLI's --dry-run and the GUI can show it while the user is still choosing.
//
// The memory decisions (gradient checkpointing, a shorter L-BFGS history, a
// smaller image) are made by one pure function, plan_level_memory, which both
// plan_job and the engine's runner call level by level: the dry run shows what
// the job will do.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "shuimo/engine/image.h"
#include "shuimo/engine/memory_plan.h"
#include "shuimo/engine/progress.h"
#include "shuimo/engine/schedule.h"
#include "shuimo/engine/style_params.h"
#include "shuimo/engine/tiling.h"

namespace shuimo::engine {

// What the memory budget has decided so far. Decisions carry over from one
// level to the next (a finer level never needs less than a coarser one).
struct MemoryDecisions {
    bool checkpointed = false;  // gradient checkpointing (a recomputed forward pass)
    int lbfgs_history = 100;    // L-BFGS remembered steps, as the budget leaves them
    double shrink = 1.0;        // every level's sides are multiplied by this (< 1: smaller than asked)
    bool operator==(const MemoryDecisions&) const = default;
};

// Before the first level: checkpointing as params ask, their full history, no shrink.
MemoryDecisions initial_memory_decisions(const StyleParams& params);

// A level's sides times `shrink` (each at least 1); unchanged for shrink >= 1.
Size shrunk_size(int width, int height, double shrink);

// How a tiled level is cut and spent (docs/TILING.md). Untiled: tile == 0.
struct TilePlan {
    int tile = 0;                          // longest tile side; 0 = the level runs whole
    int overlap = 0;                       // as the grid uses it (effective_overlap, tiling.h)
    int min_span = 1;                      // no tile side shorter (the layers' min_level_side)
    std::vector<int> tiles_per_pass;       // one entry per pass over the image, each with a shifted grid
    std::vector<int> evaluations_per_tile; // ... and each tile's evaluations in that pass
    Size largest;                          // the largest tile of any pass
    int context = 0;                       // pixels of surroundings a tile is seen in (tile_frame, tiling.h)
    int align = 1;                         // ... with the frame's origin on this lattice (the deepest layer's downsample)
    Size largest_frame;                    // the largest frame: what a tile's memory and time are planned at
    int gram_window = 0;                   // under a budget: side of the windows the Grams are made in; 0 = at once
    std::uint64_t canvas_bytes = 0;        // the whole image and its companions, in host memory
    bool tiled() const { return tile > 0; }
    int passes() const { return static_cast<int>(tiles_per_pass.size()); }
    int tiles() const;                     // over all passes
    int evaluations() const;               // over all passes and tiles
    // Pass `pass`'s grid over a level of `size`: the cuts move by pass / (passes() - 1) of their room (split_axis).
    TileGrid grid(Size size, int pass) const;
    // The window of a level of `size` that `tile` is optimised in.
    TileRect frame(Size size, TileRect tile) const;
};

// The surroundings a tile is seen in, each side: features near its edges then see
// roughly what the whole image's would (conv5_1 reads 70 pixels each side for the
// exact value; 32 was measured to be enough, docs/BENCHMARKS.md "Tiled levels").
constexpr int kTileContext = 32;

// What a tile holds beyond estimate_level_memory's activations, backward and
// optimiser terms, once freed blocks go back to the system (the runner's
// return_large_blocks_promptly): measured 0.97–1.08× of those terms from 384² to
// 3000×2001 (docs/BENCHMARKS.md, "Tiled levels"), so a small allowance replaces
// the whole level's 128 MiB.
constexpr std::uint64_t kTileFixedBytes = 32ull << 20;

// A Gram window's forward pass without gradients: the captured style maps and
// the working pair of maps, about 1 KB a pixel (docs/BENCHMARKS.md).
constexpr std::uint64_t kGramWindowBytesPerPixel = 1152;

// Host memory of a tiled level per pixel: the blended image, the pass's start,
// the content at the level's size and the finished preview (fp32 RGB each).
constexpr std::uint64_t kTiledCanvasBytesPerPixel = 4 * 3 * 4;

// Host memory a tiled level holds beside its canvas (issue 24: the 12-Mpx overage):
// each style image resampled to the level's size while its Grams are made in
// windows (fp32 RGB, at most long side² × style_scale², whatever the style's
// aspect), and the level before's result it starts from (a quarter of the level's
// pixels at most, fp32 RGB).
std::uint64_t tiled_level_host_bytes(Size size, const StyleParams& params);

// Passes over a tiled level of `iterations` evaluations, and each pass's share:
// several passes with shifted grids and fewer evaluations each hide seams, but
// every tile needs at least two evaluations (one optimiser step) per pass.
std::vector<int> tile_pass_evaluations(int iterations);

// The tiles of a level of `size` at `tile` pixels (params.tile_overlap, the passes of `iterations`).
TilePlan plan_tiles(Size size, int tile, int iterations, const StyleParams& params);

struct LevelMemoryPlan {
    Size size;                         // the size the level is optimised at
    TilePlan tiles;                    // tiled: how (memory is then one tile's, canvas_bytes beside it)
    MemoryEstimate memory;             // its working memory, with `decisions`
    MemoryDecisions decisions;         // to use now and to carry to the next level
    std::vector<std::string> notices;  // what was decided and why, as the user is told
};

// The budget a job plans to when none is given (params.max_memory 0): the memory
// the device has available now, less a margin for what else needs it while the
// job runs (the desktop and its other programs, the app's own images and
// previews, LibTorch's allocator slack): a tenth of it plus 512 MiB. On a 24 GB
// machine with 23.6 GB available that is 20.7 GB. 0 when available is 0 (unknown).
constexpr std::uint64_t kAutomaticMarginBytes = 512ull << 20;
std::uint64_t automatic_memory_budget(std::uint64_t available);

// What a job plans to: params.max_memory when set, else automatic_memory_budget(available).
std::uint64_t memory_budget(const StyleParams& params, std::uint64_t available);

// The memory decisions for one level, given those of the levels before it, under
// memory_budget(params, free_memory) (0 = unknown: nothing is decided, out-of-memory
// recovery is the safety net). An explicit budget and the automatic one are planned
// to alike: gradient checkpointing (Auto) first, then a shorter L-BFGS history, then
// tiles (tile_size auto), and only then a smaller image. An explicit params.tile_size
// tiles every level longer than it, whatever the budget (which may make the tiles
// smaller still). The runner plans each level with the memory available when it
// starts; a dry run with what is available now.
// on_sine: the job's first level, when starts_on_sine(params) (counted if it runs whole).
// Throws OutOfMemoryError when even the smallest size does not fit.
LevelMemoryPlan plan_level_memory(const Level& level, const StyleParams& params, int conv_bytes, std::uint64_t free_memory,
                                  const MemoryDecisions& before, bool on_sine = false);

// The sine start (docs/OBJECTIVE.md, "The optimiser"): a job that starts from noise with L-BFGS
// and at least its style loss's default balance of style to content (10^6 for Gram) runs its first
// level, when whole and without regions, on z with x = (1 - cos z) / 2: every z is inside the box, so
// the L-BFGS needs none. Where the content term rules it was behind the box, and is not used.
bool starts_on_sine(const StyleParams& params);

// The level's notices as the runner reports them: one per line of plan.notices, the last
// with a code for what the plan came to (painted in tiles, at a smaller size, with gradient
// checkpointing: progress.h's NoticeCode) and its numbers.
std::vector<Notice> plan_notices(const Level& level, const LevelMemoryPlan& plan);

// Bytes per convolution element at a precision as the engine names it (dtype_name, DeviceReport,
// StyleResult::precision): 4 for "fp32", 2 for "fp16" and "bf16". The runner, describe_device and
// the GUI's estimate all take it from here. Throws ConfigError for another name.
int conv_bytes(std::string_view precision);

struct LevelPlan {
    Level level;                        // as the schedule has it
    Size size;                          // as it will be optimised (smaller than level's when shrunk)
    TilePlan tiles;                     // tiled: memory is one tile's; canvas_bytes are on the host
    int evaluations = 0;                // level.iterations, or every tile's evaluations when tiled
    MemoryEstimate memory;
    double gflop_per_evaluation = 0.0;  // forward + backward through VGG-19, Grams included (tiled: the mean tile's)
    bool checkpointed = false;          // gradient checkpointing (a recomputed forward pass)
    int lbfgs_history = 100;            // as the memory budget leaves it
    std::vector<std::string> notices;   // the runner's notices for this level's decisions
    double gflop = 0.0;                 // this level's work: every evaluation and the targets' passes
    double seconds_at(double gflops_per_second) const;  // as JobPlan::seconds_at, for this level
};

struct JobPlan {
    Size output;                        // as asked
    Size result;                        // as it will come out (smaller than output when the budget shrinks it)
    std::vector<LevelPlan> levels;      // coarse to fine; levels with no evaluations are left out
    int total_iterations = 0;           // evaluations, a tiled level's counted tile by tile
    std::uint64_t peak_bytes = 0;       // the largest level's working memory (a tiled level's: a tile's plus its canvas)
    double total_gflop = 0.0;           // every evaluation of every level, plus the targets' passes
    std::uint64_t budget = 0;           // memory_budget: what the plan fits (0 = unknown, nothing fitted)
    bool automatic_budget = false;      // budget is automatic_memory_budget (no max_memory given)

    // Wall-clock estimate at a sustained throughput (GFLOP/s, as measured by
    // measure_throughput_gflops): the convolution work plus the optimiser's
    // share, which docs/BENCHMARKS.md puts at about a tenth.
    double seconds_at(double gflops_per_second) const;
};

// Convolution and Gram work of one evaluation at width x height (GFLOP).
// Forward through every convolution up to the deepest layer in use, the
// backward pass to the image (no weight gradients: about as much again), and
// the Gram matrices with their gradients.
// Checkpointed, every block's forward pass runs twice.
double evaluation_gflop(int width, int height, const StyleParams& params, bool checkpointed = false);

// The plan for a content image of content_width x content_height.
// conv_bytes: 4 for fp32 convolutions, 2 for bf16/fp16. free_memory: what the
// device has available (device_free_memory, host_available_memory; 0 = unknown). Levels are planned by plan_level_memory, as
// the engine plans them. Throws ConfigError, or OutOfMemoryError when the
// budget is too small for the job at any size.
JobPlan plan_job(int content_width, int content_height, const StyleParams& params, int conv_bytes = 4,
                 std::uint64_t free_memory = 0);

}  // namespace shuimo::engine
