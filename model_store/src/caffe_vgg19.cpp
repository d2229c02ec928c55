#include "shuimo/model_store/caffe_vgg19.h"

#include <QTemporaryFile>

#include <opencv2/dnn.hpp>

#include <cstring>

#include "shuimo/engine/vgg19_spec.h"
#include "shuimo/model_store/errors.h"

namespace shuimo::models {
namespace {

[[noreturn]] void fail(const std::filesystem::path& file, const std::string& what) {
    throw ConversionError("Caffe model " + file.string() + ": " + what);
}

engine::TensorToWrite to_tensor(const cv::Mat& blob, std::string name, std::vector<std::int64_t> shape,
                                const std::filesystem::path& file, const std::string& what) {
    std::int64_t count = 1;
    for (const auto d : shape) count *= d;
    if (blob.empty() || static_cast<std::int64_t>(blob.total()) != count)
        fail(file, what + " holds " + std::to_string(blob.total()) + " values, VGG-19 needs " + std::to_string(count) +
                       ": not the 19-layer VGG model");
    cv::Mat values;
    blob.convertTo(values, CV_32F);
    if (!values.isContinuous()) values = values.clone();
    engine::TensorToWrite tensor{std::move(name), engine::TensorDtype::F32, std::move(shape), {}};
    tensor.data.resize(static_cast<std::size_t>(count) * sizeof(float));
    std::memcpy(tensor.data.data(), values.ptr<float>(), tensor.data.size());
    return tensor;
}

}  // namespace

std::string vgg19_caffe_deploy_prototxt() {
    std::string text =
        "# VGG-19 (Simonyan & Zisserman, ILSVRC-2014), convolutional part only, written by Shuimo.\n"
        "name: \"VGG_ILSVRC_19_layers\"\n"
        "input: \"data\"\n"
        "input_shape { dim: 1 dim: 3 dim: 224 dim: 224 }\n";
    std::string bottom = "data";
    for (const auto& layer : engine::vgg19_layers()) {
        const std::string name(layer.name);
        if (layer.type == engine::VggLayerType::Conv) {
            text += "layer { name: \"" + name + "\" type: \"Convolution\" bottom: \"" + bottom + "\" top: \"" + name +
                    "\"\n  convolution_param { num_output: " + std::to_string(layer.out_channels) +
                    " pad: 1 kernel_size: 3 } }\n";
            bottom = name;
        } else if (layer.type == engine::VggLayerType::Relu) {
            text += "layer { name: \"" + name + "\" type: \"ReLU\" bottom: \"" + bottom + "\" top: \"" + bottom + "\" }\n";
        } else {
            if (name == "pool5") break;  // nothing after conv5_4 is needed
            text += "layer { name: \"" + name + "\" type: \"Pooling\" bottom: \"" + bottom + "\" top: \"" + name +
                    "\"\n  pooling_param { pool: MAX kernel_size: 2 stride: 2 } }\n";
            bottom = name;
        }
    }
    return text;
}

std::vector<engine::TensorToWrite> read_caffe_vgg19(const std::filesystem::path& caffemodel,
                                                    const std::filesystem::path& prototxt) {
    std::filesystem::path deploy = prototxt;
    QTemporaryFile own_prototxt;
    if (deploy.empty()) {
        const std::string text = vgg19_caffe_deploy_prototxt();
        if (!own_prototxt.open() || own_prototxt.write(text.data(), static_cast<qint64>(text.size())) !=
                                        static_cast<qint64>(text.size()) || !own_prototxt.flush())
            fail(caffemodel, "cannot write the deploy prototxt to a temporary file");
        deploy = own_prototxt.fileName().toStdString();
    }
    cv::dnn::Net net;
    try {
        net = cv::dnn::readNetFromCaffe(deploy.string(), caffemodel.string());
    } catch (const cv::Exception& e) {
        fail(caffemodel, "OpenCV cannot read it (" + std::string(e.err) + "): the file is damaged or not a caffemodel");
    }
    if (net.empty()) fail(caffemodel, "OpenCV read no network from it");

    std::vector<engine::TensorToWrite> tensors;
    for (const auto& spec : engine::vgg19_conv_specs()) {
        const std::string layer(spec.layer);
        if (net.getLayerId(layer) < 0) fail(caffemodel, "layer " + layer + " is missing from the deploy prototxt");
        cv::Mat weight;
        cv::Mat bias;
        try {
            weight = net.getParam(layer, 0);
            bias = net.getParam(layer, 1);
        } catch (const cv::Exception& e) {
            fail(caffemodel, "layer " + layer + " has no weights (" + std::string(e.err) + ")");
        }
        tensors.push_back(to_tensor(weight, spec.weight_name, {spec.out_channels, spec.in_channels, 3, 3}, caffemodel,
                                    "layer " + layer + " weights"));
        tensors.push_back(to_tensor(bias, spec.bias_name, {spec.out_channels}, caffemodel, "layer " + layer + " bias"));
    }
    return tensors;
}

}  // namespace shuimo::models
