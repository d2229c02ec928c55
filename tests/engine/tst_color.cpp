// preserve_colors on plain images: luminance from one image, chrominance from the other.

#include <QTest>

#include "shuimo/engine/color.h"
#include "shuimo/engine/errors.h"

using namespace shuimo;

class TestColor : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void keepsContentChromaAndStylisedLuma() {
        engine::Image stylised(2, 1, 3), content(2, 1, 3);
        stylised.pixels = {0.2f, 0.2f, 0.2f, 0.7f, 0.6f, 0.5f};
        content.pixels = {0.6f, 0.4f, 0.3f, 0.5f, 0.5f, 0.6f};
        const auto out = engine::preserve_colors(stylised, content);
        for (int x = 0; x < 2; ++x) {
            const auto o = engine::rgb_to_yuv(out.at(x, 0, 0), out.at(x, 0, 1), out.at(x, 0, 2));
            const auto s = engine::rgb_to_yuv(stylised.at(x, 0, 0), stylised.at(x, 0, 1), stylised.at(x, 0, 2));
            const auto c = engine::rgb_to_yuv(content.at(x, 0, 0), content.at(x, 0, 1), content.at(x, 0, 2));
            QVERIFY(std::abs(o.y - s.y) < 1e-5f);
            QVERIFY(std::abs(o.u - c.u) < 1e-5f);
            QVERIFY(std::abs(o.v - c.v) < 1e-5f);
        }
    }

    void greyContentGivesGreyResult() {
        engine::Image stylised(1, 1, 3), content(1, 1, 3);
        stylised.pixels = {0.9f, 0.1f, 0.3f};
        content.pixels = {0.5f, 0.5f, 0.5f};
        const auto out = engine::preserve_colors(stylised, content);
        QVERIFY(std::abs(out.pixels[0] - out.pixels[1]) < 1e-5f);
        QVERIFY(std::abs(out.pixels[1] - out.pixels[2]) < 1e-5f);
    }

    void sizeMismatchIsRefused() {
        QVERIFY_THROWS_EXCEPTION(engine::ConfigError, engine::preserve_colors(engine::Image(2, 2, 3), engine::Image(3, 2, 3)));
    }
};

QTEST_GUILESS_MAIN(TestColor)
#include "tst_color.moc"
