#include "device_memory.h"

#include <fstream>

#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <string>

#ifdef SHUIMO_WITH_CUDA
#include <c10/cuda/CUDACachingAllocator.h>
#include <c10/cuda/CUDAGuard.h>
#include <cuda_runtime_api.h>
#endif

namespace shuimo::engine {
namespace {

std::uint64_t cpu_available_memory() {
    std::ifstream meminfo("/proc/meminfo");
    std::string key;
    std::uint64_t value = 0;
    std::string unit;
    while (meminfo >> key >> value >> unit) {
        if (key == "MemAvailable:") return value * 1024;
    }
    return 0;
}

}  // namespace

std::uint64_t device_free_memory(const torch::Device& device) {
    if (device.is_cpu()) return cpu_available_memory();
#ifdef SHUIMO_WITH_CUDA
    const c10::cuda::CUDAGuard guard(device.index() < 0 ? 0 : device.index());
    std::size_t free = 0;
    std::size_t total = 0;
    if (cudaMemGetInfo(&free, &total) != cudaSuccess) return 0;
    // Stat index 0 is the aggregate over pool types in every LibTorch version.
    const auto stats = c10::cuda::CUDACachingAllocator::getDeviceStats(guard.current_device().index());
    const auto reserved = stats.reserved_bytes[0].current;
    const auto allocated = stats.allocated_bytes[0].current;
    return free + static_cast<std::uint64_t>(reserved > allocated ? reserved - allocated : 0);
#else
    return 0;
#endif
}

void release_cached_memory([[maybe_unused]] const torch::Device& device) {
#ifdef SHUIMO_WITH_CUDA
    if (device.is_cuda()) c10::cuda::CUDACachingAllocator::emptyCache();
#endif
#ifdef __GLIBC__
    // The CPU allocator's freed blocks go back to glibc, which keeps them; hand them to the system.
    if (device.is_cpu()) malloc_trim(0);
#endif
}

void return_large_blocks_promptly() {
#ifdef __GLIBC__
    // glibc raises its mmap threshold to the largest block freed so far (up to 32 MiB), after
    // which tensors below it come from arenas that tiles of other sizes leave fragmented.
    // A fixed threshold keeps every tensor over 1 MiB in its own mapping, returned when freed.
    static const bool done = mallopt(M_MMAP_THRESHOLD, 1 << 20) == 1;
    (void)done;
#endif
}

void reset_peak_memory([[maybe_unused]] const torch::Device& device) {
#ifdef SHUIMO_WITH_CUDA
    if (device.is_cuda()) c10::cuda::CUDACachingAllocator::resetPeakStats(device.index() < 0 ? 0 : device.index());
#endif
}

std::uint64_t peak_memory([[maybe_unused]] const torch::Device& device) {
#ifdef SHUIMO_WITH_CUDA
    if (device.is_cuda()) {
        const auto stats = c10::cuda::CUDACachingAllocator::getDeviceStats(device.index() < 0 ? 0 : device.index());
        return static_cast<std::uint64_t>(stats.allocated_bytes[0].peak);
    }
#endif
    return 0;
}

bool is_out_of_memory(const c10::Error& error) {
    if (dynamic_cast<const c10::OutOfMemoryError*>(&error) != nullptr) return true;
    const std::string message = error.what_without_backtrace();
    // The CPU allocator reports with a plain c10::Error.
    return message.find("out of memory") != std::string::npos || message.find("not enough memory") != std::string::npos ||
           message.find("can't allocate memory") != std::string::npos;
}

}  // namespace shuimo::engine
