#include "planted_weights.h"

#include <QFile>

#include <cmath>
#include <cstring>
#include <map>
#include <random>
#include <span>

#include "random_weights.h"
#include "shuimo/engine/vgg19_classifier.h"
#include "shuimo/image_io/image_io.h"
#include "shuimo/model_store/behaviour_check.h"

namespace shuimo::testing {
namespace {

constexpr std::int64_t kPool5 = 512 * 7 * 7;

engine::TensorToWrite f32_tensor(const std::string& name, std::vector<std::int64_t> shape, const std::vector<float>& values) {
    engine::TensorToWrite tensor{name, engine::TensorDtype::F32, std::move(shape), {}};
    tensor.data.resize(values.size() * sizeof(float));
    std::memcpy(tensor.data.data(), values.data(), tensor.data.size());
    return tensor;
}

// fc6-fc8 under `layout`'s names ("torchvision" or "timm": fc6/fc7 then as 7x7 and 1x1 convolutions).
std::vector<engine::TensorToWrite> classifier_tensors(const std::string& layout, std::int64_t hidden, const std::vector<float>& w6,
                                                      const std::vector<float>& b6, const std::vector<float>& w7,
                                                      const std::vector<float>& w8, const std::vector<float>& b8) {
    const bool timm = layout == "timm";
    const std::vector<float> b7(static_cast<std::size_t>(hidden), 0.0f);
    return {
        f32_tensor(timm ? "pre_logits.fc1.weight" : "classifier.0.weight",
                   timm ? std::vector<std::int64_t>{hidden, 512, 7, 7} : std::vector<std::int64_t>{hidden, kPool5}, w6),
        f32_tensor(timm ? "pre_logits.fc1.bias" : "classifier.0.bias", {hidden}, b6),
        f32_tensor(timm ? "pre_logits.fc2.weight" : "classifier.3.weight",
                   timm ? std::vector<std::int64_t>{hidden, hidden, 1, 1} : std::vector<std::int64_t>{hidden, hidden}, w7),
        f32_tensor(timm ? "pre_logits.fc2.bias" : "classifier.3.bias", {hidden}, b7),
        f32_tensor(timm ? "head.fc.weight" : "classifier.6.weight", {1000, hidden}, w8),
        f32_tensor(timm ? "head.fc.bias" : "classifier.6.bias", {1000}, b8),
    };
}

const std::vector<engine::TensorToWrite>& convolutions() {
    static const auto tensors = random_vgg19_tensors({21, engine::TensorDtype::F32, false});
    return tensors;
}

}  // namespace

std::vector<engine::Image> verify_photos() {
    std::vector<engine::Image> images;
    for (const auto& photo : models::verify_photo_set().photos) {
        QFile file(QStringLiteral(":/shuimo/verify/") + photo.file);
        if (!file.open(QIODevice::ReadOnly)) return {};
        const QByteArray bytes = file.readAll();
        images.push_back(image_io::decode_image(std::span(reinterpret_cast<const unsigned char*>(bytes.constData()),
                                                          static_cast<std::size_t>(bytes.size())),
                                                photo.file.toStdString())
                             .rgb);
    }
    return images;
}

std::vector<int> first_expected_classes() {
    std::vector<int> classes;
    for (const auto& photo : models::verify_photo_set().photos) classes.push_back(photo.expected.front());
    return classes;
}

void write_weights_with(const QString& path, std::vector<engine::TensorToWrite> classifier, const std::string& preprocessing) {
    auto tensors = convolutions();
    for (auto& t : classifier) tensors.push_back(std::move(t));
    std::map<std::string, std::string> metadata{{"format", "pt"}};
    if (!preprocessing.empty()) metadata["shuimo.preprocessing"] = preprocessing;
    engine::write_safetensors(path.toStdString(), tensors, metadata);
}

// The planted classifier: photo i -> classes[i]. From the photos' pool5 features F (n rows), fc6's
// rows are the dual basis W = (F F^T)^-1 F, so that unit i reads exactly 1 on photo i and 0 on the
// others; a bias of -1/2 keeps it silent on them. fc7 is the identity; fc8 maps unit i to classes[i].
// Five distractor classes (0-4) get a small bias, so that a photo's top 5 are its own class, then
// the distractors: a photo's expected class appears only if the classifier really names that photo.
void write_planted_weights(const QString& path, const std::vector<int>& classes, const std::string& layout,
                           const std::string& preprocessing) {
    const QString conv_only = path + QStringLiteral(".conv");
    write_weights_with(conv_only, {}, preprocessing);
    const auto features = engine::vgg19_pool5_features(conv_only.toStdString(), verify_photos(), preprocessing);
    const auto n = static_cast<std::int64_t>(features.size());
    const auto un = static_cast<std::size_t>(n);
    // [G | I] -> [I | G^-1] by Gauss-Jordan with partial pivoting, in double.
    std::vector<std::vector<double>> g(un, std::vector<double>(2 * un, 0.0));
    for (std::size_t i = 0; i < un; ++i) {
        for (std::size_t k = 0; k < un; ++k) {
            double dot = 0;
            for (std::int64_t j = 0; j < kPool5; ++j) dot += double(features[i][j]) * features[k][j];
            g[i][k] = dot;
        }
        g[i][un + i] = 1.0;
    }
    for (std::size_t c = 0; c < un; ++c) {
        std::size_t pivot = c;
        for (std::size_t r = c + 1; r < un; ++r)
            if (std::abs(g[r][c]) > std::abs(g[pivot][c])) pivot = r;
        std::swap(g[c], g[pivot]);
        const double d = g[c][c];
        for (auto& v : g[c]) v /= d;
        for (std::size_t r = 0; r < un; ++r) {
            if (r == c) continue;
            const double factor = g[r][c];
            for (std::size_t k = 0; k < 2 * un; ++k) g[r][k] -= factor * g[c][k];
        }
    }
    std::vector<float> w6(static_cast<std::size_t>(n * kPool5)), b6(un, -0.5f);
    for (std::size_t i = 0; i < un; ++i)
        for (std::int64_t j = 0; j < kPool5; ++j) {
            double w = 0;
            for (std::size_t k = 0; k < un; ++k) w += g[i][un + k] * features[k][j];
            w6[i * kPool5 + static_cast<std::size_t>(j)] = static_cast<float>(w);
        }
    std::vector<float> w7(un * un, 0.0f);
    for (std::size_t i = 0; i < un; ++i) w7[i * un + i] = 1.0f;
    std::vector<float> w8(1000 * un, 0.0f), b8(1000, 0.0f);
    for (std::size_t i = 0; i < un; ++i) w8[static_cast<std::size_t>(classes[i]) * un + i] = 1.0f;
    for (std::size_t c = 0; c < 5; ++c) b8[c] = 0.125f;  // own class: 0.5
    QFile::remove(conv_only);
    write_weights_with(path, classifier_tensors(layout, n, w6, b6, w7, w8, b8), preprocessing);
}

// Seeded random fc6-fc8 (He-initialised, hidden width 64): the shape of a classifier, no training.
void write_random_classifier_weights(const QString& path, unsigned seed) {
    std::mt19937 rng(seed);
    auto normal = [&](std::size_t count, double fan_in) {
        std::normal_distribution<float> d(0.0f, static_cast<float>(std::sqrt(2.0 / fan_in)));
        std::vector<float> v(count);
        for (auto& x : v) x = d(rng);
        return v;
    };
    const std::int64_t hidden = 64;
    write_weights_with(path, classifier_tensors("torchvision", hidden, normal(hidden * kPool5, kPool5),
                                                 normal(hidden, 1e4), normal(hidden * hidden, hidden),
                                                 normal(1000 * hidden, hidden), normal(1000, 1e4)));
}

}  // namespace shuimo::testing
