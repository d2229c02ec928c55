// Dev tool (not a test): the main window's screenshots for docs/screenshots,
// made the same way every time so that a change to the window can be checked
// against them (take them before and after, and look):
//   xvfb-run -s "-screen 0 1600x1000x24" build/release/tests/take_screenshots OUTDIR
// writes OUTDIR/main_window_zh_no_model.png (a photo and a style, no model:
// same pixels on every run) and OUTDIR/main_window_en_running.png (a painting
// in progress on seeded random weights: the noise and the numbers vary).
// The batch dialog's come from tst_batch_dialog (SHUIMO_SCREENSHOT_DIR).
// Issue 25: OUTDIR/journey_{en,zh}_{1024x700,1920x1080}_{1_running,2_switched,3_done}.png: an
// artist's journey (three photos opened, a style ticked, Run on the first, another photo
// selected while it paints and queued, back, the painting done and exported, quit).
// Issue 27: OUTDIR/clip_{en,zh}_{1_frame,2_exporting,3_exported}.png: a clip (a pan across the
// landscape, with a tone) dropped in, a frame chosen and painted alone, Export Video in the Batch
// dialog while it runs and when done (the video then decoded back: frame count, sound).

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QFileInfo>
#include <QLinearGradient>
#include <QPainter>
#include <QPainterPath>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>
#include <QTranslator>
#include <cstdio>
#include <tuple>

#include <QDockWidget>
#include "main_window.h"
#include "batch_controller.h"
#include "batch_dialog.h"
#include "clip_bar.h"
#include "video_export.h"
#include "tone_file.h"
#include "shuimo/image_io/image_io.h"
#include "shuimo/video_io/video_io.h"
#include <QSlider>
#include <filesystem>
#include "preview_view.h"
#include "regions_panel.h"
#include "studio_model.h"
#include "run_panel.h"
#include "parameter_panel.h"
#include "preferences_dialog.h"
#include "size_control.h"
#include "process_setup.h"
#include "random_weights.h"
#include "style_controller.h"
#include "translations.h"

