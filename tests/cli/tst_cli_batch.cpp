// shuimo-cli batch as a separate process: killed with SIGKILL at random moments
// and resumed, sharded three ways against a single run, and its errors.

#include <QDir>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <cmath>
#include <fstream>
#include <map>
#include <set>

#include <signal.h>
#include <sys/resource.h>

#include "process_runner.h"
#include "shared_weights.h"
#include "sine_pattern.h"
#include "shuimo/batch/batch_queue.h"
#include "shuimo/batch/output_record.h"
#include "shuimo/image_io/image_io.h"

using namespace shuimo;

namespace {

using CliRun = testing::ProcessResult;

// name -> settings hash, for every finished output in `out`; fails the test on
// anything else in the folder (temporaries, duplicates, half-written files).
std::map<std::string, std::string> finished_outputs(const std::filesystem::path& out, int long_side = 32) {
    std::map<std::string, std::string> result;
    std::set<std::string> files;
    for (const auto& entry : std::filesystem::directory_iterator(out)) files.insert(entry.path().filename().string());
    for (const auto& name : files) {
        if (name.ends_with(".json")) {
            if (!files.contains(name.substr(0, name.size() - 5))) throw std::runtime_error("a record without its image: " + name);
            continue;
        }
        if (!name.ends_with(".png")) throw std::runtime_error("unexpected file in the output folder: " + name);
        std::ifstream in(out / (name + ".json"));
        const std::string text{std::istreambuf_iterator<char>(in), {}};
        const QJsonObject record = QJsonDocument::fromJson(QByteArray::fromStdString(text)).object();
        const std::string hash = record.value(QStringLiteral("settings_hash")).toString().toStdString();
        if (hash.empty()) throw std::runtime_error("no record for " + name);
        if (batch::inspect_output(out / name, hash).state != batch::OutputState::Finished)
            throw std::runtime_error(name + " does not match its record");
        const auto image = image_io::read_image(out / name);  // decodes
        if (std::max(image.rgb.width, image.rgb.height) != long_side) throw std::runtime_error(name + " has the wrong size");
        result[name] = hash;
    }
    return result;
}

}  // namespace

class TestCliBatch : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_weights;

    std::filesystem::path root() const { return m_dir.path().toStdString(); }

    testing::ProcessRunner m_cli{QStringLiteral(SHUIMO_CLI_PATH), testing::isolatedEnvironment(m_dir.path())};

    CliRun run(const QStringList& arguments) const { return m_cli.run(arguments); }

    // 3 photos x 1 style x 2 presets, as a bare spec the CLI expands.
    std::filesystem::path make_batch(const std::string& name, int iterations) const {
        const std::filesystem::path dir = root() / name;
        std::filesystem::create_directories(dir / "photos");
        image_io::write_image(dir / "photos/a.png", testing::sine_pattern(40, 32, 0.0));
        image_io::write_image(dir / "photos/b.png", testing::sine_pattern(32, 40, 1.0));
        image_io::write_image(dir / "photos/c.png", testing::sine_pattern(36, 36, 2.0));
        image_io::write_image(dir / "ink.png", testing::sine_pattern(48, 48, 3.0));
        std::ofstream(dir / "q.json") << R"({"output": {"folder": "out"},
            "params": {"size": 32, "iterations": )" << iterations << R"(, "scales": 1, "device": "cpu", "seed": "7"},
            "contents": ["photos"], "styles": ["ink.png"],
            "presets": [{"name": "soft", "params": {"style_weight": 1e4}}, {"name": "strong"}]})";
        return dir / "q.json";
    }

    QStringList batch_args(const std::filesystem::path& queue, const QStringList& more = {}) const {
        return QStringList{QStringLiteral("batch"), QString::fromStdString(queue.string()), QStringLiteral("--weights"), m_weights} + more;
    }

