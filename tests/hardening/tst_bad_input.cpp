// Hostile and odd inputs, each of which must end in a clear, specific error or in
// correct handling: never a crash, never a partial output. Images go through
// image_io::read_image (what the CLI and the GUI use); command lines through the
// CLI's own parser and stylise pipeline, in-process, with generated weights.

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <opencv2/core.hpp>
#include <opencv2/imgcodecs.hpp>

#include <sys/resource.h>
#include <grp.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>

#include "cli_options.h"
#include "hostile_files.h"
#include "shared_weights.h"
#include "shuimo/engine/errors.h"
#include "shuimo/engine/progress.h"
#include "shuimo/image_io/image_io.h"
#include "stylize_command.h"
#include "test_files.h"

using namespace shuimo;

namespace {

QByteArray encoded(const cv::Mat& image, const char* ext, std::vector<int> params = {}) {
    std::vector<unsigned char> buffer;
    if (!cv::imencode(ext, image, buffer, params)) qFatal("cannot encode a test image as %s", ext);
    return QByteArray(reinterpret_cast<const char*>(buffer.data()), static_cast<qsizetype>(buffer.size()));
}

cv::Mat noise(int width, int height, int type = CV_8UC3) {
    cv::Mat image(height, width, type);
    cv::RNG rng(7);
    rng.fill(image, cv::RNG::UNIFORM, 0, 255);
    return image;
}

using testing::read_all;
using testing::write_all;

std::filesystem::path fs(const QString& path) { return std::filesystem::path(path.toStdString()); }

// Restores an environment variable when the test function ends.
class ScopedEnv {
public:
    ScopedEnv(const char* name, const QByteArray& value) : name_(name), had_(qEnvironmentVariableIsSet(name)), old_(qgetenv(name)) {
        qputenv(name, value);
    }
    ~ScopedEnv() {
        if (had_) qputenv(name_, old_);
        else qunsetenv(name_);
    }

private:
    const char* name_;
    bool had_;
    QByteArray old_;
};

}  // namespace

class TestBadInput : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString path(const QString& name) const { return m_dir.filePath(name); }

    cli::StylizeOptions stylizeOptions(const QString& content, const QString& output) {
        cli::StylizeOptions options = cli::parse_stylize_options(
            {QStringLiteral("--content"), content, QStringLiteral("--style"), path(QStringLiteral("style.png")),
             QStringLiteral("--output"), output, QStringLiteral("--iterations"), QStringLiteral("3"),
             QStringLiteral("--device"), QStringLiteral("cpu")});
        options.weights = fs(testing::sharedWeightsPath());
        return options;
    }

