// Batch export from the GUI: the dialog's job count and name example, a batch
// run to the end (files, sidecars, the table), a corrupt photo failing only its
// own jobs (then Retry Failed), pause and resume, cancelling one job, and the
// main window's offer to resume an unfinished queue. Tiny generated images,
// seeded random weights, a few iterations: each batch takes seconds on two cores.
//
// SHUIMO_SCREENSHOT_DIR=<folder> saves the dialog after the mixed batch as
// batch_dialog_<language>.png; SHUIMO_TEST_LANGUAGE=zh_CN shows it in Chinese
// (then run only corruptPhotoFailsOnlyItsJobs: other tests compare English text).

#include <QApplication>
#include <QDir>
#include <QFile>
#include <QImageReader>
#include <QLineEdit>
#include <QComboBox>
#include <QListWidget>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QTranslator>
#include <QtTest>

#include "batch_controller.h"
#include "batch_dialog.h"
#include "batch_queue_model.h"
#include "gui_test_support.h"
#include "wait_quiet.h"
#include "main_window.h"
#include "message_bar.h"
#include "process_setup.h"
#include "shuimo/batch/output_record.h"
#include "shuimo/batch/params_json.h"
#include "shuimo/batch/queue_store.h"
#include "translations.h"

using namespace shuimo;
using batch::JobStatus;
using ui::BatchQueueModel;

namespace {

engine::StyleParams tinyParams(int iterations) {
    engine::StyleParams params;
    params.size = 32;
    params.iterations = iterations;
    params.scales = 1;
    params.device = "cpu";
    params.optimizer = engine::OptimizerKind::Adam;  // one evaluation per step
    return params;
}

// Photos a.png, b.png, ... (tiny gradients) and one style "ink.png" in `dir`.
struct Inputs {
    QStringList photos;
    QString style;
};

Inputs writeInputs(const QString& dir, int photos) {
    Inputs inputs;
    for (int i = 0; i < photos; ++i) {
        inputs.photos << testing::writeImage(dir, QStringLiteral("%1.png").arg(QChar('a' + i)), 40, 32, false);
    }
    inputs.style = testing::writeImage(dir, QStringLiteral("ink.png"), 32, 32, true);
    return inputs;
}

// "Current settings" with `current` iterations, then saved presets p2, p3, ... with the others'.
ui::BatchInputs batchInputs(const Inputs& files, const QList<int>& presetIterations) {
    ui::BatchInputs inputs;
    inputs.photos = files.photos;
    inputs.styles = {files.style};
    inputs.currentParams = tinyParams(presetIterations.value(0, 2));
    for (int i = 1; i < presetIterations.size(); ++i) {
        inputs.savedPresets.append({QStringLiteral("p%1").arg(i + 1), tinyParams(presetIterations[i])});
    }
    return inputs;
}

// Ticks every preset (saved ones start unticked).
void tickAllPresets(ui::BatchDialog& dialog) {
    for (int i = 0; i < dialog.presetList()->count(); ++i) dialog.presetList()->item(i)->setCheckState(Qt::Checked);
}

QString statusCell(const ui::BatchDialog& dialog, int row) {
    return dialog.queueModel()->index(row, BatchQueueModel::StatusColumn).data().toString();
}

JobStatus statusOf(const ui::BatchDialog& dialog, int row) {
    return static_cast<JobStatus>(dialog.queueModel()->index(row, 0).data(BatchQueueModel::kStatusRole).toInt());
}

QString outputOf(const ui::BatchDialog& dialog, int row) {
    const QString name = dialog.queueModel()->index(row, BatchQueueModel::OutputColumn).data().toString();
    return QDir(dialog.outputFolderEdit()->text()).filePath(name);
}

}  // namespace

