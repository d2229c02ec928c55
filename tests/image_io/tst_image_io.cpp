// Image files in and out: bit depths, alpha, EXIF orientation, UTF-8 names,
// grey input, atomic writes and clear errors.

#include <QDir>
#include <QTemporaryDir>
#include <QTest>

#include <opencv2/core.hpp>
#include <opencv2/imgcodecs.hpp>

#include <fstream>
#include <random>

#include "shuimo/engine/errors.h"
#include "shuimo/image_io/image_io.h"

using namespace shuimo;

namespace {

engine::Image random_image(int w, int h, int channels, unsigned seed) {
    engine::Image image(w, h, channels);
    std::mt19937 rng(seed);
    std::uniform_real_distribution<float> u(0.0f, 1.0f);
    for (float& v : image.pixels) v = u(rng);
    return image;
}

float max_difference(const engine::Image& a, const engine::Image& b) {
    float m = 0;
    for (std::size_t i = 0; i < a.pixels.size(); ++i) m = std::max(m, std::abs(a.pixels[i] - b.pixels[i]));
    return m;
}

void write_bytes(const std::filesystem::path& path, const std::vector<unsigned char>& bytes) {
    std::ofstream(path, std::ios::binary).write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
}

// A JPEG with an EXIF APP1 segment holding only the Orientation tag.
std::vector<unsigned char> jpeg_with_orientation(const cv::Mat& bgr, int orientation) {
    std::vector<unsigned char> jpeg;
    cv::imencode(".jpg", bgr, jpeg, {cv::IMWRITE_JPEG_QUALITY, 100});
    const std::vector<unsigned char> tiff{'I', 'I', 0x2A, 0x00, 0x08, 0x00, 0x00, 0x00,  // little-endian, IFD0 at 8
                                          0x01, 0x00,                                      // one entry
                                          0x12, 0x01, 0x03, 0x00, 0x01, 0x00, 0x00, 0x00,  // 0x0112 SHORT count 1
                                          static_cast<unsigned char>(orientation), 0x00, 0x00, 0x00,
                                          0x00, 0x00, 0x00, 0x00};                          // no next IFD
    std::vector<unsigned char> app1{0xFF, 0xE1, 0x00, 0x00, 'E', 'x', 'i', 'f', 0x00, 0x00};
    app1.insert(app1.end(), tiff.begin(), tiff.end());
    const std::size_t length = app1.size() - 2;
    app1[2] = static_cast<unsigned char>(length >> 8);
    app1[3] = static_cast<unsigned char>(length & 0xFF);
    jpeg.insert(jpeg.begin() + 2, app1.begin(), app1.end());  // right after SOI
    return jpeg;
}

}  // namespace

class TestImageIo : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    std::filesystem::path path(const QString& name) const { return std::filesystem::path(m_dir.filePath(name).toStdU32String()); }

