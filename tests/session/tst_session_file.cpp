// The session document (session/): its editing operations, the .shuimo file's
// round trip (== on the whole document, not its JSON) and its strictness (a file
// cut short, another kind of file, a newer format, an unknown field, damaged
// data: each a clear error, nothing half-loaded), and re-finishing.

#include <QFile>
#include <QTemporaryDir>
#include <QtTest>
#include <QtEndian>
#include <random>

#include "shuimo/engine/errors.h"
#include "random_weights.h"
#include "shuimo/engine/ink_output.h"
#include "shuimo/engine/style_engine.h"
#include "shuimo/image_io/image_io.h"
#include "shuimo/engine/schedule.h"
#include "shuimo/session/continuation.h"
#include "shuimo/session/refinish.h"
#include "shuimo/session/session_file.h"

using namespace shuimo;
using session::SessionFileError;

namespace {

engine::Image noise(int width, int height, unsigned seed) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<float> unit(0.0f, 1.0f);
    engine::Image image(width, height, 3);
    for (float& v : image.pixels) v = unit(rng);
    return image;
}

session::Painting painting(const QString& name, unsigned seed, bool withRaw) {
    session::Painting p;
    p.name = name;
    p.created = QDateTime::fromMSecsSinceEpoch(1764000000123LL + seed, Qt::UTC);
    p.end = seed % 2 ? session::PaintingEnd::Cancelled : session::PaintingEnd::Finished;
    p.params.size = 96;
    p.params.style_weight = 1.2345678901234567e6;  // every digit must survive
    p.params.colour_strength = 0.3;
    p.params.paper_colour = std::array<float, 3>{0.9f, 0.85f, 0.7f};
    p.params.style_layers = {"relu1_1", "relu3_1"};
    p.params.seed = 18446744073709551615ULL;
    p.styles = {{QStringLiteral("/styles/ink é.png"), 0.25}, {QStringLiteral("/styles/pine.png"), 0.75}};
    p.iterations_run = 37;
    p.seconds = 1.0 / 3.0;
    p.device = QStringLiteral("cpu");
    p.precision = QStringLiteral("fp32");
    p.image = session::to_picture(noise(12, 9, seed));
    if (withRaw) p.raw = session::to_picture(noise(12, 9, seed + 100));
    return p;
}

// A region whose mask is soft noise (one channel), 7 × 5: masks need not be the painting's size.
session::Region region(const QString& name, engine::RegionKind kind, const QString& style, unsigned seed) {
    session::Region r;
    r.name = name;
    r.kind = kind;
    r.style = style;
    r.colour = 0x3366CC + seed;
    engine::Image mask = noise(7, 5, seed);
    engine::Image grey(7, 5, 1);
    for (std::size_t i = 0; i < grey.pixels.size(); ++i) grey.pixels[i] = mask.pixels[3 * i];
    r.mask = session::to_picture(grey);
    return r;
}

session::Session sample() {
    session::Session s;
    s.add_photo(QStringLiteral("/photos/cat.png"));
    s.add_photo(QStringLiteral("/photos/astronaut 宇航员.jpg"));
    s.add_photo(QStringLiteral("/photos/empty.png"));
    s.add_painting(0, painting(QStringLiteral("Version 1"), 1, true));
    s.add_painting(0, painting(QStringLiteral("Version 2"), 2, false));
    s.photos[0].current = 0;
    s.photos[0].paintings[1].exported_to = QStringLiteral("/out/cat_shuimo.png");
    s.add_painting(1, painting(QStringLiteral("Mine"), 3, true));
    session::Painting refinished = painting(QString(), 4, false);  // "Version 2.1", starred, with a note
    refinished.number = 2;
    refinished.revision = 1;
    refinished.refinished = true;
    refinished.starred = true;
    refinished.note = QStringLiteral("淡一些 — lighter");
    s.add_painting(1, refinished);
    s.current_photo = 1;
    // Format 2: what the next run uses.
    s.styles = {{QStringLiteral("/styles/ink é.png"), 0.5}, {QStringLiteral("/styles/pine.png"), 2.0}};
    s.params.tv_weight = 200.0;  // beyond the panel's slider: kept exactly
    s.params.seed = 18446744073709551557ULL;
    // Format 3: regions, on a photo (its next run's) and in a painting (what made it).
    s.photos[0].regions = {region(QStringLiteral("Sky 天空"), engine::RegionKind::Paper, {}, 5),
                           region(QStringLiteral("Pines"), engine::RegionKind::Style, QStringLiteral("/styles/pine.png"), 6)};
    s.photos[0].regions[1].strength = 0.37;
    s.photos[1].paintings[0].regions = {region(QStringLiteral("Face"), engine::RegionKind::Photo, {}, 7)};
    return s;
}

