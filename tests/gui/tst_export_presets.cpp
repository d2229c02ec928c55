// Export (the pixels exported, PNG text chunk, 16 bit, sidecar JSON, atomic,
// never over an original) and presets (save, list, load, delete round trip).

#include <QDir>
#include <QImageReader>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <cmath>

#include "export_writer.h"
#include "shuimo/batch/params_json.h"
#include "parameter_panel.h"
#include "presets_menu.h"
#include "studio_model.h"
#include <QUndoStack>
#include "presets_store.h"
#include "style_gallery.h"
#include "shuimo/image_io/image_io.h"

using namespace shuimo;

namespace {
// Smooth ramps (red across, green down): JPEG keeps them close, and a flip or a
// channel swap changes them.
engine::Image gradient(int width, int height) {
    engine::Image image(width, height, 3);
    for (int y = 0; y < height; ++y) {
        for (int x = 0; x < width; ++x) {
            image.at(x, y, 0) = static_cast<float>(x) / (width - 1);
            image.at(x, y, 1) = static_cast<float>(y) / (height - 1);
            image.at(x, y, 2) = 0.3f;
        }
    }
    return image;
}

// The largest and the mean absolute difference between two images' samples.
struct Difference {
    double max = 0.0;
    double mean = 0.0;
};
Difference difference(const engine::Image& a, const engine::Image& b) {
    Difference d;
    for (std::size_t i = 0; i < a.pixels.size(); ++i) {
        const double delta = std::abs(static_cast<double>(a.pixels[i]) - static_cast<double>(b.pixels[i]));
        d.max = std::max(d.max, delta);
        d.mean += delta;
    }
    if (!a.pixels.empty()) d.mean /= static_cast<double>(a.pixels.size());
    return d;
}

engine::StyleParams distinctive() {
    engine::StyleParams p;
    p.size = 1536;
    p.iterations = 777;
    p.style_weight = 2.5e5;
    p.content_weight = 3.25;
    p.tv_weight = 0.5;
    p.style_layers = {"relu1_1", "relu3_1"};
    p.optimizer = engine::OptimizerKind::Adam;
    p.learning_rate = 0.05;
    p.pooling = engine::PoolingKind::Average;
    p.init = engine::InitKind::Noise;
    p.style_scale = 0.75;
    p.preserve_colors = true;
    p.seed = 9007199254740993ULL;  // not representable as a double
    p.device = "cpu";
    p.precision = engine::Precision::Bf16;
    return p;
}
}  // namespace