private Q_SLOTS:
    void roundTripKeepsPixels_data() {
        QTest::addColumn<QString>("name");
        QTest::addColumn<int>("depth");
        QTest::newRow("png 8") << "a8.png" << 8;
        QTest::newRow("png 16") << "a16.png" << 16;
        QTest::newRow("tiff 8") << "a8.tif" << 8;
        QTest::newRow("tiff 16") << "a16.tiff" << 16;
    }
    void roundTripKeepsPixels() {
        QFETCH(QString, name);
        QFETCH(int, depth);
        const auto image = random_image(17, 11, 3, 1);
        image_io::write_image(path(name), image, nullptr, depth);
        const auto loaded = image_io::read_image(path(name));
        QCOMPARE(loaded.bit_depth, depth);
        QCOMPARE(loaded.rgb.width, 17);
        QCOMPARE(loaded.rgb.height, 11);
        QVERIFY(!loaded.alpha);
        const float step = depth == 16 ? 1.0f / 65535 : 1.0f / 255;
        QVERIFY(max_difference(image, loaded.rgb) <= 0.5f * step + 1e-6f);
    }

    void jpegRoundTripIsClose() {
        engine::Image flat(16, 16, 3);
        for (int i = 0; i < 16 * 16; ++i) { flat.pixels[3 * i] = 0.8f; flat.pixels[3 * i + 1] = 0.4f; flat.pixels[3 * i + 2] = 0.2f; }
        image_io::write_image(path("flat.jpg"), flat);
        const auto loaded = image_io::read_image(path("flat.jpg"));
        QVERIFY(max_difference(flat, loaded.rgb) < 0.02f);
        QCOMPARE(loaded.rgb.at(3, 3, 0) > loaded.rgb.at(3, 3, 2), true);  // RGB, not BGR
    }

    void readsBmpAndLosslessWebp_data() {
        QTest::addColumn<QString>("name");
        QTest::addColumn<int>("quality");
        QTest::newRow("bmp") << "in.bmp" << 0;
        QTest::newRow("webp") << "in.webp" << 101;  // OpenCV: quality above 100 means lossless
    }
    void readsBmpAndLosslessWebp() {
        QFETCH(QString, name);
        QFETCH(int, quality);
        cv::Mat bgr(6, 10, CV_8UC3);
        cv::randu(bgr, 0, 255);
        std::vector<int> params;
        if (quality > 0) params = {cv::IMWRITE_WEBP_QUALITY, quality};
        QVERIFY(cv::imwrite(path(name).string(), bgr, params));
        const auto loaded = image_io::read_image(path(name));
        QCOMPARE(loaded.rgb.width, 10);
        const auto pixel = bgr.at<cv::Vec3b>(2, 3);
        QCOMPARE(qRound(loaded.rgb.at(3, 2, 0) * 255), static_cast<int>(pixel[2]));  // red comes from BGR's third
        QCOMPARE(qRound(loaded.rgb.at(3, 2, 2) * 255), static_cast<int>(pixel[0]));
    }

    void alphaIsKept_data() {
        QTest::addColumn<int>("depth");
        QTest::newRow("8-bit") << 8;
        QTest::newRow("16-bit") << 16;
    }
    void alphaIsKept() {
        QFETCH(int, depth);
        const auto rgb = random_image(9, 7, 3, 2);
        const auto alpha = random_image(9, 7, 1, 3);
        image_io::write_image(path("alpha.png"), rgb, &alpha, depth);
        const auto loaded = image_io::read_image(path("alpha.png"));
        QVERIFY(loaded.alpha.has_value());
        QCOMPARE(loaded.file_channels, 4);
        const float step = depth == 16 ? 1.0f / 65535 : 1.0f / 255;
        QVERIFY(max_difference(alpha, *loaded.alpha) <= 0.5f * step + 1e-6f);
        QVERIFY(max_difference(rgb, loaded.rgb) <= 0.5f * step + 1e-6f);
    }

    void exifOrientationIsApplied() {
        // 8 wide, 4 high: left half red, right half blue. Orientation 6 = rotate 90° clockwise.
        cv::Mat bgr(4, 8, CV_8UC3, cv::Scalar(255, 0, 0));
        bgr(cv::Rect(0, 0, 4, 4)).setTo(cv::Scalar(0, 0, 255));
        write_bytes(path("rotated.jpg"), jpeg_with_orientation(bgr, 6));
        const auto loaded = image_io::read_image(path("rotated.jpg"));
        QCOMPARE(loaded.rgb.width, 4);
        QCOMPARE(loaded.rgb.height, 8);
        // After a clockwise quarter turn the left (red) half is on top.
        QVERIFY(loaded.rgb.at(2, 1, 0) > 0.8f && loaded.rgb.at(2, 1, 2) < 0.2f);
        QVERIFY(loaded.rgb.at(2, 6, 2) > 0.8f && loaded.rgb.at(2, 6, 0) < 0.2f);
    }

    void utf8FileNamesWork() {
        QVERIFY(QDir(m_dir.path()).mkpath(QStringLiteral("山水 画")));
        const auto image = random_image(5, 4, 3, 4);
        const auto target = path(QStringLiteral("山水 画/水墨 日落.png"));
        image_io::write_image(target, image);
        QVERIFY(QFile::exists(m_dir.filePath(QStringLiteral("山水 画/水墨 日落.png"))));
        QVERIFY(max_difference(image, image_io::read_image(target).rgb) <= 0.5f / 255 + 1e-6f);
    }

    void greyInputBecomesRgb() {
        cv::Mat grey(3, 5, CV_16UC1, cv::Scalar(30000));
        cv::imwrite(path("grey16.png").string(), grey);
        const auto loaded = image_io::read_image(path("grey16.png"));
        QCOMPARE(loaded.rgb.channels, 3);
        QCOMPARE(loaded.bit_depth, 16);
        QCOMPARE(loaded.file_channels, 1);
        QVERIFY(std::abs(loaded.rgb.at(1, 1, 0) - 30000.0f / 65535) < 1e-6f);
        QCOMPARE(loaded.rgb.at(1, 1, 0), loaded.rgb.at(1, 1, 2));
    }

    void writesAreAtomicAndLeaveNoTemporaries() {
        const auto image = random_image(8, 8, 3, 5);
        image_io::write_image(path("atomic.png"), image);
        image_io::write_image(path("atomic.png"), random_image(8, 8, 3, 6));  // replaces it whole
        const auto entries = QDir(m_dir.path()).entryList(QDir::Files | QDir::Hidden);
        for (const auto& entry : entries) QVERIFY2(!entry.contains(QStringLiteral(".tmp-")), qPrintable(entry));
        QVERIFY(max_difference(random_image(8, 8, 3, 6), image_io::read_image(path("atomic.png")).rgb) <= 0.5f / 255 + 1e-6f);
    }

    void badInputGivesClearErrors_data() {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("expected");
        QTest::newRow("missing") << "missing" << "no such file";
        QTest::newRow("folder") << "folder" << "it is a folder";
        QTest::newRow("empty") << "empty" << "the file is empty";
        QTest::newRow("garbage") << "garbage" << "not a supported image";
        QTest::newRow("truncated png") << "truncated" << "PNG data end early";
    }
    void badInputGivesClearErrors() {
        QFETCH(QString, kind);
        QFETCH(QString, expected);
        std::filesystem::path target = path(kind + ".png");
        if (kind == "folder") {
            QVERIFY(QDir(m_dir.path()).mkpath(QStringLiteral("folder.png")));
        } else if (kind == "empty") {
            write_bytes(target, {});
        } else if (kind == "garbage") {
            write_bytes(target, {'h', 'e', 'l', 'l', 'o', ' ', 'i', 'n', 'k'});
        } else if (kind == "truncated") {
            image_io::write_image(target, random_image(64, 64, 3, 7));
            std::filesystem::resize_file(target, 60);
        }
        try {
            image_io::read_image(target);
            QFAIL("bad input was accepted");
        } catch (const engine::ImageIoError& e) {
            QVERIFY2(QString::fromUtf8(e.what()).contains(expected), e.what());
            QVERIFY2(QString::fromUtf8(e.what()).contains(QString::fromStdString(target.string())), e.what());
        }
    }

    void badOutputsAreRefusedBeforeWriting_data() {
        QTest::addColumn<QString>("name");
        QTest::addColumn<int>("depth");
        QTest::addColumn<QString>("expected");
        QTest::newRow("16-bit jpeg") << "out.jpg" << 16 << "holds only 8-bit images";
        QTest::newRow("unknown format") << "out.xyz" << 8 << "unknown output format";
        QTest::newRow("missing folder") << "nowhere/out.png" << 8 << "does not exist";
        QTest::newRow("bad depth") << "out.png" << 12 << "bit depth must be 8 or 16";
    }
    void badOutputsAreRefusedBeforeWriting() {
        QFETCH(QString, name);
        QFETCH(int, depth);
        QFETCH(QString, expected);
        try {
            image_io::write_image(path(name), random_image(4, 4, 3, 8), nullptr, depth);
            QFAIL("the output was accepted");
        } catch (const engine::ImageIoError& e) {
            QVERIFY2(QString::fromUtf8(e.what()).contains(expected), e.what());
        }
        QVERIFY(!std::filesystem::exists(path(name)));
    }

    void resizeKeepsChannelsAndSize() {
        const auto alpha = random_image(40, 20, 1, 9);
        const auto small = image_io::resize_image(alpha, {10, 5});
        QCOMPARE(small.width, 10);
        QCOMPARE(small.height, 5);
        QCOMPARE(small.channels, 1);
        const auto rgb = image_io::resize_image(random_image(10, 5, 3, 10), {40, 20});
        QCOMPARE(rgb.channels, 3);
        QCOMPARE(rgb.width, 40);
    }
};

QTEST_GUILESS_MAIN(TestImageIo)
#include "tst_image_io.moc"