QByteArray replaced(QByteArray bytes, const QByteArray& from, const QByteArray& to) {
    const qsizetype at = bytes.indexOf(from);
    if (at < 0) qFatal("%s not in the file", from.constData());
    return bytes.replace(at, from.size(), to);
}

// The file with its header text edited (and its length updated).
QByteArray withHeader(const QByteArray& file, const QByteArray& from, const QByteArray& to) {
    const qsizetype start = 15 + 8;
    const quint64 length = qFromLittleEndian<quint64>(file.constData() + 15);
    QByteArray header = file.mid(start, static_cast<qsizetype>(length));
    header = replaced(header, from, to);
    QByteArray out = file.left(15);
    char bytes[8];
    qToLittleEndian<quint64>(static_cast<quint64>(header.size()), bytes);
    out.append(bytes, 8);
    out += header;
    out += file.mid(start + static_cast<qsizetype>(length));
    return out;
}

}  // namespace

class TestSessionFile : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void editingKeepsTheCurrentOnes() {
        session::Session s = sample();
        QCOMPARE(s.painting_count(), 4);
        QCOMPARE(s.unexported_paintings(), 3);
        s.move_photo(1, 0);  // the astronaut first; it stays current
        QCOMPARE(s.photos[0].path, QStringLiteral("/photos/astronaut 宇航员.jpg"));
        QCOMPARE(s.current_photo, 0);
        s.remove_photo(0);  // the current one goes: its neighbour is current
        QCOMPARE(s.photos.size(), std::size_t{2});
        QCOMPARE(s.current_photo, 0);
        QCOMPARE(s.photos[0].path, QStringLiteral("/photos/cat.png"));
        s.remove_painting(0, 0);  // the current version goes: the next one is current
        QCOMPARE(s.photos[0].current, 0);
        QCOMPARE(s.photos[0].paintings[0].name, QStringLiteral("Version 2"));
        s.remove_painting(0, 0);
        QCOMPARE(s.photos[0].current, -1);
        QCOMPARE(s.photos[0].made, 2);  // the next is still "Version 3"
        QCOMPARE(s.add_photo(QStringLiteral("/photos/cat.png")), 0);  // no duplicates
    }

    void roundTripIsTheSameDocument() {
        QTemporaryDir dir;
        const session::Session original = sample();
        const QString path = dir.filePath(QStringLiteral("my.shuimo"));
        session::save_session(path, original);
        const session::Session opened = session::load_session(path);
        QVERIFY(opened == original);
        QCOMPARE(opened.photos[0].paintings[0].params.style_weight, 1.2345678901234567e6);
        QCOMPARE(opened.styles, original.styles);
        QCOMPARE(opened.params.tv_weight, 200.0);
        QCOMPARE(opened.photos[1].paintings[1].note, original.photos[1].paintings[1].note);
        QVERIFY(opened.photos[1].paintings[1].starred);
        QCOMPARE(opened.photos[1].made, 1);  // the re-finished one is not a run
        QCOMPARE(opened.photos[1].paintings[0].image, original.photos[1].paintings[0].image);
        QCOMPARE(opened.photos[0].regions, original.photos[0].regions);
        QCOMPARE(opened.photos[0].regions[1].strength, 0.37);
        QCOMPARE(opened.photos[1].paintings[0].regions, original.photos[1].paintings[0].regions);
        // And one difference anywhere is seen by ==.
        session::Session changed = opened;
        changed.photos[1].paintings[0].image.samples[5] ^= 1;
        QVERIFY(!(changed == original));
        changed = opened;
        changed.photos[0].paintings[1].params.tv_weight = 2.0;
        QVERIFY(!(changed == original));
        changed = opened;
        changed.photos[0].regions[0].mask.samples[3] ^= 1;  // one stroke's sample
        QVERIFY(!(changed == original));
        // Saving again over it is atomic and gives the same bytes.
        session::save_session(path, opened);
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QCOMPARE(file.readAll(), session::encode_session(original));
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden).size(), 1);  // no temporary file left
    }

    // The fuzzing seed, written by a short Python script from the format's description
    // (session_file.h), reads: the description is enough to write the format.
    void fuzzSeedFollowsTheFormat() {
        // The seed is a format 1 file: it still opens (no styles, the default parameters, names as written).
        int version = 0;
        const session::Session seed = session::load_session(QStringLiteral(SHUIMO_FUZZ_SEED), &version);
        QCOMPARE(version, 1);
        QVERIFY(seed.styles.empty());
        QVERIFY(seed.params == engine::StyleParams{});
        QCOMPARE(seed.photos[0].paintings[0].number, 0);
        QCOMPARE(seed.photos.size(), std::size_t{2});
        QCOMPARE(seed.photos[0].paintings.size(), std::size_t{1});
        QCOMPARE(seed.photos[0].paintings[0].params.colour_strength, 0.5);
        QCOMPARE(seed.photos[0].paintings[0].raw.width, 4);
        QCOMPARE(seed.photos[1].current, -1);
    }

    // A format 2 file (before regions) opens, with no regions anywhere.
    void formatTwoOpensWithoutRegions() {
        session::Session s = sample();
        for (session::Photo& photo : s.photos) {
            photo.regions.clear();
            for (session::Painting& painting : photo.paintings) painting.regions.clear();
        }
        QByteArray bytes = session::encode_session(s);
        bytes = replaced(bytes, "\"format_version\":3", "\"format_version\":2");
        while (bytes.contains(",\"regions\":[]")) bytes = withHeader(bytes, ",\"regions\":[]", "");
        int version = 0;
        const session::Session opened = session::decode_session(bytes, QStringLiteral("old.shuimo"), &version);
        QCOMPARE(version, 2);
        QVERIFY(opened == s);
    }

    void emptySessionRoundTrips() {
        const session::Session empty;
        QVERIFY(session::decode_session(session::encode_session(empty), QStringLiteral("e.shuimo")) == empty);
    }

    void strictReading_data() {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<int>("kind");
        QTest::addColumn<QString>("says");
        const QByteArray good = session::encode_session(sample());
        using Kind = SessionFileError::Kind;
        QTest::newRow("empty") << QByteArray() << int(Kind::Truncated) << QStringLiteral("empty");
        QTest::newRow("inside the magic") << good.left(6) << int(Kind::Truncated) << QStringLiteral("first line");
        QTest::newRow("inside the header") << good.left(60) << int(Kind::Truncated) << QStringLiteral("header needs");
        QTest::newRow("inside the data") << good.left(good.size() - 10) << int(Kind::Truncated) << QStringLiteral("data needs");
        QTest::newRow("garbage") << QByteArray("\x89PNG\r\n\x1a\n this is not a session at all") << int(Kind::NotASession)
                                 << QStringLiteral("not a Shuimo session");
        QTest::newRow("text renamed") << QByteArray("hello\n") << int(Kind::NotASession) << QStringLiteral("not a Shuimo session");
        QTest::newRow("newer version") << replaced(good, "\"format_version\":3", "\"format_version\":7") << int(Kind::NewerVersion)
                                       << QStringLiteral("newer Shuimo (session format 7");
        QTest::newRow("version 0") << replaced(good, "\"format_version\":3", "\"format_version\":0") << int(Kind::UnknownVersion)
                                   << QStringLiteral("unknown format version 0");
        QTest::newRow("unknown field") << withHeader(good, "\"refinished\":false", "\"refinished\":false,\"refinishes\":false") << int(Kind::Malformed)
                                       << QStringLiteral("unknown key 'refinishes'");
        QTest::newRow("wrong type") << withHeader(good, "\"iterations_run\":37", "\"iterations_run\":\"x\"") << int(Kind::Malformed)
                                    << QStringLiteral("photo 1, painting 1: iterations_run is \"x\"");
        QTest::newRow("missing field") << withHeader(good, "\"device\":\"cpu\",", "") << int(Kind::Malformed) << QStringLiteral("device");
        QTest::newRow("header grew") << replaced(good, "\"iterations_run\":37", "\"iterations_run\":370") << int(Kind::Malformed)
                                     << QStringLiteral("not JSON");  // its declared length now ends inside it
        QTest::newRow("bad parameter") << replaced(good, "\"size\":96", "\"size\":-1") << int(Kind::Malformed) << QStringLiteral("size");
        QTest::newRow("bad ending") << replaced(good, "\"ended\":\"finished\"", "\"ended\":\"finishex\"") << int(Kind::Malformed)
                                    << QStringLiteral("expected finished or cancelled");
        QTest::newRow("current out of range") << replaced(good, "\"current_photo\":1", "\"current_photo\":5") << int(Kind::Malformed)
                                              << QStringLiteral("current_photo");
        QByteArray flipped = good;
        flipped[flipped.size() - 3] = static_cast<char>(flipped[flipped.size() - 3] ^ 0x10);
        QTest::newRow("data changed") << flipped << int(Kind::Damaged) << QStringLiteral("checksum");
        QTest::newRow("trailing bytes") << good + QByteArray("xyz") << int(Kind::Malformed) << QStringLiteral("past its data");
        QTest::newRow("header not JSON") << withHeader(good, "{\"format\"", "{not json") << int(Kind::Malformed) << QStringLiteral("not JSON");
        QTest::newRow("bad region kind") << replaced(good, "\"kind\":\"paper\"", "\"kind\":\"papel\"") << int(Kind::Malformed)
                                         << QStringLiteral("photo 1, region 1: kind is \"papel\"");
        QTest::newRow("region colour") << withHeader(good, "\"colour\":3368657", "\"colour\":16777216") << int(Kind::Malformed)
                                       << QStringLiteral("photo 1, region 1: colour");
        QTest::newRow("picture outside") << withHeader(good, "\"offset\":0,", "\"offset\":5,") << int(Kind::Malformed)
                                         << QStringLiteral("starts at byte 5");
    }

    void strictReading() {
        QFETCH(QByteArray, bytes);
        QFETCH(int, kind);
        QFETCH(QString, says);
        try {
            (void)session::decode_session(bytes, QStringLiteral("/tmp/mine.shuimo"));
            QFAIL("read without an error");
        } catch (const SessionFileError& error) {
            QCOMPARE(int(error.kind()), kind);
            const QString what = QString::fromStdString(error.what());
            QVERIFY2(what.contains(QStringLiteral("/tmp/mine.shuimo")), qPrintable(what));
            QVERIFY2(what.contains(says), qPrintable(what));
        }
    }

    void unwritableLeavesNothing() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("missing/folder/s.shuimo"));
        try {
            session::save_session(path, sample());
            QFAIL("saved into a missing folder");
        } catch (const SessionFileError& error) {
            QCOMPARE(error.kind(), SessionFileError::Kind::CannotWrite);
        }
        QVERIFY(!QFile::exists(path));
    }

    void finishingOnlyDiffers() {
        engine::StyleParams a;
        engine::StyleParams b = a;
        QVERIFY(!session::only_finishing_differs(a, b));
        b.colour_strength = 0.4;
        b.monochrome_ink = true;
        QVERIFY(session::only_finishing_differs(a, b));
        b.iterations = 3;
        QVERIFY(!session::only_finishing_differs(a, b));
    }

    // Re-finishing is the engine's finishing on the unfinished image: colour
    // strength scales the chroma about the luma, monochrome ink leaves paper tones only.
    void refinishAppliesTheEngineFinishing() {
        session::Painting run = painting(QStringLiteral("Version 1"), 4, true);
        run.params.colour_strength = 1.0;
        run.params.paper_colour.reset();
        engine::StyleParams grey = run.params;
        grey.colour_strength = 0.0;
        const session::Painting out = session::refinish(run, grey, QStringLiteral("/not/needed.png"));
        QVERIFY(out.refinished);
        QCOMPARE(out.raw, run.raw);
        QCOMPARE(out.params.colour_strength, 0.0);
        const engine::Image expected = engine::mix_colour_strength(session::to_image(run.raw), session::to_image(run.raw), 0.0);
        QCOMPARE(out.image, session::to_picture(expected));
        const engine::Image image = session::to_image(out.image);
        for (int i = 0; i < image.width * image.height; ++i) {  // grey: R = G = B
            QVERIFY(std::abs(image.pixels[3 * i] - image.pixels[3 * i + 1]) < 2e-4f);
            QVERIFY(std::abs(image.pixels[3 * i + 1] - image.pixels[3 * i + 2]) < 2e-4f);
        }
        engine::StyleParams ink = run.params;
        ink.monochrome_ink = true;
        ink.paper_colour = std::array<float, 3>{1.0f, 0.9f, 0.8f};
        const engine::Image inked = session::to_image(session::refinish(run, ink, {}).image);
        const engine::Image expectedInk = engine::monochrome_ink(session::to_image(run.raw), {1.0f, 0.9f, 0.8f});
        for (std::size_t i = 0; i < inked.pixels.size(); ++i) QVERIFY(std::abs(inked.pixels[i] - expectedInk.pixels[i]) < 1e-4f);

        session::Painting noRaw = run;
        noRaw.raw = {};
        QVERIFY_THROWS_EXCEPTION(engine::ConfigError, session::refinish(noRaw, grey, {}));
    }

    // Re-finishing with preserve colours gives the run's own finished image: the run's unfinished
    // image (StyleResult.raw_image) kept in the painting, the photo read back and resampled as the
    // run resampled it. Also raw_image itself: the finished image has its BT.601 luma (worked
    // here in double) and not its colours.
    void preserveColorsRefinishEqualsTheRunsFinishing() {
        QTemporaryDir dir;
        const auto weights = std::filesystem::path(dir.path().toStdString()) / "w.safetensors";
        testing::write_random_vgg19_weights(weights, {3});
        engine::StyleEngine engine(weights);
        const QString photo = QStringLiteral(SHUIMO_TEST_DATA_DIR "/chelsea.png");
        engine::StyleJob job;
        job.content = image_io::read_image(photo.toStdU32String()).rgb;
        job.styles = {image_io::read_image(QStringLiteral(SHUIMO_TEST_DATA_DIR "/coffee.png").toStdU32String()).rgb};
        job.params.size = 96;  // from 256 px: the resampling decides the colours
        job.params.iterations = 3;
        job.params.scales = 1;
        job.params.device = "cpu";
        job.params.preserve_colors = true;
        engine::ProgressSink quiet;
        const engine::StyleResult result = engine.run(job, quiet);
        QCOMPARE(result.raw_image.width, result.image.width);
        QCOMPARE(result.raw_image.height, result.image.height);
        QVERIFY(result.raw_image.pixels != result.image.pixels);
        const auto luma = [](const float* p) { return 0.299 * p[0] + 0.587 * p[1] + 0.114 * p[2]; };
        double luma_error = 0.0;
        int unclamped = 0;
        for (std::size_t i = 0; i < result.image.pixels.size(); i += 3) {
            const float* f = &result.image.pixels[i];
            if (std::min({f[0], f[1], f[2]}) <= 0.0f || std::max({f[0], f[1], f[2]}) >= 1.0f) continue;  // clamped
            ++unclamped;
            luma_error = std::max(luma_error, std::abs(luma(f) - luma(&result.raw_image.pixels[i])));
        }
        QVERIFY(unclamped > 100);
        QVERIFY2(luma_error < 1e-5, qPrintable(QString::number(luma_error)));

        session::Painting run;
        run.params = job.params;
        run.raw = session::to_picture(result.raw_image);
        run.image = session::to_picture(result.image);
        const session::Painting again = session::refinish(run, job.params, photo);
        const engine::Image refinished = session::to_image(again.image);
        double worst = 0.0;
        for (std::size_t i = 0; i < refinished.pixels.size(); ++i)
            worst = std::max(worst, double(std::abs(refinished.pixels[i] - result.image.pixels[i])));
        // The painting keeps raw at 16 bits: a few steps of rounding through the finishing.
        QVERIFY2(worst <= 4.0 / 65535.0, qPrintable(QStringLiteral("largest difference %1").arg(worst)));
    }

    // Issue 24: a painting stopped before its last level is known by its size, and
    // "Continue Painting" runs exactly the rest of its schedule from it.
    void unfinishedPaintingsAreTheCancelledSmallOnes() {
        session::Painting p = painting(QStringLiteral("v"), 0, false);  // a 12 x 9 image
        p.params.size = 96;
        const engine::Size photo{400, 300};
        p.end = session::PaintingEnd::Finished;
        QVERIFY(!session::unfinished_painting(p, photo));
        p.end = session::PaintingEnd::Cancelled;
        const auto unfinished = session::unfinished_painting(p, photo);
        QVERIFY(unfinished);
        QCOMPARE(unfinished->stopped_at.width, p.image.width);
        QCOMPARE(unfinished->output.width, 96);
        QCOMPARE(unfinished->output.height, 72);
        QVERIFY(!session::unfinished_painting(p, {}));  // no photo size: not known
        p.params.size = p.image.width;  // stopped in its last level: at full size
        QVERIFY(!session::unfinished_painting(p, {p.image.width * 4, p.image.height * 4}));
        QVERIFY_THROWS_EXCEPTION(engine::ConfigError, session::continuation_params(p, {p.image.width * 4, p.image.height * 4}));
    }

    // Issue 24: a run at A3 cancelled at a coarse level is stored at the size it stopped at, so
    // the session file grows by that small image (and its raw copy), not by an A3 picture.
    void aStoppedA3PaintingWeighsItsOwnSize() {
        session::Session s = sample();
        const qsizetype before = session::encode_session(s).size();
        session::Painting p = painting(QStringLiteral("Version 10 (stopped)"), 11, true);
        p.params.size = 4961;
        p.image = session::to_picture(noise(235, 156, 11));
        p.raw = session::to_picture(noise(235, 156, 12));
        s.add_painting(0, p);
        const qsizetype growth = session::encode_session(s).size() - before;
        // Two 16-bit RGB images of 235 x 156 are 440 KB uncompressed; one at 4961 x 3300 is 98 MB.
        const qsizetype small = qsizetype{2} * 235 * 156 * 3 * 2;
        QVERIFY2(growth > 0 && growth <= small + 64 * 1024, qPrintable(QStringLiteral("grew by %1 bytes").arg(growth)));
        QVERIFY(session::unfinished_painting(s.photos[0].paintings.back(), {4961, 3300}));
    }

    void continuationRunsTheRestOfTheSchedule_data() {
        QTest::addColumn<int>("size");
        QTest::addColumn<int>("stoppedLevel");
        QTest::addColumn<int>("spentInIt");  // evaluations spent in the level it stopped in
        QTest::newRow("512, in level 1") << 512 << 1 << 50;
        QTest::newRow("512, at the end of level 0") << 512 << 0 << -1;  // -1: all of them
        QTest::newRow("A3, in level 2") << 4961 << 2 << 3;
        QTest::newRow("A3, in level 0") << 4961 << 0 << 100;
    }

    void continuationRunsTheRestOfTheSchedule() {
        QFETCH(int, size);
        QFETCH(int, stoppedLevel);
        QFETCH(int, spentInIt);
        const engine::Size photo{4000, 3000};
        session::Painting p;
        p.end = session::PaintingEnd::Cancelled;
        p.params.size = size;
        p.params.style_weight = 3e5;
        const engine::Size output = engine::output_size(photo.width, photo.height, size);
        const auto levels = engine::plan_levels(output.width, output.height, p.params);
        QVERIFY(stoppedLevel + 1 < static_cast<int>(levels.size()));
        const engine::Level& stopped = levels[static_cast<std::size_t>(stoppedLevel)];
        int before = 0;
        for (int i = 0; i < stoppedLevel; ++i) before += levels[static_cast<std::size_t>(i)].iterations;
        const int spent = spentInIt < 0 ? stopped.iterations : spentInIt;
        p.iterations_run = before + spent;
        p.image = session::to_picture(noise(stopped.width, stopped.height, 3));

        const engine::StyleParams next = session::continuation_params(p, photo);
        QCOMPARE(next.init, engine::InitKind::Image);
        QCOMPARE(next.style_weight, 3e5);  // the rest as the painting had them
        QCOMPARE(next.size, size);
        // The remaining levels: the stopped one with what it had left (if anything), then every finer one.
        std::vector<engine::Level> expected;
        if (spent < stopped.iterations) expected.push_back({stopped.width, stopped.height, stopped.iterations - spent});
        for (std::size_t i = static_cast<std::size_t>(stoppedLevel) + 1; i < levels.size(); ++i) expected.push_back(levels[i]);
        const auto planned = engine::plan_levels(output.width, output.height, next);
        QCOMPARE(planned.size(), expected.size());
        int total = 0;
        for (std::size_t i = 0; i < planned.size(); ++i) {
            QCOMPARE(planned[i].iterations, expected[i].iterations);
            QVERIFY2(std::abs(planned[i].width - expected[i].width) <= 2 && std::abs(planned[i].height - expected[i].height) <= 2,
                     qPrintable(QStringLiteral("level %1: %2x%3, the schedule's %4x%5").arg(i).arg(planned[i].width)
                                    .arg(planned[i].height).arg(expected[i].width).arg(expected[i].height)));
            total += planned[i].iterations;
        }
        QCOMPARE(planned.back().width, output.width);
        QCOMPARE(total + p.iterations_run, p.params.iterations);  // nothing run twice, nothing left out
    }

};

QTEST_GUILESS_MAIN(TestSessionFile)
#include "tst_session_file.moc"
