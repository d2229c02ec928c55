// Issue 25: the studio model alone, without widgets (this program links no Qt
// Widgets and runs on a QCoreApplication): photos added, refused, reordered,
// selected and removed; parameters set through the model reach the run exactly,
// a value beyond a slider's span included; a run goes on when another photo is
// selected and the other waits its turn; the document saved and opened is ==;
// deleting a version is undone; re-finished versions are numbered after their run
// and toggling back picks the version that already has that finishing; the
// ticked styles come back after a restart; what quitting would lose.

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QJsonValue>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest>
#include <random>

#include "gui_test_support.h"
#include "shuimo/engine/param_table.h"
#include "shuimo/session/session_file.h"
#include "studio_model.h"
#include "style_controller.h"

using namespace shuimo;

namespace {

using testing::madePainting;


// Values no default and no slider step gives, one beyond its slider (the TV weight's spans 0 … 100).
engine::StyleParams oddParams() {
    engine::StyleParams params = testing::quickParams(ui::StudioModel::defaultParams(), 48, 23);
    params.learning_rate = 0.0123456789;
    params.content_weight = 2.345678901;
    params.style_weight = 333333.3;
    params.tv_weight = 200.0;  // beyond the slider
    params.seed = 18446744073709551557ull;
    return params;
}

}  // namespace

