// The safetensors reader and the VGG-19 layout check, on files the test writes.

#include <QTemporaryDir>
#include <QTest>

#include <cstring>
#include <fstream>

#include "random_weights.h"
#include "shuimo/engine/errors.h"
#include "shuimo/engine/safetensors.h"

using namespace shuimo;

namespace {

std::vector<char> read_all(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

void write_all(const std::filesystem::path& path, const std::vector<char>& bytes) {
    std::ofstream(path, std::ios::binary).write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

// A file whose header is `header` (padded) followed by `data_bytes` zero bytes.
void write_raw(const std::filesystem::path& path, const std::string& header, std::size_t data_bytes) {
    std::vector<char> bytes(8);
    const std::uint64_t n = header.size();
    std::memcpy(bytes.data(), &n, 8);
    bytes.insert(bytes.end(), header.begin(), header.end());
    bytes.resize(bytes.size() + data_bytes, 0);
    write_all(path, bytes);
}

std::string error_of(const std::filesystem::path& path) {
    try {
        const auto file = engine::SafetensorsFile::open(path);
        engine::validate_vgg19_weights(file);
    } catch (const engine::WeightsError& e) {
        return e.what();
    }
    return {};
}

}  // namespace

class TestSafetensors : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    std::vector<engine::TensorToWrite> m_tensors;  // generated once: 20 M normal samples take a while
    std::filesystem::path path(const char* name) const { return std::filesystem::path(m_dir.path().toStdString()) / name; }

private Q_SLOTS:
    void initTestCase() {
        m_tensors = testing::random_vgg19_tensors({5, engine::TensorDtype::F32, false});
        engine::write_safetensors(path("base.safetensors"), m_tensors);
    }

    void goodFilesLoad_data() {
        QTest::addColumn<int>("dtype");
        QTest::newRow("F32") << static_cast<int>(engine::TensorDtype::F32);
        QTest::newRow("F16") << static_cast<int>(engine::TensorDtype::F16);
        QTest::newRow("BF16") << static_cast<int>(engine::TensorDtype::BF16);
    }
    void goodFilesLoad() {
        QFETCH(int, dtype);
        const auto file_path = path("good.safetensors");
        testing::write_random_vgg19_weights(file_path, {3, static_cast<engine::TensorDtype>(dtype), true});
        const auto file = engine::SafetensorsFile::open(file_path);
        engine::validate_vgg19_weights(file);
        QCOMPARE(file.entries().size(), std::size_t{34});  // 32 VGG tensors + 2 classifier tensors
        const auto* conv = file.find("features.34.weight");
        QVERIFY(conv != nullptr);
        QCOMPARE(conv->shape, (std::vector<std::int64_t>{512, 512, 3, 3}));
        QCOMPARE(file.bytes(*conv).size(), std::size_t{512 * 512 * 9} * engine::element_size(conv->dtype));
        QCOMPARE(file.metadata().at("format"), std::string("pt"));
    }

    void roundTripKeepsBytes() {
        const auto file_path = path("roundtrip.safetensors");
        std::vector<engine::TensorToWrite> tensors{{"a", engine::TensorDtype::F32, {2, 2}, {}},
                                                   {"b\"quoted", engine::TensorDtype::F16, {3}, {}}};
        for (int i = 0; i < 16; ++i) tensors[0].data.push_back(static_cast<std::byte>(i));
        for (int i = 0; i < 6; ++i) tensors[1].data.push_back(static_cast<std::byte>(100 + i));
        engine::write_safetensors(file_path, tensors, {{"k", "v"}});
        const auto file = engine::SafetensorsFile::open(file_path);
        QCOMPARE(file.entries().size(), std::size_t{2});
        const auto a = file.bytes(*file.find("a"));
        QCOMPARE(std::memcmp(a.data(), tensors[0].data.data(), 16), 0);
        const auto b = file.bytes(*file.find("b\"quoted"));
        QCOMPARE(std::memcmp(b.data(), tensors[1].data.data(), 6), 0);
    }

    void brokenFilesAreRefused_data() {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("expected");
        QTest::newRow("truncated") << "truncated" << "tensor features.34.bias: data ends at byte";
        QTest::newRow("too short") << "tiny" << "too short to be a safetensors file";
        QTest::newRow("header longer than file") << "header-overrun" << "the file is truncated";
        QTest::newRow("header not JSON") << "bad-json" << "header is not valid JSON";
        QTest::newRow("missing tensor") << "missing" << "tensor features.16.weight (conv3_4) is missing";
        QTest::newRow("wrong shape") << "shape" << "tensor features.0.weight has shape [64, 3, 5, 5], expected [64, 3, 3, 3]";
        QTest::newRow("wrong dtype") << "dtype" << "tensor features.0.bias has dtype I64";
        QTest::newRow("offsets disagree with shape") << "offsets" << "tensor x: shape [4] in F32 needs 16 bytes but data_offsets span 12";
        QTest::newRow("offsets reversed") << "reversed" << "tensor x: data_offsets begin after they end";
        QTest::newRow("shape not integers") << "shape-float" << "tensor x: shape holds something other than";
        QTest::newRow("empty file") << "empty" << "too short";
    }
    void brokenFilesAreRefused() {
        QFETCH(QString, kind);
        QFETCH(QString, expected);
        const auto good = path("base.safetensors");
        const auto bad = path("bad.safetensors");
        auto tensors = m_tensors;
        if (kind == "truncated") {
            auto bytes = read_all(good);
            bytes.resize(bytes.size() - 1000);
            write_all(bad, bytes);
        } else if (kind == "tiny") {
            write_all(bad, {'\x01', '\x02', '\x03'});
        } else if (kind == "empty") {
            write_all(bad, {});
        } else if (kind == "header-overrun") {
            auto bytes = read_all(good);
            bytes.resize(200);
            write_all(bad, bytes);
        } else if (kind == "bad-json") {
            write_raw(bad, "{\"features.0.weight\": {\"dtype\": \"F32\", ", 0);
        } else if (kind == "missing") {
            tensors.erase(std::remove_if(tensors.begin(), tensors.end(), [](const auto& t) { return t.name == "features.16.weight"; }),
                          tensors.end());
            engine::write_safetensors(bad, tensors);
        } else if (kind == "shape") {
            tensors[0].shape = {64, 3, 5, 5};
            tensors[0].data.resize(64 * 3 * 25 * 4);
            engine::write_safetensors(bad, tensors);
        } else if (kind == "dtype") {
            // A full file whose conv1_1 bias is I64: the reader accepts unknown
            // dtypes, the VGG-19 check does not.
            tensors[1].dtype = engine::TensorDtype::Other;
            std::string h = "{";
            std::uint64_t offset = 0;
            for (const auto& t : tensors) {
                if (h.size() > 1) h += ",";
                const std::string dtype = t.dtype == engine::TensorDtype::Other ? "I64" : "F32";
                const std::uint64_t size = t.dtype == engine::TensorDtype::Other ? 64 * 8 : t.data.size();
                std::string shape;
                for (std::size_t i = 0; i < t.shape.size(); ++i) shape += (i ? "," : "") + std::to_string(t.shape[i]);
                h += "\"" + t.name + "\":{\"dtype\":\"" + dtype + "\",\"shape\":[" + shape + "],\"data_offsets\":[" +
                     std::to_string(offset) + "," + std::to_string(offset + size) + "]}";
                offset += size;
            }
            h += "}";
            write_raw(bad, h, offset);
        } else if (kind == "offsets") {
            write_raw(bad, "{\"x\":{\"dtype\":\"F32\",\"shape\":[4],\"data_offsets\":[0,12]}}", 16);
        } else if (kind == "reversed") {
            write_raw(bad, "{\"x\":{\"dtype\":\"F32\",\"shape\":[0],\"data_offsets\":[8,4]}}", 16);
        } else if (kind == "shape-float") {
            write_raw(bad, "{\"x\":{\"dtype\":\"F32\",\"shape\":[1.5],\"data_offsets\":[0,4]}}", 16);
        }
        const std::string message = error_of(bad);
        QVERIFY2(message.find(expected.toStdString()) != std::string::npos,
                 qPrintable(QStringLiteral("expected '%1' in '%2'").arg(expected, QString::fromStdString(message))));
        QVERIFY(message.find(bad.string()) != std::string::npos);  // names the file
    }

    void missingFileIsClear() {
        const std::string message = error_of(path("does-not-exist.safetensors"));
        QVERIFY(message.find("cannot open weights file") != std::string::npos);
        QVERIFY(message.find("No such file") != std::string::npos);
    }

    void halfConversionRoundsToNearestEven() {
        QCOMPARE(testing::float_to_half_bits(1.0f), std::uint16_t{0x3C00});
        QCOMPARE(testing::float_to_half_bits(-2.0f), std::uint16_t{0xC000});
        QCOMPARE(testing::float_to_half_bits(65504.0f), std::uint16_t{0x7BFF});
        QCOMPARE(testing::float_to_half_bits(1e6f), std::uint16_t{0x7C00});
        QCOMPARE(testing::float_to_half_bits(5.9604645e-8f), std::uint16_t{0x0001});  // smallest subnormal
        QCOMPARE(testing::float_to_bf16_bits(1.0f), std::uint16_t{0x3F80});
        QCOMPARE(testing::float_to_bf16_bits(3.140625f), std::uint16_t{0x4049});
    }
};

QTEST_GUILESS_MAIN(TestSafetensors)
#include "tst_safetensors.moc"
