// The small helpers shared by the CLI, batch and the GUI (engine/system_helpers.h,
// image_io/image_formats.h): each was written two or more times before, and two
// copies of the device parser disagreed on "cuda: 1".

#include <QTemporaryDir>
#include <QtTest>

#include <fstream>

#include <sched.h>

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

    // OMP_NUM_THREADS wins (the Slurm script sets it); else the CPUs the process may run on, here
    // narrowed to one with sched_setaffinity, as taskset or a cpuset would.
    void cpuThreadsFollowOmpAndAffinity() {
        const QByteArray saved = qgetenv("OMP_NUM_THREADS");
        qputenv("OMP_NUM_THREADS", "3");
        QCOMPARE(engine::cpu_threads_to_use(), 3);
        qputenv("OMP_NUM_THREADS", "5,1");
        QCOMPARE(engine::cpu_threads_to_use(), 5);
        cpu_set_t all;
        QCOMPARE(::sched_getaffinity(0, sizeof all, &all), 0);
        cpu_set_t one;
        CPU_ZERO(&one);
        for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu)
            if (CPU_ISSET(cpu, &all)) {
                CPU_SET(cpu, &one);
                break;
            }
        QCOMPARE(::sched_setaffinity(0, sizeof one, &one), 0);
        qputenv("OMP_NUM_THREADS", "none");  // not a number: ignored
        const int narrowed = engine::cpu_threads_to_use();
        qunsetenv("OMP_NUM_THREADS");
        const int unset = engine::cpu_threads_to_use();
        QCOMPARE(::sched_setaffinity(0, sizeof all, &all), 0);
        if (!saved.isNull()) qputenv("OMP_NUM_THREADS", saved);
        QCOMPARE(narrowed, 1);
        QCOMPARE(unset, 1);
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
