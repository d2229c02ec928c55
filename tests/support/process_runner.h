#pragma once
// Runs a program of ours (shuimo-cli, the ink-style generator) as a separate
// process for the end-to-end tests: one way to start it, wait for it with a
// time limit and collect its exit code and output.

#include <QByteArray>
#include <QProcess>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>

namespace shuimo::testing {

struct ProcessResult {
    int exit_code = -1;  // -1: it crashed, or was killed at the time limit
    QByteArray out;
    QByteArray err;
};

// The system environment with no installed model and no user data leaking in
// from the machine running the tests: SHUIMO_MODEL_DIR and XDG_DATA_HOME name
// folders under `scratch` that need not exist.
QProcessEnvironment isolatedEnvironment(const QString& scratch);

class ProcessRunner {
public:
    static constexpr int kDefaultTimeoutMs = 180000;

    explicit ProcessRunner(QString program, QProcessEnvironment environment = QProcessEnvironment::systemEnvironment());

    // Starts the program; the caller drives it (reads lines, sends signals) and ends with finish().
    void start(QProcess& process, const QStringList& arguments) const;

    // Waits for the end with this thread's event loop running (so a server in the
    // test process can answer); kills the process after `timeoutMs`.
    static ProcessResult finish(QProcess& process, int timeoutMs = kDefaultTimeoutMs);

    ProcessResult run(const QStringList& arguments, int timeoutMs = kDefaultTimeoutMs) const;

private:
    QString m_program;
    QProcessEnvironment m_environment;
};

}  // namespace shuimo::testing