namespace {

constexpr int kWidth = 1400;
constexpr int kHeight = 900;
constexpr double kThroughputGflops = 20.0;  // fixed: the estimate's time is the same on every machine

// A landscape: sky, two mountain ranges, a sun, water.
QString writeLandscape(const QString& dir) {
    QImage image(768, 512, QImage::Format_RGB888);
    QPainter painter(&image);
    painter.setRenderHint(QPainter::Antialiasing);
    QLinearGradient sky(0, 0, 0, 400);
    sky.setColorAt(0, QColor(160, 196, 234));
    sky.setColorAt(1, QColor(214, 222, 222));
    painter.fillRect(image.rect(), sky);
    painter.setPen(Qt::NoPen);
    painter.setBrush(QColor(232, 176, 72));
    painter.drawEllipse(QPointF(570, 150), 42, 42);
    painter.setBrush(QColor(94, 108, 114));
    painter.drawPolygon(QPolygonF({QPointF(0, 360), QPointF(140, 220), QPointF(260, 310), QPointF(380, 170),
                                   QPointF(520, 310), QPointF(640, 230), QPointF(768, 330), QPointF(768, 470),
                                   QPointF(0, 470)}));
    painter.setBrush(QColor(48, 58, 50));
    painter.drawPolygon(QPolygonF({QPointF(0, 400), QPointF(110, 370), QPointF(220, 420), QPointF(380, 350),
                                   QPointF(500, 420), QPointF(620, 380), QPointF(768, 400), QPointF(768, 470),
                                   QPointF(0, 470)}));
    painter.setBrush(QColor(56, 104, 138));
    painter.drawRect(0, 470, 768, 42);
    painter.end();
    const QString path = QDir(dir).filePath(QStringLiteral("gui_landscape.jpg"));
    image.save(path, "JPEG", 92);
    return path;
}

// An ink reference: a few brush strokes on paper.
QString writeInkReference(const QString& dir) {
    QImage image(256, 256, QImage::Format_RGB888);
    image.fill(QColor(240, 234, 218));
    QPainter painter(&image);
    painter.setRenderHint(QPainter::Antialiasing);
    for (int i = 0; i < 5; ++i) {
        QPainterPath stroke;
        stroke.moveTo(20 + i * 30, 240);
        stroke.cubicTo(60 + i * 25, 160, 120 + i * 10, 120 - i * 10, 240, 40 + i * 30);
        painter.setPen(QPen(QColor(40, 40, 40, 200), 3 + i % 3, Qt::SolidLine, Qt::RoundCap));
        painter.drawPath(stroke);
    }
    painter.end();
    const QString path = QDir(dir).filePath(QStringLiteral("gui_inkref.png"));
    image.save(path);
    return path;
}

void removeTranslators() {
    for (QTranslator* translator : QCoreApplication::instance()->findChildren<QTranslator*>()) {
        QCoreApplication::removeTranslator(translator);
        delete translator;
    }
}

bool save(QWidget& window, const QString& dir, const QString& name) {
    const QString path = QDir(dir).filePath(name);
    if (!window.grab().save(path)) {
        std::fprintf(stderr, "take_screenshots: cannot write %s\n", qPrintable(path));
        return false;
    }
    std::printf("%s\n", qPrintable(path));
    return true;
}

void prepare(shuimo::ui::MainWindow& window, const QString& photo, const QString& style) {
    window.setKnownThroughput(kThroughputGflops);
    window.resize(kWidth, kHeight);
    window.show();
    if (!QTest::qWaitForWindowExposed(&window)) std::fprintf(stderr, "take_screenshots: the window was not shown\n");
    window.addPaths({photo}, false);
    window.addPaths({style}, true);
    QTest::qWait(300);
}

}  // namespace

