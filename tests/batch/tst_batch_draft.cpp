// The batch draft the Batch dialog edits, without widgets: photos and styles
// made absolute and kept once, preset ticks kept by name, the job count, the
// first output's name (the same as the queue's first output), the spec it
// stands for, loading a queue's spec back, and the choice of the queue file.

#include <QJsonDocument>
#include <QSaveFile>
#include <QTemporaryDir>
#include <QTest>

#include <fstream>

#include "shuimo/batch/batch_draft.h"
#include "shuimo/batch/params_json.h"

using namespace shuimo;
using batch::BatchDraft;

namespace {

std::filesystem::path touch(const std::filesystem::path& path) {
    std::filesystem::create_directories(path.parent_path());
    std::ofstream(path, std::ios::binary) << "not decoded by the draft";
    return path;
}

engine::StyleParams paramsWithIterations(int iterations) {
    engine::StyleParams params;
    params.size = 64;
    params.iterations = iterations;
    return params;
}

// Photos a.png and b.jpg, styles ink and wash, "current" (100 iterations) and p2 (200) ticked, in `dir`/out.
BatchDraft twoByTwoByTwo(const std::filesystem::path& dir) {
    BatchDraft draft;
    draft.add_photo(touch(dir / "a.png"));
    draft.add_photo(touch(dir / "b.jpg"));
    draft.add_style_file(touch(dir / "ink.png"));
    draft.add_style_file(touch(dir / "wash.png"));
    draft.set_presets(paramsWithIterations(100), {{"p2", paramsWithIterations(200)}});
    draft.set_preset_ticked(1, true);
    draft.set_output_folder((dir / "out").string());
    return draft;
}

void writeQueue(const std::filesystem::path& file, const batch::BatchSpec& spec) {
    batch::BatchQueue queue;
    queue.spec = spec;
    queue.base_dir = spec.output.folder;
    queue.jobs = batch::expand_jobs(spec, queue.base_dir);
    std::filesystem::create_directories(file.parent_path());
    QSaveFile out(QString::fromStdString(file.string()));
    QVERIFY(out.open(QIODevice::WriteOnly));
    out.write(QJsonDocument(batch::queue_to_json(queue)).toJson());
    QVERIFY(out.commit());
}

}  // namespace

