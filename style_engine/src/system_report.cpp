#include "shuimo/engine/system_report.h"

#include <ATen/Version.h>
#include <ATen/detail/CUDAHooksInterface.h>
#include <torch/torch.h>
#include <torch/version.h>

#include <dlfcn.h>

#include <cstdio>
#include <cstdlib>
#include <system_error>

#include "device_memory.h"
#include "tensor_image.h"

#ifdef SHUIMO_WITH_CUDA
#include <cuda_runtime_api.h>
#endif

namespace shuimo::engine {
namespace {

// The value after `key` in at::show_config()'s text, up to the next ',' or line end.
// The text's layout is the same from LibTorch 1.13 to 2.x: "  - CPU capability usage: AVX2",
// "Build settings: BLAS_INFO=open, ..., CUDA_VERSION=12.6, CUDNN_VERSION=9.1.0, ..., USE_CUDA=ON, ...".
std::string config_value(const std::string& config, const std::string& key) {
    const auto at = config.find(key);
    if (at == std::string::npos) return {};
    const auto begin = at + key.size();
    const auto end = config.find_first_of(",\n", begin);
    std::string value = config.substr(begin, end == std::string::npos ? std::string::npos : end - begin);
    while (!value.empty() && (value.back() == ' ' || value.back() == '\r')) value.pop_back();
    return value;
}

// The BLAS library torch's matrix products call: the one the dynamic linker resolves sgemm_
// to. Debian's LibTorch links libblas.so.3, which the alternatives system points at OpenBLAS
// or at the slow reference BLAS; the canonical path shows which. Empty if no library exports it.
std::string loaded_blas_library() {
    void* symbol = dlsym(RTLD_DEFAULT, "sgemm_");
    Dl_info info{};
    if (symbol == nullptr || dladdr(symbol, &info) == 0 || info.dli_fname == nullptr) return {};
    std::error_code ec;
    const auto canonical = std::filesystem::canonical(info.dli_fname, ec);
    return ec ? std::string(info.dli_fname) : canonical.string();
}

std::string cudnn_version_text(long version) {
    // cuDNN 8: major*1000 + minor*100 + patch; cuDNN 9: major*10000 + minor*100 + patch.
    const long major = version >= 10000 ? version / 10000 : version / 1000;
    const long rest = version >= 10000 ? version % 10000 : version % 1000;
    return std::to_string(major) + "." + std::to_string(rest / 100) + "." + std::to_string(rest % 100);
}

#ifdef SHUIMO_WITH_CUDA
std::string cuda_version_text(int version) {  // 12060 -> "12.6"
    return std::to_string(version / 1000) + "." + std::to_string((version % 1000) / 10);
}
#endif

void add_gpus(SystemReport& report) {
    const int count = static_cast<int>(torch::cuda::device_count());
    for (int index = 0; index < count; ++index) {
        const torch::Device device(torch::kCUDA, static_cast<c10::DeviceIndex>(index));
        GpuReport gpu;
        gpu.device = device_name(device);
#ifdef SHUIMO_WITH_CUDA
        cudaDeviceProp properties{};
        if (cudaGetDeviceProperties(&properties, index) == cudaSuccess) {
            gpu.name = properties.name;
            gpu.compute_capability_major = properties.major;
            gpu.compute_capability_minor = properties.minor;
            gpu.total_memory = properties.totalGlobalMem;
        }
#endif
        try {
            gpu.free_memory = device_free_memory(device);
            ProgressSink quiet;
            gpu.auto_precision = std::string(dtype_name(resolve_precision(Precision::Auto, device, quiet)));
        } catch (const c10::Error& e) {
            gpu.auto_precision = std::string("unusable: ") + e.what_without_backtrace();
        }
        report.gpus.push_back(std::move(gpu));
    }
}

}  // namespace

SystemReport system_report() {
    configure_torch_runtime();
    SystemReport report;
    report.torch_version = TORCH_VERSION;
    const std::string config = at::show_config();
    report.cpu_capability = config_value(config, "CPU capability usage: ");
    report.cpu_threads = torch::get_num_threads();

#ifdef SHUIMO_WITH_CUDA
    report.built_with_cuda = true;
    int runtime = 0;
    if (cudaRuntimeGetVersion(&runtime) == cudaSuccess && runtime > 0) report.cuda_runtime_version = cuda_version_text(runtime);
    int driver = 0;
    if (cudaDriverGetVersion(&driver) == cudaSuccess && driver > 0) report.cuda_driver_version = cuda_version_text(driver);
#else
    report.built_with_cuda = config_value(config, "USE_CUDA=") == "ON";
#endif
    if (report.cuda_runtime_version.empty()) report.cuda_runtime_version = config_value(config, "CUDA_VERSION=");

    try {
        report.cuda_available = torch::cuda::is_available();
    } catch (const c10::Error&) {
        report.cuda_available = false;
    }
    if (!report.built_with_cuda) {
        report.cuda_unavailable_reason = "built against a CPU-only LibTorch";
    } else if (!report.cuda_available) {
        report.cuda_unavailable_reason = "no usable NVIDIA GPU: no driver loaded or no GPU visible (check nvidia-smi)";
#ifdef SHUIMO_WITH_CUDA
        int count = 0;
        if (const cudaError_t error = cudaGetDeviceCount(&count); error != cudaSuccess)
            report.cuda_unavailable_reason = std::string("no usable NVIDIA GPU: ") + cudaGetErrorString(error);
#endif
    }
    if (report.cuda_available) {
        add_gpus(report);
        try {
            report.cudnn_available = torch::cuda::cudnn_is_available();
            if (report.cudnn_available) report.cudnn_version = cudnn_version_text(at::detail::getCUDAHooks().versionCuDNN());
        } catch (const c10::Error&) {
            report.cudnn_available = false;
        }
    }

    report.blas_library = loaded_blas_library();
    if (report.blas_library.empty() || report.blas_library.find("libtorch") != std::string::npos) {
        // Linked statically (pip's torch carries MKL inside libtorch_cpu): the build says which.
        const std::string built_in = config_value(config, "BLAS_INFO=");
        if (!built_in.empty()) report.blas_library = built_in + " (inside LibTorch)";
    }
    report.openblas = report.blas_library.find("openblas") != std::string::npos ||
                      report.blas_library.rfind("open (", 0) == 0;
    return report;
}

std::string format_bytes(std::uint64_t bytes) {
    char text[32];
    const double gib = static_cast<double>(bytes) / (1024.0 * 1024.0 * 1024.0);
    if (gib >= 1.0) {
        std::snprintf(text, sizeof text, "%.1f GiB", gib);
    } else {
        std::snprintf(text, sizeof text, "%.0f MiB", static_cast<double>(bytes) / (1024.0 * 1024.0));
    }
    return text;
}

std::vector<std::pair<std::string, std::string>> system_report_lines(const SystemReport& report) {
    std::vector<std::pair<std::string, std::string>> lines;
    lines.emplace_back("torch", "LibTorch " + report.torch_version +
                                    (report.built_with_cuda ? " with CUDA " + report.cuda_runtime_version : " (CPU only)"));
    if (report.cuda_available) {
        std::string cuda = "yes: runtime " + report.cuda_runtime_version;
        if (!report.cuda_driver_version.empty()) cuda += ", driver supports " + report.cuda_driver_version;
        cuda += ", " + std::to_string(report.gpus.size()) + " GPU(s)";
        lines.emplace_back("cuda", cuda);
        lines.emplace_back("cudnn", report.cudnn_available ? report.cudnn_version : "no (LibTorch found no cuDNN)");
    } else {
        lines.emplace_back("cuda", "no: " + report.cuda_unavailable_reason);
        lines.emplace_back("cudnn", "no: no CUDA");
    }
    for (const GpuReport& gpu : report.gpus) {
        std::string text = gpu.device;
        if (!gpu.name.empty()) {
            text += " " + gpu.name + ", compute " + std::to_string(gpu.compute_capability_major) + "." +
                    std::to_string(gpu.compute_capability_minor);
        }
        text += ", " + (gpu.free_memory > 0 ? format_bytes(gpu.free_memory) : std::string("?")) + " free";
        if (gpu.total_memory > 0) text += " of " + format_bytes(gpu.total_memory);
        lines.emplace_back("gpu", text);
    }
    if (report.gpus.empty()) lines.emplace_back("gpu", "none");
    if (!report.gpus.empty()) {
        const std::string& probed = report.gpus.front().auto_precision;
        lines.emplace_back("precision", "auto = " + probed + " on " + report.gpus.front().device +
                                            (probed == "bf16"   ? " (bf16 convolutions run there)"
                                             : probed == "fp16" ? " (bf16 convolutions refused: fp16 with loss scaling)"
                                                                : ""));
    } else {
        lines.emplace_back("precision", "auto = " + report.cpu_precision + " on the CPU (no GPU to probe for bf16/fp16)");
    }
    if (report.blas_library.empty()) {
        lines.emplace_back("blas", "none found");
    } else if (report.openblas) {
        lines.emplace_back("blas", "OpenBLAS: " + report.blas_library);
    } else {
        lines.emplace_back("blas", "not OpenBLAS: " + report.blas_library +
                                       (report.blas_library.find("mkl") != std::string::npos
                                            ? std::string()
                                            : std::string(" (install libopenblas0-pthread: Gram matrices ~3x faster)")));
    }
    lines.emplace_back("cpu", std::to_string(report.cpu_threads) + " threads" +
                                  (report.cpu_capability.empty() ? std::string() : ", " + report.cpu_capability + " kernels"));
    return lines;
}

std::filesystem::path find_styles_dir(const std::filesystem::path& executable_dir, const std::filesystem::path& source_dir) {
    std::vector<std::filesystem::path> candidates;
    if (const char* env = std::getenv("SHUIMO_STYLES_DIR"); env != nullptr && *env != '\0') candidates.emplace_back(env);
    candidates.push_back(executable_dir / ".." / "share" / "shuimo" / "styles");
    if (!source_dir.empty()) candidates.push_back(source_dir / "assets" / "styles");
    candidates.push_back(executable_dir / ".." / ".." / ".." / "assets" / "styles");
    candidates.push_back(executable_dir / ".." / ".." / "assets" / "styles");
    for (const auto& candidate : candidates) {
        std::error_code ec;
        if (std::filesystem::is_directory(candidate, ec)) {
            const auto canonical = std::filesystem::canonical(candidate, ec);
            return ec ? candidate.lexically_normal() : canonical;
        }
    }
    return {};
}

}  // namespace shuimo::engine
