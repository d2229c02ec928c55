#pragma once
// The whole VGG-19, classifier included, for telling a trained network from any other file of
// the right shapes: a trained VGG-19 names the objects in ordinary photographs (ImageNet's 1000
// classes); random or damaged weights do not. The published files keep the classifier (fc6-fc8)
// that Shuimo drops when it installs them, so this runs on the source file, before installation.

#include <filesystem>
#include <string>
#include <vector>

#include "shuimo/engine/image.h"

namespace shuimo::engine {

// Where a file keeps its classifier, if anywhere: fc6, fc7, fc8 weight and bias names.
struct Vgg19ClassifierNames {
    std::string layout;  // "torchvision" (classifier.0/3/6), "timm" (pre_logits.fc1/fc2, head.fc), "caffe" (fc6/fc7/fc8)
    std::string weights[3];
    std::string biases[3];
};

// The classifier layout found in the safetensors file at `path`, or an empty layout when it has
// none (only convolutions, as Shuimo's own installed files). Throws WeightsError when the file
// cannot be read, or when classifier tensors are there but of shapes no VGG-19 has.
Vgg19ClassifierNames find_vgg19_classifier(const std::filesystem::path& path);

struct ImagenetGuess {
    int class_index = 0;  // 0..999, ImageNet-1k order (torchvision's, timm's and Caffe's alike)
    float probability = 0.0f;
};

// The top_k ImageNet classes of each image (RGB in [0, 1], any size: resized so that the short
// side is 256 and centre-cropped to 224, as both torchvision's and Caffe's evaluation do), from the
// network in `path` with `preprocessing` ("torchvision" or "caffe"; empty: the file's metadata, as
// an installed model's). On the CPU, without gradients. Throws WeightsError (no classifier: the
// message says the file cannot be checked this way), ConfigError for an empty image.
std::vector<std::vector<ImagenetGuess>> classify_vgg19(const std::filesystem::path& path,
                                                       const std::vector<Image>& images,
                                                       const std::string& preprocessing = {}, int top_k = 5);

// The network's pool5 features (512 x 7 x 7, flattened in PyTorch's order) for each image, with the
// same resizing and preprocessing: what fc6 reads. For tests that plant a classifier.
std::vector<std::vector<float>> vgg19_pool5_features(const std::filesystem::path& path,
                                                     const std::vector<Image>& images,
                                                     const std::string& preprocessing = {});

}  // namespace shuimo::engine
