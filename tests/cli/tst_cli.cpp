// shuimo-cli end to end, as a separate process, on tiny generated images and
// generated weights: JSON progress, outputs, errors, cancellation.

#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>

#include "process_runner.h"
#include "shared_weights.h"
#include "shuimo/engine/style_params.h"
#include "shuimo/image_io/image_io.h"
#include "sine_pattern.h"

using namespace shuimo;
using testing::sine_pattern;

class TestCli : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    testing::ProcessRunner m_cli{QStringLiteral(SHUIMO_CLI_PATH), testing::isolatedEnvironment(m_dir.path())};
    QString file(const QString& name) const { return m_dir.filePath(name); }

    testing::ProcessResult run(const QStringList& arguments) const { return m_cli.run(arguments, 120000); }

    QStringList baseArguments(const QString& output) const {
        return {QStringLiteral("stylize"), QStringLiteral("--content"), file(QStringLiteral("内容.png")),
                QStringLiteral("--style"), file(QStringLiteral("style.png")), QStringLiteral("--output"), output,
                QStringLiteral("--weights"), testing::sharedWeightsPath(), QStringLiteral("--size"),
                QStringLiteral("32"), QStringLiteral("--iterations"), QStringLiteral("4"), QStringLiteral("--device"),
                QStringLiteral("cpu")};
    }

