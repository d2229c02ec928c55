// preserve_colors on plain images: luminance from one image, chrominance from the other.

#include <QTest>

#include <array>
#include <cmath>

#include "shuimo/engine/color.h"
#include "shuimo/engine/errors.h"

using namespace shuimo;

class TestColor : public QObject {
    Q_OBJECT

private Q_SLOTS:
    // rgb_to_yuv against BT.601 values worked by hand (Y = .299 R + .587 G + .114 B,
    // U = .492 (B - Y), V = .877 (R - Y)), typed in, not computed by the code under test.
    void rgbToYuvMatchesBt601HandValues_data() {
        QTest::addColumn<double>("r");
        QTest::addColumn<double>("g");
        QTest::addColumn<double>("b");
        QTest::addColumn<double>("y");
        QTest::addColumn<double>("u");
        QTest::addColumn<double>("v");
        QTest::newRow("red") << 1.0 << 0.0 << 0.0 << 0.299 << -0.147108 << 0.614777;
        QTest::newRow("green") << 0.0 << 1.0 << 0.0 << 0.587 << -0.288804 << -0.514799;
        QTest::newRow("blue") << 0.0 << 0.0 << 1.0 << 0.114 << 0.435912 << -0.099978;
        QTest::newRow("white") << 1.0 << 1.0 << 1.0 << 1.0 << 0.0 << 0.0;
        QTest::newRow("black") << 0.0 << 0.0 << 0.0 << 0.0 << 0.0 << 0.0;
        // .5 .299 + .25 .587 + .75 .114 = .1495 + .14675 + .0855 = .38175
        QTest::newRow("mixed") << 0.5 << 0.25 << 0.75 << 0.38175 << 0.181179 << 0.10370525;
    }
    void rgbToYuvMatchesBt601HandValues() {
        QFETCH(double, r);
        QFETCH(double, g);
        QFETCH(double, b);
        QFETCH(double, y);
        QFETCH(double, u);
        QFETCH(double, v);
        const auto yuv = engine::rgb_to_yuv(float(r), float(g), float(b));
        // float rounding of the coefficients and the products: a few 1e-7.
        QVERIFY2(std::abs(yuv.y - y) < 2e-6, qPrintable(QString::number(yuv.y, 'g', 9)));
        QVERIFY2(std::abs(yuv.u - u) < 2e-6, qPrintable(QString::number(yuv.u, 'g', 9)));
        QVERIFY2(std::abs(yuv.v - v) < 2e-6, qPrintable(QString::number(yuv.v, 'g', 9)));
    }

    // preserve_colors without rgb_to_yuv: at strength 1 the result is the content pixel shifted
    // by the luma difference on all three channels, out = c + (Y(s) - Y(c)) (1, 1, 1), with Y
    // the BT.601 luma in double precision here (pixels chosen so nothing clamps).
    void preserveColorsIsContentShiftedByLumaDifference() {
        const std::array<std::array<double, 6>, 4> cases = {{{0.2, 0.2, 0.2, 0.6, 0.4, 0.3},
                                                             {0.7, 0.6, 0.5, 0.5, 0.5, 0.6},
                                                             {0.9, 0.1, 0.3, 0.45, 0.55, 0.5},
                                                             {0.3, 0.8, 0.6, 0.35, 0.3, 0.4}}};
        engine::Image stylised(int(cases.size()), 1, 3), content(int(cases.size()), 1, 3);
        for (std::size_t i = 0; i < cases.size(); ++i)
            for (int k = 0; k < 3; ++k) {
                stylised.pixels[i * 3 + k] = float(cases[i][k]);
                content.pixels[i * 3 + k] = float(cases[i][3 + k]);
            }
        const auto luma = [](const double* p) { return 0.299 * p[0] + 0.587 * p[1] + 0.114 * p[2]; };
        const auto out = engine::preserve_colors(stylised, content);
        for (std::size_t i = 0; i < cases.size(); ++i) {
            const double shift = luma(&cases[i][0]) - luma(&cases[i][3]);
            for (int k = 0; k < 3; ++k) {
                const double expected = cases[i][3 + k] + shift;
                QVERIFY(expected > 0.0 && expected < 1.0);
                QVERIFY2(std::abs(out.pixels[i * 3 + k] - expected) < 2e-6,
                         qPrintable(QStringLiteral("pixel %1 channel %2: %3, expected %4")
                                        .arg(i).arg(k).arg(out.pixels[i * 3 + k], 0, 'g', 9).arg(expected, 0, 'g', 9)));
            }
        }
    }

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
