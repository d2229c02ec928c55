// The Debian package as a user gets it: built by CPack from this build tree,
// unpacked with dpkg-deb -x into a scratch root, its control fields read, and
// the installed shuimo-cli and shuimo run from there (a tiny job on generated
// weights; the app offscreen for a few seconds). Nothing here may pass when
// the package cannot be built.

#include <QDir>
#include <QDirIterator>
#include <QFileInfo>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include "random_weights.h"

namespace {

struct Run {
    int exit_code = -1;
    QByteArray out;
    QByteArray err;
};

}  // namespace

class TestPackage : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_deb;
    QString m_root;                    // the scratch root the package was unpacked into
    QMap<QString, QString> m_control;  // control field -> value

    QString file(const QString& name) const { return m_dir.filePath(name); }
    QString installed(const QString& path) const { return QDir(m_root).filePath(path); }

    // The installed programs must find everything from where they are: no source tree, no
    // environment pointing at the build, no models or settings of the machine running the tests.
    QProcessEnvironment environment() const {
        auto env = QProcessEnvironment::systemEnvironment();
        for (const char* name : {"SHUIMO_STYLES_DIR", "SHUIMO_CATALOGUE", "LD_LIBRARY_PATH"}) env.remove(QString::fromLatin1(name));
        env.insert(QStringLiteral("SHUIMO_MODEL_DIR"), file(QStringLiteral("no-models")));
        env.insert(QStringLiteral("HOME"), file(QStringLiteral("home")));
        env.insert(QStringLiteral("XDG_DATA_HOME"), file(QStringLiteral("home/data")));
        env.insert(QStringLiteral("XDG_CONFIG_HOME"), file(QStringLiteral("home/config")));
        env.insert(QStringLiteral("XDG_CACHE_HOME"), file(QStringLiteral("home/cache")));
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        return env;
    }

    Run run(const QString& program, const QStringList& arguments, int timeout_ms,
            const QProcessEnvironment& env = QProcessEnvironment()) const {
        QProcess process;
        process.setProcessEnvironment(env.isEmpty() ? environment() : env);
        process.setWorkingDirectory(m_dir.path());
        process.start(program, arguments);
        if (!process.waitForFinished(timeout_ms)) {
            process.kill();
            process.waitForFinished();
            return {-1, process.readAllStandardOutput(), process.readAllStandardError() + "\n(timed out)"};
        }
        return {process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1, process.readAllStandardOutput(),
                process.readAllStandardError()};
    }

