// Issue 27 in the app: a dropped clip shows in the photo strip as a clip; the bar under the preview
// chooses the frame the preview shows and Run paints (the painting says which frame, and keeps it
// across a saved session); Export Video paints every frame in the background (the Batch dialog's
// runner) into a video with the clip's frame count, rate and sound; the clip itself is refused as
// the output, and the queue it leaves is offered for resume.

#include <QFileInfo>
#include <QListWidget>
#include <QPushButton>
#include <QSettings>
#include <QSlider>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include <filesystem>

#include "batch_controller.h"
#include "batch_dialog.h"
#include "clip_bar.h"
#include "gui_test_support.h"
#include "main_window.h"
#include "photo_strip.h"
#include "style_gallery.h"
#include "shuimo/video_io/video_io.h"
#include "studio_model.h"
#include "tone_file.h"
#include "video_export.h"

using namespace shuimo;
namespace fs = std::filesystem;

namespace {

constexpr int kFrames = 8;

// Frame i: a horizontal ramp whose brightness grows with i (frames told apart by their mean).
engine::Image frame(int i) {
    engine::Image image(48, 32, 3);
    for (int y = 0; y < 32; ++y)
        for (int x = 0; x < 48; ++x)
            for (int c = 0; c < 3; ++c) image.at(x, y, c) = std::min(1.0f, 0.08f * static_cast<float>(i) + 0.2f * x / 48.0f + 0.05f * c);
    return image;
}

double mean(const session::Picture& picture) {
    double sum = 0.0;
    for (const auto v : picture.samples) sum += v / 65535.0;
    return sum / static_cast<double>(picture.samples.size());
}

double mean(const engine::Image& image) {
    double sum = 0.0;
    for (const float v : image.pixels) sum += v;
    return sum / static_cast<double>(image.pixels.size());
}

}  // namespace

