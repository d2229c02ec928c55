#pragma once
// The style-transfer engine: Gatys et al. optimisation over a VGG-19 feature
// extractor. Plain C++ interface; torch lives behind the pimpl.
//
// One StyleEngine holds the weights (loaded and checked once) and may run any
// number of jobs, one at a time, from the thread that owns it.

#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>

#include "shuimo/engine/progress.h"
#include "shuimo/engine/style_params.h"

namespace shuimo::engine {

struct EngineInfo {
    std::string torch_version;   // e.g. "1.13.0"
    bool cuda_available = false;
    int cuda_device_count = 0;
    int cpu_threads = 0;         // intra-op threads torch uses
};

EngineInfo engine_info();

// An image resampled to `size` as a run resamples its inputs (antialiased bilinear when
// shrinking, bicubic when enlarging, clamped to [0,1]): the content a run's finishing
// (preserve colours) sees at the output size. Re-finishing (session/refinish.h) uses it so
// that it finishes with the same pixels. RGB.
Image resample_like_a_run(const Image& image, Size size);

class StyleEngine {
public:
    // Opens, checks (every name, shape, dtype and byte range) and loads the
    // VGG-19 convolution weights. Throws WeightsError.
    explicit StyleEngine(const std::filesystem::path& weights_path);
    ~StyleEngine();
    StyleEngine(const StyleEngine&) = delete;
    StyleEngine& operator=(const StyleEngine&) = delete;

    // Runs one job to completion or cancellation. Throws ConfigError,
    // DeviceError, OutOfMemoryError or EngineError; cancellation is a result.
    StyleResult run(const StyleJob& job, ProgressSink& sink);

    // The objective (docs/OBJECTIVE.md) of `image` under `job` (its styles,
    // layers and weights), with targets made at the image's size: what run()
    // reports, for any image, e.g. a written file read back. Throws as run() does.
    IterationReport evaluate_objective(const StyleJob& job, const Image& image);

    const std::filesystem::path& weights_path() const;

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

// Sustained convolution throughput of `device` ("cpu", "cuda", "cuda:1",
// "auto") at `precision`, in GFLOP/s as job_plan.h counts them: a few timed
// evaluations at 256² with the default layers. Needs no weights (the timing
// does not depend on their values); measured once per device and precision
// and cached. Throws DeviceError.
double measure_throughput_gflops(const std::string& device, Precision precision);

// What a job would run on: the device and convolution precision "auto" comes
// to, the memory free there and the measured throughput. For plans shown
// before a job starts (CLI --dry-run, the GUI). Throws DeviceError.
struct DeviceReport {
    std::string device;          // "cpu", "cuda:0"
    std::string precision;       // "fp32", "bf16", "fp16"
    int conv_bytes = 4;          // bytes per convolution element
    std::uint64_t free_memory = 0;  // bytes; 0 = unknown
    double gflops = 0.0;         // measure_throughput_gflops
};
DeviceReport describe_device(const std::string& device, Precision precision);

// The memory a job on `device` ("auto" resolved) could use now, without timing
// anything: host_available_memory() on the CPU, the free device memory on a GPU.
// `resolved` (optional) receives the device it came to ("cpu", "cuda:0").
// For the GUI's estimate; 0 = unknown. Throws DeviceError.
std::uint64_t available_memory(const std::string& device, std::string* resolved = nullptr);

// The precision `requested` comes to on `device` ("fp32", "bf16", "fp16"), as a job
// would resolve it (Auto: bf16 or fp16 on a GPU, fp32 on the CPU), without timing
// anything: conv_bytes (job_plan.h) of it is what the GUI's estimate plans with.
// Throws DeviceError.
std::string resolved_precision(const std::string& device, Precision requested);

// Output size for a content image of width x height and params.size.
Size output_size(int content_width, int content_height, int requested_long_side);

}  // namespace shuimo::engine