private Q_SLOTS:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        QVERIFY(QDir().mkpath(file(QStringLiteral("home"))) && QDir().mkpath(file(QStringLiteral("weights"))));
        // CPack installs the build tree (strip, dpkg-shlibdeps) into the scratch folder and packs it.
        const Run cpack = run(QStringLiteral(SHUIMO_CPACK_COMMAND),
                              {QStringLiteral("--config"), QStringLiteral(SHUIMO_BUILD_DIR "/CPackConfig.cmake"),
                               QStringLiteral("-B"), file(QStringLiteral("out"))},
                              240000, QProcessEnvironment::systemEnvironment());
        QVERIFY2(cpack.exit_code == 0, (cpack.out + cpack.err).constData());
        const QStringList debs = QDir(file(QStringLiteral("out"))).entryList({QStringLiteral("*.deb")}, QDir::Files);
        QVERIFY2(debs.size() == 1, qPrintable(QStringLiteral("expected one .deb, found: ") + debs.join(QLatin1Char(' '))));
        m_deb = file(QStringLiteral("out/") + debs.first());
        QVERIFY2(QFileInfo(m_deb).fileName().startsWith(QStringLiteral("shuimo_" SHUIMO_VERSION "_")), qPrintable(m_deb));

        m_root = file(QStringLiteral("root"));
        const Run unpack = run(QStringLiteral("dpkg-deb"), {QStringLiteral("-x"), m_deb, m_root}, 60000);
        QVERIFY2(unpack.exit_code == 0, unpack.err.constData());
        const Run fields = run(QStringLiteral("dpkg-deb"), {QStringLiteral("-f"), m_deb}, 30000);
        QVERIFY2(fields.exit_code == 0, fields.err.constData());
        QString key;
        for (const QString& line : QString::fromUtf8(fields.out).split(QLatin1Char('\n'))) {
            if (line.startsWith(QLatin1Char(' ')) && !key.isEmpty()) {
                m_control[key] += QLatin1Char('\n') + line.trimmed();
            } else if (const auto colon = line.indexOf(QLatin1Char(':')); colon > 0) {
                key = line.left(colon);
                m_control[key] = line.mid(colon + 1).trimmed();
            }
        }
        shuimo::testing::write_random_vgg19_weights(file(QStringLiteral("weights/vgg19.safetensors")).toStdString(), {18});
    }

    void controlFields() {
        QCOMPARE(m_control.value(QStringLiteral("Package")), QStringLiteral("shuimo"));
        QCOMPARE(m_control.value(QStringLiteral("Version")), QStringLiteral(SHUIMO_VERSION));
        const QString depends = m_control.value(QStringLiteral("Depends"));
        const QString recommends = m_control.value(QStringLiteral("Recommends"));
        // Ours: OpenBLAS and Qt's image plugins; dpkg-shlibdeps's: Qt, LibTorch, OpenCV.
        for (const QString& needed : {QStringLiteral("libopenblas0-pthread"), QStringLiteral("qt6-image-formats-plugins"),
                                      QStringLiteral("libqt6widgets6"), QStringLiteral("libtorch"), QStringLiteral("libopencv-imgcodecs")}) {
            QVERIFY2(depends.contains(needed), qPrintable(needed + QStringLiteral(" missing from Depends: ") + depends));
        }
        QVERIFY2(recommends.contains(QStringLiteral("fonts-wqy-microhei")) && recommends.contains(QStringLiteral("fonts-noto-cjk")),
                 qPrintable(QStringLiteral("no CJK font in Recommends: ") + recommends));
        QCOMPARE(m_control.value(QStringLiteral("Section")), QStringLiteral("graphics"));
    }

    void installedFiles_data() {
        QTest::addColumn<QString>("path");
        for (const char* path : {"usr/bin/shuimo", "usr/bin/shuimo-cli", "usr/share/applications/shuimo.desktop",
                                 "usr/share/icons/hicolor/scalable/apps/shuimo.svg", "usr/share/shuimo/styles/styles.json",
                                 "usr/share/shuimo/styles/bamboo.png", "usr/share/shuimo/styles/misty_mountains.png"}) {
            QTest::newRow(path) << QString::fromLatin1(path);
        }
    }
    void installedFiles() {
        QFETCH(QString, path);
        QVERIFY2(QFileInfo(installed(path)).isFile() && QFileInfo(installed(path)).size() > 0, qPrintable(path));
    }

    void onlyTheApp() {
        // No tests, benchmarks, dev tools or headers: only the two programs, their data and desktop files.
        QStringList unexpected;
        QDirIterator it(m_root, QDir::Files, QDirIterator::Subdirectories);
        while (it.hasNext()) {
            const QString path = QDir(m_root).relativeFilePath(it.next());
            if (path != QLatin1String("usr/bin/shuimo") && path != QLatin1String("usr/bin/shuimo-cli") &&
                !path.startsWith(QLatin1String("usr/share/"))) {
                unexpected << path;
            }
        }
        QVERIFY2(unexpected.isEmpty(), qPrintable(unexpected.join(QLatin1Char(' '))));
    }

    void cliRunsATinyJob() {
        const QString styles = installed(QStringLiteral("usr/share/shuimo/styles/"));
        const QString output = file(QStringLiteral("painting.png"));
        const Run job = run(installed(QStringLiteral("usr/bin/shuimo-cli")),
                            {QStringLiteral("stylize"), QStringLiteral("--content"), styles + QStringLiteral("bamboo.png"),
                             QStringLiteral("--style"), styles + QStringLiteral("misty_mountains.png"), QStringLiteral("--output"),
                             output, QStringLiteral("--weights"), file(QStringLiteral("weights/vgg19.safetensors")),
                             QStringLiteral("--size"), QStringLiteral("32"), QStringLiteral("--iterations"), QStringLiteral("3"),
                             QStringLiteral("--device"), QStringLiteral("cpu")},
                            120000);
        QVERIFY2(job.exit_code == 0, job.err.constData());
        QVERIFY(QFileInfo(output).size() > 0);
        QVERIFY2(job.err.contains("wrote"), job.err.constData());
    }

    void cliDoctorFindsTheInstalledStyles() {
        const Run doctor = run(installed(QStringLiteral("usr/bin/shuimo-cli")), {QStringLiteral("doctor")}, 60000);
        QVERIFY2(doctor.exit_code == 0, doctor.err.constData());
        const QString text = QString::fromUtf8(doctor.out);
        const QString styles = QDir(installed(QStringLiteral("usr/share/shuimo/styles"))).canonicalPath();
        QVERIFY2(text.contains(QStringLiteral("\nstyles: ") + styles + QStringLiteral(" (")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("shuimo: " SHUIMO_VERSION " (")), qPrintable(text));
    }

    void appFindsItsStylesAndTranslations() {
        // What Help › About shows, printed by the installed app itself.
        const Run report = run(installed(QStringLiteral("usr/bin/shuimo")), {QStringLiteral("--system-report")}, 60000);
        QVERIFY2(report.exit_code == 0, report.err.constData());
        const QString text = QString::fromUtf8(report.out);
        const QString styles = QDir(installed(QStringLiteral("usr/share/shuimo/styles"))).canonicalPath();
        QVERIFY2(QRegularExpression(QStringLiteral("\nstyles: ") + QRegularExpression::escape(styles) +
                                    QStringLiteral(" \\([1-9][0-9]* reference images, styles.json\\)"))
                     .match(text)
                     .hasMatch(),
                 qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("\ntranslations: en, zh_CN built in")), qPrintable(text));

        // The Chinese interface from the installed binary: the system locale picks it.
        auto env = environment();
        for (const char* name : {"LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"}) env.insert(QString::fromLatin1(name), QStringLiteral("zh_CN.UTF-8"));
        const Run help = run(installed(QStringLiteral("usr/bin/shuimo")), {QStringLiteral("--help")}, 60000, env);
        QVERIFY2(help.exit_code == 0, help.err.constData());
        QVERIFY2(QString::fromUtf8(help.out).contains(QStringLiteral("把照片变成水墨画")), help.out.constData());
    }

    void appStaysUp() {
        QProcess app;
        app.setProcessEnvironment(environment());
        app.setWorkingDirectory(m_dir.path());
        app.start(installed(QStringLiteral("usr/bin/shuimo")), {});
        QVERIFY2(app.waitForStarted(10000), qPrintable(app.errorString()));
        // Up for a few seconds (window shown, styles listed, the first-start model prompt up): then closed by us.
        const bool exited = app.waitForFinished(5000);
        const QByteArray err = app.readAllStandardError();
        QVERIFY2(!exited, qPrintable(QStringLiteral("the app exited with %1: %2").arg(app.exitCode()).arg(QString::fromUtf8(err))));
        app.kill();
        app.waitForFinished(10000);
    }
};

QTEST_GUILESS_MAIN(TestPackage)
#include "tst_package.moc"
