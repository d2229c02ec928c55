#include "tensor_image.h"

#include <cstring>
#include <mutex>

#include "host_allocator.h"
#include "shuimo/engine/errors.h"
#include "shuimo/engine/system_helpers.h"

namespace shuimo::engine {

torch::Tensor image_to_tensor(const Image& image) {
    if (image.channels != 3) throw ConfigError("the engine takes RGB images (3 channels)");
    if (image.sample_count() != image.pixels.size()) throw ConfigError("image pixel buffer does not match its size");
    auto hwc = torch::from_blob(const_cast<float*>(image.pixels.data()), {image.height, image.width, 3},
                                torch::TensorOptions().dtype(torch::kFloat32));
    return hwc.permute({2, 0, 1}).unsqueeze(0).contiguous();
}

Image tensor_to_image(const torch::Tensor& tensor) {
    torch::Tensor chw = tensor.dim() == 4 ? tensor.squeeze(0) : tensor;
    torch::Tensor hwc = chw.detach().to(torch::kCPU, torch::kFloat32).clamp(0.0, 1.0).permute({1, 2, 0}).contiguous();
    Image image(static_cast<int>(hwc.size(1)), static_cast<int>(hwc.size(0)), static_cast<int>(hwc.size(2)));
    std::memcpy(image.pixels.data(), hwc.data_ptr<float>(), image.pixels.size() * sizeof(float));
    return image;
}

torch::Tensor resize_image_tensor(const torch::Tensor& image, Size size) {
    const auto height = image.size(2);
    const auto width = image.size(3);
    if (height == size.height && width == size.width) return image;
    namespace F = torch::nn::functional;
    const bool shrinking = size.width * size.height < width * height;
    F::InterpolateFuncOptions::mode_t mode = torch::kBicubic;
    if (shrinking) mode = torch::kBilinear;
    auto options = F::InterpolateFuncOptions()
                       .size(std::vector<int64_t>{size.height, size.width})
                       .mode(mode)
                       .align_corners(false)
                       .antialias(shrinking);
    return F::interpolate(image, options).clamp(0.0, 1.0);
}

torch::Device resolve_device(const std::string& spec) {
    const DeviceSpec parsed = parse_device(spec);  // the one spelling check, shared with batch
    if (parsed.kind == DeviceSpec::Kind::Cpu) return torch::Device(torch::kCPU);
    if (parsed.kind == DeviceSpec::Kind::Auto)
        return torch::cuda::is_available() ? torch::Device(torch::kCUDA, 0) : torch::Device(torch::kCPU);
    if (!torch::cuda::is_available()) {
        throw DeviceError("device '" + spec + "' requested but no CUDA GPU is usable here (this LibTorch build " +
                              "may be CPU-only); use --device cpu or auto",
                          ErrorCode::DeviceUnavailable, {spec});
    }
    const int count = static_cast<int>(torch::cuda::device_count());
    if (parsed.index >= count) {
        throw DeviceError("device '" + spec + "' does not exist: this machine has " + std::to_string(count) +
                              " CUDA device(s), cuda:0 to cuda:" + std::to_string(count - 1),
                          ErrorCode::DeviceUnavailable, {spec});
    }
    return torch::Device(torch::kCUDA, static_cast<c10::DeviceIndex>(parsed.index));
}

std::string device_name(const torch::Device& device) {
    return device.is_cuda() ? "cuda:" + std::to_string(device.index() < 0 ? 0 : device.index()) : "cpu";
}

torch::ScalarType resolve_precision(Precision requested, const torch::Device& device, ProgressSink& sink) {
    switch (requested) {
    case Precision::Fp32: return torch::kFloat;
    case Precision::Bf16:
        if (device.is_cpu())
            sink.on_coded_notice({NoticeCode::Bf16OnCpu, {}, "bf16 on the CPU is usually many times slower than fp32; use fp32 or auto there"});
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

void configure_torch_runtime() {
    static std::once_flag once;
    std::call_once(once, [] {
        torch::set_num_threads(cpu_threads_to_use());
        at::globalContext().setBenchmarkCuDNN(true);
        install_host_allocator();
    });
}

}  // namespace shuimo::engine
