#include "job_runner.h"

#include <ATen/CPUGeneratorImpl.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <new>
#include <atomic>

#include "device_memory.h"
#include "losses.h"
#include "shuimo/engine/color.h"
#include "shuimo/engine/errors.h"
#include "shuimo/engine/ink_output.h"
#include "shuimo/engine/param_table.h"
#include "shuimo/engine/style_engine.h"
#include "shuimo/engine/vgg19_spec.h"
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

// The Adam start (docs/OBJECTIVE.md, "The optimiser"): a level that starts at the photo or the init
// image takes kAdamStartSteps projected Adam steps at kAdamStartRate before the bounded L-BFGS, which
// starts from their curvature pairs. From the photo the objective is not convex along the gradient and
// L-BFGS's first steps crawl, where Adam's move every sample by about the rate (docs/BENCHMARKS.md,
// "The Adam start").
constexpr int kAdamStartSteps = 4;
constexpr double kAdamStartRate = 0.05;

// The hand-off (docs/OBJECTIVE.md, "The optimiser"): where the content term rules (style weight at
// most kHandOffStyleRatio times the content weight) and, at the L-BFGS's kHandOffIteration-th
// direction after the Adam start, the fall its model predicts (-g·d) is below kHandOffShare of the
// loss, the bounded L-BFGS would crawl (docs/BENCHMARKS.md, "Where the content term dominates"):
// the start's Adam, its moments kept, goes on to the end of the level, its rate falling linearly
// from kHandOffRate to kHandOffFinalRate at the level's last evaluation (at a constant rate the
// image keeps jittering by about the rate to the end). With more style the same signal fires too,
// but there Adam falls far behind the L-BFGS.
constexpr double kHandOffStyleRatio = 3e3;
constexpr int kHandOffIteration = 2;
constexpr double kHandOffShare = 0.2;
constexpr double kHandOffRate = 0.11;
constexpr double kHandOffFinalRate = 0.044;
constexpr double kHandOffClipped = 0.1;

// The sine start's squeeze of its start (run_on_sine): no sample starts exactly at a bound, where
// the variable's slope is 0 and it would never move. Barely more: a squeeze of half an 8-bit level
// ended the suite's two noise rows 5-10 % higher.
constexpr double kSineSqueeze = 1e-6;

// The share of a picture's samples at a bound (within half an 8-bit level of 0 or 1): a clipped sky
// or a white page. Where the start has many, Adam's clamped steps stall there (docs/BENCHMARKS.md).
double clipped_share(const torch::Tensor& picture) {
    torch::NoGradGuard no_grad;
    constexpr double margin = 0.5 / 255.0;
    return ((picture <= margin) | (picture >= 1.0 - margin)).to(torch::kFloat).mean().item<double>();
}

void check_rgb(const Image& image, const std::string& what) {
    if (image.empty()) throw ConfigError(what + " is empty");
    if (image.channels != 3) throw ConfigError(what + " must be RGB (3 channels), got " + std::to_string(image.channels));
    if (image.sample_count() != image.pixels.size()) throw ConfigError(what + ": pixel buffer does not match its size");
}

void validate_job(const StyleJob& job) {
    validate(job.params);
    check_rgb(job.content, "content image");
    if (job.styles.empty() && job.regions.empty()) throw ConfigError("at least one style image is needed");
    validate_regions(job.regions);
    if (job.temporal) {
        check_rgb(job.temporal->previous, "the previous frame");
        const Image& c = job.temporal->reliable;
        if (c.channels != 1 || c.width != job.temporal->previous.width || c.height != job.temporal->previous.height ||
            c.sample_count() != c.pixels.size())
            throw ConfigError("the temporal term's reliability mask must have one channel at the previous frame's size");
        if (!std::isfinite(job.temporal->weight) || job.temporal->weight < 0.0)
            throw ConfigError("the temporal weight must be finite and >= 0");
    }
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

std::string text(Size size) { return std::to_string(size.width) + "x" + std::to_string(size.height); }

std::atomic<bool> unbounded_lbfgs{false};
std::atomic<bool> hand_off{true};
ExternalOptimiser external_optimiser;  // set between jobs only (the bench's single thread)

}  // namespace


void set_unbounded_lbfgs_for_benchmark(bool unbounded) { unbounded_lbfgs.store(unbounded); }
void set_hand_off_for_benchmark(bool on) { hand_off.store(on); }
void set_external_optimiser_for_benchmark(ExternalOptimiser optimiser) { external_optimiser = std::move(optimiser); }

JobRunner::JobRunner(const StyleJob& job, ProgressSink& sink, ModelCache& models)
    : job_(job), p_(job.params), sink_(sink), models_(models), started_(Clock::now()) {
    validate_job(job);
    device_ = resolve_device(p_.device);
    dtype_ = resolve_precision(p_.precision, device_, sink_);
    // cuDNN's tensor-core convolutions read NHWC; the CPU's oneDNN path is fastest as it is.
    channels_last_ = device_.is_cuda();
    net_ = &models_.get(dtype_, device_, channels_last_);

    capture_ = make_capture(p_);
    min_side_ = min_level_side(p_);
    out_ = output_size(job.content.width, job.content.height, p_.size);
    check_min_side(out_, min_side_, "the output");  // first: the output's own size is the fix to name
    levels_ = plan_levels(out_.width, out_.height, p_);
    for (const auto& level : levels_) {
        if (level.iterations > 0) check_min_side({level.width, level.height}, min_side_, "a level of the schedule (min size)");
    }
    // The plan a dry run shows: evaluations (a tiled level's, tile by tile) and their costs, under
    // the budget the levels will be planned to (each level is planned again when it starts).
    const JobPlan plan = plan_job(job.content.width, job.content.height, p_, conv_bytes(dtype_name(dtype_)),
                                  p_.max_memory != 0 ? 0 : device_free_memory(device_));
    total_iterations_ = plan.total_iterations;
    costs_ = level_costs(plan);
    report_every_ = p_.report_every > 0 ? p_.report_every : (device_.is_cuda() ? 10 : 1);
    memory_ = initial_memory_decisions(p_);
    weights_ = loss_weights_of(p_);

    // The paper: the one asked for, else the first style's (the ordinary styles', else a region's).
    const Image* first_style = !job.styles.empty() ? &job.styles.front() : nullptr;
    for (const Region& region : job.regions)
        if (!first_style && region.kind == RegionKind::Style && !region.style.empty()) first_style = &region.style;
    const bool any_paper_region =
        std::any_of(job.regions.begin(), job.regions.end(), [](const Region& r) { return r.kind == RegionKind::Paper; });
    if (p_.paper_colour) paper_ = {(*p_.paper_colour)[0], (*p_.paper_colour)[1], (*p_.paper_colour)[2]};
    else if ((p_.monochrome_ink || any_paper_region) && first_style) paper_ = estimate_paper_colour(*first_style);

    // Inputs go to the device once; each level resamples them from there.
    content_full_ = image_to_tensor(job.content).to(device_);
    for (const auto& style : job.styles) styles_full_.push_back(image_to_tensor(style).to(device_));
    for (std::size_t r = 0; r < job.regions.size(); ++r) {
        const Region& region = job.regions[r];
        region_masks_full_.push_back(mask_to_tensor(region.mask, "region " + std::to_string(r + 1)).to(device_));
        const bool styled = region.kind == RegionKind::Style && region.strength > 0.0;
        region_styles_full_.push_back(styled ? image_to_tensor(region.style).to(device_) : torch::Tensor());
    }
    if (job.temporal) {
        temporal_previous_full_ = image_to_tensor(job.temporal->previous).to(device_);
        const Image& c = job.temporal->reliable;
        temporal_reliable_full_ =
            torch::from_blob(const_cast<float*>(c.pixels.data()), {1, 1, c.height, c.width}, torch::kFloat).clone().to(device_);
    }
}

