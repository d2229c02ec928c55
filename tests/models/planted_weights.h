#pragma once
// Weights files for the behaviour check's tests (model_store/behaviour_check.h): seeded random
// convolutions with a classifier planted so that it truly names the built-in test photos, or a seeded
// random classifier of the right shapes. No trained network exists here; these stand in for one.

#include <QString>

#include <cstdint>
#include <string>
#include <vector>

#include "shuimo/engine/image.h"
#include "shuimo/engine/safetensors.h"

namespace shuimo::testing {

// The built-in test photos (":/shuimo/verify/"), decoded as the behaviour check decodes them.
std::vector<engine::Image> verify_photos();

// The first expected ImageNet class of each photo, in photos.json's order.
std::vector<int> first_expected_classes();

// Seeded random convolutions (seed 21) plus `classifier`, written to `path` (with shuimo.preprocessing when given).
void write_weights_with(const QString& path, std::vector<engine::TensorToWrite> classifier, const std::string& preprocessing = {});

// Photo i -> classes[i] (see planted_weights.cpp); `layout` "torchvision" or "timm".
void write_planted_weights(const QString& path, const std::vector<int>& classes, const std::string& layout = "torchvision",
                           const std::string& preprocessing = {});

// Seeded random fc6-fc8 (He-initialised, hidden width 64): the shape of a classifier, no training.
void write_random_classifier_weights(const QString& path, unsigned seed);

}  // namespace shuimo::testing
