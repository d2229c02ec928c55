// Issue 27 as a user meets it: `shuimo-cli video` on a generated clip (a camera pan over a
// photograph with a moving square, 16 frames at 12 fps, a tone as its sound) with default-like
// flags at a tiny size: the output plays back (decoded here), with the same frame count and rate
// and the audio present and as long; killed (SIGKILL) in the middle and run again, it goes on from
// its finished frames and writes the same frames as an uninterrupted run; its work folder is gone
// when done; --independent gives every frame the first frame's budget and no flow; an audio-only
// file and a WebM that cannot hold AAC are refused before any painting.

#include <QDir>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <csignal>
#include <filesystem>

#include "process_runner.h"
#include "shared_weights.h"
#include "shuimo/image_io/image_io.h"
#include "shuimo/video_io/video_io.h"
#include "tone_file.h"

using namespace shuimo;
namespace fs = std::filesystem;

namespace {

engine::Image clip_frame(const engine::Image& photo, int i) {
    engine::Image f(96, 64, 3);
    for (int y = 0; y < 64; ++y)
        for (int x = 0; x < 96; ++x)
            for (int c = 0; c < 3; ++c) f.at(x, y, c) = photo.at(x + 3 * i, y + 40, c);
    for (int y = 20; y < 40; ++y)
        for (int x = 5 + 2 * i; x < 25 + 2 * i; ++x)
            for (int c = 0; c < 3; ++c) f.at(x, y, c) = 0.2f;
    return f;
}

std::vector<engine::Image> decoded(const fs::path& path) {
    std::vector<engine::Image> frames;
    video_io::VideoReader reader(path);
    while (auto frame = reader.next()) frames.push_back(std::move(*frame));
    return frames;
}

}  // namespace

class TestCliVideo : public QObject {
    Q_OBJECT
private:
    QTemporaryDir m_dir;
    testing::ProcessRunner m_cli{QStringLiteral(SHUIMO_CLI_PATH), testing::isolatedEnvironment(m_dir.path())};
    fs::path path(const char* name) const { return fs::path(m_dir.path().toStdString()) / name; }

