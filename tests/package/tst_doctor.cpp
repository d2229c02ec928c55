// shuimo-cli doctor and Help › About: every field present, the same keys in both,
// and a CPU-only build saying why there is no CUDA.

#include <QApplication>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <filesystem>

#include "about_dialog.h"
#include "cli_options.h"
#include "doctor_command.h"
#include "shuimo/engine/system_report.h"

using namespace shuimo;

namespace {

const QStringList kKeys = {QStringLiteral("shuimo"),    QStringLiteral("torch"),  QStringLiteral("cuda"),
                           QStringLiteral("cudnn"),     QStringLiteral("gpu"),    QStringLiteral("precision"),
                           QStringLiteral("blas"),      QStringLiteral("cpu"),    QStringLiteral("models"),
                           QStringLiteral("weights"),   QStringLiteral("styles"), QStringLiteral("translations")};

QStringList keysOf(const QString& report) {
    QStringList keys;
    for (const QString& line : report.split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
        const auto colon = line.indexOf(QStringLiteral(": "));
        keys << (colon > 0 ? line.left(colon) : QStringLiteral("(no key) ") + line);
    }
    keys.removeDuplicates();  // one "gpu" line per GPU
    return keys;
}

QString value(const QString& report, const QString& key) {
    for (const QString& line : report.split(QLatin1Char('\n'))) {
        if (line.startsWith(key + QStringLiteral(": "))) return line.mid(key.size() + 2);
    }
    return {};
}

}  // namespace

class TestDoctor : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_cliReport;

private Q_SLOTS:
    void initTestCase() {
        // No installed model of the machine running the tests, and a model of our own to list.
        qputenv("XDG_DATA_HOME", m_dir.filePath(QStringLiteral("data")).toLocal8Bit());
        qputenv("XDG_CONFIG_HOME", m_dir.filePath(QStringLiteral("config")).toLocal8Bit());
        qunsetenv("SHUIMO_MODEL_DIR");
        qunsetenv("SHUIMO_STYLES_DIR");
        auto env = QProcessEnvironment::systemEnvironment();
        QProcess cli;
        cli.setProcessEnvironment(env);
        cli.start(QStringLiteral(SHUIMO_CLI_PATH), {QStringLiteral("doctor")});
        QVERIFY(cli.waitForFinished(60000));
        QCOMPARE(cli.exitCode(), 0);
        m_cliReport = QString::fromUtf8(cli.readAllStandardOutput());
    }

    void cliHasEveryField() {
        QCOMPARE(keysOf(m_cliReport), kKeys);
        QVERIFY2(value(m_cliReport, QStringLiteral("torch")).startsWith(QStringLiteral("LibTorch ")), qPrintable(m_cliReport));
        QVERIFY2(value(m_cliReport, QStringLiteral("cpu")).contains(QStringLiteral(" threads")), qPrintable(m_cliReport));
        QVERIFY2(value(m_cliReport, QStringLiteral("models")).startsWith(QStringLiteral("none installed in ") + m_dir.path()),
                 qPrintable(m_cliReport));
        // Run from the build tree: the source tree's styles.
        const QString styles = QString::fromStdString(std::filesystem::canonical(SHUIMO_SOURCE_STYLES_DIR).string());
        QVERIFY2(value(m_cliReport, QStringLiteral("styles")).startsWith(styles + QStringLiteral(" (")), qPrintable(m_cliReport));
    }

    void cudaOrWhyNot() {
        const auto report = engine::system_report();
#ifdef SHUIMO_EXPECT_CPU_ONLY
        // Debian's LibTorch: no CUDA, and the report says why rather than just "no".
        QVERIFY(!report.built_with_cuda);
        QVERIFY(!report.cuda_available);
        QCOMPARE(value(m_cliReport, QStringLiteral("cuda")), QStringLiteral("no: built against a CPU-only LibTorch"));
        QCOMPARE(value(m_cliReport, QStringLiteral("gpu")), QStringLiteral("none"));
        QVERIFY2(value(m_cliReport, QStringLiteral("precision")).startsWith(QStringLiteral("auto = fp32 on the CPU")),
                 qPrintable(m_cliReport));
        QVERIFY2(value(m_cliReport, QStringLiteral("torch")).endsWith(QStringLiteral("(CPU only)")), qPrintable(m_cliReport));
#else
        QVERIFY(report.built_with_cuda);
        QVERIFY2(!report.cuda_runtime_version.empty(), "a CUDA LibTorch names its CUDA version");
        if (!report.cuda_available) {
            QVERIFY2(value(m_cliReport, QStringLiteral("cuda")).startsWith(QStringLiteral("no: no usable NVIDIA GPU")),
                     qPrintable(m_cliReport));
            QSKIP("CUDA build without a usable GPU: the GPU fields cannot be checked here");
        }
        QVERIFY(!report.gpus.empty());
        for (const auto& gpu : report.gpus) {
            QVERIFY2(gpu.auto_precision == "bf16" || gpu.auto_precision == "fp16", gpu.auto_precision.c_str());
            QVERIFY(gpu.free_memory > 0);
        }
        QVERIFY2(value(m_cliReport, QStringLiteral("cuda")).startsWith(QStringLiteral("yes: runtime ")), qPrintable(m_cliReport));
#endif
        QCOMPARE(report.cpu_threads > 0, true);
    }

    void blasIsTheOneLoaded() {
        const auto report = engine::system_report();
        // Debian's LibTorch resolves sgemm_ to a shared library; the report names it and whether it is OpenBLAS.
        QVERIFY2(!report.blas_library.empty(), qPrintable(m_cliReport));
        const bool inside = report.blas_library.find("(inside LibTorch)") != std::string::npos;
        if (!inside) QVERIFY2(std::filesystem::is_regular_file(report.blas_library), report.blas_library.c_str());
        QCOMPARE(report.openblas, report.blas_library.find("openblas") != std::string::npos || report.blas_library.rfind("open (", 0) == 0);
        QCOMPARE(value(m_cliReport, QStringLiteral("blas")).startsWith(QStringLiteral("OpenBLAS: ")), report.openblas);
    }

    void aboutShowsTheSameReport() {
        ui::AboutDialog dialog;
        const QString about = dialog.reportText();
        QCOMPARE(keysOf(about), kKeys);
        for (const QString& key : {QStringLiteral("torch"), QStringLiteral("cuda"), QStringLiteral("cudnn"),
                                   QStringLiteral("precision"), QStringLiteral("blas"), QStringLiteral("styles")}) {
            QCOMPARE(value(about, key), value(m_cliReport, key));
        }
        QVERIFY2(value(about, QStringLiteral("translations")).startsWith(QStringLiteral("en, zh_CN built in, showing ")),
                 qPrintable(about));
    }

    void doctorTakesNoArguments() {
        const QStringList arguments{QStringLiteral("--json")};
        bool refused = false;
        try {
            shuimo::cli::run_doctor_command(arguments);
        } catch (const shuimo::cli::UsageError& e) {
            refused = QString::fromUtf8(e.what()).contains(QStringLiteral("--json"));
        }
        QVERIFY(refused);
    }
};

QTEST_MAIN(TestDoctor)
#include "tst_doctor.moc"