double JobRunner::seconds_since_start() const { return std::chrono::duration<double>(Clock::now() - started_).count(); }

torch::Tensor JobRunner::net_input(const torch::Tensor& image) const {
    const torch::Tensor converted = image.to(dtype_);
    return channels_last_ ? converted.contiguous(torch::MemoryFormat::ChannelsLast) : converted;
}

Image JobRunner::finish_image(const torch::Tensor& image, const Image& content_at_size) const {
    return finish_painting(tensor_to_image(image), p_, content_at_size, paper_);
}

// Content features and blended style Grams at one level's size, computed once
// (no gradients) before that level's optimisation starts.
JobRunner::Targets JobRunner::make_targets(Size size) const {
    torch::NoGradGuard no_grad;
    Targets targets;
    targets.content = resize_image_tensor(content_full_, size);
    add_content_features(targets);
    if (!styles_full_.empty()) targets.style_grams = style_grams(size, 0);
    if (!job_.regions.empty()) targets.regions = level_regions(targets.content, targets.style_grams, 0);
    if (job_.temporal) {
        targets.temporal_previous = resize_image_tensor(temporal_previous_full_, size);
        // The reliability resampled as a soft mask (a 0 stays a 0 where it covers a whole pixel).
        targets.temporal_reliable = resize_image_tensor(temporal_reliable_full_, size);
    }
    return targets;
}

LevelRegions JobRunner::level_regions(const torch::Tensor& content, const std::vector<StyleTarget>& rest, int window) const {
    torch::NoGradGuard no_grad;
    const Size size{static_cast<int>(content.size(3)), static_cast<int>(content.size(2))};
    RegionInputs in;
    in.regions = &job_.regions;
    in.masks_full = &region_masks_full_;
    in.content = content;
    in.paper = paper_;
    for (const auto slot : capture_.style_slots) in.layer_downsample.push_back(capture_.downsample[slot]);
    in.style_targets = [&](std::size_t r) {
        return style_targets(style_statistics_of(region_styles_full_[r], size, window, "region " + std::to_string(r + 1) + "'s style"),
                             p_.style_loss);
    };
    in.rest_targets = &rest;
    in.strengths = &weights_.regions;
    return make_level_regions(in);
}

std::vector<std::vector<torch::Tensor>> JobRunner::windowed_region_statistics(const torch::Tensor& image, const LevelRegions& regions,
                                                                              int window) const {
    torch::NoGradGuard no_grad;
    if (regions.terms.empty()) return {};  // no style region (none, or photo and paper only): no pass over the image
    const std::size_t layers = p_.style_layers.size();
    std::vector<std::vector<torch::Tensor>> sums(regions.terms.size(), std::vector<torch::Tensor>(layers));
    std::vector<std::vector<torch::Tensor>> masses(regions.terms.size(), std::vector<torch::Tensor>(layers));
    for_each_window({image}, p_.style_layers, window, [&](std::size_t l, const std::vector<torch::Tensor>& cores, int y, int x) {
        const torch::Tensor& f = cores[0];
        for (std::size_t r = 0; r < regions.terms.size(); ++r) {
            const RegionTerm& term = regions.terms[r];
            if (!term.counted[l]) continue;
            const torch::Tensor m = term.layer_masks[l].narrow(0, y, f.size(2)).narrow(1, x, f.size(3)).to(f.device());
            const torch::Tensor mass = m.sum();
            if (!(mass.item<double>() > 0.0)) continue;
            // A masked statistic is a weighted average: weighted by its mass, the cores' add to the whole's.
            const torch::Tensor sum = masked_style_statistic(f, m, p_.style_loss) * mass;
            sums[r][l] = sums[r][l].defined() ? sums[r][l] + sum : sum;
            masses[r][l] = masses[r][l].defined() ? masses[r][l] + mass : mass;
        }
    });
    for (std::size_t r = 0; r < sums.size(); ++r)
        for (std::size_t l = 0; l < layers; ++l)
            if (sums[r][l].defined()) sums[r][l] = sums[r][l] / masses[r][l];
    return sums;
}

void JobRunner::add_content_features(Targets& targets) const {
    torch::NoGradGuard no_grad;
    targets.content_features.clear();
    std::vector<torch::Tensor> maps = (*net_)->forward(net_input(targets.content), layer_indices(p_.content_layers), p_.pooling);
    if (targets.frame.defined()) {
        std::vector<int> downsample;
        for (const auto slot : capture_.content_slots) downsample.push_back(capture_.downsample[slot]);
        maps = crop_to(maps, downsample, targets.at);
    }
    for (auto& f : maps) targets.content_features.push_back(f.to(torch::kFloat).contiguous().clone());
}

JobRunner::Targets JobRunner::tile_targets(const torch::Tensor& content_frame, const torch::Tensor& image_frame, TileRect at,
                                           const std::vector<StyleTarget>& grams) const {
    Targets targets;
    targets.at = at;
    targets.frame = image_frame.to(device_).clone();
    targets.frame.narrow(2, at.y, at.height).narrow(3, at.x, at.width).zero_();
    targets.content = content_frame.to(device_).contiguous();
    add_content_features(targets);
    targets.style_grams = grams;
    return targets;
}

torch::Tensor JobRunner::framed(const torch::Tensor& image, const Targets& targets) const {
    if (!targets.frame.defined()) return image;
    const TileRect& at = targets.at;
    const int right = static_cast<int>(targets.frame.size(3)) - at.x - at.width;
    const int bottom = static_cast<int>(targets.frame.size(2)) - at.y - at.height;
    return targets.frame + torch::constant_pad_nd(image, {at.x, right, at.y, bottom});
}

