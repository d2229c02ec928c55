#pragma once
// How much memory a device has free, releasing torch's cached blocks and the
// peak a job reached. Internal to the engine. The CUDA side is compiled only
// when LibTorch was built with CUDA (SHUIMO_WITH_CUDA, set by CMake).

#include <torch/torch.h>

#include <cstdint>

namespace shuimo::engine {

// Bytes a job could still allocate on `device`: on the CPU the kernel's
// available memory (host_memory.h: MemAvailable within the cgroup), on a GPU the driver's free memory plus what torch's caching
// allocator holds unused. 0 when unknown.
std::uint64_t device_free_memory(const torch::Device& device);

// Hands cached but unused memory back: torch's CUDA cache, glibc's free heap pages on the CPU.
void release_cached_memory(const torch::Device& device);

// Peak bytes allocated on a GPU since the last reset (0 on the CPU: measure RSS there).
void reset_peak_memory(const torch::Device& device);
std::uint64_t peak_memory(const torch::Device& device);

// True for an allocation failure of any device, whatever type it was thrown as.
bool is_out_of_memory(const c10::Error& error);

}  // namespace shuimo::engine