class TestBatchDraft : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void photosAndStylesAreAbsoluteAndOnce() {
        QTemporaryDir dir;
        const std::filesystem::path root = dir.path().toStdString();
        const std::filesystem::path photo = touch(root / "sub" / "a.png");
        BatchDraft draft;
        QVERIFY(draft.add_photo(photo));
        QVERIFY(!draft.add_photo(root / "sub" / ".." / "sub" / "a.png"));  // the same file
        QCOMPARE(draft.photos().size(), std::size_t{1});
        QVERIFY(draft.photos().front().is_absolute());
        QVERIFY(draft.add_style_file(touch(root / "ink.png")));
        QCOMPARE(draft.styles().front().name, std::string("ink"));
        QVERIFY(!draft.add_style({"other name", {root / "ink.png"}, {}}));  // the same files
        QVERIFY(draft.add_style({"mist", {root / "ink.png", touch(root / "m.png")}, {1.0, 2.0}}));
        QCOMPARE(draft.styles().size(), std::size_t{2});
        QCOMPARE(draft.styles()[1].blend, (std::vector<double>{1.0, 2.0}));
        draft.remove_styles({0, 0, 7});  // duplicates and rows past the end are ignored
        QCOMPARE(draft.styles().size(), std::size_t{1});
        QCOMPARE(draft.styles().front().name, std::string("mist"));
        draft.remove_photos({0});
        QVERIFY(draft.photos().empty());
    }

    // The first call ticks "current" only; ticks survive by name; a saved
    // preset named "current" is left out; saved ones hold only what differs.
    void presetTicksSurviveByName() {
        BatchDraft draft;
        draft.set_presets(paramsWithIterations(100), {{"p2", paramsWithIterations(200)}, {"current", {}}});
        QCOMPARE(draft.presets().size(), std::size_t{2});
        QCOMPARE(draft.presets()[0].kind, BatchDraft::PresetKind::Current);
        QVERIFY(draft.presets()[0].ticked);
        QVERIFY(!draft.presets()[1].ticked);
        QCOMPARE(draft.presets()[1].overrides, QJsonObject({{QStringLiteral("iterations"), 200}}));
        QCOMPARE(draft.base_params(), batch::params_to_json(paramsWithIterations(100)));

        draft.set_preset_ticked(0, false);
        draft.set_preset_ticked(1, true);
        draft.set_presets(paramsWithIterations(300), {{"p3", paramsWithIterations(300)}, {"p2", paramsWithIterations(200)}});
        QCOMPARE(draft.presets().size(), std::size_t{3});
        QVERIFY(!draft.presets()[0].ticked);  // "current" stays unticked
        QVERIFY(!draft.presets()[1].ticked);  // p3 is new
        QVERIFY(draft.presets()[2].ticked);   // p2 kept its tick
        QVERIFY(draft.presets()[1].overrides.isEmpty());  // p3 is the same as the current settings
        QCOMPARE(draft.ticked_presets(), 1);
    }

    void countAndFirstName_data() {
        QTest::addColumn<QString>("nameTemplate");
        QTest::addColumn<QString>("format");
        QTest::addColumn<QString>("expected");  // empty: the template does not work
        QTest::newRow("default") << QStringLiteral("{content}_{style}_{preset}.{ext}") << QStringLiteral("png")
                                 << QStringLiteral("a_ink_current.png");
        QTest::newRow("numbered jpeg") << QStringLiteral("{index}-{content}.{ext}") << QStringLiteral("jpg")
                                       << QStringLiteral("1-a.jpg");
        QTest::newRow("subfolder") << QStringLiteral("{style}/{content}_{preset}.{ext}") << QStringLiteral("tif")
                                   << QStringLiteral("ink/a_current.tif");
        QTest::newRow("unknown field") << QStringLiteral("{content}_{colour}.{ext}") << QStringLiteral("png") << QString();
        QTest::newRow("unbalanced") << QStringLiteral("{content_{style}.{ext}") << QStringLiteral("png") << QString();
        QTest::newRow("empty") << QString() << QStringLiteral("png") << QString();
        QTest::newRow("absolute") << QStringLiteral("/tmp/{content}.{ext}") << QStringLiteral("png") << QString();
        QTest::newRow("leaves the folder") << QStringLiteral("../{content}.{ext}") << QStringLiteral("png") << QString();
    }

    void countAndFirstName() {
        QFETCH(QString, nameTemplate);
        QFETCH(QString, format);
        QFETCH(QString, expected);
        QTemporaryDir dir;
        BatchDraft draft = twoByTwoByTwo(dir.path().toStdString());
        draft.set_preset_ticked(1, false);
        QCOMPARE(draft.job_count(), 4);  // 2 x 2 x 1: the index is one digit wide
        draft.set_name_template(nameTemplate.toStdString());
        draft.set_format(format.toStdString());
        if (expected.isEmpty()) {
            QVERIFY(!draft.template_ok());
            QVERIFY(!draft.can_start());
            QVERIFY_THROWS_EXCEPTION(batch::QueueError, draft.first_output_name());
            return;
        }
        QVERIFY(draft.template_ok());
        QVERIFY(draft.can_start());
        QCOMPARE(QString::fromStdString(draft.first_output_name().generic_string()), expected);
        // The name the queue gives its first job.
        const batch::BatchSpec spec = draft.spec();
        QCOMPARE(batch::expand_jobs(spec, spec.output.folder).front().output, draft.first_output_name());
    }

    // Ten jobs: {index} is two digits wide, as in the queue.
    void indexWidthFollowsTheJobCount() {
        QTemporaryDir dir;
        const std::filesystem::path root = dir.path().toStdString();
        BatchDraft draft;
        for (int i = 0; i < 5; ++i) draft.add_photo(touch(root / ("p" + std::to_string(i) + ".png")));
        draft.add_style_file(touch(root / "ink.png"));
        draft.set_presets(paramsWithIterations(100), {{"p2", paramsWithIterations(200)}});
        draft.set_preset_ticked(1, true);
        draft.set_output_folder((root / "out").string());
        draft.set_name_template("{index}_{content}.{ext}");
        QCOMPARE(draft.job_count(), 10);
        QCOMPARE(draft.first_output_name(), std::filesystem::path("01_p0.png"));
        const batch::BatchSpec spec = draft.spec();
        QCOMPARE(batch::expand_jobs(spec, spec.output.folder).front().output, draft.first_output_name());
    }

    void nothingToStart() {
        QTemporaryDir dir;
        BatchDraft draft = twoByTwoByTwo(dir.path().toStdString());
        QVERIFY(draft.can_start());
        draft.set_output_folder("   ");
        QVERIFY(!draft.can_start());
        draft.set_output_folder(dir.path().toStdString());
        draft.set_preset_ticked(0, false);
        draft.set_preset_ticked(1, false);
        QCOMPARE(draft.job_count(), 0);
        QVERIFY(!draft.can_start());
        // Placeholders where there is nothing yet.
        BatchDraft empty;
        QCOMPARE(empty.first_output_name(), std::filesystem::path("photo_style_current.png"));
    }

    void formatsAndBitDepth() {
        BatchDraft draft;
        QCOMPARE(batch::output_formats().size(), std::size_t{4});
        QCOMPARE(std::string(batch::output_formats()[0].id), std::string("png"));
        draft.set_bit_depth(16);
        QVERIFY(draft.format_has_sixteen_bits());
        draft.set_format("tif");
        QCOMPARE(draft.output().bit_depth, 16);
        draft.set_format("jpg");
        QVERIFY(!draft.format_has_sixteen_bits());
        QCOMPARE(draft.output().bit_depth, 8);
        draft.set_format("webp");
        QVERIFY(!draft.format_has_sixteen_bits());
    }

    // The spec has the ticked presets only and the folder cleaned; loading it
    // back (as resuming does) gives the same spec.
    void specAndLoadRoundTrip() {
        QTemporaryDir dir;
        const std::filesystem::path root = dir.path().toStdString();
        BatchDraft draft = twoByTwoByTwo(root);
        draft.set_output_folder("  " + (root / "x" / ".." / "out").string() + "  ");
        draft.set_format("tif");
        draft.set_bit_depth(16);
        draft.set_overwrite(true);
        draft.set_preset_ticked(0, false);
        const batch::BatchSpec spec = draft.spec();
        QCOMPARE(spec.output.folder, root / "out");
        QCOMPARE(spec.presets.size(), std::size_t{1});
        QCOMPARE(spec.presets.front().name, std::string("p2"));
        QCOMPARE(spec.contents.size(), std::size_t{2});
        QCOMPARE(spec.styles.size(), std::size_t{2});
        QCOMPARE(spec.output.format, std::string("tif"));
        QCOMPARE(spec.output.bit_depth, 16);
        QVERIFY(spec.output.overwrite);

        BatchDraft loaded;
        loaded.load(spec, "/elsewhere");  // absolute paths stay as they are
        QVERIFY(loaded.spec() == spec);
        QCOMPARE(loaded.presets().front().kind, BatchDraft::PresetKind::Saved);

        // Relative paths start at the queue's folder; no presets: one "default", ticked.
        batch::BatchSpec relative;
        relative.contents = {"a.png"};
        relative.styles = {{"ink", {"styles/ink.png"}, {}}};
        relative.output.folder = "out";
        relative.output.format = "gif";  // not offered: the first format instead
        loaded.load(relative, root);
        QCOMPARE(loaded.photos().front(), root / "a.png");
        QCOMPARE(loaded.styles().front().files.front(), root / "styles" / "ink.png");
        QCOMPARE(loaded.output().folder, root / "out");
        QCOMPARE(loaded.output().format, std::string("png"));
        QCOMPARE(loaded.presets().size(), std::size_t{1});
        QCOMPARE(loaded.presets().front().name, std::string(BatchDraft::kDefaultPresetName));
        QCOMPARE(loaded.presets().front().kind, BatchDraft::PresetKind::Default);
        QVERIFY(loaded.presets().front().ticked);
    }

    // Issue 14: the styles ticked together in the gallery, with their blend, are
    // ONE batch style: one job per photo (and preset) painting both, not one per file.
    void tickedStylesAreOneBlend() {
        QTemporaryDir dir;
        const std::filesystem::path root = dir.path().toStdString();
        BatchDraft draft;
        draft.add_photo(touch(root / "a.png"));
        draft.add_photo(touch(root / "b.jpg"));
        draft.add_photo(touch(root / "c.png"));
        const std::vector<std::filesystem::path> ticked{touch(root / "ink.png"), touch(root / "wash.png")};
        QVERIFY(draft.add_style(batch::blended_style(ticked, {2.0, 1.0})));
        draft.set_presets(paramsWithIterations(10), {});
        draft.set_output_folder((root / "out").string());
        QCOMPARE(draft.styles().size(), std::size_t{1});
        QCOMPARE(draft.job_count(), 3);
        QCOMPARE(draft.first_output_name(), std::filesystem::path("a_ink+wash_current.png"));

        const batch::BatchSpec spec = draft.spec();
        const std::vector<batch::BatchJob> jobs = batch::expand_jobs(spec, spec.output.folder);
        QCOMPARE(jobs.size(), std::size_t{3});
        for (const batch::BatchJob& job : jobs) {
            QCOMPARE(job.style.files, ticked);
            QCOMPARE(job.style.blend, (std::vector<double>{2.0, 1.0}));
        }
        // Through the queue file and back into a draft (resuming).
        const auto file = root / "out" / BatchDraft::kQueueFileName;
        writeQueue(file, spec);
        const batch::BatchQueue read = batch::read_queue_file(file);
        QCOMPARE(read.jobs.size(), std::size_t{3});
        QCOMPARE(read.jobs.front().style.blend, (std::vector<double>{2.0, 1.0}));
        BatchDraft loaded;
        loaded.load(read.spec, read.base_dir);
        QVERIFY(loaded.spec() == spec);

        // Equal weights (or none designed) are the equal blend; one style is itself.
        QVERIFY(batch::blended_style(ticked, {1.0, 1.0}).blend.empty());
        QVERIFY(batch::blended_style(ticked, {0.0, 0.0}).blend.empty());
        QVERIFY(batch::blended_style(ticked, {}).blend.empty());
        const batch::StyleChoice single = batch::blended_style({ticked.front()}, {3.0});
        QCOMPARE(single.name, std::string("ink"));
        QVERIFY(single.blend.empty());
    }

    // shuimo-batch.json first; the same batch again reuses its file; another
    // batch's file (or a file that is not a queue) is kept and -2, -3 follow.
    void queueFileChoice() {
        QTemporaryDir dir;
        const std::filesystem::path root = dir.path().toStdString();
        const BatchDraft draft = twoByTwoByTwo(root);
        const std::filesystem::path out = root / "out";
        QCOMPARE(draft.choose_queue_file(), out / BatchDraft::kQueueFileName);
        writeQueue(out / BatchDraft::kQueueFileName, draft.spec());
        QCOMPARE(draft.choose_queue_file(), out / BatchDraft::kQueueFileName);

        BatchDraft other = draft;
        other.set_name_template("{index}.{ext}");
        QCOMPARE(other.choose_queue_file(), out / "shuimo-batch-2.json");
        touch(out / "shuimo-batch-2.json");  // not a queue
        QCOMPARE(other.choose_queue_file(), out / "shuimo-batch-3.json");
        writeQueue(out / "shuimo-batch-3.json", other.spec());
        QCOMPARE(other.choose_queue_file(), out / "shuimo-batch-3.json");
        QCOMPARE(draft.choose_queue_file(), out / BatchDraft::kQueueFileName);
    }

    void suggestedFolderIsBesideTheFirstPhoto() {
        QTemporaryDir dir;
        const std::filesystem::path root = dir.path().toStdString();
        BatchDraft draft;
        QVERIFY(draft.suggested_output_folder().empty());
        draft.add_photo(touch(root / "album" / "a.png"));
        QCOMPARE(draft.suggested_output_folder(), root / "album" / "shuimo");
    }
};

QTEST_GUILESS_MAIN(TestBatchDraft)
#include "tst_batch_draft.moc"
