// Issue 25: what the trial found broken in the window, each fixed on top of the
// studio model: ticked styles lost on restart and on Open Session; the run panel
// showing another photo's run; versions deleted for good; Run and Cancel moving
// when the status line wraps; tiny photos and panoramas painted without a word;
// quitting asking about work already saved or a run already over; the strips
// taller than the preview; a window restored off its screen; the batch dialog
// larger than the screen and deaf to Ctrl+Q; export forgetting its folder and
// format; old banners staying after the problem is fixed.

#include <QApplication>
#include <QDockWidget>
#include <QLabel>
#include <QLayout>
#include <QListWidgetItem>
#include <QProgressBar>
#include <QPushButton>
#include <QScreen>
#include <QSettings>
#include <QSignalSpy>
#include <QSplitter>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest>

#include "batch_dialog.h"
#include "export_controller.h"
#include "gui_test_support.h"
#include "main_window.h"
#include "message_bar.h"
#include "parameter_panel.h"
#include "photo_strip.h"
#include "preview_view.h"
#include "process_setup.h"
#include "run_panel.h"
#include "size_control.h"
#include "studio_model.h"
#include "style_controller.h"
#include "style_gallery.h"
#include "versions_strip.h"

using namespace shuimo;

namespace {

using testing::madePainting;

// Small, quick runs on the CPU.
engine::StyleParams quick(ui::MainWindow& window, int iterations) {
    return testing::quickParams(window.model()->params(), 48, iterations);
}

}  // namespace

