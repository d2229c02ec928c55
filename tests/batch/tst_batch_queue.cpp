// The batch queue without the engine: JSON round trip, strict reading, name
// templates and collisions, shards, the disk-backed store and the output record.

#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTest>

#include <fstream>
#include <map>
#include <set>

#include "distinct_params.h"
#include "shuimo/batch/batch_queue.h"
#include "shuimo/batch/name_template.h"
#include "shuimo/batch/output_record.h"
#include "shuimo/batch/params_json.h"
#include "shuimo/batch/queue_store.h"

using namespace shuimo;
using batch::JobStatus;

namespace {

void write_text(const std::filesystem::path& path, const std::string& text) {
    std::filesystem::create_directories(path.parent_path());
    std::ofstream(path, std::ios::binary) << text;
}

std::string read_text(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), {}};
}

QJsonObject json_of(const char* text) { return QJsonDocument::fromJson(text).object(); }

batch::BatchSpec three_by_two_by_two() {
    batch::BatchSpec spec;
    spec.contents = {"a.jpg", "b.jpg", "c.png"};
    spec.styles = {{"ink", {"ink.png"}, {}}, {"mist", {"m1.png", "m2.png"}, {1.0, 2.0}}};
    spec.base_params = json_of(R"({"size": 64, "iterations": 5})");
    spec.presets = {{"soft", json_of(R"({"style_weight": 1000})")}, {"strong", json_of(R"({"style_weight": 1e7})")}};
    spec.output.folder = "out";
    return spec;
}

// A queue of one job in `root`: photo a.jpg, style s.png (files of a few bytes: hashed, never decoded).
batch::BatchQueue one_photo_one_style(const std::filesystem::path& root) {
    write_text(root / "a.jpg", "photo");
    write_text(root / "s.png", "style");
    batch::BatchQueue queue;
    queue.base_dir = root;
    queue.spec.contents = {"a.jpg"};
    queue.spec.styles = {{"s", {"s.png"}, {}}};
    queue.jobs = batch::expand_jobs(queue.spec, root);
    return queue;
}

}  // namespace