// Style statistics (Gram matrices or W2 moments) of a large image with the memory of a
// window: the windows' cores partition the image on a 32-pixel lattice, so every layer's
// feature map (downsampled up to 16x) splits exactly between them; each window adds a
// margin so the features of its core see their surroundings. A statistic is an average
// over positions: the cores' statistics weighted by their positions are the whole's.
std::vector<torch::Tensor> JobRunner::windowed_grams(const torch::Tensor& image, int window) const {
    torch::NoGradGuard no_grad;
    if (window <= 0 || std::max(image.size(2), image.size(3)) <= window) {
        std::vector<torch::Tensor> grams;
        for (const auto& f : (*net_)->forward(net_input(image.to(device_)), layer_indices(p_.style_layers), p_.pooling))
            grams.push_back(style_statistic(f, p_.style_loss));
        return grams;
    }
    std::vector<torch::Tensor> sums;
    std::vector<double> positions;
    for_each_window({image}, p_.style_layers, window, [&](std::size_t l, const std::vector<torch::Tensor>& cores, int, int) {
        if (sums.size() <= l) sums.resize(l + 1), positions.resize(l + 1, 0.0);
        const double n = static_cast<double>(cores[0].size(2) * cores[0].size(3));
        const torch::Tensor sum = style_statistic(cores[0], p_.style_loss) * n;
        sums[l] = sums[l].defined() ? sums[l] + sum : sum;
        positions[l] += n;
    });
    std::vector<torch::Tensor> grams;
    for (std::size_t l = 0; l < sums.size(); ++l) grams.push_back(sums[l] / positions[l]);
    return grams;
}

void JobRunner::for_each_window(const std::vector<torch::Tensor>& images, const std::vector<std::string>& layer_names, int window,
                                const std::function<void(std::size_t, const std::vector<torch::Tensor>&, int, int)>& visit) const {
    torch::NoGradGuard no_grad;
    const std::vector<int> layers = layer_indices(layer_names);
    const int height = static_cast<int>(images.front().size(2));
    const int width = static_cast<int>(images.front().size(3));
    if (window <= 0 || std::max(width, height) <= window) {
        std::vector<std::vector<torch::Tensor>> features;
        for (const auto& image : images) features.push_back((*net_)->forward(net_input(image.to(device_)), layers, p_.pooling));
        for (std::size_t l = 0; l < layers.size(); ++l) {
            std::vector<torch::Tensor> cores;
            for (const auto& f : features) cores.push_back(f[l]);
            visit(l, cores, 0, 0);
        }
        return;
    }
    constexpr int kLattice = 32;
    // Each window's margin is the context its deepest layer reads (70 pixels for
    // conv5_1), on the 16-pixel grid of the pooling: the cores' features are then
    // the whole image's.
    std::vector<int> downsample;
    int context = 0;
    for (const auto& name : layer_names) {
        const VggLayer& layer = find_vgg19_layer(name);
        downsample.push_back(layer.downsample);
        context = std::max(context, context_pixels(layer));
    }
    const int margin = (context + 15) / 16 * 16;
    const int core = std::max(kLattice, (window - 2 * margin) / kLattice * kLattice);
    for (int y0 = 0; y0 < height; y0 += core) {
        const int y1 = std::min(height, y0 + core);
        const int wy0 = std::max(0, y0 - margin);
        const int wy1 = std::min(height, y1 + margin);
        for (int x0 = 0; x0 < width; x0 += core) {
            const int x1 = std::min(width, x0 + core);
            const int wx0 = std::max(0, x0 - margin);
            const int wx1 = std::min(width, x1 + margin);
            std::vector<std::vector<torch::Tensor>> features;
            for (const auto& image : images) {
                const torch::Tensor part = image.narrow(2, wy0, wy1 - wy0).narrow(3, wx0, wx1 - wx0).to(device_);
                features.push_back((*net_)->forward(net_input(part), layers, p_.pooling));
            }
            for (std::size_t l = 0; l < layers.size(); ++l) {
                const int ds = downsample[l];
                const torch::Tensor& f = features[0][l];
                const int fy0 = (y0 - wy0) / ds;
                const int fy1 = y1 == height ? static_cast<int>(f.size(2)) : (y1 - wy0) / ds;
                const int fx0 = (x0 - wx0) / ds;
                const int fx1 = x1 == width ? static_cast<int>(f.size(3)) : (x1 - wx0) / ds;
                if (fy1 <= fy0 || fx1 <= fx0) continue;
                std::vector<torch::Tensor> cores;
                for (const auto& image_features : features)
                    cores.push_back(image_features[l].narrow(2, fy0, fy1 - fy0).narrow(3, fx0, fx1 - fx0));
                visit(l, cores, y0 / ds, x0 / ds);  // y0, x0 on the 32-pixel lattice: whole positions
            }
        }
    }
}

torch::Tensor JobRunner::landed_objective(const torch::Tensor& canvas, const torch::Tensor& content,
                                          const std::vector<StyleTarget>& grams, int window, const LevelRegions& regions) const {
    torch::NoGradGuard no_grad;
    // Content: the mean squared feature difference, summed over the layers (content_loss), window by window.
    std::vector<double> squared(p_.content_layers.size(), 0.0), elements(p_.content_layers.size(), 0.0);
    for_each_window({canvas, content}, p_.content_layers, window, [&](std::size_t l, const std::vector<torch::Tensor>& cores, int, int) {
        squared[l] += (cores[0].to(torch::kFloat) - cores[1].to(torch::kFloat)).pow(2).sum().item<double>();
        elements[l] += static_cast<double>(cores[0].numel());
    });
    double content_term = 0.0;
    for (std::size_t l = 0; l < squared.size(); ++l) content_term += squared[l] / elements[l];
    const bool with_regions = !regions.terms.empty() || regions.lower.defined();
    const torch::Tensor style_term =
        with_regions ? region_style_loss(windowed_region_statistics(canvas, regions, window), regions, {}, p_.style_layer_weights,
                                         canvas.options())
                     : style_loss_of_statistics(windowed_grams(canvas, window), grams, p_.style_layer_weights);
    const torch::Tensor tv_term = tv_loss(canvas.to(torch::kFloat));
    const double total = content_term * weights_.content + style_term.item<double>() * weights_.style + tv_term.item<double>() * weights_.tv;
    return torch::full({}, total, torch::TensorOptions().dtype(torch::kFloat));
}

std::vector<torch::Tensor> JobRunner::style_statistics_of(const torch::Tensor& style, Size size, int window,
                                                          const std::string& what) const {
    torch::NoGradGuard no_grad;
    const int style_long_side = std::max(1, static_cast<int>(std::lround(std::max(size.width, size.height) * p_.style_scale)));
    const Size style_size = fit_long_side(static_cast<int>(style.size(3)), static_cast<int>(style.size(2)), style_long_side);
    check_min_side(style_size, min_side_, what + " at this size and style scale");
    // A tiled level's style image may be as large as the level: resampled on the host, seen in windows.
    if (window > 0) return windowed_grams(resize_image_tensor(style.to(torch::kCPU), style_size), window);
    std::vector<torch::Tensor> statistics;
    for (const auto& f : (*net_)->forward(net_input(resize_image_tensor(style, style_size)), layer_indices(p_.style_layers), p_.pooling))
        statistics.push_back(style_statistic(f, p_.style_loss));
    return statistics;
}