private Q_SLOTS:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        m_weights = testing::sharedWeightsPath();
    }

    void killedAtRandomMomentsAndResumed() {
        const auto queue = make_batch("kill", 12);
        QRandomGenerator random(20261203);
        int killed_mid_batch = 0;
        // Each run is killed at a random moment after its first or second finished job (the
        // machine's speed does not matter), so every kill lands in the middle of the batch:
        // in a job, between jobs, or while an output or the queue is being written.
        for (int attempt = 0; attempt < 4; ++attempt) {
            QProcess process;
            m_cli.start(process, batch_args(queue, {QStringLiteral("--progress"), QStringLiteral("json")}));
            QVERIFY(process.waitForStarted());
            const int jobs_before_kill = 1 + static_cast<int>(random.bounded(2));
            const int delay_ms = static_cast<int>(random.bounded(1500));
            int finished_jobs = 0;
            while (finished_jobs < jobs_before_kill && process.state() == QProcess::Running) {
                process.waitForReadyRead(1000);
                while (process.canReadLine()) finished_jobs += process.readLine().contains("\"event\":\"job_finished\"");
            }
            if (process.state() != QProcess::Running) continue;  // it finished first
            if (process.waitForFinished(delay_ms)) continue;
            ::kill(static_cast<pid_t>(process.processId()), SIGKILL);
            QVERIFY(process.waitForFinished(10000));
            const auto state = batch::read_queue_file(queue);  // always a readable, consistent file
            int done = 0;
            for (const auto& job : state.jobs) done += job.status == batch::JobStatus::Done;
            if (done > 0 && done < static_cast<int>(state.jobs.size())) ++killed_mid_batch;
            qInfo("run %d: killed %d ms after its job #%d finished; %d of %zu jobs done", attempt + 1, delay_ms,
                  jobs_before_kill, done, state.jobs.size());
        }
        QVERIFY2(killed_mid_batch >= 2, "the kills did not land in the middle of the batch");

        const CliRun last = run(batch_args(queue));
        QVERIFY2(last.exit_code == 0, last.err.constData());
        std::map<std::string, std::string> outputs;
        try {
            outputs = finished_outputs(queue.parent_path() / "out");
        } catch (const std::exception& e) {
            QFAIL(e.what());
        }
        const std::set<std::string> expected{"a_ink_soft.png", "a_ink_strong.png", "b_ink_soft.png",
                                             "b_ink_strong.png", "c_ink_soft.png", "c_ink_strong.png"};
        std::set<std::string> names;
        for (const auto& [name, hash] : outputs) names.insert(name);
        QCOMPARE(names, expected);  // each once: no "-2" copies, nothing missing
        for (const auto& job : batch::read_queue_file(queue).jobs) QCOMPARE(job.status, batch::JobStatus::Done);
        // No temporaries anywhere beside the queue either.
        for (const auto& entry : std::filesystem::directory_iterator(queue.parent_path()))
            QVERIFY2(entry.path().filename().string().find(".tmp-") == std::string::npos, entry.path().c_str());
    }

    void threeShardsMakeTheSingleRunsSet() {
        const auto single = make_batch("single", 3);
        const CliRun one = run(batch_args(single, {QStringLiteral("--devices"), QStringLiteral("cpu")}));
        QVERIFY2(one.exit_code == 0, one.err.constData());

        const auto sharded = make_batch("sharded", 3);
        std::ifstream spec_in(sharded);
        const std::string spec{std::istreambuf_iterator<char>(spec_in), {}};
        std::vector<std::unique_ptr<QProcess>> shards;
        for (int i = 1; i <= 3; ++i) {
            auto process = std::make_unique<QProcess>();
            m_cli.start(*process, batch_args(sharded, {QStringLiteral("--shard"), QStringLiteral("%1/3").arg(i)}));
            shards.push_back(std::move(process));
        }
        for (auto& process : shards) {
            QVERIFY(process->waitForFinished(180000));
            QVERIFY2(process->exitCode() == 0, process->readAllStandardError().constData());
        }
        std::map<std::string, std::string> a;
        std::map<std::string, std::string> b;
        try {
            a = finished_outputs(single.parent_path() / "out");
            b = finished_outputs(sharded.parent_path() / "out");
        } catch (const std::exception& e) {
            QFAIL(e.what());
        }
        QCOMPARE(a.size(), std::size_t(6));
        QCOMPARE(b, a);  // the same names with the same settings
        std::ifstream spec_after(sharded);
        QCOMPARE(std::string(std::istreambuf_iterator<char>(spec_after), {}), spec);  // the shared file is never written
        std::multiset<std::string> ids;
        for (int i = 1; i <= 3; ++i) {
            const auto state = batch::read_queue_file(sharded.parent_path() / ("q.shard-" + std::to_string(i) + "-of-3.json"));
            for (const auto& job : state.jobs) {
                QCOMPARE(job.status, batch::JobStatus::Done);
                ids.insert(job.id);
            }
        }
        QCOMPARE(ids, (std::multiset<std::string>{"1", "2", "3", "4", "5", "6"}));

        // A re-run of a shard (a pre-empted node coming back) redoes nothing.
        std::filesystem::remove(sharded.parent_path() / "q.shard-2-of-3.json");
        const CliRun again = run(batch_args(sharded, {QStringLiteral("--shard"), QStringLiteral("2/3"), QStringLiteral("--progress"), QStringLiteral("json")}));
        QCOMPARE(again.exit_code, 0);
        QVERIFY2(!again.out.contains("\"event\":\"job_started\"") || again.err.contains("already finished") || again.out.contains("already finished"),
                 again.out.constData());
        QCOMPARE(again.out.count("already finished: skipped"), 2);
    }

    // A full disk, simulated with RLIMIT_FSIZE in the child: writes past the limit fail
    // with EFBIG. The queue (small) is still saved; the images (large) are not.
    void aFullDiskFailsJobsCleanly() {
        const auto queue = make_batch("full", 2);
        std::ofstream(queue) << R"({"output": {"folder": "out"}, "params": {"size": 96, "iterations": 2, "scales": 1},
            "contents": ["photos/a.png", "photos/b.png"], "styles": ["ink.png"]})";
        QProcess process;
        process.setChildProcessModifier([] {
            ::signal(SIGXFSZ, SIG_IGN);  // fail the write instead of killing the process
            const rlimit limit{6000, 6000};
            ::setrlimit(RLIMIT_FSIZE, &limit);
        });
        m_cli.start(process, batch_args(queue));
        QVERIFY(process.waitForFinished(180000));
        const QByteArray err = process.readAllStandardError();
        QCOMPARE(process.exitCode(), 3);  // finished, some jobs failed: not "could not run"
        const auto state = batch::read_queue_file(queue);  // consistent, and says what happened
        for (const auto& job : state.jobs) {
            QCOMPARE(job.status, batch::JobStatus::Failed);
            QVERIFY2(QString::fromStdString(job.error).contains(QStringLiteral("too large")), job.error.c_str());
        }
        // Nothing half-written, no record without its image, no temporaries.
        for (const auto& entry : std::filesystem::directory_iterator(queue.parent_path() / "out"))
            QFAIL(("left behind: " + entry.path().string()).c_str());
        // With room again, retrying the failed jobs finishes them.
        const CliRun retry = run(batch_args(queue, {QStringLiteral("--retry-failed")}));
        QVERIFY2(retry.exit_code == 0, retry.err.constData());
        try {
            QCOMPARE(finished_outputs(queue.parent_path() / "out", 96).size(), std::size_t(2));
        } catch (const std::exception& e) {
            QFAIL(e.what());
        }
    }

    void errorsAndListing() {
        const auto queue = make_batch("errors", 2);
        const CliRun list = run({QStringLiteral("batch"), QString::fromStdString(queue.string()), QStringLiteral("--list")});
        QCOMPARE(list.exit_code, 0);
        QCOMPARE(list.out.count("queued"), 6);
        QVERIFY(list.out.contains("a_ink_soft.png"));

        const CliRun bad_shard = run(batch_args(queue, {QStringLiteral("--shard"), QStringLiteral("4/3")}));
        QCOMPARE(bad_shard.exit_code, 2);
        QVERIFY(bad_shard.err.contains("1 <= I <= N"));

        std::ofstream(queue.parent_path() / "bad.json") << R"({"contents": ["a.png"], "styles": ["s.png"], "params": {"size": -5}})";
        const CliRun bad = run(batch_args(queue.parent_path() / "bad.json"));
        QCOMPARE(bad.exit_code, 1);
        QVERIFY2(bad.err.contains("bad.json") && bad.err.contains("size"), bad.err.constData());
        QCOMPARE(bad.err.count('\n'), 1);  // one line

        const CliRun missing = run(batch_args(queue.parent_path() / "nope.json"));
        QCOMPARE(missing.exit_code, 1);
        QVERIFY2(missing.err.contains("cannot read the queue"), missing.err.constData());

        const CliRun no_device = run(batch_args(queue, {QStringLiteral("--devices"), QStringLiteral("cuda:5")}));
        QCOMPARE(no_device.exit_code, 1);
        QVERIFY2(no_device.err.contains("cuda:5"), no_device.err.constData());
        for (const auto& job : batch::read_queue_file(queue).jobs) QCOMPARE(job.status, batch::JobStatus::Queued);

        // A device the jobs name themselves (no --devices) refused here stops the batch the
        // same way: "did not run", not every job "failed".
        const auto own = make_batch("own-device", 2);
        std::ofstream(own) << R"({"output": {"folder": "out"}, "params": {"size": 32, "iterations": 2, "device": "cuda:99"},
            "contents": ["photos"], "styles": ["ink.png"]})";
        const CliRun own_device = run(batch_args(own));
        QCOMPARE(own_device.exit_code, 1);
        QVERIFY2(own_device.err.contains("cuda:99"), own_device.err.constData());
        for (const auto& job : batch::read_queue_file(own).jobs) QCOMPARE(job.status, batch::JobStatus::Queued);
    }

    // --shard auto takes the shard from a Slurm array task or a Kubernetes Indexed Job pod.
    void shardAutoFromTheEnvironment() {
        const auto queue = make_batch("auto", 2);
        const auto list_with = [&](const QStringList& variables) {
            QProcess process;
            auto env = testing::isolatedEnvironment(m_dir.path());
            for (const QString& pair : variables) env.insert(pair.section(QLatin1Char('='), 0, 0), pair.section(QLatin1Char('='), 1));
            process.setProcessEnvironment(env);
            process.start(QStringLiteral(SHUIMO_CLI_PATH),
                          {QStringLiteral("batch"), QString::fromStdString(queue.string()), QStringLiteral("--shard"),
                           QStringLiteral("auto"), QStringLiteral("--list")});
            process.waitForFinished(60000);
            return CliRun{process.exitCode(), process.readAllStandardOutput(), process.readAllStandardError()};
        };
        // Jobs 2 and 5 of 6 are the 2nd of 3 slices.
        const CliRun slurm = list_with({QStringLiteral("SLURM_ARRAY_TASK_ID=2"), QStringLiteral("SLURM_ARRAY_TASK_MIN=1"),
                                        QStringLiteral("SLURM_ARRAY_TASK_MAX=3"), QStringLiteral("SLURM_ARRAY_TASK_COUNT=3")});
        QVERIFY2(slurm.exit_code == 0, slurm.err.constData());
        QVERIFY2(slurm.err.contains("shard 2/3"), slurm.err.constData());
        QCOMPARE(slurm.out.count('\n'), 2);
        QVERIFY(slurm.out.startsWith("2 ") && slurm.out.contains("\n5 "));
        const CliRun k8s = list_with({QStringLiteral("JOB_COMPLETION_INDEX=1"), QStringLiteral("SHUIMO_SHARD_COUNT=3")});
        QVERIFY2(k8s.exit_code == 0, k8s.err.constData());
        QCOMPARE(k8s.out, slurm.out);
        const CliRun nothing = list_with({});
        QCOMPARE(nothing.exit_code, 2);
        QVERIFY2(nothing.err.contains("SLURM_ARRAY_TASK_ID") && nothing.err.contains("JOB_COMPLETION_INDEX"), nothing.err.constData());
        const CliRun zero_based = list_with({QStringLiteral("SLURM_ARRAY_TASK_ID=0"), QStringLiteral("SLURM_ARRAY_TASK_MIN=0"),
                                             QStringLiteral("SLURM_ARRAY_TASK_MAX=2"), QStringLiteral("SLURM_ARRAY_TASK_COUNT=3")});
        QCOMPARE(zero_based.exit_code, 2);
        QVERIFY2(zero_based.err.contains("--array=1-N"), zero_based.err.constData());
    }
};

QTEST_GUILESS_MAIN(TestCliBatch)
#include "tst_cli_batch.moc"