class TestBatchDialog : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("ShuimoBatchTest"));
        QCoreApplication::setApplicationName(QStringLiteral("ShuimoBatchTest"));
        QSettings().clear();
        QVERIFY(m_styles.isValid());
        qputenv("SHUIMO_STYLES_DIR", m_styles.path().toUtf8());
        testing::writeImage(m_styles.path(), QStringLiteral("pine_and_rock.png"), 40, 40, true);
        qputenv("SHUIMO_MODEL_DIR", testing::weightsDir().path().toUtf8());
        // As the app does: the English file holds the plural forms ("2 photos").
        m_language = qEnvironmentVariable("SHUIMO_TEST_LANGUAGE", QStringLiteral("en"));
        QVERIFY(ui::installTranslators(*QCoreApplication::instance(), m_language));
    }

    void init() {
        QSettings().remove(QString::fromLatin1(ui::BatchDialog::kLastQueueSetting));
        QSettings().remove(QStringLiteral("batch/outputFolder"));
    }

    // (a) The jobs count and the first output's name follow the sections; a
    // template that does not work says why and Start is off.
    void countAndExampleName_data() {
        QTest::addColumn<QString>("nameTemplate");
        QTest::addColumn<int>("format");  // index in the format box
        QTest::addColumn<QString>("example");  // empty: an error is expected
        QTest::addColumn<QString>("errorMentions");
        QTest::newRow("default") << QStringLiteral("{content}_{style}_{preset}.{ext}") << 0
                                 << QStringLiteral("First file: a_ink+wash_current.png") << QString();
        QTest::newRow("jpeg, numbered") << QStringLiteral("{index}-{content}.{ext}") << 1
                                        << QStringLiteral("First file: 1-a.jpg") << QString();
        QTest::newRow("subfolder, tiff") << QStringLiteral("{style}/{content}_{preset}.{ext}") << 2
                                         << QStringLiteral("First file: ink+wash/a_current.tif") << QString();
        QTest::newRow("unknown field") << QStringLiteral("{content}_{colour}.{ext}") << 0 << QString()
                                       << QStringLiteral("colour");
        QTest::newRow("unbalanced brace") << QStringLiteral("{content_{style}.{ext}") << 0 << QString() << QString();
        QTest::newRow("empty") << QString() << 0 << QString() << QString();
        QTest::newRow("absolute") << QStringLiteral("/tmp/{content}.{ext}") << 0 << QString() << QString();
        QTest::newRow("leaves the folder") << QStringLiteral("../{content}.{ext}") << 0 << QString() << QString();
    }

    void countAndExampleName() {
        QFETCH(QString, nameTemplate);
        QFETCH(int, format);
        QFETCH(QString, example);
        QFETCH(QString, errorMentions);
        QTemporaryDir dir;
        const Inputs files = writeInputs(dir.path(), 3);
        ui::BatchDialog dialog;
        ui::BatchInputs inputs = batchInputs(files, {2, 3});
        // Two styles ticked together: one blended batch style (issue 14).
        inputs.styles << testing::writeImage(dir.path(), QStringLiteral("wash.png"), 32, 32, true);
        dialog.setInputs(inputs);
        dialog.outputFolderEdit()->setText(dir.filePath(QStringLiteral("out")));
        QCOMPARE(dialog.presetList()->count(), 2);  // "Current settings" (ticked) and p2
        QCOMPARE(dialog.jobCount(), 3);
        QCOMPARE(dialog.jobCountText(), QStringLiteral("3 photos × 1 style × 1 preset = 3 jobs"));
        tickAllPresets(dialog);
        QCOMPARE(dialog.jobCount(), 6);
        QCOMPARE(dialog.jobCountText(), QStringLiteral("3 photos × 1 style × 2 presets = 6 jobs"));
        QVERIFY(dialog.startButton()->isEnabled());

        dialog.formatCombo()->setCurrentIndex(format);
        dialog.nameTemplateEdit()->setText(nameTemplate);
        if (!example.isEmpty()) {
            QCOMPARE(dialog.exampleText(), example);
            QVERIFY(dialog.templateOk());
            QVERIFY(dialog.startButton()->isEnabled());
        } else {
            QVERIFY2(!dialog.exampleText().startsWith(QStringLiteral("First file")), qPrintable(dialog.exampleText()));
            QVERIFY(!dialog.exampleText().isEmpty());
            if (!errorMentions.isEmpty()) QVERIFY2(dialog.exampleText().contains(errorMentions), qPrintable(dialog.exampleText()));
            QVERIFY(!dialog.templateOk());
            QVERIFY(!dialog.startButton()->isEnabled());
        }

        // 16 bit only where the format has it; no preset ticked: nothing to start.
        QCOMPARE(dialog.bitDepthCombo()->isEnabled(), format == 0 || format == 2);
        dialog.nameTemplateEdit()->setText(QStringLiteral("{content}.{ext}"));
        for (int i = 0; i < dialog.presetList()->count(); ++i) dialog.presetList()->item(i)->setCheckState(Qt::Unchecked);
        QCOMPARE(dialog.jobCount(), 0);
        QVERIFY(!dialog.startButton()->isEnabled());
    }

    // Issue 14: the blend the artist designed (two ticked styles, weights 2:1) is
    // one style of the batch: one job per photo painting both, listed by name
    // with its shares, in the queue file and the queue view.
    void tickedBlendIsOneStyle() {
        QTemporaryDir dir;
        const Inputs files = writeInputs(dir.path(), 2);
        ui::BatchDialog dialog;
        ui::BatchInputs inputs = batchInputs(files, {2});
        const QString wash = testing::writeImage(dir.path(), QStringLiteral("wash.png"), 32, 32, true);
        inputs.styles << wash;
        inputs.styleBlend = {2.0, 1.0};
        dialog.setInputs(inputs);
        dialog.outputFolderEdit()->setText(dir.filePath(QStringLiteral("out")));
        QCOMPARE(dialog.styleList()->count(), 1);
        if (m_language == QLatin1String("en")) {
            QCOMPARE(dialog.styleList()->item(0)->text(), QStringLiteral("ink 67% + wash 33%"));
        }
        QCOMPARE(dialog.jobCount(), 2);
        const batch::BatchSpec spec = dialog.spec();
        QCOMPARE(spec.styles.size(), std::size_t{1});
        QCOMPARE(spec.styles.front().files.size(), std::size_t{2});
        QCOMPARE(spec.styles.front().blend, (std::vector<double>{2.0, 1.0}));
        const auto jobs = batch::expand_jobs(spec, spec.output.folder);
        QCOMPARE(jobs.size(), std::size_t{2});
        for (const auto& job : jobs) QCOMPARE(job.style.blend, (std::vector<double>{2.0, 1.0}));

        batch::BatchQueue queue;
        queue.spec = spec;
        queue.base_dir = spec.output.folder;
        queue.jobs = jobs;
        dialog.queueModel()->setQueue(queue);
        QCOMPARE(dialog.queueModel()->index(0, BatchQueueModel::StyleColumn).data().toString(),
                 dialog.styleList()->item(0)->text());
    }

    // (b) 2 photos x 1 style x 2 presets: four outputs with their sidecars, the table all Done.
    void runsABatchToTheEnd() {
        QTemporaryDir dir;
        const Inputs files = writeInputs(dir.path(), 2);
        ui::BatchDialog dialog;
        dialog.setInputs(batchInputs(files, {2, 3}));
        tickAllPresets(dialog);
        const QString out = dir.filePath(QStringLiteral("out"));
        dialog.outputFolderEdit()->setText(out);
        QCOMPARE(dialog.jobCount(), 4);
        dialog.show();
        QSignalSpy finished(dialog.controller(), &ui::BatchController::finished);
        QSignalSpy started(dialog.controller(), &ui::BatchController::jobStarted);
        dialog.startButton()->click();
        QVERIFY(dialog.controller()->isRunning());
        QVERIFY(!dialog.startButton()->isEnabled());  // the sections are locked while it runs
        QCOMPARE(dialog.queueModel()->rowCount(), 4);
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 90000);
        QCOMPARE(started.count(), 4);
        QVERIFY(!dialog.controller()->isRunning());

        const QStringList expected{QStringLiteral("a_ink_current.png"), QStringLiteral("a_ink_p2.png"),
                                   QStringLiteral("b_ink_current.png"), QStringLiteral("b_ink_p2.png")};
        for (int row = 0; row < 4; ++row) {
            QCOMPARE(statusOf(dialog, row), JobStatus::Done);
            QCOMPARE(statusCell(dialog, row), QStringLiteral("Done"));
            QCOMPARE(dialog.queueModel()->index(row, BatchQueueModel::OutputColumn).data().toString(), expected[row]);
            const QString output = QDir(out).filePath(expected[row]);
            QImageReader reader(output);
            const QImage image = reader.read();
            QVERIFY2(!image.isNull(), qPrintable(output + QStringLiteral(": ") + reader.errorString()));
            QCOMPARE(std::max(image.width(), image.height()), 32);
            QVERIFY(QFile::exists(QString::fromStdString(batch::sidecar_path(output.toStdString()).string())));
        }
        QCOMPARE(dialog.summaryText(), QStringLiteral("4 of 4 done, 0 failed"));
        QCOMPARE(dialog.progressBar()->value(), dialog.progressBar()->maximum());
        // The queue is on disk, says so, and is remembered for the resume offer.
        const QString queueFile = QDir(out).filePath(QString::fromLatin1(ui::BatchDialog::kQueueFileName));
        QCOMPARE(QSettings().value(QString::fromLatin1(ui::BatchDialog::kLastQueueSetting)).toString(), queueFile);
        const batch::BatchQueue saved = batch::read_queue_file(queueFile.toStdString());
        QCOMPARE(saved.jobs.size(), std::size_t{4});
        for (const batch::BatchJob& job : saved.jobs) QCOMPARE(job.status, JobStatus::Done);
        QVERIFY(ui::BatchDialog::resumeOfferText().isEmpty());  // nothing left to resume
        QVERIFY(dialog.messageBar()->isVisible());  // "All 4 paintings are in …"
        QVERIFY(dialog.messageBar()->text().contains(QDir::toNativeSeparators(out)));

        // The same batch again: the same queue file, and the finished outputs are skipped, not repainted.
        QFileInfo first(QDir(out).filePath(expected[0]));
        const QDateTime written = first.lastModified();
        QSignalSpy progress(dialog.controller(), &ui::BatchController::jobProgress);
        QVERIFY(dialog.startButton()->isEnabled());
        dialog.startButton()->click();
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 2, 90000);
        QCOMPARE(progress.count(), 0);
        for (int row = 0; row < 4; ++row) QCOMPARE(statusOf(dialog, row), JobStatus::Done);
        first.refresh();
        QCOMPARE(first.lastModified(), written);
        QCOMPARE(dialog.controller()->queueFile(), queueFile);
        QCOMPARE(QDir(out).entryList({QStringLiteral("*.json")}, QDir::Files).size(), 5);  // 4 sidecars, 1 queue
    }

    // (c) Garbage bytes named .png: its jobs fail with the reason shown in the
    // table, the other photos' jobs finish; once repaired, Retry Failed redoes them.
    void corruptPhotoFailsOnlyItsJobs() {
        QTemporaryDir dir;
        const Inputs files = writeInputs(dir.path(), 2);
        const QString broken = dir.filePath(QStringLiteral("broken.png"));
        {
            QFile file(broken);
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write("\x89PNG\r\n\x1a\n this is not a picture, only some bytes");
        }
        ui::BatchInputs inputs = batchInputs(files, {2, 3});
        inputs.photos.insert(1, broken);
        ui::BatchDialog dialog;
        dialog.setInputs(inputs);
        tickAllPresets(dialog);
        const QString out = dir.filePath(QStringLiteral("out"));
        dialog.outputFolderEdit()->setText(out);
        QCOMPARE(dialog.jobCount(), 6);
        dialog.show();
        QSignalSpy finished(dialog.controller(), &ui::BatchController::finished);
        dialog.startButton()->click();
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 90000);

        for (int row = 0; row < 6; ++row) {
            const bool fromBroken = row == 2 || row == 3;  // contents outermost, presets innermost
            if (!fromBroken) {
                QCOMPARE(statusOf(dialog, row), JobStatus::Done);
                QVERIFY(QFile::exists(outputOf(dialog, row)));
                continue;
            }
            QCOMPARE(statusOf(dialog, row), JobStatus::Failed);
            const QString error = dialog.queueModel()->index(row, BatchQueueModel::StatusColumn).data(Qt::ToolTipRole).toString();
            QVERIFY(!error.isEmpty());
            QVERIFY2(error.contains(QStringLiteral("broken.png")), qPrintable(error));  // names the file
            // Visible in the cell itself, not only as a tooltip.
            QVERIFY2(statusCell(dialog, row).contains(error), qPrintable(statusCell(dialog, row)));
            QVERIFY(!QFile::exists(outputOf(dialog, row)));
        }
        QVERIFY(dialog.messageBar()->isVisible());
        QCOMPARE(dialog.messageBar()->kind(), ui::MessageBar::Kind::Warning);
        QVERIFY(dialog.retryButton()->isEnabled());
        if (m_language == QLatin1String("en")) QCOMPARE(dialog.summaryText(), QStringLiteral("4 of 6 done, 2 failed"));
        // Where the batch's failures are, the next start offers to resume it.
        QVERIFY(!ui::BatchDialog::resumeOfferText().isEmpty());

        const QString shots = qEnvironmentVariable("SHUIMO_SCREENSHOT_DIR");
        if (!shots.isEmpty()) {
            QVERIFY(dialog.grab().save(QDir(shots).filePath(QStringLiteral("batch_dialog_%1.png").arg(m_language))));
        }

        // The photo repaired, Retry Failed runs the two failed jobs again (and only those).
        testing::writeImage(dir.path(), QStringLiteral("broken.png"), 40, 32, false);
        QSignalSpy started(dialog.controller(), &ui::BatchController::jobStarted);
        dialog.retryButton()->click();
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 2, 90000);
        QCOMPARE(started.count(), 2);
        for (int row = 0; row < 6; ++row) QCOMPARE(statusOf(dialog, row), JobStatus::Done);
        QVERIFY(QFile::exists(outputOf(dialog, 3)));
        QVERIFY(!dialog.retryButton()->isEnabled());
    }

    // (d) While paused no job finishes and no evaluation reports; resume finishes them all.
    void pauseHoldsAndResumeContinues() {
        QTemporaryDir dir;
        const Inputs files = writeInputs(dir.path(), 1);
        ui::BatchDialog dialog;
        dialog.setInputs(batchInputs(files, {20, 20, 20}));
        tickAllPresets(dialog);
        dialog.outputFolderEdit()->setText(dir.filePath(QStringLiteral("out")));
        QCOMPARE(dialog.jobCount(), 3);
        ui::BatchController* controller = dialog.controller();
        QSignalSpy progress(controller, &ui::BatchController::jobProgress);
        QSignalSpy jobFinished(controller, &ui::BatchController::jobFinished);
        QSignalSpy finished(controller, &ui::BatchController::finished);
        dialog.startButton()->click();
        QTRY_VERIFY_WITH_TIMEOUT(progress.count() >= 3, 60000);

        dialog.pauseButton()->click();
        QVERIFY(controller->isPaused());
        QCOMPARE(dialog.pauseButton()->text(), QStringLiteral("&Resume"));
        QVERIFY(dialog.summaryText().startsWith(QStringLiteral("Paused")));
        // An evaluation under way finishes, then the one worker waits for resume: from then on
        // nothing can come. What it said before it was held is delivered, then the counts hold.
        QTRY_COMPARE_WITH_TIMEOUT(controller->heldWorkers(), 1, 10000);
        QCoreApplication::sendPostedEvents();
        const qsizetype heldProgress = progress.count();
        const qsizetype heldFinished = jobFinished.count();
        QCoreApplication::sendPostedEvents();
        QCOMPARE(controller->heldWorkers(), 1);
        QCOMPARE(progress.count(), heldProgress);
        QCOMPARE(jobFinished.count(), heldFinished);
        QCOMPARE(finished.count(), 0);
        QVERIFY(controller->isRunning());

        dialog.pauseButton()->click();
        QVERIFY(!controller->isPaused());
        QCOMPARE(dialog.pauseButton()->text(), QStringLiteral("&Pause"));
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 90000);
        QVERIFY(progress.count() > heldProgress);
        for (int row = 0; row < 3; ++row) QCOMPARE(statusOf(dialog, row), JobStatus::Done);
    }

    // (e) Cancelling one job, running or queued: it ends "cancelled" without an output, the others finish.
    void cancelOneJob_data() {
        QTest::addColumn<int>("row");
        QTest::addColumn<QList<int>>("iterations");
        QTest::newRow("running") << 0 << QList<int>{3000, 2, 2};
        QTest::newRow("queued") << 2 << QList<int>{15, 2, 2};
    }

    void cancelOneJob() {
        QFETCH(int, row);
        QFETCH(QList<int>, iterations);
        QTemporaryDir dir;
        const Inputs files = writeInputs(dir.path(), 1);
        ui::BatchDialog dialog;
        dialog.setInputs(batchInputs(files, iterations));
        tickAllPresets(dialog);
        dialog.outputFolderEdit()->setText(dir.filePath(QStringLiteral("out")));
        dialog.show();
        ui::BatchController* controller = dialog.controller();
        QSignalSpy progress(controller, &ui::BatchController::jobProgress);
        QSignalSpy finished(controller, &ui::BatchController::finished);
        dialog.startButton()->click();
        QTRY_VERIFY_WITH_TIMEOUT(progress.count() >= 1, 60000);  // job 1 runs, 2 and 3 wait
        QCOMPARE(statusOf(dialog, 2), JobStatus::Queued);
        dialog.queueView()->selectRow(row);
        QVERIFY(dialog.cancelJobButton()->isEnabled());
        dialog.cancelJobButton()->click();
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 90000);

        for (int r = 0; r < 3; ++r) {
            QCOMPARE(statusOf(dialog, r), r == row ? JobStatus::Cancelled : JobStatus::Done);
            QCOMPARE(QFile::exists(outputOf(dialog, r)), r != row);
        }
        QCOMPARE(statusCell(dialog, row), QStringLiteral("Cancelled"));
        QCOMPARE(dialog.summaryText(), QStringLiteral("2 of 3 done, 0 failed, 1 cancelled"));
        const batch::BatchQueue saved = batch::read_queue_file(controller->queueFile().toStdString());
        QCOMPARE(saved.jobs[static_cast<std::size_t>(row)].status, JobStatus::Cancelled);
    }

    // (f) The main window offers a queue the last session left unfinished, and
    // Resume runs what is left; a finished or missing queue is not offered.
    void mainWindowOffersToResume_data() {
        QTest::addColumn<QList<int>>("statuses");  // per job, as JobStatus
        QTest::addColumn<bool>("removeFile");
        QTest::addColumn<QString>("offer");  // empty: none
        const int done = static_cast<int>(JobStatus::Done);
        const int running = static_cast<int>(JobStatus::Running);
        const int queued = static_cast<int>(JobStatus::Queued);
        const int failed = static_cast<int>(JobStatus::Failed);
        const int cancelled = static_cast<int>(JobStatus::Cancelled);
        QTest::newRow("interrupted") << QList<int>{done, running, queued} << false << QStringLiteral("(1 of 3 done)");
        QTest::newRow("a failed job") << QList<int>{done, done, failed} << false << QStringLiteral("(2 of 3 done)");
        QTest::newRow("all done") << QList<int>{done, done, done} << false << QString();
        QTest::newRow("done or cancelled") << QList<int>{done, cancelled, done} << false << QString();
        QTest::newRow("file gone") << QList<int>{done, queued, queued} << true << QString();
    }

    void mainWindowOffersToResume() {
        QFETCH(QList<int>, statuses);
        QFETCH(bool, removeFile);
        QFETCH(QString, offer);
        const int done = static_cast<int>(JobStatus::Done);
        const QByteArray kPainted("painted in an earlier session");
        QTemporaryDir dir;
        const Inputs files = writeInputs(dir.path(), 1);
        const QString out = dir.filePath(QStringLiteral("out"));
        QVERIFY(QDir().mkpath(out));
        const QString queueFile = QDir(out).filePath(QStringLiteral("shuimo-batch.json"));
        {
            batch::BatchQueue queue;
            queue.spec.contents = {files.photos.first().toStdString()};
            queue.spec.styles = {{"ink", {files.style.toStdString()}, {}}};
            queue.spec.base_params = batch::params_to_json(tinyParams(2));
            queue.spec.presets = {{"one", {}}, {"two", {}}, {"three", {}}};
            queue.spec.output.folder = out.toStdString();
            queue.base_dir = out.toStdString();
            queue.jobs = batch::expand_jobs(queue.spec, queue.base_dir);
            QCOMPARE(queue.jobs.size(), std::size_t{3});
            // A "done" job's output is there (the store re-runs a done job whose file is gone).
            for (std::size_t i = 0; i < queue.jobs.size(); ++i) {
                if (statuses[static_cast<qsizetype>(i)] != done) continue;
                QFile output(QString::fromStdString(queue.output_path(queue.jobs[i]).string()));
                QVERIFY(output.open(QIODevice::WriteOnly));
                output.write(kPainted);
            }
            const auto store = batch::QueueStore::create(queueFile.toStdString(), queue);
            for (std::size_t i = 0; i < queue.jobs.size(); ++i) {
                store->set_status(queue.jobs[i].id, static_cast<JobStatus>(statuses[static_cast<qsizetype>(i)]));
            }
        }  // closed as a crashed session would leave it (a "running" job included)
        if (removeFile) QVERIFY(QFile::remove(queueFile));
        QSettings().setValue(QString::fromLatin1(ui::BatchDialog::kLastQueueSetting), queueFile);

        ui::MainWindow window;
        window.setKnownThroughput(10.0);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        ui::MessageBar* bar = window.batchResumeBar();
        QCOMPARE(bar->isVisible(), !offer.isEmpty());
        if (offer.isEmpty()) return;
        QVERIFY2(bar->text().contains(QStringLiteral("An unfinished batch ") + offer), qPrintable(bar->text()));
        QPushButton* resume = nullptr;
        QPushButton* dismiss = nullptr;
        for (QPushButton* button : bar->findChildren<QPushButton*>()) {
            if (button->text() == QLatin1String("Resume")) resume = button;
            if (button->text() == QLatin1String("Dismiss")) dismiss = button;
        }
        QVERIFY(resume && resume->isVisible());
        QVERIFY(dismiss && dismiss->isVisible());

        if (statuses.contains(static_cast<int>(JobStatus::Failed))) {
            // Dismiss forgets the queue: no offer next time.
            dismiss->click();
            QVERIFY(!bar->isVisible());
            QVERIFY(ui::BatchDialog::resumeOfferText().isEmpty());
            QVERIFY(!QSettings().contains(QString::fromLatin1(ui::BatchDialog::kLastQueueSetting)));
            QVERIFY(window.batchDialog() == nullptr);
            return;
        }
        resume->click();
        QVERIFY(!bar->isVisible());
        ui::BatchDialog* dialog = window.batchDialog();
        QVERIFY(dialog != nullptr);
        QVERIFY(dialog->isVisible());
        QCOMPARE(dialog->queueModel()->rowCount(), 3);
        QCOMPARE(dialog->photoList()->count(), 1);  // the sections show the queue's batch
        QCOMPARE(dialog->presetList()->count(), 3);
        QSignalSpy finished(dialog->controller(), &ui::BatchController::finished);
        if (dialog->controller()->isRunning()) QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 90000);
        // The interrupted job ran again, the waiting one ran, the done one was left alone.
        QCOMPARE(statusOf(*dialog, 0), JobStatus::Done);
        QFile first(outputOf(*dialog, 0));
        QVERIFY(first.open(QIODevice::ReadOnly));
        QCOMPARE(first.readAll(), kPainted);
        for (int row = 1; row < 3; ++row) {
            QCOMPARE(statusOf(*dialog, row), JobStatus::Done);
            QVERIFY(!QImageReader(outputOf(*dialog, row)).read().isNull());
        }
    }

private:
    QTemporaryDir m_styles;
    QString m_language;
};

// As the app does: OpenMP threads sleep while they wait, so the event loop gets the CPU.
int main(int argc, char** argv) {
    shuimo::ui::preferPassiveOpenMpWaits(argv);
    QApplication app(argc, argv);
    TestBatchDialog test;
    return QTest::qExec(&test, argc, argv);
}
#include "tst_batch_dialog.moc"