std::vector<StyleTarget> JobRunner::style_grams(Size size, int window) const {
    torch::NoGradGuard no_grad;
    if (p_.style_layers.empty()) return {};
    std::vector<std::vector<torch::Tensor>> style_grams;
    for (std::size_t k = 0; k < styles_full_.size(); ++k)
        style_grams.push_back(style_statistics_of(styles_full_[k], size, window, "style image " + std::to_string(k + 1)));
    return style_targets(blend_grams(style_grams, job_.style_blend), p_.style_loss);
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
        if (!polled->regions.empty()) {
            if (polled->regions.size() != job_.regions.size())
                throw ConfigError("region strengths for " + std::to_string(polled->regions.size()) + " regions; the job has " +
                                  std::to_string(job_.regions.size()));
            for (std::size_t r = 0; r < job_.regions.size(); ++r) {
                const double strength = polled->regions[r];
                if (!std::isfinite(strength) || strength < 0.0) throw ConfigError("region " + std::to_string(r + 1) + "'s strength must be >= 0");
                // Strength 0 holds the photo (the optimiser's box): a restart, not a live change.
                const Region& region = job_.regions[r];
                if (region.kind == RegionKind::Style && (region.strength > 0.0) != (strength > 0.0))
                    throw ConfigError("region " + std::to_string(r + 1) + "'s strength cannot move to or from 0 while the job runs");
            }
        }
    } catch (const ConfigError& e) {
        sink_.on_notice(std::string("new weights ignored: ") + e.what());
        return false;
    }
    std::vector<double> strengths = weights_.regions;  // a change of the three weights alone keeps live strengths
    weights_ = *polled;
    if (weights_.regions.empty()) weights_.regions = std::move(strengths);
    return true;
}

void JobRunner::use_precision(torch::ScalarType dtype, LevelRun& level) {
    dtype_ = dtype;
    net_ = &models_.get(dtype_, device_, channels_last_);
    if (dtype_ == torch::kFloat) level.scaler.reset();
}

// --- One evaluation, step by step ---------------------------------------------

void JobRunner::stop_if_done(const LevelRun& level) {
    if (sink_.is_cancelled()) {
        cancelled_ = true;
        throw StopOptimisation{};
    }
    if (level.spent >= level.budget) throw StopOptimisation{};
}

void JobRunner::apply_new_weights(LevelRun& level) {
    if (!take_new_weights()) return;
    // Losses under the old weights are not comparable with the new ones.
    level.best_loss.fill_(kInfinity);
    set_strengths(level.targets.regions, weights_.regions);
    if (level.in_step || level.carried) throw RestartOptimiser{};
}

JobRunner::Terms JobRunner::objective_terms(const torch::Tensor& image, const Targets& targets, bool checkpointed) const {
    std::vector<torch::Tensor> features = (*net_)->forward(net_input(framed(image, targets)), capture_.indices, p_.pooling, checkpointed);
    if (targets.frame.defined()) features = crop_to(features, capture_.downsample, targets.at);
    Terms terms;
    terms.content = content_loss(pick(features, capture_.content_slots), targets.content_features);
    terms.tv = tv_loss(image);
    if (!targets.regions.terms.empty() || targets.regions.lower.defined()) {
        // Regions (docs/REGIONS.md): each region's style term on its masked features.
        const auto statistics = region_statistics(pick(features, capture_.style_slots), targets.regions, p_.style_loss);
        terms.region_goals = region_tile_goals(statistics, targets.regions, p_.style_loss);
        terms.style = region_style_loss(statistics, targets.regions, terms.region_goals, p_.style_layer_weights, image.options());
        terms.total = terms.content * weights_.content + terms.style * weights_.style + terms.tv * weights_.tv;
        add_temporal(terms, image, targets);
        return terms;
    }
    std::vector<torch::Tensor> grams;
    for (const auto& f : pick(features, capture_.style_slots)) grams.push_back(style_statistic(f, p_.style_loss));
    if (!targets.level_grams.empty() && targets.tile_goals.empty()) {
        // A tile's first evaluation: its goals are the global statistics moved by its difference
        // from the level (Targets::tile_goals), made here once.
        std::vector<torch::Tensor> goals;
        for (std::size_t l = 0; l < grams.size(); ++l)
            goals.push_back(targets.style_grams[l].statistic + grams[l].detach() - targets.level_grams[l]);
        terms.tile_goals = style_targets(goals, p_.style_loss);
    }
    const std::vector<StyleTarget>& goals = targets.level_grams.empty() ? targets.style_grams
                                            : targets.tile_goals.empty() ? terms.tile_goals
                                                                         : targets.tile_goals;
    terms.style = style_loss_of_statistics(grams, goals, p_.style_layer_weights);
    terms.total = terms.content * weights_.content + terms.style * weights_.style + terms.tv * weights_.tv;
    add_temporal(terms, image, targets);
    return terms;
}

void JobRunner::add_temporal(Terms& terms, const torch::Tensor& image, const Targets& targets) const {
    if (!targets.temporal_previous.defined() || !job_.temporal) return;
    terms.total = terms.total + temporal_loss(image, targets.temporal_previous, targets.temporal_reliable) * job_.temporal->weight;
}

JobRunner::Terms JobRunner::forward_backward(LevelRun& level) {
    torch::Tensor& x = level.x;
    for (;;) {
        if (x.grad().defined()) x.mutable_grad().zero_();
        const Terms terms = objective_terms(x, level.targets, memory_.checkpointed);
        if (!level.scaler) {
            terms.total.backward();
            return terms;
        }
        (terms.total * level.scaler->scale()).backward();
        const bool finite = torch::isfinite(x.grad()).all().item<bool>();
        const double used_scale = level.scaler->scale();
        if (level.scaler->update(finite)) {
            torch::NoGradGuard no_grad;
            x.mutable_grad().div_(used_scale);
            return terms;
        }
        ++overflow_retries_;
        if (level.scaler->exhausted()) {
            // Overflowing whatever the scale: finish the job in fp32.
            sink_.on_coded_notice({NoticeCode::PrecisionFallback, {std::string(dtype_name(dtype_))},
                                   "reduced precision (" + std::string(dtype_name(dtype_)) + ") kept overflowing; continuing in fp32"});
            use_precision(torch::kFloat, level);
            // A tile keeps the level's Grams (made once for all its tiles) and remakes its content features.
            if (level.tile > 0) add_content_features(level.targets);
            else level.targets = make_targets(level.size);
        }
        // Otherwise: the scale was lowered; evaluate this point again (not counted).
    }
}

void JobRunner::keep_if_best(LevelRun& level, const torch::Tensor& total) {
    // The best image stays on the device: no host sync per evaluation (NaN is never better).
    torch::NoGradGuard no_grad;
    const torch::Tensor better = total.detach() < level.best_loss;
    level.best = torch::where(better, level.x.detach(), level.best);
    level.best_loss = torch::where(better, total.detach(), level.best_loss);
}

