#pragma once
// `shuimo-cli stylize`: read the images, run the engine, write the result.

#include <string>
#include <vector>

#include "cli_options.h"
#include "shuimo/engine/progress.h"
#include "shuimo/engine/style_params.h"

namespace shuimo::cli {

struct StylizeOutcome {
    bool cancelled = false;
    double seconds = 0.0;
    int iterations = 0;
};

// Throws UsageError for a bad command (e.g. output equal to an input) and
// engine::EngineError subclasses for everything else. Writes the output only
// when the job completes, atomically.
StylizeOutcome run_stylize(const StylizeOptions& options, engine::ProgressSink& sink);

// The options' style images and regions, read once: a region's mask from its file, or left empty
// when it is made from each photo ("sky", "faces": `automatic` names it).
struct JobInputs {
    std::vector<engine::Image> styles;
    std::vector<engine::Region> regions;
    std::vector<std::string> automatic;  // per region: "sky", "faces", or empty (its mask is read)
};
JobInputs read_job_inputs(const StylizeOptions& options);

// The inputs into `job` (job.content already set: automatic masks are made from it; one found empty is
// left out with a notice naming `content_name`).
void add_job_inputs(engine::StyleJob& job, const JobInputs& inputs, engine::ProgressSink& sink, const std::string& content_name);

// The plan of the job (levels, sizes, evaluations) as text, from the content
// image's size; nothing is run or written.
std::string describe_plan(const StylizeOptions& options);

}  // namespace shuimo::cli
