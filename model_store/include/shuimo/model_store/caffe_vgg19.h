#pragma once
// The original Caffe VGG-19 (VGG_ILSVRC_19_layers.caffemodel) read through
// OpenCV's dnn module, with a deploy prototxt Shuimo writes itself.

#include <filesystem>
#include <string>
#include <vector>

#include "shuimo/engine/safetensors.h"

namespace shuimo::models {

// The deploy network up to conv5_4/relu5_4 (layer names conv1_1 ... conv5_4 as in the
// caffemodel; the classifier is left out, so its blobs are never kept).
std::string vgg19_caffe_deploy_prototxt();

// The 16 convolutions of a caffemodel as F32 tensors under torchvision's names
// (features.N.weight [out, in, 3, 3] from blob 0, features.N.bias [out] from blob 1),
// input channels in Caffe's BGR order, as stored. `prototxt` empty: Shuimo's own.
// Throws ConversionError naming the file and the layer.
std::vector<engine::TensorToWrite> read_caffe_vgg19(const std::filesystem::path& caffemodel,
                                                    const std::filesystem::path& prototxt = {});

}  // namespace shuimo::models
