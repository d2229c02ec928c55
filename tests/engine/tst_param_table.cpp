// The parameter table (engine/param_table.h) and what is derived from it: validate's
// ranges, the JSON reader and writer, and the settings hash of batch outputs, which
// must not change for the fields that existed before the table.

#include <QJsonDocument>
#include <QtTest>

#include <set>

#include "distinct_params.h"
#include "shuimo/batch/params_json.h"
#include "shuimo/engine/errors.h"
#include "shuimo/engine/param_table.h"

using namespace shuimo;
using engine::json::Value;

class TestParamTable : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void rowsAreComplete() {
        std::set<std::string_view> keys;
        std::set<std::string_view> options;
        for (const auto& field : engine::param_fields()) {
            const QString key = QString::fromUtf8(field.key.data(), field.key.size());
            QVERIFY2(keys.insert(field.key).second, qPrintable(key));
            if (!field.option.empty()) QVERIFY2(options.insert(field.option).second, qPrintable(key));
            QVERIFY2(field.get && field.set, qPrintable(key));
            QVERIFY2(!field.label.empty() && !field.help.empty(), qPrintable(key));
            QVERIFY2(engine::find_param_field(field.key) == &field, qPrintable(key));
            // The example is valid, not the default, and reads back as it was written.
            engine::StyleParams params;
            engine::set_param(field, params, engine::json::parse(field.example));
            QVERIFY2(!(params == engine::StyleParams{}), qPrintable(key));
            engine::check_param(field, params);
            engine::StyleParams again;
            engine::set_param(field, again, field.get(params));
            QVERIFY2(again == params, qPrintable(key));
            QVERIFY2(!engine::default_text(field).empty(), qPrintable(key));
        }
        QVERIFY(!engine::find_param_field("no_such_parameter"));
    }

    // validate() takes its ranges from the table: one bad value of each kind is refused
    // with the parameter's name, the value and the range.
    void validateUsesTheRanges_data() {
        QTest::addColumn<QString>("key");
        QTest::addColumn<QString>("json");
        QTest::addColumn<QString>("message");
        QTest::newRow("size") << "size" << "20000" << "size must be between 0 and 16384 (got 20000)";
        QTest::newRow("style weight") << "style_weight" << "-1" << "style weight must be a finite number between 0 and 1e+15 (got -1)";
        QTest::newRow("loss scale") << "loss_scale" << "0.5" << "loss scale must be a finite number between 1 and";
        QTest::newRow("level") << "level_iterations" << "[1, 2000000]" << "iterations of a level must be between 0 and 1000000";
        QTest::newRow("memory") << "max_memory" << "\"1M\"" << "memory budget must be at least 64 MiB (got 1 MiB)";
        QTest::newRow("preview") << "preview_interval_ms" << "3600001" << "preview interval (ms) must be between 0 and 3600000";
    }
    void validateUsesTheRanges() {
        QFETCH(QString, key);
        QFETCH(QString, json);
        QFETCH(QString, message);
        const engine::ParamField* field = engine::find_param_field(key.toStdString());
        QVERIFY(field);
        engine::StyleParams params;
        // Bypass the reader's own range check for whole numbers: validate must catch it too.
        const Value value = engine::json::parse(json.toStdString());
        if (field->type == engine::ParamType::Integer) {
            QVERIFY_THROWS_EXCEPTION(engine::ParamValueError, engine::set_param(*field, params, value));
            if (key == QLatin1String("size")) params.size = static_cast<int>(value.number);
            else params.preview_interval_ms = static_cast<int>(value.number);
        } else if (field->type == engine::ParamType::IntegerList) {
            params.level_iterations = {1, 2000000};
        } else {
            engine::set_param(*field, params, value);
        }
        try {
            engine::validate(params);
            QFAIL("accepted");
        } catch (const engine::ConfigError& e) {
            QVERIFY2(QString::fromUtf8(e.what()).contains(message), e.what());
        }
    }

    void readerMessagesNameKeyValueAndRange() {
        const auto strict = [](const char* json) {
            try {
                batch::params_from_json(QJsonDocument::fromJson(json).object(), {}, batch::ParamsReading::Strict, QStringLiteral("preset 'p'"));
            } catch (const engine::ConfigError& e) {
                return QString::fromUtf8(e.what());
            }
            return QString();
        };
        QCOMPARE(strict(R"({"size": 1e12})"), QStringLiteral("preset 'p': size is 1000000000000; expected a whole number from 0 to 16384"));
        QCOMPARE(strict(R"({"optimizer": "sgd"})"), QStringLiteral("preset 'p': optimizer is \"sgd\"; expected one of lbfgs, adam"));
        QCOMPARE(strict(R"({"init": "photo"})"), QStringLiteral("preset 'p': init is \"photo\"; expected one of content, noise, image"));
        QCOMPARE(strict(R"({"style_loss": "w1"})"), QStringLiteral("preset 'p': style_loss is \"w1\"; expected one of gram, w2"));
        QVERIFY(strict(R"({"preview_every": 3})").contains(QStringLiteral("unknown setting 'preview_every'")));
        QVERIFY(strict(R"({"init": "image", "seed": "18446744073709551615"})").isEmpty());
        // Lenient: a bad value keeps what was there, also when only validate() would refuse it.
        const engine::StyleParams lenient =
            batch::params_from_json(QJsonDocument::fromJson(R"({"style_weight": -5, "size": "big", "tv_weight": 3})").object());
        QCOMPARE(lenient.style_weight, engine::StyleParams{}.style_weight);
        QCOMPARE(lenient.size, engine::StyleParams{}.size);
        QCOMPARE(lenient.tv_weight, 3.0);
    }

    // The settings hash of batch outputs hashes painting_params_json: its text for these
    // params was recorded before the table existed and must stay the same (else every
    // finished batch output would be redone).
    void settingsHashInputIsUnchanged() {
        engine::StyleParams p;
        QCOMPARE(QJsonDocument(batch::painting_params_json(p)).toJson(QJsonDocument::Compact),
                 QByteArray(R"({"colour_strength":1,"content_layers":["relu4_2"],"content_weight":1,"init":"content","iterations":500,"lbfgs_history":100,"learning_rate":0.02,"level_iterations":[],"loss_scale":0,"min_size":128,"monochrome_ink":false,"optimizer":"lbfgs","paper_colour":null,"pooling":"max","precision":"auto","preserve_colors":false,"scales":0,"seed":"0","size":512,"style_layer_weights":[],"style_layers":["relu1_1","relu2_1","relu3_1","relu4_1","relu5_1"],"style_scale":1,"style_weight":1000000,"tv_weight":1})"));
        QCOMPARE(QJsonDocument(batch::params_to_json(p)).toJson(QJsonDocument::Compact),
                 QByteArray(R"({"checkpointing":"auto","colour_strength":1,"content_layers":["relu4_2"],"content_weight":1,"device":"auto","init":"content","iterations":500,"lbfgs_history":100,"learning_rate":0.02,"level_iterations":[],"loss_scale":0,"max_memory":"0","min_size":128,"monochrome_ink":false,"optimizer":"lbfgs","paper_colour":null,"pooling":"max","precision":"auto","preserve_colors":false,"report_every":0,"scales":0,"seed":"0","size":512,"style_layer_weights":[],"style_layers":["relu1_1","relu2_1","relu3_1","relu4_1","relu5_1"],"style_loss":"gram","style_scale":1,"style_weight":1000000,"tile_overlap":32,"tile_size":0,"tv_weight":1})"));
        p = testing::distinctParams();
        QCOMPARE(QJsonDocument(batch::painting_params_json(p)).toJson(QJsonDocument::Compact),
                 QByteArray(R"({"colour_strength":0.3,"content_layers":["relu3_2"],"content_weight":2,"init":"noise","iterations":33,"lbfgs_history":20,"learning_rate":0.05,"level_iterations":[10,10,13],"loss_scale":1024,"min_size":100,"monochrome_ink":true,"optimizer":"adam","paper_colour":[0.5,0.25,0.125],"pooling":"avg","precision":"fp32","preserve_colors":true,"scales":3,"seed":"123456789012345","size":777,"style_layer_weights":[1,2],"style_layers":["relu1_1","relu2_1"],"style_scale":0.8,"style_weight":300000,"tv_weight":0.5})"));
    }

    // A row added after outputs were recorded (hashed_at_default false: the style statistic, issue 28)
    // is in the settings hash's input only when it is not at its default.
    void laterRowsChangeTheHashOnlyAwayFromTheirDefault() {
        engine::StyleParams p;
        QVERIFY(!batch::painting_params_json(p).contains(QStringLiteral("style_loss")));
        QCOMPARE(batch::params_to_json(p).value(QStringLiteral("style_loss")).toString(), QStringLiteral("gram"));
        p.style_loss = engine::StyleLossKind::W2;
        QCOMPARE(batch::painting_params_json(p).value(QStringLiteral("style_loss")).toString(), QStringLiteral("w2"));
        QCOMPARE(batch::params_from_json(batch::params_to_json(p), {}, batch::ParamsReading::Strict).style_loss, engine::StyleLossKind::W2);
    }

    void liveFields() {
        engine::StyleParams a;
        engine::StyleParams b;
        b.style_weight = 5;
        b.content_weight = 2;
        b.tv_weight = 9;
        QVERIFY(engine::only_live_params_differ(a, b));
        b.size = 64;
        QVERIFY(!engine::only_live_params_differ(a, b));
    }

    // Issue 25: the table's columns for the desktop app. A slider spans a part of the valid range;
    // every choice a row offers is a spelling its reader takes; the finishing and live rows
    // decide what is re-finished without a run and what reaches a running job.
    void uiColumnsAgreeWithTheRows() {
        for (const auto& field : engine::param_fields()) {
            const QString key = QString::fromUtf8(field.key.data(), field.key.size());
            QVERIFY2(field.artist_low() >= field.low && field.artist_high() <= field.high && field.artist_low() < field.artist_high() ||
                         (field.low == 0 && field.high == 0),
                     qPrintable(key));
            if (field.ui.widget == engine::ParamWidget::Slider)
                QVERIFY2(field.type == engine::ParamType::Number || field.type == engine::ParamType::Integer, qPrintable(key));
            for (const engine::ParamChoice& choice : engine::param_choices(field)) {
                engine::StyleParams params;
                engine::set_param(field, params, Value::of_string(std::string(choice.value)));
                QCOMPARE(QString::fromStdString(engine::choice_value(field, params)),
                         QString::fromUtf8(choice.value.data(), choice.value.size()));
                QVERIFY2(!choice.label.empty(), qPrintable(key));
            }
            if (field.type == engine::ParamType::Choice) QVERIFY2(!engine::param_choices(field).empty(), qPrintable(key));
        }
        // A choice row given no UI columns (as a new one is) lists its value_name's spellings.
        const auto* checkpointing = engine::find_param_field("checkpointing");
        QCOMPARE(engine::param_choices(*checkpointing).size(), std::size_t{3});
        QCOMPARE(engine::param_choices(*engine::find_param_field("init")).back().value, std::string_view("image"));

        std::set<std::string_view> finishing;
        for (const auto& field : engine::param_fields())
            if (field.ui.finishing) finishing.insert(field.key);
        QCOMPARE(finishing, (std::set<std::string_view>{"colour_strength", "preserve_colors", "monochrome_ink", "paper_colour"}));
        engine::StyleParams a;
        engine::StyleParams b = a;
        QVERIFY(!engine::only_finishing_params_differ(a, b));  // equal: nothing to re-finish
        b.colour_strength = 0.2;
        b.monochrome_ink = true;
        QVERIFY(engine::only_finishing_params_differ(a, b));
        b.style_scale = 2;
        QVERIFY(!engine::only_finishing_params_differ(a, b));
        // LossWeights' defaults are the live rows' defaults.
        QVERIFY(engine::LossWeights{} == engine::loss_weights_of(engine::StyleParams{}));
        b = a;
        b.tv_weight = 7;
        QCOMPARE(engine::loss_weights_of(b).tv, 7.0);
    }

    void jsonWriterRoundTrips() {
        // Not a raw string: moc reads raw strings with backslashes wrongly.
        const char* text = "{\"a\":[1,2.5,-3,\"x\\\"y\\\\z\\n\"],\"b\":null,\"c\":true,\"d\":18446744073709551615,\"e\":1e+300}";
        const Value value = engine::json::parse(text);
        QCOMPARE(QString::fromStdString(engine::json::write(value)), QString::fromUtf8(text));
        QVERIFY(engine::json::parse(engine::json::write(value)) == value);
    }
};

QTEST_GUILESS_MAIN(TestParamTable)
#include "tst_param_table.moc"
