// The Caffe import path: a .caffemodel (protobuf) read through OpenCV dnn with
// Shuimo's own deploy prototxt, then checked against the VGG-19 layout.
#include <cstddef>
#include <cstdint>
#include <fstream>

#include "fuzz_support.h"
#include "shuimo/model_store/caffe_vgg19.h"
#include "shuimo/model_store/errors.h"

namespace {

// Written once: what read_caffe_vgg19 would otherwise write to a temporary file every call.
const std::filesystem::path& deploy_prototxt() {
    static const std::filesystem::path path = [] {
        const auto p = shuimo::fuzz::scratch_dir() / "deploy.prototxt";
        std::ofstream(p) << shuimo::models::vgg19_caffe_deploy_prototxt();
        return p;
    }();
    return path;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const auto& prototxt = deploy_prototxt();
    const auto model = shuimo::fuzz::write_input(data, size, "input.caffemodel");
    try {
        const auto tensors = shuimo::models::read_caffe_vgg19(model, prototxt);
        if (tensors.size() != 32) __builtin_trap();
        for (const auto& tensor : tensors) {
            std::size_t count = 1;
            for (const auto d : tensor.shape) count *= static_cast<std::size_t>(d);
            if (tensor.data.size() != count * sizeof(float)) __builtin_trap();
        }
    } catch (const shuimo::models::ConversionError&) {
    }
    return 0;
}
