// Issue 27's video files (video_io.h) with FFmpeg's real libraries: a generated clip (a camera pan
// over a photograph with a moving square, 48 frames at 24 fps, and a 2 s tone as its sound) is
// written as H.264 in MP4 with the tone copied in, probed and decoded back: same size, rate and
// frame count, the audio there and as long, the pixels near the frames written. Broken, empty and
// audio-only files, odd sizes and audio a WebM cannot hold are refused with a clear message and
// leave nothing behind.

#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <filesystem>
#include <fstream>

#include "shuimo/engine/errors.h"
#include "shuimo/image_io/image_io.h"
#include "shuimo/video_io/video_io.h"
#include "tone_file.h"

using namespace shuimo;
namespace fs = std::filesystem;

namespace {

// Frame i: a 160×96 window of the photograph moving right 2 px a frame, a dark square moving 3 px.
engine::Image clip_frame(const engine::Image& photo, int i) {
    engine::Image f(160, 96, 3);
    for (int y = 0; y < 96; ++y)
        for (int x = 0; x < 160; ++x)
            for (int c = 0; c < 3; ++c) f.at(x, y, c) = photo.at(x + 2 * i, y + 30, c);
    for (int y = 30; y < 60; ++y)
        for (int x = 10 + 3 * i; x < 40 + 3 * i && x < 160; ++x)
            for (int c = 0; c < 3; ++c) f.at(x, y, c) = 0.15f;
    return f;
}

double mean_abs(const engine::Image& a, const engine::Image& b) {
    double sum = 0.0;
    for (std::size_t i = 0; i < a.pixels.size(); ++i) sum += std::abs(a.pixels[i] - b.pixels[i]);
    return sum / static_cast<double>(a.pixels.size());
}

bool only(const fs::path& dir, const std::vector<std::string>& names) {
    std::size_t count = 0;
    for (const auto& entry : fs::directory_iterator(dir)) {
        ++count;
        if (std::find(names.begin(), names.end(), entry.path().filename().string()) == names.end()) return false;
    }
    return count == names.size();
}

}  // namespace

class TestVideoIo : public QObject {
    Q_OBJECT
private:
    QTemporaryDir m_dir;
    engine::Image m_photo;

