// `shuimo-cli models …` as a separate process against a local HTTP server
// (TestHttpServer, in this process's event loop) and a catalogue given through
// SHUIMO_CATALOGUE: list, download with a progress line, Ctrl-C then resume with
// Range, wrong checksum, import (known and unknown files), verify, remove, and
// stylize with the installed model equal to stylize with --weights.

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <cmath>

#include "process_runner.h"
#include "shared_weights.h"
#include "shuimo/image_io/image_io.h"
#include "sine_pattern.h"
#include "test_files.h"
#include "test_http_server.h"

using namespace shuimo;

using CliRun = testing::ProcessResult;
using testing::read_all;

class TestCliModels : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    TestHttpServer m_server;
    QByteArray m_weights;

    QString file(const QString& name) const { return m_dir.filePath(name); }
    QString modelsRoot() const { return file(QStringLiteral("data/shuimo/models")); }
    QString partPath() const { return modelsRoot() + QStringLiteral("/.downloads/vgg19-test/model.safetensors.part"); }

    testing::ProcessRunner m_cli{QStringLiteral(SHUIMO_CLI_PATH), [this] {
        auto env = QProcessEnvironment::systemEnvironment();
        env.remove(QStringLiteral("SHUIMO_MODEL_DIR"));
        for (const char* proxy : {"http_proxy", "HTTP_PROXY", "https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY"})
            env.remove(QLatin1String(proxy));
        env.insert(QStringLiteral("XDG_DATA_HOME"), file(QStringLiteral("data")));
        env.insert(QStringLiteral("SHUIMO_CATALOGUE"), file(QStringLiteral("catalogue.json")));
        return env;
    }()};

    // The event loop runs while the CLI does, so the in-process server can answer.
    CliRun run(const QStringList& arguments) const { return m_cli.run(arguments, 120000); }

    static QStringList models(const QStringList& rest) { return QStringList{QStringLiteral("models")} + rest; }

    QJsonObject entry(const QString& id, const QString& path, const QString& sha256) const {
        return QJsonObject{{QStringLiteral("id"), id},
                           {QStringLiteral("name"), QStringLiteral("test model ") + id},
                           {QStringLiteral("licence"), QStringLiteral("test")},
                           {QStringLiteral("urls"), QJsonArray{m_server.url(path)}},
                           {QStringLiteral("file_name"), QStringLiteral("model.safetensors")},
                           {QStringLiteral("format"), QStringLiteral("safetensors")},
                           {QStringLiteral("size_bytes"), static_cast<double>(m_weights.size())},
                           {QStringLiteral("checksum"), QJsonObject{{QStringLiteral("algorithm"), QStringLiteral("sha256")},
                                                                    {QStringLiteral("value"), sha256}}},
                           {QStringLiteral("preprocessing"), QStringLiteral("torchvision")}};
    }

