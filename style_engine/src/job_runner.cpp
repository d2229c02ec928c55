#include "job_runner.h"

#include <ATen/CPUGeneratorImpl.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <new>

#include "device_memory.h"
#include "losses.h"
#include "shuimo/engine/color.h"
#include "shuimo/engine/errors.h"
#include "shuimo/engine/ink_output.h"
#include "shuimo/engine/memory_plan.h"
#include "shuimo/engine/style_engine.h"
#include "tensor_image.h"

namespace shuimo::engine {
namespace {

using Clock = std::chrono::steady_clock;
constexpr double kInfinity = std::numeric_limits<double>::infinity();
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// Thrown from inside the objective to end an optimiser's step early (budget
// spent or cancelled); the best evaluated image is kept separately.
struct StopOptimisation {};
// Thrown from inside the objective when the loss weights changed: the optimiser
// is rebuilt and goes on from the current image. Its state described the old
// objective: L-BFGS's curvature pairs and Adam's moments both scale with the
// weights, so a style weight cut by 100x would leave Adam crawling for dozens of steps.
struct RestartOptimiser {};

void check_rgb(const Image& image, const std::string& what) {
    if (image.empty()) throw ConfigError(what + " is empty");
    if (image.channels != 3) throw ConfigError(what + " must be RGB (3 channels), got " + std::to_string(image.channels));
    if (image.sample_count() != image.pixels.size()) throw ConfigError(what + ": pixel buffer does not match its size");
}

void validate_job(const StyleJob& job) {
    validate(job.params);
    check_rgb(job.content, "content image");
    if (job.styles.empty()) throw ConfigError("at least one style image is needed");
    for (std::size_t k = 0; k < job.styles.size(); ++k) check_rgb(job.styles[k], "style image " + std::to_string(k + 1));
    if (!job.style_blend.empty()) {
        if (job.style_blend.size() != job.styles.size()) {
            throw ConfigError("style blend: " + std::to_string(job.style_blend.size()) + " weights given for " +
                              std::to_string(job.styles.size()) + " style images");
        }
        for (const double b : job.style_blend) {
            if (!std::isfinite(b) || b < 0.0) throw ConfigError("style blend weights must be finite and >= 0");
        }
    }
    if (job.params.init == InitKind::Image) {
        if (!job.init_image) throw ConfigError("init is 'image' but no initial image was given");
        check_rgb(*job.init_image, "initial image");
    }
}

// The smallest side an image may have so that the deepest layer in use still
// has at least one pixel.
void check_min_side(Size size, int divisor, const std::string& what) {
    if (std::min(size.width, size.height) < divisor) {
        throw ConfigError(what + " is " + std::to_string(size.width) + "x" + std::to_string(size.height) +
                          " pixels; the layers in use need at least " + std::to_string(divisor) +
                          " pixels on each side: use a larger size or shallower layers");
    }
}

Size scaled(int width, int height, double factor) {
    if (factor >= 1.0) return {width, height};
    return {std::max(1, static_cast<int>(std::lround(width * factor))), std::max(1, static_cast<int>(std::lround(height * factor)))};
}

std::string text(Size size) { return std::to_string(size.width) + "x" + std::to_string(size.height); }
std::string mib(std::uint64_t bytes) { return std::to_string((bytes + (1u << 19)) >> 20) + " MiB"; }
int conv_bytes(torch::ScalarType dtype) { return dtype == torch::kFloat ? 4 : 2; }

// Runs an optimiser on x until `evaluate` throws (budget spent, cancelled or
// the objective changed). Budget and cancellation are enforced by `evaluate`,
// so the optimisers' own stopping rules are switched off.
template <typename Evaluate>
void run_optimiser(const StyleParams& p, int lbfgs_history, torch::Tensor& x, Evaluate& evaluate) {
    if (p.optimizer == OptimizerKind::Adam) {
        torch::optim::Adam adam({x}, torch::optim::AdamOptions(p.learning_rate));
        for (;;) {
            evaluate();
            adam.step();
            torch::NoGradGuard no_grad;
            x.clamp_(0.0, 1.0);
        }
    }
    torch::optim::LBFGS lbfgs({x}, torch::optim::LBFGSOptions(1.0)
                                       .max_iter(std::numeric_limits<int32_t>::max())
                                       .max_eval(std::numeric_limits<int32_t>::max())
                                       .tolerance_grad(0.0)
                                       .tolerance_change(0.0)
                                       .history_size(lbfgs_history)
                                       .line_search_fn("strong_wolfe"));
    for (;;) lbfgs.step(evaluate);
}

}  // namespace

JobRunner::JobRunner(const StyleJob& job, ProgressSink& sink, ModelCache& models)
    : job_(job), p_(job.params), sink_(sink), models_(models), started_(Clock::now()) {
    validate_job(job);
    device_ = resolve_device(p_.device);
    dtype_ = resolve_precision(p_.precision, device_, sink_);
    // cuDNN's tensor-core convolutions read NHWC; the CPU's oneDNN path is fastest as it is.
    channels_last_ = device_.is_cuda();
    // fp16 needs loss scaling (small gradients underflow); bf16 has fp32's range.
    if (dtype_ == torch::kHalf || p_.loss_scale > 0.0) {
        LossScaler::Options options;
        if (p_.loss_scale > 0.0) options.initial_scale = p_.loss_scale;
        scaler_.emplace(options);
    }
    net_ = &models_.get(dtype_, device_, channels_last_);

    capture_ = make_capture(p_);
    divisor_ = deepest_divisor(capture_);
    out_ = output_size(job.content.width, job.content.height, p_.size);
    check_min_side(out_, divisor_, "the output");  // first: the output's own size is the fix to name
    levels_ = plan_levels(out_.width, out_.height, p_);
    for (const auto& level : levels_) {
        if (level.iterations > 0) check_min_side({level.width, level.height}, divisor_, "a level of the schedule (min size)");
        total_iterations_ += level.iterations;
    }
    report_every_ = p_.report_every > 0 ? p_.report_every : (device_.is_cuda() ? 10 : 1);
    checkpoint_ = p_.checkpointing == Checkpointing::On;
    lbfgs_history_ = p_.lbfgs_history;
    weights_ = {p_.content_weight, p_.style_weight, p_.tv_weight};

    if (p_.paper_colour) paper_ = {(*p_.paper_colour)[0], (*p_.paper_colour)[1], (*p_.paper_colour)[2]};
    else if (p_.monochrome_ink) paper_ = estimate_paper_colour(job.styles.front());

    // Inputs go to the device once; each level resamples them from there.
    content_full_ = image_to_tensor(job.content).to(device_);
    for (const auto& style : job.styles) styles_full_.push_back(image_to_tensor(style).to(device_));
}

double JobRunner::seconds_since_start() const { return std::chrono::duration<double>(Clock::now() - started_).count(); }

torch::Tensor JobRunner::net_input(const torch::Tensor& image) const {
    const torch::Tensor converted = image.to(dtype_);
    return channels_last_ ? converted.contiguous(torch::MemoryFormat::ChannelsLast) : converted;
}

Image JobRunner::finish_image(const torch::Tensor& image, const Image& content_at_size) const {
    Image result = tensor_to_image(image);
    if (p_.preserve_colors || p_.colour_strength != 1.0)
        result = mix_colour_strength(result, p_.preserve_colors ? content_at_size : result, p_.colour_strength);
    return p_.monochrome_ink ? monochrome_ink(result, paper_) : result;
}

// Content features and blended style Grams at one level's size, computed once
// (no gradients) before that level's optimisation starts.
JobRunner::Targets JobRunner::make_targets(Size size) const {
    torch::NoGradGuard no_grad;
    Targets targets;
    targets.content = resize_image_tensor(content_full_, size);
    for (auto& f : (*net_)->forward(net_input(targets.content), layer_indices(p_.content_layers), p_.pooling))
        targets.content_features.push_back(f.to(torch::kFloat).contiguous().clone());

    const std::vector<int> style_layers = layer_indices(p_.style_layers);
    if (style_layers.empty()) return targets;
    const int style_long_side = std::max(1, static_cast<int>(std::lround(std::max(size.width, size.height) * p_.style_scale)));
    std::vector<std::vector<torch::Tensor>> style_grams;
    for (std::size_t k = 0; k < styles_full_.size(); ++k) {
        const Size style_size = fit_long_side(static_cast<int>(styles_full_[k].size(3)), static_cast<int>(styles_full_[k].size(2)),
                                              style_long_side);
        check_min_side(style_size, divisor_, "style image " + std::to_string(k + 1) + " at this size and style scale");
        const torch::Tensor style_tensor = resize_image_tensor(styles_full_[k], style_size);
        std::vector<torch::Tensor> grams;
        for (const auto& f : (*net_)->forward(net_input(style_tensor), style_layers, p_.pooling)) grams.push_back(gram_matrix(f));
        style_grams.push_back(std::move(grams));
    }
    targets.style_grams = blend_grams(style_grams, job_.style_blend);
    return targets;
}

Size JobRunner::plan_level(const Level& level) {
    Size size = scaled(level.width, level.height, shrink_);
    const std::uint64_t budget = p_.max_memory != 0 ? p_.max_memory : device_free_memory(device_);
    if (budget == 0) return size;  // unknown: out-of-memory recovery is the safety net
    auto need = [&](Size s, bool checkpointed) {
        StyleParams planned = p_;
        planned.lbfgs_history = lbfgs_history_;
        return estimate_level_memory(s.width, s.height, planned, level.iterations, conv_bytes(dtype_), checkpointed).total();
    };
    const char* whose = p_.max_memory != 0 ? "the memory budget" : "the free memory";
    if (!checkpoint_ && p_.checkpointing == Checkpointing::Auto && need(size, false) > budget) {
        checkpoint_ = true;
        sink_.on_notice(text(size) + " needs ~" + mib(need(size, false)) + ", more than " + whose + " (" + mib(budget) +
                        "): using gradient checkpointing (~" + mib(need(size, true)) + ", about a fifth slower)");
    }
    // Free memory moves while we run; only an explicit budget changes the job further up front.
    if (p_.max_memory == 0 || need(size, checkpoint_) <= budget) return size;
    // At print sizes L-BFGS's history outweighs the network (24 bytes per pixel per step):
    // a shorter memory costs some convergence speed, a smaller image costs the print.
    if (p_.optimizer == OptimizerKind::Lbfgs && level.iterations > 10) {
        const int before = lbfgs_history_;
        while (lbfgs_history_ > 10 && need(size, checkpoint_) > budget) lbfgs_history_ = std::max(10, lbfgs_history_ / 2);
        if (lbfgs_history_ != before) {
            sink_.on_notice(text(size) + (need(size, checkpoint_) <= budget ? " fits" : " still does not fit") + " in " + whose +
                            " of " + mib(budget) + " with L-BFGS remembering " + std::to_string(lbfgs_history_) +
                            " steps instead of " + std::to_string(before));
        }
        if (need(size, checkpoint_) <= budget) return size;
    }
    const Size asked = size;
    while (need(size, checkpoint_) > budget) {
        shrink_ /= std::sqrt(2.0);
        size = scaled(level.width, level.height, shrink_);
        if (std::min(size.width, size.height) < divisor_) {
            throw OutOfMemoryError("a memory budget of " + mib(budget) + " is too small for this job even at the " +
                                   "smallest size; raise --max-memory or use shallower layers");
        }
    }
    sink_.on_notice(text(asked) + " does not fit in " + whose + " of " + mib(budget) + (checkpoint_ ? " even with checkpointing" : "") +
                    ": optimising at " + text(size) + " instead (the result will be smaller than asked)");
    return size;
}

bool JobRunner::take_new_weights() {
    const std::optional<LossWeights> polled = sink_.poll_weights();
    if (!polled || *polled == weights_) return false;
    StyleParams check = p_;
    check.content_weight = polled->content;
    check.style_weight = polled->style;
    check.tv_weight = polled->tv;
    try {
        validate(check);
    } catch (const ConfigError& e) {
        sink_.on_notice(std::string("new weights ignored: ") + e.what());
        return false;
    }
    weights_ = *polled;
    return true;
}

void JobRunner::use_precision(torch::ScalarType dtype) {
    dtype_ = dtype;
    net_ = &models_.get(dtype_, device_, channels_last_);
    if (dtype_ == torch::kFloat) scaler_.reset();
}

torch::Tensor JobRunner::evaluate(int level_index, Size size, int budget, int& spent, Targets& targets, bool& in_step) {
    if (sink_.is_cancelled()) {
        cancelled_ = true;
        throw StopOptimisation{};
    }
    if (spent >= budget) throw StopOptimisation{};
    if (take_new_weights()) {
        // Losses under the old weights are not comparable with the new ones.
        best_loss_.fill_(kInfinity);
        if (in_step) throw RestartOptimiser{};
    }
    in_step = true;
    torch::Tensor c, st, t, total;
    for (;;) {
        if (x_.grad().defined()) x_.mutable_grad().zero_();
        const auto features = (*net_)->forward(net_input(x_), capture_.indices, p_.pooling, checkpoint_);
        c = content_loss(pick(features, capture_.content_slots), targets.content_features);
        st = style_loss(pick(features, capture_.style_slots), targets.style_grams, p_.style_layer_weights);
        t = tv_loss(x_);
        total = c * weights_.content + st * weights_.style + t * weights_.tv;
        if (!scaler_) {
            total.backward();
            break;
        }
        (total * scaler_->scale()).backward();
        const bool finite = torch::isfinite(x_.grad()).all().item<bool>();
        const double used_scale = scaler_->scale();
        if (scaler_->update(finite)) {
            torch::NoGradGuard no_grad;
            x_.mutable_grad().div_(used_scale);
            break;
        }
        ++overflow_retries_;
        if (scaler_->exhausted()) {
            // Overflowing whatever the scale: finish the job in fp32.
            sink_.on_notice("reduced precision (" + std::string(dtype_name(dtype_)) + ") kept overflowing; continuing in fp32");
            use_precision(torch::kFloat);
            targets = make_targets(size);
        }
        // Otherwise: the scale was lowered; evaluate this point again (not counted).
    }
    ++spent;
    ++evaluations_;
    {
        // The best image stays on the device: no host sync per evaluation (NaN is never better).
        torch::NoGradGuard no_grad;
        const torch::Tensor better = total.detach() < best_loss_;
        best_ = torch::where(better, x_.detach(), best_);
        best_loss_ = torch::where(better, total.detach(), best_loss_);
    }

    const bool report = spent == 1 || spent % report_every_ == 0 || spent == budget;
    if (!report) return total;
    // One read-back for all four numbers.
    const torch::Tensor values = torch::stack({c.detach(), st.detach(), t.detach(), total.detach()}).to(torch::kCPU, torch::kDouble);
    const double* v = values.data_ptr<double>();
    IterationReport r;
    r.scale = level_index;
    r.iteration = evaluations_;
    r.total_iterations = total_iterations_;
    r.width = size.width;
    r.height = size.height;
    r.content_loss = v[0];
    r.style_loss = v[1];
    r.tv_loss = v[2];
    r.total_loss = v[3];
    r.elapsed_s = seconds_since_start();
    r.weights = weights_;
    if (!std::isfinite(r.total_loss)) {
        diverged_ = true;
        throw StopOptimisation{};
    }
    sink_.on_iteration(r);

    const auto now = Clock::now();
    // A multiple of preview_every passed since the previous report.
    const bool by_count = p_.preview_every > 0 && evaluations_ / p_.preview_every > last_report_ / p_.preview_every;
    last_report_ = evaluations_;
    const bool by_time = p_.preview_interval_ms > 0 && now - last_preview_ >= std::chrono::milliseconds(p_.preview_interval_ms);
    if (by_count || by_time) {
        last_preview_ = now;
        sink_.on_preview(finish_image(x_.detach(), content_at_level_), r);
    }
    return total;
}

void JobRunner::optimise_level(int level_index, Size size, int budget, int& spent) {
    Targets targets = make_targets(size);
    if (p_.preserve_colors) content_at_level_ = tensor_to_image(targets.content);

    if (!x_.defined()) {
        switch (p_.init) {
        case InitKind::Content: x_ = targets.content.clone(); break;
        case InitKind::Noise: {
            auto generator = at::detail::createCPUGenerator(p_.seed);
            x_ = torch::rand({1, 3, size.height, size.width}, generator, torch::TensorOptions().dtype(torch::kFloat)).to(device_);
            break;
        }
        case InitKind::Image: x_ = resize_image_tensor(image_to_tensor(*job_.init_image).to(device_), size).clone(); break;
        }
    } else {
        x_ = resize_image_tensor(x_.detach(), size).clone();  // the coarser result (or a failed attempt's best), resampled
    }
    x_.requires_grad_(true);
    best_ = x_.detach().clone();
    best_loss_ = torch::full({}, kInfinity, torch::TensorOptions().dtype(torch::kFloat).device(device_));
    last_preview_ = Clock::now();

    for (bool done = false; !done;) {
        bool in_step = false;  // the current optimiser has evaluated at least once
        auto objective = [&] { return evaluate(level_index, size, budget, spent, targets, in_step); };
        try {
            run_optimiser(p_, lbfgs_history_, x_, objective);
            done = true;
        } catch (const StopOptimisation&) {
            done = true;
        } catch (const RestartOptimiser&) {
            // Fresh optimiser state from the current image, new objective.
        }
    }
    // The next level (or the result) starts from this level's best evaluated image.
    x_ = best_;
}

void JobRunner::recover_from_out_of_memory(const Level& level, Size size, const std::string& what) {
    // Drop the failed attempt's tensors before asking the allocator to give memory back.
    if (best_.defined()) x_ = best_.detach().clone();
    else if (x_.defined()) x_ = x_.detach();
    release_cached_memory(device_);
    ++oom_recoveries_;
    if (!checkpoint_ && p_.checkpointing != Checkpointing::Off) {
        checkpoint_ = true;
        sink_.on_notice("ran out of memory at " + text(size) + " (" + what + "); released cached memory and retrying " +
                        "this level with gradient checkpointing");
        return;
    }
    shrink_ /= std::sqrt(2.0);
    const Size smaller = scaled(level.width, level.height, shrink_);
    if (std::min(smaller.width, smaller.height) < divisor_) {
        throw OutOfMemoryError("ran out of memory even at " + text(size) + " with gradient checkpointing (" + what +
                               "): free memory (close other programs) or use a smaller size");
    }
    sink_.on_notice("ran out of memory at " + text(size) + (checkpoint_ ? " with gradient checkpointing" : "") + " (" + what +
                    "); retrying at " + text(smaller) + " (the result will be smaller than asked)");
}

StyleResult JobRunner::run() {
    double last_level_loss = kNaN;
    for (std::size_t level_index = 0; level_index < levels_.size(); ++level_index) {
        const Level& level = levels_[level_index];
        if (level.iterations == 0) continue;
        int spent = 0;  // evaluations of this level, over attempts
        for (;;) {
            const Size size = plan_level(level);
            try {
                optimise_level(static_cast<int>(level_index), size, level.iterations, spent);
                any_checkpointed_ = any_checkpointed_ || checkpoint_;
                break;
            } catch (const c10::Error& e) {
                if (!is_out_of_memory(e)) throw;
                recover_from_out_of_memory(level, size, e.what_without_backtrace());
            } catch (const std::bad_alloc&) {
                recover_from_out_of_memory(level, size, "allocation failed");
            }
        }
        const double best = best_loss_.item<double>();
        last_level_loss = std::isfinite(best) ? best : kNaN;
        if (cancelled_ || diverged_) break;
    }
    if (diverged_) {
        sink_.on_notice("the objective became non-finite after " + std::to_string(evaluations_) +
                        " evaluations; kept the best image so far (lower the learning rate or the weights)");
    }

    const Size final_size = scaled(out_.width, out_.height, shrink_);
    const bool at_final_size = x_.size(2) == final_size.height && x_.size(3) == final_size.width;
    const torch::Tensor final_image = at_final_size ? x_ : resize_image_tensor(x_, final_size);
    if (p_.preserve_colors && !at_final_size) content_at_level_ = tensor_to_image(resize_image_tensor(content_full_, final_size));
    StyleResult result;
    result.image = finish_image(final_image, content_at_level_);
    result.cancelled = cancelled_;
    result.iterations_run = evaluations_;
    result.seconds = seconds_since_start();
    result.final_total_loss = at_final_size ? last_level_loss : kNaN;
    result.device = device_name(device_);
    result.precision = std::string(dtype_name(dtype_));
    result.overflow_retries = overflow_retries_;
    result.checkpointed = any_checkpointed_;
    result.out_of_memory_recoveries = oom_recoveries_;
    return result;
}

}  // namespace shuimo::engine
