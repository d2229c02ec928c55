// The model store against a local HTTP server (TestHttpServer) serving generated
// weights: catalogue, full / interrupted-and-resumed / cancelled downloads, wrong
// checksum, server gone mid-way, 404, import of local files (safetensors and a
// caffemodel written here by hand), and engine results with installed models equal
// to those with the same weights loaded directly.

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QJsonObject>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <array>
#include <bit>
#include <cmath>
#include <cstring>
#include <random>

#include "random_weights.h"
#include "shuimo/engine/model_paths.h"
#include "shuimo/engine/safetensors.h"
#include "shuimo/engine/style_engine.h"
#include "shuimo/engine/vgg19_spec.h"
#include "shuimo/model_store/caffe_vgg19.h"
#include "shuimo/model_store/catalogue.h"
#include "shuimo/model_store/errors.h"
#include "shuimo/model_store/installer.h"
#include "shuimo/model_store/model_downloader.h"
#include "sine_pattern.h"
#include "test_files.h"
#include "test_http_server.h"

using namespace shuimo;

namespace {

using testing::read_all;

QString sha256_of(const QByteArray& data) {
    return QString::fromLatin1(QCryptographicHash::hash(data, QCryptographicHash::Sha256).toHex());
}
QString md5_of(const QByteArray& data) {
    return QString::fromLatin1(QCryptographicHash::hash(data, QCryptographicHash::Md5).toHex());
}

// --- a hand-encoded caffemodel (protobuf wire format, field numbers of caffe.proto) ---
// NetParameter { name = 1; repeated LayerParameter layer = 100; }
// LayerParameter { name = 1; type = 2; repeated BlobProto blobs = 7; }
// BlobProto { repeated float data = 5 [packed]; BlobShape shape = 7; }   BlobShape { repeated int64 dim = 1 [packed]; }
void varint(QByteArray& out, quint64 value) {
    while (value >= 0x80) {
        out.append(static_cast<char>((value & 0x7F) | 0x80));
        value >>= 7;
    }
    out.append(static_cast<char>(value));
}
void length_delimited(QByteArray& out, int field, const QByteArray& payload) {
    varint(out, (static_cast<quint64>(field) << 3) | 2);
    varint(out, static_cast<quint64>(payload.size()));
    out.append(payload);
}
void varint_field(QByteArray& out, int field, quint64 value) {
    varint(out, static_cast<quint64>(field) << 3);  // wire type 0
    varint(out, value);
}
// `legacy`: the 4-D num/channels/height/width fields (1-4) of 2014-era caffemodels instead of shape (7);
// a bias then is 1 x 1 x 1 x out.
QByteArray blob_proto(const engine::TensorToWrite& tensor, bool legacy = false) {
    QByteArray blob;
    if (legacy) {
        const bool bias = tensor.shape.size() == 1;
        const std::array<std::int64_t, 4> dims = bias ? std::array<std::int64_t, 4>{1, 1, 1, tensor.shape[0]}
                                                      : std::array<std::int64_t, 4>{tensor.shape[0], tensor.shape[1], tensor.shape[2], tensor.shape[3]};
        for (int i = 0; i < 4; ++i) varint_field(blob, i + 1, static_cast<quint64>(dims[static_cast<std::size_t>(i)]));
    } else {
        QByteArray dims;
        for (const auto d : tensor.shape) varint(dims, static_cast<quint64>(d));
        QByteArray shape;
        length_delimited(shape, 1, dims);
        length_delimited(blob, 7, shape);
    }
    length_delimited(blob, 5, QByteArray(reinterpret_cast<const char*>(tensor.data.data()), static_cast<qsizetype>(tensor.data.size())));
    return blob;
}
// F32 tensors in torchvision order (weight, bias per convolution) -> a caffemodel with layers conv1_1 ... conv5_4,
// plus a "fc6" layer that the reader must ignore.
QByteArray caffemodel_of(const std::vector<engine::TensorToWrite>& tensors, bool legacy = false) {
    QByteArray net;
    length_delimited(net, 1, "VGG_ILSVRC_19_layers");
    const auto specs = engine::vgg19_conv_specs();
    for (std::size_t i = 0; i < specs.size(); ++i) {
        QByteArray layer;
        length_delimited(layer, 1, QByteArray(specs[i].layer.data(), static_cast<qsizetype>(specs[i].layer.size())));
        length_delimited(layer, 2, "Convolution");
        length_delimited(layer, 7, blob_proto(tensors[2 * i], legacy));
        length_delimited(layer, 7, blob_proto(tensors[2 * i + 1], legacy));
        length_delimited(net, 100, layer);
    }
    QByteArray fc6;
    length_delimited(fc6, 1, "fc6");
    length_delimited(fc6, 2, "InnerProduct");
    length_delimited(fc6, 7, blob_proto(engine::TensorToWrite{"fc6", engine::TensorDtype::F32, {2, 2}, std::vector<std::byte>(16)}));
    length_delimited(net, 100, fc6);
    return net;
}

using testing::sine_pattern;

engine::Image stylise(const QString& weights) {
    engine::StyleEngine style_engine(weights.toStdString());
    engine::StyleJob job;
    job.content = sine_pattern(24, 20, 0.0);
    job.styles = {sine_pattern(20, 20, 1.1)};
    job.params.size = 24;
    job.params.iterations = 3;
    job.params.device = "cpu";
    job.params.seed = 5;
    engine::ProgressSink sink;
    return style_engine.run(job, sink).image;
}

// The tensors of a safetensors file, as written (no need to generate 80 MB of weights twice).
std::vector<engine::TensorToWrite> tensors_of(const QString& path) {
    const auto file = engine::SafetensorsFile::open(path.toStdString());
    std::vector<engine::TensorToWrite> tensors;
    for (const auto& spec : engine::vgg19_conv_specs()) {
        for (const auto& name : {spec.weight_name, spec.bias_name}) {
            const auto* entry = file.find(name);
            const auto bytes = file.bytes(*entry);
            tensors.push_back({name, entry->dtype, entry->shape, std::vector<std::byte>(bytes.begin(), bytes.end())});
        }
    }
    return tensors;
}

struct DownloadOutcome {
    QString kind;  // "downloaded" | "failed" | "cancelled"
    QString message;
    qint64 maxProgress = 0;
};

}  // namespace

