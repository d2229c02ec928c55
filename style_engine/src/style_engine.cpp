#include "shuimo/engine/style_engine.h"

#include <torch/version.h>

#include <algorithm>
#include <chrono>
#include <map>
#include <mutex>
#include <utility>

#include "capture.h"
#include "device_memory.h"
#include "host_allocator.h"
#include "job_runner.h"
#include "losses.h"
#include "model_cache.h"
#include "shuimo/engine/errors.h"
#include "shuimo/engine/job_plan.h"
#include "shuimo/engine/safetensors.h"
#include "tensor_image.h"
#include "vgg19_features.h"

namespace shuimo::engine {

Image resample_like_a_run(const Image& image, Size size) {
    torch::NoGradGuard no_grad;
    return tensor_to_image(resize_image_tensor(image_to_tensor(image), size));
}

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
        const auto started = std::chrono::steady_clock::now();
        for (int i = 0; i < kTimed; ++i) evaluation();
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count() / kTimed;
        const double gflops = evaluation_gflop(kSide, kSide, params) / std::max(seconds, 1e-9);
        measured.emplace(key, gflops);
        return gflops;
    } catch (const c10::Error& e) {
        throw DeviceError(std::string("could not time the device: ") + e.what_without_backtrace());
    }
}

DeviceReport describe_device(const std::string& device_spec, Precision precision) {
    configure_torch_runtime();
    try {
        const torch::Device device = resolve_device(device_spec);
        ProgressSink quiet;
        const torch::ScalarType dtype = resolve_precision(precision, device, quiet);
        DeviceReport report;
        report.device = device_name(device);
        report.precision = std::string(dtype_name(dtype));
        report.conv_bytes = conv_bytes(report.precision);
        report.free_memory = device_free_memory(device);
        report.gflops = measure_throughput_gflops(device_spec, precision);
        return report;
    } catch (const c10::Error& e) {
        throw DeviceError(std::string("could not inspect the device: ") + e.what_without_backtrace());
    }
}

std::string resolved_precision(const std::string& device_spec, Precision requested) {
    try {
        ProgressSink quiet;
        return std::string(dtype_name(resolve_precision(requested, resolve_device(device_spec), quiet)));
    } catch (const c10::Error& e) {
        throw DeviceError(std::string("could not inspect the device: ") + e.what_without_backtrace());
    }
}

std::uint64_t available_memory(const std::string& device_spec, std::string* resolved) {
    try {
        const torch::Device device = resolve_device(device_spec);
        if (resolved != nullptr) *resolved = device_name(device);
        return device_free_memory(device);
    } catch (const c10::Error& e) {
        throw DeviceError(std::string("could not inspect the device: ") + e.what_without_backtrace());
    }
}

struct StyleEngine::Impl {
    std::filesystem::path weights_path;
    std::unique_ptr<ModelCache> models;
};

namespace {

Vgg19Features load_model(const std::filesystem::path& weights_path) {
    const SafetensorsFile file = SafetensorsFile::open(weights_path);
    file.verify_data_checksum();  // a file damaged on disk since it was installed is refused, not used
    Vgg19Features model;
    model->load_weights(file);
    model->eval();
    return model;
}

}  // namespace

StyleEngine::StyleEngine(const std::filesystem::path& weights_path) : impl_(std::make_unique<Impl>()) {
    configure_torch_runtime();
    impl_->weights_path = weights_path;
    impl_->models = std::make_unique<ModelCache>(load_model(weights_path));
}

StyleEngine::~StyleEngine() = default;

const std::filesystem::path& StyleEngine::weights_path() const { return impl_->weights_path; }

namespace {

// Torch's errors become the engine's at its boundary.
template <typename Body>
auto with_engine_errors(Body&& body) {
    try {
        return body();
    } catch (const EngineError&) {
        throw;
    } catch (const c10::OutOfMemoryError& e) {
        throw OutOfMemoryError("the device ran out of memory at this size: use a smaller output size (" +
                                   std::string(e.what_without_backtrace()) + ")",
                               ErrorCode::OutOfMemory);
    } catch (const std::bad_alloc&) {
        throw OutOfMemoryError("the computer ran out of memory at this size: use a smaller output size",
                               ErrorCode::OutOfMemory);
    } catch (const c10::Error& e) {
        throw EngineError(std::string("internal engine error: ") + e.what_without_backtrace());
    }
}

}  // namespace

StyleResult StyleEngine::run(const StyleJob& job, ProgressSink& sink) {
    return with_engine_errors([&] {
        // The heap's free memory goes back to the kernel once the job is done, failed or not.
        struct GiveBack {
            ~GiveBack() { release_host_memory(); }
        } give_back;
        JobRunner runner(job, sink, *impl_->models);
        return runner.run();
    });
}

IterationReport StyleEngine::evaluate_objective(const StyleJob& job, const Image& image) {
    return with_engine_errors([&] {
        ProgressSink quiet;
        JobRunner runner(job, quiet, *impl_->models);
        return runner.evaluate_image(image);
    });
}

}  // namespace shuimo::engine