IterationReport JobRunner::read_terms(const Terms& terms, const torch::Tensor& x, Size size,
                                     const torch::Tensor& best_loss) const {
    // One read-back for all seven numbers.
    const torch::Tensor values = torch::stack({terms.content.detach(), terms.style.detach(), terms.tv.detach(),
                                               terms.total.detach(), x.min(), x.max(), best_loss.detach()})
                                     .to(torch::kCPU, torch::kDouble);
    const double* v = values.data_ptr<double>();
    IterationReport r;
    r.total_iterations = total_iterations_;
    r.width = size.width;
    r.height = size.height;
    r.content_loss = v[0];
    r.style_loss = v[1];
    r.tv_loss = v[2];
    r.total_loss = v[3];
    r.image_min = v[4];
    r.image_max = v[5];
    r.best_total_loss = v[6];
    r.elapsed_s = seconds_since_start();
    r.weights = weights_;
    return r;
}

void JobRunner::report(LevelRun& level, const Terms& terms) {
    const bool due = level.spent == 1 || level.spent % report_every_ == 0 || level.spent == level.budget;
    if (!due) return;
    torch::NoGradGuard no_grad;
    const torch::Tensor x = level.x.detach();
    IterationReport r = read_terms(terms, x, level.tile > 0 ? level.whole : level.size, level.best_loss);
    r.tile = level.tile;
    r.tiles = level.tiles;
    r.scale = level.index;
    r.iteration = evaluations_;
    r.work_fraction = work_fraction(costs_, evaluations_);
    r.remaining_s = remaining_seconds(costs_, evaluations_, r.elapsed_s);
    if (!std::isfinite(r.total_loss)) {
        diverged_ = true;
        throw StopOptimisation{};
    }
    sink_.on_iteration(r);
    last_sent_ = r;
    if (level.tile > 0) return;  // a tiled level's previews show the whole image, as its tiles land

    const auto now = Clock::now();
    // A multiple of preview_every passed since the previous report.
    const bool by_count = p_.preview_every > 0 && evaluations_ / p_.preview_every > last_report_ / p_.preview_every;
    last_report_ = evaluations_;
    const bool by_time = p_.preview_interval_ms > 0 && now - last_preview_ >= std::chrono::milliseconds(p_.preview_interval_ms);
    if (by_count || by_time) {
        last_preview_ = now;
        sink_.on_preview(finish_image(x, level.content_at_size), r);
    }
}

torch::Tensor JobRunner::evaluate(LevelRun& level) {
    stop_if_done(level);
    apply_new_weights(level);
    level.in_step = true;
    const Terms terms = forward_backward(level);
    ++level.spent;
    ++evaluations_;
    // A tile's first evaluation is at its start: its goals are fixed from there.
    Targets& t = level.targets;
    if (!t.level_grams.empty() && t.tile_goals.empty()) t.tile_goals = terms.tile_goals;
    for (std::size_t r = 0; r < terms.region_goals.size(); ++r)
        if (!terms.region_goals[r].empty()) t.regions.terms[r].goals = terms.region_goals[r];
    keep_if_best(level, terms.total);
    report(level, terms);
    return terms.total;
}

// --- A level ------------------------------------------------------------------

torch::Tensor JobRunner::initial_image(Size size, const torch::Tensor& start, const torch::Tensor& content, torch::Device where) const {
    // The coarser result (or a failed attempt's best), resampled; resampling clamps to [0,1].
    if (start.defined()) return resize_image_tensor(start.detach().to(where), size).clone();
    switch (p_.init) {
    case InitKind::Content: break;
    case InitKind::Noise: {
        auto generator = at::detail::createCPUGenerator(p_.seed);
        return torch::rand({1, 3, size.height, size.width}, generator, torch::TensorOptions().dtype(torch::kFloat)).to(where);
    }
    case InitKind::Image: return resize_image_tensor(image_to_tensor(*job_.init_image).to(where), size).clone();
    }
    return content.to(where).clone();
}

// Projected Adam: Adam's step, then back onto the box (and the regions' bounds).
void JobRunner::step_in_box(torch::optim::Adam& adam, LevelRun& level) {
    adam.step();
    torch::NoGradGuard no_grad;
    torch::Tensor& x = level.x;
    x.clamp_(0.0, 1.0);
    const LevelRegions& regions = level.targets.regions;
    if (regions.lower.defined()) x.copy_(hold_in_box(x, regions));
}

void JobRunner::start_from(LevelRun& level, torch::Tensor x) {
    level.x = std::move(x);
    level.x.requires_grad_(true);
    level.best = level.x.detach().clone();
    level.best_loss = torch::full({}, kInfinity, torch::TensorOptions().dtype(torch::kFloat).device(device_));
    last_preview_ = Clock::now();
}

void JobRunner::begin_attempt(LevelRun& level, const torch::Tensor& start) {
    level.targets = make_targets(level.size);
    level.content_at_size = p_.preserve_colors ? tensor_to_image(level.targets.content) : Image{};
    // With regions that hold the photo or the paper, the start is held in their box too.
    start_from(level, hold_in_box(initial_image(level.size, start, level.targets.content, device_), level.targets.regions));
    // At the job's own picture, the photo or the init image: not a coarser level's result, noise or a failed attempt's best.
    level.from_picture = !start.defined() && p_.init != InitKind::Noise && level.spent == 0;
    // From noise (the plan counted z for the first level run whole): the sine start, where no
    // region holds samples in a box of its own.
    level.on_sine = !start.defined() && level.spent == 0 && starts_on_sine(p_) && !level.targets.regions.lower.defined();
}

// --- A tiled level (docs/TILING.md) ---------------------------------------------

// The tile's best image lands with its feathered weights w: canvas += w (best - pass_start).
// The weights of a pass sum to 1 everywhere, so after the pass the canvas is
// Σ w_t best_t; a tile that starts from the canvas so far sees its
// neighbours' landed work in the overlap.
void JobRunner::land_tile(torch::Tensor& canvas, const torch::Tensor& pass_start, const TileGrid& grid, int index,
                          const LevelRun& tile) const {
    torch::NoGradGuard no_grad;
    const TileRect r = grid.rect(index);
    std::vector<float> weights = grid.weights(index);
    const torch::Tensor w = torch::from_blob(weights.data(), {1, 1, r.height, r.width}, torch::kFloat);
    auto window = [&](const torch::Tensor& t) { return t.narrow(2, r.y, r.height).narrow(3, r.x, r.width); };
    window(canvas).add_(w * (tile.best.to(torch::kCPU) - window(pass_start)));
}

