#include "stylize_command.h"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <system_error>

#include "shuimo/engine/errors.h"
#include "shuimo/engine/memory_plan.h"
#include "shuimo/engine/model_paths.h"
#include "shuimo/engine/schedule.h"
#include "shuimo/engine/style_engine.h"
#include "shuimo/image_io/image_io.h"

namespace shuimo::cli {
namespace {

bool same_file(const std::filesystem::path& a, const std::filesystem::path& b) {
    std::error_code ec;
    if (std::filesystem::exists(a, ec) && std::filesystem::exists(b, ec)) return std::filesystem::equivalent(a, b, ec);
    return std::filesystem::weakly_canonical(a, ec) == std::filesystem::weakly_canonical(b, ec);
}

void refuse_overwriting_inputs(const StylizeOptions& options) {
    std::vector<std::filesystem::path> inputs{options.content};
    inputs.insert(inputs.end(), options.styles.begin(), options.styles.end());
    if (options.init_image) inputs.push_back(*options.init_image);
    for (const auto& input : inputs) {
        if (same_file(options.output, input)) {
            throw UsageError("--output " + options.output.string() + " is one of the input images; originals are never "
                             "overwritten: choose another output path");
        }
    }
}

}  // namespace

std::string describe_plan(const StylizeOptions& options) {
    engine::validate(options.params);
    const auto content = image_io::read_image(options.content);
    const engine::Size out = engine::output_size(content.rgb.width, content.rgb.height, options.params.size);
    const auto levels = engine::plan_levels(out.width, out.height, options.params);
    int total = 0;
    for (const auto& level : levels) total += level.iterations;
    std::string text = "plan: output " + std::to_string(out.width) + "x" + std::to_string(out.height) + ", " +
                       std::to_string(levels.size()) + (levels.size() == 1 ? " level, " : " levels, ") +
                       std::to_string(total) + " evaluations, " + std::string(engine::to_string(options.params.optimizer)) + "\n";
    const int conv_bytes = options.params.precision == engine::Precision::Fp16 ||
                                   options.params.precision == engine::Precision::Bf16
                               ? 2
                               : 4;
    std::uint64_t peak = 0;
    for (std::size_t i = 0; i < levels.size(); ++i) {
        const auto memory =
            engine::estimate_level_memory(levels[i].width, levels[i].height, options.params, levels[i].iterations, conv_bytes);
        peak = std::max(peak, memory.total());
        text += "  level " + std::to_string(i) + ": " + std::to_string(levels[i].width) + "x" +
                std::to_string(levels[i].height) + ", " + std::to_string(levels[i].iterations) + " evaluations, ~" +
                std::to_string(memory.total() >> 20) + " MiB\n";
    }
    text += "estimated peak working memory: ~" + std::to_string(peak >> 20) +
            " MiB on top of LibTorch and the weights (about 0.4 GiB on the CPU)\n";
    return text;
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
    for (const auto& style : options.styles) job.styles.push_back(image_io::read_image(style).rgb);
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
