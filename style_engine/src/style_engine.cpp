#include "shuimo/engine/style_engine.h"

#include <ATen/CPUGeneratorImpl.h>
#include <torch/version.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>

#include "losses.h"
#include "shuimo/engine/color.h"
#include "shuimo/engine/errors.h"
#include "shuimo/engine/safetensors.h"
#include "shuimo/engine/vgg19_spec.h"
#include "tensor_image.h"
#include "vgg19_features.h"

namespace shuimo::engine {
namespace {

using Clock = std::chrono::steady_clock;

// Thrown from inside the objective to end an optimiser's step early (budget
// spent or cancelled); the best evaluated image is kept separately.
struct StopOptimisation {};

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

struct StyleEngine::Impl {
    std::filesystem::path weights_path;
    Vgg19Features model;

    StyleResult run(const StyleJob& job, ProgressSink& sink);
};

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

StyleResult StyleEngine::Impl::run(const StyleJob& job, ProgressSink& sink) {
    const auto started = Clock::now();
    auto seconds_since_start = [&] { return std::chrono::duration<double>(Clock::now() - started).count(); };
    validate_job(job);
    const StyleParams& p = job.params;
    const torch::Device device = resolve_device(p.device);
    model->to(device);

    const Capture capture = make_capture(p);
    const int divisor = deepest_divisor(capture);
    const Size out = output_size(job.content.width, job.content.height, p.size);
    check_min_side(out, divisor, "the output");

    const torch::Tensor content = resize_image_tensor(image_to_tensor(job.content).to(device), out);
    std::vector<torch::Tensor> content_targets;
    std::vector<torch::Tensor> style_targets;
    {
        torch::NoGradGuard no_grad;
        const auto content_layers = layer_indices(p.content_layers);
        for (auto& f : model->forward(content, content_layers, p.pooling)) content_targets.push_back(f.to(torch::kFloat).clone());

        const std::vector<int> style_layers = layer_indices(p.style_layers);
        const int style_long_side =
            std::max(1, static_cast<int>(std::lround(std::max(out.width, out.height) * p.style_scale)));
        std::vector<std::vector<torch::Tensor>> style_grams;
        for (std::size_t k = 0; k < job.styles.size(); ++k) {
            const Image& style = job.styles[k];
            const Size size = fit_long_side(style.width, style.height, style_long_side);
            check_min_side(size, divisor, "style image " + std::to_string(k + 1) + " at style scale " + std::to_string(p.style_scale));
            const torch::Tensor style_tensor = resize_image_tensor(image_to_tensor(style).to(device), size);
            std::vector<torch::Tensor> grams;
            for (const auto& f : model->forward(style_tensor, style_layers, p.pooling)) grams.push_back(gram_matrix(f));
            style_grams.push_back(std::move(grams));
        }
        if (!style_layers.empty()) style_targets = blend_grams(style_grams, job.style_blend);
    }

    torch::Tensor x;
    switch (p.init) {
    case InitKind::Content: x = content.clone(); break;
    case InitKind::Noise: {
        auto generator = at::detail::createCPUGenerator(p.seed);
        x = torch::rand({1, 3, out.height, out.width}, generator, torch::TensorOptions().dtype(torch::kFloat)).to(device);
        break;
    }
    case InitKind::Image: x = resize_image_tensor(image_to_tensor(*job.init_image).to(device), out).clone(); break;
    }
    x.requires_grad_(true);

    // Content at output size, for preserve-colours on previews and the result.
    const Image content_at_output = p.preserve_colors ? tensor_to_image(content) : Image{};
    auto finish_image = [&](const torch::Tensor& t) {
        Image image = tensor_to_image(t);
        return p.preserve_colors ? preserve_colors(image, content_at_output) : image;
    };

    int evaluations = 0;
    bool cancelled = false;
    bool diverged = false;
    double best_loss = std::numeric_limits<double>::infinity();
    torch::Tensor best;
    auto last_preview = Clock::now();

    auto evaluate = [&]() -> torch::Tensor {
        if (sink.is_cancelled()) {
            cancelled = true;
            throw StopOptimisation{};
        }
        if (evaluations >= p.iterations) throw StopOptimisation{};
        if (x.grad().defined()) x.mutable_grad().zero_();

        const auto features = model->forward(x, capture.indices, p.pooling);
        const torch::Tensor c = content_loss(pick(features, capture.content_slots), content_targets);
        const torch::Tensor s = style_loss(pick(features, capture.style_slots), style_targets, p.style_layer_weights);
        const torch::Tensor t = tv_loss(x);
        const torch::Tensor total = c * p.content_weight + s * p.style_weight + t * p.tv_weight;
        total.backward();
        ++evaluations;

        IterationReport report;
        report.iteration = evaluations;
        report.total_iterations = p.iterations;
        report.width = out.width;
        report.height = out.height;
        report.content_loss = c.item<double>();
        report.style_loss = s.item<double>();
        report.tv_loss = t.item<double>();
        report.total_loss = total.item<double>();
        report.elapsed_s = seconds_since_start();
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
            sink.on_preview(finish_image(x.detach()), report);
        }
        return total;
    };

    try {
        if (p.optimizer == OptimizerKind::Adam) {
            torch::optim::Adam adam({x}, torch::optim::AdamOptions(p.learning_rate));
            for (;;) {
                evaluate();
                adam.step();
                torch::NoGradGuard no_grad;
                x.clamp_(0.0, 1.0);
            }
        } else {
            // Budget and cancellation are enforced by `evaluate`, so the
            // optimiser's own stopping rules are switched off.
            torch::optim::LBFGS lbfgs({x}, torch::optim::LBFGSOptions(1.0)
                                               .max_iter(std::numeric_limits<int32_t>::max())
                                               .max_eval(std::numeric_limits<int32_t>::max())
                                               .tolerance_grad(0.0)
                                               .tolerance_change(0.0)
                                               .history_size(100)
                                               .line_search_fn("strong_wolfe"));
            for (;;) lbfgs.step(evaluate);
        }
    } catch (const StopOptimisation&) {
    }
    if (diverged) {
        sink.on_notice("the objective became non-finite after " + std::to_string(evaluations) +
                       " evaluations; kept the best image so far (lower the learning rate or the weights)");
    }

    StyleResult result;
    result.image = finish_image(best.defined() ? best : x.detach());
    result.cancelled = cancelled;
    result.iterations_run = evaluations;
    result.seconds = seconds_since_start();
    result.final_total_loss = best.defined() ? best_loss : std::numeric_limits<double>::quiet_NaN();
    result.device = device_name(device);
    return result;
}

}  // namespace shuimo::engine