    fs::path dir() const { return fs::path(m_dir.path().toStdString()); }

private Q_SLOTS:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        m_photo = image_io::read_image(fs::path(SHUIMO_SOURCE_DIR) / "tests/data/chelsea.png").rgb;
        testing::write_tone(dir() / "tone.m4a", 2.0, 440.0);
    }

    void clipRoundTripsWithItsSound() {
        const fs::path clip = dir() / "walk.mp4";
        {
            video_io::VideoWriter writer(clip, 160, 96, 24, 1, dir() / "tone.m4a");
            for (int i = 0; i < 48; ++i) writer.write(clip_frame(m_photo, i));
            QVERIFY(!fs::exists(clip));  // written beside it until finished
            writer.finish();
        }
        QVERIFY(fs::exists(clip));
        const video_io::VideoInfo info = video_io::probe_video(clip);
        QCOMPARE(info.width, 160);
        QCOMPARE(info.height, 96);
        QCOMPARE(info.rate_num, 24);
        QCOMPARE(info.rate_den, 1);
        QCOMPARE(info.codec, std::string("h264"));
        QVERIFY(info.has_audio);
        QCOMPARE(info.audio_codec, std::string("aac"));
        qInfo("video %.3f s, audio %.3f s", info.duration_s, info.audio_duration_s);
        QVERIFY(std::abs(info.audio_duration_s - 2.0) < 0.1);
        video_io::VideoReader reader(clip);
        int frames = 0;
        double worst = 0.0;
        while (const auto frame = reader.next()) {
            QCOMPARE(frame->width, 160);
            QCOMPARE(frame->height, 96);
            worst = std::max(worst, mean_abs(*frame, clip_frame(m_photo, frames)));
            ++frames;
        }
        qInfo("48 frames written, %d read; worst mean |error| %.4f", frames, worst);
        QCOMPARE(frames, 48);
        QVERIFY(worst < 0.03);
        QVERIFY(only(dir(), {"tone.m4a", "walk.mp4"}));
    }

    void badFilesAreRefusedClearly_data() {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("says");
        QTest::newRow("missing") << "nothing.mp4" << "no such file";
        QTest::newRow("empty") << "empty.mp4" << "not a video";
        QTest::newRow("text") << "notes.mp4" << "not a video";
        QTest::newRow("audio only") << "tone.m4a" << "no video stream";
    }
    void badFilesAreRefusedClearly() {
        QFETCH(QString, file);
        QFETCH(QString, says);
        std::ofstream(dir() / "empty.mp4").close();
        std::ofstream(dir() / "notes.mp4") << "a text file, renamed";
        const fs::path path = dir() / file.toStdString();
        try {
            (void)video_io::probe_video(path);
            QFAIL("probed without an error");
        } catch (const engine::ImageIoError& error) {
            const QString what = QString::fromStdString(error.what());
            QVERIFY2(what.contains(says) && what.contains(file), qPrintable(what));
        }
        QVERIFY_THROWS_EXCEPTION(engine::ImageIoError, video_io::VideoReader{path});
        fs::remove(dir() / "empty.mp4");
        fs::remove(dir() / "notes.mp4");
    }

    // A clip cut in half: the frames before the cut are read, then a clear error (or the end).
    void aClipCutShortReadsWhatItHas() {
        const fs::path clip = dir() / "walk.mp4", cut = dir() / "cut.mp4";
        const auto size = fs::file_size(clip);
        std::ifstream in(clip, std::ios::binary);
        std::string bytes(size / 2, '\0');
        in.read(bytes.data(), static_cast<std::streamsize>(bytes.size()));
        std::ofstream(cut, std::ios::binary) << bytes;
        int frames = 0;
        try {
            video_io::VideoReader reader(cut);
            while (reader.next()) ++frames;
        } catch (const engine::ImageIoError& error) {
            QVERIFY2(QString::fromStdString(error.what()).contains(QStringLiteral("cut.mp4")), error.what());
        }
        qInfo("%d frames read from the first half", frames);
        QVERIFY(frames < 48);
        fs::remove(cut);
    }

    // The app previews a chosen frame of a clip: frames before it are skipped, the one asked for is
    // the one written there (each frame a different grey), and past the end is a clear error.
    void aChosenFrameIsTheOneAskedFor() {
        fs::create_directories(dir() / "chosen");
        const fs::path clip = dir() / "chosen/greys.mp4";
        {
            video_io::VideoWriter writer(clip, 32, 16, 10, 1);
            for (int i = 0; i < 6; ++i) {
                engine::Image frame(32, 16, 3);
                std::fill(frame.pixels.begin(), frame.pixels.end(), 0.1f + 0.15f * static_cast<float>(i));
                writer.write(frame);
            }
            writer.finish();
        }
        for (const int index : {0, 3, 5}) {
            const engine::Image frame = video_io::read_video_frame(clip, index);
            QCOMPARE(frame.width, 32);
            double sum = 0.0;
            for (const float v : frame.pixels) sum += v;
            QVERIFY2(std::abs(sum / static_cast<double>(frame.pixels.size()) - (0.1 + 0.15 * index)) < 0.03, qPrintable(QString::number(index)));
        }
        QVERIFY_THROWS_EXCEPTION(engine::ImageIoError, video_io::read_video_frame(clip, 6));
        QVERIFY(video_io::is_video_file("walk.MP4"));
        QVERIFY(video_io::is_video_file("a/b.webm"));
        QVERIFY(!video_io::is_video_file("photo.png"));
        QVERIFY(!video_io::is_video_file("mp4"));
        fs::remove_all(dir() / "chosen");
    }

    void whatCannotBeWrittenLeavesNothing() {
        QVERIFY_THROWS_EXCEPTION(engine::ImageIoError, video_io::VideoWriter(dir() / "odd.mp4", 161, 96, 24, 1));
        try {
            video_io::VideoWriter writer(dir() / "walk.webm", 160, 96, 24, 1, dir() / "tone.m4a");
            QFAIL("AAC went into a WebM");
        } catch (const engine::ImageIoError& error) {
            QVERIFY2(QString::fromStdString(error.what()).contains(QStringLiteral("aac")), error.what());
        }
        {
            video_io::VideoWriter unfinished(dir() / "gone.mp4", 160, 96, 24, 1);
            unfinished.write(clip_frame(m_photo, 0));
        }  // destroyed unfinished: nothing left
        QVERIFY(only(dir(), {"tone.m4a", "walk.mp4"}));
    }
};

QTEST_APPLESS_MAIN(TestVideoIo)
#include "tst_video_io.moc"