private Q_SLOTS:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        qunsetenv("SHUIMO_MAX_IMAGE_PIXELS");
        write_all(path(QStringLiteral("style.png")), encoded(noise(40, 32), ".png"));
        QDir().mkpath(path(QStringLiteral("a folder.png")));
    }

    // --- images --------------------------------------------------------------------
    void imagesAreReadOrRefusedClearly_data() {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QByteArray>("bytes");  // written to `name` unless it is "missing" or a folder
        QTest::addColumn<QString>("error");     // empty: must load
        QTest::addColumn<int>("width");
        QTest::addColumn<int>("height");

        const QByteArray jpeg = encoded(noise(64, 48), ".jpg");
        const QByteArray png = encoded(noise(64, 48), ".png");
        const QByteArray still_webp = encoded(noise(2, 2), ".webp", {cv::IMWRITE_WEBP_QUALITY, 101});
        QTest::newRow("empty file") << "empty.png" << QByteArray() << "the file is empty" << 0 << 0;
        QTest::newRow("truncated JPEG") << "cut.jpg" << jpeg.left(jpeg.size() * 6 / 10) << "JPEG data end early" << 0 << 0;
        QTest::newRow("JPEG cut in its header") << "cut_header.jpg" << jpeg.left(40) << "JPEG data end early" << 0 << 0;
        QTest::newRow("truncated PNG") << "cut.png" << png.left(png.size() * 6 / 10) << "PNG data end early" << 0 << 0;
        QTest::newRow("PNG without IEND") << "no_end.png" << png.left(png.size() - 12) << "PNG data end early" << 0 << 0;
        QTest::newRow("PNG bytes named .jpg") << "really_png.jpg" << png << "" << 64 << 48;
        QTest::newRow("JPEG bytes named .png") << "really_jpeg.png" << jpeg << "" << 64 << 48;
        QTest::newRow("text named .png") << "notes.png" << QByteArray("just some words\n") << "not a supported image" << 0 << 0;
        QTest::newRow("a folder") << "a folder.png" << QByteArray() << "it is a folder" << 0 << 0;
        QTest::newRow("missing path") << "missing" << QByteArray() << "no such file" << 0 << 0;
        QTest::newRow("CMYK JPEG") << "cmyk.jpg" << hostile::cmyk_jpeg({255, 1, 255, 255}) << "" << 8 << 8;
        QTest::newRow("1x1") << "one.png" << encoded(noise(1, 1), ".png") << "" << 1 << 1;
        QTest::newRow("1x10000") << "thread.png" << encoded(noise(1, 10000), ".png") << "" << 1 << 10000;
        QTest::newRow("10000x1 JPEG") << "line.jpg" << encoded(noise(10000, 1), ".jpg") << "" << 10000 << 1;
        QTest::newRow("animated GIF") << "anim.gif" << hostile::animated_gif() << "GIF images are not supported" << 0 << 0;
        QTest::newRow("animated WebP") << "anim.webp" << hostile::animated_webp(still_webp, 2, 2)
                                       << "animated WebP is not supported" << 0 << 0;
        QTest::newRow("still WebP") << "still.webp" << still_webp << "" << 2 << 2;
        QTest::newRow("PNG declaring 100000x100000")
            << "huge.png" << hostile::png_header_only(100000, 100000)
            << "declares 100000x100000 = 10,000,000,000 pixels, more than the limit of 100,000,000" << 0 << 0;
        // Below OpenCV's own limit (2^30): without our check OpenCV would try to allocate 2.7 GB.
        QTest::newRow("PNG declaring 30000x30000")
            << "big.png" << hostile::png_header_only(30000, 30000) << "SHUIMO_MAX_IMAGE_PIXELS" << 0 << 0;
    }
    void imagesAreReadOrRefusedClearly() {
        QFETCH(QString, name);
        QFETCH(QByteArray, bytes);
        QFETCH(QString, error);
        QFETCH(int, width);
        QFETCH(int, height);
        const QString file = path(name);
        if (name != QLatin1String("missing") && !QFileInfo(file).isDir()) write_all(file, bytes);
        try {
            const auto loaded = image_io::read_image(fs(file));
            QVERIFY2(error.isEmpty(), qPrintable(QStringLiteral("loaded, but expected: ") + error));
            QCOMPARE(loaded.rgb.width, width);
            QCOMPARE(loaded.rgb.height, height);
            QCOMPARE(loaded.rgb.pixels.size(), loaded.rgb.sample_count());
        } catch (const engine::ImageIoError& e) {
            const QString message = QString::fromUtf8(e.what());
            QVERIFY2(!error.isEmpty(), e.what());
            QVERIFY2(message.contains(error), e.what());
            QVERIFY2(message.contains(file), "the message names the file");
        }
    }

    // Mode 000 stops an ordinary user. As root (CI runs as root) permissions are not
    // checked, so the read is tried in a child process that first drops to `nobody`.
    void unreadableFileIsRefused() {
        const QString file = path(QStringLiteral("locked.png"));
        write_all(file, encoded(noise(4, 4), ".png"));
        QVERIFY(::chmod(QFile::encodeName(file).constData(), 0) == 0);
        if (::geteuid() != 0) {
            QVERIFY(::access(QFile::encodeName(file).constData(), R_OK) != 0);
            QString message;
            try {
                image_io::read_image(fs(file));
                QFAIL("an unreadable file was read");
            } catch (const engine::ImageIoError& e) {
                message = QString::fromUtf8(e.what());
            }
            QVERIFY2(message.contains(QStringLiteral("Permission denied")), qPrintable(message));
            return;
        }
        // The folder must let `nobody` reach the file, so that only the file's mode refuses it.
        QVERIFY(::chmod(QFile::encodeName(m_dir.path()).constData(), 0711) == 0);
        int fds[2];
        QVERIFY(::pipe(fds) == 0);
        const pid_t child = ::fork();
        QVERIFY(child >= 0);
        if (child == 0) {
            ::close(fds[0]);
            std::string message = "read as nobody without an error";
            if (::setgroups(0, nullptr) != 0 || ::setgid(65534) != 0 || ::setuid(65534) != 0) {
                message = "could not drop to nobody";
            } else {
                try {
                    image_io::read_image(fs(file));
                } catch (const engine::ImageIoError& e) {
                    message = e.what();
                }
            }
            [[maybe_unused]] const auto written = ::write(fds[1], message.data(), message.size());
            ::_exit(0);
        }
        ::close(fds[1]);
        QByteArray received;
        char buffer[512];
        for (ssize_t n; (n = ::read(fds[0], buffer, sizeof buffer)) > 0;) received.append(buffer, n);
        ::close(fds[0]);
        int status = 0;
        QCOMPARE(::waitpid(child, &status, 0), child);
        QVERIFY2(received.contains("Permission denied"), received.constData());
        QVERIFY2(received.contains("locked.png"), "the message names the file");
    }

    // A 2 GiB file (sparse: no disk used) is refused from its size, without reading it into memory.
    void hugeFileIsRefusedBeforeReading() {
        const QString file = path(QStringLiteral("huge.png"));
        QFile out(file);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(hostile::png_header_only(64, 64));
        QVERIFY(out.resize(qint64{1} << 31));
        out.close();
        rusage before{};
        ::getrusage(RUSAGE_SELF, &before);
        try {
            image_io::read_image(fs(file));
            QFAIL("a 2 GiB file was accepted");
        } catch (const engine::ImageIoError& e) {
            QVERIFY2(QString::fromUtf8(e.what()).contains(QStringLiteral("files of 2 GiB or more are not supported")), e.what());
        }
        rusage after{};
        ::getrusage(RUSAGE_SELF, &after);
        QVERIFY2(after.ru_maxrss - before.ru_maxrss < 256 * 1024, "the file was read into memory");  // KiB
        QFile::remove(file);
    }

    // Photoshop's CMYK stores inverted values (255 = no ink); the result must be the colour printed.
    void cmykJpegKeepsItsColours_data() {
        QTest::addColumn<int>("c");
        QTest::addColumn<int>("m");
        QTest::addColumn<int>("y");
        QTest::addColumn<int>("k");
        QTest::addColumn<double>("red");
        QTest::addColumn<double>("green");
        QTest::addColumn<double>("blue");
        QTest::newRow("full magenta") << 255 << 1 << 255 << 255 << 1.0 << 0.0 << 1.0;
        QTest::newRow("full yellow") << 255 << 255 << 1 << 255 << 1.0 << 1.0 << 0.0;
        QTest::newRow("black ink only") << 255 << 255 << 255 << 200 << 200 / 255.0 << 200 / 255.0 << 200 / 255.0;
    }
    void cmykJpegKeepsItsColours() {
        QFETCH(int, c);
        QFETCH(int, m);
        QFETCH(int, y);
        QFETCH(int, k);
        QFETCH(double, red);
        QFETCH(double, green);
        QFETCH(double, blue);
        const QString file = path(QStringLiteral("cmyk_colour.jpg"));
        write_all(file, hostile::cmyk_jpeg({static_cast<std::uint8_t>(c), static_cast<std::uint8_t>(m),
                                            static_cast<std::uint8_t>(y), static_cast<std::uint8_t>(k)}));
        const auto loaded = image_io::read_image(fs(file));
        QCOMPARE(loaded.rgb.width, 8);
        for (const auto& [x, yy] : {std::pair{0, 0}, std::pair{7, 7}, std::pair{3, 5}}) {
            QVERIFY(std::abs(loaded.rgb.at(x, yy, 0) - red) < 3 / 255.0);
            QVERIFY(std::abs(loaded.rgb.at(x, yy, 1) - green) < 3 / 255.0);
            QVERIFY(std::abs(loaded.rgb.at(x, yy, 2) - blue) < 3 / 255.0);
        }
    }

    void sixteenBitGreyWithAlpha() {
        // Two pixels: grey 0x8000 opaque, grey 0x4000 with alpha 0x2000; big-endian samples.
        const QByteArray row("\x80\x00\xff\xff\x40\x00\x20\x00", 8);
        const QString file = path(QStringLiteral("ga16.png"));
        write_all(file, hostile::png(2, 1, 4, 16, row));
        const auto loaded = image_io::read_image(fs(file));
        QCOMPARE(loaded.rgb.width, 2);
        QCOMPARE(loaded.rgb.height, 1);
        QCOMPARE(loaded.bit_depth, 16);
        QVERIFY(loaded.alpha.has_value());
        for (int c = 0; c < 3; ++c) {
            QVERIFY(std::abs(loaded.rgb.at(0, 0, c) - 0x8000 / 65535.0) < 1e-4);
            QVERIFY(std::abs(loaded.rgb.at(1, 0, c) - 0x4000 / 65535.0) < 1e-4);
        }
        QVERIFY(std::abs(loaded.alpha->at(0, 0, 0) - 1.0) < 1e-4);
        QVERIFY(std::abs(loaded.alpha->at(1, 0, 0) - 0x2000 / 65535.0) < 1e-4);
    }

    // The limit comes from SHUIMO_MAX_IMAGE_PIXELS: it lowers and raises it.
    void pixelLimitFollowsTheEnvironment_data() {
        QTest::addColumn<QByteArray>("limit");
        QTest::addColumn<bool>("loads");
        QTest::newRow("below the image") << QByteArray("199") << false;
        QTest::newRow("exactly the image") << QByteArray("200") << true;
        QTest::newRow("not a number: the default") << QByteArray("lots") << true;
    }
    void pixelLimitFollowsTheEnvironment() {
        QFETCH(QByteArray, limit);
        QFETCH(bool, loads);
        const ScopedEnv env("SHUIMO_MAX_IMAGE_PIXELS", limit);
        for (const char* ext : {".png", ".jpg", ".webp", ".tif", ".bmp"}) {
            const QString file = path(QStringLiteral("twenty_by_ten") + QLatin1String(ext));
            write_all(file, encoded(noise(20, 10), ext));
            try {
                const auto loaded = image_io::read_image(fs(file));
                QVERIFY2(loads, ext);
                QCOMPARE(loaded.rgb.width, 20);
            } catch (const engine::ImageIoError& e) {
                QVERIFY2(!loads, e.what());
                QVERIFY2(QString::fromUtf8(e.what()).contains(QStringLiteral("20x10 = 200 pixels, more than the limit of 199")), e.what());
            }
        }
    }

    // --- the command line -------------------------------------------------------------
    void absurdParametersAreRefusedWithTheRange_data() {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("message");
        const auto row = [](const char* name, QStringList args, const char* message) {
            QTest::newRow(name) << args << QString::fromUtf8(message);
        };
        row("style weight nan", {"--style-weight", "nan"}, "style weight must be a finite number between 0 and 1e+15 (got nan)");
        row("style weight inf", {"--style-weight", "inf"}, "style weight must be a finite number between 0 and 1e+15 (got inf)");
        row("content weight -inf", {"--content-weight", "-inf"}, "content weight must be a finite number between 0 and 1e+12");
        row("content weight negative", {"--content-weight", "-1"}, "content weight must be a finite number between 0 and 1e+12 (got -1)");
        row("tv weight huge", {"--tv-weight", "1e300"}, "TV weight must be a finite number between 0 and 1e+12");
        row("learning rate zero", {"--learning-rate", "0"}, "learning rate must be a finite number between 1e-08 and 10");
        row("style scale 100", {"--style-scale", "100"}, "style scale must be a finite number between 0.05 and 8");
        row("colour strength nan", {"--colour-strength", "NaN"}, "colour strength must be a finite number between 0 and 1");
        row("size 1e9", {"--size", "1e9"}, "--size needs a whole number from 0 to 16384 (got '1e9')");
        row("size 99999", {"--size", "99999"}, "--size needs a whole number from 0 to 16384 (got '99999')");
        row("size -1", {"--size", "-1"}, "--size needs a whole number from 0 to 16384");
        row("iterations -3", {"--iterations", "-3"}, "--iterations needs a whole number from 1 to 1000000 (got '-3')");
        row("iterations 0", {"--iterations", "0"}, "--iterations needs a whole number from 1 to 1000000");
        row("iterations 2^63", {"--iterations", "9223372036854775808"}, "--iterations needs a whole number from 1 to 1000000");
        row("scales 13", {"--scales", "13"}, "--scales needs a whole number from 0 to 12");
        row("min size 1", {"--min-size", "1"}, "--min-size needs a whole number from 16 to 16384");
        row("style weight words", {"--style-weight", "lots"}, "--style-weight needs a number (got 'lots')");
        row("style blend nan", {"--style-blend", "nan"}, "--style-blend needs non-negative numbers");
        row("max memory 1e30", {"--max-memory", "1e30"}, "memory size '1e30' is not a size");
        row("max memory tiny", {"--max-memory", "1K"}, "memory budget must be at least 64 MiB");
        row("level iterations negative", {"--level-iterations", "5,-1"}, "--level-iterations needs whole numbers from 0 to 1000000");
        row("bit depth 12", {"--bit-depth", "12"}, "--bit-depth must be 8 or 16");
    }
    void absurdParametersAreRefusedWithTheRange() {
        QFETCH(QStringList, arguments);
        QFETCH(QString, message);
        const QStringList base{QStringLiteral("--content"), QStringLiteral("c.png"), QStringLiteral("--style"),
                               QStringLiteral("s.png"), QStringLiteral("--output"), QStringLiteral("o.png")};
        try {
            cli::parse_stylize_options(base + arguments);
            QFAIL("accepted");
        } catch (const cli::UsageError& e) {
            QVERIFY2(QString::fromUtf8(e.what()).contains(message), e.what());
        }
    }

    // The output may never be one of the inputs, however it is spelt; the input stays as it was.
    void outputEqualToAnInputIsRefused_data() {
        QTest::addColumn<QString>("output");
        QTest::newRow("the content's path") << "content.png";
        QTest::newRow("through ./ and ..") << "./sub/../content.png";
        QTest::newRow("a symbolic link to the content") << "link.png";
        QTest::newRow("a hard link to the content") << "hard.png";
        QTest::newRow("the style image") << "style.png";
    }
    void outputEqualToAnInputIsRefused() {
        QFETCH(QString, output);
        const QString content = path(QStringLiteral("content.png"));
        const QByteArray original = encoded(noise(24, 20), ".png");
        write_all(content, original);
        QDir().mkpath(path(QStringLiteral("sub")));
        QFile::remove(path(QStringLiteral("link.png")));
        QFile::remove(path(QStringLiteral("hard.png")));
        QVERIFY(QFile::link(content, path(QStringLiteral("link.png"))));
        QVERIFY(::link(QFile::encodeName(content).constData(), QFile::encodeName(path(QStringLiteral("hard.png"))).constData()) == 0);
        const QByteArray style_before = read_all(path(QStringLiteral("style.png")));

        const QString target = output.startsWith(QLatin1String("./")) ? m_dir.path() + output.mid(1) : path(output);
        auto options = stylizeOptions(content, target);
        engine::ProgressSink sink;
        try {
            cli::run_stylize(options, sink);
            QFAIL("the output overwrote an input");
        } catch (const cli::UsageError& e) {
            QVERIFY2(QString::fromUtf8(e.what()).contains(QStringLiteral("originals are never overwritten")), e.what());
        }
        QCOMPARE(read_all(content), original);
        QCOMPARE(read_all(path(QStringLiteral("style.png"))), style_before);
    }

    // A 24x900 photo is stylised at its own size (coarse levels keep 16 pixels across);
    // a 1x10000 one is refused with the reason, and no output file appears.
    void extremeAspectRatiosThroughTheEngine_data() {
        QTest::addColumn<int>("width");
        QTest::addColumn<int>("height");
        QTest::addColumn<QString>("size");
        QTest::addColumn<QString>("error");
        QTest::newRow("24x900 at its own size") << 24 << 900 << "0" << "";
        QTest::newRow("1x10000 at 512") << 1 << 10000 << "512" << "the output is 1x512 pixels; the layers in use need at least 16";
        QTest::newRow("1x1 at its own size") << 1 << 1 << "0" << "the output is 1x1 pixels";
        QTest::newRow("1x1 enlarged to 32") << 1 << 1 << "32" << "";
    }
    void extremeAspectRatiosThroughTheEngine() {
        QFETCH(int, width);
        QFETCH(int, height);
        QFETCH(QString, size);
        QFETCH(QString, error);
        const QString content = path(QStringLiteral("narrow.png"));
        write_all(content, encoded(noise(width, height), ".png"));
        const QString output = path(QStringLiteral("narrow_out.png"));
        QFile::remove(output);
        auto options = stylizeOptions(content, output);
        options.params.size = size.toInt();
        options.params.iterations = 4;  // one per level (four for 900 pixels from 128): the coarse levels run too
        if (height >= 900) options.params.style_scale = 0.1;  // style targets at ~90 pixels, not 900: the test stays quick
        engine::ProgressSink sink;
        try {
            cli::run_stylize(options, sink);
            QVERIFY2(error.isEmpty(), qPrintable(QStringLiteral("ran, but expected: ") + error));
            const auto result = image_io::read_image(fs(output));
            const int expected_width = size == QLatin1String("0") ? width : std::max(1, width * size.toInt() / std::max(width, height));
            QCOMPARE(result.rgb.width, expected_width);
            QCOMPARE(result.rgb.height, size == QLatin1String("0") ? height : size.toInt());
        } catch (const engine::EngineError& e) {
            QVERIFY2(!error.isEmpty(), e.what());
            QVERIFY2(QString::fromUtf8(e.what()).contains(error), e.what());
            QVERIFY2(!QFile::exists(output), "no output after a refusal");
        }
    }
};

QTEST_GUILESS_MAIN(TestBadInput)
#include "tst_bad_input.moc"
