// Issue 27's flow (image_io/optical_flow.h) on frames whose motion is known by construction: a
// textured picture shifted by a known translation (DIS finds it; warping the second frame back
// reproduces the first; the strip that came in from outside is unreliable), and an object moving
// over a still background (the background it uncovers is disoccluded: unreliable; far from it all
// is reliable).

#include <QTest>

#include <cmath>
#include <filesystem>
#include <random>

#include "shuimo/engine/errors.h"
#include "shuimo/image_io/image_io.h"
#include "shuimo/image_io/optical_flow.h"

using namespace shuimo;

namespace {

// A photograph of tests/data, `width` × `height` from its top-left, shifted right by dx and down by dy
// (frame B(x) = A(x − d)): the pixels that come in are the photograph's own, beyond the crop.
engine::Image shifted_crop(const engine::Image& photo, int width, int height, int dx, int dy) {
    engine::Image out(width, height, 3);
    for (int y = 0; y < height; ++y)
        for (int x = 0; x < width; ++x)
            for (int c = 0; c < 3; ++c) out.at(x, y, c) = photo.at(x + 8 - dx, y + 8 - dy, c);
    return out;
}

double mean_abs(const engine::Image& a, const engine::Image& b, int x0, int y0, int x1, int y1) {
    double sum = 0.0;
    for (int y = y0; y < y1; ++y)
        for (int x = x0; x < x1; ++x)
            for (int c = 0; c < a.channels; ++c) sum += std::abs(a.at(x, y, c) - b.at(x, y, c));
    return sum / ((x1 - x0) * (y1 - y0) * a.channels);
}

double mean_of(const engine::Image& mask, int x0, int y0, int x1, int y1) {
    double sum = 0.0;
    for (int y = y0; y < y1; ++y)
        for (int x = x0; x < x1; ++x) sum += mask.at(x, y, 0);
    return sum / ((x1 - x0) * (y1 - y0));
}

}  // namespace

class TestOpticalFlow : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void translationRoundTrip() {
        const engine::Image photo = image_io::read_image(std::filesystem::path(SHUIMO_SOURCE_DIR) / "tests/data/chelsea.png").rgb;
        const int w = 160, h = 120, dx = 4, dy = 3;
        const engine::Image a = shifted_crop(photo, w, h, 0, 0), b = shifted_crop(photo, w, h, dx, dy);
        const image_io::Flow forward = image_io::dis_flow(a, b), backward = image_io::dis_flow(b, a);
        // The flow's median over the interior is the translation (DIS is exact to a fraction of a pixel).
        std::vector<float> us, vs;
        for (int y = 20; y < h - 20; ++y)
            for (int x = 20; x < w - 20; ++x) us.push_back(forward.u(x, y)), vs.push_back(forward.v(x, y));
        std::nth_element(us.begin(), us.begin() + us.size() / 2, us.end());
        std::nth_element(vs.begin(), vs.begin() + vs.size() / 2, vs.end());
        qInfo("median forward flow %.3f, %.3f (true %d, %d)", us[us.size() / 2], vs[vs.size() / 2], dx, dy);
        QVERIFY(std::abs(us[us.size() / 2] - dx) < 0.25);
        QVERIFY(std::abs(vs[vs.size() / 2] - dy) < 0.25);
        // Frame a brought onto frame b by b's backward flow is frame b (away from the incoming strip).
        const engine::Image onto_b = image_io::warp(a, backward);
        const double warped = mean_abs(onto_b, b, 10, 10, w - 10, h - 10), unwarped = mean_abs(a, b, 10, 10, w - 10, h - 10);
        qInfo("mean |warp(a) - b| %.4f, without the warp %.4f", warped, unwarped);
        QVERIFY(warped < 0.2 * unwarped);
        QVERIFY(warped < 0.02);
        // Reliable inside; the strip that came in from outside the frame (x < dx, y < dy) is not.
        const engine::Image c = image_io::reliable_mask(forward, backward);
        QCOMPARE(c.channels, 1);
        const double inside = mean_of(c, 20, 20, w - 20, h - 20), strip = mean_of(c, 0, 20, 2, h - 20);
        qInfo("reliable inside %.3f, in the incoming strip %.3f", inside, strip);
        QVERIFY(inside > 0.95);
        QVERIFY(strip < 0.1);
    }

    // A dark square moves 16 px right over a still, textured background: where it was, frame t shows
    // background frame t−1 did not (disoccluded); far from it everything is reliable.
    void movingObjectUncoversBackground() {
        const engine::Image photo = image_io::read_image(std::filesystem::path(SHUIMO_SOURCE_DIR) / "tests/data/chelsea.png").rgb;
        const int w = 160, h = 120;
        auto frame = [&](int left) {
            engine::Image f = shifted_crop(photo, w, h, 0, 0);
            for (int y = 40; y < 80; ++y)
                for (int x = left; x < left + 40; ++x)
                    for (int c = 0; c < 3; ++c) f.at(x, y, c) = 0.1f + 0.05f * static_cast<float>(((x - left) / 5 + (y / 5)) % 2);
            return f;
        };
        const engine::Image before = frame(40), after = frame(56);
        const engine::Image c = image_io::reliable_mask(image_io::dis_flow(before, after), image_io::dis_flow(after, before));
        const double uncovered = mean_of(c, 42, 45, 54, 75), far = mean_of(c, 110, 5, 155, 30);
        qInfo("reliable where the square was %.3f, far from it %.3f", uncovered, far);
        QVERIFY(uncovered < 0.5);
        QVERIFY(far > 0.9);
    }

    void framesOfDifferentSizesAreRefused() {
        QVERIFY_THROWS_EXCEPTION(engine::ImageIoError, image_io::dis_flow(engine::Image(8, 8, 3), engine::Image(9, 8, 3)));
    }
};

QTEST_APPLESS_MAIN(TestOpticalFlow)
#include "tst_optical_flow.moc"
