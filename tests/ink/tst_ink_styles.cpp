// The bundled ink-wash references and their generator: the generator is
// deterministic; every committed reference named by styles.json is ink on warm
// paper, with a sensible amount of ink and texture at several scales; a flat
// vector drawing fails the same checks.

#include <QTemporaryDir>
#include <QTest>

#include <opencv2/core.hpp>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <map>
#include <set>

#include "process_runner.h"
#include "shuimo/engine/ink_output.h"
#include "shuimo/engine/style_library.h"
#include "test_files.h"

using namespace shuimo;

namespace {

const std::filesystem::path kStylesDir = SHUIMO_STYLES_DIR;

using Run = testing::ProcessResult;
using testing::read_all;

Run generate(const QStringList& arguments) {
    return testing::ProcessRunner(QStringLiteral(SHUIMO_INK_STYLES_PATH)).run(arguments, 60000);
}

// What the checks look at, measured on an 8-bit BGR image.
struct InkStats {
    engine::Rgb paper;            // bright-percentile paper tone
    double median_saturation;     // HSV saturation, 0..1
    double colour_fraction;       // pixels whose colour is not the paper's, scaled
    double ink_coverage;          // pixels darker than 80% of the paper's luma
    double dog[3];                // median |DoG| at sigma 1, 3, 9 (grey in [0, 1]) over the whole image
    double ink_dog[3];            // the same over the inked pixels only
};

InkStats measure(const cv::Mat& bgr) {
    InkStats stats{};
    engine::Image image(bgr.cols, bgr.rows, 3);
    for (int y = 0; y < bgr.rows; ++y)
        for (int x = 0; x < bgr.cols; ++x) {
            const cv::Vec3b p = bgr.at<cv::Vec3b>(y, x);
            for (int c = 0; c < 3; ++c) image.at(x, y, c) = static_cast<float>(p[2 - c]) / 255.0f;
        }
    stats.paper = engine::estimate_paper_colour(image);
    const float paper_luma = 0.299f * stats.paper.r + 0.587f * stats.paper.g + 0.114f * stats.paper.b;

    cv::Mat hsv;
    cv::cvtColor(bgr, hsv, cv::COLOR_BGR2HSV);
    std::vector<uchar> saturation;
    saturation.reserve(bgr.total());
    std::size_t coloured = 0, inked = 0;
    for (int y = 0; y < bgr.rows; ++y)
        for (int x = 0; x < bgr.cols; ++x) {
            saturation.push_back(hsv.at<cv::Vec3b>(y, x)[1]);
            const float r = image.at(x, y, 0), g = image.at(x, y, 1), b = image.at(x, y, 2);
            const float k = (0.299f * r + 0.587f * g + 0.114f * b) / paper_luma;
            const float off = std::max({std::abs(r - k * stats.paper.r), std::abs(g - k * stats.paper.g), std::abs(b - k * stats.paper.b)});
            if (off > 0.05f) ++coloured;
            if (k < 0.8f) ++inked;
        }
    std::nth_element(saturation.begin(), saturation.begin() + static_cast<std::ptrdiff_t>(saturation.size() / 2), saturation.end());
    stats.median_saturation = saturation[saturation.size() / 2] / 255.0;
    stats.colour_fraction = static_cast<double>(coloured) / static_cast<double>(bgr.total());
    stats.ink_coverage = static_cast<double>(inked) / static_cast<double>(bgr.total());

    cv::Mat grey, grey_f;
    cv::cvtColor(bgr, grey, cv::COLOR_BGR2GRAY);
    grey.convertTo(grey_f, CV_32F, 1.0 / 255.0);
    // Medians, not means: the edges of flat shapes are a small share of the
    // pixels, so they cannot lift a median the way they lift a mean.
    auto median = [](std::vector<float>& v) {
        if (v.empty()) return 0.0;
        std::nth_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(v.size() / 2), v.end());
        return static_cast<double>(v[v.size() / 2]);
    };
    const double sigmas[3] = {1.0, 3.0, 9.0};
    for (int i = 0; i < 3; ++i) {
        cv::Mat1f fine, coarse;
        cv::GaussianBlur(grey_f, fine, cv::Size(), sigmas[i]);
        cv::GaussianBlur(grey_f, coarse, cv::Size(), 2.0 * sigmas[i]);
        std::vector<float> all, in_ink;
        all.reserve(bgr.total());
        for (int y = 0; y < bgr.rows; ++y)
            for (int x = 0; x < bgr.cols; ++x) {
                const float d = std::abs(fine(y, x) - coarse(y, x));
                all.push_back(d);
                const float luma = grey_f.at<float>(y, x);
                if (luma < 0.8f * paper_luma) in_ink.push_back(d);
            }
        stats.dog[i] = median(all);
        stats.ink_dog[i] = median(in_ink);
    }
    return stats;
}

