// Issue 14, "never lose a painting", through the main window: a run belongs to
// its photo (switching photos neither cancels nor drops it; Run on another photo
// waits its turn), every run is kept as a version, Export writes the selected
// photo's selected painting under that photo's name, quitting with unsaved work
// asks, a session saved and opened is the same document, photos are checked on
// add and can be removed, and finishing edits re-finish without a run.

#include <QApplication>
#include <QElapsedTimer>
#include <QTimer>
#include <QFile>
#include <QImageReader>
#include <QJsonDocument>
#include <QJsonObject>
#include <QKeyEvent>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>
#include <random>

#include "export_controller.h"
#include "gui_test_support.h"
#include "time_limits.h"
#include "main_window.h"
#include "message_bar.h"
#include "parameter_panel.h"
#include "photo_strip.h"
#include "preview_view.h"
#include "process_setup.h"
#include "studio_model.h"
#include "shuimo/engine/ink_output.h"
#include "shuimo/session/session_file.h"
#include "style_controller.h"
#include "style_gallery.h"
#include "versions_strip.h"

using namespace shuimo;

using testing::madePainting;
using testing::noisePicture;

class TestSessionWindow : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("ShuimoTest"));
        QCoreApplication::setApplicationName(QStringLiteral("ShuimoSessionTest"));
        QVERIFY(m_styles.isValid());
        qputenv("SHUIMO_STYLES_DIR", m_styles.path().toUtf8());
        testing::writeImage(m_styles.path(), QStringLiteral("pine_and_rock.png"), 40, 40, true);
        qputenv("XDG_DATA_HOME", m_dir.path().toUtf8());
        qputenv("SHUIMO_MODEL_DIR", testing::weightsDir().path().toUtf8());
        m_cat = testing::writeImage(m_dir.path(), QStringLiteral("cat.png"), 64, 48, false);
        m_astronaut = testing::writeImage(m_dir.path(), QStringLiteral("astronaut.png"), 48, 64, false);
        m_square = testing::writeImage(m_dir.path(), QStringLiteral("square.png"), 40, 40, false);
    }

    void init() {
        QFile::remove(ui::StudioModel::autosavePath());  // each test starts with an empty session
    }

    void switchingPhotosDuringARunKeepsBothPaintings() {
        ui::MainWindow window;
        window.setKnownThroughput(10.0);
        QCOMPARE(window.addPaths({m_cat, m_astronaut}, false), 2);
        window.styleGallery()->setSelected(window.styleGallery()->entries().first().path, true);
        engine::StyleParams params = window.parameterPanel()->params();
        params.size = 48;
        params.iterations = 150;
        params.scales = 1;
        params.device = "cpu";
        params.optimizer = engine::OptimizerKind::Adam;
        window.model()->setParams(params);
        ui::StyleController* controller = window.controller();
        QSignalSpy progressed(controller, &ui::StyleController::progressed);
        QSignalSpy finished(controller, &ui::StyleController::jobFinished);

        window.photoStrip()->setCurrentPhoto(m_cat);
        window.run();
        const quint64 catJob = controller->currentJobId();
        QTRY_VERIFY_WITH_TIMEOUT(progressed.count() >= 1, testing::engineWaitMs(60000));
        window.photoStrip()->setCurrentPhoto(m_astronaut);  // the cat's run goes on
        QVERIFY(controller->isBusy());
        QCOMPARE(controller->currentJobId(), catJob);
        QVERIFY(window.photoStrip()->badge(m_cat).running);
        params.iterations = 10;
        window.model()->setParams(params);  // an edit here does not restart the cat's run
        window.run();                                // the astronaut waits its turn
        QCOMPARE(controller->currentJobId(), catJob);
        QVERIFY(window.photoStrip()->badge(m_astronaut).queued);
        QTRY_VERIFY(!window.editsPending());  // every debounce the edit started has run its course
        QCOMPARE(controller->currentJobId(), catJob);

        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 2, testing::engineWaitMs(180000));
        QVERIFY(!controller->isBusy());
        const session::Session& document = window.model()->session();
        const session::Photo* cat = document.photo(m_cat);
        const session::Photo* astronaut = document.photo(m_astronaut);
        QCOMPARE(cat->paintings.size(), std::size_t{1});
        QCOMPARE(astronaut->paintings.size(), std::size_t{1});
        QCOMPARE(cat->paintings[0].params.iterations, 150);
        QCOMPARE(cat->paintings[0].end, session::PaintingEnd::Finished);
        QCOMPARE(cat->paintings[0].iterations_run, 150);
        QCOMPARE(astronaut->paintings[0].params.iterations, 10);
        QVERIFY(!cat->paintings[0].raw.empty());
        QCOMPARE(QSize(cat->paintings[0].image.width, cat->paintings[0].image.height), QSize(48, 36));
        QCOMPARE(QSize(astronaut->paintings[0].image.width, astronaut->paintings[0].image.height), QSize(36, 48));
        QCOMPARE(window.photoStrip()->badge(m_cat).paintings, 1);
        QVERIFY(!window.photoStrip()->badge(m_astronaut).queued);

        // Back on the cat: its painting, not the bare photo nor the astronaut's.
        window.photoStrip()->setCurrentPhoto(m_cat);
        QCOMPARE(window.previewView()->after(), ui::toQImage(cat->paintings[0].image));
        window.photoStrip()->setCurrentPhoto(m_astronaut);
        QCOMPARE(window.previewView()->after(), ui::toQImage(astronaut->paintings[0].image));

        // A cancelled run is kept too, as a version marked so.
        params.iterations = 3000;
        window.model()->setParams(params);
        window.run();
        QTRY_VERIFY_WITH_TIMEOUT(progressed.count() >= 170, testing::engineWaitMs(60000));
        // Quitting now asks (a painting in progress), and Cancel leaves the run going.
        QStringList asked;
        window.prompt().setHook([&](const QString& question, QMessageBox::StandardButtons buttons) {
            asked << question;
            return buttons.testFlag(QMessageBox::Discard) ? QMessageBox::Cancel : QMessageBox::Yes;
        });
        window.show();
        QVERIFY(!window.close());
        QCOMPARE(asked.size(), 1);
        QVERIFY2(asked.first().contains(QStringLiteral("in progress")), qPrintable(asked.first()));
        QVERIFY(controller->isBusy());
        window.cancel();
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 3, testing::engineWaitMs(60000));
        QCOMPARE(astronaut->paintings.size(), std::size_t{2});
        QCOMPARE(astronaut->paintings[1].end, session::PaintingEnd::Cancelled);
        QCOMPARE(astronaut->current, 1);
        // SHUIMO_SCREENSHOT_DIR: the window with its badges and versions, to look at.
        if (const QString shots = qEnvironmentVariable("SHUIMO_SCREENSHOT_DIR"); !shots.isEmpty()) {
            window.resize(1024, 700);
            window.show();
            QVERIFY(QTest::qWaitForWindowExposed(&window));
            QTest::qWait(200);
            QVERIFY(window.grab().save(QDir(shots).filePath(QStringLiteral("session_versions.png"))));
        }
    }

    void exportWritesTheSelectedPhotosPainting() {
        QTemporaryDir out;
        ui::MainWindow window;
        window.addPaths({m_cat, m_astronaut, m_square}, false);
        const QString style = window.styleGallery()->entries().first().path;
        const engine::StyleParams params = window.parameterPanel()->params();
        ui::StudioModel* session = window.model();
        session->addVersion(m_cat, madePainting(params, style, 1));
        session->addVersion(m_astronaut, madePainting(params, style, 2));

        window.photoStrip()->setCurrentPhoto(m_square);  // no painting: nothing to export
        QVERIFY(!window.exportAction()->isEnabled());
        window.photoStrip()->setCurrentPhoto(m_cat);
        QVERIFY(window.exportAction()->isEnabled());
        const auto* exporter = window.findChild<ui::ExportController*>();
        QCOMPARE(QFileInfo(exporter->suggestedPath()).fileName(), QStringLiteral("cat_shuimo.png"));
        window.photoStrip()->setCurrentPhoto(m_astronaut);
        QCOMPARE(QFileInfo(exporter->suggestedPath()).fileName(), QStringLiteral("astronaut_shuimo.png"));

        window.photoStrip()->setCurrentPhoto(m_cat);
        const QString file = out.filePath(QStringLiteral("cat_shuimo.png"));
        QCOMPARE(window.exportResultTo(file, 8), QString());
        QImageReader reader(file);
        const QJsonObject settings = QJsonDocument::fromJson(reader.text(QStringLiteral("ShuimoSettings")).toUtf8()).object();
        QCOMPARE(settings.value(QStringLiteral("content")).toString(), QFileInfo(m_cat).absoluteFilePath());
        const QImage written = reader.read().convertToFormat(QImage::Format_RGB888);
        QCOMPARE(written, ui::toQImage(session->session().photo(m_cat)->paintings[0].image));
        QVERIFY(written != ui::toQImage(session->session().photo(m_astronaut)->paintings[0].image));
        QCOMPARE(session->session().photo(m_cat)->paintings[0].exported_to, QFileInfo(file).absoluteFilePath());
        QCOMPARE(session->session().unexported_paintings(), 1);

        // Its settings load back (text chunk, and the sidecar alone).
        engine::StyleParams other = params;
        other.tv_weight = 7.0;
        window.model()->setParams(other);
        QCOMPARE(window.loadSettingsFrom(file), QString());
        QCOMPARE(window.parameterPanel()->params().tv_weight, params.tv_weight);
        window.model()->setParams(other);
        QCOMPARE(window.loadSettingsFrom(file + QStringLiteral(".json")), QString());
        QCOMPARE(window.parameterPanel()->params().tv_weight, params.tv_weight);
        QVERIFY(window.loadSettingsFrom(m_square).contains(QStringLiteral("no Shuimo settings")));
    }

    // Issue 24: a run cancelled in a coarse level is kept at that level's size (not
    // blown up), said so, exported only as the artist chooses, and continued from.
    void aRunStoppedInACoarseLevelIsKeptSmallAndCanBeContinued() {
        ui::MainWindow window;
        window.setKnownThroughput(10.0);
        QCOMPARE(window.addPaths({m_cat}, false), 1);  // 64 x 48
        window.styleGallery()->setSelected(window.styleGallery()->entries().first().path, true);
        engine::StyleParams params = window.parameterPanel()->params();
        params.size = 64;
        params.scales = 2;
        params.min_size = 32;
        params.level_iterations = {400, 4};
        params.iterations = 404;
        params.device = "cpu";
        params.optimizer = engine::OptimizerKind::Adam;
        window.model()->setParams(params);
        ui::StyleController* controller = window.controller();
        QSignalSpy progressed(controller, &ui::StyleController::progressed);
        QSignalSpy finished(controller, &ui::StyleController::jobFinished);
        window.photoStrip()->setCurrentPhoto(m_cat);
        window.run();
        QTRY_VERIFY_WITH_TIMEOUT(progressed.count() >= 3, testing::engineWaitMs(60000));
        window.cancel();
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, testing::engineWaitMs(60000));
        QVERIFY(progressed.last().at(0).value<engine::IterationReport>().scale == 0);  // it stopped in level 0
        const session::Photo* cat = window.model()->session().photo(m_cat);
        QCOMPARE(cat->paintings.size(), std::size_t{1});
        const session::Painting& stopped = cat->paintings[0];
        QCOMPARE(stopped.end, session::PaintingEnd::Cancelled);
        QCOMPARE(QSize(stopped.image.width, stopped.image.height), QSize(32, 24));
        QCOMPARE(QSize(stopped.raw.width, stopped.raw.height), QSize(32, 24));
        QVERIFY2(window.versionsStrip()->item(0)->toolTip().contains(QStringLiteral("stopped at 32 × 24 of 64 × 48")),
                 qPrintable(window.versionsStrip()->item(0)->toolTip()));

        // Export: not without a choice; as it is; enlarged to the output's size, and the file says so.
        QTemporaryDir out;
        const QString refused = out.filePath(QStringLiteral("refused.png"));
        const QString why = window.exportResultTo(refused, 8);
        QVERIFY2(why.contains(QStringLiteral("stopped at 32 × 24")), qPrintable(why));
        QVERIFY(!QFile::exists(refused));
        const QString asIs = out.filePath(QStringLiteral("as_is.png"));
        QCOMPARE(window.exportResultTo(asIs, 8, ui::ExportController::Unfinished::AsIs), QString());
        QCOMPARE(QImageReader(asIs).size(), QSize(32, 24));
        const QString enlarged = out.filePath(QStringLiteral("enlarged.png"));
        QCOMPARE(window.exportResultTo(enlarged, 8, ui::ExportController::Unfinished::Upscaled), QString());
        QImageReader reader(enlarged);
        QCOMPARE(reader.size(), QSize(64, 48));
        const QJsonObject settings = QJsonDocument::fromJson(reader.text(QStringLiteral("ShuimoSettings")).toUtf8()).object();
        QCOMPARE(settings.value(QStringLiteral("stopped_at")).toString(), QStringLiteral("32x24"));
        QVERIFY(settings.value(QStringLiteral("upscaled")).toBool());

        // Continue Painting: the rest of level 0 and level 1, from the stopped image, recorded with its settings.
        const int spent = stopped.iterations_run;
        QVERIFY(spent >= 3 && spent < 400);
        window.continuePainting(0);
        QVERIFY(controller->isBusy());
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 2, testing::engineWaitMs(120000));
        cat = window.model()->session().photo(m_cat);
        QCOMPARE(cat->paintings.size(), std::size_t{2});
        const session::Painting& continued = cat->paintings[1];
        QCOMPARE(continued.end, session::PaintingEnd::Finished);
        QCOMPARE(QSize(continued.image.width, continued.image.height), QSize(64, 48));
        QCOMPARE(continued.params, cat->paintings[0].params);
        QCOMPARE(continued.iterations_run, 404);  // nothing run twice
        // It went on from the stopped image: its first evaluation already had content loss
        // (started from the content photo, Adam's first evaluation has none).
        const auto reports = progressed.mid(progressed.size() - (404 - spent));
        QVERIFY(reports.first().at(0).value<engine::IterationReport>().content_loss > 0.0);
        QCOMPARE(reports.last().at(0).value<engine::IterationReport>().width, 64);
        QCOMPARE(window.exportResultTo(out.filePath(QStringLiteral("full.png")), 8), QString());  // no choice needed now
    }

    // Issue 24: saving a 200 MB session (here Save; quitting writes the autosave the same
    // way) leaves the event loop running, writes the document as it was when the save
    // began, and a change made meanwhile keeps the document "modified".
    void savingALargeSessionKeepsTheWindowResponsive() {
        ui::MainWindow window;
        window.addPaths({m_cat}, false);
        ui::StudioModel* controller = window.model();
        session::Session document = controller->session();
        engine::StyleParams params;
        for (unsigned i = 0; i < 3; ++i) {
            session::Painting painting = madePainting(params, window.styleGallery()->entries().first().path, i);
            painting.name = QStringLiteral("Version %1").arg(i + 1);
            painting.image = noisePicture(3000, 2000, 10 + i);  // noise: the file cannot compress it
            painting.raw = noisePicture(3000, 2000, 20 + i);
            document.add_painting(0, std::move(painting));
        }
        controller->setSession(document);
        QTemporaryDir out;
        const QString file = out.filePath(QStringLiteral("large.shuimo"));

        QElapsedTimer clock;
        qint64 last = -1, maxGap = 0;
        int ticks = 0;
        bool changed = false;
        QTimer timer;
        timer.setTimerType(Qt::PreciseTimer);
        timer.setInterval(10);
        connect(&timer, &QTimer::timeout, this, [&] {
            const qint64 now = clock.elapsed();
            if (last >= 0) maxGap = qMax(maxGap, now - last);
            last = now;
            if (++ticks == 3 && controller->isSaving()) {
                controller->selectVersion(m_cat, 0);  // an edit while the file is written
                changed = true;
            }
        });
        clock.start();
        timer.start();
        QCOMPARE(window.saveSessionTo(file), QString());
        const qint64 took = clock.elapsed();
        timer.stop();
        qInfo("saved %lld MB in %lld ms: %d ticks, largest gap %lld ms", QFileInfo(file).size() >> 20, took, ticks, maxGap);
        QVERIFY(QFileInfo(file).size() > 200ll << 20);
        QVERIFY2(changed, "the save ended before the edit could be made: it did not run the event loop");
        QVERIFY2(maxGap < 150, qPrintable(QStringLiteral("largest gap %1 ms").arg(maxGap)));
        QVERIFY(controller->isModified());  // the edit is not in the file
        const session::Session written = session::load_session(file);
        QCOMPARE(written.photos.at(0).current, document.photos.at(0).current);
        QCOMPARE(written.photos.at(0).paintings, document.photos.at(0).paintings);
        QCOMPARE(controller->session().photos.at(0).current, 0);
    }

    void versionsCanBePickedComparedAndDeleted() {
        ui::MainWindow window;
        window.addPaths({m_cat}, false);
        const QString style = window.styleGallery()->entries().first().path;
        ui::StudioModel* session = window.model();
        session->addVersion(m_cat, madePainting(window.parameterPanel()->params(), style, 10));
        session->addVersion(m_cat, madePainting(window.parameterPanel()->params(), style, 20));
        const session::Photo* cat = session->session().photo(m_cat);
        QCOMPARE(window.versionsStrip()->count(), 2);
        QCOMPARE(cat->current, 1);
        QCOMPARE(window.previewView()->after(), ui::toQImage(cat->paintings[1].image));
        window.versionsStrip()->item(1)->setSelected(false);
        window.versionsStrip()->item(0)->setSelected(true);  // pick the first
        QCOMPARE(cat->current, 0);
        QCOMPARE(window.previewView()->after(), ui::toQImage(cat->paintings[0].image));
        window.versionsStrip()->item(1)->setSelected(true);  // two selected: compared
        QCOMPARE(window.previewView()->before(), ui::toQImage(cat->paintings[0].image));
        QCOMPARE(window.previewView()->after(), ui::toQImage(cat->paintings[1].image));
        window.model()->removeVersion(m_cat, 0);
        QCOMPARE(cat->paintings.size(), std::size_t{1});
        QCOMPARE(window.versionsStrip()->count(), 1);
        QCOMPARE(window.previewView()->after(), ui::toQImage(cat->paintings[0].image));
        QVERIFY(!window.previewView()->before().isNull());
        QVERIFY(window.previewView()->before() != window.previewView()->after());  // the photo again
    }

    void quittingWithUnsavedWorkAsks() {
        QTemporaryDir out;
        QStringList asked;
        QMessageBox::StandardButton answer = QMessageBox::Cancel;
        const auto hook = [&](const QString& question, QMessageBox::StandardButtons) {
            asked << question;
            return answer;
        };
        {
            ui::MainWindow window;
            window.prompt().setHook(hook);
            window.addPaths({m_cat}, false);
            window.show();
            window.model()->addVersion(m_cat, madePainting(window.parameterPanel()->params(),
                                                                       window.styleGallery()->entries().first().path, 3));
            QVERIFY(!window.close());  // Cancel: stays
            QCOMPARE(asked.size(), 1);
            QVERIFY2(asked.first().contains(QStringLiteral("1 painting")), qPrintable(asked.first()));
            QVERIFY(window.isVisible());
            answer = QMessageBox::Discard;
            QVERIFY(window.close());
            QCOMPARE(asked.size(), 2);
            QVERIFY(!QFile::exists(ui::StudioModel::autosavePath()));  // discarded
        }
        session::Session saved;
        {
            ui::MainWindow window;
            window.prompt().setHook(hook);
            QCOMPARE(window.photoStrip()->count(), 0);
            window.addPaths({m_cat, m_astronaut}, false);
            window.model()->addVersion(m_astronaut, madePainting(window.parameterPanel()->params(),
                                                                             window.styleGallery()->entries().first().path, 4));
            QCOMPARE(window.saveSessionTo(out.filePath(QStringLiteral("work.shuimo"))), QString());
            saved = window.model()->session();
            QVERIFY(window.close());  // saved: no question, the session is autosaved
            QCOMPARE(asked.size(), 2);
            QVERIFY(QFile::exists(ui::StudioModel::autosavePath()));
        }
        {
            ui::MainWindow window;  // the last session comes back
            QVERIFY(window.model()->session() == saved);
            QCOMPARE(window.photoStrip()->photos(), (QStringList{QFileInfo(m_cat).absoluteFilePath(), QFileInfo(m_astronaut).absoluteFilePath()}));
            QCOMPARE(window.photoStrip()->badge(m_astronaut).paintings, 1);
        }
    }

    void sessionSavedAndOpenedIsTheSameDocument() {
        QTemporaryDir out;
        const QString file = out.filePath(QStringLiteral("s.shuimo"));
        session::Session original;
        {
            ui::MainWindow window;
            window.addPaths({m_cat, m_astronaut, m_square}, false);
            const QString style = window.styleGallery()->entries().first().path;
            engine::StyleParams params = window.parameterPanel()->params();
            params.style_weight = 3.3e5;
            params.monochrome_ink = true;
            window.model()->addVersion(m_cat, madePainting(params, style, 5));
            window.model()->addVersion(m_cat, madePainting(params, style, 6));
            window.model()->addVersion(m_square, madePainting(params, style, 7));
            window.model()->selectVersion(m_cat, 0);
            window.photoStrip()->setCurrentPhoto(m_square);
            QCOMPARE(window.saveSessionTo(file), QString());
            original = window.model()->session();
        }
        ui::MainWindow window;
        QCOMPARE(window.openSessionFrom(file), QString());
        QVERIFY(window.model()->session() == original);
        QCOMPARE(window.photoStrip()->count(), 3);
        QCOMPARE(window.photoStrip()->currentPhoto(), QFileInfo(m_square).absoluteFilePath());
        QCOMPARE(window.previewView()->after(), ui::toQImage(original.photo(m_square)->paintings[0].image));

        // A damaged file is refused with the reason, and the open session stays as it was.
        QFile damaged(out.filePath(QStringLiteral("bad.shuimo")));
        QVERIFY(damaged.open(QIODevice::WriteOnly));
        damaged.write("SHUIMO-SESS");
        damaged.close();
        const QString error = window.openSessionFrom(damaged.fileName());
        QVERIFY2(error.contains(QStringLiteral("cut short")), qPrintable(error));
        QVERIFY(window.model()->session() == original);
    }

    void badPhotoIsRefusedOnAdd() {
        QTemporaryDir dir;
        const QString fake = dir.filePath(QStringLiteral("holiday.png"));
        QFile text(fake);
        QVERIFY(text.open(QIODevice::WriteOnly));
        text.write("this is a text file, renamed");
        text.close();
        ui::MainWindow window;
        window.show();
        QCOMPARE(window.addPaths({m_cat}, false), 1);
        QCOMPARE(window.addPaths({fake}, false), 0);
        QCOMPARE(window.photoStrip()->count(), 1);
        QCOMPARE(window.model()->session().photos.size(), std::size_t{1});
        QVERIFY(window.messageBar()->isVisible());
        QVERIFY2(window.messageBar()->text().contains(QStringLiteral("holiday.png")), qPrintable(window.messageBar()->text()));
        QCOMPARE(window.photoStrip()->currentPhoto(), QFileInfo(m_cat).absoluteFilePath());
    }

    void photosCanBeRemovedAndMoved() {
        ui::MainWindow window;
        QStringList asked;
        window.prompt().setHook([&](const QString& question, QMessageBox::StandardButtons) {
            asked << question;
            return QMessageBox::Yes;
        });
        window.addPaths({m_cat, m_astronaut, m_square}, false);
        window.show();
        const QString cat = QFileInfo(m_cat).absoluteFilePath();
        const QString astronaut = QFileInfo(m_astronaut).absoluteFilePath();
        const QString square = QFileInfo(m_square).absoluteFilePath();
        window.photoStrip()->movePhoto(square, -2);
        QCOMPARE(window.photoStrip()->photos(), (QStringList{square, cat, astronaut}));
        QCOMPARE(window.model()->session().photos[0].path, square);

        window.photoStrip()->setCurrentPhoto(astronaut);
        window.photoStrip()->setFocus();
        QTest::keyClick(window.photoStrip(), Qt::Key_Delete);
        QCOMPARE(window.photoStrip()->photos(), (QStringList{square, cat}));
        QCOMPARE(window.model()->session().photos.size(), std::size_t{2});
        QVERIFY(asked.isEmpty());  // no paintings: nothing to ask

        window.model()->addVersion(cat, madePainting(window.parameterPanel()->params(),
                                                                 window.styleGallery()->entries().first().path, 8));
        window.removePhoto(cat);
        QCOMPARE(asked.size(), 1);  // it had a painting
        QCOMPARE(window.photoStrip()->photos(), QStringList{square});
        QVERIFY(window.model()->session().photo(cat) == nullptr);
    }

    void finishingIsReappliedWithoutARun() {
        ui::MainWindow window;
        window.addPaths({m_cat}, false);
        ui::StudioModel* session = window.model();
        engine::StyleParams params = window.parameterPanel()->params();
        params.colour_strength = 1.0;
        params.preserve_colors = false;
        params.monochrome_ink = false;
        window.model()->setParams(params);
        params = window.parameterPanel()->params();
        session->addVersion(m_cat, madePainting(params, window.styleGallery()->entries().first().path, 9));
        const session::Photo* cat = session->session().photo(m_cat);
        QTRY_VERIFY(!window.editsPending());
        QCOMPARE(cat->paintings.size(), std::size_t{1});  // nothing changed: nothing re-finished

        QSignalSpy started(window.controller(), &ui::StyleController::busyChanged);
        params.colour_strength = 0.0;
        window.model()->setParams(params);
        QTRY_COMPARE(cat->paintings.size(), std::size_t{2});
        QCOMPARE(started.count(), 0);  // no job
        QCOMPARE(window.controller()->currentJobId(), quint64{0});
        const session::Painting& refinished = cat->paintings[1];
        QVERIFY(refinished.refinished);
        QCOMPARE(cat->current, 1);
        QCOMPARE(refinished.params.colour_strength, 0.0);
        const engine::Image raw = session::to_image(cat->paintings[0].raw);
        QCOMPARE(refinished.image, session::to_picture(engine::mix_colour_strength(raw, raw, 0.0)));
        QVERIFY(refinished.image != cat->paintings[0].image);
        QCOMPARE(window.previewView()->after(), ui::toQImage(refinished.image));

        // Monochrome ink on a given paper, from the same unfinished image.
        params.colour_strength = 1.0;
        params.monochrome_ink = true;
        params.paper_colour = std::array<float, 3>{0.95f, 0.9f, 0.8f};
        window.model()->setParams(params);
        QTRY_COMPARE(cat->paintings.size(), std::size_t{3});
        const engine::Image inked = engine::monochrome_ink(raw, {0.95f, 0.9f, 0.8f});
        QCOMPARE(cat->paintings[2].image, session::to_picture(inked));
        // Another kind of change is not a finishing: nothing re-finished (the next Run paints).
        params.iterations += 7;
        window.model()->setParams(params);
        QTRY_VERIFY(!window.editsPending());  // everything the edit leads to has happened
        QCOMPARE(cat->paintings.size(), std::size_t{3});
    }

private:
    QTemporaryDir m_styles;
    QTemporaryDir m_dir;
    QString m_cat;
    QString m_astronaut;
    QString m_square;
};

int main(int argc, char** argv) {
    shuimo::ui::preferPassiveOpenMpWaits(argv);
    QApplication app(argc, argv);
    TestSessionWindow test;
    return QTest::qExec(&test, argc, argv);
}
#include "tst_session_window.moc"