    QStringList arguments(const fs::path& output) const {
        return {QStringLiteral("video"), QStringLiteral("--input"), QString::fromStdString(path("garden walk.mp4").string()),
                QStringLiteral("--style"), QString::fromStdString(path("ink.png").string()), QStringLiteral("--output"),
                QString::fromStdString(output.string()), QStringLiteral("--weights"), testing::sharedWeightsPath(),
                QStringLiteral("--size"), QStringLiteral("64"), QStringLiteral("--first-iterations"), QStringLiteral("8"),
                QStringLiteral("--iterations"), QStringLiteral("4"), QStringLiteral("--device"), QStringLiteral("cpu"),
                QStringLiteral("--progress"), QStringLiteral("json")};
    }

private Q_SLOTS:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        const engine::Image photo = image_io::read_image(fs::path(SHUIMO_SOURCE_DIR) / "tests/data/chelsea.png").rgb;
        testing::write_tone(path("tone.m4a"), 16.0 / 12.0, 330.0);
        video_io::VideoWriter writer(path("garden walk.mp4"), 96, 64, 12, 1, path("tone.m4a"));
        for (int i = 0; i < 16; ++i) writer.write(clip_frame(photo, i));
        writer.finish();
        image_io::write_image(path("ink.png"), image_io::read_image(fs::path(SHUIMO_SOURCE_DIR) / "assets/styles/misty_mountains.png").rgb);
    }

    void aClipBecomesAVideoWithItsSound() {
        const fs::path output = path("walk ink.mp4");
        const auto result = m_cli.run(arguments(output), 300000);
        QVERIFY2(result.exit_code == 0, qPrintable(result.err));
        const video_io::VideoInfo in = video_io::probe_video(path("garden walk.mp4")), out = video_io::probe_video(output);
        QCOMPARE(out.rate_num, 12);
        QCOMPARE(out.rate_den, 1);
        QCOMPARE(out.width, 64);
        QCOMPARE(out.height, 42);  // 96×64 fitted into 64, rounded down to even
        QVERIFY(out.has_audio);
        QCOMPARE(out.audio_codec, std::string("aac"));
        QVERIFY(std::abs(out.audio_duration_s - in.audio_duration_s) < 0.05);
        QCOMPARE(decoded(output).size(), std::size_t{16});
        QVERIFY(!fs::exists(path(".walk ink.mp4.frames")));  // the work folder goes when the video is written
        // One JSON line per frame, and the end.
        int frames = 0;
        for (const QByteArray& line : result.out.split('\n')) {
            const QJsonObject event = QJsonDocument::fromJson(line).object();
            if (event.value(QStringLiteral("event")).toString() == QLatin1String("frame")) ++frames;
        }
        QCOMPARE(frames, 16);
    }

    // Killed after a few frames (SIGKILL: no chance to clean up), the same command goes on from the
    // finished frames, and its frames are those of an uninterrupted run, byte for byte (both keep their
    // work folders here, SHUIMO_VIDEO_KEEP_FRAMES, to be compared).
    void killedAndRunAgainGoesOnToTheSameFrames() {
        QProcessEnvironment environment = testing::isolatedEnvironment(m_dir.path());
        environment.insert(QStringLiteral("SHUIMO_VIDEO_KEEP_FRAMES"), QStringLiteral("1"));
        const testing::ProcessRunner keeping(QStringLiteral(SHUIMO_CLI_PATH), environment);
        const auto straight = keeping.run(arguments(path("straight.mp4")), 300000);
        QVERIFY2(straight.exit_code == 0, qPrintable(straight.err));
        const fs::path output = path("resumed.mp4");
        QProcess process;
        keeping.start(process, arguments(output));
        QVERIFY(process.waitForStarted());
        int finished = 0;
        QTRY_VERIFY_WITH_TIMEOUT((finished += process.readAllStandardOutput().count("\"event\":\"frame\""), finished >= 5 ||
                                  process.state() == QProcess::NotRunning), 120000);
        QCOMPARE(process.state(), QProcess::Running);
        ::kill(static_cast<pid_t>(process.processId()), SIGKILL);
        QVERIFY(process.waitForFinished(30000));
        QVERIFY(!fs::exists(output));
        QVERIFY(fs::exists(path(".resumed.mp4.frames")));
        const auto again = keeping.run(arguments(output), 300000);
        QVERIFY2(again.exit_code == 0, qPrintable(again.err));
        QVERIFY2(again.out.contains("\"event\":\"resumed\""), again.out.constData());
        QCOMPARE(decoded(output).size(), std::size_t{16});
        auto bytes = [](const fs::path& file) {
            QFile in(QString::fromStdString(file.string()));
            return in.open(QIODevice::ReadOnly) ? in.readAll() : QByteArray();
        };
        for (int i = 1; i <= 16; ++i) {
            char name[32];
            std::snprintf(name, sizeof name, "frame_%06d.png", i);
            const QByteArray resumed = bytes(path(".resumed.mp4.frames") / name), uninterrupted = bytes(path(".straight.mp4.frames") / name);
            QVERIFY2(!resumed.isEmpty() && resumed == uninterrupted, name);
        }
    }

    // --independent (the baseline of docs/BENCHMARKS.md "Video"): every frame gets the first frame's
    // evaluations from its own photo, with no flow; --iterations, the later frames' share, is refused.
    void independentFramesEachGetTheFirstFramesBudget() {
        QStringList args = arguments(path("independent.mp4"));
        const int at = static_cast<int>(args.indexOf(QStringLiteral("--iterations")));
        QVERIFY(at > 0);
        args.remove(at, 2);
        args << QStringLiteral("--independent") << QStringLiteral("--max-frames") << QStringLiteral("3");
        const auto result = m_cli.run(args, 120000);
        QVERIFY2(result.exit_code == 0, qPrintable(result.err));
        int frames = 0;
        for (const QByteArray& line : result.out.split('\n')) {
            const QJsonObject event = QJsonDocument::fromJson(line).object();
            if (event.value(QStringLiteral("event")).toString() != QLatin1String("frame")) continue;
            ++frames;
            QCOMPARE(event.value(QStringLiteral("evaluations")).toInt(), 8);
            QCOMPARE(event.value(QStringLiteral("flow_seconds")).toDouble(), 0.0);
        }
        QCOMPARE(frames, 3);
        const auto refused = m_cli.run(arguments(path("independent2.mp4")) << QStringLiteral("--independent"), 60000);
        QCOMPARE(refused.exit_code, 2);
        QVERIFY2(refused.err.contains("does not apply"), refused.err.constData());
    }

    void whatCannotWorkIsRefusedBeforePainting_data() {
        QTest::addColumn<QString>("input");
        QTest::addColumn<QString>("output");
        QTest::addColumn<QString>("says");
        QTest::newRow("audio only") << "tone.m4a" << "x.mp4" << "no video stream";
        QTest::newRow("aac into webm") << "garden walk.mp4" << "x.webm" << "aac";
        QTest::newRow("missing") << "gone.mp4" << "x.mp4" << "no such file";
        QTest::newRow("image output") << "garden walk.mp4" << "x.png" << ".mp4 or a .webm";
    }
    void whatCannotWorkIsRefusedBeforePainting() {
        QFETCH(QString, input);
        QFETCH(QString, output);
        QFETCH(QString, says);
        QStringList args = arguments(path(output.toStdString().c_str()));
        args[2] = QString::fromStdString(path(input.toStdString().c_str()).string());
        const auto result = m_cli.run(args, 60000);
        QVERIFY(result.exit_code != 0);
        QVERIFY2(result.err.contains(says.toUtf8()), result.err.constData());
        QVERIFY(!fs::exists(path(output.toStdString().c_str())));
        QVERIFY(!fs::exists(path(("." + output.toStdString() + ".frames").c_str())) ||
                fs::is_empty(path(("." + output.toStdString() + ".frames").c_str())));
    }
};

QTEST_GUILESS_MAIN(TestCliVideo)
#include "tst_cli_video.moc"