class TestExportPresets : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void exportWritesImageTextChunkAndSidecar_data() {
        QTest::addColumn<QString>("name");
        QTest::addColumn<int>("bitDepth");
        QTest::addColumn<double>("maxError");   // per sample, in [0, 1]
        QTest::addColumn<double>("meanError");
        // Lossless formats: rounding to the bit depth, nothing more (an 8-bit step would fail the 16-bit rows).
        const double round8 = 0.5 / 255 + 1e-6;
        const double round16 = 0.5 / 65535 + 1e-6;
        QTest::newRow("png 8") << QStringLiteral("out.png") << 8 << round8 << round8;
        QTest::newRow("png 16") << QStringLiteral("out16.png") << 16 << round16 << round16;
        QTest::newRow("tiff 16") << QStringLiteral("out.tif") << 16 << round16 << round16;
        // JPEG at quality 95 (image_io): lossy, but close everywhere.
        QTest::newRow("jpeg 8") << QStringLiteral("out.jpg") << 8 << 16.0 / 255 << 3.0 / 255;
    }

    void exportWritesImageTextChunkAndSidecar() {
        QFETCH(QString, name);
        QFETCH(int, bitDepth);
        QFETCH(double, maxError);
        QFETCH(double, meanError);
        QTemporaryDir dir;
        const QString path = dir.filePath(name);
        QJsonObject settings;
        settings[QStringLiteral("params")] = batch::params_to_json(distinctive());
        const engine::Image painting = gradient(40, 30);
        QCOMPARE(ui::exportImage(painting, path, bitDepth, settings, {}), QString());
        // Written completely and nothing else left behind (no temporary files).
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden).size(), 2);
        const auto loaded = image_io::read_image(path.toStdString());
        QCOMPARE(loaded.rgb.width, 40);
        QCOMPARE(loaded.rgb.height, 30);
        QCOMPARE(loaded.rgb.channels, 3);
        QCOMPARE(loaded.bit_depth, bitDepth);
        // The pixels are the painting's (not flipped, channels in order, full depth).
        const Difference error = difference(loaded.rgb, painting);
        qInfo("%s: largest difference %.6f, mean %.6f", qPrintable(name), error.max, error.mean);
        QVERIFY2(error.max <= maxError, qPrintable(QStringLiteral("largest difference %1 > %2").arg(error.max).arg(maxError)));
        QVERIFY2(error.mean <= meanError, qPrintable(QStringLiteral("mean difference %1 > %2").arg(error.mean).arg(meanError)));
        QFile sidecar(ui::sidecarPath(path));
        QVERIFY(sidecar.open(QIODevice::ReadOnly));
        QCOMPARE(QJsonDocument::fromJson(sidecar.readAll()).object(), settings);
        if (name.endsWith(QStringLiteral(".png"))) {
            QImageReader reader(path);
            const QString chunk = reader.text(QString::fromLatin1(ui::kSettingsTextKey));
            QCOMPARE(QJsonDocument::fromJson(chunk.toUtf8()).object(), settings);
        }
    }

    void exportRefusesTheOriginal() {
        QTemporaryDir dir;
        const QString original = dir.filePath(QStringLiteral("photo.png"));
        QImage(8, 8, QImage::Format_RGB888).save(original);
        QFile in(original);
        QVERIFY(in.open(QIODevice::ReadOnly));
        const QByteArray before = in.readAll();
        in.close();
        const QString error = ui::exportImage(gradient(16, 16), dir.filePath(QStringLiteral("./photo.png")), 8, {}, {original});
        QVERIFY(error.contains(QStringLiteral("never overwritten")));
        QVERIFY(in.open(QIODevice::ReadOnly));
        QCOMPARE(in.readAll(), before);
        QVERIFY(!QFile::exists(ui::sidecarPath(original)));
        QVERIFY(!ui::exportImage(gradient(16, 16), dir.filePath(QStringLiteral("x.jpg")), 16, {}, {}).isEmpty());
        QVERIFY(!ui::exportImage(gradient(16, 16), dir.filePath(QStringLiteral("x.gif")), 8, {}, {}).isEmpty());
    }

    void presetsRoundTrip() {
        QTemporaryDir dir;
        const ui::PresetsStore store(dir.path());
        QVERIFY(store.names().isEmpty());
        QCOMPARE(store.save(QStringLiteral("淡墨 soft/ink"), distinctive()), QString());
        QCOMPARE(store.save(QStringLiteral("Bold"), engine::StyleParams{}), QString());
        QCOMPARE(store.names().size(), 2);
        QVERIFY(store.names().contains(QStringLiteral("淡墨 soft/ink")));
        const auto loaded = store.load(QStringLiteral("淡墨 soft/ink"));
        QVERIFY(loaded.has_value());
        QCOMPARE(batch::params_to_json(*loaded), batch::params_to_json(distinctive()));
        QCOMPARE(loaded->seed, distinctive().seed);
        QVERIFY(store.remove(QStringLiteral("Bold")));
        QCOMPARE(store.names(), QStringList{QStringLiteral("淡墨 soft/ink")});
        QVERIFY(!store.load(QStringLiteral("Bold")).has_value());
        QVERIFY(!store.save(QStringLiteral("  "), {}).isEmpty());
    }

    // Issue 14: a preset keeps the ticked styles and their blend; one of an
    // earlier version (params only) still loads, choosing no styles.
    void presetsKeepStylesAndBlend() {
        QTemporaryDir dir;
        const ui::PresetsStore store(dir.path());
        const QStringList styles{dir.filePath(QStringLiteral("misty.png")), dir.filePath(QStringLiteral("ink.png"))};
        QCOMPARE(store.save(QStringLiteral("mist and ink"), distinctive(), styles, {0.75, 0.25}), QString());
        const auto preset = store.loadPreset(QStringLiteral("mist and ink"));
        QVERIFY(preset.has_value());
        const ui::StylePreset expected{distinctive(), styles, {0.75, 0.25}};
        QCOMPARE(batch::params_to_json(preset->params), batch::params_to_json(expected.params));
        QCOMPARE(preset->styles, expected.styles);
        QCOMPARE(preset->blend, expected.blend);
        QVERIFY(*preset == expected);
        // The parameters alone, as batch presets read them.
        QCOMPARE(batch::params_to_json(*store.load(QStringLiteral("mist and ink"))), batch::params_to_json(distinctive()));

        // Written by an earlier version: no "styles", no "blend".
        QFile old(QDir(dir.path()).filePath(QStringLiteral("old.json")));
        QVERIFY(old.open(QIODevice::WriteOnly));
        old.write(QJsonDocument(QJsonObject{{QStringLiteral("name"), QStringLiteral("old")},
                                            {QStringLiteral("params"), batch::params_to_json(distinctive())}})
                      .toJson());
        old.close();
        const auto older = store.loadPreset(QStringLiteral("old"));
        QVERIFY(older.has_value());
        QVERIFY(older->styles.isEmpty());
        QVERIFY(older->blend.isEmpty());
        QCOMPARE(batch::params_to_json(older->params), batch::params_to_json(distinctive()));

        // A blend that does not fit its styles is dropped (equal weights), the styles kept.
        QCOMPARE(store.save(QStringLiteral("odd"), {}, styles, {1.0}), QString());
        QCOMPARE(store.loadPreset(QStringLiteral("odd"))->styles, styles);
        QVERIFY(store.loadPreset(QStringLiteral("odd"))->blend.isEmpty());
    }

    // Loading such a preset from the menu ticks its styles with their blend in
    // the gallery (and only those); a missing style file is reported, the rest ticked.
    void loadingAPresetTicksItsStyles() {
        QTemporaryDir dir;
        const QString mist = dir.filePath(QStringLiteral("mist.png"));
        const QString ink = dir.filePath(QStringLiteral("ink.png"));
        const QString other = dir.filePath(QStringLiteral("other.png"));
        for (const QString& path : {mist, ink, other}) QVERIFY(QImage(8, 8, QImage::Format_RGB888).save(path));
        ui::PresetsStore store(dir.filePath(QStringLiteral("presets")));
        ui::StudioModel model;
        ui::StyleGallery gallery(&model);
        QVERIFY(gallery.addUserStyle(other, true));  // ticked now, not in the preset
        ui::PresetsMenu menu(store, &model);
        QCOMPARE(store.save(QStringLiteral("mist"), distinctive(), {mist, ink}, {0.5, 1.5}), QString());
        QSignalSpy chosen(&menu, &ui::PresetsMenu::presetChosen);
        QSignalSpy failed(&menu, &ui::PresetsMenu::failed);
        menu.loadPreset(QStringLiteral("mist"));
        QCOMPARE(chosen.count(), 1);
        QCOMPARE(failed.count(), 0);
        QCOMPARE(gallery.selectedPaths(), (QStringList{mist, ink}));
        QCOMPARE(gallery.selectedBlend(), (QList<double>{0.5, 1.5}));
        QVERIFY(model.params() == distinctive());  // the preset's parameters, in the studio
        model.undoStack()->undo();                 // one step: parameters (the styles stay ticked)
        QVERIFY(!(model.params() == distinctive()));

        // A style file gone since: reported, the others ticked.
        QVERIFY(QFile::remove(ink));
        menu.loadPreset(QStringLiteral("mist"));
        QCOMPARE(failed.count(), 1);
        QVERIFY(failed.last().at(0).toString().contains(QStringLiteral("ink.png")));
        QCOMPARE(gallery.selectedPaths(), QStringList{mist});
    }
};

QTEST_MAIN(TestExportPresets)
#include "tst_export_presets.moc"
