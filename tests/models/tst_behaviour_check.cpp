// The behaviour check of weights (model_store/behaviour_check.h): a file whose whole VGG-19 names
// the built-in test photos passes, whatever made it; seeded random weights fail; a file without
// classifier tensors cannot be checked this way; and the installer acts on it: a tampered catalogue
// checksum with a file that behaves is offered (never installed silently), one that does not behave is
// refused whatever its checksum, and the manifest says how the model was verified.
//
// No trained network is available here, so the "genuine" file is planted: seeded random convolutions
// and a classifier built from the photos' own pool5 features (fc6 unit i fires only for photo i, fc8
// maps it to that photo's ImageNet class), so that it truly classifies those photos and nothing else.

#include <QDebug>
#include <QDir>
#include <QFile>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <map>
#include <cstring>
#include <random>
#include <span>

#include "random_weights.h"
#include "shuimo/engine/model_paths.h"
#include "shuimo/engine/safetensors.h"
#include "shuimo/engine/vgg19_classifier.h"
#include "shuimo/image_io/image_io.h"
#include "shuimo/model_store/behaviour_check.h"
#include "shuimo/model_store/catalogue.h"
#include "shuimo/model_store/errors.h"
#include "shuimo/model_store/installer.h"
#include "test_files.h"

using namespace shuimo;

namespace {

constexpr std::int64_t kPool5 = 512 * 7 * 7;

engine::TensorToWrite f32_tensor(const std::string& name, std::vector<std::int64_t> shape, const std::vector<float>& values) {
    engine::TensorToWrite tensor{name, engine::TensorDtype::F32, std::move(shape), {}};
    tensor.data.resize(values.size() * sizeof(float));
    std::memcpy(tensor.data.data(), values.data(), tensor.data.size());
    return tensor;
}

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

}  // namespace

class TestBehaviourCheck : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    std::vector<engine::TensorToWrite> m_convs;  // seeded random convolutions (seed 21), made once
    QString file(const QString& name) const { return m_dir.filePath(name); }

    // Seeded random convolutions (seed 21) written with `classifier`, as a source file would be.
    QString writeWeights(const QString& name, std::vector<engine::TensorToWrite> classifier, const std::string& preprocessing = {}) {
        if (m_convs.empty()) m_convs = testing::random_vgg19_tensors({21, engine::TensorDtype::F32, false});
        auto tensors = m_convs;
        for (auto& t : classifier) tensors.push_back(std::move(t));
        std::map<std::string, std::string> metadata{{"format", "pt"}};
        if (!preprocessing.empty()) metadata["shuimo.preprocessing"] = preprocessing;
        const QString path = file(name);
        engine::write_safetensors(path.toStdString(), tensors, metadata);
        return path;
    }

    // The planted classifier: photo i -> classes[i]. From the photos' pool5 features F (n rows), fc6's
    // rows are the dual basis W = (F F^T)^-1 F, so that unit i reads exactly 1 on photo i and 0 on the
    // others; a bias of -1/2 keeps it silent on them. fc7 is the identity; fc8 maps unit i to classes[i].
    // Five distractor classes (0-4) get a small bias, so that a photo's top 5 are its own class, then
    // the distractors: a photo's expected class appears only if the classifier really names that photo.
    QString writePlanted(const QString& name, const std::vector<int>& classes, const std::string& layout,
                         const std::string& preprocessing = {}) {
        const QString conv_only = writeWeights(name + QStringLiteral(".conv"), {}, preprocessing);
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
        return writeWeights(name, classifier_tensors(layout, n, w6, b6, w7, w8, b8), preprocessing);
    }

    // Seeded random fc6-fc8 (He-initialised, hidden width 64): the shape of a classifier, no training.
    QString writeRandomClassifier(const QString& name, unsigned seed) {
        std::mt19937 rng(seed);
        auto normal = [&](std::size_t count, double fan_in) {
            std::normal_distribution<float> d(0.0f, static_cast<float>(std::sqrt(2.0 / fan_in)));
            std::vector<float> v(count);
            for (auto& x : v) x = d(rng);
            return v;
        };
        const std::int64_t hidden = 64;
        return writeWeights(name, classifier_tensors("torchvision", hidden, normal(hidden * kPool5, kPool5),
                                                     normal(hidden, 1e4), normal(hidden * hidden, hidden),
                                                     normal(1000 * hidden, hidden), normal(1000, 1e4)));
    }

    std::vector<int> firstExpectedClasses() const {
        std::vector<int> classes;
        for (const auto& photo : models::verify_photo_set().photos) classes.push_back(photo.expected.front());
        return classes;
    }

    models::Catalogue catalogueFor(const QString& path, bool rightChecksum) const {
        models::CatalogueEntry entry;
        entry.id = QStringLiteral("vgg19-torchvision");
        entry.name = entry.id;
        entry.urls = {QStringLiteral("http://127.0.0.1:9/none")};
        entry.file_name = QStringLiteral("model.safetensors");
        entry.format = QString::fromLatin1(models::kFormatSafetensors);
        entry.checksum_algorithm = QStringLiteral("sha256");
        entry.checksum = rightChecksum ? models::digest_file(path, {QStringLiteral("sha256")}).sha256 : QString(64, QLatin1Char('1'));
        entry.preprocessing = QString::fromLatin1(models::kPreprocessingTorchvision);
        models::Catalogue catalogue;
        catalogue.models.push_back(entry);
        return catalogue;
    }

