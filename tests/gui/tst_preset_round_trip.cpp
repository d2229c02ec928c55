// Issue 13's bug: a preset saved and loaded in the main window lost every field the
// parameter panel has no widget for, while the batch dialog kept them. Every stored
// field of the parameter table (so a new row is covered without touching this file),
// set to a value that is not its default, must survive save -> load in the GUI panel
// (ParameterPanel + PresetsStore) and in batch (a preset turned into a queue file),
// compared with StyleParams::operator==, not through JSON again.

#include <QDoubleSpinBox>
#include <QJsonDocument>
#include <QSpinBox>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

#include <fstream>

#include "parameter_panel.h"
#include "presets_store.h"
#include "shuimo/batch/batch_queue.h"
#include "shuimo/batch/params_json.h"
#include "shuimo/engine/param_table.h"
#include "size_control.h"
#include "slider_spin.h"

using namespace shuimo;

namespace {

// The field's example value (a valid value other than the default), on top of `params`.
engine::StyleParams withExample(const engine::ParamField& field, engine::StyleParams params = {}) {
    engine::set_param(field, params, engine::json::parse(field.example));
    return params;
}

engine::StyleParams allExamples() {
    engine::StyleParams params;
    for (const auto& field : engine::param_fields())
        if (field.stored) params = withExample(field, params);
    return params;
}

QString describe(const engine::StyleParams& p) {
    return QString::fromStdString(engine::json::write(engine::params_to_json_value(p)));
}

}  // namespace

class TestPresetRoundTrip : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void everyField_data() {
        QTest::addColumn<QString>("key");  // empty: all fields at once
        for (const auto& field : engine::param_fields()) {
            if (field.stored) QTest::newRow(std::string(field.key).c_str()) << QString::fromUtf8(field.key.data(), field.key.size());
        }
        QTest::newRow("all fields at once") << QString();
    }

    void everyField() {
        QFETCH(QString, key);
        engine::StyleParams params;
        if (key.isEmpty()) {
            params = allExamples();
        } else {
            const engine::ParamField* field = engine::find_param_field(key.toStdString());
            QVERIFY(field);
            params = withExample(*field);
            QVERIFY2(!(params == engine::StyleParams{}), "the example is the default value");
        }
        engine::validate(params);

        // GUI: the panel is given the params, the preset is saved from the panel, loaded
        // into another panel, and that panel's params are what was saved.
        QTemporaryDir dir;
        ui::PresetsStore store(dir.path());
        ui::ParameterPanel panel;
        panel.setParams(params);
        QVERIFY2(panel.params() == params, qPrintable(describe(panel.params())));
        QCOMPARE(store.save(QStringLiteral("mine"), panel.params()), QString());
        const std::optional<engine::StyleParams> loaded = store.load(QStringLiteral("mine"));
        QVERIFY(loaded);
        ui::ParameterPanel other;
        other.setParams(*loaded);
        QVERIFY2(other.params() == params, qPrintable(describe(other.params()) + QStringLiteral("\nexpected\n") + describe(params)));

        // Batch: the saved preset becomes a preset of a queue over default base params,
        // the queue is written to a file, read back, and its job runs with the params.
        batch::BatchQueue queue;
        queue.base_dir = dir.path().toStdString();
        queue.spec.contents = {"photo.png"};
        queue.spec.styles = {batch::StyleChoice{"ink", {"ink.png"}, {}}};
        queue.spec.presets = {batch::Preset{"mine", batch::params_to_json(*loaded)}};
        queue.jobs = batch::expand_jobs(queue.spec, queue.base_dir);
        QCOMPARE(queue.jobs.size(), std::size_t{1});
        QVERIFY2(queue.jobs[0].params == params, qPrintable(describe(queue.jobs[0].params)));
        const std::filesystem::path file = queue.base_dir / "queue.json";
        std::ofstream(file) << QJsonDocument(batch::queue_to_json(queue)).toJson().toStdString();
        const batch::BatchQueue back = batch::read_queue_file(file);
        QCOMPARE(back.jobs.size(), std::size_t{1});
        QVERIFY2(back.jobs[0].params == params, qPrintable(describe(back.jobs[0].params)));
        // A bare spec (no jobs yet) expands to the same params.
        QJsonObject spec = batch::queue_to_json(queue);
        spec.remove(QStringLiteral("jobs"));
        std::ofstream(file, std::ios::trunc) << QJsonDocument(spec).toJson().toStdString();
        QVERIFY(batch::read_queue_file(file).jobs.at(0).params == params);
    }

    // Editing one widget changes that field of the copy and nothing else.
    void aWidgetEditsOnlyItsField() {
        const engine::StyleParams params = allExamples();
        ui::ParameterPanel panel;
        panel.setParams(params);
        QSignalSpy changed(&panel, &ui::ParameterPanel::paramsChanged);
        panel.smoothness()->spinBox()->setValue(7.0);
        QVERIFY(changed.count() >= 1);
        engine::StyleParams expected = params;
        expected.tv_weight = 7.0;
        QVERIFY2(panel.params() == expected, qPrintable(describe(panel.params())));
        panel.outputSize()->setValue(1024);
        expected.size = 1024;
        QVERIFY(panel.params() == expected);
    }

    // The preview cadence is a preference, not a parameter: the panel passes on what it got.
    void previewCadenceIsNotEdited() {
        engine::StyleParams params;
        params.preview_interval_ms = 0;
        params.preview_every = 0;
        ui::ParameterPanel panel;
        panel.setParams(params);
        panel.styleStrength()->spinBox()->setValue(5e5);
        QCOMPARE(panel.params().preview_interval_ms, 0);
        QCOMPARE(panel.params().preview_every, 0);
    }
};

QTEST_MAIN(TestPresetRoundTrip)
#include "tst_preset_round_trip.moc"