class TestStudioModel : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("ShuimoTest"));
        QCoreApplication::setApplicationName(QStringLiteral("ShuimoStudioModelTest"));
        QVERIFY(m_dir.isValid());
        qputenv("SHUIMO_MODEL_DIR", testing::weightsDir().path().toUtf8());
        m_cat = QFileInfo(testing::writeImage(m_dir.path(), QStringLiteral("cat.png"), 64, 48, false)).absoluteFilePath();
        m_astronaut = QFileInfo(testing::writeImage(m_dir.path(), QStringLiteral("astronaut.png"), 48, 64, false)).absoluteFilePath();
        m_square = QFileInfo(testing::writeImage(m_dir.path(), QStringLiteral("square.png"), 40, 40, false)).absoluteFilePath();
        m_style = QFileInfo(testing::writeImage(m_dir.path(), QStringLiteral("ink.png"), 40, 40, true)).absoluteFilePath();
        m_mist = QFileInfo(testing::writeImage(m_dir.path(), QStringLiteral("mist.png"), 32, 32, true)).absoluteFilePath();
    }

    void init() {
        QSettings().clear();
        QFile::remove(ui::StudioModel::autosavePath());
    }

    void photosAreAddedRefusedMovedSelectedAndRemoved() {
        QFile text(m_dir.filePath(QStringLiteral("holiday.png")));
        QVERIFY(text.open(QIODevice::WriteOnly));
        text.write("a text file, renamed");
        text.close();
        QFile second(m_dir.filePath(QStringLiteral("notes.png")));
        QVERIFY(second.open(QIODevice::WriteOnly));
        second.write("another");
        second.close();

        ui::StudioModel model;
        QSignalSpy current(&model, &ui::StudioModel::currentPhotoChanged);
        QSignalSpy changed(&model, &ui::StudioModel::photosChanged);
        const ui::StudioModel::Added added = model.addPhotos({m_cat, text.fileName(), m_astronaut, second.fileName(), m_square});
        QCOMPARE(added.photos, (QStringList{m_cat, m_astronaut, m_square}));
        // Two refused together: both named, each with its reason.
        QCOMPARE(added.refused.size(), 2);
        QVERIFY2(added.refused[0].contains(QStringLiteral("holiday.png")) && added.refused[1].contains(QStringLiteral("notes.png")),
                 qPrintable(added.refused.join(QLatin1Char('|'))));
        QCOMPARE(model.photos(), (QStringList{m_cat, m_astronaut, m_square}));
        QCOMPARE(model.currentPhoto(), m_cat);
        QCOMPARE(current.count(), 1);
        QVERIFY(changed.count() >= 3);
        QVERIFY(model.addPhoto(m_cat));  // already there: not twice
        QCOMPARE(model.photos().size(), 3);

        model.movePhoto(m_square, -2);
        QCOMPARE(model.photos(), (QStringList{m_square, m_cat, m_astronaut}));
        QCOMPARE(model.currentPhoto(), m_cat);  // the current one stays current
        model.setPhotoOrder({m_astronaut, m_square, m_cat});
        QCOMPARE(model.photos(), (QStringList{m_astronaut, m_square, m_cat}));

        model.selectPhoto(m_astronaut);
        QCOMPARE(model.currentPhoto(), m_astronaut);
        QCOMPARE(current.count(), 2);
        QCOMPARE(current.last().at(0).toString(), m_astronaut);
        QCOMPARE(model.photoSize(m_astronaut), QSize(48, 64));

        model.removePhoto(m_astronaut);  // the current one goes: a neighbour becomes current
        QCOMPARE(model.photos(), (QStringList{m_square, m_cat}));
        QCOMPARE(model.currentPhoto(), m_square);
        QCOMPARE(current.last().at(0).toString(), m_square);
        model.removePhoto(m_square);
        model.removePhoto(m_cat);
        QVERIFY(model.photos().isEmpty());
        QVERIFY(model.currentPhoto().isEmpty());
        QString why;
        QVERIFY(!model.request(&why));
        QVERIFY2(why.contains(QStringLiteral("Add a photo")), qPrintable(why));
    }

    // What the panel or anyone sets through the model is what the next run gets, exactly,
    // a value beyond its slider's span included, whatever else is edited after it.
    void parametersReachTheNextRunExactly() {
        ui::StudioModel model;
        model.addPhotos({m_cat});
        model.tickStyle(m_style, true);
        const engine::StyleParams params = oddParams();
        model.setParams(params);
        QCOMPARE(model.setParameter("iterations", QJsonValue(31)), QString());  // another field, edited after
        engine::StyleParams expected = params;
        expected.iterations = 31;
        std::optional<ui::JobRequest> request = model.request();
        QVERIFY(request);
        QVERIFY(request->params == expected);
        QCOMPARE(request->params.tv_weight, 200.0);
        QCOMPARE(request->params.content_weight, 2.345678901);
        QCOMPARE(request->params.seed, 18446744073709551557ull);
        QCOMPARE(request->stylePaths, QStringList{m_style});

        // One row set from JSON through the table: refused when it is not a value of the row.
        const QString refused = model.setParameter("tv_weight", QJsonValue(QStringLiteral("smooth")));
        QVERIFY2(refused.contains(QStringLiteral("finite number")), qPrintable(refused));
        const QString outside = model.setParameter("tv_weight", QJsonValue(2e12));
        QVERIFY2(outside.contains(QStringLiteral("TV weight")), qPrintable(outside));
        QVERIFY(!model.setParameter("no_such_row", QJsonValue(1)).isEmpty());
        QCOMPARE(model.params().tv_weight, 200.0);
        QCOMPARE(model.setParameter("optimizer", QJsonValue(QStringLiteral("lbfgs"))), QString());
        QCOMPARE(model.params().optimizer, engine::OptimizerKind::Lbfgs);
    }

    // Edits settle into one undo step; undo gives the parameters back.
    void parameterEditsAreOneUndoStep() {
        ui::StudioModel model;
        const engine::StyleParams before = model.params();
        engine::StyleParams params = before;
        for (double tv : {3.0, 4.0, 5.0}) {
            params.tv_weight = tv;
            model.setParams(params);
        }
        QVERIFY(model.editsPending());
        QTRY_COMPARE(model.undoStack()->count(), 1);
        QVERIFY(!model.editsPending());
        model.undoStack()->undo();
        QVERIFY(model.params() == before);
        model.undoStack()->redo();
        QCOMPARE(model.params().tv_weight, 5.0);
        model.resetParams();
        QVERIFY(model.params() == ui::StudioModel::defaultParams());
        model.undoStack()->undo();
        QCOMPARE(model.params().tv_weight, 5.0);
    }

    // A run belongs to its photo: selecting another neither cancels nor restarts it; Run there
    // waits its turn; each ends as a version of its own photo with exactly its parameters.
    void runsGoOnWhenAnotherPhotoIsSelected() {
        ui::StudioModel model;
        model.addPhotos({m_cat, m_astronaut});
        model.tickStyle(m_style, true);
        engine::StyleParams params = oddParams();
        params.iterations = 60;
        model.setParams(params);
        QSignalSpy progressed(&model, &ui::StudioModel::progressed);
        model.selectPhoto(m_cat);
        QCOMPARE(model.run(), QString());
        QVERIFY(model.isRunning(m_cat));
        QTRY_VERIFY_WITH_TIMEOUT(progressed.count() >= 1, 60000);
        model.selectPhoto(m_astronaut);
        QVERIFY(model.isRunning(m_cat));
        engine::StyleParams other = params;
        other.iterations = 7;
        model.setParams(other);  // edited while looking at another photo: the cat's run goes on
        QCOMPARE(model.run(), QString());
        QVERIFY(model.isQueued(m_astronaut));
        QCOMPARE(model.photoRun(m_astronaut).state, ui::PhotoRun::State::Queued);
        QVERIFY(model.isPainting());
        QTRY_VERIFY(!model.editsPending());
        QVERIFY(model.isRunning(m_cat));  // no debounce restarted it
        for (const auto& report : progressed) QCOMPARE(report.at(0).toString(), m_cat);

        QTRY_VERIFY_WITH_TIMEOUT(!model.isPainting(), 180000);
        const session::Photo* cat = model.session().photo(m_cat);
        const session::Photo* astronaut = model.session().photo(m_astronaut);
        QCOMPARE(cat->paintings.size(), std::size_t{1});
        QCOMPARE(astronaut->paintings.size(), std::size_t{1});
        QVERIFY(cat->paintings[0].params == params);  // exactly, the TV weight beyond its slider included
        QVERIFY(astronaut->paintings[0].params == other);
        QCOMPARE(cat->paintings[0].iterations_run, 60);
        QCOMPARE(astronaut->paintings[0].iterations_run, 7);
        QCOMPARE(cat->paintings[0].number, 1);
        QCOMPARE(ui::StudioModel::versionName(cat->paintings[0]), QStringLiteral("Version 1"));
        QCOMPARE(model.photoRun(m_cat).state, ui::PhotoRun::State::Finished);
        QCOMPARE(model.photoRun(m_cat).curve.size(), std::size_t{60});
        QCOMPARE(model.photoRun(m_astronaut).state, ui::PhotoRun::State::Finished);
        QCOMPARE(model.photoRun(m_astronaut).outcome->iterationsRun, 7);
        model.engine()->shutdown();
    }

    void savedAndOpenedIsTheSameDocument() {
        QTemporaryDir out;
        const QString file = out.filePath(QStringLiteral("s.shuimo"));
        ui::StudioModel model;
        model.addPhotos({m_cat, m_astronaut, m_square});
        model.tickStyle(m_style, true, 1.5);
        model.tickStyle(m_mist, true, 0.5);
        model.setParams(oddParams());
        model.addVersion(m_cat, madePainting(model.params(), m_style, 5));
        model.addVersion(m_cat, madePainting(model.params(), m_mist, 6));
        model.addVersion(m_square, madePainting(model.params(), m_style, 7));
        model.renameVersion(m_cat, 1, QStringLiteral("Mist at dusk"));
        model.setVersionStarred(m_cat, 0, true);
        model.setVersionNote(m_square, 0, QStringLiteral("for the exhibition"));
        model.selectVersion(m_cat, 0);
        model.selectPhoto(m_square);
        QCOMPARE(model.unsavedPaintings(), 3);
        QCOMPARE(model.saveTo(file), QString());
        QCOMPARE(model.unsavedPaintings(), 0);
        model.selectVersion(m_cat, 1);  // looking around after saving loses nothing
        QCOMPARE(model.unsavedPaintings(), 0);
        model.selectVersion(m_cat, 0);

        ui::StudioModel opened;
        QCOMPARE(opened.openFrom(file), QString());
        QVERIFY(opened.session() == model.session());
        QCOMPARE(opened.styles(), model.styles());
        QVERIFY(opened.params() == oddParams());
        QCOMPARE(opened.currentPhoto(), m_square);
        QCOMPARE(opened.unsavedPaintings(), 0);
        opened.addVersion(m_astronaut, madePainting(opened.params(), m_style, 9));
        QCOMPARE(opened.unsavedPaintings(), 1);

        // A damaged file is refused with the reason, and the document stays as it was.
        QFile damaged(out.filePath(QStringLiteral("bad.shuimo")));
        QVERIFY(damaged.open(QIODevice::WriteOnly));
        damaged.write("SHUIMO-SESS");
        damaged.close();
        const session::Session before = opened.session();
        QVERIFY(opened.openFrom(damaged.fileName()).contains(QStringLiteral("cut short")));
        QVERIFY(opened.session() == before);
    }

    // Delete is immediate, and Undo puts the version back where it was.
    void deletingAVersionIsUndone() {
        ui::StudioModel model;
        model.addPhotos({m_cat});
        model.addVersion(m_cat, madePainting(model.params(), m_style, 1));
        model.addVersion(m_cat, madePainting(model.params(), m_style, 2));
        model.addVersion(m_cat, madePainting(model.params(), m_style, 3));
        model.selectVersion(m_cat, 2);
        const session::Photo before = *model.session().photo(m_cat);
        model.removeVersion(m_cat, 1);
        QCOMPARE(model.session().photo(m_cat)->paintings.size(), std::size_t{2});
        QVERIFY(model.undoStack()->canUndo());
        model.undoStack()->undo();
        QVERIFY(*model.session().photo(m_cat) == before);
        model.undoStack()->redo();
        QCOMPARE(model.session().photo(m_cat)->paintings.size(), std::size_t{2});
        QCOMPARE(ui::StudioModel::versionName(model.session().photo(m_cat)->paintings[1]), QStringLiteral("Version 3"));
    }

    // Re-finishing: "Version 1.1", "1.2" … (the run's number, and runs are not renumbered);
    // back to a finishing a version already has, that version is shown, not another made.
    void refinishedVersionsAreNumberedAfterTheirRun() {
        ui::StudioModel model;
        model.addPhotos({m_cat});
        engine::StyleParams params = model.params();
        model.addVersion(m_cat, madePainting(params, m_style, 11));
        const session::Photo* cat = model.session().photo(m_cat);
        params.colour_strength = 0.0;
        model.setParams(params);
        QTRY_COMPARE(cat->paintings.size(), std::size_t{2});
        QCOMPARE(ui::StudioModel::versionName(cat->paintings[1]), QStringLiteral("Version 1.1"));
        QVERIFY(cat->paintings[1].refinished);
        params.colour_strength = 0.5;
        model.setParams(params);
        QTRY_COMPARE(cat->paintings.size(), std::size_t{3});
        QCOMPARE(ui::StudioModel::versionName(cat->paintings[2]), QStringLiteral("Version 1.2"));
        params.colour_strength = 1.0;  // the run's own finishing again
        model.setParams(params);
        QTRY_COMPARE(cat->current, 0);
        QTRY_VERIFY(!model.editsPending());
        QCOMPARE(cat->paintings.size(), std::size_t{3});
        model.addVersion(m_cat, madePainting(params, m_style, 12));  // the next run
        QCOMPARE(ui::StudioModel::versionName(cat->paintings[3]), QStringLiteral("Version 2"));
        QVERIFY2(model.versionDescription(m_cat, 1).contains(QStringLiteral("Colour strength")),
                 qPrintable(model.versionDescription(m_cat, 1)));
    }

    // The ticked styles and their blend come back after a restart: from the autosave, and from
    // the settings when there is none.
    void tickedStylesComeBackAfterARestart() {
        {
            ui::StudioModel model;
            model.tickStyle(m_style, true, 1.5);
            model.tickStyle(m_mist, true, 0.25);
            model.setParams(oddParams());
            model.saveSettings();
        }
        {
            ui::StudioModel model;
            model.restoreSettings();
            QCOMPARE(model.stylePaths(), (QStringList{m_style, m_mist}));
            QCOMPARE(model.styleBlend(), (QList<double>{1.5, 0.25}));
            QVERIFY(model.params() == oddParams());
            model.tickStyle(m_style, false);
            model.addPhotos({m_cat});
            QCOMPARE(model.writeAutosave(), QString());
        }
        ui::StudioModel model;
        model.restoreSettings();
        QCOMPARE(model.restoreAutosave(), QString());
        QCOMPARE(model.stylePaths(), QStringList{m_mist});
        QCOMPARE(model.photos(), QStringList{m_cat});
    }

private:
    QTemporaryDir m_dir;
    QString m_cat;
    QString m_astronaut;
    QString m_square;
    QString m_style;
    QString m_mist;
};

QTEST_GUILESS_MAIN(TestStudioModel)
#include "tst_studio_model.moc"
