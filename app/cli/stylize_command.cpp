#include "stylize_command.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <system_error>

#include "shuimo/engine/errors.h"
#include "shuimo/engine/job_plan.h"
#include "shuimo/engine/model_paths.h"
#include "shuimo/engine/schedule.h"
#include "shuimo/engine/style_engine.h"
#include "shuimo/engine/system_helpers.h"
#include "shuimo/image_io/auto_masks.h"
#include "shuimo/image_io/image_io.h"

namespace shuimo::cli {
namespace {

using engine::same_file;

void refuse_overwriting_inputs(const StylizeOptions& options) {
    std::vector<std::filesystem::path> inputs{options.content};
    inputs.insert(inputs.end(), options.styles.begin(), options.styles.end());
    for (const auto& region : options.regions) {
        if (region.mask != "sky" && region.mask != "faces") inputs.push_back(region.mask);
        if (region.kind == engine::RegionKind::Style) inputs.push_back(region.style);
    }
    if (options.init_image) inputs.push_back(*options.init_image);
    for (const auto& input : inputs) {
        if (same_file(options.output, input)) {
            throw UsageError("--output " + options.output.string() + " is one of the input images; originals are never "
                             "overwritten: choose another output path");
        }
    }
}

}  // namespace

namespace {

std::string mib(std::uint64_t bytes) { return engine::format_mebibytes(bytes); }
std::string duration(double seconds) { return engine::format_duration(seconds); }

}  // namespace

std::string describe_plan(const StylizeOptions& options) {
    engine::validate(options.params);
    const auto content = image_io::read_image(options.content);
    // Resolves "auto", reads the free memory and times a few evaluations (no weights needed).
    const engine::DeviceReport device = engine::describe_device(options.params.device, options.params.precision);
    const auto plan = engine::plan_job(content.rgb.width, content.rgb.height, options.params, device.conv_bytes,
                                       device.free_memory);
    std::string text = "plan: output " + std::to_string(plan.output.width) + "x" + std::to_string(plan.output.height) + ", " +
                       std::to_string(plan.levels.size()) + (plan.levels.size() == 1 ? " level, " : " levels, ") +
                       std::to_string(plan.total_iterations) + " evaluations, " +
                       std::string(engine::to_string(options.params.optimizer)) + ", " + device.device + " " +
                       device.precision + "\n";
    for (std::size_t i = 0; i < plan.levels.size(); ++i) {
        const auto& level = plan.levels[i];
        for (const auto& notice : level.notices) text += "  note: " + notice + "\n";
        const std::string history =
            level.lbfgs_history != options.params.lbfgs_history ? ", L-BFGS history " + std::to_string(level.lbfgs_history) : "";
        const std::string size = std::to_string(level.size.width) + "x" + std::to_string(level.size.height);
        if (!level.tiles.tiled()) {
            text += "  level " + std::to_string(i) + ": " + size + ", " + std::to_string(level.level.iterations) +
                    " evaluations, ~" + mib(level.memory.total()) + (level.checkpointed ? ", checkpointed" : "") + history +
                    ", ~" + duration(level.seconds_at(device.gflops)) + "\n";
            continue;
        }
        // A tiled level (docs/TILING.md): its tiles, each pass's grid, the memory of one tile and of the whole image.
        const auto& t = level.tiles;
        std::string passes;
        for (int pass = 0; pass < t.passes(); ++pass) {
            const auto grid = t.grid(level.size, pass);
            passes += (pass == 0 ? "" : ", ") + std::to_string(grid.columns.size()) + "x" + std::to_string(grid.rows.size()) +
                      " x " + std::to_string(t.evaluations_per_tile[static_cast<std::size_t>(pass)]);
        }
        text += "  level " + std::to_string(i) + ": " + size + " in " + std::to_string(t.tiles()) + " tiles of up to " +
                std::to_string(t.largest.width) + "x" + std::to_string(t.largest.height) + " (overlap " +
                std::to_string(t.overlap) + " px, each seen with " + std::to_string(t.context) + " px of its surroundings; " + std::to_string(t.passes()) + (t.passes() == 1 ? " pass" : " passes") +
                ", tiles x evaluations each: " + passes + "), " + std::to_string(level.evaluations) +
                " tile evaluations, ~" + mib(level.memory.total()) + " per tile" + (level.checkpointed ? " checkpointed" : "") +
                " + " + mib(t.canvas_bytes) + " for the whole image (host)" + history + ", ~" +
                duration(level.seconds_at(device.gflops)) + "\n";
    }
    if (plan.result.width != plan.output.width || plan.result.height != plan.output.height) {
        text += "the memory budget makes the result " + std::to_string(plan.result.width) + "x" +
                std::to_string(plan.result.height) + " instead of " + std::to_string(plan.output.width) + "x" +
                std::to_string(plan.output.height) + "\n";
    }
    text += "estimated peak working memory: ~" + mib(plan.peak_bytes) +
            " on top of LibTorch and the weights (about 0.4 GiB on the CPU)";
    if (options.params.max_memory != 0) text += "; budget " + mib(options.params.max_memory);
    else if (plan.automatic_budget) text += "; automatic budget " + mib(plan.budget) + " (" + mib(device.free_memory) + " available less a margin; --max-memory to choose)";
    else text += "; the available memory is unknown: nothing fitted to it";
    text += "\n";
    text += "estimated time: ~" + duration(plan.seconds_at(device.gflops)) + " (" +
            std::to_string(static_cast<long long>(std::llround(plan.total_gflop))) + " GFLOP at a measured " +
            std::to_string(static_cast<long long>(std::llround(device.gflops))) + " GFLOP/s)\n";
    return text;
}

JobInputs read_job_inputs(const StylizeOptions& options) {
    JobInputs inputs;
    for (const auto& style : options.styles) inputs.styles.push_back(image_io::read_image(style).rgb);
    for (const RegionOption& option : options.regions) {
        engine::Region region;
        const bool automatic = image_io::is_automatic_mask(option.mask.string());
        // A mask file is read as RGB (a grey mask's mean is its grey).
        if (!automatic) region.mask = image_io::read_image(option.mask).rgb;
        region.kind = option.kind;
        region.strength = option.strength;
        if (option.kind == engine::RegionKind::Style) region.style = image_io::read_image(option.style).rgb;
        inputs.regions.push_back(std::move(region));
        inputs.automatic.push_back(automatic ? option.mask.string() : std::string());
    }
    return inputs;
}

void add_job_inputs(engine::StyleJob& job, const JobInputs& inputs, engine::ProgressSink& sink, const std::string& content_name) {
    job.styles = inputs.styles;
    for (std::size_t r = 0; r < inputs.regions.size(); ++r) {
        engine::Region region = inputs.regions[r];
        if (!inputs.automatic[r].empty()) {  // made from this photo (image_io/auto_masks.h)
            region.mask = *image_io::automatic_mask(inputs.automatic[r], job.content);
            if (!image_io::covers_anything(region.mask)) {
                sink.on_notice("region " + std::to_string(r + 1) + ": no " + inputs.automatic[r] + " found in " + content_name +
                               "; the region is left out");
                continue;
            }
        }
        job.regions.push_back(std::move(region));
    }
}

StylizeOutcome run_stylize(const StylizeOptions& options, engine::ProgressSink& sink) {
    const auto started = std::chrono::steady_clock::now();
    refuse_overwriting_inputs(options);
    image_io::check_output_path(options.output, options.bit_depth);

    std::filesystem::path weights;
    if (options.weights) {
        weights = *options.weights;
    } else if (const auto installed = engine::find_installed_vgg19_weights()) {
        weights = *installed;
    } else {
        throw engine::WeightsError(engine::missing_weights_message());
    }

    engine::StyleJob job;
    job.params = options.params;
    job.style_blend = options.style_blend;
    image_io::LoadedImage content = image_io::read_image(options.content);
    job.content = content.rgb;
    add_job_inputs(job, read_job_inputs(options), sink, options.content.filename().string());
    if (options.init_image) job.init_image = image_io::read_image(*options.init_image).rgb;

    engine::StyleEngine style_engine(weights);
    const engine::StyleResult result = style_engine.run(job, sink);

    StylizeOutcome outcome;
    outcome.cancelled = result.cancelled;
    outcome.iterations = result.iterations_run;
    if (!result.cancelled) {
        std::optional<engine::Image> alpha;
        if (content.alpha) alpha = image_io::resize_image(*content.alpha, {result.image.width, result.image.height});
        image_io::write_image(options.output, result.image, alpha ? &*alpha : nullptr, options.bit_depth);
    }
    outcome.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    return outcome;
}

}  // namespace shuimo::cli
