// The Chinese interface (issue 14): Qt's own strings (standard buttons, file
// dialogs) come from qtbase_zh_CN.qm; the engine's errors reach the artist as
// translated sentences made from a code and its arguments, without environment
// variables or hashes; numbers and their units never break apart.

#include <QCoreApplication>
#include <QDialogButtonBox>
#include <QFile>
#include <QImage>
#include <QMessageBox>
#include <QPushButton>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QXmlStreamReader>
#include <QtTest>

#include "batch_queue_model.h"
#include "batch_style_names.h"
#include "error_messages.h"
#include "run_presenter.h"
#include "shuimo/engine/errors.h"
#include "shuimo/engine/style_params.h"
#include "shuimo/engine/system_helpers.h"
#include "shuimo/image_io/image_io.h"
#include "translations.h"
#include "studio_model.h"
#include "versions_strip.h"

using namespace shuimo;

namespace {

// The exception a call throws, as the worker catches it.
template <typename F>
std::optional<engine::EngineError> engineErrorOf(F&& call) {
    try {
        call();
    } catch (const engine::EngineError& error) {
        return error;
    }
    return std::nullopt;
}

bool hasHan(const QString& text) {
    for (const QChar c : text) {
        if (c.unicode() >= 0x4e00 && c.unicode() <= 0x9fff) return true;
    }
    return false;
}

// What artists must not be shown: environment variables, long hex digests, absolute paths.
bool looksTechnical(const QString& text) {
    static const QRegularExpression pattern(QStringLiteral(R"(SHUIMO_|OPENCV_|[0-9a-f]{32,}|(^|\s)/\w)"));
    return pattern.match(text).hasMatch();
}

// A space a line may break at, between a number (or %n/%1) and the unit after it.
bool breaksNumberAndUnit(const QString& text) {
    static const QRegularExpression pattern(
        QStringLiteral(R"((\d|%n|%L?\d) (s|min|h|ms|MB|GB|MiB|GiB|px|pixels|megapixels|秒|分|分钟|小时|毫秒|像素|万像素|百万像素|级)(?!\w))"),
        QRegularExpression::UseUnicodePropertiesOption);
    return pattern.match(text).hasMatch();
}

}  // namespace

