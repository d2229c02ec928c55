#include "shuimo/engine/style_engine.h"

#include <ATen/CPUGeneratorImpl.h>
#include <torch/version.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <optional>
#include <map>
#include <mutex>
#include <utility>

#include "losses.h"
#include "shuimo/engine/color.h"
#include "shuimo/engine/errors.h"
#include "shuimo/engine/job_plan.h"
#include "shuimo/engine/loss_scaler.h"
#include "shuimo/engine/safetensors.h"
#include "shuimo/engine/schedule.h"
#include "shuimo/engine/vgg19_spec.h"
#include "tensor_image.h"
#include "vgg19_features.h"

namespace shuimo::engine {
namespace {

using Clock = std::chrono::steady_clock;

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

struct Capture {
    std::vector<int> indices;        // unique torchvision indices passed to forward()
    std::vector<std::size_t> content_slots;  // position of each content layer in `indices`
    std::vector<std::size_t> style_slots;
};

Capture make_capture(const StyleParams& params) {
    Capture capture;
    auto slot_for = [&](int index) {
        const auto it = std::find(capture.indices.begin(), capture.indices.end(), index);
        if (it != capture.indices.end()) return static_cast<std::size_t>(it - capture.indices.begin());
        capture.indices.push_back(index);
        return capture.indices.size() - 1;
    };
    for (const int index : layer_indices(params.content_layers)) capture.content_slots.push_back(slot_for(index));
    for (const int index : layer_indices(params.style_layers)) capture.style_slots.push_back(slot_for(index));
    return capture;
}

std::vector<torch::Tensor> pick(const std::vector<torch::Tensor>& all, const std::vector<std::size_t>& slots) {
    std::vector<torch::Tensor> out;
    out.reserve(slots.size());
    for (const auto slot : slots) out.push_back(all[slot]);
    return out;
}

int deepest_divisor(const Capture& capture) {
    int divisor = 1;
    for (const auto& layer : vgg19_layers()) {
        if (std::find(capture.indices.begin(), capture.indices.end(), layer.index) != capture.indices.end())
            divisor = std::max(divisor, layer.downsample);
    }
    return divisor;
}

std::string device_name(const torch::Device& device) {
    return device.is_cuda() ? "cuda:" + std::to_string(device.index() < 0 ? 0 : device.index()) : "cpu";
}

// Convolution dtype for a requested precision on a device. Throws DeviceError.
torch::ScalarType resolve_precision(Precision requested, const torch::Device& device, ProgressSink& sink) {
    switch (requested) {
    case Precision::Fp32: return torch::kFloat;
    case Precision::Bf16:
        if (device.is_cpu()) sink.on_notice("bf16 on the CPU is usually many times slower than fp32; use fp32 or auto there");
        return torch::kBFloat16;
    case Precision::Fp16:
        if (device.is_cpu()) {
            throw DeviceError("fp16 convolutions need a CUDA GPU (LibTorch has no fp16 convolution on the CPU); "
                              "use --precision fp32 or auto");
        }
        return torch::kHalf;
    case Precision::Auto:
        if (device.is_cpu()) return torch::kFloat;
        // bf16 where the GPU runs bf16 convolutions; older GPUs refuse, and get fp16.
        try {
            const auto probe = torch::ones({1, 8, 8, 8}, torch::TensorOptions().device(device).dtype(torch::kBFloat16));
            (void)torch::conv2d(probe, torch::ones({8, 8, 3, 3}, probe.options())).sum().item<float>();
            return torch::kBFloat16;
        } catch (const c10::Error&) {
            return torch::kHalf;
        }
    }
    return torch::kFloat;
}

std::string_view dtype_name(torch::ScalarType dtype) {
    return dtype == torch::kHalf ? "fp16" : dtype == torch::kBFloat16 ? "bf16" : "fp32";
}

// Runs an optimiser on x until `evaluate` throws (budget spent, cancelled or
// the objective changed). Budget and cancellation are enforced by `evaluate`,
// so the optimisers' own stopping rules are switched off.
template <typename Evaluate>
void run_optimiser(const StyleParams& p, torch::Tensor& x, Evaluate& evaluate) {
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
                                       .history_size(100)
                                       .line_search_fn("strong_wolfe"));
    for (;;) lbfgs.step(evaluate);
}

}  // namespace