private Q_SLOTS:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        qputenv("XDG_DATA_HOME", file(QStringLiteral("data")).toUtf8());
        qunsetenv("SHUIMO_MODEL_DIR");
        QCOMPARE(verify_photos().size(), std::size_t{3});
        QCOMPARE(models::verify_photo_set().required, 2);
    }
    void init() { QDir(file(QStringLiteral("data"))).removeRecursively(); }

    // What each kind of file comes to. "planted, photos swapped" names every photo, but as another
    // photo's class: a check that only looked for the classes anywhere in the answers would pass it.
    void outcomes_data() {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<int>("outcome");  // BehaviourCheck::Outcome
        QTest::addColumn<int>("recognised");
        QTest::newRow("planted, torchvision names") << QStringLiteral("planted") << int(models::BehaviourCheck::Outcome::Passed) << 3;
        QTest::newRow("planted, timm names (conv fc6/fc7)") << QStringLiteral("planted-timm") << int(models::BehaviourCheck::Outcome::Passed) << 3;
        QTest::newRow("planted, caffe preprocessing") << QStringLiteral("planted-caffe") << int(models::BehaviourCheck::Outcome::Passed) << 3;
        QTest::newRow("planted, photos swapped") << QStringLiteral("swapped") << int(models::BehaviourCheck::Outcome::Failed) << 0;
        QTest::newRow("seeded random classifier") << QStringLiteral("random") << int(models::BehaviourCheck::Outcome::Failed) << -1;
        QTest::newRow("no classifier tensors") << QStringLiteral("none") << int(models::BehaviourCheck::Outcome::NotCheckable) << 0;
    }
    void outcomes() {
        QFETCH(QString, kind);
        QFETCH(int, outcome);
        QFETCH(int, recognised);
        std::vector<int> classes = firstExpectedClasses();
        QString path;
        QString preprocessing;
        if (kind == QLatin1String("planted")) path = writePlanted(kind, classes, "torchvision");
        if (kind == QLatin1String("planted-timm")) path = writePlanted(kind, classes, "timm");
        if (kind == QLatin1String("planted-caffe")) {
            path = writePlanted(kind, classes, "torchvision", "caffe");
            preprocessing = QStringLiteral("caffe");
        }
        if (kind == QLatin1String("swapped")) {
            std::rotate(classes.begin(), classes.begin() + 1, classes.end());
            path = writePlanted(kind, classes, "torchvision");
        }
        if (kind == QLatin1String("random")) path = writeRandomClassifier(kind, 5);
        if (kind == QLatin1String("none")) path = writeWeights(kind, {});
        const auto check = models::check_behaviour(path, preprocessing);
        QCOMPARE(int(check.outcome), outcome);
        if (recognised >= 0) QCOMPARE(check.recognised, recognised);
        if (check.outcome == models::BehaviourCheck::Outcome::NotCheckable) {
            QVERIFY2(check.summary().contains(QStringLiteral("cannot be checked this way")), qPrintable(check.summary()));
        } else {
            QCOMPARE(check.verdicts.size(), std::size_t{3});
            for (const auto& v : check.verdicts) QCOMPARE(v.top5.size(), 5);
        }
        // The record in a manifest reads back the same.
        const auto again = models::BehaviourCheck::from_json(check.to_json());
        QCOMPARE(int(again.outcome), outcome);
        QCOMPARE(again.summary(), check.summary());
    }

    // Random classifiers never come close: none of four more seeds names 2 of the 3 photos.
    void randomClassifiersFail() {
        for (unsigned seed = 100; seed < 104; ++seed) {
            const QString path = writeRandomClassifier(QStringLiteral("random-%1").arg(seed), seed);
            const auto check = models::check_behaviour(path, {});
            QVERIFY2(!check.passed(), qPrintable(QStringLiteral("seed %1: %2\n%3").arg(seed).arg(check.summary(), check.details())));
            QFile::remove(path);
        }
    }

    // The first start's dead end, opened: the catalogue's checksum is wrong (or the file re-uploaded), the file
    // behaves. Offered, not installed; installed when accepted, the manifest saying exactly that.
    void checksumMismatchWithGoodBehaviourIsOffered() {
        const QString path = writePlanted(QStringLiteral("genuine"), firstExpectedClasses(), "torchvision");
        const auto catalogue = catalogueFor(path, false);
        try {
            models::import_file(path, catalogue);
            QFAIL("a file whose checksum differs was installed without being accepted");
        } catch (const models::ChecksumMismatchOffer& offer) {
            const QString message = QString::fromStdString(offer.what());
            qInfo().noquote() << "offered:" << message;
            QVERIFY2(message.contains(QStringLiteral("recognises 3 of 3 test photos")) &&
                         message.contains(QStringLiteral("--accept-checksum-mismatch")),
                     qPrintable(message));
            QCOMPARE(QString::fromStdString(offer.offered_id()), QStringLiteral("vgg19-torchvision"));
        }
        QVERIFY(engine::installed_model_ids().empty());
        const auto result = models::import_file(path, catalogue, {}, true);
        QCOMPARE(result.model.id, QStringLiteral("vgg19-torchvision"));
        QVERIFY(!result.warning.isEmpty());
        QCOMPARE(result.model.manifest.value(QStringLiteral("verified_against_catalogue")).toBool(), false);
        QCOMPARE(result.model.manifest.value(QStringLiteral("checksum_mismatch_accepted")).toBool(), true);
        const QString summary = models::verification_summary(result.model.manifest);
        QVERIFY2(summary.contains(QStringLiteral("accepted on behaviour")) && summary.contains(QStringLiteral("recognises 3 of 3")),
                 qPrintable(summary));
        const auto verify = models::verify_installed(result.model.id);
        QVERIFY2(verify.ok && verify.message.contains(QStringLiteral("recognises 3 of 3")), qPrintable(verify.message));
        QVERIFY(models::installed_models_summary({}).contains(QStringLiteral("recognises 3 of 3")));
    }

    // Refused by behaviour whatever the checksum, with the classes it gave; nothing installed.
    void badBehaviourIsRefusedWhateverTheChecksum_data() {
        QTest::addColumn<bool>("rightChecksum");
        QTest::newRow("checksum as in the catalogue") << true;
        QTest::newRow("checksum differs") << false;
    }
    void badBehaviourIsRefusedWhateverTheChecksum() {
        QFETCH(bool, rightChecksum);
        const QString path = writeRandomClassifier(QStringLiteral("random-import"), 9);
        const auto catalogue = catalogueFor(path, rightChecksum);
        for (const bool accept : {false, true}) {
            try {
                models::import_file(path, catalogue, {}, accept);
                QFAIL("random weights were installed");
            } catch (const models::BehaviourError& e) {
                const QString message = QString::fromStdString(e.what());
                if (!accept) qInfo().noquote() << "refused:" << message;
                QVERIFY2(message.contains(QStringLiteral("does not behave like a trained VGG-19")) &&
                             message.contains(QStringLiteral("cat.png: top-5 ImageNet classes")) &&
                             message.contains(QStringLiteral("expected tabby")),
                         qPrintable(message));
            }
        }
        QVERIFY(engine::installed_model_ids().empty());
    }

    // A catalogue match with a file that behaves: installed, verified both ways.
    void matchingChecksumAndBehaviourIsRecorded() {
        const QString path = writePlanted(QStringLiteral("matching"), firstExpectedClasses(), "torchvision");
        const auto result = models::import_file(path, catalogueFor(path, true));
        QCOMPARE(models::verification_summary(result.model.manifest),
                 QStringLiteral("SHA-256 as in the catalogue; recognises 3 of 3 test photos"));
        const QJsonObject check = result.model.manifest.value(QStringLiteral("behaviour_check")).toObject();
        QCOMPARE(check.value(QStringLiteral("outcome")).toString(), QStringLiteral("passed"));
    }
};

QTEST_GUILESS_MAIN(TestBehaviourCheck)
#include "tst_behaviour_check.moc"
