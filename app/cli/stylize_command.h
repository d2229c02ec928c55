#pragma once
// `shuimo-cli stylize`: read the images, run the engine, write the result.

#include <string>

#include "cli_options.h"
#include "shuimo/engine/progress.h"

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

// The plan of the job (levels, sizes, evaluations) as text, from the content
// image's size; nothing is run or written.
std::string describe_plan(const StylizeOptions& options);

}  // namespace shuimo::cli