EngineInfo engine_info() {
    configure_torch_runtime();
    EngineInfo info;
    info.torch_version = TORCH_VERSION;
    info.cuda_available = torch::cuda::is_available();
    info.cuda_device_count = info.cuda_available ? static_cast<int>(torch::cuda::device_count()) : 0;
    info.cpu_threads = torch::get_num_threads();
    return info;
}

double measure_throughput_gflops(const std::string& device_spec, Precision precision) {
    configure_torch_runtime();
    static std::mutex mutex;
    static std::map<std::pair<std::string, int>, double> measured;
    const std::lock_guard lock(mutex);
    const auto key = std::make_pair(device_spec, static_cast<int>(precision));
    if (const auto it = measured.find(key); it != measured.end()) return it->second;

    const torch::Device device = resolve_device(device_spec);
    ProgressSink quiet;
    const torch::ScalarType dtype = resolve_precision(precision, device, quiet);
    Vgg19Features net;  // default-initialised: the timing does not depend on the weights
    net->eval();
    net->to(device, dtype);
    const StyleParams params;
    const Capture capture = make_capture(params);
    constexpr int kSide = 256;
    torch::Tensor x = torch::rand({1, 3, kSide, kSide}, torch::TensorOptions().device(device)).requires_grad_(true);
    auto evaluation = [&] {
        torch::Tensor total = torch::zeros({}, x.options());
        const auto features = net->forward(x.to(dtype), capture.indices, params.pooling);
        for (const auto slot : capture.style_slots) total = total + gram_matrix(features[slot]).sum();
        for (const auto slot : capture.content_slots) total = total + features[slot].to(torch::kFloat).square().mean();
        total.backward();
        return total.item<double>();  // waits for the device
    };
    try {
        evaluation();  // warm-up: allocator, oneDNN/cuDNN kernel choice
        constexpr int kTimed = 2;
        const auto started = Clock::now();
        for (int i = 0; i < kTimed; ++i) evaluation();
        const double seconds = std::chrono::duration<double>(Clock::now() - started).count() / kTimed;
        const double gflops = evaluation_gflop(kSide, kSide, params) / std::max(seconds, 1e-9);
        measured.emplace(key, gflops);
        return gflops;
    } catch (const c10::Error& e) {
        throw DeviceError(std::string("could not time the device: ") + e.what_without_backtrace());
    }
}

struct LevelTargets;

struct StyleEngine::Impl {
    std::filesystem::path weights_path;
    Vgg19Features model;                                   // fp32, as loaded
    std::map<torch::ScalarType, Vgg19Features> reduced;   // bf16/fp16 copies, made on first use

    StyleResult run(const StyleJob& job, ProgressSink& sink);
    Vgg19Features& model_for(torch::ScalarType dtype, torch::Device device);
    LevelTargets make_targets(const StyleJob& job, Vgg19Features& net, torch::ScalarType dtype,
                              const torch::Tensor& content_full, const std::vector<torch::Tensor>& styles_full, Size size,
                              int divisor);
};

Vgg19Features& StyleEngine::Impl::model_for(torch::ScalarType dtype, torch::Device device) {
    model->to(device);
    if (dtype == torch::kFloat) return model;
    auto it = reduced.find(dtype);
    if (it == reduced.end()) {
        Vgg19Features copy;
        torch::NoGradGuard no_grad;
        const auto source = model->named_parameters();
        for (auto& item : copy->named_parameters()) item.value().copy_(source[item.key()].to(torch::kCPU));
        copy->eval();
        it = reduced.emplace(dtype, copy).first;
    }
    it->second->to(device, dtype);
    return it->second;
}

