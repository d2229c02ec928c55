#pragma once
// How a running job talks to whoever started it: a small sink interface with
// no Qt and no torch, so the CLI, the GUI worker and tests can all implement it.

#include <optional>
#include <string>
#include <vector>

#include "shuimo/engine/image.h"
#include "shuimo/engine/style_params.h"

namespace shuimo::engine {

// The weights of the three terms of the objective (docs/OBJECTIVE.md): the
// parameter table's live rows (loss_weights_of, param_table.h), with their defaults.
struct LossWeights {
    double content = kDefaultContentWeight;
    double style = kDefaultStyleWeight;
    double tv = kDefaultTvWeight;
    // The job's regions' strengths, in order (StyleJob::regions); empty: as the job set them. A live
    // change may move a style region's strength between values above 0 (0 holds the photo: its box).
    std::vector<double> regions;
    bool operator==(const LossWeights&) const = default;
};

// One objective evaluation (one forward + backward pass). The losses are the
// unweighted terms of docs/OBJECTIVE.md; total is the weighted sum.
struct IterationReport {
    int scale = 0;          // 0-based pyramid level (always 0 for single-scale runs)
    int iteration = 0;      // 1-based evaluation count within the job; 1 = the initial image
    int total_iterations = 0;
    int width = 0;          // the level's size (a tiled level's whole, not the tile's)
    int height = 0;
    int tile = 0;           // a tiled level (docs/TILING.md): 1-based tile over all its passes; 0 = untiled
    int tiles = 0;          // ... of this many
    // Untiled: the terms below are the whole image's; tiled, the current tile's.
    double content_loss = 0.0;
    double style_loss = 0.0;
    double tv_loss = 0.0;
    double total_loss = 0.0;
    // The objective of the image the job would return if it stopped now (the
    // best evaluated at this level): a loss curve of these ends at
    // StyleResult::final_total_loss, the objective of the image written.
    double best_total_loss = 0.0;
    double elapsed_s = 0.0;  // since the job started (targets included)
    // Share of the job's work done and seconds left, from eta.h's model with the
    // job's own levels (remaining_s < 0: not known yet).
    double work_fraction = 0.0;
    double remaining_s = -1.0;
    // The smallest and largest sample of the evaluated image, before any
    // clamping: [0,1] unless the job optimises unbounded (docs/OBJECTIVE.md, "The box").
    double image_min = 0.0;
    double image_max = 1.0;
    LossWeights weights;     // the weights this evaluation used (they may change during a job)
};

// What a notice is about, with its arguments, so that a front end can say it in
// the user's language (the GUI: ui/error_messages); `message` is the English.
enum class NoticeCode {
    None,                // only the message
    Bf16OnCpu,           // (): bf16 asked for on the CPU, usually much slower than fp32
    PrecisionFallback,   // (precision): reduced precision kept overflowing; the job goes on in fp32
    OutOfMemoryRetry,    // (width, height): memory ran out; the level is retried with gradient checkpointing
    OutOfMemorySmaller,  // (width, height, smaller width, smaller height): ... retried smaller
    LevelCheckpointed,   // (width, height): the level uses gradient checkpointing to fit the memory
    LevelTiled,          // (width, height, tiles, tile width, tile height): the level is painted in tiles
    LevelSmaller,        // (width, height, smaller width, smaller height): only a smaller size fits the memory
    Diverged,            // (evaluations): the objective became non-finite; the best image so far is kept
};

struct Notice {
    NoticeCode code = NoticeCode::None;
    std::vector<std::string> args;
    std::string message;  // English, for the CLI and the log
};

class ProgressSink {
public:
    virtual ~ProgressSink() = default;
    // Called once per evaluation, on the engine's thread.
    virtual void on_iteration(const IterationReport& /*report*/) {}
    // The current image (clamped to [0,1], RGB) every N iterations or T ms.
    virtual void on_preview(const Image& /*image*/, const IterationReport& /*report*/) {}
    // Something the user should know that is not an error (fallbacks and the like).
    virtual void on_notice(const std::string& /*message*/) {}
    // The same with its code and arguments (the engine reports through this one);
    // by default only the message goes on to on_notice.
    virtual void on_coded_notice(const Notice& notice) { on_notice(notice.message); }
    // Polled before every evaluation: returning true stops the job within one
    // evaluation, and the job returns the best image so far, marked cancelled.
    virtual bool is_cancelled() const { return false; }
    // Polled before every evaluation: new weights change the objective of the
    // running job from that evaluation on, without restarting it: the image so
    // far and the iteration count are kept, the optimiser's state (which
    // described the old objective) starts afresh. Called on the engine's thread.
    // Return nullopt (the default) to keep the current weights.
    virtual std::optional<LossWeights> poll_weights() { return std::nullopt; }
};

}  // namespace shuimo::engine