class TestModelStore : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    TestHttpServer m_server;
    QByteArray m_blob;     // 3 MB of seeded random bytes
    QByteArray m_weights;  // a generated VGG-19 safetensors file (with classifier tensors)
    QString m_weightsSha256;

    QString file(const QString& name) const { return m_dir.filePath(name); }
    QString modelsRoot() const { return QString::fromStdString(engine::models_root()->string()); }

    models::CatalogueEntry entryFor(const QString& id, const QString& path, const QByteArray& content) const {
        models::CatalogueEntry entry;
        entry.id = id;
        entry.name = id;
        entry.licence = QStringLiteral("test");
        entry.urls = {m_server.url(path)};
        entry.file_name = QStringLiteral("model.bin");
        entry.format = QString::fromLatin1(models::kFormatSafetensors);
        entry.size_bytes = content.size();
        entry.checksum_algorithm = QStringLiteral("sha256");
        entry.checksum = &content == &m_weights ? m_weightsSha256 : sha256_of(content);
        entry.preprocessing = QString::fromLatin1(models::kPreprocessingTorchvision);
        return entry;
    }

    DownloadOutcome download(models::ModelDownloader& downloader, const models::CatalogueEntry& entry,
                             const QString& part, qint64 cancelAfterBytes = -1) {
        DownloadOutcome outcome;
        QObject context;
        connect(&downloader, &models::ModelDownloader::downloaded, &context, [&] { outcome.kind = QStringLiteral("downloaded"); });
        connect(&downloader, &models::ModelDownloader::failed, &context, [&](const QString& message) {
            outcome.kind = QStringLiteral("failed");
            outcome.message = message;
        });
        connect(&downloader, &models::ModelDownloader::cancelled, &context, [&] { outcome.kind = QStringLiteral("cancelled"); });
        connect(&downloader, &models::ModelDownloader::progressed, &context, [&](qint64 received, qint64, double, double) {
            outcome.maxProgress = std::max(outcome.maxProgress, received);
            if (cancelAfterBytes >= 0 && received >= cancelAfterBytes) downloader.cancel();
        });
        downloader.start(entry, part);
        [&] { QTRY_VERIFY_WITH_TIMEOUT(!outcome.kind.isEmpty(), 30000); }();
        return outcome;
    }

    void resetServer() {
        m_server.closeAfter = -1;
        m_server.stallAfter = -1;
        m_server.ignoreRange = false;
        m_server.wrongRangeStart = false;
        m_server.requests.clear();
    }

