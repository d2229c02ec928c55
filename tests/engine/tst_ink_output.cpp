// Ink-aware output: monochrome ink on a paper colour, the paper estimate, the
// colour-strength mix; and the style manifest reader's checks.

#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <cstdint>
#include <fstream>
#include <random>

#include "shuimo/engine/color.h"
#include "shuimo/engine/errors.h"
#include "shuimo/engine/ink_output.h"
#include "shuimo/engine/style_library.h"

using namespace shuimo;

namespace {

// A seeded colourful image; only the test's own arithmetic on raw 64-bit draws,
// so it is the same on every standard library.
engine::Image colourful(int width, int height, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    engine::Image image(width, height, 3);
    for (auto& v : image.pixels) v = static_cast<float>(rng() >> 40) / static_cast<float>(1 << 24);
    return image;
}

const char* kValidManifest = R"({
  "version": 1,
  "styles": [
    {"id": "misty-mountains", "file": "misty_mountains.png",
     "name": {"en": "Misty mountains", "zh": "山水"},
     "description": {"en": "Ridges in graded ink.", "zh": "层层山峦。"},
     "recommended": {"style_weight": 1e6, "style_scale": 1.0, "preserve_colors": false, "preset": "standard"}}
  ]
})";

}  // namespace

class TestInkOutput : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void monochromeInkIsScaledPaper() {
        const engine::Rgb paper{0.93f, 0.88f, 0.78f};
        const auto out = engine::monochrome_ink(colourful(64, 48, 7), paper);
        QCOMPARE(out.channels, 3);
        float darkest = 1.0f;
        for (int y = 0; y < out.height; ++y)
            for (int x = 0; x < out.width; ++x) {
                // Every pixel is paper x k with one k for all three channels.
                const float k = out.at(x, y, 0) / paper.r;
                QVERIFY(k >= engine::kInkFloor - 1e-6f && k <= 1.0f + 1e-6f);
                QVERIFY(std::abs(out.at(x, y, 1) - k * paper.g) < 1e-5f);
                QVERIFY(std::abs(out.at(x, y, 2) - k * paper.b) < 1e-5f);
                darkest = std::min(darkest, k);
            }
        QVERIFY2(darkest < 0.3f, "dark input pixels must become dark ink");
    }

    void monochromeInkTones_data() {
        QTest::addColumn<float>("grey");
        QTest::addColumn<float>("expected_scale");
        // paper luma is 0.8 here (grey paper), so grey g has density 1 - g/0.8.
        QTest::newRow("white is paper") << 1.0f << 1.0f;
        QTest::newRow("paper luma is paper") << 0.8f << 1.0f;
        QTest::newRow("half density") << 0.4f << 1.0f - 0.5f * (1.0f - engine::kInkFloor);
        QTest::newRow("black is the ink floor") << 0.0f << engine::kInkFloor;
    }

    void monochromeInkTones() {
        QFETCH(float, grey);
        QFETCH(float, expected_scale);
        engine::Image image(1, 1, 3);
        image.pixels = {grey, grey, grey};
        const auto out = engine::monochrome_ink(image, {0.8f, 0.8f, 0.8f});
        QVERIFY(std::abs(out.pixels[0] - 0.8f * expected_scale) < 1e-5f);
    }

    void monochromeInkRefusesBadInput() {
        QVERIFY_THROWS_EXCEPTION(engine::ConfigError, engine::monochrome_ink(engine::Image(2, 2, 1), {0.9f, 0.9f, 0.9f}));
        QVERIFY_THROWS_EXCEPTION(engine::ConfigError, engine::monochrome_ink(engine::Image(2, 2, 3), {1.5f, 0.9f, 0.9f}));
    }

    void paperColourIsTheBrightTone() {
        // 85% ink of varying darkness, 15% warm paper with a little grain.
        const engine::Rgb paper{0.92f, 0.86f, 0.74f};
        engine::Image image(100, 100, 3);
        std::mt19937_64 rng(3);
        for (int y = 0; y < 100; ++y)
            for (int x = 0; x < 100; ++x) {
                const bool is_paper = x < 15;
                const float grain = static_cast<float>(rng() >> 40) / static_cast<float>(1 << 24) * 0.02f - 0.01f;
                const float k = is_paper ? 1.0f + grain : 0.1f + 0.005f * static_cast<float>(y);
                image.at(x, y, 0) = paper.r * k;
                image.at(x, y, 1) = paper.g * k;
                image.at(x, y, 2) = paper.b * k;
            }
        const auto estimate = engine::estimate_paper_colour(image);
        QVERIFY(std::abs(estimate.r - paper.r) < 0.01f);
        QVERIFY(std::abs(estimate.g - paper.g) < 0.01f);
        QVERIFY(std::abs(estimate.b - paper.b) < 0.01f);
        QVERIFY_THROWS_EXCEPTION(engine::ConfigError, engine::estimate_paper_colour(engine::Image()));
    }

    void colourStrengthEnds() {
        const auto stylised = colourful(16, 8, 1);
        const auto content = colourful(16, 8, 2);
        // 1: exactly preserve colours.
        const auto full = engine::mix_colour_strength(stylised, content, 1.0);
        QVERIFY(full.pixels == engine::preserve_colors(stylised, content).pixels);
        // 0: grey at the stylised luma.
        const auto none = engine::mix_colour_strength(stylised, content, 0.0);
        for (std::size_t i = 0; i < none.pixels.size(); i += 3) {
            const float y = engine::rgb_to_yuv(stylised.pixels[i], stylised.pixels[i + 1], stylised.pixels[i + 2]).y;
            for (int c = 0; c < 3; ++c) QVERIFY(std::abs(none.pixels[i + c] - y) < 1e-5f);
        }
    }

    void colourStrengthScalesChroma() {
        engine::Image stylised(1, 1, 3), content(1, 1, 3);
        stylised.pixels = {0.5f, 0.5f, 0.5f};
        content.pixels = {0.6f, 0.45f, 0.4f};
        const auto half = engine::mix_colour_strength(stylised, content, 0.5);
        const auto h = engine::rgb_to_yuv(half.pixels[0], half.pixels[1], half.pixels[2]);
        const auto c = engine::rgb_to_yuv(content.pixels[0], content.pixels[1], content.pixels[2]);
        QVERIFY(std::abs(h.y - 0.5f) < 1e-5f);
        QVERIFY(std::abs(h.u - 0.5f * c.u) < 1e-5f);
        QVERIFY(std::abs(h.v - 0.5f * c.v) < 1e-5f);
        QVERIFY_THROWS_EXCEPTION(engine::ConfigError, engine::mix_colour_strength(stylised, content, 1.5));
        QVERIFY_THROWS_EXCEPTION(engine::ConfigError, engine::mix_colour_strength(stylised, content, std::nan("")));
        QVERIFY_THROWS_EXCEPTION(engine::ConfigError,
                                 engine::mix_colour_strength(stylised, engine::Image(2, 1, 3), 0.5));
    }

    void manifestReads() {
        const auto library = engine::parse_style_library(kValidManifest, "/lib/styles.json");
        QCOMPARE(library.styles.size(), std::size_t{1});
        const auto* style = library.find("misty-mountains");
        QVERIFY(style);
        QCOMPARE(style->name_zh, std::string("山水"));
        QCOMPARE(style->file, std::filesystem::path("/lib/misty_mountains.png"));
        QCOMPARE(style->recommended.style_weight, 1e6);
        QCOMPARE(style->recommended.preset, std::string("standard"));
        QVERIFY(!library.find("bamboo"));
    }

    void manifestErrors_data() {
        QTest::addColumn<QString>("from");
        QTest::addColumn<QString>("to");
        QTest::addColumn<QString>("message_part");
        QTest::newRow("not json") << "\"version\": 1," << "\"version\": 1,," << "not valid JSON";
        QTest::newRow("version") << "\"version\": 1" << "\"version\": 2" << "\"version\" must be 1";
        QTest::newRow("missing name") << "\"name\"" << "\"nom\"" << "style 0 (\"misty-mountains\"): missing \"name\"";
        QTest::newRow("bad id") << "\"misty-mountains\"" << "\"Misty Mountains\"" << "id must be lowercase";
        QTest::newRow("path escape") << "\"misty_mountains.png\"" << "\"../x.png\"" << "\"file\" must be a file name";
        QTest::newRow("bad preset") << "\"standard\"" << "\"ultra\"" << "\"preset\" is \"ultra\"";
        QTest::newRow("weight range") << "1e6" << "-3" << "\"style_weight\" is -3";
        QTest::newRow("bool") << "false" << "\"no\"" << "\"preserve_colors\" must be true or false";
        QTest::newRow("empty zh") << "\"层层山峦。\"" << "\"\"" << "\"zh\" is empty";
    }

    void manifestErrors() {
        QFETCH(QString, from);
        QFETCH(QString, to);
        QFETCH(QString, message_part);
        const QString text = QString::fromUtf8(kValidManifest).replace(from, to);
        QVERIFY(text != QString::fromUtf8(kValidManifest));
        try {
            engine::parse_style_library(text.toStdString(), "/lib/styles.json");
            QFAIL("a bad manifest was accepted");
        } catch (const engine::ConfigError& e) {
            const QString message = QString::fromUtf8(e.what());
            QVERIFY2(message.startsWith(QStringLiteral("/lib/styles.json: ")), qPrintable(message));
            QVERIFY2(message.contains(message_part), qPrintable(message));
        }
    }

    void duplicateIdsAreRefused() {
        QString text = QString::fromUtf8(kValidManifest);
        const int start = text.indexOf(QLatin1Char('{'), text.indexOf(QLatin1Char('[')));
        const int end = text.lastIndexOf(QLatin1Char(']'));
        const QString entry = text.mid(start, end - start).trimmed();
        text.insert(end, QStringLiteral(",") + entry);
        QVERIFY_THROWS_EXCEPTION(engine::ConfigError, engine::parse_style_library(text.toStdString(), "m.json"));
    }

    void missingFileIsNamed() {
        QTemporaryDir dir;
        const std::filesystem::path path = dir.filePath(QStringLiteral("absent.json")).toStdString();
        try {
            engine::load_style_library(path);
            QFAIL("a missing manifest was accepted");
        } catch (const engine::ConfigError& e) {
            QVERIFY(QString::fromUtf8(e.what()).contains(QStringLiteral("absent.json")));
        }
        const std::filesystem::path good = dir.filePath(QStringLiteral("styles.json")).toStdString();
        std::ofstream(good) << kValidManifest;
        QCOMPARE(engine::load_style_library(good).styles.front().file, good.parent_path() / "misty_mountains.png");
    }
};

QTEST_GUILESS_MAIN(TestInkOutput)
#include "tst_ink_output.moc"
