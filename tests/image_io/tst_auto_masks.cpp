// Automatic region masks (issue 26, image_io/auto_masks.h) on generated pictures whose sky is known
// by construction and on the photographs in tests/data: the sky is what is smooth, sky-coloured and
// reaches the top; faces are where the astronaut's face is, and nowhere in a photo without one.

#include <QTest>

#include <filesystem>

#include "shuimo/engine/errors.h"
#include "shuimo/image_io/auto_masks.h"
#include "shuimo/image_io/image_io.h"

using namespace shuimo;

namespace {

engine::Image photo(const char* name) {
    return image_io::read_image(std::filesystem::path(SHUIMO_SOURCE_DIR) / "tests/data" / name).rgb;
}

// The mask's mean over a rectangle of the picture.
double mean(const engine::Image& mask, int x0, int y0, int x1, int y1) {
    double sum = 0.0;
    for (int y = y0; y < y1; ++y)
        for (int x = x0; x < x1; ++x) sum += mask.at(x, y, 0);
    return sum / ((x1 - x0) * (y1 - y0));
}

// A landscape: a smooth sky from pale to deep blue over the top 45 %, textured green hills below,
// and a blue car (smooth, sky-coloured, not touching the top) on the ground.
engine::Image landscape() {
    engine::Image image(300, 200, 3);
    for (int y = 0; y < 200; ++y)
        for (int x = 0; x < 300; ++x) {
            float* p = &image.pixels[(static_cast<std::size_t>(y) * 300 + x) * 3];
            if (y < 90) {
                const float t = y / 90.0f;
                p[0] = 0.35f + 0.2f * t, p[1] = 0.55f + 0.15f * t, p[2] = 0.9f;
            } else {
                const float grain = ((x * 7 + y * 13) % 5) * 0.08f;  // grass: texture everywhere
                p[0] = 0.15f + grain, p[1] = 0.45f + grain, p[2] = 0.1f + grain * 0.5f;
            }
            if (y >= 140 && y < 175 && x >= 200 && x < 260) p[0] = 0.2f, p[1] = 0.3f, p[2] = 0.85f;  // the car
        }
    return image;
}

}  // namespace

class TestAutoMasks : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void skyOfAGeneratedLandscape() {
        const engine::Image mask = image_io::sky_mask(landscape());
        QCOMPARE(mask.width, 300);
        QCOMPARE(mask.height, 200);
        QCOMPARE(mask.channels, 1);
        const double sky = mean(mask, 0, 0, 300, 80), ground = mean(mask, 0, 100, 300, 200), car = mean(mask, 205, 145, 255, 170);
        qInfo("sky %.3f, ground %.3f, the blue car %.3f", sky, ground, car);
        QVERIFY2(sky > 0.95, qPrintable(QString::number(sky)));
        QVERIFY2(ground < 0.05, qPrintable(QString::number(ground)));
        QVERIFY2(car < 0.05, qPrintable(QString::number(car)));  // sky-coloured, but not reaching the top
        // Soft edges: some samples strictly between 0 and 1 along the horizon.
        int soft = 0;
        for (const float v : mask.pixels) soft += v > 0.05f && v < 0.95f;
        QVERIFY(soft > 0);
    }

    // The launch photograph at dusk: the sky between the towers is found, the pad at the bottom is not.
    void skyOfAPhotograph() {
        const engine::Image mask = image_io::sky_mask(photo("rocket.jpg"));
        const double between = mean(mask, 40, 5, 110, 60), pad = mean(mask, 0, 160, 256, 171);
        qInfo("between the towers %.3f, the pad %.3f", between, pad);
        QVERIFY2(between > 0.9, qPrintable(QString::number(between)));
        QVERIFY2(pad < 0.2, qPrintable(QString::number(pad)));
        // A close-up of a cat has no sky.
        const engine::Image cat = image_io::sky_mask(photo("chelsea.png"));
        QVERIFY2(mean(cat, 0, 0, cat.width, cat.height) < 0.02, qPrintable(QString::number(mean(cat, 0, 0, cat.width, cat.height))));
    }

    // Eileen Collins's face (tests/data/astronaut.png: about x 85-120, y 15-70) and nothing where
    // there is no face.
    void facesOfAPhotograph() {
        const engine::Image mask = image_io::face_mask(photo("astronaut.png"));
        const double face = mean(mask, 95, 30, 115, 55), elsewhere = mean(mask, 0, 120, 256, 256);
        qInfo("on the face %.3f, below it %.3f", face, elsewhere);
        QVERIFY2(face > 0.9, qPrintable(QString::number(face)));
        QVERIFY2(elsewhere < 0.01, qPrintable(QString::number(elsewhere)));
        for (const char* name : {"rocket.jpg", "coffee.png"}) {
            const engine::Image none = image_io::face_mask(photo(name));
            QVERIFY2(mean(none, 0, 0, none.width, none.height) == 0.0, name);
        }
    }

    void namesAndMissingData() {
        const engine::Image picture = landscape();
        QVERIFY(image_io::automatic_mask("sky", picture).has_value());
        QVERIFY(!image_io::automatic_mask("sky.png", picture).has_value());  // a file name
        qputenv("SHUIMO_FACE_CASCADE", "/nonexistent/cascade.xml");
        QVERIFY_THROWS_EXCEPTION(engine::ImageIoError, image_io::face_mask(picture));
        qunsetenv("SHUIMO_FACE_CASCADE");
    }
};

QTEST_GUILESS_MAIN(TestAutoMasks)
#include "tst_auto_masks.moc"