// Thresholds, set from the committed set with room to spare, and checked to
// reject flat vector shapes (see flatShapesAreRejected).
constexpr double kMaxMedianSaturation = 0.25;
constexpr double kMinInk = 0.03, kMaxInk = 0.75;
constexpr double kMinDog[3] = {0.0008, 0.0008, 0.002};    // the paper itself has grain and mottle
constexpr double kMinInkDog[3] = {0.003, 0.004, 0.01};  // ink is never a flat fill

// Empty when the image looks like ink on warm paper; otherwise what is wrong.
QString ink_problems(const InkStats& s, double max_colour_fraction) {
    QStringList problems;
    if (!(s.paper.r >= s.paper.g && s.paper.g >= s.paper.b && s.paper.r - s.paper.b >= 0.05f))
        problems << QStringLiteral("paper not warm (R %1 G %2 B %3)").arg(s.paper.r).arg(s.paper.g).arg(s.paper.b);
    if (0.299f * s.paper.r + 0.587f * s.paper.g + 0.114f * s.paper.b < 0.75f) problems << QStringLiteral("paper too dark");
    if (s.median_saturation > kMaxMedianSaturation) problems << QStringLiteral("median saturation %1").arg(s.median_saturation);
    if (s.colour_fraction > max_colour_fraction)
        problems << QStringLiteral("%1 of the pixels are coloured, allowed %2").arg(s.colour_fraction).arg(max_colour_fraction);
    if (s.ink_coverage < kMinInk || s.ink_coverage > kMaxInk) problems << QStringLiteral("ink covers %1").arg(s.ink_coverage);
    for (int i = 0; i < 3; ++i)
    {
        if (s.dog[i] < kMinDog[i]) problems << QStringLiteral("too flat at scale %1: DoG %2 < %3").arg(i).arg(s.dog[i]).arg(kMinDog[i]);
        if (s.ink_dog[i] < kMinInkDog[i])
            problems << QStringLiteral("ink too flat at scale %1: DoG %2 < %3").arg(i).arg(s.ink_dog[i]).arg(kMinInkDog[i]);
    }
    return problems.join(QStringLiteral("; "));
}

// Colour is part of these references; the others are ink alone.
double allowed_colour(const std::string& id) {
    static const std::map<std::string, double> colour = {{"plum-blossom", 0.06}, {"lotus-pond", 0.04}, {"light-colour-wash", 0.7}};
    const auto it = colour.find(id);
    return it == colour.end() ? 0.01 : it->second;
}

}  // namespace