class TestTranslations : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void cleanup() { ui::removeTranslators(*QCoreApplication::instance()); }

    // Qt's own buttons: QPlatformTheme is the context of the standard buttons'
    // texts in Qt 6.4 (QMessageBox and QDialogButtonBox ask it).
    void qtOwnStringsAreChinese() {
        QVERIFY(ui::installTranslators(*QCoreApplication::instance(), QStringLiteral("zh_CN")));
        QVERIFY2(ui::qtTranslationsLoaded(), "qtbase_zh_CN.qm not found: install qt6-translations-l10n");
        QCOMPARE(QCoreApplication::translate("QPlatformTheme", "Cancel"), QStringLiteral("取消"));
        QMessageBox box(QMessageBox::Question, QStringLiteral("t"), QStringLiteral("q"),
                        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel);
        QCOMPARE(box.button(QMessageBox::Save)->text(), QStringLiteral("保存"));
        QCOMPARE(box.button(QMessageBox::Discard)->text(), QStringLiteral("丢弃"));
        QCOMPARE(box.button(QMessageBox::Cancel)->text(), QStringLiteral("取消"));
        QDialogButtonBox buttons(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
        QCOMPARE(buttons.button(QDialogButtonBox::Ok)->text(), QStringLiteral("确定"));
        // QFileDialog's own widgets.
        QVERIFY(hasHan(QCoreApplication::translate("QFileDialog", "File &name:")));

        // Back to English: the Chinese translators are gone.
        QVERIFY(ui::installTranslators(*QCoreApplication::instance(), QStringLiteral("en")));
        QCOMPARE(QCoreApplication::translate("QPlatformTheme", "Cancel"), QStringLiteral("Cancel"));
    }

    // Every coded kind, thrown by the engine's own code where a test can make it
    // happen, gives a Chinese sentence under the zh translator and an English one
    // without it; neither quotes variables, digests or folders.
    void codedErrorsAreTranslated_data() {
        QTest::addColumn<int>("code");
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("mentions");
        QTest::newRow("weights missing") << int(engine::ErrorCode::WeightsMissing) << QStringList() << QString();
        QTest::newRow("weights unusable") << int(engine::ErrorCode::WeightsUnusable)
                                          << QStringList{QStringLiteral("vgg19.safetensors")}
                                          << QStringLiteral("vgg19.safetensors");
        QTest::newRow("unreadable") << int(engine::ErrorCode::ImageUnreadable) << QStringList{QStringLiteral("a.png")}
                                    << QStringLiteral("a.png");
        QTest::newRow("not an image") << int(engine::ErrorCode::NotAnImage) << QStringList{QStringLiteral("b.png")}
                                      << QStringLiteral("b.png");
        QTest::newRow("too large") << int(engine::ErrorCode::ImageTooLarge)
                                   << QStringList{QStringLiteral("c.png"), QStringLiteral("30000"),
                                                  QStringLiteral("20000"), QStringLiteral("268435456")}
                                   << QStringLiteral("30000");
        QTest::newRow("out of memory") << int(engine::ErrorCode::OutOfMemory) << QStringList() << QString();
        QTest::newRow("parameter") << int(engine::ErrorCode::InvalidParameter)
                                   << QStringList{QStringLiteral("style weight"), QStringLiteral("0"),
                                                  QStringLiteral("1e+15"), QStringLiteral("-3")}
                                   << QStringLiteral("1e+15");
        QTest::newRow("device") << int(engine::ErrorCode::DeviceUnavailable) << QStringList{QStringLiteral("cuda:3")}
                                << QStringLiteral("cuda:3");
    }
    void codedErrorsAreTranslated() {
        QFETCH(int, code);
        QFETCH(QStringList, args);
        QFETCH(QString, mentions);
        const auto errorCode = static_cast<engine::ErrorCode>(code);

        QVERIFY(ui::installTranslators(*QCoreApplication::instance(), QStringLiteral("en")));
        const QString english = ui::errorMessage(errorCode, args);
        QVERIFY(!english.isEmpty());
        QVERIFY2(!hasHan(english), qPrintable(english));
        QVERIFY2(english.contains(mentions), qPrintable(english));

        QVERIFY(ui::installTranslators(*QCoreApplication::instance(), QStringLiteral("zh_CN")));
        const QString chinese = ui::errorMessage(errorCode, args);
        QVERIFY2(hasHan(chinese), qPrintable(chinese));
        QVERIFY2(chinese.contains(mentions), qPrintable(chinese));
        QVERIFY2(!looksTechnical(chinese), qPrintable(chinese));
        QVERIFY2(!breaksNumberAndUnit(chinese), qPrintable(chinese));
        // Too few arguments: no sentence (the caller falls back to the English message).
        if (!args.isEmpty()) QVERIFY(ui::errorMessage(errorCode, QStringList()).isEmpty());
    }

    // Issue 25: the engine's notices (out-of-memory recovery, precision fallback, the memory plan
    // of a level) reach the status bar in the interface's language from their code and arguments;
    // a notice without a code, or with too few arguments, keeps its English message.
    void engineNoticesAreTranslated_data() {
        QTest::addColumn<int>("code");
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("mentions");
        QTest::newRow("bf16 on the CPU") << int(engine::NoticeCode::Bf16OnCpu) << QStringList() << QStringLiteral("bf16");
        QTest::newRow("precision fallback") << int(engine::NoticeCode::PrecisionFallback) << QStringList{QStringLiteral("fp16")}
                                            << QStringLiteral("fp16");
        QTest::newRow("out of memory, retried") << int(engine::NoticeCode::OutOfMemoryRetry)
                                                << QStringList{QStringLiteral("4961"), QStringLiteral("3508")} << QStringLiteral("4961");
        QTest::newRow("out of memory, smaller") << int(engine::NoticeCode::OutOfMemorySmaller)
                                                << QStringList{QStringLiteral("4961"), QStringLiteral("3508"), QStringLiteral("3508"),
                                                               QStringLiteral("2480")}
                                                << QStringLiteral("2480");
        QTest::newRow("checkpointed") << int(engine::NoticeCode::LevelCheckpointed)
                                      << QStringList{QStringLiteral("2048"), QStringLiteral("1536")} << QStringLiteral("1536");
        QTest::newRow("tiled") << int(engine::NoticeCode::LevelTiled)
                               << QStringList{QStringLiteral("4961"), QStringLiteral("3508"), QStringLiteral("12"), QStringLiteral("1408"),
                                              QStringLiteral("1216")}
                               << QStringLiteral("1408");
        QTest::newRow("smaller") << int(engine::NoticeCode::LevelSmaller)
                                 << QStringList{QStringLiteral("7016"), QStringLiteral("4961"), QStringLiteral("4961"), QStringLiteral("3508")}
                                 << QStringLiteral("7016");
        QTest::newRow("diverged") << int(engine::NoticeCode::Diverged) << QStringList{QStringLiteral("37")} << QStringLiteral("37");
    }
    void engineNoticesAreTranslated() {
        QFETCH(int, code);
        QFETCH(QStringList, args);
        QFETCH(QString, mentions);
        engine::Notice notice;
        notice.code = static_cast<engine::NoticeCode>(code);
        for (const QString& arg : args) notice.args.push_back(arg.toStdString());
        notice.message = "the English message";
        QVERIFY(ui::installTranslators(*QCoreApplication::instance(), QStringLiteral("en")));
        const QString english = ui::noticeMessage(notice);
        QVERIFY2(english != QStringLiteral("the English message") && english.contains(mentions), qPrintable(english));
        QVERIFY(ui::installTranslators(*QCoreApplication::instance(), QStringLiteral("zh_CN")));
        const QString chinese = ui::noticeMessage(notice);
        QVERIFY2(hasHan(chinese) && chinese.contains(mentions), qPrintable(chinese));
        QVERIFY2(!breaksNumberAndUnit(chinese), qPrintable(chinese));
        if (!args.isEmpty()) {
            notice.args.clear();
            QCOMPARE(ui::noticeMessage(notice), QStringLiteral("the English message"));
        }
        notice.code = engine::NoticeCode::None;
        QCOMPARE(ui::noticeMessage(notice), QStringLiteral("the English message"));
    }

    // Issue 25: a version's name is made when it is shown, in the interface's language ("版本 3",
    // "版本 3.1"), unless the artist named it; a stopped one's label fits one line of its strip.
    void versionNamesFollowTheLanguage() {
        session::Painting painting;
        painting.number = 3;
        QVERIFY(ui::installTranslators(*QCoreApplication::instance(), QStringLiteral("zh_CN")));
        QCOMPARE(ui::StudioModel::versionName(painting), QStringLiteral("版本 3"));
        painting.revision = 1;
        QCOMPARE(ui::StudioModel::versionName(painting), QStringLiteral("版本 3.1"));
        painting.name = QStringLiteral("Dusk");
        QCOMPARE(ui::StudioModel::versionName(painting), QStringLiteral("Dusk"));
        ui::StudioModel model;
        ui::VersionsStrip strip(&model);
        const QString stopped = QCoreApplication::translate("shuimo::ui::VersionsStrip", "%1 (stopped)").arg(QStringLiteral("版本 12.3"));
        QVERIFY2(strip.fontMetrics().horizontalAdvance(stopped) < strip.gridSize().width(), qPrintable(stopped));
        QVERIFY(ui::installTranslators(*QCoreApplication::instance(), QStringLiteral("en")));
        painting.name.clear();
        QCOMPARE(ui::StudioModel::versionName(painting), QStringLiteral("Version 3.1"));
    }

    // The engine's throw sites carry the codes (not only the tests' hand-made ones).
    void engineThrowsCodedErrors() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString text = dir.filePath(QStringLiteral("notes.png"));
        {
            QFile file(text);
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write("this is a text file, renamed");
        }
        const QString small = dir.filePath(QStringLiteral("small.png"));
        QImage(20, 10, QImage::Format_RGB888).save(small);

        struct Case {
            std::optional<engine::EngineError> error;
            engine::ErrorCode code;
            QString mentions;
        };
        engine::StyleParams bad;
        bad.style_weight = -3.0;
        qputenv("SHUIMO_MAX_IMAGE_PIXELS", "100");
        std::vector<Case> cases{
            {engineErrorOf([&] { image_io::read_image(dir.filePath(QStringLiteral("gone.png")).toStdString()); }),
             engine::ErrorCode::ImageUnreadable, QStringLiteral("gone.png")},
            {engineErrorOf([&] { image_io::read_image(text.toStdString()); }), engine::ErrorCode::NotAnImage,
             QStringLiteral("notes.png")},
            {engineErrorOf([&] { image_io::read_image(small.toStdString()); }), engine::ErrorCode::ImageTooLarge,
             QStringLiteral("small.png")},
            {engineErrorOf([&] { engine::validate(bad); }), engine::ErrorCode::InvalidParameter, QStringLiteral("-3")},
            {engineErrorOf([&] { engine::parse_device("gpu7"); }), engine::ErrorCode::DeviceUnavailable,
             QStringLiteral("gpu7")},
        };
        qunsetenv("SHUIMO_MAX_IMAGE_PIXELS");
        QVERIFY(ui::installTranslators(*QCoreApplication::instance(), QStringLiteral("zh_CN")));
        for (const Case& c : cases) {
            QVERIFY(c.error.has_value());
            QCOMPARE(int(c.error->code()), int(c.code));
            const ui::UserError user = ui::userErrorOf(*c.error);
            QCOMPARE(user.details, QString::fromStdString(c.error->what()));
            QVERIFY2(hasHan(user.message), qPrintable(user.message));
            QVERIFY2(user.message.contains(c.mentions), qPrintable(user.message));
            QVERIFY2(!looksTechnical(user.message), qPrintable(user.message));
        }
        // The too-large error's English message names the variable; the artist's does not.
        QVERIFY(QString::fromStdString(cases[2].error->what()).contains(QLatin1String("SHUIMO_MAX_IMAGE_PIXELS")));

        // Uncoded errors: the English message as it is.
        const ui::UserError plain = ui::userErrorOf(engine::ConfigError("something else"));
        QCOMPARE(plain.message, QStringLiteral("something else"));
        const ui::UserError foreign = ui::userErrorOf(std::runtime_error("not ours"));
        QCOMPARE(foreign.message, QStringLiteral("not ours"));
    }

    // A batch job's recorded error (queue file) shows translated in the queue
    // view; one without a code shows its message.
    void batchJobErrorsAreTranslated() {
        batch::BatchJob job;
        job.status = batch::JobStatus::Failed;
        job.error = "cannot decode /tmp/x/broken.png: not a supported image (JPEG, PNG, TIFF, WebP, BMP) or the file is damaged";
        job.error_code = engine::ErrorCode::NotAnImage;
        job.error_args = {"broken.png"};
        QVERIFY(ui::installTranslators(*QCoreApplication::instance(), QStringLiteral("zh_CN")));
        const QString text = ui::BatchQueueModel::errorText(job);
        QVERIFY2(hasHan(text) && text.contains(QLatin1String("broken.png")), qPrintable(text));
        QVERIFY2(!text.contains(QLatin1String("/tmp/")), qPrintable(text));
        job.error_code = engine::ErrorCode::None;
        job.error_args.clear();
        QCOMPARE(ui::BatchQueueModel::errorText(job), QString::fromStdString(job.error));
    }

    // Copies keep the code (the worker and the batch runner copy exceptions).
    void codeSurvivesCopies() {
        const engine::ImageIoError original("cannot read x", engine::ErrorCode::ImageUnreadable, {"x.png"});
        const engine::ImageIoError copy = original;  // NOLINT: the copy is the point
        QCOMPARE(int(copy.code()), int(engine::ErrorCode::ImageUnreadable));
        QCOMPARE(copy.args(), std::vector<std::string>{"x.png"});
        QCOMPARE(int(engine::WeightsError("w").code()), int(engine::ErrorCode::None));
        QVERIFY(engine::WeightsError("w").args().empty());
    }

    // "约 21 秒" must not break before 秒: the formatters put a no-break space
    // between number and unit, in English and in Chinese.
    void numbersAndUnitsStayTogether_data() {
        QTest::addColumn<QString>("language");
        QTest::newRow("en") << QStringLiteral("en");
        QTest::newRow("zh_CN") << QStringLiteral("zh_CN");
    }
    void numbersAndUnitsStayTogether() {
        QFETCH(QString, language);
        QVERIFY(ui::installTranslators(*QCoreApplication::instance(), language));
        for (const double seconds : {1.0, 21.0, 89.0, 400.0, 7000.0}) {
            const QString text = ui::formatDuration(seconds);
            QVERIFY2(!breaksNumberAndUnit(text), qPrintable(text));
            QVERIFY2(!text.contains(QLatin1Char(' ')), qPrintable(text));
        }
        for (const double seconds : {5.0, 185.0, 4000.0}) {
            const QString text = ui::BatchQueueModel::formatSeconds(seconds);
            QVERIFY2(!breaksNumberAndUnit(text), qPrintable(text));
            // "3 min 5 s": a break is allowed between the two parts only.
            QVERIFY2(text.count(QLatin1Char(' ')) <= 1, qPrintable(text));
        }
    }

    // The Batch dialog names bundled styles as the manifest does, in the
    // interface language; a blend lists its styles with their shares.
    void batchUsesTheManifestsNames() {
        const QString styles = QStringLiteral(SHUIMO_SOURCE_DIR "/assets/styles");
        qputenv("SHUIMO_STYLES_DIR", styles.toUtf8());
        const QString misty = styles + QStringLiteral("/misty_mountains.png");
        const QString splashed = styles + QStringLiteral("/splashed_ink.png");
        batch::StyleChoice blend{"misty_mountains+splashed_ink",
                                 {misty.toStdString(), splashed.toStdString()}, {0.7, 0.3}};

        QVERIFY(ui::installTranslators(*QCoreApplication::instance(), QStringLiteral("zh_CN")));
        const ui::BatchStyleNames chinese;
        QCOMPARE(chinese.nameOf(misty), QStringLiteral("山水"));
        QCOMPARE(chinese.nameOf(blend), QStringLiteral("山水 70% + 泼墨 30%"));
        blend.blend.clear();
        QCOMPARE(chinese.nameOf(blend), QStringLiteral("山水 + 泼墨"));
        // Not in the manifest: the file's name.
        QCOMPARE(chinese.nameOf(QStringLiteral("/elsewhere/my_ink.png")), QStringLiteral("my_ink"));
        // A queue's own style name is kept.
        QCOMPARE(chinese.nameOf(batch::StyleChoice{"mine", {misty.toStdString()}, {}}), QStringLiteral("mine"));

        QVERIFY(ui::installTranslators(*QCoreApplication::instance(), QStringLiteral("en")));
        QCOMPARE(ui::BatchStyleNames().nameOf(misty), QStringLiteral("Misty mountains"));
        qunsetenv("SHUIMO_STYLES_DIR");
    }

    // The whole Chinese translation file: no translation puts a breakable space
    // between a number (or its placeholder) and a unit.
    void noTranslationBreaksANumberFromItsUnit() {
        QFile file(QStringLiteral(SHUIMO_SOURCE_DIR "/ui/translations/shuimo_zh_CN.ts"));
        QVERIFY(file.open(QIODevice::ReadOnly));
        QXmlStreamReader xml(&file);
        QStringList offending;
        int translations = 0;
        while (!xml.atEnd()) {
            if (xml.readNext() == QXmlStreamReader::StartElement &&
                (xml.name() == QLatin1String("translation") || xml.name() == QLatin1String("numerusform"))) {
                const QString text = xml.readElementText(QXmlStreamReader::IncludeChildElements);
                ++translations;
                if (breaksNumberAndUnit(text)) offending << text;
            }
        }
        QVERIFY(!xml.hasError());
        QVERIFY(translations > 100);
        QVERIFY2(offending.isEmpty(), qPrintable(offending.join(QLatin1String(" | "))));
    }
};

QTEST_MAIN(TestTranslations)
#include "tst_translations.moc"
