// Weights installed, then damaged on disk (a flipped byte in the tensor data, a
// zeroed block, truncation, bytes appended): the engine refuses them before use and
// says how to repair; `models verify` reports the damage; the CLI writes nothing.

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <opencv2/core.hpp>
#include <opencv2/imgcodecs.hpp>

#include <chrono>
#include <filesystem>

#include "cli_options.h"
#include "shared_weights.h"
#include "shuimo/engine/errors.h"
#include "shuimo/engine/progress.h"
#include "shuimo/engine/safetensors.h"
#include "shuimo/engine/style_engine.h"
#include "shuimo/model_store/catalogue.h"
#include "shuimo/model_store/installer.h"
#include "stylize_command.h"
#include "test_files.h"

using namespace shuimo;

namespace {

const QString kModelId = QStringLiteral("vgg19-test");

using testing::read_all;
using testing::write_all;

qsizetype data_start(const QByteArray& safetensors) {
    quint64 header = 0;
    for (int i = 7; i >= 0; --i) header = header << 8 | static_cast<unsigned char>(safetensors[i]);
    return static_cast<qsizetype>(8 + header);
}

}  // namespace

class TestCorruptWeights : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_weights;   // the installed file
    QByteArray m_pristine;

private Q_SLOTS:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        qputenv("XDG_DATA_HOME", m_dir.filePath(QStringLiteral("data")).toUtf8());
        qunsetenv("SHUIMO_MODEL_DIR");
        const QString source = m_dir.filePath(QStringLiteral("downloaded.safetensors"));
        QVERIFY(QFile::copy(testing::sharedWeightsPath(), source));
        const auto installed = models::import_file(source, models::Catalogue{}, kModelId);
        m_weights = installed.model.weights_path;
        m_pristine = read_all(m_weights);
        QVERIFY(m_pristine.size() > 80'000'000);
        std::vector<unsigned char> png;
        cv::Mat image(20, 24, CV_8UC3, cv::Scalar(40, 120, 200));
        QVERIFY(cv::imencode(".png", image, png));
        write_all(m_dir.filePath(QStringLiteral("photo.png")), QByteArray(reinterpret_cast<const char*>(png.data()), static_cast<qsizetype>(png.size())));
    }

    void init() { write_all(m_weights, m_pristine); }  // every row starts from the file as installed

    void damagedWeightsAreRefused_data() {
        QTest::addColumn<QString>("damage");
        QTest::addColumn<QString>("message");  // empty: the file is intact and must load
        QTest::newRow("intact") << "none" << "";
        QTest::newRow("one bit flipped mid-data") << "flip-middle" << "the tensor data are damaged";
        QTest::newRow("last byte flipped") << "flip-last" << "the tensor data are damaged";
        QTest::newRow("4 KiB zeroed mid-data") << "zero-block" << "the tensor data are damaged";
        QTest::newRow("bytes appended") << "append" << "the tensor data are damaged";
        QTest::newRow("truncated by 1 KiB") << "truncate" << "the file is truncated";
        QTest::newRow("cut in half") << "half" << "the file is truncated";
    }
    void damagedWeightsAreRefused() {
        QFETCH(QString, damage);
        QFETCH(QString, message);
        QByteArray bytes = m_pristine;
        const qsizetype data = data_start(bytes);
        const qsizetype middle = data + (bytes.size() - data) / 2;
        if (damage == QLatin1String("flip-middle")) bytes[middle] = static_cast<char>(bytes[middle] ^ 0x10);
        if (damage == QLatin1String("flip-last")) bytes[bytes.size() - 1] = static_cast<char>(bytes[bytes.size() - 1] ^ 0x01);
        if (damage == QLatin1String("zero-block")) bytes.replace(middle, 4096, QByteArray(4096, '\0'));
        if (damage == QLatin1String("append")) bytes.append(QByteArray(16, 'x'));
        if (damage == QLatin1String("truncate")) bytes.chop(1024);
        if (damage == QLatin1String("half")) bytes.truncate(bytes.size() / 2);
        QVERIFY(damage == QLatin1String("none") || bytes != m_pristine);
        write_all(m_weights, bytes);

        // The engine.
        try {
            engine::StyleEngine style_engine(m_weights.toStdString());
            QVERIFY2(message.isEmpty(), "damaged weights were loaded");
        } catch (const engine::WeightsError& e) {
            const QString what = QString::fromUtf8(e.what());
            QVERIFY2(!message.isEmpty(), e.what());
            QVERIFY2(what.contains(message), e.what());
            QVERIFY2(what.contains(m_weights), "the message names the file");
            if (message.contains(QLatin1String("damaged"))) {
                QVERIFY2(what.contains(QStringLiteral("shuimo-cli models verify ") + kModelId), e.what());
                QVERIFY2(what.contains(QStringLiteral("Models dialog")), e.what());
            } else {
                QVERIFY2(what.contains(QStringLiteral("download it again")), e.what());
            }
        }

        // `shuimo-cli models verify`.
        const auto verified = models::verify_installed(kModelId);
        QCOMPARE(verified.ok, message.isEmpty());

        // The CLI's stylise with the installed model: refused, nothing written.
        const QString output = m_dir.filePath(QStringLiteral("painting.png"));
        QFile::remove(output);
        auto options = cli::parse_stylize_options({QStringLiteral("--content"), m_dir.filePath(QStringLiteral("photo.png")),
                                                   QStringLiteral("--style"), m_dir.filePath(QStringLiteral("photo.png")),
                                                   QStringLiteral("--output"), output, QStringLiteral("--iterations"),
                                                   QStringLiteral("1"), QStringLiteral("--size"), QStringLiteral("24"),
                                                   QStringLiteral("--device"), QStringLiteral("cpu")});
        engine::ProgressSink sink;
        try {
            cli::run_stylize(options, sink);
            QVERIFY2(message.isEmpty(), "stylised with damaged weights");
            QVERIFY(QFile::exists(output));
        } catch (const engine::WeightsError& e) {
            QVERIFY2(QString::fromUtf8(e.what()).contains(message), e.what());
            QVERIFY(!message.isEmpty());
            QVERIFY(!QFile::exists(output));
        }
    }

    // A file without a recorded checksum (written by other tools) still loads: the check is opt-in by the writer.
    void filesWithoutAChecksumStillLoad() {
        const engine::SafetensorsFile installed = engine::SafetensorsFile::open(m_weights.toStdString());
        QVERIFY(installed.has_data_checksum());
        std::vector<engine::TensorToWrite> tensors;
        for (const auto& entry : installed.entries()) {
            const auto bytes = installed.bytes(entry);
            tensors.push_back({entry.name, entry.dtype, entry.shape, {bytes.begin(), bytes.end()}});
        }
        const QString plain = m_dir.filePath(QStringLiteral("plain.safetensors"));
        engine::write_safetensors(plain.toStdString(), tensors);
        // Drop the checksum the writer adds by rewriting the metadata key's name in place (same length).
        QByteArray bytes = read_all(plain);
        const qsizetype at = bytes.indexOf(engine::kDataChecksumKey);
        QVERIFY(at > 0);
        bytes[at] = 'X';
        const qsizetype middle = data_start(bytes) + (bytes.size() - data_start(bytes)) / 2;
        bytes[middle] = static_cast<char>(bytes[middle] ^ 0x10);  // undetectable without a checksum, and loads
        write_all(plain, bytes);
        const auto reopened = engine::SafetensorsFile::open(plain.toStdString());
        QVERIFY(!reopened.has_data_checksum());
        reopened.verify_data_checksum();
        engine::StyleEngine style_engine(plain.toStdString());
    }

    // The check reads the whole data section once per engine load: cheap next to loading it into torch.
    void checkIsCheap() {
        const auto file = engine::SafetensorsFile::open(m_weights.toStdString());
        const auto start = std::chrono::steady_clock::now();
        file.verify_data_checksum();
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        qInfo("CRC-32 of %lld MB of weights: %.3f s", static_cast<long long>(m_pristine.size() / 1000000), seconds);
        QVERIFY2(seconds < 2.0, "far slower than expected (about 0.05 s on 2 cores)");
    }
};

QTEST_GUILESS_MAIN(TestCorruptWeights)
#include "tst_corrupt_weights.moc"
