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
        manifest.write(R"({"styles": [
            {"id": "pine", "name": "Pine in Wind", "description": "Dry brush, dark ink", "file": "pine.png",
             "recommended": {"style_weight": 200000}},
            {"id": "gone", "name": "Missing file", "file": "gone.png"}]})");
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
        QVERIFY(entries[0].bundled);
        QCOMPARE(entries[1].name, QStringLiteral("misty river"));  // not in the manifest: named from the file
        QVERIFY(entries[1].path.endsWith(QStringLiteral("misty_river.jpg")));
        QVERIFY(ui::loadStyleEntries(QString()).isEmpty());
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
