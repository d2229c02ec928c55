// The main window: drag and drop of photos and styles, sliders in sync with
// spin boxes and the engine's parameters, live re-weighting from a slider while
// a job runs, start-up without weights, and the Chinese translation.

#include <QCoreApplication>
#include <QDropEvent>
#include <QMimeData>
#include <QSignalSpy>
#include <QSlider>
#include <QDoubleSpinBox>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTranslator>
#include <QElapsedTimer>
#include <QTimer>
#include <QImageReader>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMenuBar>
#include <QPushButton>
#include <QRegularExpression>
#include <QUndoStack>
#include <QApplication>
#include <QtTest>

#include "gui_test_support.h"
#include "process_setup.h"
#include "message_bar.h"
#include "parameter_panel.h"
#include "photo_strip.h"
#include "preferences.h"
#include "preferences_dialog.h"
#include "size_control.h"
#include "main_window.h"
#include "studio_model.h"
#include "slider_spin.h"
#include "style_controller.h"
#include "style_gallery.h"
#include "preview_view.h"
#include "translations.h"

using namespace shuimo;
using shuimo::engine::IterationReport;

namespace {

void drop(QWidget* window, QWidget* target, const QList<QUrl>& urls) {
    auto* mime = new QMimeData;
    mime->setUrls(urls);
    const QPointF position = target->mapTo(window, target->rect().center());
    QDragEnterEvent enter(position.toPoint(), Qt::CopyAction, mime, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(window, &enter);
    QVERIFY(enter.isAccepted());
    QDropEvent event(position, Qt::CopyAction, mime, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(window, &event);
    QVERIFY(event.isAccepted());
    delete mime;
}

}  // namespace

class TestMainWindow : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("ShuimoTest"));
        QCoreApplication::setApplicationName(QStringLiteral("ShuimoTest"));
        QVERIFY(m_styles.isValid());
        qputenv("SHUIMO_STYLES_DIR", m_styles.path().toUtf8());
        testing::writeImage(m_styles.path(), QStringLiteral("pine_and_rock.png"), 40, 40, true);
        qputenv("XDG_DATA_HOME", m_empty.path().toUtf8());
        qputenv("SHUIMO_MODEL_DIR", testing::weightsDir().path().toUtf8());
    }

    void startsWithoutWeightsAndExplains() {
        qputenv("SHUIMO_MODEL_DIR", m_empty.path().toUtf8());
        ui::MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.messageBar()->isVisible());
        const QString text = window.messageBar()->text();
        QVERIFY2(text.contains(QStringLiteral("No model installed")), qPrintable(text));
        QVERIFY2(text.contains(m_empty.path()), qPrintable(text));  // where it looked
        QVERIFY(text.contains(QStringLiteral("vgg19.safetensors")));  // what to do
        qputenv("SHUIMO_MODEL_DIR", testing::weightsDir().path().toUtf8());
        window.refreshModelStatus();
        QVERIFY(!window.messageBar()->isVisible());
    }

    void dropAddsPhotosAndStyles() {
        QTemporaryDir dir;
        QDir().mkpath(dir.path() + QStringLiteral("/album/inner"));
        const QString a = testing::writeImage(dir.path() + QStringLiteral("/album"), QStringLiteral("a.png"), 32, 24, false);
        testing::writeImage(dir.path() + QStringLiteral("/album/inner"), QStringLiteral("b.jpg"), 32, 24, false);
        QFile text(dir.path() + QStringLiteral("/album/notes.txt"));
        QVERIFY(text.open(QIODevice::WriteOnly));
        text.write("not an image");
        text.close();
        const QString single = testing::writeImage(dir.path(), QStringLiteral("single.png"), 32, 24, false);
        const QString style = testing::writeImage(dir.path(), QStringLiteral("my_ink.png"), 32, 32, true);

        ui::MainWindow window;
        window.setKnownThroughput(10.0);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QCOMPARE(window.styleGallery()->count(), 1);  // the bundled one
        drop(&window, window.previewView(),
             {QUrl::fromLocalFile(dir.path() + QStringLiteral("/album")), QUrl::fromLocalFile(single)});
        QCOMPARE(window.photoStrip()->count(), 3);
        QCOMPARE(window.photoStrip()->currentPhoto(), QFileInfo(a).absoluteFilePath());
        QVERIFY(!window.previewView()->before().isNull());
        QCOMPARE(window.styleGallery()->count(), 1);

        drop(&window, window.styleGallery(), {QUrl::fromLocalFile(style)});
        QCOMPARE(window.styleGallery()->count(), 2);
        QCOMPARE(window.styleGallery()->selectedPaths(), QStringList{QFileInfo(style).absoluteFilePath()});
        QCOMPARE(window.photoStrip()->count(), 3);
    }

    // Issue 24: the estimate at print sizes says tiles and memory, fitted to what the
    // computer has (here said to be 6 GiB); the Preferences limit changes the plan.
    void estimateFitsPrintSizesToTheMemory() {
        qputenv("SHUIMO_AVAILABLE_MEMORY", "6G");
        ui::setMemoryLimitGiB(0.0);
        QTemporaryDir dir;
        const QString photo = testing::writeImage(dir.path(), QStringLiteral("photo.png"), 400, 300, false);
        ui::MainWindow window;
        window.setKnownThroughput(10.0);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        drop(&window, window.previewView(), {QUrl::fromLocalFile(photo)});
        ui::ParameterPanel* panel = window.parameterPanel();
        // "about 3.2 GB of memory" -> 3.2; the tiles of the largest level -> their count.
        auto memory = [&] {
            const QRegularExpression about(QStringLiteral("about ([0-9.]+) (GB|MB) of memory"));
            const auto match = about.match(panel->estimate());
            return match.hasMatch() ? match.captured(1).toDouble() / (match.captured(2) == QStringLiteral("MB") ? 1024.0 : 1.0) : -1.0;
        };
        auto tiles = [&] {
            const auto match = QRegularExpression(QStringLiteral("the largest in (\\d+) tile")).match(panel->estimate());
            return match.hasMatch() ? match.captured(1).toInt() : 0;
        };

        panel->outputSize()->setValue(4961);  // A3 at 300 dpi
        QString text = panel->estimate();
        QVERIFY2(text.contains(QStringLiteral("4961 × 3721 px")), qPrintable(text));
        QVERIFY2(tiles() > 1, qPrintable(text));
        // 6 GiB less a tenth and 0.5 GiB.
        QVERIFY2(text.contains(QStringLiteral("fits the 4.9 GB this computer can give")), qPrintable(text));
        QVERIFY2(memory() > 0.0 && memory() <= 4.9, qPrintable(text));
        const int a3Tiles = tiles();

        panel->outputSize()->setValue(7016);  // A2
        text = panel->estimate();
        const int automaticTiles = tiles();
        QVERIFY2(automaticTiles > 1 && memory() <= 4.9, qPrintable(text));

        // The preference, through its dialog.
        {
            ui::PreferencesDialog dialog(&window);
            auto* limit = dialog.findChild<QDoubleSpinBox*>();
            QVERIFY(limit);
            QCOMPARE(limit->value(), 0.0);
            QCOMPARE(limit->text(), QStringLiteral("Automatic"));
            limit->setValue(2.0);
            dialog.accept();
        }
        QCOMPARE(ui::memoryLimitBytes(), std::uint64_t{2} << 30);
        panel->outputSize()->setValue(4961);
        text = panel->estimate();
        QVERIFY2(text.contains(QStringLiteral("within your limit of 2.0 GB")), qPrintable(text));
        QVERIFY2(tiles() > a3Tiles, qPrintable(text));
        QVERIFY2(memory() > 0.0 && memory() <= 2.0, qPrintable(text));
        // A2's whole image alone does not fit 2 GB beside a tile: smaller, still in tiles, and said so
        // (not the ~900 px that would fit whole).
        panel->outputSize()->setValue(7016);
        text = panel->estimate();
        const auto smaller = QRegularExpression(QStringLiteral("Memory makes it (\\d+) × (\\d+) px")).match(text);
        QVERIFY2(smaller.hasMatch() && smaller.captured(1).toInt() >= 4000 && smaller.captured(1).toInt() < 7016, qPrintable(text));
        QVERIFY2(tiles() > 1 && memory() > 0.0 && memory() <= 2.0, qPrintable(text));
        QVERIFY(automaticTiles > 1);
        ui::setMemoryLimitGiB(0.0);
        qunsetenv("SHUIMO_AVAILABLE_MEMORY");
    }

    void slidersAndSpinBoxesStayInSync_data() {
        QTest::addColumn<double>("weight");
        QTest::newRow("1e4") << 1e4;
        QTest::newRow("3.2e4") << 3.2e4;
        QTest::newRow("1e6") << 1e6;
        QTest::newRow("7.5e7") << 7.5e7;
    }

    void slidersAndSpinBoxesStayInSync() {
        QFETCH(double, weight);
        ui::ParameterPanel panel;
        ui::SliderSpin* style = panel.styleStrength();
        // The exact weight (Advanced) moves the per cent slider (log scale, 1e4 … 1e8) ...
        panel.exactStyleWeight()->setValue(weight);
        QCOMPARE(panel.params().style_weight, weight);
        const double percent = (std::log10(weight) - 4.0) / 4.0 * 100.0;
        QCOMPARE(style->spinBox()->value(), std::round(percent));
        const int position = style->slider()->value();
        QCOMPARE(position, static_cast<int>(std::lround(std::round(percent) * ui::SliderSpin::kSteps / 100.0)));
        QCOMPARE(panel.params().style_weight, weight);  // shown, not written back
        // ... and the per cent sets the weight: one per cent is 4/100 of a decade (9.6 %).
        style->spinBox()->setValue(std::round(percent) + 1);
        const double moved = panel.params().style_weight;
        QVERIFY(moved > weight);
        QVERIFY(moved / weight < std::pow(10.0, 4.0 / 100.0 * 1.5 + 0.001));
        QCOMPARE(panel.exactStyleWeight()->value(), moved);  // the exact box: every digit (issue 25)

        // Linear ones, and the size control, reach the engine's parameters too.
        panel.smoothness()->slider()->setValue(ui::SliderSpin::kSteps / 4);
        QCOMPARE(panel.smoothness()->spinBox()->value(), 25.0);
        QCOMPARE(panel.params().tv_weight, 25.0);
        panel.contentWeight()->spinBox()->setValue(2.5);
        QCOMPARE(panel.contentWeight()->slider()->value(), ui::SliderSpin::kSteps / 4);
        QCOMPARE(panel.params().content_weight, 2.5);
        panel.outputSize()->setValue(1024);
        QCOMPARE(panel.params().size, 1024);
    }

    void undoRestoresAParameterChange() {
        ui::MainWindow window;
        ui::SliderSpin* smoothness = window.parameterPanel()->smoothness();
        const double before = smoothness->value();
        smoothness->spinBox()->setValue(12.0);
        QTRY_COMPARE(window.undoStack()->count(), 1);  // after the debounce
        window.undoStack()->undo();
        QCOMPARE(smoothness->value(), before);
        window.undoStack()->redo();
        QCOMPARE(smoothness->value(), 12.0);
    }

    // A slider moved during a run changes the weights the engine reports within a
    // few evaluations, and the job goes on (iteration numbers continue; one job).
    void sliderDuringARunReweightsWithoutRestart() {
        QTemporaryDir dir;
        const QString photo = testing::writeImage(dir.path(), QStringLiteral("photo.png"), 64, 48, false);
        ui::MainWindow window;
        window.setKnownThroughput(10.0);  // no throughput probe ahead of the job
        window.addPaths({photo}, false);
        window.styleGallery()->setSelected(window.styleGallery()->entries().first().path, true);
        engine::StyleParams params = window.parameterPanel()->params();
        params.size = 48;
        params.iterations = 14;
        params.device = "cpu";
        params.optimizer = engine::OptimizerKind::Adam;
        window.model()->setParams(params);

        ui::StyleController* controller = window.controller();
        QSignalSpy progressed(controller, &ui::StyleController::progressed);
        QSignalSpy finished(controller, &ui::StyleController::jobFinished);
        // The whole window (progress text, loss curve, previews) keeps the event loop free.
        QElapsedTimer clock;
        qint64 last = -1;
        qint64 maxGap = 0;
        QTimer timer;
        timer.setTimerType(Qt::PreciseTimer);
        timer.setInterval(10);
        connect(&timer, &QTimer::timeout, this, [&] {
            const qint64 now = clock.elapsed();
            if (last >= 0 && progressed.count() > 0 && controller->isBusy()) maxGap = qMax(maxGap, now - last);
            last = now;
        });
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        clock.start();
        timer.start();
        window.run();
        QVERIFY(controller->isBusy());
        QTRY_VERIFY_WITH_TIMEOUT(progressed.count() >= 2, 60000);
        const int seenAtChange = progressed.count();
        window.parameterPanel()->styleStrength()->slider()->setValue(
            window.parameterPanel()->styleStrength()->slider()->value() - 100);
        const double newStyle = window.parameterPanel()->params().style_weight;
        QVERIFY(newStyle < params.style_weight);
        QVERIFY(finished.wait(60000));
        timer.stop();
        qInfo("window event loop: largest gap %lld ms while the worker computed", maxGap);
        QVERIFY2(maxGap < 50, qPrintable(QStringLiteral("largest gap %1 ms").arg(maxGap)));
        QCOMPARE(finished.count(), 1);
        QCOMPARE(progressed.count(), 14);
        int firstChanged = 0;
        for (int i = 0; i < progressed.count(); ++i) {
            const auto report = progressed.at(i).at(0).value<IterationReport>();
            QCOMPARE(report.iteration, i + 1);  // never restarted
            if (firstChanged == 0 && report.weights.style == newStyle) firstChanged = report.iteration;
        }
        QVERIFY(firstChanged > seenAtChange);
        // Queued reports may lag the worker by a few evaluations, never by the whole job.
        QVERIFY2(firstChanged <= seenAtChange + 4, qPrintable(QStringLiteral("%1 vs %2").arg(firstChanged).arg(seenAtChange)));
        QVERIFY(window.hasResult());

        // The result exports with its settings, and never over the photo.
        QVERIFY(window.exportAction()->isEnabled());
        const QString out = dir.filePath(QStringLiteral("painting.png"));
        QCOMPARE(window.exportResultTo(out, 16), QString());
        QImageReader reader(out);
        const QJsonObject settings =
            QJsonDocument::fromJson(reader.text(QStringLiteral("ShuimoSettings")).toUtf8()).object();
        QCOMPARE(settings.value(QStringLiteral("params")).toObject().value(QStringLiteral("style_weight")).toDouble(), newStyle);
        QCOMPARE(settings.value(QStringLiteral("content")).toString(), QFileInfo(photo).absoluteFilePath());
        QVERIFY(QFile::exists(out + QStringLiteral(".json")));
        QCOMPARE(reader.read().size(), QSize(48, 36));  // params.size is the long side of the 64x48 photo's painting
        QVERIFY(!window.exportResultTo(photo, 8).isEmpty());
    }

    // Any other change during a run (here the iterations) restarts the job; the newest wins.
    void otherChangesDuringARunRestart() {
        QTemporaryDir dir;
        const QString photo = testing::writeImage(dir.path(), QStringLiteral("photo.png"), 64, 48, false);
        ui::MainWindow window;
        window.setKnownThroughput(10.0);
        window.addPaths({photo}, false);
        window.styleGallery()->setSelected(window.styleGallery()->entries().first().path, true);
        engine::StyleParams params = window.parameterPanel()->params();
        params.size = 64;  // the smallest the size box offers
        params.iterations = 3000;
        params.device = "cpu";
        params.optimizer = engine::OptimizerKind::Adam;
        window.model()->setParams(params);
        ui::StyleController* controller = window.controller();
        QSignalSpy progressed(controller, &ui::StyleController::progressed);
        QSignalSpy finished(controller, &ui::StyleController::jobFinished);
        window.run();
        const quint64 first = controller->currentJobId();
        QTRY_VERIFY_WITH_TIMEOUT(progressed.count() >= 1, 60000);
        params.iterations = 10;
        window.model()->setParams(params);
        QTRY_VERIFY_WITH_TIMEOUT(controller->currentJobId() > first, 5000);  // after the debounce
        QVERIFY(finished.wait(60000));
        QCOMPARE(finished.count(), 1);
        QVERIFY(!finished.first().at(1).value<ui::JobOutcome>().cancelled);
        QCOMPARE(finished.first().at(1).value<ui::JobOutcome>().iterationsRun, 10);
        const auto last = progressed.last().at(0).value<IterationReport>();
        QCOMPARE(last.iteration, 10);
        QCOMPARE(last.total_iterations, 10);
    }

    // What failed decides the fix offered, from the error's kind: damaged
    // weights offer the Models dialog; an unreadable photo does not, even when
    // its name (so the message) says "weights".
    void failureKindDecidesTheFixOffered() {
        QTemporaryDir dir;
        const QString photo = testing::writeImage(dir.path(), QStringLiteral("my_weights.png"), 64, 48, false);
        ui::MainWindow window;
        window.setKnownThroughput(10.0);
        window.addPaths({photo}, false);
        window.styleGallery()->setSelected(window.styleGallery()->entries().first().path, true);
        engine::StyleParams params = window.parameterPanel()->params();
        params.size = 48;
        params.iterations = 3;
        params.device = "cpu";
        params.optimizer = engine::OptimizerKind::Adam;
        window.model()->setParams(params);
        auto modelsOffered = [&window] {
            for (const QPushButton* button : window.messageBar()->findChildren<QPushButton*>()) {
                if (!button->isHidden() && button->text() == QStringLiteral("Models…")) return true;
            }
            return false;
        };
        QSignalSpy failed(window.controller(), &ui::StyleController::failed);

        QVERIFY(QFile::remove(photo));
        window.run();
        QVERIFY(failed.wait(60000));
        QCOMPARE(failed.last().at(1).value<ui::ErrorKind>(), ui::ErrorKind::ImageIo);
        QVERIFY2(window.messageBar()->text().contains(QStringLiteral("my_weights.png")), qPrintable(window.messageBar()->text()));
        QVERIFY(!modelsOffered());

        testing::writeImage(dir.path(), QStringLiteral("my_weights.png"), 64, 48, false);
        QFile damaged(dir.filePath(QStringLiteral("vgg19.safetensors")));
        QVERIFY(damaged.open(QIODevice::WriteOnly));
        damaged.write("not a safetensors file");
        damaged.close();
        qputenv("SHUIMO_MODEL_DIR", dir.path().toUtf8());
        window.run();
        qputenv("SHUIMO_MODEL_DIR", testing::weightsDir().path().toUtf8());
        QVERIFY(failed.wait(60000));
        QCOMPARE(failed.last().at(1).value<ui::ErrorKind>(), ui::ErrorKind::Weights);
        QVERIFY(modelsOffered());
    }

    void chineseTranslationLoads() {
        QVERIFY(ui::installTranslators(*QCoreApplication::instance(), QStringLiteral("zh_CN")));
        ui::MainWindow window;
        QStringList titles;
        for (QAction* action : window.menuBar()->actions()) titles << action->text();
        QVERIFY2(titles.contains(QStringLiteral("文件(&F)")), qPrintable(titles.join(QLatin1Char(','))));
        QCOMPARE(window.windowTitle(), QStringLiteral("水墨"));
        QCOMPARE(ui::resolveLanguage(QStringLiteral("en")), QStringLiteral("en"));
        QCOMPARE(ui::resolveLanguage(QStringLiteral("zh_CN")), QStringLiteral("zh_CN"));
        for (QTranslator* translator : QCoreApplication::instance()->findChildren<QTranslator*>()) {
            QCoreApplication::removeTranslator(translator);
        }
    }

private:
    QTemporaryDir m_styles;
    QTemporaryDir m_empty;
};

// As the app does: OpenMP threads sleep while they wait, so the event loop gets the CPU.
int main(int argc, char** argv) {
    shuimo::ui::preferPassiveOpenMpWaits(argv);
    QApplication app(argc, argv);
    TestMainWindow test;
    return QTest::qExec(&test, argc, argv);
}
#include "tst_main_window.moc"
