// The bundled styles: the manifest's names, descriptions and recommended
// settings, and image files the manifest does not name, listed by file name.

#include <QFile>
#include <QImage>
#include <QTemporaryDir>
#include <QtTest>

#include "style_library.h"

using namespace shuimo;

class TestStyleLibrary : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void manifestAndFolderListing() {
        QTemporaryDir dir;
        QImage(16, 16, QImage::Format_RGB888).save(dir.filePath(QStringLiteral("pine.png")));
        QImage(16, 16, QImage::Format_RGB888).save(dir.filePath(QStringLiteral("misty_river.jpg")));
        QFile manifest(dir.filePath(QStringLiteral("styles.json")));
        QVERIFY(manifest.open(QIODevice::WriteOnly));
        manifest.write(R"({"version": 1, "styles": [
            {"id": "pine", "file": "pine.png", "name": {"en": "Pine in Wind", "zh": "风中松"},
             "description": {"en": "Dry brush, dark ink", "zh": "枯笔浓墨"},
             "recommended": {"style_weight": 200000, "style_scale": 1.5, "preserve_colors": true, "preset": "high"}}]})");
        manifest.close();
        QFile notes(dir.filePath(QStringLiteral("README.md")));
        QVERIFY(notes.open(QIODevice::WriteOnly));
        notes.close();

        const QList<ui::StyleEntry> entries = ui::loadStyleEntries(dir.path());
        QCOMPARE(entries.size(), 2);
        QCOMPARE(entries[0].id, QStringLiteral("pine"));
        QCOMPARE(entries[0].name, QStringLiteral("Pine in Wind"));
        QCOMPARE(entries[0].description, QStringLiteral("Dry brush, dark ink"));
        QCOMPARE(entries[0].recommended.value(QStringLiteral("style_weight")).toDouble(), 200000.0);
        QCOMPARE(entries[0].recommended.value(QStringLiteral("style_scale")).toDouble(), 1.5);
        QCOMPARE(entries[0].recommended.value(QStringLiteral("preserve_colors")).toBool(), true);
        QCOMPARE(entries[0].recommended.value(QStringLiteral("quality")).toString(), QStringLiteral("high"));
        const QList<ui::StyleEntry> chinese = ui::loadStyleEntries(dir.path(), QStringLiteral("zh_CN"));
        QCOMPARE(chinese[0].name, QString::fromUtf8("风中松"));
        QCOMPARE(chinese[0].description, QString::fromUtf8("枯笔浓墨"));
        QVERIFY(entries[0].bundled);
        QCOMPARE(entries[1].name, QStringLiteral("misty river"));  // not in the manifest: named from the file
        QVERIFY(entries[1].path.endsWith(QStringLiteral("misty_river.jpg")));
        QVERIFY(ui::loadStyleEntries(QString()).isEmpty());

        // A broken manifest: the folder is still listed, and the reason is given.
        QVERIFY(manifest.open(QIODevice::WriteOnly | QIODevice::Truncate));
        manifest.write(R"({"version": 1, "styles": [{"id": "Bad Id!", "file": "pine.png"}]})");
        manifest.close();
        QString error;
        QCOMPARE(ui::loadStyleEntries(dir.path(), QStringLiteral("en"), &error).size(), 2);
        QVERIFY2(error.contains(QStringLiteral("styles.json")), qPrintable(error));
    }

    // The bundled set: every style of assets/styles is listed with its names.
    void bundledStylesAreListed() {
        const QList<ui::StyleEntry> entries = ui::loadStyleEntries(QStringLiteral(SHUIMO_STYLES_DIR));
        QVERIFY(entries.size() >= 8);
        for (const auto& entry : entries) {
            QVERIFY(!entry.description.isEmpty());
            QVERIFY(!entry.recommended.isEmpty());
        }
    }

    void findsTheFolderFromTheEnvironment() {
        QTemporaryDir dir;
        qputenv("SHUIMO_STYLES_DIR", dir.path().toUtf8());
        QCOMPARE(ui::findStylesDir(), QDir(dir.path()).canonicalPath());
        qunsetenv("SHUIMO_STYLES_DIR");
        QVERIFY(!ui::findStylesDir().isEmpty());  // the source tree's assets/styles
    }
};

QTEST_MAIN(TestStyleLibrary)
#include "tst_style_library.moc"