class TestStudioWindow : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("ShuimoTest"));
        QCoreApplication::setApplicationName(QStringLiteral("ShuimoStudioWindowTest"));
        QVERIFY(m_styles.isValid() && m_dir.isValid());
        qputenv("SHUIMO_STYLES_DIR", m_styles.path().toUtf8());
        m_bundled = QFileInfo(testing::writeImage(m_styles.path(), QStringLiteral("pine_and_rock.png"), 40, 40, true)).absoluteFilePath();
        qputenv("XDG_DATA_HOME", m_dir.path().toUtf8());
        qputenv("SHUIMO_MODEL_DIR", testing::weightsDir().path().toUtf8());
        m_cat = QFileInfo(testing::writeImage(m_dir.path(), QStringLiteral("cat.png"), 64, 48, false)).absoluteFilePath();
        m_astronaut = QFileInfo(testing::writeImage(m_dir.path(), QStringLiteral("astronaut.png"), 48, 64, false)).absoluteFilePath();
        m_mine = QFileInfo(testing::writeImage(m_dir.path(), QStringLiteral("my_ink.png"), 32, 32, true)).absoluteFilePath();
    }

    void init() {
        QSettings().clear();
        QSettings().setValue(QStringLiteral("modelsOffered"), true);
        QFile::remove(ui::StudioModel::autosavePath());
    }

    // Ticked styles and their blend come back after a restart (the autosave) and with the
    // session a file holds (Open Session); Run then does not ask for a style.
    void tickedStylesComeBackOnRestartAndOpen() {
        QTemporaryDir out;
        const QString file = out.filePath(QStringLiteral("two_styles.shuimo"));
        {
            ui::MainWindow window;
            window.prompt().setHook([](const QString&, QMessageBox::StandardButtons) { return QMessageBox::Discard; });
            window.addPaths({m_cat}, false);
            window.addPaths({m_mine}, true);  // a style of one's own, ticked
            window.styleGallery()->setSelected(m_bundled, true, 0.5);
            QCOMPARE(window.styleGallery()->selectedPaths(), (QStringList{m_mine, m_bundled}));
            QCOMPARE(window.saveSessionTo(file), QString());
            window.styleGallery()->setSelected(m_mine, false);
            window.show();
            QVERIFY(window.close());  // nothing unsaved: no question, the session is autosaved
        }
        {
            ui::MainWindow window;
            QCOMPARE(window.styleGallery()->selectedPaths(), QStringList{m_bundled});
            QCOMPARE(window.styleGallery()->selectedBlend(), QList<double>{0.5});
            QVERIFY(window.model()->request());  // Run would start: a photo and a style
            QCOMPARE(window.openSessionFrom(file), QString());
            QCOMPARE(window.styleGallery()->selectedPaths(), (QStringList{m_mine, m_bundled}));
            QCOMPARE(window.model()->styleBlend(), (QList<double>{1.0, 0.5}));
        }
    }

    // With another photo selected the run panel does not show the running photo's progress as
    // its own, and Cancel is off; back on the running photo, its progress again.
    void runPanelSaysWhichPhotoItIsAbout() {
        ui::MainWindow window;
        window.setKnownThroughput(10.0);
        window.addPaths({m_cat, m_astronaut}, false);
        window.styleGallery()->setSelected(m_bundled, true);
        window.model()->setParams(quick(window, 400));
        ui::RunBar* bar = window.runBar();
        QSignalSpy progressed(window.model(), &ui::StudioModel::progressed);
        window.model()->selectPhoto(m_cat);
        window.run();
        QTRY_VERIFY_WITH_TIMEOUT(progressed.count() >= 2, 60000);
        QVERIFY2(bar->progressText()->fullText().startsWith(QStringLiteral("cat.png: iteration")), qPrintable(bar->progressText()->fullText()));
        QVERIFY(bar->cancelButton()->isEnabled());
        QCOMPARE(bar->runButton()->text(), QStringLiteral("&Restart"));

        window.model()->selectPhoto(m_astronaut);
        const int seen = static_cast<int>(progressed.count());
        QTRY_VERIFY_WITH_TIMEOUT(progressed.count() > seen + 1, 60000);  // the cat's run goes on meanwhile
        const QString text = bar->progressText()->fullText();
        QVERIFY2(!text.contains(QStringLiteral("iteration")) && text.contains(QStringLiteral("cat.png")), qPrintable(text));
        QVERIFY(!bar->cancelButton()->isEnabled());
        QCOMPARE(bar->runButton()->text(), QStringLiteral("&Run"));
        QCOMPARE(bar->progressBar()->value(), 0);

        window.model()->selectPhoto(m_cat);
        QTRY_VERIFY(bar->progressText()->fullText().startsWith(QStringLiteral("cat.png: iteration")));
        QVERIFY(bar->cancelButton()->isEnabled());
        window.cancel();
        QTRY_VERIFY_WITH_TIMEOUT(!window.model()->isPainting(), 60000);
        QVERIFY2(bar->progressText()->fullText().startsWith(QStringLiteral("cat.png: cancelled")), qPrintable(bar->progressText()->fullText()));
        window.model()->selectPhoto(m_astronaut);
        QCOMPARE(bar->progressText()->fullText(), QString());  // nothing was run on it

        // Quitting now asks nothing about a painting in progress: the run is over.
        QStringList asked;
        window.prompt().setHook([&](const QString& question, QMessageBox::StandardButtons) {
            asked << question;
            return QMessageBox::Discard;
        });
        window.show();
        QVERIFY(window.close());
        QCOMPARE(asked.size(), 1);  // one unsaved painting, and nothing else
        QVERIFY2(!asked.first().contains(QStringLiteral("in progress")), qPrintable(asked.first()));
    }

    // Run and Cancel stay where they are whatever the status line says.
    void runAndCancelDoNotMoveWhenTheStatusWraps() {
        ui::MainWindow window;
        window.resize(1024, 700);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        ui::RunBar* bar = window.runBar();
        bar->progressText()->setFullText(QStringLiteral("short"));
        QCoreApplication::processEvents();
        const QPoint run = bar->runButton()->mapTo(&window, QPoint(0, 0));
        const QPoint cancel = bar->cancelButton()->mapTo(&window, QPoint(0, 0));
        bar->progressText()->setFullText(QStringLiteral("a very long status line that would wrap in any panel ").repeated(8));
        QCoreApplication::processEvents();
        window.layout()->activate();
        QCOMPARE(bar->runButton()->mapTo(&window, QPoint(0, 0)), run);
        QCOMPARE(bar->cancelButton()->mapTo(&window, QPoint(0, 0)), cancel);
        QVERIFY(bar->progressText()->toolTip().startsWith(QStringLiteral("a very long")));
    }

    // Delete (the key, or the menu) removes a version; Undo puts it back. Quitting after a save
    // does not count saved paintings as unsaved, however the versions were clicked since.
    void versionsAreDeletedUndoablyAndSavedWorkIsNotAskedFor() {
        QTemporaryDir out;
        ui::MainWindow window;
        window.addPaths({m_cat}, false);
        ui::StudioModel* model = window.model();
        model->addVersion(m_cat, madePainting(model->params(), m_bundled, 1));
        model->addVersion(m_cat, madePainting(model->params(), m_bundled, 2));
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QCOMPARE(window.versionsStrip()->count(), 2);
        window.versionsStrip()->setFocus();
        window.versionsStrip()->setCurrentRow(0);
        QTest::keyClick(window.versionsStrip(), Qt::Key_Delete);
        QCOMPARE(window.versionsStrip()->count(), 1);
        window.undoStack()->undo();
        QCOMPARE(window.versionsStrip()->count(), 2);
        QCOMPARE(model->session().photo(m_cat)->paintings.size(), std::size_t{2});
        QVERIFY(window.versionsStrip()->item(0)->toolTip().contains(QStringLiteral("pine_and_rock")));  // the style

        QCOMPARE(window.saveSessionTo(out.filePath(QStringLiteral("saved.shuimo"))), QString());
        window.versionsStrip()->item(0)->setSelected(true);  // looking around after saving
        window.versionsStrip()->clearSelection();
        window.versionsStrip()->item(1)->setSelected(true);
        QStringList asked;
        window.prompt().setHook([&](const QString& question, QMessageBox::StandardButtons) {
            asked << question;
            return QMessageBox::Cancel;
        });
        QVERIFY(window.close());
        QVERIFY2(asked.isEmpty(), qPrintable(asked.join(QLatin1Char('|'))));
    }

    // A 1×1 photo, or a panorama whose short side the size leaves tiny, is said so before the run.
    void tinyPhotosAndThinPanoramasAreSaidSo() {
        QTemporaryDir dir;
        QImage dot(1, 1, QImage::Format_RGB888);
        dot.fill(Qt::gray);
        const QString tiny = dir.filePath(QStringLiteral("dot.png"));
        QVERIFY(dot.save(tiny));
        const QString panorama = testing::writeImage(dir.path(), QStringLiteral("panorama.png"), 1000, 100, false);
        ui::MainWindow window;
        window.setKnownThroughput(10.0);
        window.addPaths({tiny}, false);
        window.parameterPanel()->outputSize()->setValue(256);
        QString estimate = window.parameterPanel()->estimate();
        QVERIFY2(estimate.contains(QStringLiteral("dot.png is only 1 × 1")) && estimate.contains(QStringLiteral("256 times")),
                 qPrintable(estimate));
        window.addPaths({panorama}, false);
        estimate = window.parameterPanel()->estimate();
        QVERIFY2(estimate.contains(QStringLiteral("256 × 26 px")) && estimate.contains(QStringLiteral("short side is only 26")),
                 qPrintable(estimate));
        QVERIFY2(!estimate.contains(QStringLiteral("enlarges")), qPrintable(estimate));
    }

    // The strips give way to the preview (a splitter the artist can drag); the loss curve stays small.
    void stripsGiveWayToThePreview() {
        ui::MainWindow window;
        const QString landscape = QFileInfo(testing::writeImage(m_dir.path(), QStringLiteral("landscape.jpg"), 48, 32, false)).absoluteFilePath();
        window.addPaths({m_cat, m_astronaut, landscape}, false);
        window.model()->addVersion(m_cat, madePainting(window.model()->params(), m_bundled, 3));
        window.resize(1024, 420);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        auto* splitter = window.findChild<QSplitter*>(QStringLiteral("PreviewSplitter"));
        QVERIFY(splitter);
        QVERIFY(splitter->indexOf(window.photoStrip()) >= 0 && splitter->indexOf(window.versionsStrip()) >= 0);
        QTRY_VERIFY(window.versionsStrip()->isVisible());
        QVERIFY2(window.previewView()->height() >= window.photoStrip()->height(),
                 qPrintable(QStringLiteral("preview %1, strip %2").arg(window.previewView()->height()).arg(window.photoStrip()->height())));
        QVERIFY(window.photoStrip()->minimumSizeHint().height() < window.photoStrip()->sizeHint().height());
        // Names of usual length are not elided: each item has its cell's width for its label.
        for (int i = 0; i < window.photoStrip()->count(); ++i) {
            QListWidgetItem* item = window.photoStrip()->item(i);
            const int text = window.photoStrip()->fontMetrics().horizontalAdvance(item->text());
            QVERIFY2(window.photoStrip()->visualItemRect(item).width() >= text + 12, qPrintable(item->text()));
        }
        // Dragged smaller, the strip stays smaller.
        QList<int> sizes = splitter->sizes();
        const int total = sizes[0] + sizes[1] + sizes[2];
        splitter->setSizes({total - 2 * window.photoStrip()->minimumHeight(), window.photoStrip()->minimumHeight(),
                            window.photoStrip()->minimumHeight()});
        QTRY_COMPARE(window.photoStrip()->height(), window.photoStrip()->minimumHeight());
    }

    // A window saved on a larger screen comes back inside this one, Run in reach.
    void aWindowSavedOnALargerScreenIsBroughtBackOntoThisOne() {
        const QRect free = QGuiApplication::primaryScreen()->availableGeometry();
        {
            ui::MainWindow window;
            window.setGeometry(free.x() + free.width() / 2, free.y() + 40, free.width() + 600, free.height() + 400);
            window.show();
            QVERIFY(QTest::qWaitForWindowExposed(&window));
            QVERIFY(window.close());
        }
        ui::MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        // Inside the screen's free area, or as little wider as the panels' minimum needs (this
        // test's screen is 800 px wide).
        const QString where = QStringLiteral("%1,%2 %3×%4 in %5,%6 %7×%8").arg(window.geometry().x()).arg(window.geometry().y())
                                  .arg(window.width()).arg(window.height()).arg(free.x()).arg(free.y()).arg(free.width()).arg(free.height());
        QVERIFY2(window.x() >= free.x() && window.y() >= free.y() && window.geometry().bottom() <= free.bottom(), qPrintable(where));
        QVERIFY2(window.width() <= std::max(free.width(), window.minimumSizeHint().width()), qPrintable(where));
        QPushButton* run = window.runBar()->runButton();
        QVERIFY(free.contains(QRect(run->mapToGlobal(QPoint(0, 0)), run->size())));
    }

    // The batch dialog fits the screen, Ctrl+Q quits from it, and a batch running behind a closed
    // dialog is said in the main window's status bar (its label exists and is hidden now).
    void batchDialogFitsAndQuitsWithTheApp() {
        ui::MainWindow window;
        window.resize(1024, 700);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.openBatchDialog();
        ui::BatchDialog* dialog = window.batchDialog();
        QVERIFY(dialog && QTest::qWaitForWindowExposed(dialog));
        const QRect free = dialog->screen()->availableGeometry();
        QVERIFY2(dialog->width() <= free.width() && dialog->height() <= free.height(),
                 qPrintable(QStringLiteral("%1×%2 on %3×%4").arg(dialog->width()).arg(dialog->height()).arg(free.width()).arg(free.height())));
        QVERIFY(dialog->width() <= window.width());
        QVERIFY(window.batchStatus() && window.batchStatus()->isHidden());
        QCOMPARE(window.quitAction()->shortcutContext(), Qt::ApplicationShortcut);
        dialog->activateWindow();
        QTRY_VERIFY(dialog->isActiveWindow());
        QTest::keyClick(dialog, Qt::Key_Q, Qt::ControlModifier);
        QTRY_VERIFY(!window.isVisible());
    }

    // Export remembers its folder and format; an original is refused before any question.
    void exportRemembersItsFolderAndFormat() {
        QTemporaryDir out;
        ui::MainWindow window;
        window.addPaths({m_cat}, false);
        window.model()->addVersion(m_cat, madePainting(window.model()->params(), m_bundled, 4));
        QCOMPARE(window.exportResultTo(out.filePath(QStringLiteral("mine.tif")), 16), QString());
        QCOMPARE(ui::ExportController::lastFormat(), QStringLiteral("tif16"));
        const auto* exporter = window.findChild<ui::ExportController*>();
        QCOMPARE(QFileInfo(exporter->suggestedPath()).absolutePath(), QFileInfo(out.path()).absoluteFilePath());
        QCOMPARE(QFileInfo(exporter->suggestedPath()).fileName(), QStringLiteral("cat_shuimo.tif"));
        const QString refused = window.exportResultTo(m_cat, 8);
        QVERIFY2(refused.contains(QStringLiteral("original")), qPrintable(refused));
    }

    // "Tick at least one style" goes away once a style is ticked; "Add a photo" once one is added.
    void oldBannersGoWhenTheProblemIsFixed() {
        ui::MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.run();
        QVERIFY(window.messageBar()->isVisible());
        QVERIFY(window.messageBar()->text().contains(QStringLiteral("Add a photo")));
        window.styleGallery()->setSelected(m_bundled, true);
        QVERIFY(window.messageBar()->isVisible());  // still no photo
        window.addPaths({m_cat}, false);
        QVERIFY(!window.messageBar()->isVisible());
        window.styleGallery()->setSelected(m_bundled, false);
        window.run();
        QVERIFY(window.messageBar()->text().contains(QStringLiteral("Tick at least one style")));
        window.styleGallery()->setSelected(m_bundled, true);
        QVERIFY(!window.messageBar()->isVisible());
        QVERIFY(window.close());
    }

private:
    QTemporaryDir m_styles;
    QTemporaryDir m_dir;
    QString m_bundled;
    QString m_cat;
    QString m_astronaut;
    QString m_mine;
};

int main(int argc, char** argv) {
    shuimo::ui::preferPassiveOpenMpWaits(argv);
    QApplication app(argc, argv);
    TestStudioWindow test;
    return QTest::qExec(&test, argc, argv);
}
#include "tst_studio_window.moc"