void JobRunner::optimise_tiled_level(LevelRun& level, const TilePlan& tiles, const torch::Tensor& start) {
    if (job_.temporal)
        throw ConfigError("a video frame's temporal term needs the frame in one piece, and this size is painted in tiles: "
                          "choose a smaller size, or allow more memory (--max-memory)");
    const Size size = level.size;
    const torch::Device host(torch::kCPU);
    // The whole level lives on the host: its content, the blended image, the pass's start.
    const torch::Tensor content = resize_image_tensor(content_full_.to(host), size).contiguous();
    level.content_at_size = p_.preserve_colors ? tensor_to_image(content) : Image{};
    torch::Tensor canvas = initial_image(size, start, content, host).contiguous();
    // Every tile aims at the whole level's style statistics (exactly: windows with
    // their layers' full context, as large as the plan's budget allows).
    const int gram_window = tiles.gram_window;
    const std::vector<StyleTarget> grams = styles_full_.empty() ? std::vector<StyleTarget>{} : style_grams(size, gram_window);
    // Regions (docs/REGIONS.md): made for the whole level on the host; each tile takes its part.
    const LevelRegions regions = job_.regions.empty() ? LevelRegions{} : level_regions(content, grams, gram_window);
    canvas = hold_in_box(canvas, regions);
    std::vector<int> style_downsample;
    for (const auto slot : capture_.style_slots) style_downsample.push_back(capture_.downsample[slot]);
    const bool previews = p_.preview_every > 0 || p_.preview_interval_ms > 0;
    int number = 0;
    for (int pass = 0; pass < tiles.passes() && !cancelled_ && !diverged_; ++pass) {
        const torch::Tensor pass_start = canvas.clone();
        const TileGrid grid = tiles.grid(size, pass);
        // Where the whole image stands at the pass's start: each tile's goals are measured from it.
        const std::vector<torch::Tensor> level_grams = job_.regions.empty() ? windowed_grams(canvas, gram_window)
                                                                            : std::vector<torch::Tensor>{};
        const auto region_level_statistics = windowed_region_statistics(canvas, regions, gram_window);
        for (int i = 0; i < grid.count() && !cancelled_ && !diverged_; ++i) {
            // The tile before's (or the Gram windows') freed memory goes back to the system:
            // tiles differ in size, and glibc would otherwise keep a heap of each.
            release_cached_memory(device_);
            const TileRect r = grid.rect(i);
            const TileRect f = tiles.frame(size, r);
            auto window = [&](const torch::Tensor& t) { return t.narrow(2, r.y, r.height).narrow(3, r.x, r.width); };
            auto in_frame = [&](const torch::Tensor& t) { return t.narrow(2, f.y, f.height).narrow(3, f.x, f.width); };
            LevelRun tile;
            tile.index = level.index;
            tile.budget = tiles.evaluations_per_tile[static_cast<std::size_t>(pass)];
            tile.size = {r.width, r.height};
            tile.whole = size;
            tile.tile = ++number;
            tile.tiles = tiles.tiles();
            tile.scaler = level.scaler;
            tile.targets = tile_targets(in_frame(content), in_frame(canvas), {r.x - f.x, r.y - f.y, r.width, r.height}, grams);
            tile.targets.level_grams = level_grams;
            if (!job_.regions.empty())
                tile.targets.regions = tile_regions(regions, r, f, {r.x - f.x, r.y - f.y, r.width, r.height}, region_level_statistics,
                                                    style_downsample, device_);
            set_strengths(tile.targets.regions, weights_.regions);  // changed live since the pass began
            start_from(tile, window(canvas).to(device_).clone());
            optimise_level(tile);
            level.scaler = tile.scaler;
            level.spent += tile.spent;
            if (tile.spent == 0) break;  // cancelled before it began: nothing to land
            land_tile(canvas, pass_start, grid, i, tile);
            if (previews) {
                IterationReport r_preview = last_sent_;
                r_preview.elapsed_s = seconds_since_start();
                sink_.on_preview(finish_image(canvas, level.content_at_size), r_preview);
            }
        }
    }
    level.best = canvas;
    // The landed canvas is no evaluated point: its objective is evaluated once, the whole
    // image's (window by window, within the plan's Gram budget). Cancelled: not worth the pass.
    level.best_loss = cancelled_ || diverged_ ? torch::full({}, kNaN, torch::TensorOptions().dtype(torch::kFloat))
                                              : landed_objective(canvas, content, grams, gram_window, regions);
}

// At most as many pairs as the plan counted for this level (min(iterations, history), memory_plan.cpp):
// a level's own steps never make more, but pairs carried from the level before would.
int JobRunner::pairs_kept(const LevelRun& level) const { return std::max(1, std::min(memory_.lbfgs_history, level.budget)); }

// Runs an optimiser on level.x until `evaluate` throws (budget spent, cancelled
// or the objective changed). Budget and cancellation are enforced by
// `evaluate`, so the optimisers' own stopping rules are switched off. Every
// point evaluated lies in [0,1] (docs/OBJECTIVE.md, "The box").
void JobRunner::run_optimiser(LevelRun& level) {
    torch::Tensor& x = level.x;
    auto objective = [&] { return evaluate(level); };
    if (p_.optimizer == OptimizerKind::Adam) {
        torch::optim::Adam adam({x}, torch::optim::AdamOptions(p_.learning_rate));
        for (;;) {
            objective();
            step_in_box(adam, level);
        }
    }
    if (unbounded_lbfgs.load()) {
        torch::optim::LBFGS lbfgs({x}, torch::optim::LBFGSOptions(1.0)
                                           .max_iter(std::numeric_limits<int32_t>::max())
                                           .max_eval(std::numeric_limits<int32_t>::max())
                                           .tolerance_grad(0.0)
                                           .tolerance_change(0.0)
                                           .history_size(memory_.lbfgs_history)
                                           .line_search_fn("strong_wolfe"));
        for (;;) lbfgs.step(objective);
    }
    if (external_optimiser) {
        torch::Tensor start = x.detach().reshape(-1).to(torch::kCPU, torch::kDouble).contiguous();
        const std::vector<double> first(start.data_ptr<double>(), start.data_ptr<double>() + start.numel());
        external_optimiser(first, [&](const std::vector<double>& point, std::vector<double>& gradient) {
            {
                torch::NoGradGuard no_grad;
                const torch::Tensor given = torch::from_blob(const_cast<double*>(point.data()), x.sizes(), torch::kDouble);
                x.detach().copy_(given.clamp(0.0, 1.0).to(x.options().requires_grad(false)));
                if (level.targets.regions.lower.defined()) x.detach().copy_(hold_in_box(x.detach(), level.targets.regions));
            }
            double loss = 0.0;
            {
                torch::AutoGradMode enable_grad(true);
                loss = objective().item<double>();
            }
            const torch::Tensor g = x.grad().detach().reshape(-1).to(torch::kCPU, torch::kDouble).contiguous();
            gradient.assign(g.data_ptr<double>(), g.data_ptr<double>() + g.numel());
            return loss;
        });
        throw StopOptimisation{};
    }
    if (level.on_sine) {
        level.on_sine = false;  // a restart (new weights) goes on from where it stands, in the box
        run_on_sine(level);
        return;
    }
    std::unique_ptr<torch::optim::Adam> start;
    double clipped = 0.0;
    if (level.from_picture) {
        level.from_picture = false;  // a restart (new weights) goes on from where it stands
        clipped = clipped_share(x);  // the start's, before Adam moves it
        start = start_with_adam(level);
    }
    // The step scale the previous run ended with (the coarser level, the tile before, the old
    // weights) starts this one; per-pixel curvature goes as 1/pixels (every term is a mean).
    const double pixels = static_cast<double>(x.numel());
    const double hint = lbfgs_scale_ > 0.0 ? lbfgs_scale_ * pixels / lbfgs_scale_elements_ : 0.0;
    BoxLbfgs lbfgs(x, pairs_kept(level), hint);
    if (level.targets.regions.lower.defined()) lbfgs.set_box(level.targets.regions.lower, level.targets.regions.upper);
    const bool whole_level = level.tile == 0;
    if (whole_level) lbfgs.carry_over(lbfgs_pairs_);
    level.carried = whole_level && !lbfgs_pairs_.empty();
    lbfgs_pairs_ = {};
    auto keep_scale = [&] {
        if (lbfgs.scale() > 0.0) {
            lbfgs_scale_ = lbfgs.scale();
            lbfgs_scale_elements_ = pixels;
        }
        if (whole_level) lbfgs_pairs_ = lbfgs.memory();
    };
    if (start && hand_off.load())
        lbfgs.stop_when([this, &start, clipped](int iteration, double loss, double predicted_fall) {
            if (iteration != kHandOffIteration) return false;
            const bool content_rules = weights_.style <= kHandOffStyleRatio * weights_.content;
            if (content_rules && predicted_fall < kHandOffShare * std::abs(loss) &&
                clipped <= kHandOffClipped)
                return true;
            start.reset();  // no hand-off: Adam's moments are not needed any more
            return false;
        });
    try {
        lbfgs.run(objective);
        if (lbfgs.stopped()) continue_with_adam(level, *start, lbfgs);
    } catch (...) {
        keep_scale();
        throw;
    }
    keep_scale();
}