class TestInkStyles : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void generatorIsDeterministic() {
        QTemporaryDir a, b, c;
        const QStringList common{QStringLiteral("--only"), QStringLiteral("bamboo"), QStringLiteral("--only"), QStringLiteral("splashed-ink"),
                                 QStringLiteral("--size"), QStringLiteral("256")};
        for (QTemporaryDir* dir : {&a, &b}) {
            const Run run = generate(common + QStringList{QStringLiteral("--out"), dir->path()});
            QVERIFY2(run.exit_code == 0, run.err.constData());
        }
        const Run other = generate(common + QStringList{QStringLiteral("--out"), c.path(), QStringLiteral("--seed"), QStringLiteral("7")});
        QVERIFY2(other.exit_code == 0, other.err.constData());
        for (const QString& name : {QStringLiteral("bamboo.png"), QStringLiteral("splashed_ink.png")}) {
            const QByteArray first = read_all(a.filePath(name));
            QVERIFY2(!first.isEmpty(), qPrintable(name));
            QVERIFY2(first == read_all(b.filePath(name)), qPrintable(name + QStringLiteral(" differs between two runs")));
            QVERIFY2(first != read_all(c.filePath(name)), qPrintable(name + QStringLiteral(" ignores the seed")));
            const cv::Mat image = cv::imread(a.filePath(name).toStdString(), cv::IMREAD_COLOR);
            QCOMPARE(std::max(image.cols, image.rows), 256);
        }
        QCOMPARE(QDir(a.path()).entryList(QDir::Files).size(), 2);  // --only means only, and no temporaries left
    }

    void generatorRefusesBadOptions_data() {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("message_part");
        QTest::newRow("unknown id") << QStringList{QStringLiteral("--only"), QStringLiteral("tiger")} << QStringLiteral("\"tiger\"");
        QTest::newRow("size") << QStringList{QStringLiteral("--size"), QStringLiteral("12")} << QStringLiteral("--size");
        QTest::newRow("option") << QStringList{QStringLiteral("--colour")} << QStringLiteral("--colour");
    }

    void generatorRefusesBadOptions() {
        QFETCH(QStringList, arguments);
        QFETCH(QString, message_part);
        QTemporaryDir dir;
        const Run run = generate(arguments + QStringList{QStringLiteral("--out"), dir.path()});
        QVERIFY(run.exit_code != 0);
        QVERIFY2(QString::fromUtf8(run.err).contains(message_part), run.err.constData());
    }

    void manifestListsEveryReference() {
        const auto library = engine::load_style_library(kStylesDir / "styles.json");
        QVERIFY(library.styles.size() >= 8);
        // The manifest and the generator agree on ids and files.
        const Run list = generate({QStringLiteral("--list")});
        QCOMPARE(list.exit_code, 0);
        std::set<std::string> generated;
        for (const QByteArray& line : list.out.split('\n'))
            if (!line.isEmpty()) generated.insert(line.split('\t').value(0).toStdString() + "=" + line.split('\t').value(1).toStdString());
        std::set<std::string> listed;
        for (const auto& style : library.styles) listed.insert(style.id + "=" + style.file.filename().string());
        QVERIFY(generated == listed);
        for (const auto& style : library.styles) {
            QVERIFY2(std::filesystem::exists(style.file), style.file.c_str());
            QVERIFY2(std::filesystem::file_size(style.file) <= 2'600'000, style.file.c_str());
            const cv::Mat image = cv::imread(style.file.string(), cv::IMREAD_COLOR);
            QVERIFY2(!image.empty(), style.file.c_str());
            QVERIFY2(std::max(image.cols, image.rows) >= 1024, style.file.c_str());
        }
    }

    void referenceIsInkOnPaper_data() {
        QTest::addColumn<QString>("id");
        QTest::addColumn<QString>("path");
        for (const auto& style : engine::load_style_library(kStylesDir / "styles.json").styles)
            QTest::newRow(style.id.c_str()) << QString::fromStdString(style.id) << QString::fromStdString(style.file.string());
    }

    void referenceIsInkOnPaper() {
        QFETCH(QString, id);
        QFETCH(QString, path);
        const cv::Mat image = cv::imread(path.toStdString(), cv::IMREAD_COLOR);
        QVERIFY(!image.empty());
        const InkStats s = measure(image);
        qInfo("%s: paper %.3f %.3f %.3f, median sat %.3f, coloured %.4f, ink %.3f, DoG %.5f %.5f %.5f, in ink %.5f %.5f %.5f", qPrintable(id),
              s.paper.r, s.paper.g, s.paper.b, s.median_saturation, s.colour_fraction, s.ink_coverage, s.dog[0], s.dog[1], s.dog[2], s.ink_dog[0],
              s.ink_dog[1], s.ink_dog[2]);
        const QString problems = ink_problems(s, allowed_colour(id.toStdString()));
        QVERIFY2(problems.isEmpty(), qPrintable(problems));
    }

    void monochromeInkOfAColourReference() {
        // The light-colour wash in monochrome ink on its own paper: no colour left but the paper's.
        const cv::Mat bgr = cv::imread((kStylesDir / "light_colour_wash.png").string(), cv::IMREAD_COLOR);
        QVERIFY(!bgr.empty());
        engine::Image image(bgr.cols, bgr.rows, 3);
        for (int y = 0; y < bgr.rows; ++y)
            for (int x = 0; x < bgr.cols; ++x)
                for (int c = 0; c < 3; ++c) image.at(x, y, c) = bgr.at<cv::Vec3b>(y, x)[2 - c] / 255.0f;
        const engine::Image ink = engine::monochrome_ink(image, engine::estimate_paper_colour(image));
        cv::Mat out(bgr.rows, bgr.cols, CV_8UC3);
        for (int y = 0; y < bgr.rows; ++y)
            for (int x = 0; x < bgr.cols; ++x)
                for (int c = 0; c < 3; ++c)
                    out.at<cv::Vec3b>(y, x)[2 - c] = static_cast<uchar>(std::lround(ink.at(x, y, c) * 255.0f));
        const InkStats before = measure(bgr), after = measure(out);
        QVERIFY(before.colour_fraction > 0.05);  // the reference has colour to remove
        QVERIFY2(after.colour_fraction < 0.001, qPrintable(QString::number(after.colour_fraction)));
        QVERIFY(after.median_saturation <= before.median_saturation + 0.02);
    }

    void flatShapesAreRejected() {
        // Flat vector art: uniform paper, hard-edged flat grey and black shapes.
        cv::Mat flat(768, 1024, CV_8UC3, cv::Scalar(200, 225, 236));
        cv::ellipse(flat, {400, 400}, {250, 150}, 20, 0, 360, cv::Scalar(90, 100, 105), cv::FILLED, cv::LINE_AA);
        cv::rectangle(flat, {650, 150}, {900, 600}, cv::Scalar(20, 22, 24), cv::FILLED);
        const InkStats s = measure(flat);
        qInfo("flat: DoG %.5f %.5f %.5f, in ink %.5f %.5f %.5f", s.dog[0], s.dog[1], s.dog[2], s.ink_dog[0], s.ink_dog[1], s.ink_dog[2]);
        const QString problems = ink_problems(s, 0.01);
        QVERIFY2(problems.contains(QStringLiteral("too flat")), qPrintable(problems));
        // A saturated colour picture is not ink either.
        cv::Mat colour(256, 256, CV_8UC3, cv::Scalar(40, 160, 220));
        QVERIFY(!ink_problems(measure(colour), 0.01).isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestInkStyles)
#include "tst_ink_styles.moc"
