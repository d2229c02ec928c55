// VGG-19 feature extractor: layer names and shapes, weights landing in the
// right layers, ImageNet normalisation, pooling, truncation, F16/BF16 files.

#include <QTemporaryDir>
#include <QTest>

#include <torch/torch.h>

#include <cstring>

#include "random_weights.h"
#include "shuimo/engine/errors.h"
#include "shuimo/engine/vgg19_spec.h"
#include "vgg19_features.h"

using namespace shuimo;

namespace {

torch::Tensor tensor_from_file(const engine::SafetensorsFile& file, const std::string& name) {
    const auto* entry = file.find(name);
    auto t = torch::empty(entry->shape, torch::kFloat);
    std::memcpy(t.data_ptr(), file.bytes(*entry).data(), file.bytes(*entry).size());
    return t;
}

}  // namespace

class TestVgg19Features : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    std::filesystem::path weightsPath(engine::TensorDtype dtype) {
        const auto path = std::filesystem::path(m_dir.path().toStdString()) /
                          ("w-" + std::string(engine::to_string(dtype)) + ".safetensors");
        if (!std::filesystem::exists(path)) testing::write_random_vgg19_weights(path, {21, dtype, true});
        return path;
    }
    engine::Vgg19Features loadedModel(engine::TensorDtype dtype = engine::TensorDtype::F32) {
        engine::Vgg19Features model;
        model->load_weights(engine::SafetensorsFile::open(weightsPath(dtype)));
        return model;
    }