private Q_SLOTS:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        qputenv("XDG_DATA_HOME", file(QStringLiteral("data")).toUtf8());
        qunsetenv("SHUIMO_MODEL_DIR");
        qunsetenv("SHUIMO_CATALOGUE");
        QVERIFY(m_server.listen());

        std::mt19937_64 rng(7);
        m_blob.resize(3 << 20);
        for (auto& byte : m_blob) byte = static_cast<char>(rng() & 0xFF);
        m_server.serve("/blob.bin", m_blob);

        testing::write_random_vgg19_weights(file(QStringLiteral("source.safetensors")).toStdString(), {11, engine::TensorDtype::F32, true});
        m_weights = read_all(file(QStringLiteral("source.safetensors")));
        m_weightsSha256 = sha256_of(m_weights);
        QVERIFY(m_weights.size() > 70000000);
        m_server.serve("/timm/model.safetensors", m_weights);
    }

    void init() {
        resetServer();
        QDir(file(QStringLiteral("data"))).removeRecursively();
    }

    void builtInCatalogueHasBothSources() {
        const auto catalogue = models::load_catalogue();
        QCOMPARE(catalogue.models.size(), std::size_t{2});
        const auto& timm = catalogue.models[0];
        QCOMPARE(timm.id, QStringLiteral("vgg19-torchvision"));
        QCOMPARE(timm.checksum_algorithm, QStringLiteral("sha256"));
        QCOMPARE(timm.checksum, QStringLiteral("11aea017b543ff59233749d8f1cf544cda749378f5790d2fedab841fb86b7669"));
        QCOMPARE(timm.urls.value(0), QStringLiteral("https://huggingface.co/timm/vgg19.tv_in1k/resolve/"
                                                    "128d4708565b3a414bcbb9bbad440b2fe37b9f18/model.safetensors"));
        QCOMPARE(timm.preprocessing, QStringLiteral("torchvision"));
        const auto& caffe = catalogue.at(QStringLiteral("vgg19-caffe"));
        QCOMPARE(caffe.checksum_algorithm, QStringLiteral("md5"));
        QCOMPARE(caffe.checksum, QStringLiteral("b5c644beabd7cf06bdd9065cfd674c97"));
        QCOMPARE(caffe.size_bytes.value_or(0), qint64{574671192});
        QCOMPARE(caffe.format, QStringLiteral("caffemodel"));
        QCOMPARE(caffe.preprocessing, QStringLiteral("caffe"));
        QVERIFY_THROWS_EXCEPTION(models::CatalogueError, catalogue.at(QStringLiteral("vgg16")));
    }

    void brokenCataloguesAreRefused_data() {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("mentions");
        const QByteArray good = "{\"id\":\"a\",\"name\":\"A\",\"licence\":\"x\",\"urls\":[\"http://h/f\"],\"file_name\":\"f\","
                                "\"format\":\"safetensors\",\"checksum\":{\"algorithm\":\"md5\",\"value\":\"b5c644beabd7cf06bdd9065cfd674c97\"},"
                                "\"preprocessing\":\"caffe\"}";
        QTest::newRow("not json") << QByteArray("{") << QStringLiteral("not valid JSON");
        QTest::newRow("no urls") << QByteArray(good).replace("\"urls\":[\"http://h/f\"],", "").prepend("{\"models\":[").append("]}") << QStringLiteral("urls");
        QTest::newRow("short checksum") << QByteArray(good).replace("b5c644beabd7cf06bdd9065cfd674c97", "b5c6").prepend("{\"models\":[").append("]}") << QStringLiteral("32 hex");
        QTest::newRow("unknown preprocessing") << QByteArray(good).replace("\"caffe\"", "\"yuv\"").prepend("{\"models\":[").append("]}") << QStringLiteral("yuv");
        QTest::newRow("duplicate id") << QByteArray(good).prepend("{\"models\":[").append(",").append(good).append("]}") << QStringLiteral("twice");
        // Found by fuzz_catalogue (docs/RELIABILITY.md): a fractional size became 0 bytes, and a size beyond
        // qint64 was converted with undefined behaviour.
        const auto sized = [&](const char* field) {
            return QByteArray(good).replace("\"file_name\"", QByteArray("\"") + field + "\":0.5,\"file_name\"").prepend("{\"models\":[").append("]}");
        };
        QTest::newRow("fractional size") << sized("size_bytes") << QStringLiteral("size_bytes must be a whole number of bytes");
        QTest::newRow("size beyond qint64") << QByteArray(sized("size_bytes")).replace("0.5", "1e300") << QStringLiteral("size_bytes must be a whole number");
        QTest::newRow("negative approximate size") << QByteArray(sized("approx_size_bytes")).replace("0.5", "-5") << QStringLiteral("approx_size_bytes must be a whole number");
        QTest::newRow("size as text") << QByteArray(sized("size_bytes")).replace("0.5", "\"12\"") << QStringLiteral("size_bytes must be a whole number");
    }
    void brokenCataloguesAreRefused() {
        QFETCH(QByteArray, json);
        QFETCH(QString, mentions);
        try {
            models::parse_catalogue(json, QStringLiteral("test.json"));
            QFAIL("a broken catalogue was accepted");
        } catch (const models::CatalogueError& e) {
            QVERIFY2(QString::fromStdString(e.what()).contains(mentions), e.what());
        }
    }

    void fullDownloadInstallsOnlyTheConvolutions() {
        const auto entry = entryFor(QStringLiteral("vgg19-torchvision"), QStringLiteral("/timm/model.safetensors"), m_weights);
        const QString part = models::download_part_path(entry);
        models::ModelDownloader downloader;
        const auto outcome = download(downloader, entry, part);
        QVERIFY2(outcome.kind == QLatin1String("downloaded"), qPrintable(outcome.message));
        QCOMPARE(m_server.requests.size(), 1);
        QVERIFY(m_server.requests[0].range.isEmpty());
        QCOMPARE(outcome.maxProgress, qint64{m_weights.size()});
        QCOMPARE(read_all(part), m_weights);

        const auto model = models::install_download(entry, part, entry.urls[0], false, &downloader.digests());
        QVERIFY(!QFile::exists(part));  // the big original is gone
        QVERIFY(model.is_default);
        const auto installed = engine::SafetensorsFile::open(model.weights_path.toStdString());
        const auto source = engine::SafetensorsFile::open(file(QStringLiteral("source.safetensors")).toStdString());
        QCOMPARE(installed.entries().size(), std::size_t{32});  // no classifier
        for (const auto& spec : engine::vgg19_conv_specs()) {
            for (const auto& name : {spec.weight_name, spec.bias_name}) {
                const auto* a = installed.find(name);
                const auto* b = source.find(name);
                QVERIFY(a != nullptr);
                QCOMPARE(a->dtype, engine::TensorDtype::F32);
                QVERIFY(std::ranges::equal(installed.bytes(*a), source.bytes(*b)));
            }
        }
        QCOMPARE(installed.metadata().at("shuimo.preprocessing"), std::string("torchvision"));
        QCOMPARE(model.manifest.value(QStringLiteral("source_sha256")).toString(), entry.checksum);
        QCOMPARE(model.manifest.value(QStringLiteral("source")).toString(), entry.urls[0]);
        QVERIFY(model.manifest.value(QStringLiteral("verified_against_catalogue")).toBool());
        QVERIFY(!model.manifest.value(QStringLiteral("installed_at")).toString().isEmpty());
        QCOMPARE(QString::fromStdString(engine::find_installed_vgg19_weights()->string()), model.weights_path);
        QVERIFY(models::verify_installed(entry.id).ok);

        // Engine results with the installed model equal those with the source file, exactly.
        const auto a = stylise(model.weights_path);
        const auto b = stylise(file(QStringLiteral("source.safetensors")));
        QCOMPARE(a.width, 24);
        QVERIFY(a.pixels == b.pixels);
    }

    void keepOriginalKeepsIt() {
        auto entry = entryFor(QStringLiteral("kept"), QStringLiteral("/timm/model.safetensors"), m_weights);
        const QString part = models::download_part_path(entry);  // as a finished download leaves it
        QVERIFY(QDir().mkpath(QFileInfo(part).absolutePath()));
        QVERIFY(QFile::copy(file(QStringLiteral("source.safetensors")), part));
        const auto model = models::install_download(entry, part, entry.urls[0], true);
        QCOMPARE(read_all(QDir(model.dir).filePath(QStringLiteral("original/model.bin"))), m_weights);
        QVERIFY(!QFile::exists(part));
    }

    void serverGoneMidwayThenResumeWithRange() {
        const auto entry = entryFor(QStringLiteral("blob"), QStringLiteral("/blob.bin"), m_blob);
        const QString part = models::download_part_path(entry);
        models::ModelDownloader downloader;
        m_server.closeAfter = 1000003;
        const auto first = download(downloader, entry, part);
        QCOMPARE(first.kind, QStringLiteral("failed"));
        QVERIFY2(first.message.contains(QStringLiteral("closed the connection")) ||
                     first.message.contains(QStringLiteral("ended the transfer")),
                 qPrintable(first.message));
        QVERIFY2(first.message.contains(entry.urls[0]), qPrintable(first.message));
        QVERIFY2(first.message.contains(entry.checksum), qPrintable(first.message));
        QVERIFY2(first.message.contains(QStringLiteral("shuimo-cli models import FILE")), qPrintable(first.message));
        QVERIFY2(first.message.contains(QStringLiteral("resume")), qPrintable(first.message));
        QCOMPARE(QFileInfo(part).size(), qint64{1000003});

        m_server.closeAfter = -1;
        const auto second = download(downloader, entry, part);
        QVERIFY2(second.kind == QLatin1String("downloaded"), qPrintable(second.message));
        QCOMPARE(m_server.requests.size(), 2);
        QCOMPARE(m_server.requests[1].range, QByteArray("bytes=1000003-"));
        QCOMPARE(read_all(part), m_blob);
    }

    void cancelKeepsThePartForResume() {
        const auto entry = entryFor(QStringLiteral("blob"), QStringLiteral("/blob.bin"), m_blob);
        const QString part = models::download_part_path(entry);
        models::ModelDownloader downloader;
        m_server.stallAfter = 700000;
        const auto first = download(downloader, entry, part, 700000);
        QCOMPARE(first.kind, QStringLiteral("cancelled"));
        QCOMPARE(QFileInfo(part).size(), qint64{700000});

        m_server.stallAfter = -1;
        const auto second = download(downloader, entry, part);
        QVERIFY2(second.kind == QLatin1String("downloaded"), qPrintable(second.message));
        QCOMPARE(m_server.requests.last().range, QByteArray("bytes=700000-"));
        QCOMPARE(read_all(part), m_blob);
    }

    void stalledServerTimesOut() {
        const auto entry = entryFor(QStringLiteral("blob"), QStringLiteral("/blob.bin"), m_blob);
        models::ModelDownloader downloader;
        downloader.setStallTimeout(1);
        m_server.stallAfter = 1000;
        const auto outcome = download(downloader, entry, models::download_part_path(entry));
        QCOMPARE(outcome.kind, QStringLiteral("failed"));
        QVERIFY2(outcome.message.contains(QStringLiteral("stalled")), qPrintable(outcome.message));
    }

    void serverIgnoringRangeRestartsFromZero() {
        const auto entry = entryFor(QStringLiteral("blob"), QStringLiteral("/blob.bin"), m_blob);
        const QString part = models::download_part_path(entry);
        QDir().mkpath(QFileInfo(part).absolutePath());
        QFile stale(part);
        QVERIFY(stale.open(QIODevice::WriteOnly));
        stale.write(QByteArray(5000, 'x'));  // not a prefix of the file: appending to it would be wrong
        stale.close();
        m_server.ignoreRange = true;
        models::ModelDownloader downloader;
        const auto outcome = download(downloader, entry, part);
        QVERIFY2(outcome.kind == QLatin1String("downloaded"), qPrintable(outcome.message));
        QCOMPARE(m_server.requests[0].range, QByteArray("bytes=5000-"));  // asked for the rest, got all
        QCOMPARE(read_all(part), m_blob);
    }

    void aPartialAnswerFromTheWrongOffsetRestartsFromZero() {
        const auto entry = entryFor(QStringLiteral("blob"), QStringLiteral("/blob.bin"), m_blob);
        const QString part = models::download_part_path(entry);
        QDir().mkpath(QFileInfo(part).absolutePath());
        QFile stale(part);
        QVERIFY(stale.open(QIODevice::WriteOnly));
        stale.write(m_blob.left(4000));
        stale.close();
        m_server.wrongRangeStart = true;
        models::ModelDownloader downloader;
        const auto outcome = download(downloader, entry, part);
        QVERIFY2(outcome.kind == QLatin1String("downloaded"), qPrintable(outcome.message));
        QCOMPARE(m_server.requests.size(), 2);
        QCOMPARE(m_server.requests[0].range, QByteArray("bytes=4000-"));
        QVERIFY(m_server.requests[1].range.isEmpty());  // started again from zero
        QCOMPARE(read_all(part), m_blob);
    }

    void wrongChecksumInstallsNothing() {
        auto entry = entryFor(QStringLiteral("vgg19-torchvision"), QStringLiteral("/timm/model.safetensors"), m_weights);
        entry.checksum = QString(64, QLatin1Char('0'));
        const QString part = models::download_part_path(entry);
        models::ModelDownloader downloader;
        const auto outcome = download(downloader, entry, part);
        QCOMPARE(outcome.kind, QStringLiteral("failed"));
        QVERIFY2(outcome.message.contains(QStringLiteral("checksum")), qPrintable(outcome.message));
        QVERIFY2(outcome.message.contains(entry.checksum), qPrintable(outcome.message));
        QVERIFY2(outcome.message.contains(m_weightsSha256), qPrintable(outcome.message));
        QVERIFY2(outcome.message.contains(QStringLiteral("shuimo-cli models import FILE")), qPrintable(outcome.message));
        QVERIFY(!QFile::exists(part));
        QVERIFY(engine::installed_model_ids().empty());
        QVERIFY(!engine::find_installed_vgg19_weights());
        // Issue 30: the whole file is kept aside (never resumed into) for the behaviour check, which decides what is
        // offered; these generated weights have no classifier, so the checksum alone decides: still refused.
        const QString kept = models::ModelDownloader::mismatchedPathFor(part);
        QCOMPARE(downloader.mismatchedFile(), kept);
        QCOMPARE(read_all(kept), m_weights);
        QVERIFY2(outcome.message.contains(QStringLiteral("shuimo-cli models import %1").arg(kept)), qPrintable(outcome.message));
        models::Catalogue catalogue;
        catalogue.models.push_back(entry);
        QVERIFY_THROWS_EXCEPTION(models::ChecksumError, models::import_file(kept, catalogue, entry.id));
        QVERIFY_THROWS_EXCEPTION(models::ChecksumError, models::import_file(kept, catalogue, entry.id, true));
        QVERIFY(engine::installed_model_ids().empty());
        QFile::remove(kept);
        // And the installer refuses it too, should anyone call it with the wrong file.
        QFile::copy(file(QStringLiteral("source.safetensors")), file(QStringLiteral("copy.safetensors")));
        QVERIFY_THROWS_EXCEPTION(models::ChecksumError,
                                 models::install_download(entry, file(QStringLiteral("copy.safetensors")), {}, false));
        QVERIFY(engine::installed_model_ids().empty());
    }

    void notFoundAndRefusedAreClearErrors_data() {
        QTest::addColumn<QString>("url");
        QTest::addColumn<QString>("mentions");
        QTest::newRow("404") << m_server.url(QStringLiteral("/missing.bin")) << QStringLiteral("404");
        QTcpServer closed;
        QVERIFY(closed.listen(QHostAddress::LocalHost, 0));
        const QString refused = QStringLiteral("http://127.0.0.1:%1/f").arg(closed.serverPort());
        closed.close();
        QTest::newRow("connection refused") << refused << QStringLiteral("refused");
        QTest::newRow("unknown host") << QStringLiteral("http://no-such-host.invalid/f") << QStringLiteral("resolve");
    }
    void notFoundAndRefusedAreClearErrors() {
        QFETCH(QString, url);
        QFETCH(QString, mentions);
        auto entry = entryFor(QStringLiteral("blob"), QStringLiteral("/blob.bin"), m_blob);
        entry.urls = {url};
        models::ModelDownloader downloader;
        const auto outcome = download(downloader, entry, models::download_part_path(entry));
        QCOMPARE(outcome.kind, QStringLiteral("failed"));
        QVERIFY2(outcome.message.contains(mentions), qPrintable(outcome.message));
        QVERIFY2(outcome.message.contains(url), qPrintable(outcome.message));
        QVERIFY2(outcome.message.contains(entry.checksum), qPrintable(outcome.message));
        QVERIFY2(outcome.message.contains(QStringLiteral("shuimo-cli models import FILE")), qPrintable(outcome.message));
        QVERIFY(engine::installed_model_ids().empty());
    }

    void aMirrorIsTriedWhenTheFirstUrlFails() {
        auto entry = entryFor(QStringLiteral("blob"), QStringLiteral("/blob.bin"), m_blob);
        entry.urls.prepend(m_server.url(QStringLiteral("/gone.bin")));
        models::ModelDownloader downloader;
        const auto outcome = download(downloader, entry, models::download_part_path(entry));
        QVERIFY2(outcome.kind == QLatin1String("downloaded"), qPrintable(outcome.message));
        QCOMPARE(m_server.requests.size(), 2);
        QCOMPARE(m_server.requests[1].path, QByteArray("/blob.bin"));
    }

    void importOfALocalFile_data() {
        QTest::addColumn<QString>("name");
        QTest::addColumn<bool>("inCatalogue");
        QTest::addColumn<QString>("expectedId");  // empty: refused
        QTest::newRow("matches the catalogue") << QString() << true << QStringLiteral("vgg19-torchvision");
        QTest::newRow("unknown file, no name") << QString() << false << QString();
        QTest::newRow("unknown file, named") << QStringLiteral("my-vgg") << false << QStringLiteral("my-vgg");
        QTest::newRow("unknown file under a catalogue id") << QStringLiteral("vgg19-torchvision") << false << QString();
    }
    void importOfALocalFile() {
        QFETCH(QString, name);
        QFETCH(bool, inCatalogue);
        QFETCH(QString, expectedId);
        models::Catalogue catalogue;
        auto entry = entryFor(QStringLiteral("vgg19-torchvision"), QStringLiteral("/timm/model.safetensors"), m_weights);
        if (!inCatalogue) entry.checksum = QString(64, QLatin1Char('1'));
        catalogue.models.push_back(entry);
        const QString source = file(QStringLiteral("source.safetensors"));
        if (expectedId.isEmpty()) {
            QVERIFY_THROWS_EXCEPTION(models::ChecksumError, models::import_file(source, catalogue, name));
            QVERIFY(engine::installed_model_ids().empty());
            return;
        }
        const auto result = models::import_file(source, catalogue, name);
        QCOMPARE(result.model.id, expectedId);
        QCOMPARE(result.warning.isEmpty(), inCatalogue);
        QCOMPARE(result.model.manifest.value(QStringLiteral("verified_against_catalogue")).toBool(), inCatalogue);
        QVERIFY(QFile::exists(source));  // an import never deletes the user's file
        QVERIFY(models::verify_installed(expectedId).ok);
        const auto installed = engine::SafetensorsFile::open(result.model.weights_path.toStdString());
        const auto original = engine::SafetensorsFile::open(source.toStdString());
        QCOMPARE(installed.entries().size(), std::size_t{32});
        for (const auto& tensor : installed.entries())
            QVERIFY(std::ranges::equal(installed.bytes(tensor), original.bytes(*original.find(tensor.name))));
    }

    void caffemodelIsReadThroughOpenCv_data() {
        QTest::addColumn<bool>("legacyDims");
        QTest::newRow("blob shape") << false;
        QTest::newRow("legacy num/channels/height/width") << true;
    }
    void caffemodelIsReadThroughOpenCv() {
        QFETCH(bool, legacyDims);
        const auto tensors = tensors_of(file(QStringLiteral("source.safetensors")));
        const QByteArray caffemodel = caffemodel_of(tensors, legacyDims);
        const QString path = file(QStringLiteral("VGG_ILSVRC_19_layers.caffemodel"));
        QFile out(path);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(caffemodel);
        out.close();

        models::Catalogue catalogue;
        models::CatalogueEntry entry = entryFor(QStringLiteral("vgg19-caffe"), QStringLiteral("/none"), caffemodel);
        entry.format = QString::fromLatin1(models::kFormatCaffemodel);
        entry.checksum_algorithm = QStringLiteral("md5");
        entry.checksum = md5_of(caffemodel);
        entry.preprocessing = QString::fromLatin1(models::kPreprocessingCaffe);
        catalogue.models.push_back(entry);

        const auto result = models::import_file(path, catalogue);
        QCOMPARE(result.model.id, QStringLiteral("vgg19-caffe"));
        QVERIFY(result.warning.isEmpty());
        const auto installed = engine::SafetensorsFile::open(result.model.weights_path.toStdString());
        QCOMPARE(installed.entries().size(), std::size_t{32});
        QCOMPARE(installed.metadata().at("shuimo.preprocessing"), std::string("caffe"));
        for (const auto& tensor : tensors) {  // every blob in its layer, bit for bit, in the shape of the table
            const auto* entry_read = installed.find(tensor.name);
            QVERIFY2(entry_read != nullptr, tensor.name.c_str());
            QVERIFY(entry_read->shape == tensor.shape);
            QVERIFY2(std::ranges::equal(installed.bytes(*entry_read), tensor.data), tensor.name.c_str());
        }
        if (legacyDims) return;  // the engine part below does not depend on how the blobs were dimensioned

        // The engine with the imported model equals the engine with the same tensors written directly
        // with caffe preprocessing, and differs from the same tensors read with torchvision's.
        const QString direct = file(QStringLiteral("caffe-direct.safetensors"));
        engine::write_safetensors(direct.toStdString(), tensors, {{"shuimo.preprocessing", "caffe"}});
        const QString as_torchvision = file(QStringLiteral("caffe-as-tv.safetensors"));
        engine::write_safetensors(as_torchvision.toStdString(), tensors);
        const auto imported = stylise(result.model.weights_path);
        QVERIFY(imported.pixels == stylise(direct).pixels);
        QVERIFY(imported.pixels != stylise(as_torchvision).pixels);
    }

    void damagedCaffemodelIsAClearError() {
        const QString path = file(QStringLiteral("broken.caffemodel"));
        QFile out(path);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(caffemodel_of(tensors_of(file(QStringLiteral("source.safetensors")))).left(4000000));
        out.close();
        models::Catalogue catalogue;
        try {
            models::import_file(path, catalogue, QStringLiteral("broken"));
            QFAIL("a truncated caffemodel was installed");
        } catch (const models::ConversionError& e) {
            QVERIFY2(QString::fromStdString(e.what()).contains(path), e.what());
        }
        QVERIFY(engine::installed_model_ids().empty());
    }

    void verifyRemoveAndDefault() {
        models::Catalogue catalogue;
        catalogue.models.push_back(entryFor(QStringLiteral("vgg19-torchvision"), QStringLiteral("/x"), m_weights));
        const QString source = file(QStringLiteral("source.safetensors"));
        const auto second = models::import_file(source, catalogue, QStringLiteral("another"));
        QVERIFY(second.model.is_default);  // the first installed becomes the default
        const auto first = models::import_file(source, catalogue);
        QCOMPARE(first.model.id, QStringLiteral("vgg19-torchvision"));
        QVERIFY(!first.model.is_default);
        QCOMPARE(engine::default_model_id().value_or(""), std::string("another"));
        models::set_default_model(QStringLiteral("vgg19-torchvision"));
        QCOMPARE(engine::default_model_id().value_or(""), std::string("vgg19-torchvision"));
        QCOMPARE(QString::fromStdString(engine::find_installed_vgg19_weights()->string()), first.model.weights_path);

        // SHUIMO_MODEL_DIR still comes first.
        qputenv("SHUIMO_MODEL_DIR", QFileInfo(source).absolutePath().toUtf8());
        QFile::copy(source, file(QStringLiteral("vgg19.safetensors")));
        QCOMPARE(QString::fromStdString(engine::find_installed_vgg19_weights()->string()), file(QStringLiteral("vgg19.safetensors")));
        qunsetenv("SHUIMO_MODEL_DIR");
        QFile::remove(file(QStringLiteral("vgg19.safetensors")));

        // A damaged install is found by verify.
        {
            QFile weights(first.model.weights_path);
            QVERIFY(weights.open(QIODevice::ReadWrite));
            weights.seek(weights.size() - 3);
            const char flipped = static_cast<char>(weights.peek(1).at(0) ^ 0x40);
            weights.write(&flipped, 1);
        }
        const auto verdict = models::verify_installed(QStringLiteral("vgg19-torchvision"));
        QVERIFY(!verdict.ok);
        QVERIFY2(verdict.message.contains(QStringLiteral("install the model again")), qPrintable(verdict.message));
        QVERIFY(models::verify_installed(QStringLiteral("another")).ok);

        // Removing the default moves the default to what is left.
        models::remove_installed(QStringLiteral("vgg19-torchvision"), catalogue);
        QVERIFY(!QFileInfo::exists(first.model.dir));
        QCOMPARE(engine::default_model_id().value_or(""), std::string("another"));
        QVERIFY_THROWS_EXCEPTION(models::ModelStoreError, models::remove_installed(QStringLiteral("vgg19-torchvision"), catalogue));
        models::remove_installed(QStringLiteral("another"), catalogue);
        QVERIFY(!engine::default_model_id());
        QVERIFY(!engine::find_installed_vgg19_weights());
    }

    void deployPrototxtNamesEveryConvolution() {
        const auto text = QString::fromStdString(models::vgg19_caffe_deploy_prototxt());
        for (const auto& spec : engine::vgg19_conv_specs())
            QVERIFY(text.contains(QStringLiteral("name: \"%1\" type: \"Convolution\"").arg(QLatin1String(spec.layer.data(), static_cast<qsizetype>(spec.layer.size())))));
        QVERIFY(!text.contains(QStringLiteral("fc6")));
    }
};

QTEST_GUILESS_MAIN(TestModelStore)
#include "tst_model_store.moc"