private Q_SLOTS:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        const auto content = sine_pattern(40, 32, 0.0);
        engine::Image alpha(40, 32, 1);
        for (int y = 0; y < 32; ++y)
            for (int x = 0; x < 40; ++x) alpha.at(x, y, 0) = x < 20 ? 1.0f : 0.25f;
        image_io::write_image(file(QStringLiteral("内容.png")).toStdU32String(), content, &alpha);
        image_io::write_image(file(QStringLiteral("style.png")).toStdString(), sine_pattern(32, 32, 1.7));
        image_io::write_image(file(QStringLiteral("style2.png")).toStdString(), sine_pattern(36, 30, 2.9));
        engine::Image left(10, 8, 3), right(10, 8, 3), black(10, 8, 3);  // region masks (issue 26)
        for (int y = 0; y < 8; ++y)
            for (int x = 0; x < 10; ++x)
                for (int c = 0; c < 3; ++c) (x < 5 ? left : right).at(x, y, c) = 1.0f;
        image_io::write_image(file(QStringLiteral("left.png")).toStdString(), left);
        image_io::write_image(file(QStringLiteral("right.png")).toStdString(), right);
        QVERIFY(QFile::copy(file(QStringLiteral("left.png")), file(QStringLiteral("le:ft.png"))));
        image_io::write_image(file(QStringLiteral("black.png")).toStdString(), black);
        auto broken = QFile(testing::sharedWeightsPath());
        QVERIFY(broken.copy(file(QStringLiteral("broken.safetensors"))));
        QVERIFY(QFile::resize(file(QStringLiteral("broken.safetensors")), broken.size() / 2));
    }

    void jsonProgressReportsEveryIteration() {
        const QString output = file(QStringLiteral("结果.png"));
        QStringList arguments = baseArguments(output);
        arguments << QStringLiteral("--style") << file(QStringLiteral("style2.png")) << QStringLiteral("--style-blend")
                  << QStringLiteral("1,2") << QStringLiteral("--progress") << QStringLiteral("json")
                  << QStringLiteral("--init") << QStringLiteral("noise") << QStringLiteral("--seed") << QStringLiteral("3");
        const auto result = run(arguments);
        QVERIFY2(result.exit_code == 0, result.err.constData());

        const auto lines = result.out.trimmed().split('\n');
        QCOMPARE(lines.size(), 5);  // 4 iterations + done
        for (int i = 0; i < 4; ++i) {
            QJsonParseError error{};
            const auto object = QJsonDocument::fromJson(lines[i], &error).object();
            QCOMPARE(error.error, QJsonParseError::NoError);
            QCOMPARE(object.value(QStringLiteral("event")).toString(), QStringLiteral("iteration"));
            QCOMPARE(object.value(QStringLiteral("iteration")).toInt(), i + 1);
            QCOMPARE(object.value(QStringLiteral("scale")).toInt(), 0);
            QCOMPARE(object.value(QStringLiteral("width")).toInt(), 32);
            QCOMPARE(object.value(QStringLiteral("height")).toInt(), 26);
            for (const char* key : {"content_loss", "style_loss", "tv_loss", "total_loss", "elapsed_s"})
                QVERIFY2(object.value(QLatin1String(key)).isDouble(), key);
            QVERIFY(object.value(QStringLiteral("content_loss")).toDouble() > 0.0);  // noise init
        }
        const auto done = QJsonDocument::fromJson(lines[4]).object();
        QCOMPARE(done.value(QStringLiteral("event")).toString(), QStringLiteral("done"));
        QCOMPARE(done.value(QStringLiteral("output")).toString(), output);
        QVERIFY(done.value(QStringLiteral("seconds")).toDouble() > 0.0);

        const auto written = image_io::read_image(output.toStdU32String());
        QCOMPARE(written.rgb.width, 32);
        QCOMPARE(written.rgb.height, 26);
        QVERIFY(written.alpha.has_value());  // the content's alpha comes through, resized
        QVERIFY(written.alpha->at(2, 10, 0) > 0.95f);
        QVERIFY(std::abs(written.alpha->at(29, 10, 0) - 0.25f) < 0.02f);
    }

    void levelsAppearInTheProgress() {
        const QString output = file(QStringLiteral("levels.png"));
        QStringList arguments = baseArguments(output);
        arguments << QStringLiteral("--min-size") << QStringLiteral("16") << QStringLiteral("--level-iterations")
                  << QStringLiteral("2,3") << QStringLiteral("--style-layers") << QStringLiteral("relu1_1,relu2_1,relu3_1")
                  << QStringLiteral("--content-layers") << QStringLiteral("relu3_1") << QStringLiteral("--progress")
                  << QStringLiteral("json");
        const auto result = run(arguments);
        QVERIFY2(result.exit_code == 0, result.err.constData());
        const auto lines = result.out.trimmed().split('\n');
        QCOMPARE(lines.size(), 6);  // 2 + 3 iterations + done
        const QList<int> scales{0, 0, 1, 1, 1};
        const QList<int> widths{16, 16, 32, 32, 32};
        for (int i = 0; i < 5; ++i) {
            const auto object = QJsonDocument::fromJson(lines[i]).object();
            QCOMPARE(object.value(QStringLiteral("iteration")).toInt(), i + 1);
            QCOMPARE(object.value(QStringLiteral("scale")).toInt(), scales[i]);
            QCOMPARE(object.value(QStringLiteral("width")).toInt(), widths[i]);
        }
        QCOMPARE(image_io::read_image(output.toStdString()).rgb.width, 32);
    }

    void dryRunPrintsThePlanAndWritesNothing() {
        const QString output = file(QStringLiteral("dry.png"));
        QStringList arguments = baseArguments(output);
        arguments[arguments.indexOf(QStringLiteral("--size")) + 1] = QStringLiteral("1024");
        arguments[arguments.indexOf(QStringLiteral("--iterations")) + 1] = QStringLiteral("700");
        arguments << QStringLiteral("--min-size") << QStringLiteral("256") << QStringLiteral("--dry-run");
        const auto result = run(arguments);
        QVERIFY2(result.exit_code == 0, result.err.constData());
        const QString plan = QString::fromUtf8(result.out);
        QVERIFY2(plan.contains(QStringLiteral("output 1024x819, 4 levels, 700 evaluations")), qPrintable(plan));
        QVERIFY2(plan.contains(QStringLiteral("level 0: 128x102, 320 evaluations")), qPrintable(plan));
        QVERIFY2(plan.contains(QStringLiteral("level 3: 1024x819, 140 evaluations, ~")), qPrintable(plan));
        QVERIFY2(plan.contains(QStringLiteral("estimated peak working memory: ~")), qPrintable(plan));
        QVERIFY(!QFile::exists(output));
    }

    // Issue 24: with no --max-memory an A3 print is fitted to the memory available
    // (here said to be 6 GiB by the test variable): tiles, under the automatic budget.
    void printSizeDryRunWithNoBudgetFitsTheAvailableMemory() {
        QProcessEnvironment environment = testing::isolatedEnvironment(m_dir.path());
        environment.insert(QStringLiteral("SHUIMO_AVAILABLE_MEMORY"), QStringLiteral("6G"));
        const testing::ProcessRunner cli(QStringLiteral(SHUIMO_CLI_PATH), environment);
        QStringList arguments = baseArguments(file(QStringLiteral("a3.png")));
        arguments[arguments.indexOf(QStringLiteral("--size")) + 1] = QStringLiteral("4961");
        arguments[arguments.indexOf(QStringLiteral("--iterations")) + 1] = QStringLiteral("300");
        arguments << QStringLiteral("--dry-run");
        const auto result = cli.run(arguments, 120000);
        QVERIFY2(result.exit_code == 0, result.err.constData());
        const QString plan = QString::fromUtf8(result.out);
        QVERIFY2(plan.contains(QStringLiteral("output 4961x3969")), qPrintable(plan));
        QVERIFY2(plan.contains(QStringLiteral(" tiles")), qPrintable(plan));
        // 6144 MiB less a tenth and 512 MiB.
        QVERIFY2(plan.contains(QStringLiteral("automatic budget 5018 MiB (6144 MiB available")), qPrintable(plan));
        const QRegularExpression peak(QStringLiteral("estimated peak working memory: ~(\\d+) MiB"));
        const auto match = peak.match(plan);
        QVERIFY2(match.hasMatch(), qPrintable(plan));
        QVERIFY2(match.captured(1).toLongLong() <= 5018, qPrintable(plan));
        QVERIFY(!QFile::exists(file(QStringLiteral("a3.png"))));
    }

    // --style-loss w2 without --style-weight runs W2 at its own default weight; with one, at that.
    // The weight is read back from the first report (content init: no content term).
    void styleLossW2TakesItsOwnDefaultWeight_data() {
        QTest::addColumn<QStringList>("options");
        QTest::addColumn<double>("weight");
        QTest::newRow("w2, no weight") << QStringList{QStringLiteral("--style-loss"), QStringLiteral("w2")}
                                       << engine::default_style_weight(engine::StyleLossKind::W2);
        QTest::newRow("w2, weight given") << QStringList{QStringLiteral("--style-loss"), QStringLiteral("w2"), QStringLiteral("--style-weight"),
                                                         QStringLiteral("7")} << 7.0;
        QTest::newRow("gram") << QStringList{QStringLiteral("--style-loss"), QStringLiteral("gram")} << 1e6;
    }
    void styleLossW2TakesItsOwnDefaultWeight() {
        QFETCH(QStringList, options);
        QFETCH(double, weight);
        const auto result = run(baseArguments(file(QStringLiteral("w2.png"))) << options << QStringLiteral("--progress") << QStringLiteral("json"));
        QVERIFY2(result.exit_code == 0, result.err.constData());
        const auto first = QJsonDocument::fromJson(result.out.split('\n').first()).object();
        const double style = first.value(QStringLiteral("style_loss")).toDouble();
        QCOMPARE(first.value(QStringLiteral("content_loss")).toDouble(), 0.0);
        QVERIFY(style > 0.0);
        const double used = (first.value(QStringLiteral("total_loss")).toDouble() - first.value(QStringLiteral("tv_loss")).toDouble()) / style;
        QVERIFY2(std::abs(used / weight - 1.0) < 1e-3, qPrintable(QStringLiteral("%1 vs %2").arg(used).arg(weight)));
    }

    void plainRunWritesSixteenBitTiff() {
        const QString output = file(QStringLiteral("out16.tif"));
        const auto result = run(baseArguments(output) << QStringLiteral("--bit-depth") << QStringLiteral("16")
                                                       << QStringLiteral("--preserve-colors"));
        QVERIFY2(result.exit_code == 0, result.err.constData());
        QVERIFY(result.out.isEmpty());
        QVERIFY(result.err.contains("wrote"));
        QCOMPARE(image_io::read_image(output.toStdString()).bit_depth, 16);
    }

    // Issue 26: --region MASK:STYLE[:STRENGTH], without --style: the left half (a photo region,
    // the mask at another size than the photo, its file name holding a ':') keeps the photo to the 8-bit file's rounding, the
    // right half (a style region at strength 2) is painted.
    void regionsFromTheCommandLine() {
        const QString output = file(QStringLiteral("regions.png"));
        const QStringList arguments{
            QStringLiteral("stylize"), QStringLiteral("--content"), file(QStringLiteral("内容.png")),
            QStringLiteral("--region"), file(QStringLiteral("le:ft.png")) + QStringLiteral(":photo"),  // a ':' in the path
            QStringLiteral("--region"), file(QStringLiteral("right.png")) + QLatin1Char(':') + file(QStringLiteral("style.png")) + QStringLiteral(":2"),
            QStringLiteral("--output"), output, QStringLiteral("--weights"), testing::sharedWeightsPath(),
            QStringLiteral("--size"), QStringLiteral("40"), QStringLiteral("--iterations"), QStringLiteral("8"),
            QStringLiteral("--device"), QStringLiteral("cpu")};
        const auto result = run(arguments);
        QVERIFY2(result.exit_code == 0, result.err.constData());
        const auto content = image_io::read_image(file(QStringLiteral("内容.png")).toStdU32String()).rgb;
        const auto painted = image_io::read_image(output.toStdString()).rgb;
        QCOMPARE(painted.width, 40);
        double kept = 0.0, changed = 0.0;
        for (int y = 0; y < 32; ++y)
            for (int x = 0; x < 40; ++x)
                for (int c = 0; c < 3; ++c) {
                    const double d = std::abs(painted.at(x, y, c) - content.at(x, y, c));
                    if (x < 17) kept = std::max(kept, d);
                    if (x >= 23) changed = std::max(changed, d);
                }
        QVERIFY2(kept <= 0.5 / 255.0 + 1e-6, qPrintable(QString::number(kept)));
        QVERIFY2(changed > 0.05, qPrintable(QString::number(changed)));
    }

    // Issue 26: `shuimo-cli mask faces` writes the astronaut's face as a grey mask at the photo's size;
    // an unknown kind is a usage error; `--region faces:photo` on a picture without a face leaves the
    // region out with a notice and still paints.
    void automaticMasks() {
        const QString mask = file(QStringLiteral("faces.png"));
        const QString astronaut = QStringLiteral(SHUIMO_SOURCE_DIR "/tests/data/astronaut.png");
        auto made = run({QStringLiteral("mask"), QStringLiteral("faces"), QStringLiteral("--input"), astronaut, QStringLiteral("--output"), mask});
        QVERIFY2(made.exit_code == 0, made.err.constData());
        const auto written = image_io::read_image(mask.toStdString()).rgb;
        QCOMPARE(written.width, 256);
        double covered = 0.0;
        for (const float v : written.pixels) covered += v;
        covered /= static_cast<double>(written.pixels.size());
        QVERIFY2(covered > 0.02 && covered < 0.2, qPrintable(QString::number(covered)));
        const auto unknown = run({QStringLiteral("mask"), QStringLiteral("clouds"), QStringLiteral("--input"), astronaut,
                                  QStringLiteral("--output"), file(QStringLiteral("clouds.png"))});
        QCOMPARE(unknown.exit_code, 2);
        QVERIFY(unknown.err.contains("sky or faces"));

        const QString output = file(QStringLiteral("no-face.png"));
        const auto result = run(baseArguments(output) << QStringLiteral("--region") << QStringLiteral("faces:photo"));
        QVERIFY2(result.exit_code == 0, result.err.constData());
        QVERIFY2(result.err.contains("region 1: no faces found in"), result.err.constData());
        QVERIFY(QFile::exists(output));
    }

    void errorsAreOneClearLine_data() {
        QTest::addColumn<QStringList>("change");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("expected");
        QTest::newRow("no content") << QStringList{QStringLiteral("drop-content")} << 2 << "--content is required";
        QTest::newRow("content missing") << QStringList{QStringLiteral("--content"), QStringLiteral("@missing.png")} << 1 << "no such file";
        QTest::newRow("output is input") << QStringList{QStringLiteral("--output"), QStringLiteral("@style.png")} << 2 << "is one of the input images";
        QTest::newRow("NaN style weight") << QStringList{QStringLiteral("--style-weight"), QStringLiteral("nan")} << 2 << "style weight must be a finite number between 0 and 1e+15 (got nan)";
        QTest::newRow("zero iterations") << QStringList{QStringLiteral("--iterations"), QStringLiteral("0")} << 2 << "--iterations needs a whole number from 1";
        QTest::newRow("negative tv") << QStringList{QStringLiteral("--tv-weight"), QStringLiteral("-1")} << 2 << "TV weight must be a finite number between 0";
        QTest::newRow("unknown layer") << QStringList{QStringLiteral("--style-layers"), QStringLiteral("relu1_1,relu7_1")} << 2 << "unknown VGG-19 layer 'relu7_1'";
        QTest::newRow("blend count") << QStringList{QStringLiteral("--style-blend"), QStringLiteral("1,2")} << 2 << "--style-blend has 2 weights for 1 --style images";
        QTest::newRow("broken weights") << QStringList{QStringLiteral("--weights"), QStringLiteral("@broken.safetensors")} << 1 << "truncated";
        QTest::newRow("no weights installed") << QStringList{QStringLiteral("drop-weights")} << 1 << "no VGG-19 weights installed";
        QTest::newRow("16-bit jpeg") << QStringList{QStringLiteral("--output"), QStringLiteral("@out.jpg"), QStringLiteral("--bit-depth"), QStringLiteral("16")} << 1 << "holds only 8-bit images";
        QTest::newRow("unknown option") << QStringList{QStringLiteral("--colour"), QStringLiteral("red")} << 2 << "Unknown option";
        QTest::newRow("bad device") << QStringList{QStringLiteral("--device"), QStringLiteral("tpu")} << 1 << "unknown device 'tpu'";
        QTest::newRow("region mask missing") << QStringList{QStringLiteral("--region"), QStringLiteral("@nomask.png:photo")} << 1 << "no such file";
        QTest::newRow("region strength") << QStringList{QStringLiteral("--region"), QStringLiteral("@left.png:photo:-2")} << 2
                                         << "the strength must be a number >= 0";
        QTest::newRow("region without style") << QStringList{QStringLiteral("--region"), QStringLiteral("@left.png")} << 2
                                              << "a mask and a style are needed";
        QTest::newRow("region covers nothing") << QStringList{QStringLiteral("--region"), QStringLiteral("@black.png:paper")} << 1
                                               << "region 1: the mask covers nothing";
        QTest::newRow("bad style loss") << QStringList{QStringLiteral("--style-loss"), QStringLiteral("wasserstein")} << 2
                                        << "--style-loss needs one of gram, w2 (got 'wasserstein')";
    }
    void errorsAreOneClearLine() {
        QFETCH(QStringList, change);
        QFETCH(int, exitCode);
        QFETCH(QString, expected);
        const QString output = file(QStringLiteral("error-case.png"));
        QStringList arguments = baseArguments(output);
        auto drop = [&](const QString& option) {
            const auto at = arguments.indexOf(option);
            arguments.remove(at, 2);
        };
        if (change.first() == QLatin1String("drop-content")) drop(QStringLiteral("--content"));
        else if (change.first() == QLatin1String("drop-weights")) drop(QStringLiteral("--weights"));
        else {
            for (int i = 0; i + 1 < change.size(); i += 2) {
                QString value = change[i + 1];
                if (value.startsWith(QLatin1Char('@'))) value = file(value.mid(1));
                const auto at = arguments.indexOf(change[i]);
                if (at >= 0) arguments[at + 1] = value;
                else arguments << change[i] << value;
            }
        }
        const auto result = run(arguments);
        QCOMPARE(result.exit_code, exitCode);
        const QString err = QString::fromUtf8(result.err).trimmed();
        QVERIFY2(err.contains(expected), qPrintable(err));
        QVERIFY2(!err.contains(QLatin1Char('\n')), qPrintable(err));
        QVERIFY(err.startsWith(QStringLiteral("shuimo-cli: error: ")));
        QVERIFY(!QFile::exists(output));
        QVERIFY(!QFile::exists(file(QStringLiteral("out.jpg"))));
        QCOMPARE(QFileInfo(file(QStringLiteral("style.png"))).size() > 0, true);  // the original is untouched
    }

    void interruptCancelsAndWritesNothing() {
        const QString output = file(QStringLiteral("cancelled.png"));
        QStringList arguments = baseArguments(output);
        arguments[arguments.indexOf(QStringLiteral("--iterations")) + 1] = QStringLiteral("100000");
        arguments << QStringLiteral("--progress") << QStringLiteral("json");
        QProcess process;
        m_cli.start(process, arguments);
        QVERIFY(process.waitForStarted());
        QTRY_VERIFY_WITH_TIMEOUT(process.canReadLine() || process.state() == QProcess::NotRunning, 60000);
        QCOMPARE(process.state(), QProcess::Running);
        ::kill(static_cast<pid_t>(process.processId()), SIGINT);
        QVERIFY(process.waitForFinished(30000));
        QCOMPARE(process.exitCode(), 130);
        const auto lines = process.readAllStandardOutput().trimmed().split('\n');
        QCOMPARE(QJsonDocument::fromJson(lines.last()).object().value(QStringLiteral("event")).toString(),
                 QStringLiteral("cancelled"));
        QVERIFY(!QFile::exists(output));
    }
};

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
