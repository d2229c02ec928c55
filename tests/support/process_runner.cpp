#include "process_runner.h"

#include <QDir>
#include <QEventLoop>
#include <QTimer>

#include <utility>

namespace shuimo::testing {

QProcessEnvironment isolatedEnvironment(const QString& scratch) {
    auto env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("SHUIMO_MODEL_DIR"), QDir(scratch).filePath(QStringLiteral("no-models")));
    env.insert(QStringLiteral("XDG_DATA_HOME"), QDir(scratch).filePath(QStringLiteral("no-data")));
    // --shard auto reads these: a test run inside a cluster job must not see its own.
    for (const char* name : {"SLURM_ARRAY_TASK_ID", "SLURM_ARRAY_TASK_MIN", "SLURM_ARRAY_TASK_MAX", "SLURM_ARRAY_TASK_COUNT",
                             "SLURM_ARRAY_TASK_STEP", "JOB_COMPLETION_INDEX", "SHUIMO_SHARD_COUNT"})
        env.remove(QString::fromLatin1(name));
    return env;
}

ProcessRunner::ProcessRunner(QString program, QProcessEnvironment environment)
    : m_program(std::move(program)), m_environment(std::move(environment)) {}

void ProcessRunner::start(QProcess& process, const QStringList& arguments) const {
    process.setProcessEnvironment(m_environment);
    process.start(m_program, arguments);
}

ProcessResult ProcessRunner::finish(QProcess& process, int timeoutMs) {
    if (process.state() != QProcess::NotRunning) {
        QEventLoop loop;
        QTimer limit;
        limit.setSingleShot(true);
        QObject::connect(&process, &QProcess::finished, &loop, &QEventLoop::quit);
        QObject::connect(&process, &QProcess::errorOccurred, &loop, [&](QProcess::ProcessError error) {
            if (error == QProcess::FailedToStart) loop.quit();
        });
        QObject::connect(&limit, &QTimer::timeout, &loop, &QEventLoop::quit);
        limit.start(timeoutMs);
        if (process.state() != QProcess::NotRunning) loop.exec();
        if (process.state() != QProcess::NotRunning) process.kill();
    }
    process.waitForFinished(5000);
    return {process.exitStatus() == QProcess::NormalExit && process.error() != QProcess::FailedToStart ? process.exitCode() : -1,
            process.readAllStandardOutput(), process.readAllStandardError()};
}

ProcessResult ProcessRunner::run(const QStringList& arguments, int timeoutMs) const {
    QProcess process;
    start(process, arguments);
    return finish(process, timeoutMs);
}

}  // namespace shuimo::testing
