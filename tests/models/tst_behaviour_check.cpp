// The behaviour check of weights (model_store/behaviour_check.h): a file whose whole VGG-19 names
// the built-in test photos passes, whatever made it; seeded random weights fail; a file without
// classifier tensors cannot be checked this way; and the installer acts on it: a tampered catalogue
// checksum with a file that behaves is offered (never installed silently), one that does not behave is
// refused whatever its checksum, and the manifest says how the model was verified.
//
// No trained network is available here, so the "genuine" file is planted (planted_weights.h): seeded
// random convolutions and a classifier built from the photos' own pool5 features (fc6 unit i fires only
// for photo i, fc8 maps it to that photo's ImageNet class), so that it truly classifies those photos.

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

#include "planted_weights.h"
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


class TestBehaviourCheck : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    QString file(const QString& name) const { return m_dir.filePath(name); }

    QString writeWeights(const QString& name, std::vector<engine::TensorToWrite> classifier) {
        testing::write_weights_with(file(name), std::move(classifier));
        return file(name);
    }
    QString writePlanted(const QString& name, const std::vector<int>& classes, const std::string& layout,
                         const std::string& preprocessing = {}) {
        testing::write_planted_weights(file(name), classes, layout, preprocessing);
        return file(name);
    }
    QString writeRandomClassifier(const QString& name, unsigned seed) {
        testing::write_random_classifier_weights(file(name), seed);
        return file(name);
    }
    static std::vector<int> firstExpectedClasses() { return testing::first_expected_classes(); }

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
        QCOMPARE(testing::verify_photos().size(), std::size_t{3});
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