// Issue 27's journey with a clip (see the top): returns false when a step fails.
bool clipJourney(QApplication& app, const QString& out, const QString& dir, const QString& landscape, const QString& style) {
    namespace fs = std::filesystem;
    const fs::path folder = dir.toStdU32String();
    const shuimo::engine::Image scene = shuimo::image_io::read_image(landscape.toStdU32String()).rgb;
    shuimo::testing::write_tone(folder / "tone.m4a", 24 / 12.0, 330.0);
    {
        shuimo::video_io::VideoWriter writer(folder / "valley pan.mp4", 320, 214, 12, 1, folder / "tone.m4a");
        for (int i = 0; i < 24; ++i) {
            shuimo::engine::Image frame(320, 214, 3);
            for (int y = 0; y < 214; ++y)
                for (int x = 0; x < 320; ++x)
                    for (int c = 0; c < 3; ++c) frame.at(x, y, c) = scene.at(std::min(scene.width - 1, (x + 8 * i) * 2), y * 2, c);
            writer.write(frame);
        }
        writer.finish();
    }
    const QString clip = QString::fromStdU32String((folder / "valley pan.mp4").u32string());
    QFile::remove(shuimo::ui::StudioModel::autosavePath());  // no earlier run's photos and styles
    QSettings().remove(QStringLiteral("userStyles"));
    bool ok = true;
    for (const QString& language : {QStringLiteral("en"), QStringLiteral("zh_CN")}) {
        shuimo::ui::installTranslators(app, language);
        const QString name = QStringLiteral("clip_%1_").arg(language.left(2));
        shuimo::ui::MainWindow window;
        window.prompt().setHook([](const QString&, QMessageBox::StandardButtons) { return QMessageBox::Discard; });
        window.setKnownThroughput(kThroughputGflops);
        window.resize(kWidth, kHeight);
        window.show();
        if (!QTest::qWaitForWindowExposed(&window)) std::fprintf(stderr, "take_screenshots: the window was not shown\n");
        window.addPaths({clip}, false);
        window.addPaths({style}, true);
        window.clipBar()->slider()->setValue(12);
        shuimo::engine::StyleParams params = window.model()->params();
        params.size = 320;
        params.iterations = 30;
        window.model()->setParams(params);
        window.run();
        for (int waited = 0; waited < 240000 && (window.model()->isPainting() || !window.model()->currentPainting()); waited += 50) QTest::qWait(50);
        QTest::qWait(300);
        ok = save(window, out, name + QStringLiteral("1_frame.png")) && ok;
        params.iterations = 20;  // the first frame's; later frames as many
        window.model()->setParams(params);
        QTest::qWait(500);
        const QString video = QDir(dir).filePath(name + QStringLiteral("valley ink.mp4"));
        if (const QString error = window.videoExport()->exportTo(video); !error.isEmpty()) {
            std::fprintf(stderr, "take_screenshots: Export Video failed: %s\n", qPrintable(error));
            return false;
        }
        shuimo::ui::BatchDialog* dialog = window.batchDialog();
        for (int waited = 0; waited < 120000 && dialog->controller()->lastProgress().fraction < 0.3; waited += 50) QTest::qWait(50);
        ok = save(*dialog, out, name + QStringLiteral("2_exporting.png")) && ok;
        for (int waited = 0; waited < 600000 && dialog->controller()->isRunning(); waited += 50) QTest::qWait(50);
        QTest::qWait(300);
        ok = save(*dialog, out, name + QStringLiteral("3_exported.png")) && ok;
        try {
            shuimo::video_io::VideoReader reader(video.toStdU32String());
            int frames = 0;
            while (reader.next()) ++frames;
            std::fprintf(stderr, "take_screenshots: %s: %d frames, sound %s\n", qPrintable(video), frames, reader.info().has_audio ? "yes" : "no");
            ok = ok && frames == 24 && reader.info().has_audio;
        } catch (const std::exception& error) {
            std::fprintf(stderr, "take_screenshots: %s\n", error.what());
            ok = false;
        }
        dialog->close();
        window.close();
        QSettings().remove(QStringLiteral("userStyles"));
        QFile::remove(shuimo::ui::StudioModel::autosavePath());
        removeTranslators();
    }
    return ok;
}