// The sine start (job_plan.h, starts_on_sine; docs/OBJECTIVE.md): the same L-BFGS, without bounds,
// on z with x = (1 - cos z) / 2, inside the box for every z; z starts at acos(1 - 2 x), x squeezed by
// kSineSqueeze. dloss/dz = x.grad sin(z) / 2, which vanishes only at the bounds themselves and goes
// as sqrt(x (1 - x)) near them (a sigmoid's as x (1 - x): samples near white or black barely moved).
// Its step scale and pairs measure z, not x: the next level starts without them.
void JobRunner::run_on_sine(LevelRun& level) {
    torch::Tensor& x = level.x;
    torch::Tensor z;
    {
        torch::NoGradGuard no_grad;
        z = torch::acos(x.detach().mul(2.0 * (1.0 - 2.0 * kSineSqueeze)).add_(2.0 * kSineSqueeze).neg_().add_(1.0));
    }
    z.requires_grad_(true);
    const double unbounded = std::numeric_limits<double>::infinity();
    BoxLbfgs lbfgs(z, pairs_kept(level), 0.0, -unbounded, unbounded);
    lbfgs.run([&] {
        {
            torch::NoGradGuard no_grad;
            x.detach().copy_(torch::cos(z.detach()).neg_().add_(1.0).mul_(0.5));
        }
        torch::Tensor loss = evaluate(level);
        torch::NoGradGuard no_grad;
        z.mutable_grad() = torch::sin(z.detach()).mul_(0.5).mul_(x.grad().detach());
        return loss;
    });
}

void JobRunner::continue_with_adam(LevelRun& level, torch::optim::Adam& adam, const BoxLbfgs& stopped) {
    torch::Tensor& x = level.x;
    {
        torch::NoGradGuard no_grad;
        x.mutable_grad().copy_(stopped.stopped_gradient().view_as(x));  // the stopped point's, not the last trial's
    }
    auto& options = static_cast<torch::optim::AdamOptions&>(adam.param_groups()[0].options());
    const int first = level.spent;
    const double left = std::max(1, level.budget - first);
    for (;;) {
        const double done = std::min(1.0, (level.spent - first) / left);
        options.lr(kHandOffRate + (kHandOffFinalRate - kHandOffRate) * done);
        step_in_box(adam, level);
        evaluate(level);
    }
}

std::unique_ptr<torch::optim::Adam> JobRunner::start_with_adam(LevelRun& level) {
    auto started = std::make_unique<torch::optim::Adam>(std::vector<torch::Tensor>{level.x}, torch::optim::AdamOptions(kAdamStartRate));
    torch::optim::Adam& adam = *started;
    CurvatureMemory pairs;
    pairs.shape = level.x.sizes().vec();
    torch::Tensor previous_x, previous_g;
    for (int k = 0; k < kAdamStartSteps; ++k) {
        evaluate(level);
        {
            torch::NoGradGuard no_grad;
            torch::Tensor x = level.x.detach().reshape(-1).clone();
            torch::Tensor g = level.x.grad().detach().reshape(-1).clone();
            if (previous_x.defined()) {
                pairs.steps.push_back(x - previous_x);
                pairs.gradient_changes.push_back(g - previous_g);
            }
            previous_x = std::move(x);
            previous_g = std::move(g);
        }
        step_in_box(adam, level);
    }
    lbfgs_pairs_ = std::move(pairs);
    return started;
}

void JobRunner::optimise_level(LevelRun& level) {
    for (bool done = false; !done;) {
        level.in_step = false;
        try {
            run_optimiser(level);
            done = true;
        } catch (const StopOptimisation&) {
            done = true;
        } catch (const RestartOptimiser&) {
            // Fresh optimiser state from the current image, new objective: the old pairs measured another.
            lbfgs_pairs_ = {};
            level.carried = false;
        }
    }
}

void JobRunner::recover_from_out_of_memory(const Level& level, Size size, const std::string& what) {
    lbfgs_pairs_ = {};
    release_cached_memory(device_);
    ++oom_recoveries_;
    if (!memory_.checkpointed && p_.checkpointing != Checkpointing::Off) {
        memory_.checkpointed = true;
        sink_.on_coded_notice({NoticeCode::OutOfMemoryRetry, {std::to_string(size.width), std::to_string(size.height)},
                               "ran out of memory at " + text(size) + " (" + what + "); released cached memory and retrying " +
                                   "this level with gradient checkpointing"});
        return;
    }
    memory_.shrink /= std::sqrt(2.0);
    const Size smaller = shrunk_size(level.width, level.height, memory_.shrink);
    if (std::min(smaller.width, smaller.height) < min_side_) {
        throw OutOfMemoryError("ran out of memory even at " + text(size) + " with gradient checkpointing (" + what +
                                   "): free memory (close other programs) or use a smaller size",
                               ErrorCode::OutOfMemory);
    }
    sink_.on_coded_notice({NoticeCode::OutOfMemorySmaller,
                           {std::to_string(size.width), std::to_string(size.height), std::to_string(smaller.width),
                            std::to_string(smaller.height)},
                           "ran out of memory at " + text(size) + (memory_.checkpointed ? " with gradient checkpointing" : "") +
                               " (" + what + "); retrying at " + text(smaller) + " (the result will be smaller than asked)"});
}

// --- The job ------------------------------------------------------------------

