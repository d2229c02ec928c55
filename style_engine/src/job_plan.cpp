#include "shuimo/engine/job_plan.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "shuimo/engine/errors.h"
#include "shuimo/engine/style_engine.h"
#include "shuimo/engine/vgg19_spec.h"

namespace shuimo::engine {
namespace {

// The L-BFGS/Adam bookkeeping, the losses and the copies between them, as a
// share of the convolution time (docs/BENCHMARKS.md: +6% to +12% at 256²).
constexpr double kOptimiserOverhead = 1.10;

int deepest_index(const StyleParams& params) {
    const VggLayer* deepest = deepest_layer(params);
    return deepest != nullptr ? deepest->index : -1;
}

// Forward convolution work up to the deepest layer in use, in FLOP.
double forward_conv_flop(int width, int height, int deepest) {
    double flop = 0.0;
    for (const auto& layer : vgg19_layers()) {
        if (layer.index > deepest) break;
        if (layer.type != VggLayerType::Conv) continue;
        const double positions = (static_cast<double>(width) / layer.downsample) * (static_cast<double>(height) / layer.downsample);
        flop += 2.0 * 9.0 * layer.in_channels * layer.out_channels * positions;
    }
    return flop;
}

double gram_flop(int width, int height, const StyleParams& params) {
    double flop = 0.0;
    for (const auto& name : params.style_layers) {
        const VggLayer& layer = find_vgg19_layer(name);
        const double positions = (static_cast<double>(width) / layer.downsample) * (static_cast<double>(height) / layer.downsample);
        flop += 2.0 * layer.out_channels * static_cast<double>(layer.out_channels) * positions;
    }
    return flop;
}

std::string text(Size size) { return std::to_string(size.width) + "x" + std::to_string(size.height); }
std::string mib(std::uint64_t bytes) { return std::to_string((bytes + (1u << 19)) >> 20) + " MiB"; }

// The smallest tile the planner chooses by itself: below this the overlap
// dominates the work.
constexpr int kMinAutoTile = 96;

std::string tiles_text(const TilePlan& t) {
    std::string passes = t.passes() == 1 ? "1 pass" : std::to_string(t.passes()) + " passes";
    return std::to_string(t.tiles()) + " tiles of up to " + text(t.largest) + " (overlap " + std::to_string(t.overlap) +
           " px, " + std::to_string(t.context) + " px of surroundings, " + passes + ")";
}

}  // namespace

int TilePlan::tiles() const {
    int n = 0;
    for (const int count : tiles_per_pass) n += count;
    return n;
}

int TilePlan::evaluations() const {
    int n = 0;
    for (std::size_t k = 0; k < tiles_per_pass.size(); ++k) n += tiles_per_pass[k] * evaluations_per_tile[k];
    return n;
}

TileGrid TilePlan::grid(Size size, int pass) const {
    const double shift = passes() > 1 ? static_cast<double>(pass) / (passes() - 1) : 0.0;
    return make_tile_grid(size, tile, overlap, shift, min_span);
}

TileRect TilePlan::frame(Size size, TileRect rect) const { return tile_frame(rect, size, context, align); }

std::vector<int> tile_pass_evaluations(int iterations) {
    if (iterations <= 0) return {};
    // One pass per 12 evaluations, at most 3: each pass costs the whole canvas's Grams and every tile's
    // targets again, which with few evaluations outweighs moving the seams (docs/TILING.md, "Passes").
    const int passes = std::clamp(iterations / 12, 1, 3);
    std::vector<int> share(static_cast<std::size_t>(passes), iterations / passes);
    for (int k = 0; k < iterations % passes; ++k) ++share[static_cast<std::size_t>(k)];
    return share;
}

TilePlan plan_tiles(Size size, int tile, int iterations, const StyleParams& params) {
    TilePlan t;
    t.tile = tile;
    t.overlap = effective_overlap(tile, params.tile_overlap);
    t.min_span = min_level_side(params);
    t.evaluations_per_tile = tile_pass_evaluations(iterations);
    t.tiles_per_pass.assign(t.evaluations_per_tile.size(), 0);
    t.context = kTileContext;
    const VggLayer* deepest = deepest_layer(params);
    t.align = deepest != nullptr ? deepest->downsample : 1;
    for (int pass = 0; pass < t.passes(); ++pass) {
        const TileGrid grid = t.grid(size, pass);
        t.tiles_per_pass[static_cast<std::size_t>(pass)] = grid.count();
        const Size largest = grid.largest();
        t.largest = {std::max(t.largest.width, largest.width), std::max(t.largest.height, largest.height)};
        for (int i = 0; i < grid.count(); ++i) {
            const TileRect f = t.frame(size, grid.rect(i));
            t.largest_frame = {std::max(t.largest_frame.width, f.width), std::max(t.largest_frame.height, f.height)};
        }
    }
    t.canvas_bytes = static_cast<std::uint64_t>(size.width) * static_cast<std::uint64_t>(size.height) * kTiledCanvasBytesPerPixel +
                     tiled_level_host_bytes(size, params);
    return t;
}

std::uint64_t tiled_level_host_bytes(Size size, const StyleParams& params) {
    constexpr double kRgbFloatBytes = 3 * 4;
    const double long_side = std::max(size.width, size.height);
    const double style = params.style_layers.empty() ? 0.0 : long_side * long_side * params.style_scale * params.style_scale * kRgbFloatBytes;
    const double before = static_cast<double>(size.width) * size.height / 4.0 * kRgbFloatBytes;
    return static_cast<std::uint64_t>(std::ceil(style + before));
}

bool starts_on_sine(const StyleParams& params) {
    return params.init == InitKind::Noise && params.optimizer == OptimizerKind::Lbfgs &&
           params.style_weight >= default_style_weight(params.style_loss) * params.content_weight;
}

MemoryDecisions initial_memory_decisions(const StyleParams& params) {
    MemoryDecisions decisions;
    decisions.checkpointed = params.checkpointing == Checkpointing::On;
    decisions.lbfgs_history = params.lbfgs_history;
    return decisions;
}

Size shrunk_size(int width, int height, double shrink) {
    if (shrink >= 1.0) return {width, height};
    return {std::max(1, static_cast<int>(std::lround(width * shrink))), std::max(1, static_cast<int>(std::lround(height * shrink)))};
}

LevelMemoryPlan plan_level_memory(const Level& level, const StyleParams& params, int conv_bytes, std::uint64_t free_memory,
                                  const MemoryDecisions& before, bool on_sine) {
    LevelMemoryPlan plan;
    MemoryDecisions& d = plan.decisions;
    d = before;
    Size size = shrunk_size(level.width, level.height, d.shrink);
    auto estimate_at = [&](Size s, int iterations, bool checkpointed, bool whole) {
        StyleParams planned = params;
        planned.lbfgs_history = d.lbfgs_history;
        return estimate_level_memory(s.width, s.height, planned, iterations, conv_bytes, checkpointed, whole && on_sine);
    };
    auto estimate = [&](Size s, bool checkpointed) { return estimate_at(s, level.iterations, checkpointed, true); };
    auto need = [&](Size s, bool checkpointed) { return estimate(s, checkpointed).total(); };
    auto finish = [&]() -> LevelMemoryPlan {
        plan.size = size;
        plan.memory = estimate(size, d.checkpointed);
        return plan;
    };
    // A tiled level needs one tile's working memory (the largest tile, its most
    // evaluations per pass) beside the whole image in host memory.
    auto tile_estimate = [&](const TilePlan& t, bool checkpointed) {
        const int most = *std::max_element(t.evaluations_per_tile.begin(), t.evaluations_per_tile.end());
        MemoryEstimate e = estimate_at(t.largest_frame, most, checkpointed, false);  // tiles keep the box
        e.fixed = kTileFixedBytes;
        return e;
    };
    auto tile_need = [&](const TilePlan& t, bool checkpointed) { return tile_estimate(t, checkpointed).total() + t.canvas_bytes; };
    const std::uint64_t budget = memory_budget(params, free_memory);
    const std::string whose = params.max_memory != 0 ? std::string("the memory budget")
                                                     : "the automatic budget (" + mib(free_memory) + " available less a margin)";
    auto finish_tiled = [&](TilePlan t) -> LevelMemoryPlan {
        plan.size = size;
        plan.memory = tile_estimate(t, d.checkpointed);
        // Under a memory budget the Grams are made in windows that need no more than a
        // tile (at least a frame's side); without one, at once.
        if (budget != 0) {
            const double window_pixels = static_cast<double>(plan.memory.total()) / kGramWindowBytesPerPixel;
            const int side = static_cast<int>(std::sqrt(window_pixels)) / 32 * 32;
            t.gram_window = std::max({side, t.largest_frame.width, t.largest_frame.height});
        }
        plan.tiles = t;
        return plan;
    };
    const int long_side = std::max(size.width, size.height);
    // The largest tile below `below` whose tile fits `limit` (tile 0: none does).
    auto fit_tiles = [&](int below, std::uint64_t limit, bool checkpointed) {
        const int smallest = std::max(kMinAutoTile, 3 * min_level_side(params));
        for (int tile = (below - 1) / 16 * 16; tile >= smallest; tile -= 16) {
            TilePlan t = plan_tiles(size, tile, level.iterations, params);
            if (tile_need(t, checkpointed) <= limit) return t;
        }
        return TilePlan{};
    };

    // Tiles start again from the levels before's decisions (keeping the shrink so far), plain
    // first: checkpointing costs half a forward pass more per evaluation, smaller tiles less.
    auto tiles_from_before = [&](int below) {
        const double shrink = d.shrink;
        d = before;
        d.shrink = shrink;
        TilePlan t = fit_tiles(below, budget, d.checkpointed);
        if (!t.tiled() && !d.checkpointed && params.checkpointing == Checkpointing::Auto) {
            d.checkpointed = true;
            t = fit_tiles(below, budget, true);
        }
        return t;
    };

    if (params.tile_size > 0 && long_side > params.tile_size && level.iterations > 0) {
        // Tiles as asked; a budget may make them smaller still (checkpointing first, as for a whole level).
        TilePlan t = plan_tiles(size, params.tile_size, level.iterations, params);
        if (budget != 0 && !d.checkpointed && params.checkpointing == Checkpointing::Auto && tile_need(t, false) > budget) {
            d.checkpointed = true;
            plan.notices.push_back("tiles of " + text(t.largest) + " need ~" + mib(tile_need(t, false)) + ", more than " + whose +
                                   " (" + mib(budget) + "): using gradient checkpointing");
        }
        if (budget != 0 && tile_need(t, d.checkpointed) > budget) t = fit_tiles(params.tile_size, budget, d.checkpointed);
        if (t.tiled()) {
            plan.notices.push_back(text(size) + " in " + tiles_text(t) + ": ~" + mib(tile_need(t, d.checkpointed) - t.canvas_bytes) +
                                   " per tile and " + mib(t.canvas_bytes) + " for the whole image in host memory");
            return finish_tiled(t);
        }
    }
    if (budget == 0) return finish();  // unknown: out-of-memory recovery is the safety net
    if (!d.checkpointed && params.checkpointing == Checkpointing::Auto && need(size, false) > budget) {
        d.checkpointed = true;
        plan.notices.push_back(text(size) + " needs ~" + mib(need(size, false)) + ", more than " + whose + " (" + mib(budget) +
                               "): using gradient checkpointing (~" + mib(need(size, true)) + ", about a fifth slower)");
    }
    if (need(size, d.checkpointed) <= budget) return finish();
    // At print sizes L-BFGS's history outweighs the network (24 bytes per pixel per step):
    // a shorter memory costs some convergence speed, a smaller image costs the print.
    if (params.optimizer == OptimizerKind::Lbfgs && level.iterations > 10) {
        const int history_before = d.lbfgs_history;
        while (d.lbfgs_history > 10 && need(size, d.checkpointed) > budget) d.lbfgs_history = std::max(10, d.lbfgs_history / 2);
        if (d.lbfgs_history != history_before) {
            plan.notices.push_back(text(size) + (need(size, d.checkpointed) <= budget ? " fits" : " still does not fit") + " in " +
                                   whose + " of " + mib(budget) + " with L-BFGS remembering " + std::to_string(d.lbfgs_history) +
                                   " steps instead of " + std::to_string(history_before));
        }
        if (need(size, d.checkpointed) <= budget) return finish();
    }
    // Tiles keep the full size: memory is bounded by the tile (docs/TILING.md).
    if (params.tile_size == 0 && level.iterations > 0) {
        // The decisions above were for the whole level; kept if no tiles fit.
        const MemoryDecisions whole = d;
        const std::vector<std::string> whole_notices = plan.notices;
        plan.notices.clear();
        TilePlan t = tiles_from_before(long_side);
        if (t.tiled() && d.checkpointed && !before.checkpointed)
            plan.notices.push_back("tiles use gradient checkpointing: none fits the budget without it");
        if (!t.tiled()) {
            d = whole;
            plan.notices = whole_notices;
        } else {
            plan.notices.push_back(text(size) + " does not fit in " + whose + " of " + mib(budget) + " whole: optimising it in " +
                                   tiles_text(t) + ", ~" + mib(tile_need(t, d.checkpointed) - t.canvas_bytes) + " per tile and " +
                                   mib(t.canvas_bytes) + " for the whole image in host memory");
            return finish_tiled(t);
        }
    }
    const Size asked = size;
    const int min_side = min_level_side(params);
    // Tiled when the full size is not: what does not fit is the whole image in host memory
    // (the canvas), so the largest smaller size whose canvas and tiles fit is tried at each
    // step before a size that fits whole (which would be far smaller: an A2 under 2 GiB
    // fits whole only at ~900 px, in tiles at ~5000).
    while (need(size, d.checkpointed) > budget) {
        d.shrink /= std::sqrt(2.0);
        size = shrunk_size(level.width, level.height, d.shrink);
        if (params.tile_size == 0 && level.iterations > 0 && std::min(size.width, size.height) >= min_side &&
            need(size, d.checkpointed) > budget) {
            const MemoryDecisions shrinking = d;
            const TilePlan t = tiles_from_before(std::max(size.width, size.height));
            if (t.tiled()) {
                plan.notices.clear();
                plan.notices.push_back(text(asked) + " does not fit in " + whose + " of " + mib(budget) +
                                       ", whole or in tiles: optimising at " +
                                       text(size) + " in " + tiles_text(t) + " instead (the result will be smaller than asked)");
                return finish_tiled(t);
            }
            d = shrinking;
        }
        if (std::min(size.width, size.height) < min_side) {
            throw OutOfMemoryError(params.max_memory != 0
                                       ? "a memory budget of " + mib(budget) + " is too small for this job even at the " +
                                             "smallest size; raise --max-memory or use shallower layers"
                                       : "only " + mib(free_memory) + " of memory is available, too little for this job even at " +
                                             "the smallest size; close other programs or use shallower layers");
        }
    }
    plan.notices.push_back(text(asked) + " does not fit in " + whose + " of " + mib(budget) +
                           (d.checkpointed ? " even with checkpointing" : "") + ": optimising at " + text(size) +
                           " instead (the result will be smaller than asked)");
    return finish();
}

std::uint64_t automatic_memory_budget(std::uint64_t available) {
    const std::uint64_t margin = available / 10 + kAutomaticMarginBytes;
    return available > margin ? available - margin : (available != 0 ? 1 : 0);
}

std::uint64_t memory_budget(const StyleParams& params, std::uint64_t available) {
    return params.max_memory != 0 ? params.max_memory : automatic_memory_budget(available);
}

double evaluation_gflop(int width, int height, const StyleParams& params, bool checkpointed) {
    const double forward = forward_conv_flop(width, height, deepest_index(params));
    // Backward to the input of every convolution costs what its forward did.
    const double grams = gram_flop(width, height, params);
    return ((checkpointed ? 3.0 : 2.0) * forward + 2.0 * grams) * 1e-9;
}

double LevelPlan::seconds_at(double gflops_per_second) const {
    if (gflops_per_second <= 0.0) return 0.0;
    return gflop * kOptimiserOverhead / gflops_per_second;
}

double JobPlan::seconds_at(double gflops_per_second) const {
    if (gflops_per_second <= 0.0) return 0.0;
    return total_gflop * kOptimiserOverhead / gflops_per_second;
}

JobPlan plan_job(int content_width, int content_height, const StyleParams& params, int conv_bytes,
                 std::uint64_t free_memory) {
    validate(params);
    JobPlan plan;
    plan.output = output_size(content_width, content_height, params.size);
    plan.budget = memory_budget(params, free_memory);
    plan.automatic_budget = params.max_memory == 0 && plan.budget != 0;
    const int deepest = deepest_index(params);
    MemoryDecisions decisions = initial_memory_decisions(params);
    bool first = true;
    for (const Level& level : plan_levels(plan.output.width, plan.output.height, params)) {
        if (level.iterations == 0) continue;
        LevelMemoryPlan memory = plan_level_memory(level, params, conv_bytes, free_memory, decisions, first && starts_on_sine(params));
        first = false;
        decisions = memory.decisions;
        LevelPlan item;
        item.level = level;
        item.size = memory.size;
        item.tiles = memory.tiles;
        item.memory = memory.memory;
        item.checkpointed = decisions.checkpointed;
        item.lbfgs_history = decisions.lbfgs_history;
        item.notices = std::move(memory.notices);
        // Targets: one forward pass of the content at this size (a tiled level: of
        // every tile's window; the style images' passes depend on their sizes and
        // are small beside the job).
        double level_gflop = 0.0;
        if (item.tiles.tiled()) {
            item.evaluations = item.tiles.evaluations();
            for (int pass = 0; pass < item.tiles.passes(); ++pass) {
                const TileGrid grid = item.tiles.grid(item.size, pass);
                for (int i = 0; i < grid.count(); ++i) {
                    const TileRect r = item.tiles.frame(item.size, grid.rect(i));
                    level_gflop += evaluation_gflop(r.width, r.height, params, item.checkpointed) *
                                       item.tiles.evaluations_per_tile[static_cast<std::size_t>(pass)] +
                                   forward_conv_flop(r.width, r.height, deepest) * 1e-9;
                }
            }
            item.gflop_per_evaluation = item.evaluations > 0 ? level_gflop / item.evaluations : 0.0;
        } else {
            item.evaluations = level.iterations;
            item.gflop_per_evaluation = evaluation_gflop(item.size.width, item.size.height, params, item.checkpointed);
            level_gflop = item.gflop_per_evaluation * level.iterations + forward_conv_flop(item.size.width, item.size.height, deepest) * 1e-9;
        }
        plan.total_iterations += item.evaluations;
        plan.peak_bytes = std::max(plan.peak_bytes, item.memory.total() + item.tiles.canvas_bytes);
        item.gflop = level_gflop;
        plan.total_gflop += level_gflop;
        plan.levels.push_back(std::move(item));
    }
    plan.result = shrunk_size(plan.output.width, plan.output.height, decisions.shrink);
    return plan;
}

std::vector<Notice> plan_notices(const Level& level, const LevelMemoryPlan& plan) {
    std::vector<Notice> notices;
    for (const std::string& line : plan.notices) notices.push_back({NoticeCode::None, {}, line});
    if (notices.empty()) return notices;
    // What it came to, on the last line (the one a status bar keeps showing).
    Notice& last = notices.back();
    const auto number = [](int value) { return std::to_string(value); };
    const bool smaller = plan.size.width != level.width || plan.size.height != level.height;
    if (plan.tiles.tiled()) {
        last.code = NoticeCode::LevelTiled;
        last.args = {number(plan.size.width), number(plan.size.height), number(plan.tiles.tiles()),
                     number(plan.tiles.largest.width), number(plan.tiles.largest.height)};
    } else if (smaller) {
        last.code = NoticeCode::LevelSmaller;
        last.args = {number(level.width), number(level.height), number(plan.size.width), number(plan.size.height)};
    } else if (plan.decisions.checkpointed) {
        last.code = NoticeCode::LevelCheckpointed;
        last.args = {number(plan.size.width), number(plan.size.height)};
    }
    return notices;
}

int conv_bytes(std::string_view precision) {
    if (precision == "fp32") return 4;
    if (precision == "fp16" || precision == "bf16") return 2;
    throw ConfigError("'" + std::string(precision) + "' is not a convolution precision: use fp32, fp16 or bf16");
}

}  // namespace shuimo::engine