class TestBatchQueue : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void expansionIsContentsThenStylesThenPresets() {
        const auto jobs = batch::expand_jobs(three_by_two_by_two(), "/q");
        QCOMPARE(jobs.size(), std::size_t(12));
        QCOMPARE(jobs[0].id, std::string("1"));
        QCOMPARE(jobs[0].content, std::filesystem::path("a.jpg"));
        QCOMPARE(jobs[0].preset, std::string("soft"));
        QCOMPARE(jobs[1].preset, std::string("strong"));
        QCOMPARE(jobs[2].style.name, std::string("mist"));
        QCOMPARE(jobs[4].content, std::filesystem::path("b.jpg"));
        QCOMPARE(jobs[11].id, std::string("12"));
        QCOMPARE(jobs[0].output, std::filesystem::path("a_ink_soft.png"));
        QCOMPARE(jobs[3].output, std::filesystem::path("a_mist_strong.png"));
        // Base params under the preset's overrides.
        QCOMPARE(jobs[0].params.size, 64);
        QCOMPARE(jobs[0].params.style_weight, 1000.0);
        QCOMPARE(jobs[1].params.style_weight, 1e7);
        QCOMPARE(jobs[1].params.iterations, 5);
    }

    void contentFoldersAreListedSorted() {
        QTemporaryDir dir;
        const std::filesystem::path root = dir.path().toStdString();
        for (const char* name : {"z.png", "a.JPG", "notes.txt", "m.tif"}) write_text(root / "photos" / name, "x");
        batch::BatchSpec spec;
        spec.contents = {"photos"};
        spec.styles = {{"ink", {"ink.png"}, {}}};
        const auto jobs = batch::expand_jobs(spec, root);
        QCOMPARE(jobs.size(), std::size_t(3));
        QCOMPARE(jobs[0].content, std::filesystem::path("photos/a.JPG"));
        QCOMPARE(jobs[1].content, std::filesystem::path("photos/m.tif"));
        QCOMPARE(jobs[2].content, std::filesystem::path("photos/z.png"));
        spec.contents = {"empty"};
        std::filesystem::create_directories(root / "empty");
        QVERIFY_THROWS_EXCEPTION(batch::QueueError, batch::expand_jobs(spec, root));
    }

    // Issue 27: clips among the photos (listed from a folder too) are named with the video format
    // ({ext}, or added to a fixed extension as for images); the format survives JSON.
    void clipsAreNamedAsVideos() {
        QTemporaryDir dir;
        const std::filesystem::path root = dir.path().toStdString();
        for (const char* name : {"a.png", "walk.MOV", "notes.txt"}) write_text(root / "takes" / name, "x");
        batch::BatchSpec spec;
        spec.contents = {"takes", "river.mp4"};
        spec.styles = {{"ink", {"ink.png"}, {}}};
        spec.output.name_template = "{content}_{style}.{ext}";
        spec.output.video_format = "webm";
        const auto jobs = batch::expand_jobs(spec, root);
        QCOMPARE(jobs.size(), std::size_t(3));
        QCOMPARE(jobs[0].output, std::filesystem::path("a_ink.png"));
        QCOMPARE(jobs[1].output, std::filesystem::path("walk_ink.webm"));
        QCOMPARE(jobs[2].output, std::filesystem::path("river_ink.webm"));
        batch::BatchQueue queue{spec, jobs, root};
        const batch::BatchQueue back = batch::queue_from_json(batch::queue_to_json(queue), root, "test");
        QCOMPARE(back.spec.output.video_format, std::string("webm"));
        QVERIFY(back == queue);
        spec.output.name_template = "{content}.png";
        QCOMPARE(batch::expand_jobs(spec, root)[1].output.extension().string(), std::string(".webm"));
    }

    void jsonRoundTrip() {
        batch::BatchQueue queue;
        queue.spec = three_by_two_by_two();
        queue.spec.output.format = "tif";
        queue.spec.output.bit_depth = 16;
        queue.spec.output.overwrite = true;
        queue.base_dir = "/q";
        queue.jobs = batch::expand_jobs(queue.spec, queue.base_dir);
        queue.jobs[2].status = JobStatus::Failed;
        queue.jobs[2].error = "cannot decode b.jpg";
        queue.jobs[2].attempts = 2;
        queue.jobs[2].error_code = engine::ErrorCode::NotAnImage;  // issue 14: the error in a translatable form
        queue.jobs[2].error_args = {"b.jpg"};
        queue.jobs[3].status = JobStatus::Done;
        queue.jobs[3].seconds = 12.5;
        queue.jobs[4].params.seed = 18446744073709551615ULL;  // survives JSON (written as a string)
        queue.jobs[4].params.paper_colour = std::array<float, 3>{0.9f, 0.85f, 0.75f};
        const QByteArray text = QJsonDocument(batch::queue_to_json(queue)).toJson();
        const batch::BatchQueue back = batch::queue_from_json(QJsonDocument::fromJson(text).object(), "/q", "test");
        QVERIFY(back == queue);
    }

    // Issue 14: a blend of styles is one entry of the spec and of each job (both
    // files, the weights), through JSON; a queue of an earlier version (styles as
    // bare file names, no error codes) still reads, and an unknown error code
    // (a newer version's) reads as none, its "error" text kept.
    void blendEntryAndOlderQueues() {
        batch::BatchSpec spec;
        spec.contents = {"a.jpg", "b.jpg"};
        spec.styles = {{"misty_mountains+splashed_ink", {"misty_mountains.png", "splashed_ink.png"}, {0.7, 0.3}}};
        spec.base_params = json_of(R"({"size": 64, "iterations": 5})");
        spec.output.folder = "out";
        batch::BatchQueue queue;
        queue.spec = spec;
        queue.base_dir = "/q";
        queue.jobs = batch::expand_jobs(spec, queue.base_dir);
        QCOMPARE(queue.jobs.size(), std::size_t{2});
        for (const batch::BatchJob& job : queue.jobs) {
            QCOMPARE(job.style.files.size(), std::size_t{2});
            QCOMPARE(job.style.blend, (std::vector<double>{0.7, 0.3}));
        }
        const QByteArray text = QJsonDocument(batch::queue_to_json(queue)).toJson();
        QVERIFY(batch::queue_from_json(QJsonDocument::fromJson(text).object(), "/q", "test") == queue);

        const batch::BatchQueue old = batch::queue_from_json(
            json_of(R"({"shuimo_batch": 1, "contents": ["a.jpg"], "styles": ["ink.png", "wash.png"],
                        "output": {"folder": "out"}})"),
            "/q", "old");
        QCOMPARE(old.jobs.size(), std::size_t{2});
        QCOMPARE(old.jobs[1].style.name, std::string("wash"));
        QCOMPARE(old.jobs[1].error_code, engine::ErrorCode::None);

        QJsonObject json = batch::queue_to_json(queue);
        QJsonArray jobs = json.value(QStringLiteral("jobs")).toArray();
        QJsonObject first = jobs[0].toObject();
        first[QStringLiteral("status")] = QStringLiteral("failed");
        first[QStringLiteral("error")] = QStringLiteral("cannot read a.jpg: something new");
        first[QStringLiteral("error_code")] = QStringLiteral("from-the-future");
        first[QStringLiteral("error_args")] = QJsonArray{QStringLiteral("a.jpg")};
        jobs[0] = first;
        json[QStringLiteral("jobs")] = jobs;
        const batch::BatchQueue newer = batch::queue_from_json(json, "/q", "newer");
        QCOMPARE(newer.jobs[0].error_code, engine::ErrorCode::None);
        QCOMPARE(newer.jobs[0].error, std::string("cannot read a.jpg: something new"));
        for (const auto code : {engine::ErrorCode::WeightsMissing, engine::ErrorCode::ImageTooLarge,
                                engine::ErrorCode::DeviceUnavailable}) {
            QCOMPARE(batch::parse_error_code(batch::to_string(code)), code);
        }
    }

    void strictReading_data() {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("expected");  // part of the message
        const QByteArray ok_tail = R"("contents": ["a.jpg"], "styles": ["s.png"])";
        QTest::newRow("not an object") << QByteArray("[1]") << "not a JSON object";
        QTest::newRow("bad json") << QByteArray("{\"contents\": [") << "not valid JSON";
        QTest::newRow("unknown key") << QByteArray("{\"contnets\": [], " + ok_tail + "}") << "unknown key 'contnets'";
        QTest::newRow("unknown param") << QByteArray("{\"params\": {\"style_wieght\": 1}, " + ok_tail + "}") << "unknown setting 'style_wieght'";
        QTest::newRow("infinite weight") << QByteArray("{\"params\": {\"style_weight\": 1e999}, " + ok_tail + "}") << "not valid JSON";  // Qt refuses 1e999
        QTest::newRow("negative weight") << QByteArray("{\"params\": {\"style_weight\": -1}, " + ok_tail + "}") << "style weight must be a finite number between 0";
        QTest::newRow("absurd size") << QByteArray("{\"params\": {\"size\": 1e12}, " + ok_tail + "}") << "size is 1000000000000";
        QTest::newRow("fractional iterations") << QByteArray("{\"params\": {\"iterations\": 2.5}, " + ok_tail + "}") << "a whole number";
        QTest::newRow("string weight") << QByteArray("{\"params\": {\"tv_weight\": \"nan\"}, " + ok_tail + "}") << "tv_weight is \"nan\"";
        QTest::newRow("bad preset") << QByteArray("{\"presets\": [{\"name\": \"p\", \"params\": {\"optimizer\": \"sgd\"}}], " + ok_tail + "}") << "preset 'p'";
        QTest::newRow("unnamed preset") << QByteArray("{\"presets\": [{\"params\": {}}], " + ok_tail + "}") << "name must be a string";
        QTest::newRow("duplicate preset") << QByteArray("{\"presets\": [{\"name\": \"p\"}, {\"name\": \"p\"}], " + ok_tail + "}") << "two presets";
        QTest::newRow("bad format") << QByteArray("{\"output\": {\"format\": \"gif\"}, " + ok_tail + "}") << "format 'gif'";
        QTest::newRow("bad video format") << QByteArray("{\"output\": {\"video_format\": \"avi\"}, " + ok_tail + "}") << "video_format 'avi'";
        QTest::newRow("16-bit jpeg") << QByteArray("{\"output\": {\"format\": \"jpg\", \"bit_depth\": 16}, " + ok_tail + "}") << "only 8-bit";
        QTest::newRow("bad template") << QByteArray("{\"output\": {\"name\": \"{photo}.{ext}\"}, " + ok_tail + "}") << "unknown field {photo}";
        QTest::newRow("blend count") << QByteArray(R"({"contents": ["a.jpg"], "styles": [{"files": ["a.png", "b.png"], "blend": [1]}]})") << "1 weights for 2 files";
        QTest::newRow("no contents") << QByteArray(R"({"styles": ["s.png"]})") << "no photos";
        QTest::newRow("no styles") << QByteArray(R"({"contents": ["a.jpg"]})") << "no styles";
        QTest::newRow("future version") << QByteArray("{\"shuimo_batch\": 2, " + ok_tail + "}") << "this version reads 1";
        QTest::newRow("bad status") << QByteArray(R"({"jobs": [{"id": "1", "content": "a", "style": "s", "output": "o.png", "status": "paused"}]})") << "status 'paused'";
        QTest::newRow("duplicate id") << QByteArray(R"({"jobs": [{"id": "1", "content": "a", "style": "s", "output": "o.png"}, {"id": "1", "content": "b", "style": "s", "output": "p.png"}]})") << "two jobs have the id";
        QTest::newRow("output outside") << QByteArray(R"({"jobs": [{"id": "1", "content": "a", "style": "s", "output": "../o.png"}]})") << "inside the output folder";
    }
    void strictReading() {
        QFETCH(QByteArray, json);
        QFETCH(QString, expected);
        QTemporaryDir dir;
        const std::filesystem::path file = dir.filePath(QStringLiteral("q.json")).toStdString();
        write_text(file, json.toStdString());
        try {
            batch::read_queue_file(file);
            QFAIL("accepted");
        } catch (const batch::QueueError& e) {
            const QString message = QString::fromStdString(e.what());
            QVERIFY2(message.contains(expected), qPrintable(message));
            QVERIFY2(message.contains(QStringLiteral("q.json")), qPrintable(message));  // names the file
        }
    }

    void nameTemplates_data() {
        QTest::addColumn<QString>("name_template");
        QTest::addColumn<QString>("content");
        QTest::addColumn<QString>("expected");
        QTest::newRow("default") << "{content}_{style}_{preset}.{ext}" << "IMG_01" << "IMG_01_ink wash_soft.png";
        QTest::newRow("subfolders") << "{style}/{preset}/{content}.{ext}" << "a" << "ink wash/soft/a.png";
        QTest::newRow("index padded") << "{index}-{content}.{ext}" << "a" << "007-a.png";
        QTest::newRow("extension added") << "{content}" << "a" << "a.png";
        QTest::newRow("wrong extension kept, right one added") << "{content}.jpg" << "a" << "a.jpg.png";
        QTest::newRow("separators in values") << "{content}.{ext}" << "../../etc/passwd" << "_.._etc_passwd.png";
        QTest::newRow("unsafe characters") << "{content}.{ext}" << "a:b*c?\"<>|\x01" << "a_b_c______.png";
        QTest::newRow("only dots") << "{content}.{ext}" << ".." << "_.png";
        QTest::newRow("chinese") << "{content}.{ext}" << "山水" << "山水.png";
    }
    void nameTemplates() {
        QFETCH(QString, name_template);
        QFETCH(QString, content);
        QFETCH(QString, expected);
        const batch::NameFields fields{content.toStdString(), "ink wash", "soft", 7, 3, "png"};
        QCOMPARE(QString::fromStdString(batch::render_name(name_template.toStdString(), fields).generic_string()), expected);
    }

    void badTemplates_data() {
        QTest::addColumn<QString>("name_template");
        for (const char* t : {"", "/abs/{content}.{ext}", "{content", "content}", "{nope}", "../{content}", "a//{content}", "./{content}", "a\\b"})
            QTest::newRow(t) << QString::fromUtf8(t);
    }
    void badTemplates() {
        QFETCH(QString, name_template);
        QVERIFY_THROWS_EXCEPTION(batch::QueueError, batch::check_name_template(name_template.toStdString()));
    }

    void collisionsGetNumbers() {
        std::vector<std::filesystem::path> names{"a.png", "b.png", "A.png", "a.png", "a-2.png", "x/a.png", "x/a.png"};
        batch::make_unique(names);
        const std::vector<std::filesystem::path> expected{"a.png", "b.png", "A-3.png", "a-4.png", "a-2.png", "x/a.png", "x/a-2.png"};
        QCOMPARE(names, expected);

        // Through expansion: a template without {preset} collides for two presets.
        auto spec = three_by_two_by_two();
        spec.output.name_template = "{content}_{style}.{ext}";
        const auto jobs = batch::expand_jobs(spec, "/q");
        std::set<std::string> unique;
        for (const auto& job : jobs) unique.insert(job.output.string());
        QCOMPARE(unique.size(), jobs.size());
        QCOMPARE(jobs[0].output, std::filesystem::path("a_ink.png"));
        QCOMPARE(jobs[1].output, std::filesystem::path("a_ink-2.png"));
    }

    void shardsPartitionTheQueue() {
        batch::BatchQueue queue;
        queue.spec = three_by_two_by_two();
        queue.jobs = batch::expand_jobs(queue.spec, "/q");
        std::multiset<std::string> seen;
        for (int i = 1; i <= 5; ++i) {
            const auto slice = batch::shard_of(queue, i, 5);
            QVERIFY(batch::shard_of(queue, i, 5) == slice);  // deterministic
            for (const auto& job : slice.jobs) seen.insert(job.id);
        }
        QCOMPARE(seen.size(), queue.jobs.size());
        for (const auto& job : queue.jobs) QCOMPARE(seen.count(job.id), std::size_t(1));
        QCOMPARE(batch::shard_of(queue, 2, 5).jobs[0].id, std::string("2"));
        QCOMPARE(batch::shard_of(queue, 2, 5).jobs[1].id, std::string("7"));
        QVERIFY_THROWS_EXCEPTION(batch::QueueError, batch::shard_of(queue, 0, 3));
        QVERIFY_THROWS_EXCEPTION(batch::QueueError, batch::shard_of(queue, 4, 3));
        QCOMPARE(batch::parse_shard("2/3").index, 2);
        QCOMPARE(batch::parse_shard("2/3").count, 3);
        for (const char* bad : {"", "3", "0/3", "4/3", "1/0", "a/b", "1/3x", "-1/3"})
            QVERIFY_THROWS_EXCEPTION(batch::QueueError, batch::parse_shard(bad));
    }

    // --shard auto: the environment a scheduler sets ("NAME=value ..."), the shard it means
    // ("I/N"), or the words its error must contain.
    void shardFromEnvironment_data() {
        QTest::addColumn<QString>("environment");
        QTest::addColumn<QString>("shard");
        QTest::addColumn<QString>("error");
        const QString slurm_1_8 = QStringLiteral("SLURM_ARRAY_TASK_MIN=1 SLURM_ARRAY_TASK_MAX=8 SLURM_ARRAY_TASK_COUNT=8 ");
        QTest::newRow("slurm 1-8") << slurm_1_8 + "SLURM_ARRAY_TASK_ID=3" << "3/8" << "";
        QTest::newRow("slurm last") << slurm_1_8 + "SLURM_ARRAY_TASK_ID=8" << "8/8" << "";
        QTest::newRow("slurm single task") << "SLURM_ARRAY_TASK_ID=1 SLURM_ARRAY_TASK_MIN=1 SLURM_ARRAY_TASK_MAX=1" << "1/1" << "";
        QTest::newRow("older slurm: no count") << "SLURM_ARRAY_TASK_ID=2 SLURM_ARRAY_TASK_MIN=1 SLURM_ARRAY_TASK_MAX=4" << "2/4" << "";
        QTest::newRow("throttled 1-8%2") << slurm_1_8 + "SLURM_ARRAY_TASK_ID=5" << "5/8" << "";
        QTest::newRow("0-based array refused")
            << "SLURM_ARRAY_TASK_ID=0 SLURM_ARRAY_TASK_MIN=0 SLURM_ARRAY_TASK_MAX=7 SLURM_ARRAY_TASK_COUNT=8" << ""
            << "--array=1-N";
        QTest::newRow("offset array refused")
            << "SLURM_ARRAY_TASK_ID=6 SLURM_ARRAY_TASK_MIN=5 SLURM_ARRAY_TASK_MAX=12 SLURM_ARRAY_TASK_COUNT=8" << ""
            << "SHUIMO_SHARD_COUNT";
        QTest::newRow("rerun subset refused without a count")
            << "SLURM_ARRAY_TASK_ID=3 SLURM_ARRAY_TASK_MIN=3 SLURM_ARRAY_TASK_MAX=5 SLURM_ARRAY_TASK_COUNT=2" << ""
            << "SHUIMO_SHARD_COUNT";
        QTest::newRow("stepped array refused (older slurm)")
            << "SLURM_ARRAY_TASK_ID=3 SLURM_ARRAY_TASK_MIN=1 SLURM_ARRAY_TASK_MAX=7 SLURM_ARRAY_TASK_STEP=2" << ""
            << "--array=1-N";
        QTest::newRow("rerun subset with a count")
            << "SLURM_ARRAY_TASK_ID=5 SLURM_ARRAY_TASK_MIN=3 SLURM_ARRAY_TASK_MAX=5 SLURM_ARRAY_TASK_COUNT=2 SHUIMO_SHARD_COUNT=8"
            << "5/8" << "";
        QTest::newRow("task past the count") << "SLURM_ARRAY_TASK_ID=9 SHUIMO_SHARD_COUNT=8" << "" << "1 to N";
        QTest::newRow("task 0 with a count") << "SLURM_ARRAY_TASK_ID=0 SHUIMO_SHARD_COUNT=8" << "" << "1 to N";
        QTest::newRow("slurm without min/max") << "SLURM_ARRAY_TASK_ID=2" << "" << "SLURM_ARRAY_TASK_MIN";
        QTest::newRow("malformed id") << "SLURM_ARRAY_TASK_ID=2x SLURM_ARRAY_TASK_MIN=1 SLURM_ARRAY_TASK_MAX=4" << ""
                                      << "not a number";
        QTest::newRow("kubernetes") << "JOB_COMPLETION_INDEX=0 SHUIMO_SHARD_COUNT=4" << "1/4" << "";
        QTest::newRow("kubernetes last") << "JOB_COMPLETION_INDEX=3 SHUIMO_SHARD_COUNT=4" << "4/4" << "";
        QTest::newRow("kubernetes past the count") << "JOB_COMPLETION_INDEX=4 SHUIMO_SHARD_COUNT=4" << "" << "1 to N";
        QTest::newRow("kubernetes without a count") << "JOB_COMPLETION_INDEX=1" << "" << "SHUIMO_SHARD_COUNT";
        QTest::newRow("nothing") << "" << "" << "found no shard";
        QTest::newRow("a plain slurm job") << "SLURM_JOB_ID=12 SLURM_CPUS_PER_TASK=4" << "" << "found no shard";
    }
    void shardFromEnvironment() {
        QFETCH(QString, environment);
        QFETCH(QString, shard);
        QFETCH(QString, error);
        std::map<std::string, std::string> variables;
        for (const QString& pair : environment.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
            const auto parts = pair.split(QLatin1Char('='));
            variables[parts[0].toStdString()] = parts[1].toStdString();
        }
        const batch::EnvironmentLookup get = [&](const std::string& name) -> std::optional<std::string> {
            const auto it = variables.find(name);
            return it == variables.end() ? std::nullopt : std::optional<std::string>(it->second);
        };
        try {
            const batch::FoundShard found = batch::shard_from_environment(get);
            QVERIFY2(error.isEmpty(), qPrintable(QStringLiteral("no error; expected one with: ") + error));
            QCOMPARE(QStringLiteral("%1/%2").arg(found.shard.index).arg(found.shard.count), shard);
            QVERIFY(!found.source.empty());
        } catch (const batch::QueueError& e) {
            QVERIFY2(!error.isEmpty() && QString::fromStdString(e.what()).contains(error), e.what());
        }
    }

    void storeExpandsClaimsAndSaves() {
        QTemporaryDir dir;
        const std::filesystem::path file = dir.filePath(QStringLiteral("q.json")).toStdString();
        write_text(file, R"({"contents": ["a.jpg", "b.jpg"], "styles": ["s.png"], "params": {"size": 32}})");
        {
            batch::QueueStore store(file);
            QCOMPARE(store.snapshot().jobs.size(), std::size_t(2));
            // The expansion was written back.
            QCOMPARE(batch::read_queue_file(file).jobs.size(), std::size_t(2));
            const auto job = store.claim_next();
            QVERIFY(job);
            QCOMPARE(job->id, std::string("1"));
            QCOMPARE(job->status, JobStatus::Running);
            QCOMPARE(batch::read_queue_file(file).jobs[0].status, JobStatus::Running);  // on disk at once
            QCOMPARE(store.claim_next()->id, std::string("2"));
            QVERIFY(!store.claim_next());
            store.set_status("2", JobStatus::Failed, "cannot decode b.jpg", 1.5);
            QCOMPARE(batch::read_queue_file(file).jobs[1].error, std::string("cannot decode b.jpg"));
            // A second store on the same file is refused while this one holds it.
            try {
                batch::QueueStore second(file);
                QFAIL("a second store opened a locked queue");
            } catch (const batch::QueueError& e) {
                QVERIFY2(QString::fromUtf8(e.what()).contains(QStringLiteral("is being run by process")), e.what());
            }
        }
        // Reopened after the "crash": the running job is queued again, the failed one stays failed.
        batch::QueueStore store(file);
        const auto queue = store.snapshot();
        QCOMPARE(queue.jobs[0].status, JobStatus::Queued);
        QCOMPARE(queue.jobs[0].attempts, 1);
        QCOMPARE(queue.jobs[1].status, JobStatus::Failed);
        QVERIFY(!store.open_notes().empty());
        QCOMPARE(store.retry_failed(), 1);
        QCOMPARE(store.snapshot().jobs[1].status, JobStatus::Queued);
        QVERIFY(store.cancel_queued("2"));
        QVERIFY(!store.cancel_queued("nope"));
        QCOMPARE(batch::read_queue_file(file).jobs[1].status, JobStatus::Cancelled);
    }

    // A cluster node that died holding a shard's lock: its process cannot be looked
    // up from here, so the lock is abandoned once it has not been refreshed for two minutes.
    void aLockFromAnotherMachineIsTakenOverOnceAbandoned() {
        QTemporaryDir dir;
        const std::filesystem::path file = dir.filePath(QStringLiteral("q.json")).toStdString();
        write_text(file, R"({"contents": ["a.jpg"], "styles": ["s.png"]})");
        const std::filesystem::path lock = file.string() + ".lock";
        write_text(lock, "4242\nshuimo-cli\nnode-17.cluster.example\n");
        try {
            batch::QueueStore busy(file);
            QFAIL("opened a queue another machine is running");
        } catch (const batch::QueueError& e) {
            QVERIFY2(QString::fromUtf8(e.what()).contains(QStringLiteral("node-17")), e.what());
        }
        std::filesystem::last_write_time(lock, std::filesystem::file_time_type::clock::now() - std::chrono::minutes(5));
        batch::QueueStore store(file);  // abandoned: taken over
        QCOMPARE(store.snapshot().jobs.size(), std::size_t(1));
    }

    void staleQueueTemporariesAreRemoved() {
        QTemporaryDir dir;
        const std::filesystem::path file = dir.filePath(QStringLiteral("q.json")).toStdString();
        write_text(file, R"({"contents": ["a.jpg"], "styles": ["s.png"]})");
        const std::filesystem::path leftover = dir.filePath(QStringLiteral(".q.json.tmp-123-456")).toStdString();
        write_text(leftover, "{\"half\": ");
        batch::QueueStore store(file);
        QVERIFY(!std::filesystem::exists(leftover));
    }

    void shardStateLivesBesideTheQueue() {
        QTemporaryDir dir;
        const std::filesystem::path file = dir.filePath(QStringLiteral("q.json")).toStdString();
        write_text(file, R"({"contents": ["a.jpg", "b.jpg", "c.jpg"], "styles": ["s.png"]})");
        const std::string before = read_text(file);
        {
            batch::QueueStore store(file, batch::Shard{2, 2});
            QCOMPARE(store.state_file(), batch::shard_state_path(file, {2, 2}));
            QCOMPARE(store.snapshot().jobs.size(), std::size_t(1));
            QCOMPARE(store.claim_next()->id, std::string("2"));
            store.set_status("2", JobStatus::Done);
            write_text(dir.filePath(QStringLiteral("b_s_default.png")).toStdString(), "png");
        }
        QCOMPARE(read_text(file), before);  // shards never write the shared queue file
        batch::QueueStore again(file, batch::Shard{2, 2});
        QCOMPARE(again.snapshot().jobs[0].status, JobStatus::Done);  // its own state is kept
        batch::QueueStore other(file, batch::Shard{1, 2});           // another shard: no lock conflict
        QCOMPARE(other.snapshot().jobs.size(), std::size_t(2));
    }

    void createRefusesAnotherBatchesFile() {
        QTemporaryDir dir;
        const std::filesystem::path file = dir.filePath(QStringLiteral("q.json")).toStdString();
        batch::BatchQueue queue;
        queue.spec = three_by_two_by_two();
        queue.base_dir = dir.path().toStdString();
        queue.jobs = batch::expand_jobs(queue.spec, queue.base_dir);
        { auto store = batch::QueueStore::create(file, queue); QCOMPARE(store->snapshot().jobs.size(), std::size_t(12)); }
        { auto same = batch::QueueStore::create(file, queue); QCOMPARE(same->snapshot().jobs.size(), std::size_t(12)); }
        auto other = queue;
        other.spec.output.folder = "elsewhere";
        QVERIFY_THROWS_EXCEPTION(batch::QueueError, batch::QueueStore::create(file, other));
        write_text(dir.filePath(QStringLiteral("photo.json")).toStdString(), "not json");
        QVERIFY_THROWS_EXCEPTION(batch::QueueError, batch::QueueStore::create(dir.filePath(QStringLiteral("photo.json")).toStdString(), queue));
    }

    void outputRecordStates() {
        QTemporaryDir dir;
        const std::filesystem::path output = dir.filePath(QStringLiteral("a.png")).toStdString();
        QCOMPARE(batch::inspect_output(output, "h1").state, batch::OutputState::Missing);
        write_text(output, "someone's photo");
        QCOMPARE(batch::inspect_output(output, "h1").state, batch::OutputState::Foreign);

        const std::string image = "PNG bytes";
        batch::write_output(output, std::as_bytes(std::span(image.data(), image.size())), {}, "h1");
        QCOMPARE(read_text(output), image);
        QCOMPARE(batch::inspect_output(output, "h1").state, batch::OutputState::Finished);
        QCOMPARE(batch::inspect_output(output, "h2").state, batch::OutputState::Stale);
        write_text(output, "PNG bytes, half");  // the image no longer matches its record
        QCOMPARE(batch::inspect_output(output, "h1").state, batch::OutputState::Incomplete);
        std::filesystem::remove(output);
        QCOMPARE(batch::inspect_output(output, "h1").state, batch::OutputState::Incomplete);

        // Temporaries of this output go, another output's stay.
        write_text(dir.filePath(QStringLiteral(".a.png.tmp-1-2")).toStdString(), "x");
        write_text(dir.filePath(QStringLiteral(".a.png.json.tmp-1-2")).toStdString(), "x");
        write_text(dir.filePath(QStringLiteral(".b.png.tmp-1-2")).toStdString(), "x");
        batch::remove_stale_temporaries(output);
        QVERIFY(!QFile::exists(dir.filePath(QStringLiteral(".a.png.tmp-1-2"))));
        QVERIFY(!QFile::exists(dir.filePath(QStringLiteral(".a.png.json.tmp-1-2"))));
        QVERIFY(QFile::exists(dir.filePath(QStringLiteral(".b.png.tmp-1-2"))));
    }

    void settingsHashFollowsInputsAndParams() {
        QTemporaryDir dir;
        const std::filesystem::path root = dir.path().toStdString();
        batch::BatchQueue queue = one_photo_one_style(root);
        batch::FileHashes hashes;
        const std::string h = batch::settings_hash(queue, queue.jobs[0], hashes, "model");
        QCOMPARE(batch::settings_hash(queue, queue.jobs[0], hashes, "model"), h);
        auto device_only = queue.jobs[0];
        device_only.params.device = "cuda:1";
        device_only.params.max_memory = 1 << 30;
        QCOMPARE(batch::settings_hash(queue, device_only, hashes, "model"), h);  // where it runs does not matter
        auto weights = queue.jobs[0];
        weights.params.style_weight *= 2;
        QVERIFY(batch::settings_hash(queue, weights, hashes, "model") != h);
        QVERIFY(batch::settings_hash(queue, queue.jobs[0], hashes, "other model") != h);
        auto depth = queue;
        depth.spec.output.bit_depth = 16;
        QVERIFY(batch::settings_hash(depth, queue.jobs[0], hashes, "model") != h);
        QTest::qSleep(10);  // a new modification time for the cache key
        write_text(root / "a.jpg", "another photo");
        QVERIFY(batch::settings_hash(queue, queue.jobs[0], hashes, "model") != h);
        std::filesystem::remove(root / "s.png");
        QVERIFY_THROWS_EXCEPTION(engine::ImageIoError, batch::settings_hash(queue, queue.jobs[0], hashes, "model"));
    }

    // Issue 26: a spec's regions go to every job, through JSON; a job's settings hash follows
    // each region's mask file, its style and strength, and a queue without regions keeps the hash
    // its records were written with (no "regions" key).
    void regionsReachEveryJobAndTheHash() {
        QTemporaryDir dir;
        const std::filesystem::path root = dir.path().toStdString();
        batch::BatchQueue queue = one_photo_one_style(root);
        write_text(root / "sky.png", "sky mask");
        write_text(root / "face.png", "face mask");
        batch::FileHashes hashes;
        const std::string without = batch::settings_hash(queue, queue.jobs[0], hashes, "model");
        QVERIFY(!QJsonDocument(batch::queue_to_json(queue)).toJson().contains("regions"));

        queue.spec.regions = {{"sky.png", "paper", 1.0}, {"face.png", "photo", 1.0}, {"sky.png", "s.png", 0.5}};
        queue.jobs = batch::expand_jobs(queue.spec, root);
        QCOMPARE(queue.jobs[0].regions, queue.spec.regions);
        const QByteArray text = QJsonDocument(batch::queue_to_json(queue)).toJson();
        const batch::BatchQueue back = batch::queue_from_json(QJsonDocument::fromJson(text).object(), root, "test");
        QVERIFY(back == queue);
        const std::string with = batch::settings_hash(queue, queue.jobs[0], hashes, "model");
        QVERIFY(with != without);
        auto stronger = queue.jobs[0];
        stronger.regions[2].strength = 2.0;
        QVERIFY(batch::settings_hash(queue, stronger, hashes, "model") != with);
        auto swapped = queue.jobs[0];
        swapped.regions[0].style = "photo";
        QVERIFY(batch::settings_hash(queue, swapped, hashes, "model") != with);
        QTest::qSleep(10);  // a new modification time for the cache key
        write_text(root / "face.png", "another face mask");
        QVERIFY(batch::settings_hash(queue, queue.jobs[0], hashes, "model") != with);

        // An automatic mask ("sky", "faces") is made from the photo, already hashed: its name is hashed, no file read.
        auto automatic = queue.jobs[0];
        automatic.regions = {{"sky", "paper", 1.0}};
        const std::string sky = batch::settings_hash(queue, automatic, hashes, "model");
        automatic.regions = {{"faces", "paper", 1.0}};
        QVERIFY(batch::settings_hash(queue, automatic, hashes, "model") != sky);

        const auto bad = QJsonDocument::fromJson(R"({"contents": ["a.jpg"], "styles": ["s.png"], "regions": [{"mask": "sky.png"}]})").object();
        try {
            (void)batch::queue_from_json(bad, root, "q.json");
            QFAIL("a region without a style was accepted");
        } catch (const batch::QueueError& e) {
            QVERIFY2(QString::fromStdString(e.what()).contains("regions[0]"), e.what());
        }
    }

    void paramsJsonStrictAndLenient() {
        const QJsonObject json = json_of(R"({"style_weight": "strong", "size": 300, "colour": 1})");
        const auto lenient = batch::params_from_json(json);
        QCOMPARE(lenient.size, 300);
        QCOMPARE(lenient.style_weight, engine::StyleParams{}.style_weight);
        QVERIFY_THROWS_EXCEPTION(engine::ConfigError, batch::params_from_json(json, {}, batch::ParamsReading::Strict));
        // Every field survives a round trip.
        const engine::StyleParams p = testing::distinctParams();
        const auto back = batch::params_from_json(batch::params_to_json(p), {}, batch::ParamsReading::Strict);
        QCOMPARE(batch::params_to_json(back), batch::params_to_json(p));
        QCOMPARE(back.seed, p.seed);
        QCOMPARE(back.level_iterations, p.level_iterations);
    }
};

QTEST_GUILESS_MAIN(TestBatchQueue)
#include "tst_batch_queue.moc"
