#pragma once
// Conversions between the engine's plain Image and torch tensors, resampling,
// and device selection (torch). Internal to the engine.

#include <torch/torch.h>

#include <string>
#include <string_view>

#include "shuimo/engine/image.h"
#include "shuimo/engine/progress.h"
#include "shuimo/engine/style_params.h"

namespace shuimo::engine {

// RGB Image -> [1, 3, H, W] float32 on the CPU.
torch::Tensor image_to_tensor(const Image& image);
// [1, 3, H, W] or [3, H, W], any device and float dtype -> RGB Image (values clamped to [0,1]).
Image tensor_to_image(const torch::Tensor& tensor);

// Resamples [1, C, H, W] to size (antialiased when shrinking, bicubic when
// enlarging, clamped to [0,1]); returns the input when the size already matches.
torch::Tensor resize_image_tensor(const torch::Tensor& image, Size size);

// "auto" -> CUDA when available, else CPU; "cpu"; "cuda"; "cuda:N". Throws DeviceError.
torch::Device resolve_device(const std::string& spec);

// "cpu" or "cuda:N".
std::string device_name(const torch::Device& device);

// Convolution dtype for a requested precision on a device (auto: fp32 on the
// CPU; bf16 on GPUs that run it, else fp16). Notices go to `sink`. Throws DeviceError.
torch::ScalarType resolve_precision(Precision requested, const torch::Device& device, ProgressSink& sink);

// "fp32", "bf16" or "fp16".
std::string_view dtype_name(torch::ScalarType dtype);

// Once per process: torch uses every core this process may run on, or OMP_NUM_THREADS
// (system_helpers.h: cpu_threads_to_use; Debian's build would take half the cores),
// cuDNN picks the fastest convolution algorithms, and the C heap keeps freed
// blocks for the next evaluation (host_allocator.h).
void configure_torch_runtime();

}  // namespace shuimo::engine
