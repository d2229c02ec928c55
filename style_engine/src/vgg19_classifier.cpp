#include "shuimo/engine/vgg19_classifier.h"

#include <torch/torch.h>

#include <algorithm>

#include "shuimo/engine/errors.h"
#include "shuimo/engine/safetensors.h"
#include "tensor_image.h"
#include "vgg19_features.h"

namespace shuimo::engine {
namespace {

constexpr int kPool5Index = 36;       // torchvision's features index of the last max-pool
constexpr std::int64_t kPool5Size = 512 * 7 * 7;
constexpr std::int64_t kImagenetClasses = 1000;

// The names each published form gives fc6, fc7, fc8. timm keeps fc6/fc7 as convolutions
// (ConvMlp: 7x7 then 1x1), the others as linear layers: the same numbers either way.
const Vgg19ClassifierNames kLayouts[] = {
    {"torchvision", {"classifier.0.weight", "classifier.3.weight", "classifier.6.weight"},
     {"classifier.0.bias", "classifier.3.bias", "classifier.6.bias"}},
    {"timm", {"pre_logits.fc1.weight", "pre_logits.fc2.weight", "head.fc.weight"},
     {"pre_logits.fc1.bias", "pre_logits.fc2.bias", "head.fc.bias"}},
    {"caffe", {"fc6.weight", "fc7.weight", "fc8.weight"}, {"fc6.bias", "fc7.bias", "fc8.bias"}},
};

std::int64_t numel(const std::vector<std::int64_t>& shape) {
    std::int64_t n = 1;
    for (const auto d : shape) n *= d;
    return n;
}

WeightsError bad_classifier(const SafetensorsFile& file, const std::string& what) {
    return WeightsError("weights file " + file.path().string() + ": its classifier is not VGG-19's: " + what,
                        ErrorCode::WeightsUnusable, {file.path().filename().string()});
}

// fc6..fc8 as [out, in] matrices and their biases, checked: fc6 reads pool5 (25088), fc8 gives
// ImageNet's 1000 classes; the hidden widths (4096 in the published files) only have to agree.
struct Classifier {
    torch::Tensor weights[3];
    torch::Tensor biases[3];
};

Vgg19ClassifierNames find_layout(const SafetensorsFile& file) {
    for (const auto& layout : kLayouts) {
        int present = 0;
        for (int i = 0; i < 3; ++i) present += (file.find(layout.weights[i]) != nullptr) + (file.find(layout.biases[i]) != nullptr);
        if (present == 6) return layout;
        if (present > 0)
            throw bad_classifier(file, "some of the " + layout.layout + " classifier's tensors (" + layout.weights[0] + " ... " +
                                           layout.biases[2] + ") are missing");
    }
    return {};
}

Classifier load_classifier(const SafetensorsFile& file, const Vgg19ClassifierNames& names) {
    Classifier c;
    std::int64_t inputs = kPool5Size;
    for (int i = 0; i < 3; ++i) {
        const TensorEntry& w = *file.find(names.weights[i]);
        const TensorEntry& b = *file.find(names.biases[i]);
        if (w.shape.empty() || b.shape.size() != 1 || b.shape[0] != w.shape[0] || numel(w.shape) != w.shape[0] * inputs)
            throw bad_classifier(file, names.weights[i] + " does not read the " + std::to_string(inputs) +
                                           " values before it, or its bias does not match");
        if (i == 2 && w.shape[0] != kImagenetClasses)
            throw bad_classifier(file, names.weights[i] + " has " + std::to_string(w.shape[0]) + " outputs, not ImageNet's 1000");
        c.weights[i] = tensor_from_entry(file, w).reshape({w.shape[0], inputs});
        c.biases[i] = tensor_from_entry(file, b);
        inputs = w.shape[0];
    }
    return c;
}

Preprocessing parse_preprocessing(const SafetensorsFile& file, const std::string& preprocessing) {
    if (preprocessing.empty()) return preprocessing_of(file);
    if (preprocessing == "torchvision") return Preprocessing::Torchvision;
    if (preprocessing == "caffe") return Preprocessing::Caffe;
    throw ConfigError("unknown preprocessing '" + preprocessing + "' (torchvision or caffe)");
}

// Short side 256, centre 224 x 224: the evaluation crop of torchvision's and Caffe's VGG alike.
torch::Tensor evaluation_crop(const Image& image) {
    if (image.empty() || image.channels < 3) throw ConfigError("an RGB image is needed to classify");
    Image rgb = image;
    if (image.channels != 3) {
        rgb = Image(image.width, image.height, 3);
        for (int y = 0; y < image.height; ++y)
            for (int x = 0; x < image.width; ++x)
                for (int c = 0; c < 3; ++c) rgb.at(x, y, c) = image.at(x, y, c);
    }
    const double scale = 256.0 / std::min(rgb.width, rgb.height);
    const Size size{std::max(224, static_cast<int>(std::lround(rgb.width * scale))),
                    std::max(224, static_cast<int>(std::lround(rgb.height * scale)))};
    const torch::Tensor resized = resize_image_tensor(image_to_tensor(rgb), size);
    return resized.narrow(2, (size.height - 224) / 2, 224).narrow(3, (size.width - 224) / 2, 224).contiguous();
}

torch::Tensor pool5(Vgg19Features& net, const std::vector<Image>& images) {
    std::vector<torch::Tensor> rows;
    for (const auto& image : images) {
        rows.push_back(net->forward(evaluation_crop(image), {kPool5Index}, PoolingKind::Max).front().reshape({1, kPool5Size}));
    }
    return torch::cat(rows, 0);
}

template <class F>
auto with_torch_errors(F&& f) {
    try {
        return f();
    } catch (const c10::Error& e) {
        throw EngineError(std::string("the network could not be run: ") + e.what_without_backtrace());
    }
}

}  // namespace

Vgg19ClassifierNames find_vgg19_classifier(const std::filesystem::path& path) {
    return find_layout(SafetensorsFile::open(path));
}

std::vector<std::vector<ImagenetGuess>> classify_vgg19(const std::filesystem::path& path, const std::vector<Image>& images,
                                                       const std::string& preprocessing, int top_k) {
    return with_torch_errors([&] {
        const SafetensorsFile file = SafetensorsFile::open(path);
        const Vgg19ClassifierNames names = find_layout(file);
        if (names.layout.empty())
            throw WeightsError("weights file " + path.string() +
                                   " has no classifier tensors (fc6-fc8): it cannot be checked this way",
                               ErrorCode::WeightsUnusable, {path.filename().string()});
        torch::NoGradGuard no_grad;
        Vgg19Features net;
        net->load_weights(file, parse_preprocessing(file, preprocessing));
        net->eval();
        const Classifier c = load_classifier(file, names);
        torch::Tensor x = pool5(net, images);
        // fc6, ReLU, (dropout: off in evaluation), fc7, ReLU, fc8.
        x = torch::relu(torch::addmm(c.biases[0], x, c.weights[0].t()));
        x = torch::relu(torch::addmm(c.biases[1], x, c.weights[1].t()));
        const torch::Tensor probabilities = torch::softmax(torch::addmm(c.biases[2], x, c.weights[2].t()), 1);
        const auto [values, indices] = probabilities.topk(std::clamp(top_k, 1, static_cast<int>(kImagenetClasses)), 1);
        std::vector<std::vector<ImagenetGuess>> guesses(images.size());
        for (std::size_t i = 0; i < images.size(); ++i)
            for (int k = 0; k < values.size(1); ++k)
                guesses[i].push_back({static_cast<int>(indices[static_cast<long>(i)][k].item<std::int64_t>()),
                                      values[static_cast<long>(i)][k].item<float>()});
        return guesses;
    });
}

std::vector<std::vector<float>> vgg19_pool5_features(const std::filesystem::path& path, const std::vector<Image>& images,
                                                     const std::string& preprocessing) {
    return with_torch_errors([&] {
        const SafetensorsFile file = SafetensorsFile::open(path);
        torch::NoGradGuard no_grad;
        Vgg19Features net;
        net->load_weights(file, parse_preprocessing(file, preprocessing));
        const torch::Tensor features = pool5(net, images).contiguous();
        std::vector<std::vector<float>> rows;
        for (std::int64_t i = 0; i < features.size(0); ++i) {
            const float* row = features[i].data_ptr<float>();
            rows.emplace_back(row, row + kPool5Size);
        }
        return rows;
    });
}

}  // namespace shuimo::engine
