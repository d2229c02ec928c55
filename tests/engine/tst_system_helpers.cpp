// The small helpers shared by the CLI, batch and the GUI (engine/system_helpers.h,
// image_io/image_formats.h): each was written two or more times before, and two
// copies of the device parser disagreed on "cuda: 1".

#include <QTemporaryDir>
#include <QtTest>

#include <fstream>

#include "shuimo/engine/errors.h"
#include "shuimo/engine/system_helpers.h"
#include "shuimo/image_io/image_formats.h"

using namespace shuimo;
using Kind = engine::DeviceSpec::Kind;

class TestSystemHelpers : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void deviceSpellings_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("kind");   // -1: refused
        QTest::addColumn<int>("index");
        QTest::addColumn<QString>("message");
        QTest::newRow("auto") << "auto" << int(Kind::Auto) << 0 << "";
        QTest::newRow("cpu") << "cpu" << int(Kind::Cpu) << 0 << "";
        QTest::newRow("cuda") << "cuda" << int(Kind::Cuda) << 0 << "";
        QTest::newRow("cuda:0") << "cuda:0" << int(Kind::Cuda) << 0 << "";
        QTest::newRow("cuda:12") << "cuda:12" << int(Kind::Cuda) << 12 << "";
        // The batch runner's copy read these with std::stoi, which skips spaces and signs;
        // the engine's refused them. Refusing is right: a typo must not pick a GPU.
        QTest::newRow("cuda: 1") << "cuda: 1" << -1 << 0 << "not of the form cuda:N";
        QTest::newRow("cuda:+1") << "cuda:+1" << -1 << 0 << "not of the form cuda:N";
        QTest::newRow("cuda:1x") << "cuda:1x" << -1 << 0 << "not of the form cuda:N";
        QTest::newRow("cuda:") << "cuda:" << -1 << 0 << "not of the form cuda:N";
        QTest::newRow("cuda:1000") << "cuda:1000" << -1 << 0 << "not of the form cuda:N";
        QTest::newRow("CPU") << "CPU" << -1 << 0 << "unknown device 'CPU'";
        QTest::newRow("gpu") << "gpu" << -1 << 0 << "use auto, cpu, cuda or cuda:N";
    }
    void deviceSpellings() {
        QFETCH(QString, text);
        QFETCH(int, kind);
        QFETCH(int, index);
        QFETCH(QString, message);
        try {
            const engine::DeviceSpec spec = engine::parse_device(text.toStdString());
            QVERIFY2(kind >= 0, "accepted");
            QCOMPARE(int(spec.kind), kind);
            QCOMPARE(spec.index, index);
        } catch (const engine::DeviceError& e) {
            QVERIFY2(kind < 0, e.what());
            QVERIFY2(QString::fromUtf8(e.what()).contains(message), e.what());
        }
    }

    void sameFile() {
        QTemporaryDir dir;
        const std::filesystem::path root = dir.path().toStdString();
        std::ofstream(root / "a.png") << "a";
        std::ofstream(root / "b.png") << "b";
        std::filesystem::create_directory(root / "sub");
        QVERIFY(engine::same_file(root / "a.png", root / "sub" / ".." / "a.png"));
        QVERIFY(!engine::same_file(root / "a.png", root / "b.png"));
        std::filesystem::create_symlink(root / "a.png", root / "link.png");
        QVERIFY(engine::same_file(root / "link.png", root / "a.png"));
        QVERIFY(engine::same_file(root / "new.png", root / "sub" / ".." / "new.png"));  // neither exists yet
        QVERIFY(!engine::same_file(root / "new.png", root / "a.png"));
    }

    void formatting() {
        QCOMPARE(engine::format_duration(0.2), std::string("1 s"));
        QCOMPARE(engine::format_duration(119.4), std::string("119 s"));
        QCOMPARE(engine::format_duration(185), std::string("3 min 5 s"));
        QCOMPARE(engine::format_duration(7800), std::string("2 h 10 min"));
        QCOMPARE(engine::format_duration(-5), std::string("1 s"));
        QCOMPARE(engine::format_mebibytes(350ull << 20), std::string("350 MiB"));
        QCOMPARE(engine::format_mebibytes((1ull << 20) / 2), std::string("1 MiB"));
    }

    void imageExtensions() {
        QVERIFY(image_io::has_readable_extension("x/photo.JPG"));
        QVERIFY(image_io::has_readable_extension("a.tiff"));
        QVERIFY(image_io::has_readable_extension("a.bmp"));
        QVERIFY(!image_io::has_readable_extension("a.gif"));
        QVERIFY(!image_io::has_readable_extension("png"));
        QCOMPARE(image_io::readable_extensions().size(), std::size_t{7});
    }
};

QTEST_GUILESS_MAIN(TestSystemHelpers)
#include "tst_system_helpers.moc"