StyleEngine::StyleEngine(const std::filesystem::path& weights_path) : impl_(std::make_unique<Impl>()) {
    configure_torch_runtime();
    impl_->weights_path = weights_path;
    const SafetensorsFile file = SafetensorsFile::open(weights_path);
    impl_->model->load_weights(file);
    impl_->model->eval();
}

StyleEngine::~StyleEngine() = default;

const std::filesystem::path& StyleEngine::weights_path() const { return impl_->weights_path; }

StyleResult StyleEngine::run(const StyleJob& job, ProgressSink& sink) {
    try {
        return impl_->run(job, sink);
    } catch (const EngineError&) {
        throw;
    } catch (const c10::OutOfMemoryError& e) {
        throw OutOfMemoryError("the device ran out of memory at this size: use a smaller output size (" +
                               std::string(e.what_without_backtrace()) + ")");
    } catch (const std::bad_alloc&) {
        throw OutOfMemoryError("the computer ran out of memory at this size: use a smaller output size");
    } catch (const c10::Error& e) {
        throw EngineError(std::string("internal engine error: ") + e.what_without_backtrace());
    }
}

// Content features and blended style Grams at one level's size, computed once
// (no gradients) before that level's optimisation starts.
struct LevelTargets {
    torch::Tensor content;                     // the content image at the level's size
    std::vector<torch::Tensor> content_features;
    std::vector<torch::Tensor> style_grams;
};

LevelTargets StyleEngine::Impl::make_targets(const StyleJob& job, Vgg19Features& net, torch::ScalarType dtype,
                                             const torch::Tensor& content_full,
                                             const std::vector<torch::Tensor>& styles_full, Size size, int divisor) {
    const StyleParams& p = job.params;
    torch::NoGradGuard no_grad;
    LevelTargets targets;
    targets.content = resize_image_tensor(content_full, size);
    for (auto& f : net->forward(targets.content.to(dtype), layer_indices(p.content_layers), p.pooling))
        targets.content_features.push_back(f.to(torch::kFloat).clone());

    const std::vector<int> style_layers = layer_indices(p.style_layers);
    if (style_layers.empty()) return targets;
    const int style_long_side = std::max(1, static_cast<int>(std::lround(std::max(size.width, size.height) * p.style_scale)));
    std::vector<std::vector<torch::Tensor>> style_grams;
    for (std::size_t k = 0; k < styles_full.size(); ++k) {
        const Size style_size = fit_long_side(static_cast<int>(styles_full[k].size(3)), static_cast<int>(styles_full[k].size(2)),
                                              style_long_side);
        check_min_side(style_size, divisor, "style image " + std::to_string(k + 1) + " at this size and style scale");
        const torch::Tensor style_tensor = resize_image_tensor(styles_full[k], style_size);
        std::vector<torch::Tensor> grams;
        for (const auto& f : net->forward(style_tensor.to(dtype), style_layers, p.pooling)) grams.push_back(gram_matrix(f));
        style_grams.push_back(std::move(grams));
    }
    targets.style_grams = blend_grams(style_grams, job.style_blend);
    return targets;
}