class TestVideoWindow : public QObject {
    Q_OBJECT
private:
    QTemporaryDir m_dir, m_styles;
    QString m_clip, m_style;

private Q_SLOTS:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("ShuimoTest"));
        QCoreApplication::setApplicationName(QStringLiteral("ShuimoVideoWindowTest"));
        QVERIFY(m_dir.isValid() && m_styles.isValid());
        qputenv("SHUIMO_STYLES_DIR", m_styles.path().toUtf8());
        m_style = QFileInfo(testing::writeImage(m_styles.path(), QStringLiteral("pine_and_rock.png"), 40, 40, true)).absoluteFilePath();
        qputenv("XDG_DATA_HOME", m_dir.path().toUtf8());
        qputenv("SHUIMO_MODEL_DIR", testing::weightsDir().path().toUtf8());
        const fs::path dir = m_dir.path().toStdU32String();
        testing::write_tone(dir / "tone.m4a", kFrames / 12.0, 440.0);
        video_io::VideoWriter writer(dir / "river walk.mp4", 48, 32, 12, 1, dir / "tone.m4a");
        for (int i = 0; i < kFrames; ++i) writer.write(frame(i));
        writer.finish();
        m_clip = QString::fromStdU32String((dir / "river walk.mp4").u32string());
    }

    void init() {
        QSettings().clear();
        QSettings().setValue(QStringLiteral("modelsOffered"), true);
        QFile::remove(ui::StudioModel::autosavePath());
    }

    void aClipIsChosenFramePaintedAndExportedWithItsSound() {
        ui::MainWindow window;
        window.setKnownThroughput(10.0);
        window.addPaths({m_clip}, false);
        QCOMPARE(window.model()->photos(), QStringList{m_clip});
        QVERIFY2(window.photoStrip()->item(0)->toolTip().contains(QStringLiteral("A clip: 8 frames")), qPrintable(window.photoStrip()->item(0)->toolTip()));
        ui::ClipBar* bar = window.clipBar();
        QVERIFY(!bar->isHidden());
        QVERIFY(window.exportVideoAction()->isEnabled());
        QVERIFY2(bar->text().startsWith(QStringLiteral("Frame 1 of 8")), qPrintable(bar->text()));

        // Frame 6: the preview's photo and the run's content are that frame.
        bar->slider()->setValue(5);
        QCOMPARE(window.model()->clipFrame(m_clip), 5);
        QVERIFY2(bar->text().startsWith(QStringLiteral("Frame 6 of 8")), qPrintable(bar->text()));
        window.styleGallery()->setSelected(m_style, true);
        engine::StyleParams params = testing::quickParams(window.model()->params(), 48, 3);
        params.style_weight = 0.0;  // the painting stays its content: which frame it was is its brightness
        params.tv_weight = 0.0;
        window.model()->setParams(params);
        window.run();
        QTRY_VERIFY_WITH_TIMEOUT(window.model()->currentPainting() != nullptr && !window.model()->isPainting(), 60000);
        const session::Painting& painting = *window.model()->currentPainting();
        QCOMPARE(painting.frame, 5);
        QVERIFY(window.model()->versionDescription(m_clip, 0).contains(QStringLiteral("painted from frame 6 of the clip")));
        const double sixth = mean(video_io::read_video_frame(m_clip.toStdU32String(), 5));
        const double first = mean(video_io::read_video_frame(m_clip.toStdU32String(), 0));
        QVERIFY2(std::abs(mean(painting.image) - sixth) < std::abs(mean(painting.image) - first) / 4,
                 qPrintable(QStringLiteral("painting %1, frame 6 %2, frame 1 %3").arg(mean(painting.image)).arg(sixth).arg(first)));

        // The chosen frame is part of the session.
        const QString session = QDir(m_dir.path()).filePath(QStringLiteral("clip.shuimo"));
        QCOMPARE(window.saveSessionTo(session), QString());
        {
            ui::MainWindow other;
            QCOMPARE(other.openSessionFrom(session), QString());
            QCOMPARE(other.model()->clipFrame(m_clip), 5);
            QCOMPARE(other.model()->currentPainting()->frame, 5);
        }

        // The clip itself is never the output.
        QVERIFY(window.videoExport()->exportTo(m_clip, true).contains(QStringLiteral("originals are never written over")));
        QVERIFY(!window.videoExport()->exportTo(QDir(m_dir.path()).filePath(QStringLiteral("x.png"))).isEmpty());

        // Export Video: every frame, in the background, with the clip's sound.
        params.style_weight = 1e5;
        window.model()->setParams(params);
        const QString output = QDir(m_dir.path()).filePath(QStringLiteral("river ink.mp4"));
        QCOMPARE(window.videoExport()->exportTo(output), QString());
        QVERIFY(window.batchDialog() != nullptr);
        QTRY_VERIFY_WITH_TIMEOUT(QFileInfo::exists(output) && !window.batchDialog()->controller()->isRunning(), 120000);
        QCOMPARE(window.batchDialog()->controller()->lastProgress().done, 1);
        const video_io::VideoInfo info = video_io::probe_video(output.toStdU32String());
        QCOMPARE(info.width, 48);
        QCOMPARE(info.height, 32);
        QCOMPARE(info.rate_num, 12 * info.rate_den);
        QVERIFY(info.has_audio);
        const double sound = video_io::probe_video(m_clip.toStdU32String()).audio_duration_s;
        QVERIFY2(std::abs(info.audio_duration_s - sound) < 0.05, qPrintable(QStringLiteral("%1 s against %2 s").arg(info.audio_duration_s).arg(sound)));
        video_io::VideoReader reader(output.toStdU32String());
        int frames = 0;
        while (reader.next()) ++frames;
        QCOMPARE(frames, kFrames);
        QVERIFY(QFileInfo::exists(ui::VideoExport::queueFileFor(output)));  // what Resume reads
        QCOMPARE(QSettings().value(QString::fromLatin1(ui::BatchDialog::kLastQueueSetting)).toString(), ui::VideoExport::queueFileFor(output));
    }
};

QTEST_MAIN(TestVideoWindow)
#include "tst_video_window.moc"