StyleResult JobRunner::run() {
    // Handed from level to level, deliberately: the image to start from and fp16's loss scale.
    torch::Tensor start;
    std::optional<LossScaler> scaler;
    if (dtype_ == torch::kHalf || p_.loss_scale > 0.0) {  // fp16 needs loss scaling; bf16 has fp32's range
        LossScaler::Options options;
        if (p_.loss_scale > 0.0) options.initial_scale = p_.loss_scale;
        scaler.emplace(options);
    }
    double last_level_loss = kNaN;
    Image content_at_result;
    for (std::size_t level_index = 0; level_index < levels_.size(); ++level_index) {
        const Level& schedule = levels_[level_index];
        if (schedule.iterations == 0) continue;
        release_cached_memory(device_);  // the level before's working memory
        LevelRun level;
        level.index = static_cast<int>(level_index);
        level.budget = schedule.iterations;
        level.scaler = scaler;
        for (;;) {
            // The same decisions plan_job shows in a dry run (job_plan.h).
            const std::uint64_t free_memory = p_.max_memory != 0 ? 0 : device_free_memory(device_);
            LevelMemoryPlan plan =
                plan_level_memory(schedule, p_, conv_bytes(dtype_name(dtype_)), free_memory, memory_, !start.defined() && starts_on_sine(p_));
            memory_ = plan.decisions;
            for (const Notice& notice : plan_notices(schedule, plan)) sink_.on_coded_notice(notice);
            level.size = plan.size;
            try {
                if (plan.tiles.tiled()) {
                    optimise_tiled_level(level, plan.tiles, start);
                } else {
                    begin_attempt(level, start);
                    optimise_level(level);
                }
                any_checkpointed_ = any_checkpointed_ || memory_.checkpointed;
                break;
            } catch (const c10::Error& e) {
                if (!is_out_of_memory(e)) throw;
                if (level.best.defined()) start = level.best.detach().clone();
                level.drop_attempt();  // before the allocator is asked to give memory back
                recover_from_out_of_memory(schedule, plan.size, e.what_without_backtrace());
            } catch (const std::bad_alloc&) {
                if (level.best.defined()) start = level.best.detach().clone();
                level.drop_attempt();  // before the allocator is asked to give memory back
                recover_from_out_of_memory(schedule, plan.size, "allocation failed");
            }
        }
        // The next level (or the result) starts from this level's best evaluated image.
        start = level.best;
        scaler = level.scaler;
        content_at_result = std::move(level.content_at_size);
        const double best = level.best_loss.item<double>();
        last_level_loss = std::isfinite(best) ? best : kNaN;
        if (cancelled_ || diverged_) break;
    }
    lbfgs_pairs_ = {};  // the last level's: nothing follows
    if (diverged_) {
        sink_.on_coded_notice({NoticeCode::Diverged, {std::to_string(evaluations_)},
                               "the objective became non-finite after " + std::to_string(evaluations_) +
                                   " evaluations; kept the best image so far (lower the learning rate or the weights)"});
    }

    const Size final_size = shrunk_size(out_.width, out_.height, memory_.shrink);
    const bool at_final_size = start.size(2) == final_size.height && start.size(3) == final_size.width;
    // A job cancelled before its last level keeps the image it had, at that level's size (issue 24):
    // blown up it would only look finished, and cost the session the full size's bytes.
    const bool stopped_early = cancelled_ && !at_final_size;
    const torch::Tensor final_image = at_final_size || stopped_early ? start : resize_image_tensor(start, final_size);
    const Size result_size{static_cast<int>(final_image.size(3)), static_cast<int>(final_image.size(2))};
    if (p_.preserve_colors && (content_at_result.width != result_size.width || content_at_result.height != result_size.height))
        content_at_result = tensor_to_image(resize_image_tensor(content_full_, result_size));
    StyleResult result;
    result.raw_image = tensor_to_image(final_image);
    result.image = finish_painting(result.raw_image, p_, content_at_result, paper_);
    result.cancelled = cancelled_;
    result.stopped_early = stopped_early;
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

IterationReport JobRunner::evaluate_image(const Image& image) {
    check_rgb(image, "the image to evaluate");
    const Size size{image.width, image.height};
    check_min_side(size, min_side_, "the image to evaluate");
    const Targets targets = make_targets(size);
    torch::NoGradGuard no_grad;
    const torch::Tensor x = image_to_tensor(image).to(device_);
    const Terms terms = objective_terms(x, targets, false);
    return read_terms(terms, x, size, terms.total);
}

IterationReport JobRunner::evaluate_tile(const Image& image, TileRect rect, int gram_window) {
    check_rgb(image, "the image to evaluate");
    const Size size{image.width, image.height};
    check_min_side(size, min_side_, "the image to evaluate");
    if (rect.x < 0 || rect.y < 0 || rect.width <= 0 || rect.height <= 0 || rect.x + rect.width > size.width ||
        rect.y + rect.height > size.height)
        throw ConfigError("the tile is not inside the image");
    check_min_side({rect.width, rect.height}, min_side_, "the tile");
    auto window = [&](const torch::Tensor& t) { return t.narrow(2, rect.y, rect.height).narrow(3, rect.x, rect.width); };
    const torch::Tensor content = resize_image_tensor(content_full_.to(torch::kCPU), size);
    const torch::Tensor whole = image_to_tensor(image);
    const std::vector<StyleTarget> grams = styles_full_.empty() ? std::vector<StyleTarget>{} : style_grams(size, gram_window);
    Targets targets = tile_targets(content, whole, rect, grams);
    const bool part = rect.width < size.width || rect.height < size.height;
    if (!job_.regions.empty()) {
        // As optimise_tiled_level gives a tile its regions (the frame here is the whole image).
        const LevelRegions level = level_regions(content, grams, gram_window);
        std::vector<int> style_downsample;
        for (const auto slot : capture_.style_slots) style_downsample.push_back(capture_.downsample[slot]);
        targets.regions = tile_regions(level, rect, {0, 0, size.width, size.height}, rect,
                                       part ? windowed_region_statistics(whole, level, gram_window)
                                            : std::vector<std::vector<torch::Tensor>>{},
                                       style_downsample, device_);
    } else if (part) {
        // As a tiled level sees a tile at its start: goals measured from the whole image's Grams.
        targets.level_grams = windowed_grams(whole, gram_window);
    }
    torch::NoGradGuard no_grad;
    const torch::Tensor x = window(image_to_tensor(image)).to(device_).contiguous();
    const Terms terms = objective_terms(x, targets, false);
    return read_terms(terms, x, {rect.width, rect.height}, terms.total);
}

double JobRunner::evaluate_landed(const Image& image, int gram_window) {
    check_rgb(image, "the image to evaluate");
    const Size size{image.width, image.height};
    check_min_side(size, min_side_, "the image to evaluate");
    const torch::Tensor content = resize_image_tensor(content_full_.to(torch::kCPU), size).contiguous();
    const std::vector<StyleTarget> grams = styles_full_.empty() ? std::vector<StyleTarget>{} : style_grams(size, gram_window);
    const LevelRegions regions = job_.regions.empty() ? LevelRegions{} : level_regions(content, grams, gram_window);
    return landed_objective(image_to_tensor(image), content, grams, gram_window, regions).item<double>();
}

}  // namespace shuimo::engine