int main(int argc, char** argv) {
    shuimo::ui::preferPassiveOpenMpWaits(argv);
    QApplication app(argc, argv);
    if (argc != 2 && !(argc == 3 && (QByteArray(argv[2]) == "regions" || QByteArray(argv[2]) == "clip"))) {
        std::fprintf(stderr, "usage: take_screenshots OUTDIR [regions|clip]\n");
        return 2;
    }
    const bool onlyRegions = argc == 3 && QByteArray(argv[2]) == "regions";
    const bool onlyClip = argc == 3 && QByteArray(argv[2]) == "clip";
    const QString out = QString::fromLocal8Bit(argv[1]);
    QDir().mkpath(out);
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("ShuimoScreenshots"));
    QCoreApplication::setApplicationName(QStringLiteral("ShuimoScreenshots"));
    QSettings().clear();
    QSettings().setValue(QStringLiteral("modelsOffered"), true);  // no Models dialog over the window

    QTemporaryDir files;
    // Fixed, empty folders: the no-model message names them, and the pixels stay the same.
    const QDir fixed(QDir::temp().filePath(QStringLiteral("shuimo_screenshots")));
    const QString nothing = fixed.filePath(QStringLiteral("nothing_here"));
    const QString data = fixed.filePath(QStringLiteral("data"));
    for (const QString& dir : {nothing, data}) {
        QDir(dir).removeRecursively();
        QDir().mkpath(dir);
    }
    const QString photo = writeLandscape(files.path());
    const QString style = writeInkReference(files.path());
    const QString models = QDir(files.path()).filePath(QStringLiteral("models"));
    QDir().mkpath(models);
    shuimo::testing::write_random_vgg19_weights((models + QStringLiteral("/vgg19.safetensors")).toStdString(), {1});
    qputenv("XDG_DATA_HOME", data.toUtf8());
    qputenv("SHUIMO_STYLES_DIR", nothing.toUtf8());  // only the user's style in the gallery

    bool ok = true;
    if (onlyClip) {
        qputenv("SHUIMO_MODEL_DIR", models.toUtf8());
        return clipJourney(app, out, files.path(), photo, style) ? 0 : 1;
    }
    // Issue 26: regions on the launch photograph (tests/data): the automatic sky as blank paper, the
    // ground painted with the brush in a second style (misty mountains), the rest in the ink
    // reference; the brush at work (en, zh), then the painting (en).
    qputenv("SHUIMO_MODEL_DIR", models.toUtf8());
    const QString rocket = QStringLiteral(SHUIMO_SOURCE_DIR "/tests/data/rocket.jpg");
    const QString mountains = QStringLiteral(SHUIMO_SOURCE_DIR "/assets/styles/misty_mountains.png");
    for (const QString& language : {QStringLiteral("en"), QStringLiteral("zh_CN")}) {
        shuimo::ui::installTranslators(app, language);
        QSettings().remove(QStringLiteral("window"));
        {
            shuimo::ui::MainWindow window;
            window.prompt().setHook([](const QString&, QMessageBox::StandardButtons) { return QMessageBox::Discard; });
            window.setKnownThroughput(kThroughputGflops);
            window.resize(1440, 900);
            window.show();
            if (!QTest::qWaitForWindowExposed(&window)) std::fprintf(stderr, "take_screenshots: the window was not shown\n");
            window.addPaths({rocket}, false);
            window.addPaths({style}, true);
            shuimo::ui::StudioModel* model = window.model();
            shuimo::engine::StyleParams params = model->params();
            params.size = 384;
            params.iterations = 60;
            model->setParams(params);
            if (const QString why = model->addAutomaticRegion(QStringLiteral("sky")); !why.isEmpty()) {
                std::fprintf(stderr, "take_screenshots: %s\n", qPrintable(why));
                ok = false;
            }
            const int ground = model->addRegion(shuimo::engine::RegionKind::Style, mountains,
                                                language == QStringLiteral("en") ? QStringLiteral("Ground") : QStringLiteral("地面"));
            model->beginStroke(ground);
            for (int y = 150; y <= 171; y += 8) model->strokeRegion(QPointF(0, y), QPointF(256, y), shuimo::ui::Brush{14.0, 0.4, false});
            model->endStroke();
            auto* dock = window.findChild<QDockWidget*>(QStringLiteral("RegionsDock"));
            auto* panel = window.findChild<shuimo::ui::RegionsPanel*>();
            auto* preview = window.findChild<shuimo::ui::PreviewView*>();
            dock->raise();
            QTest::qWait(200);
            panel->setCurrentRegion(ground);
            panel->setTool(static_cast<int>(shuimo::ui::PreviewView::Tool::Brush));
            preview->setMode(shuimo::ui::PreviewView::Mode::Result);
            // A stroke in progress: the brush's outline where the mouse is.
            const QPoint centre = preview->rect().center();
            QTest::mouseMove(preview, centre + QPoint(preview->width() / 5, preview->height() / 3));
            QTest::qWait(300);
            const QString suffix = language.left(2);
            ok = save(window, out, QStringLiteral("regions_brush_%1.png").arg(suffix)) && ok;
            if (language == QStringLiteral("en")) {
                window.run();
                for (int waited = 0; waited < 300000 && model->isPainting(); waited += 50) QTest::qWait(50);
                panel->setTool(static_cast<int>(shuimo::ui::PreviewView::Tool::None));
                for (QCheckBox* show : panel->findChildren<QCheckBox*>()) show->setChecked(false);  // the painting, not the masks
                preview->setMode(shuimo::ui::PreviewView::Mode::Split);
                QTest::qWait(300);
                ok = save(window, out, QStringLiteral("regions_painting_%1.png").arg(suffix)) && ok;
            }
            if (!window.close()) std::fprintf(stderr, "take_screenshots: the window did not close\n");
        }
        QSettings().remove(QStringLiteral("userStyles"));
        QFile::remove(shuimo::ui::StudioModel::autosavePath());
        removeTranslators();
    }
    if (onlyRegions) return ok ? 0 : 1;
    // Issue 28: the parameter panel's Advanced section with Wasserstein chosen, in both languages.
    for (const QString& language : {QStringLiteral("en"), QStringLiteral("zh_CN")}) {
        shuimo::ui::installTranslators(app, language);
        shuimo::ui::ParameterPanel panel;
        panel.resize(420, 900);
        panel.show();
        panel.advancedToggle()->setChecked(true);
        if (auto* statistic = qobject_cast<QComboBox*>(panel.fieldEditor("style_loss")))
            statistic->setCurrentIndex(statistic->findData(QStringLiteral("w2")));
        QTest::qWait(100);
        const QString name = QStringLiteral("advanced_w2_%1.png").arg(language.left(2));
        const QString path = QDir(out).filePath(name);
        ok = panel.grab().save(path) && ok;
        std::printf("%s\n", qPrintable(path));
        removeTranslators();
    }
    {
        qputenv("SHUIMO_MODEL_DIR", nothing.toUtf8());
        shuimo::ui::installTranslators(app, QStringLiteral("zh_CN"));
        shuimo::ui::MainWindow window;
        prepare(window, photo, style);
        ok = save(window, out, QStringLiteral("main_window_zh_no_model.png")) && ok;
        QSettings().remove(QStringLiteral("userStyles"));
        window.close();
    }
    removeTranslators();
    {
        qputenv("SHUIMO_MODEL_DIR", models.toUtf8());
        shuimo::ui::installTranslators(app, QStringLiteral("en"));
        shuimo::ui::MainWindow window;
        prepare(window, photo, style);
        QSignalSpy progressed(window.controller(), &shuimo::ui::StyleController::progressed);
        QSignalSpy previews(window.controller(), &shuimo::ui::StyleController::previewReady);
        window.run();
        for (int waited = 0; waited < 120000 && !(progressed.count() >= 60 && previews.count() >= 1); waited += 50) {
            QTest::qWait(50);
        }
        QTest::qWait(200);
        if (progressed.count() < 60) std::fprintf(stderr, "take_screenshots: the painting did not progress\n");
        ok = progressed.count() >= 60 && save(window, out, QStringLiteral("main_window_en_running.png")) && ok;
        window.cancel();
        window.controller()->shutdown();
    }
    removeTranslators();
    // Issue 25: the journey, at both sizes, in both languages.
    qputenv("SHUIMO_MODEL_DIR", models.toUtf8());
    const QString tall = QDir(files.path()).filePath(QStringLiteral("pagoda.png"));
    const QString square = QDir(files.path()).filePath(QStringLiteral("lotus.png"));
    for (const auto& [path, size, colour] : {std::tuple{tall, QSize(400, 600), QColor(184, 200, 208)},
                                              std::tuple{square, QSize(512, 512), QColor(90, 122, 106)}}) {
        QImage image(size, QImage::Format_RGB888);
        image.fill(colour);
        QPainter painter(&image);
        painter.setBrush(QColor(58, 58, 58));
        painter.drawEllipse(QRect(QPoint(size.width() / 4, size.height() / 4), size / 2));
        painter.end();
        image.save(path);
    }
    for (const QString& language : {QStringLiteral("en"), QStringLiteral("zh_CN")}) {
        for (const QSize size : {QSize(1024, 700), QSize(1920, 1080)}) {
            shuimo::ui::installTranslators(app, language);
            const QString name = QStringLiteral("journey_%1_%2x%3_").arg(language.left(2)).arg(size.width()).arg(size.height());
            QSettings().remove(QStringLiteral("window"));
            {
                shuimo::ui::MainWindow window;
                window.prompt().setHook([](const QString&, QMessageBox::StandardButtons) { return QMessageBox::Discard; });
                window.setKnownThroughput(kThroughputGflops);
                window.resize(size);
                window.show();
                if (!QTest::qWaitForWindowExposed(&window)) std::fprintf(stderr, "take_screenshots: the window was not shown\n");
                window.addPaths({photo, tall, square}, false);
                window.addPaths({style}, true);
                shuimo::engine::StyleParams params = window.model()->params();
                params.size = 256;
                params.iterations = 40;
                window.model()->setParams(params);
                QSignalSpy progressed(window.model(), &shuimo::ui::StudioModel::progressed);
                window.model()->selectPhoto(QFileInfo(photo).absoluteFilePath());
                window.run();
                for (int waited = 0; waited < 120000 && progressed.count() < 8; waited += 50) QTest::qWait(50);
                ok = save(window, out, name + QStringLiteral("1_running.png")) && ok;
                window.model()->selectPhoto(QFileInfo(tall).absoluteFilePath());  // mid-run: the first goes on
                window.run();                                                     // this one waits its turn
                QTest::qWait(300);
                ok = save(window, out, name + QStringLiteral("2_switched.png")) && ok;
                window.model()->selectPhoto(QFileInfo(photo).absoluteFilePath());
                for (int waited = 0; waited < 240000 && window.model()->isPainting(); waited += 50) QTest::qWait(50);
                QTest::qWait(300);
                ok = save(window, out, name + QStringLiteral("3_done.png")) && ok;
                const QString exported = QDir(files.path()).filePath(name + QStringLiteral("painting.png"));
                if (const QString error = window.exportResultTo(exported, 8); !error.isEmpty()) {
                    std::fprintf(stderr, "take_screenshots: export failed: %s\n", qPrintable(error));
                    ok = false;
                }
                if (!window.close()) std::fprintf(stderr, "take_screenshots: the window did not close\n");
            }
            QSettings().remove(QStringLiteral("userStyles"));
            QFile::remove(shuimo::ui::StudioModel::autosavePath());
            removeTranslators();
        }
    }
    // Issue 24: the estimate at A3 fitted to the memory (a fixed 23 GB available, so the
    // pixels are the same on every machine) and the Preferences with the memory limit.
    qputenv("SHUIMO_AVAILABLE_MEMORY", "23G");
    for (const QString& language : {QStringLiteral("en"), QStringLiteral("zh_CN")}) {
        shuimo::ui::installTranslators(app, language);
        const QString suffix = language == QStringLiteral("en") ? QStringLiteral("en") : QStringLiteral("zh");
        {
            shuimo::ui::MainWindow window;
            prepare(window, photo, style);
            window.parameterPanel()->outputSize()->setValue(4961);  // A3 at 300 dpi
            QTest::qWait(100);
            ok = save(window, out, QStringLiteral("main_window_%1_a3_estimate.png").arg(suffix)) && ok;
            shuimo::ui::PreferencesDialog preferences(&window);
            preferences.show();
            if (!QTest::qWaitForWindowExposed(&preferences)) std::fprintf(stderr, "take_screenshots: Preferences was not shown\n");
            ok = save(preferences, out, QStringLiteral("preferences_%1.png").arg(suffix)) && ok;
            preferences.close();
            window.close();
            QSettings().remove(QStringLiteral("userStyles"));
        }
        removeTranslators();
    }
    ok = clipJourney(app, out, files.path(), photo, style) && ok;
    return ok ? 0 : 1;
}