StyleResult StyleEngine::Impl::run(const StyleJob& job, ProgressSink& sink) {
    const auto started = Clock::now();
    auto seconds_since_start = [&] { return std::chrono::duration<double>(Clock::now() - started).count(); };
    validate_job(job);
    const StyleParams& p = job.params;
    const torch::Device device = resolve_device(p.device);
    torch::ScalarType dtype = resolve_precision(p.precision, device, sink);
    // fp16 needs loss scaling (small gradients underflow); bf16 has fp32's range.
    std::optional<LossScaler> scaler;
    if (dtype == torch::kHalf || p.loss_scale > 0.0) {
        LossScaler::Options options;
        if (p.loss_scale > 0.0) options.initial_scale = p.loss_scale;
        scaler.emplace(options);
    }
    Vgg19Features* net = &model_for(dtype, device);

    const Capture capture = make_capture(p);
    const int divisor = deepest_divisor(capture);
    const Size out = output_size(job.content.width, job.content.height, p.size);
    const std::vector<Level> levels = plan_levels(out.width, out.height, p);
    int total_iterations = 0;
    for (const auto& level : levels) {
        if (level.iterations > 0) check_min_side({level.width, level.height}, divisor, "a level of the schedule (min size)");
        total_iterations += level.iterations;
    }
    check_min_side(out, divisor, "the output");

    // Inputs go to the device once; each level resamples them from there.
    const torch::Tensor content_full = image_to_tensor(job.content).to(device);
    std::vector<torch::Tensor> styles_full;
    for (const auto& style : job.styles) styles_full.push_back(image_to_tensor(style).to(device));
    LossWeights weights{p.content_weight, p.style_weight, p.tv_weight};
    // New weights from the sink, if valid; true when they differ from the current ones.
    auto take_new_weights = [&]() {
        const std::optional<LossWeights> polled = sink.poll_weights();
        if (!polled || *polled == weights) return false;
        StyleParams check = p;
        check.content_weight = polled->content;
        check.style_weight = polled->style;
        check.tv_weight = polled->tv;
        try {
            validate(check);
        } catch (const ConfigError& e) {
            sink.on_notice(std::string("new weights ignored: ") + e.what());
            return false;
        }
        weights = *polled;
        return true;
    };
    int evaluations = 0;  // over all levels
    int overflow_retries = 0;
    bool cancelled = false;
    bool diverged = false;
    torch::Tensor x;  // the image being optimised, at the current level's size
    double last_level_loss = std::numeric_limits<double>::quiet_NaN();
    Image content_at_level;  // for preserve-colours on previews

    auto finish_image = [&](const torch::Tensor& t, const Image& content_image) {
        Image image = tensor_to_image(t);
        return p.preserve_colors ? preserve_colors(image, content_image) : image;
    };

    for (std::size_t level_index = 0; level_index < levels.size(); ++level_index) {
        const Level& level = levels[level_index];
        if (level.iterations == 0) continue;
        const Size size{level.width, level.height};
        LevelTargets targets = make_targets(job, *net, dtype, content_full, styles_full, size, divisor);
        if (p.preserve_colors) content_at_level = tensor_to_image(targets.content);

        if (!x.defined()) {
            switch (p.init) {
            case InitKind::Content: x = targets.content.clone(); break;
            case InitKind::Noise: {
                auto generator = at::detail::createCPUGenerator(p.seed);
                x = torch::rand({1, 3, size.height, size.width}, generator, torch::TensorOptions().dtype(torch::kFloat))
                        .to(device);
                break;
            }
            case InitKind::Image:
                x = resize_image_tensor(image_to_tensor(*job.init_image).to(device), size).clone();
                break;
            }
        } else {
            x = resize_image_tensor(x.detach(), size).clone();  // the coarser result, upsampled
        }
        x.requires_grad_(true);

        int level_evaluations = 0;
        double best_loss = std::numeric_limits<double>::infinity();
        torch::Tensor best;
        auto last_preview = Clock::now();
        bool in_step = false;  // the current optimiser has evaluated at least once

        auto evaluate = [&]() -> torch::Tensor {
            if (sink.is_cancelled()) {
                cancelled = true;
                throw StopOptimisation{};
            }
            if (level_evaluations >= level.iterations) throw StopOptimisation{};
            if (take_new_weights()) {
                // Losses under the old weights are not comparable with the new ones.
                best_loss = std::numeric_limits<double>::infinity();
                if (in_step) throw RestartOptimiser{};
            }
            in_step = true;
            torch::Tensor c, st, t, total;
            for (;;) {
                if (x.grad().defined()) x.mutable_grad().zero_();
                const auto features = (*net)->forward(x.to(dtype), capture.indices, p.pooling);
                c = content_loss(pick(features, capture.content_slots), targets.content_features);
                st = style_loss(pick(features, capture.style_slots), targets.style_grams, p.style_layer_weights);
                t = tv_loss(x);
                total = c * weights.content + st * weights.style + t * weights.tv;
                if (!scaler) {
                    total.backward();
                    break;
                }
                (total * scaler->scale()).backward();
                const bool finite = torch::isfinite(x.grad()).all().item<bool>();
                const double used_scale = scaler->scale();
                if (scaler->update(finite)) {
                    torch::NoGradGuard no_grad;
                    x.mutable_grad().div_(used_scale);
                    break;
                }
                ++overflow_retries;
                if (scaler->exhausted()) {
                    // Overflowing whatever the scale: finish the job in fp32.
                    sink.on_notice("reduced precision (" + std::string(dtype_name(dtype)) + ") kept overflowing; " +
                                   "continuing in fp32");
                    dtype = torch::kFloat;
                    net = &model_for(dtype, device);
                    scaler.reset();
                    targets = make_targets(job, *net, dtype, content_full, styles_full, size, divisor);
                }
                // Otherwise: the scale was lowered; evaluate this point again (not counted).
            }
            ++level_evaluations;
            ++evaluations;

            IterationReport report;
            report.scale = static_cast<int>(level_index);
            report.iteration = evaluations;
            report.total_iterations = total_iterations;
            report.width = size.width;
            report.height = size.height;
            report.content_loss = c.item<double>();
            report.style_loss = st.item<double>();
            report.tv_loss = t.item<double>();
            report.total_loss = total.item<double>();
            report.elapsed_s = seconds_since_start();
            report.weights = weights;
            if (!std::isfinite(report.total_loss)) {
                diverged = true;
                throw StopOptimisation{};
            }
            if (report.total_loss < best_loss) {
                best_loss = report.total_loss;
                best = x.detach().clone();
            }
            sink.on_iteration(report);

            const auto now = Clock::now();
            const bool by_count = p.preview_every > 0 && evaluations % p.preview_every == 0;
            const bool by_time = p.preview_interval_ms > 0 &&
                                 now - last_preview >= std::chrono::milliseconds(p.preview_interval_ms);
            if (by_count || by_time) {
                last_preview = now;
                sink.on_preview(finish_image(x.detach(), content_at_level), report);
            }
            return total;
        };

        for (bool done = false; !done;) {
            in_step = false;
            try {
                run_optimiser(p, x, evaluate);
                done = true;
            } catch (const StopOptimisation&) {
                done = true;
            } catch (const RestartOptimiser&) {
                // Fresh optimiser state from the current image, new objective.
            }
        }
        // The next level (or the result) starts from this level's best evaluated image.
        x = best.defined() ? best : x.detach();
        last_level_loss = best.defined() ? best_loss : std::numeric_limits<double>::quiet_NaN();
        if (cancelled || diverged) break;
    }
    if (diverged) {
        sink.on_notice("the objective became non-finite after " + std::to_string(evaluations) +
                       " evaluations; kept the best image so far (lower the learning rate or the weights)");
    }

    const bool at_output_size = x.size(2) == out.height && x.size(3) == out.width;
    const torch::Tensor final_image = at_output_size ? x : resize_image_tensor(x, out);
    StyleResult result;
    if (p.preserve_colors && !at_output_size) content_at_level = tensor_to_image(resize_image_tensor(content_full, out));
    result.image = finish_image(final_image, content_at_level);
    result.cancelled = cancelled;
    result.iterations_run = evaluations;
    result.seconds = seconds_since_start();
    result.final_total_loss = at_output_size ? last_level_loss : std::numeric_limits<double>::quiet_NaN();
    result.device = device_name(device);
    result.precision = std::string(dtype_name(dtype));
    result.overflow_retries = overflow_retries;
    return result;
}

}  // namespace shuimo::engine
