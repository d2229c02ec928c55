#pragma once
// What this build and this machine offer the engine: LibTorch and its CUDA,
// cuDNN and BLAS, the GPUs and the precision "auto" picks on them, the CPU
// threads. Shown by `shuimo-cli doctor` and Help › About. Plain C++; torch
// stays in system_report.cpp.

#include <cstdint>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

namespace shuimo::engine {

struct GpuReport {
    std::string device;             // "cuda:0"
    std::string name;               // "NVIDIA H100 80GB HBM3"; empty when unknown
    int compute_capability_major = 0;
    int compute_capability_minor = 0;
    std::uint64_t free_memory = 0;  // bytes; 0 = unknown
    std::uint64_t total_memory = 0; // bytes; 0 = unknown
    std::string auto_precision;     // what "auto" runs convolutions in there: "bf16" or "fp16" (the probe)
};

struct SystemReport {
    std::string torch_version;         // "1.13.0"
    bool built_with_cuda = false;      // this LibTorch has CUDA compiled in
    std::string cuda_runtime_version;  // "12.6" (the CUDA LibTorch was built against); empty without CUDA
    std::string cuda_driver_version;   // "12.8" (what the driver supports); empty when unknown
    bool cuda_available = false;       // at least one GPU usable now
    std::string cuda_unavailable_reason;  // why not, e.g. "built against a CPU-only LibTorch"
    bool cudnn_available = false;
    std::string cudnn_version;         // "9.1.0"; empty without cuDNN
    std::vector<GpuReport> gpus;
    std::string blas_library;          // the BLAS shared library this process loaded (path); empty if none found
    bool openblas = false;             // that library is OpenBLAS
    std::string cpu_capability;        // the CPU kernels torch dispatches to: "AVX2", "AVX512", "DEFAULT"
    int cpu_threads = 0;               // intra-op threads the engine runs with
    std::string cpu_precision = "fp32";  // what "auto" runs on the CPU
};

// Inspects LibTorch and the machine (fast: no timing; on a GPU a tiny bf16
// convolution is the probe). Never throws: what cannot be found is reported as such.
SystemReport system_report();

// The report as "key: value" lines, the keys stable for scripts and tests:
// torch, cuda, cudnn, gpu (one per GPU), precision, blas, cpu.
std::vector<std::pair<std::string, std::string>> system_report_lines(const SystemReport& report);

// The folder of bundled styles a program in `executable_dir` uses: $SHUIMO_STYLES_DIR,
// then the installed <prefix>/share/shuimo/styles beside <prefix>/bin, then the source
// tree's assets/styles (`source_dir`, then relative to a build tree's app/<x>/). Empty if none exists.
std::filesystem::path find_styles_dir(const std::filesystem::path& executable_dir,
                                      const std::filesystem::path& source_dir = {});

// "1.5 GiB", "512 MiB".
std::string format_bytes(std::uint64_t bytes);

}  // namespace shuimo::engine