private Q_SLOTS:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        QVERIFY(m_server.listen());
        QVERIFY(QFile::copy(testing::sharedWeightsPath(), file(QStringLiteral("weights.safetensors"))));
        m_weights = read_all(file(QStringLiteral("weights.safetensors")));
        m_server.serve("/vgg19.safetensors", m_weights);
        const QString sha = QString::fromLatin1(QCryptographicHash::hash(m_weights, QCryptographicHash::Sha256).toHex());
        const QJsonObject catalogue{{QStringLiteral("models"),
                                     QJsonArray{entry(QStringLiteral("vgg19-test"), QStringLiteral("/vgg19.safetensors"), sha),
                                                entry(QStringLiteral("vgg19-bad"), QStringLiteral("/vgg19.safetensors"), QString(64, QLatin1Char('a')))}}};
        QFile out(file(QStringLiteral("catalogue.json")));
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(QJsonDocument(catalogue).toJson());
        out.close();
        image_io::write_image(file(QStringLiteral("content.png")).toStdString(), testing::sine_pattern(32, 28, 0.0));
        image_io::write_image(file(QStringLiteral("style.png")).toStdString(), testing::sine_pattern(30, 30, 1.9));
    }

    void init() {
        QDir(file(QStringLiteral("data"))).removeRecursively();
        m_server.requests.clear();
        m_server.stallAfter = -1;
    }

    void listShowsTheCatalogue() {
        const auto result = run(models({QStringLiteral("list")}));
        QCOMPARE(result.exit_code, 0);
        QVERIFY2(result.out.contains("vgg19-test") && result.out.contains("vgg19-bad"), result.out.constData());
        QVERIFY(result.out.contains("not installed"));
        QVERIFY(result.out.contains("no model installed"));
    }

    void downloadShowsProgressAndInstalls() {
        const auto result = run(models({QStringLiteral("download"), QStringLiteral("vgg19-test")}));
        QVERIFY2(result.exit_code == 0, result.err.constData());
        QVERIFY2(result.err.contains("MB/s") && result.err.contains("ETA"), result.err.constData());
        QVERIFY2(result.err.contains("installed vgg19-test"), result.err.constData());
        QVERIFY(!QFile::exists(partPath()));
        QVERIFY(QFile::exists(modelsRoot() + QStringLiteral("/vgg19-test/vgg19.safetensors")));
        QVERIFY(QFile::exists(modelsRoot() + QStringLiteral("/vgg19-test/manifest.json")));
        const auto list = run(models({QStringLiteral("list")}));
        QVERIFY2(list.out.contains("* vgg19-test"), list.out.constData());
        // How it was verified (issue 30): the generated weights carry no classifier, so the checksum alone.
        QVERIFY2(list.out.contains("verified: SHA-256 as in the catalogue; not checked by behaviour: the file has no "
                                   "classifier tensors (fc6-fc8), so it cannot be checked this way"),
                 list.out.constData());
        const auto verify = run(models({QStringLiteral("verify")}));
        QVERIFY2(verify.exit_code == 0, verify.err.constData());
        QVERIFY(verify.out.contains("vgg19-test: OK"));
        QVERIFY2(verify.out.contains("not checked by behaviour"), verify.out.constData());
    }

    void ctrlCKeepsThePartAndTheNextRunResumes() {
        m_server.stallAfter = 2000000;
        QProcess process;
        m_cli.start(process, models({QStringLiteral("download"), QStringLiteral("vgg19-test")}));
        QTRY_COMPARE_WITH_TIMEOUT(QFileInfo(partPath()).size(), qint64{2000000}, 60000);
        ::kill(static_cast<pid_t>(process.processId()), SIGINT);
        const auto cancelled = testing::ProcessRunner::finish(process, 120000);
        QCOMPARE(cancelled.exit_code, 130);
        QVERIFY2(cancelled.err.contains("cancelled") && cancelled.err.contains("resume"), cancelled.err.constData());
        QCOMPARE(QFileInfo(partPath()).size(), qint64{2000000});
        QVERIFY(!QFile::exists(modelsRoot() + QStringLiteral("/vgg19-test")));

        m_server.stallAfter = -1;
        const auto resumed = run(models({QStringLiteral("download"), QStringLiteral("vgg19-test"), QStringLiteral("--keep-original")}));
        QVERIFY2(resumed.exit_code == 0, resumed.err.constData());
        QCOMPARE(m_server.requests.size(), 2);
        QVERIFY(m_server.requests[0].range.isEmpty());
        QCOMPARE(m_server.requests[1].range, QByteArray("bytes=2000000-"));
        QCOMPARE(read_all(modelsRoot() + QStringLiteral("/vgg19-test/original/model.safetensors")), m_weights);
    }

    void wrongChecksumInstallsNothing() {
        const auto result = run(models({QStringLiteral("download"), QStringLiteral("vgg19-bad")}));
        QCOMPARE(result.exit_code, 1);
        QVERIFY2(result.err.contains("checksum") && result.err.contains("nothing was installed"), result.err.constData());
        QVERIFY2(result.err.contains(QByteArray(64, 'a')), result.err.constData());
        QVERIFY2(result.err.contains("shuimo-cli models import FILE"), result.err.constData());
        QVERIFY(!QFile::exists(modelsRoot() + QStringLiteral("/vgg19-bad")));
        // Issue 30: the file was kept aside and checked by behaviour; with no classifier it cannot be, so the
        // checksum decides and the kept file is gone (the same bytes as vgg19-test's do not make it vgg19-bad).
        QVERIFY2(result.err.contains("checking what the downloaded file recognises"), result.err.constData());
        QVERIFY(QDir(modelsRoot() + QStringLiteral("/.downloads/vgg19-bad"))
                    .entryList({QStringLiteral("*.checksum-differs")}, QDir::Files)
                    .isEmpty());
    }

    void notFoundIsAClearError() {
        m_server.unserve("/vgg19.safetensors");
        const auto result = run(models({QStringLiteral("download"), QStringLiteral("vgg19-test")}));
        m_server.serve("/vgg19.safetensors", m_weights);
        QCOMPARE(result.exit_code, 1);
        QVERIFY2(result.err.contains("404"), result.err.constData());
        QVERIFY2(result.err.contains(m_server.url(QStringLiteral("/vgg19.safetensors")).toUtf8()), result.err.constData());
    }

    void importThenStylizeUsesTheInstalledModel() {
        const auto imported = run(models({QStringLiteral("import"), file(QStringLiteral("weights.safetensors"))}));
        QVERIFY2(imported.exit_code == 0, imported.err.constData());
        QVERIFY2(!imported.err.contains("warning"), imported.err.constData());
        QVERIFY(QFile::exists(file(QStringLiteral("weights.safetensors"))));  // the user's file stays

        const QStringList common{QStringLiteral("stylize"), QStringLiteral("--content"), file(QStringLiteral("content.png")),
                                 QStringLiteral("--style"), file(QStringLiteral("style.png")), QStringLiteral("--size"),
                                 QStringLiteral("32"), QStringLiteral("--iterations"), QStringLiteral("3"),
                                 QStringLiteral("--device"), QStringLiteral("cpu"), QStringLiteral("--bit-depth"), QStringLiteral("16")};
        const auto installed = run(common + QStringList{QStringLiteral("--output"), file(QStringLiteral("installed.png"))});
        QVERIFY2(installed.exit_code == 0, installed.err.constData());
        const auto direct = run(common + QStringList{QStringLiteral("--output"), file(QStringLiteral("direct.png")),
                                                     QStringLiteral("--weights"), file(QStringLiteral("weights.safetensors"))});
        QVERIFY2(direct.exit_code == 0, direct.err.constData());
        const auto a = image_io::read_image(file(QStringLiteral("installed.png")).toStdString());
        const auto b = image_io::read_image(file(QStringLiteral("direct.png")).toStdString());
        QCOMPARE(a.rgb.width, 32);
        QVERIFY(a.rgb.pixels == b.rgb.pixels);
    }

    void unknownFileNeedsAName() {
        QFile::copy(file(QStringLiteral("weights.safetensors")), file(QStringLiteral("other.safetensors")));
        {
            QFile other(file(QStringLiteral("other.safetensors")));
            QVERIFY(other.open(QIODevice::ReadWrite));
            other.seek(other.size() - 1);
            other.write("\x01", 1);  // a different file (the last byte belongs to the last bias, never used here)
        }
        const auto refused = run(models({QStringLiteral("import"), file(QStringLiteral("other.safetensors"))}));
        QCOMPARE(refused.exit_code, 1);
        QVERIFY2(refused.err.contains("--name"), refused.err.constData());
        const auto named = run(models({QStringLiteral("import"), file(QStringLiteral("other.safetensors")), QStringLiteral("--name"),
                                       QStringLiteral("mine")}));
        QVERIFY2(named.exit_code == 0, named.err.constData());
        QVERIFY2(named.err.contains("warning") && named.err.contains("unverified"), named.err.constData());
        const auto list = run(models({QStringLiteral("list")}));
        QVERIFY2(list.out.contains("mine") && list.out.contains("unverified"), list.out.constData());
        QVERIFY2(list.out.contains("verified: not in the catalogue (unverified import)"), list.out.constData());
    }

    void verifyFindsDamageAndRemoveRemoves() {
        QVERIFY(run(models({QStringLiteral("import"), file(QStringLiteral("weights.safetensors"))})).exit_code == 0);
        {
            QFile weights(modelsRoot() + QStringLiteral("/vgg19-test/vgg19.safetensors"));
            QVERIFY(weights.open(QIODevice::ReadWrite));
            weights.seek(weights.size() / 2);
            weights.write("\x7f\x7f\x7f\x7f", 4);
        }
        const auto verify = run(models({QStringLiteral("verify"), QStringLiteral("vgg19-test")}));
        QCOMPARE(verify.exit_code, 1);
        QVERIFY2(verify.err.contains("install the model again"), verify.err.constData());
        QCOMPARE(run(models({QStringLiteral("remove"), QStringLiteral("vgg19-test")})).exit_code, 0);
        QVERIFY(!QFile::exists(modelsRoot() + QStringLiteral("/vgg19-test")));
        QCOMPARE(run(models({QStringLiteral("remove"), QStringLiteral("vgg19-test")})).exit_code, 1);
    }

    void usageErrors_data() {
        QTest::addColumn<QStringList>("arguments");
        QTest::newRow("unknown command") << QStringList{QStringLiteral("frobnicate")};
        QTest::newRow("download without a name") << QStringList{QStringLiteral("download")};
        QTest::newRow("--name outside import") << QStringList{QStringLiteral("list"), QStringLiteral("--name"), QStringLiteral("x")};
    }
    void usageErrors() {
        QFETCH(QStringList, arguments);
        const auto result = run(models(arguments));
        QCOMPARE(result.exit_code, 2);
        QVERIFY(result.err.startsWith("shuimo-cli: error:"));
    }

    void unknownNameListsTheKnownOnes() {
        const auto result = run(models({QStringLiteral("download"), QStringLiteral("vgg16")}));
        QCOMPARE(result.exit_code, 1);
        QVERIFY2(result.err.contains("vgg19-test"), result.err.constData());
    }
};

QTEST_GUILESS_MAIN(TestCliModels)
#include "tst_cli_models.moc"