private Q_SLOTS:
    void layerTableNamesEveryLayer() {
        const auto layers = engine::vgg19_layers();
        QCOMPARE(layers.size(), std::size_t{37});
        QCOMPARE(engine::find_vgg19_layer("relu4_2").index, 22);
        QCOMPARE(engine::find_vgg19_layer("pool5").index, 36);
        QCOMPARE(engine::find_vgg19_layer("conv5_4").index, 34);
        QVERIFY_THROWS_EXCEPTION(engine::ConfigError, engine::find_vgg19_layer("relu6_1"));
        const auto specs = engine::vgg19_conv_specs();
        QCOMPARE(specs.size(), std::size_t{16});
        QCOMPARE(specs[4].weight_name, std::string("features.10.weight"));
        QCOMPARE(std::string(specs[4].layer), std::string("conv3_1"));
    }

    // Checkpointed blocks recompute their activations in the backward pass:
    // the same features and the same image gradient as the plain pass, for
    // captures that end a block (pool1), sit inside one, or are a conv output.
    void checkpointingGivesTheSameGradients_data() {
        QTest::addColumn<std::vector<int>>("capture");
        QTest::newRow("default layers") << std::vector<int>{22, 1, 6, 11, 20, 29};
        QTest::newRow("block ends and conv outputs") << std::vector<int>{4, 7, 0, 13};
    }
    void checkpointingGivesTheSameGradients() {
        QFETCH(std::vector<int>, capture);
        auto model = loadedModel();
        torch::manual_seed(3);
        const auto image = torch::rand({1, 3, 48, 40});
        auto run = [&](bool checkpoint) {
            auto x = image.clone().requires_grad_(true);
            const auto features = model->forward(x, capture, engine::PoolingKind::Max, checkpoint);
            torch::Tensor loss = torch::zeros({});
            for (std::size_t i = 0; i < features.size(); ++i) loss = loss + features[i].square().mean() * static_cast<double>(i + 1);
            loss.backward();
            return std::make_pair(features, x.grad().clone());
        };
        const auto [plain_features, plain_grad] = run(false);
        const auto [ckpt_features, ckpt_grad] = run(true);
        for (std::size_t i = 0; i < capture.size(); ++i) QVERIFY(torch::equal(plain_features[i], ckpt_features[i]));
        QVERIFY(plain_grad.abs().max().item<float>() > 0.0f);
        QVERIFY(torch::allclose(plain_grad, ckpt_grad, 1e-5, 1e-7));
    }

    void everyLayerHasTheDocumentedShape() {
        auto model = loadedModel();
        torch::NoGradGuard no_grad;
        std::vector<int> all;
        for (const auto& layer : engine::vgg19_layers()) all.push_back(layer.index);
        const auto features = model->forward(torch::rand({1, 3, 64, 96}), all, engine::PoolingKind::Max);
        for (const auto& layer : engine::vgg19_layers()) {
            const auto& f = features[static_cast<std::size_t>(layer.index)];
            QCOMPARE(f.size(1), static_cast<int64_t>(layer.out_channels));
            QCOMPARE(f.size(2), static_cast<int64_t>(64 / layer.downsample));
            QCOMPARE(f.size(3), static_cast<int64_t>(96 / layer.downsample));
        }
    }

    void weightsLandInTheirLayersAfterNormalisation() {
        auto model = loadedModel();
        const auto file = engine::SafetensorsFile::open(weightsPath(engine::TensorDtype::F32));
        torch::NoGradGuard no_grad;
        const auto image = torch::rand({1, 3, 32, 32});
        const auto mean = torch::tensor({0.485f, 0.456f, 0.406f}).view({1, 3, 1, 1});
        const auto std = torch::tensor({0.229f, 0.224f, 0.225f}).view({1, 3, 1, 1});
        const auto conv1_1 = model->forward(image, {0}, engine::PoolingKind::Max)[0];
        const auto expected1 = torch::conv2d((image - mean) / std, tensor_from_file(file, "features.0.weight"),
                                             tensor_from_file(file, "features.0.bias"), 1, 1);
        QVERIFY(torch::allclose(conv1_1, expected1, 1e-4, 1e-5));

        const auto deep = model->forward(image, {33, 34}, engine::PoolingKind::Max);  // relu5_3, conv5_4
        const auto expected34 = torch::conv2d(deep[0], tensor_from_file(file, "features.34.weight"),
                                              tensor_from_file(file, "features.34.bias"), 1, 1);
        QVERIFY(torch::allclose(deep[1], expected34, 1e-4, 1e-4));
    }

    void poolingKindIsHonoured() {
        auto model = loadedModel();
        torch::NoGradGuard no_grad;
        const auto image = torch::rand({1, 3, 32, 32});
        const auto max_f = model->forward(image, {3, 4}, engine::PoolingKind::Max);  // relu1_2, pool1
        const auto avg_f = model->forward(image, {3, 4}, engine::PoolingKind::Average);
        QVERIFY(torch::allclose(max_f[1], torch::max_pool2d(max_f[0], 2, 2)));
        QVERIFY(torch::allclose(avg_f[1], torch::avg_pool2d(avg_f[0], 2, 2)));
        QVERIFY(!torch::allclose(max_f[1], avg_f[1]));
    }

    // context_pixels is the receptive field: the gradient of one output position
    // of conv5_1 (a 16-pixel block) reaches exactly 70 input rows above and below
    // its block, of conv4_1 (8 pixels) exactly 30.
    void contextPixelsIsTheReceptiveField_data() {
        QTest::addColumn<QString>("layer");
        QTest::addColumn<int>("context");
        QTest::newRow("conv1_1") << "conv1_1" << 1;
        QTest::newRow("conv4_1") << "conv4_1" << 30;
        QTest::newRow("relu5_1") << "relu5_1" << 70;
    }
    void contextPixelsIsTheReceptiveField() {
        QFETCH(QString, layer);
        QFETCH(int, context);
        const auto& spec = engine::find_vgg19_layer(layer.toStdString());
        QCOMPARE(engine::context_pixels(spec), context);
        auto model = loadedModel();
        torch::manual_seed(3);
        const auto image = torch::rand({1, 3, 224, 224}).requires_grad_(true);
        const auto features = model->forward(image, {spec.index}, engine::PoolingKind::Average)[0];
        const int row = 112 / spec.downsample;
        features.select(2, row).select(2, row).sum().backward();
        const auto reach = image.grad().abs().sum({0, 1, 3});  // per input row
        const int first = row * spec.downsample - context;
        const int last = (row + 1) * spec.downsample - 1 + context;
        for (int y = 0; y < 224; ++y) {
            const bool inside = y >= first && y <= last;
            QVERIFY2((reach[y].item<float>() > 0.0f) == inside, qPrintable(QStringLiteral("row %1 (field %2..%3)").arg(y).arg(first).arg(last)));
        }
    }

    void forwardStopsAtTheDeepestRequestedLayer() {
        auto model = loadedModel();
        // Poison conv5_1: a forward that stops at relu4_2 must not notice.
        {
            torch::NoGradGuard no_grad;
            for (auto& item : model->named_parameters()) {
                if (item.key().rfind("conv5_1.", 0) == 0) item.value().fill_(std::numeric_limits<float>::quiet_NaN());
            }
        }
        torch::NoGradGuard no_grad;
        const auto image = torch::rand({1, 3, 32, 32});
        QVERIFY(torch::isfinite(model->forward(image, {22}, engine::PoolingKind::Max)[0]).all().item<bool>());
        QVERIFY(!torch::isfinite(model->forward(image, {29}, engine::PoolingKind::Max)[0]).all().item<bool>());
    }

    void halfPrecisionFilesLoadToTheSameNetwork_data() {
        QTest::addColumn<int>("dtype");
        QTest::newRow("F16") << static_cast<int>(engine::TensorDtype::F16);
        QTest::newRow("BF16") << static_cast<int>(engine::TensorDtype::BF16);
    }
    void halfPrecisionFilesLoadToTheSameNetwork() {
        QFETCH(int, dtype);
        auto reference = loadedModel(engine::TensorDtype::F32);
        auto reduced = loadedModel(static_cast<engine::TensorDtype>(dtype));
        torch::NoGradGuard no_grad;
        const auto image = torch::rand({1, 3, 32, 32});
        const auto a = reference->forward(image, {8}, engine::PoolingKind::Max)[0];
        const auto b = reduced->forward(image, {8}, engine::PoolingKind::Max)[0];
        // Same seed, weights rounded to 11 (F16) or 8 (BF16) significant bits.
        const double relative = ((a - b).norm() / a.norm()).item<double>();
        QVERIFY2(relative < 2e-2, qPrintable(QString::number(relative)));
        QVERIFY(relative > 0.0);  // really read from the reduced-precision file
    }

    void caffePreprocessingIsAppliedFromTheMetadata() {
        const auto tensors = testing::random_vgg19_tensors({33});
        const auto path = std::filesystem::path(m_dir.path().toStdString()) / "caffe.safetensors";
        engine::write_safetensors(path, tensors, {{"shuimo.preprocessing", "caffe"}});
        const auto file = engine::SafetensorsFile::open(path);
        engine::Vgg19Features model;
        model->load_weights(file);
        QVERIFY(model->preprocessing() == engine::Preprocessing::Caffe);

        torch::NoGradGuard no_grad;
        const auto image = torch::rand({1, 3, 24, 20});  // RGB in [0, 1]
        // By hand, as Caffe does it: BGR, [0, 255], minus the BGR mean, then the file's conv1_1 as stored.
        const auto bgr = image.flip({1}) * 255.0f;
        const auto caffe_input = bgr - torch::tensor({103.939f, 116.779f, 123.68f}).view({1, 3, 1, 1});
        const auto expected = torch::conv2d(caffe_input, tensor_from_file(file, "features.0.weight"),
                                            tensor_from_file(file, "features.0.bias"), 1, 1);
        const auto conv1_1 = model->forward(image, {0}, engine::PoolingKind::Max)[0];
        const double relative = ((conv1_1 - expected).abs().max() / expected.abs().max()).item<double>();
        QVERIFY2(relative < 1e-5, qPrintable(QString::number(relative)));

        // And not the torchvision input: the same weights without the metadata give something else.
        const auto tv_path = std::filesystem::path(m_dir.path().toStdString()) / "tv.safetensors";
        engine::write_safetensors(tv_path, tensors);
        engine::Vgg19Features tv_model;
        tv_model->load_weights(engine::SafetensorsFile::open(tv_path));
        QVERIFY(tv_model->preprocessing() == engine::Preprocessing::Torchvision);
        QVERIFY(!torch::allclose(tv_model->forward(image, {0}, engine::PoolingKind::Max)[0], conv1_1, 1e-3, 1e-3));
    }

    void parameterCopiesKeepThePreprocessing() {
        // The engine makes its fp16/bf16 models by copying named_parameters() into a fresh
        // Vgg19Features: the copy must compute what the original computes.
        const auto path = std::filesystem::path(m_dir.path().toStdString()) / "caffe-copy.safetensors";
        engine::write_safetensors(path, testing::random_vgg19_tensors({34}), {{"shuimo.preprocessing", "caffe"}});
        engine::Vgg19Features model;
        model->load_weights(engine::SafetensorsFile::open(path));
        engine::Vgg19Features copy;
        torch::NoGradGuard no_grad;
        const auto source = model->named_parameters();
        for (auto& item : copy->named_parameters()) item.value().copy_(source[item.key()]);
        const auto image = torch::rand({1, 3, 16, 16});
        QVERIFY(torch::equal(copy->forward(image, {8}, engine::PoolingKind::Max)[0],
                             model->forward(image, {8}, engine::PoolingKind::Max)[0]));
    }

    void unknownPreprocessingIsRefused() {
        const auto path = std::filesystem::path(m_dir.path().toStdString()) / "odd.safetensors";
        engine::write_safetensors(path, testing::random_vgg19_tensors({35}), {{"shuimo.preprocessing", "opencv-bgr"}});
        engine::Vgg19Features model;
        try {
            model->load_weights(engine::SafetensorsFile::open(path));
            QFAIL("an unknown preprocessing was accepted");
        } catch (const engine::WeightsError& e) {
            QVERIFY2(std::string(e.what()).find("opencv-bgr") != std::string::npos, e.what());
            QVERIFY2(std::string(e.what()).find("caffe") != std::string::npos, e.what());
        }
    }

    void nonFiniteWeightsAreRefused() {
        auto tensors = testing::random_vgg19_tensors({4});
        const float nan = std::numeric_limits<float>::quiet_NaN();
        std::memcpy(tensors[6].data.data(), &nan, sizeof nan);  // features.7.weight
        const auto path = std::filesystem::path(m_dir.path().toStdString()) / "nan.safetensors";
        engine::write_safetensors(path, tensors);
        engine::Vgg19Features model;
        try {
            model->load_weights(engine::SafetensorsFile::open(path));
            QFAIL("NaN weights were accepted");
        } catch (const engine::WeightsError& e) {
            QVERIFY2(std::string(e.what()).find("features.7.weight") != std::string::npos, e.what());
        }
    }
};

QTEST_GUILESS_MAIN(TestVgg19Features)
#include "tst_vgg19_features.moc"
