// Issue 26, the app's part of regions without widgets: the brush's soft edges, the
// eraser and the fill (region_masks.h) measured pixel by pixel; masks imported at odd
// sizes; each stroke one undo step that puts the mask back exactly; strength edits
// merged; a session with regions saved and opened ==; what Run refuses (an empty
// region, a style region without a style); the automatic sky on a real photograph;
// and a run through the engine that records its regions and takes a strength live.

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest>
#include <cmath>

#include "gui_test_support.h"
#include "region_masks.h"
#include "shuimo/session/session_file.h"
#include "studio_model.h"
#include "style_controller.h"

using namespace shuimo;

namespace {

double at(const session::Picture& mask, int x, int y) {
    return mask.samples[static_cast<std::size_t>(y) * mask.width + x] / 65535.0;
}

// The mask's mean over [x0, x1) × [y0, y1).
double mean(const session::Picture& mask, int x0, int y0, int x1, int y1) {
    double sum = 0.0;
    for (int y = y0; y < y1; ++y)
        for (int x = x0; x < x1; ++x) sum += at(mask, x, y);
    return sum / ((x1 - x0) * (y1 - y0));
}

}  // namespace

class TestRegionsModel : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("ShuimoTest"));
        QCoreApplication::setApplicationName(QStringLiteral("ShuimoRegionsModelTest"));
        QVERIFY(m_dir.isValid());
        qputenv("SHUIMO_MODEL_DIR", testing::weightsDir().path().toUtf8());
        m_cat = QFileInfo(testing::writeImage(m_dir.path(), QStringLiteral("cat.png"), 64, 48, false)).absoluteFilePath();
        m_style = QFileInfo(testing::writeImage(m_dir.path(), QStringLiteral("ink.png"), 40, 40, true)).absoluteFilePath();
        m_mist = QFileInfo(testing::writeImage(m_dir.path(), QStringLiteral("mist.png"), 32, 32, true)).absoluteFilePath();
    }

    void init() { QSettings().clear(); }

    // The dab: full inside hardness × radius, nothing beyond the radius, a smooth fall between
    // (hand-computed smoothstep), and the eraser its mirror.
    void brushPaintsSoftEdgesAndErases() {
        const ui::Brush brush{10.0, 0.5, false};
        QCOMPARE(ui::brushCoverage(brush, 0.0), 1.0);
        QCOMPARE(ui::brushCoverage(brush, 5.0), 1.0);
        QCOMPARE(ui::brushCoverage(brush, 10.0), 0.0);
        QVERIFY(std::abs(ui::brushCoverage(brush, 7.5) - 0.5) < 1e-12);  // halfway: smoothstep(0.5) = 0.5
        QVERIFY(std::abs(ui::brushCoverage(brush, 6.0) - (1.0 - 0.04 * (3.0 - 0.4))) < 1e-12);

        session::Picture mask = ui::emptyMask({60, 40});
        const QRect changed = ui::paintStroke(mask, QPointF(30, 20), QPointF(30, 20), brush);
        QCOMPARE(changed, QRect(QPoint(20, 10), QPoint(40, 30)));
        QCOMPARE(at(mask, 30, 20), 1.0);  // pixel centre 0.7 px away
        const double edge = std::round(ui::brushCoverage(brush, std::hypot(0.5, 8.5)) * 65535.0) / 65535.0;  // hand-computed
        QCOMPARE(at(mask, 30, 28), edge);
        QVERIFY(at(mask, 30, 27) > 0.0 && at(mask, 30, 27) < 1.0);  // the soft edge
        QCOMPARE(at(mask, 30, 31), 0.0);
        QCOMPARE(at(mask, 5, 5), 0.0);

        const ui::Brush eraser{4.0, 1.0, true};
        ui::paintStroke(mask, QPointF(30.5, 20.5), QPointF(30.5, 20.5), eraser);
        QCOMPARE(at(mask, 30, 20), 0.0);
        QCOMPARE(at(mask, 25, 20), 1.0);  // outside the eraser
    }

    // One stroke going over itself keeps the soft edge as one dab left it; a line is covered end to end.
    void aStrokeOverItselfDoesNotDarkenItsEdge() {
        const ui::Brush brush{6.0, 0.3, false};
        session::Picture once = ui::emptyMask({50, 30});
        ui::paintStroke(once, QPointF(10, 15), QPointF(40, 15), brush);
        session::Picture twice = once;
        ui::paintStroke(twice, QPointF(40, 15), QPointF(10, 15), brush);
        QCOMPARE(twice, once);
        for (int x = 10; x <= 40; ++x) QCOMPARE(at(once, x, 15), 1.0);
        QVERIFY(at(once, 25, 20) > 0.0 && at(once, 25, 20) < 1.0);
        QCOMPARE(at(once, 25, 23), 0.0);
    }

    // The fill takes the seed's colour connected to it, with soft edges, and nothing across a border.
    void fillTakesTheSimilarColoursWithSoftEdges() {
        QImage photo(80, 40, QImage::Format_RGB888);
        for (int y = 0; y < 40; ++y)
            for (int x = 0; x < 80; ++x) photo.setPixelColor(x, y, x < 40 ? QColor(120 + (x + y) % 5, 160, 220) : QColor(40, 90, 30));
        session::Picture mask = ui::emptyMask({80, 40});
        ui::fillSimilar(mask, photo, QPoint(5, 5), 20.0, 6, false);
        QVERIFY2(mean(mask, 0, 0, 30, 40) > 0.99, qPrintable(QString::number(mean(mask, 0, 0, 30, 40))));
        QCOMPARE(mean(mask, 50, 0, 80, 40), 0.0);
        QVERIFY(at(mask, 40, 20) > 0.05 && at(mask, 40, 20) < 0.95);  // feathered across the border
        // Erasing with it takes it back.
        ui::fillSimilar(mask, photo, QPoint(5, 5), 20.0, 0, true);
        QCOMPARE(mean(mask, 0, 0, 40, 40), 0.0);
    }

    // A mask of any size and aspect is scaled to the mask size; white = in, grey = partly.
    void importedMasksAreScaledToTheMaskSize() {
        QImage file(37, 91, QImage::Format_Grayscale8);
        for (int y = 0; y < 91; ++y)
            for (int x = 0; x < 37; ++x) file.scanLine(y)[x] = y < 45 ? 255 : (y < 60 ? 128 : 0);
        const session::Picture mask = ui::maskFromImage(file, {64, 48});
        QCOMPARE(mask.width, 64);
        QCOMPARE(mask.height, 48);
        QCOMPARE(mask.channels, 1);
        QVERIFY(mean(mask, 0, 0, 64, 20) > 0.99);
        QVERIFY(std::abs(mean(mask, 0, 27, 64, 30) - 128.0 / 255.0) < 0.02);
        QCOMPARE(mean(mask, 0, 36, 64, 48), 0.0);
        QCOMPARE(session::mask_size(4000, 3000).width, 1024);
        QCOMPARE(session::mask_size(4000, 3000).height, 768);
        QCOMPARE(session::mask_size(300, 7000).height, 1024);
        QCOMPARE(session::mask_size(300, 7000).width, 44);

        ui::StudioModel model;
        model.addPhotos({m_cat});
        const QString odd = m_dir.filePath(QStringLiteral("odd mask.png"));
        QVERIFY(file.save(odd));
        QCOMPARE(model.importMask(-1, odd), QString());
        QCOMPARE(model.regions().size(), std::size_t{1});
        QCOMPARE(model.regions()[0].name, QStringLiteral("odd mask"));
        QCOMPARE(model.regions()[0].mask, ui::maskFromImage(file, {64, 48}));
        const QString black = m_dir.filePath(QStringLiteral("black.png"));
        QImage none(10, 10, QImage::Format_Grayscale8);
        none.fill(0);
        QVERIFY(none.save(black));
        QVERIFY(model.importMask(0, black).contains(QStringLiteral("covers nothing")));
        QVERIFY(model.importMask(0, m_dir.filePath(QStringLiteral("missing.png"))).contains(QStringLiteral("could not be read")));
        QCOMPARE(model.regions()[0].mask, ui::maskFromImage(file, {64, 48}));  // refused: nothing changed
    }

    // Each stroke is one undo step; undo puts the mask back exactly, redo the stroke again.
    void strokesAreOneUndoStepEach() {
        ui::StudioModel model;
        model.addPhotos({m_cat});
        model.tickStyle(m_style, true);
        QCOMPARE(model.addRegion(engine::RegionKind::Style), 0);
        QCOMPARE(model.regions()[0].style, m_style);  // the first ticked style
        QCOMPARE(model.regions()[0].mask.width, 64);
        const int steps = model.undoStack()->count();
        QSignalSpy changed(&model, &ui::StudioModel::regionMaskChanged);
        model.beginStroke(0);
        for (int x = 5; x < 40; x += 3) model.strokeRegion(QPointF(x, 10), QPointF(x + 3, 12), ui::Brush{5.0, 0.5, false});
        model.endStroke();
        QVERIFY(changed.count() >= 10);  // shown as it is painted
        const session::Picture first = model.regions()[0].mask;
        model.beginStroke(0);
        model.strokeRegion(QPointF(30, 40), QPointF(60, 40), ui::Brush{4.0, 0.0, false});
        model.endStroke();
        const session::Picture second = model.regions()[0].mask;
        QCOMPARE(model.undoStack()->count(), steps + 2);
        QVERIFY(session::covers_anything(first));
        QVERIFY(!(second == first));
        model.undoStack()->undo();
        QCOMPARE(model.regions()[0].mask, first);
        model.undoStack()->undo();
        QVERIFY(!session::covers_anything(model.regions()[0].mask));
        model.undoStack()->redo();
        model.undoStack()->redo();
        QCOMPARE(model.regions()[0].mask, second);
        // A stroke that changes nothing is no step.
        model.beginStroke(0);
        model.endStroke();
        QCOMPARE(model.undoStack()->count(), steps + 2);
        // Removing a region is undone with its mask.
        model.removeRegion(0);
        QVERIFY(model.regions().empty());
        model.undoStack()->undo();
        QCOMPARE(model.regions()[0].mask, second);
    }

    void strengthEditsMergeIntoOneStep() {
        ui::StudioModel model;
        model.addPhotos({m_cat});
        model.addRegion(engine::RegionKind::Style, m_style);
        const int steps = model.undoStack()->count();
        for (double s : {0.9, 0.8, 0.7, 0.5}) model.setRegionStrength(0, s);
        QCOMPARE(model.undoStack()->count(), steps + 1);
        QCOMPARE(model.regions()[0].strength, 0.5);
        model.undoStack()->undo();
        QCOMPARE(model.regions()[0].strength, 1.0);
        model.setRegionKind(0, engine::RegionKind::Paper);
        model.setRegionStyle(0, m_mist);
        QCOMPARE(model.regions()[0].kind, engine::RegionKind::Paper);
        QCOMPARE(model.regions()[0].style, m_mist);
        model.undoStack()->undo();
        model.undoStack()->undo();
        QCOMPARE(model.regions()[0].kind, engine::RegionKind::Style);
        QCOMPARE(model.regions()[0].style, m_style);
    }

    // The photo's regions (and a painting's) are in the session file, == after opening.
    void sessionWithRegionsSavesAndOpensIdentical() {
        QTemporaryDir out;
        const QString file = out.filePath(QStringLiteral("regions.shuimo"));
        ui::StudioModel model;
        model.addPhotos({m_cat});
        model.tickStyle(m_style, true);
        model.addRegion(engine::RegionKind::Style, m_mist, QStringLiteral("远山 mountains"));
        model.beginStroke(0);
        model.strokeRegion(QPointF(3, 3), QPointF(50, 20), ui::Brush{7.0, 0.4, false});
        model.endStroke();
        model.setRegionStrength(0, 1.75);
        model.addRegion(engine::RegionKind::Paper);
        model.fillRegion(1, QPoint(60, 2));
        session::Painting painting = testing::madePainting(model.params(), m_style, 3);
        painting.regions = model.regions();
        model.addVersion(m_cat, painting);
        QCOMPARE(model.saveTo(file), QString());
        ui::StudioModel opened;
        QCOMPARE(opened.openFrom(file), QString());
        QVERIFY(opened.session() == model.session());
        QCOMPARE(opened.regions(m_cat), model.regions(m_cat));
        QCOMPARE(opened.regions(m_cat)[0].name, QStringLiteral("远山 mountains"));
        QCOMPARE(opened.session().photo(m_cat)->paintings[0].regions, model.regions(m_cat));
    }

    // Run refuses what cannot work, naming the region; with regions no ticked style is needed.
    void requestCarriesRegionsAndRefusesEmptyOnes() {
        ui::StudioModel model;
        model.addPhotos({m_cat});
        model.addRegion(engine::RegionKind::Style, m_style, QStringLiteral("Hills"));
        QString why;
        QVERIFY(!model.request(&why));
        QVERIFY2(why.contains(QStringLiteral("“Hills” is empty")), qPrintable(why));
        model.beginStroke(0);
        model.strokeRegion(QPointF(10, 30), QPointF(50, 30), ui::Brush{12.0, 0.5, false});
        model.endStroke();
        const auto request = model.request(&why);
        QVERIFY2(request, qPrintable(why));
        QVERIFY(request->stylePaths.isEmpty());  // pixels in no region keep the photo
        QCOMPARE(request->regions, model.regions());
        model.setRegionStyle(0, QString());
        QVERIFY(!model.request(&why));
        QVERIFY2(why.contains(QStringLiteral("no style")), qPrintable(why));
        model.setRegionStrength(0, 0.0);  // keeps the photo: no style needed
        QVERIFY(model.request(&why));
    }

    // The sky of the launch photograph becomes blank paper at the mask size; a close-up of a cat has none.
    void automaticSkyStartsABlankPaperRegion() {
        const QString data = QStringLiteral(SHUIMO_SOURCE_DIR "/tests/data/");
        ui::StudioModel model;
        model.addPhotos({data + QStringLiteral("rocket.jpg"), data + QStringLiteral("chelsea.png")});
        model.selectPhoto(data + QStringLiteral("rocket.jpg"));
        QCOMPARE(model.addAutomaticRegion(QStringLiteral("sky")), QString());
        QCOMPARE(model.regions().size(), std::size_t{1});
        const session::Region& sky = model.regions()[0];
        QCOMPARE(sky.kind, engine::RegionKind::Paper);
        const QSize size = model.photoSize(data + QStringLiteral("rocket.jpg"));
        QCOMPARE(sky.mask.width, session::mask_size(size.width(), size.height()).width);
        QCOMPARE(sky.mask.width, 256);  // small enough to keep its size
        QVERIFY(mean(sky.mask, 40, 5, 110, 60) > 0.9);    // between the towers (as tst_auto_masks)
        QVERIFY(mean(sky.mask, 0, 160, 256, 171) < 0.2);  // the pad
        const int steps = model.undoStack()->count();
        model.selectPhoto(data + QStringLiteral("chelsea.png"));
        QVERIFY(model.addAutomaticRegion(QStringLiteral("sky")).contains(QStringLiteral("No sky")));
        QVERIFY(model.regions().empty());
        QCOMPARE(model.undoStack()->count(), steps);
    }

    // Through the engine: the painting records the regions it was made with, and a strength changed
    // while it runs reaches the running job (its reports carry it) without a restart.
    void aRunRecordsItsRegionsAndTakesStrengthLive() {
        ui::StudioModel model;
        model.addPhotos({m_cat});
        model.tickStyle(m_style, true);
        engine::StyleParams params = testing::quickParams(ui::StudioModel::defaultParams(), 48, 40);
        model.setParams(params);
        QTRY_VERIFY(!model.editsPending());
        model.addRegion(engine::RegionKind::Style, m_mist);
        model.beginStroke(0);
        model.strokeRegion(QPointF(0, 0), QPointF(0, 48), ui::Brush{30.0, 0.8, false});
        model.endStroke();
        model.addRegion(engine::RegionKind::Paper);
        model.beginStroke(1);
        model.strokeRegion(QPointF(64, 0), QPointF(64, 10), ui::Brush{8.0, 1.0, false});
        model.endStroke();
        QSignalSpy progressed(&model, &ui::StudioModel::progressed);
        QCOMPARE(model.run(), QString());
        QTRY_VERIFY_WITH_TIMEOUT(progressed.count() >= 2, 60000);
        model.setRegionStrength(0, 2.5);
        QTRY_VERIFY_WITH_TIMEOUT(!model.isPainting(), 120000);
        bool reached = false;
        for (const auto& report : progressed) {
            const auto r = report.at(1).value<engine::IterationReport>();
            if (r.weights.regions == std::vector<double>{2.5, 1.0}) reached = true;
        }
        QVERIFY(reached);
        const session::Photo* cat = model.session().photo(m_cat);
        QCOMPARE(cat->paintings.size(), std::size_t{1});  // not restarted
        QCOMPARE(cat->paintings[0].iterations_run, 40);
        QCOMPARE(cat->paintings[0].regions, model.regions(m_cat));
        QCOMPARE(cat->paintings[0].regions[0].strength, 2.5);
        model.engine()->shutdown();
    }

private:
    QTemporaryDir m_dir;
    QString m_cat, m_style, m_mist;
};

QTEST_GUILESS_MAIN(TestRegionsModel)
#include "tst_regions_model.moc"
