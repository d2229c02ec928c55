// Issue 14, controls for artists and layout: style strength in per cent on a log
// scale (monotone, the exact weight kept), Quality shows Custom once edited and
// the preset again when its values come back, brush-detail presets name real
// VGG-19 layers, the one size control with print sizes, options shown only where
// they apply, and the window at 1024×700: the preview gets the room, every panel
// is reachable from the View menu, and the window state is restored (versioned).
// SHUIMO_SCREENSHOT_DIR=<folder> also saves the panel with Advanced open.

#include <QCheckBox>
#include <QComboBox>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QSlider>
#include <QSpinBox>
#include <QStandardPaths>
#include <QToolBar>
#include <QToolButton>
#include <QtTest>
#include <cmath>
#include <set>

#include "control_presets.h"
#include "main_window.h"
#include "parameter_panel.h"
#include "process_setup.h"
#include "run_panel.h"
#include <QProgressBar>
#include "shuimo/engine/errors.h"
#include "shuimo/engine/param_table.h"
#include "shuimo/engine/vgg19_spec.h"
#include "size_control.h"
#include "slider_spin.h"
#include "style_controller.h"

using namespace shuimo;

namespace {

int dataOf(const QComboBox* box) { return box->currentData().toInt(); }

QMenu* viewMenu(QMainWindow& window) {
    for (QAction* action : window.menuBar()->actions()) {
        if (action->menu() && action->text() == QStringLiteral("&View")) return action->menu();
    }
    return nullptr;
}

}  // namespace

class TestParameterControls : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("ShuimoTests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_parameter_controls"));
        QSettings().clear();
        QSettings().setValue(QStringLiteral("modelsOffered"), true);  // no Models dialog over the window
        qputenv("SHUIMO_MODEL_DIR", QByteArrayLiteral("/nonexistent"));
    }

    void styleStrengthIsMonotoneAndInvertible() {
        QCOMPARE(ui::styleWeightForPercent(50.0), engine::StyleParams{}.style_weight);
        QCOMPARE(ui::styleWeightForPercent(0.0), 1e4);
        QCOMPARE(ui::styleWeightForPercent(100.0), 1e8);
        double previous = 0.0;
        for (int step = 0; step <= 1000; ++step) {
            const double percent = step / 10.0;
            const double weight = ui::styleWeightForPercent(percent);
            QVERIFY2(weight > previous, qPrintable(QString::number(percent)));
            previous = weight;
            QVERIFY(std::abs(ui::percentForStyleWeight(weight) - percent) < 1e-9);
        }
        // A weight goes to a per cent and back within a double's precision.
        for (double weight : {1e4, 12345.678, 3e5, 1e6, 7.5e7, 1e8}) {
            const double back = ui::styleWeightForPercent(ui::percentForStyleWeight(weight));
            QVERIFY2(std::abs(back - weight) <= weight * 1e-12, qPrintable(QString::number(back, 'g', 17)));
        }
        // Outside the range the per cent stops at its ends.
        QCOMPARE(ui::percentForStyleWeight(10.0), 0.0);
        QCOMPARE(ui::percentForStyleWeight(0.0), 0.0);
        QCOMPARE(ui::percentForStyleWeight(1e12), 100.0);
    }

    void exactStyleWeightRoundTrips_data() {
        QTest::addColumn<double>("weight");
        QTest::newRow("default") << 1e6;
        QTest::newRow("between per cent steps") << 123456.789;
        QTest::newRow("below 0 %") << 50.0;
        QTest::newRow("above 100 %") << 2.5e12;
    }

    void exactStyleWeightRoundTrips() {
        QFETCH(double, weight);
        ui::ParameterPanel panel;
        engine::StyleParams params = panel.params();
        params.style_weight = weight;
        panel.setParams(params);
        QCOMPARE(panel.params().style_weight, weight);  // shown, not rounded to a per cent
        QCOMPARE(panel.styleStrength()->value(), std::round(ui::percentForStyleWeight(weight)));
        QVERIFY(panel.styleStrength()->toolTip().contains(QLocale().toString(std::floor(weight), 'f', 0)));
        QCOMPARE(panel.exactStyleWeight()->value(), weight);

        // Typed in Advanced: exactly that number.
        ui::ParameterPanel other;
        other.exactStyleWeight()->setValue(weight);
        QCOMPARE(other.params().style_weight, weight);
        QCOMPARE(other.exactStyleWeight()->text(), panel.exactStyleWeight()->text());
        // The per cent then sets the weight of that per cent.
        other.styleStrength()->spinBox()->setValue(70);
        QCOMPARE(other.params().style_weight, ui::styleWeightForPercent(70));
        QVERIFY(std::abs(other.exactStyleWeight()->value() - ui::styleWeightForPercent(70)) < 1e-6);
    }

    // Style statistics (issue 28): the same per cent means the same balance for either statistic,
    // so choosing Wasserstein keeps the strength and gives W2's equivalent weight (its default at 50 %).
    void statisticChoiceKeepsTheStyleStrength() {
        ui::ParameterPanel panel;
        auto* statistic = qobject_cast<QComboBox*>(panel.fieldEditor("style_loss"));
        QVERIFY(statistic);
        QCOMPARE(panel.styleStrength()->value(), 50.0);
        statistic->setCurrentIndex(statistic->findData(QStringLiteral("w2")));
        QCOMPARE(panel.params().style_loss, engine::StyleLossKind::W2);
        QCOMPARE(panel.params().style_weight, engine::default_style_weight(engine::StyleLossKind::W2));
        QCOMPARE(panel.styleStrength()->value(), 50.0);
        panel.styleStrength()->spinBox()->setValue(75);
        const double w2 = panel.params().style_weight;
        QCOMPARE(w2, ui::styleWeightForPercent(75, engine::StyleLossKind::W2));
        QVERIFY(std::abs(w2 * engine::kW2StyleWeightDivisor / ui::styleWeightForPercent(75) - 1.0) < 1e-12);
        // Back to Gram: the Gram weight of 75 %.
        statistic->setCurrentIndex(statistic->findData(QStringLiteral("gram")));
        QVERIFY(std::abs(panel.params().style_weight / ui::styleWeightForPercent(75) - 1.0) < 1e-12);
        QCOMPARE(panel.styleStrength()->value(), 75.0);
    }

    void qualityShowsCustomOnceEdited() {
        ui::ParameterPanel panel;
        QCOMPARE(panel.quality()->currentText(), QStringLiteral("Standard"));
        panel.applyQualityPreset(2);
        QCOMPARE(panel.params().size, 1024);
        QCOMPARE(panel.params().iterations, 500);
        QCOMPARE(panel.quality()->currentText(), QStringLiteral("High"));
        panel.iterations()->spinBox()->setValue(501);
        QCOMPARE(dataOf(panel.quality()), -1);
        QCOMPARE(panel.quality()->currentText(), QStringLiteral("Custom"));
        panel.iterations()->spinBox()->setValue(500);
        QCOMPARE(panel.quality()->currentText(), QStringLiteral("High"));
        panel.outputSize()->setValue(512);
        QCOMPARE(panel.quality()->currentText(), QStringLiteral("Custom"));
        // Values given from outside (settings, a preset, undo) are shown for what they are.
        engine::StyleParams params = panel.params();
        params.size = 1024;
        params.iterations = 300;
        panel.setParams(params);
        QCOMPARE(panel.quality()->currentText(), QStringLiteral("Custom"));
        params.size = 384;
        params.iterations = 150;
        panel.setParams(params);
        QCOMPARE(panel.quality()->currentText(), QStringLiteral("Draft"));
    }

    void layerPresetsNameRealLayers() {
        std::set<std::pair<std::vector<std::string>, std::vector<std::string>>> seen;
        for (const ui::LayerPreset& preset : ui::layerPresets()) {
            QVERIFY(!preset.content_layers.empty() && !preset.style_layers.empty());
            for (const auto* list : {&preset.content_layers, &preset.style_layers}) {
                for (const std::string& layer : *list) {
                    try {
                        engine::find_vgg19_layer(layer);
                    } catch (const engine::ConfigError& error) {
                        QFAIL(error.what());
                    }
                }
            }
            QVERIFY2(seen.insert({preset.content_layers, preset.style_layers}).second, preset.name);
        }
        QCOMPARE(ui::layerPresetIndex(engine::StyleParams{}), 1);  // the default is "Balanced"
    }

    void brushDetailSetsTheLayersAndShowsCustom() {
        ui::ParameterPanel panel;
        QCOMPARE(panel.layerChoice()->currentText(), QStringLiteral("Balanced"));
        engine::StyleParams params = panel.params();
        params.style_layer_weights = {1, 2, 3, 4, 5};
        panel.setParams(params);
        panel.applyLayerPreset(2);  // Broad strokes
        QCOMPARE(panel.layerChoice()->currentText(), QStringLiteral("Broad strokes"));
        QCOMPARE(panel.params().style_layers, (std::vector<std::string>{"relu3_1", "relu4_1", "relu5_1"}));
        QVERIFY(panel.params().style_layer_weights.empty());  // five weights no longer fit three layers
        engine::validate(panel.params());
        // The raw list in Advanced: a list of no preset is Custom.
        QLineEdit* styleLayers = panel.styleLayersEdit();
        QCOMPARE(styleLayers->text(), QStringLiteral("relu3_1, relu4_1, relu5_1"));
        styleLayers->setText(QStringLiteral("relu1_1, relu5_1"));
        Q_EMIT styleLayers->editingFinished();
        QCOMPARE(panel.params().style_layers, (std::vector<std::string>{"relu1_1", "relu5_1"}));
        QCOMPARE(dataOf(panel.layerChoice()), -1);
        styleLayers->setText(QStringLiteral("relu3_1,relu4_1,relu5_1"));
        Q_EMIT styleLayers->editingFinished();
        QCOMPARE(panel.layerChoice()->currentText(), QStringLiteral("Broad strokes"));
    }

    void sizeControlSetsTheLongSide_data() {
        QTest::addColumn<int>("choice");  // an item's data: pixels, or a custom mode
        QTest::addColumn<double>("centimetres");
        QTest::addColumn<int>("dpi");
        QTest::addColumn<int>("expected");
        QTest::newRow("photo's own size") << 0 << 0.0 << 0 << 0;
        QTest::newRow("1536 px") << 1536 << 0.0 << 0 << 1536;
        QTest::newRow("A4 at 300 dpi") << 3508 << 0.0 << 0 << 3508;
        QTest::newRow("A3 at 300 dpi") << 4961 << 0.0 << 0 << 4961;
        QTest::newRow("A2 at 300 dpi") << 7016 << 0.0 << 0 << 7016;
        QTest::newRow("30 cm at 300 dpi") << int(ui::SizeControl::kCustomPrint) << 30.0 << 300 << 3543;
        QTest::newRow("42 cm at 150 dpi") << int(ui::SizeControl::kCustomPrint) << 42.0 << 150 << 2480;
        QTest::newRow("2 m at 1200 dpi: the largest") << int(ui::SizeControl::kCustomPrint) << 200.0 << 1200 << 16384;
    }

    void sizeControlSetsTheLongSide() {
        QFETCH(int, choice);
        QFETCH(double, centimetres);
        QFETCH(int, dpi);
        QFETCH(int, expected);
        ui::ParameterPanel panel;
        ui::SizeControl* size = panel.outputSize();
        QVERIFY(size->choose(choice));
        if (choice == ui::SizeControl::kCustomPrint) {
            QVERIFY(size->printLength()->isVisibleTo(size));
            size->printLength()->setValue(centimetres);
            size->printDpi()->setValue(dpi);
        } else {
            QVERIFY(!size->printLength()->isVisibleTo(size));
        }
        QCOMPARE(size->value(), expected);
        QCOMPARE(panel.params().size, expected);
        engine::validate(panel.params());
    }

    void sizeControlShowsAGivenSize() {
        ui::ParameterPanel panel;
        ui::SizeControl* size = panel.outputSize();
        QCOMPARE(ui::pixelsForPrint(29.7, 300), 3508);
        QCOMPARE(ui::pixelsForPrint(42.0, 300), 4961);
        QCOMPARE(ui::pixelsForPrint(59.4, 300), 7016);
        engine::StyleParams params = panel.params();
        params.size = 4961;
        panel.setParams(params);
        QVERIFY(size->choices()->currentText().startsWith(QStringLiteral("A3")));
        QVERIFY(!size->pixels()->isVisibleTo(size));
        params.size = 1000;  // no choice of its own: a custom size in pixels
        panel.setParams(params);
        QCOMPARE(size->choices()->currentData().toInt(), int(ui::SizeControl::kCustomPixels));
        QVERIFY(size->pixels()->isVisibleTo(size));
        QCOMPARE(size->pixels()->value(), 1000);
        size->pixels()->setValue(1200);
        QCOMPARE(panel.params().size, 1200);
        // Choosing a custom print size starts from the present size.
        QVERIFY(size->choose(ui::SizeControl::kCustomPrint));
        QCOMPARE(size->printDpi()->value(), 300);
        QCOMPARE(size->printLength()->value(), 10.2);  // 1200 px at 300 dpi
        QCOMPARE(panel.params().size, ui::pixelsForPrint(10.2, 300));
    }

    // Issue 25: a value beyond a slider's span stays exact. The box shows it (as it was typed,
    // not rounded to the slider's decimals) and the panel hands it on unchanged whatever else is
    // edited; the slider pins at its end and says so. (Before: a TV weight of 200 showed 100.)
    void aValueBeyondTheSliderStaysExact() {
        ui::ParameterPanel panel;
        engine::StyleParams params = panel.params();
        params.tv_weight = 200.0;  // the slider spans 0 … 100
        params.content_weight = 2.345678901;
        panel.setParams(params);
        QCOMPARE(panel.smoothness()->spinBox()->value(), 200.0);
        QCOMPARE(panel.smoothness()->spinBox()->text(), QStringLiteral("200"));
        QCOMPARE(panel.contentWeight()->spinBox()->text(), QStringLiteral("2.345678901"));
        QCOMPARE(panel.smoothness()->slider()->value(), ui::SliderSpin::kSteps);
        QVERIFY(panel.smoothness()->isPinned());
        QVERIFY2(panel.smoothness()->slider()->toolTip().contains(QStringLiteral("200 is beyond the slider")),
                 qPrintable(panel.smoothness()->slider()->toolTip()));
        QVERIFY(!panel.contentWeight()->isPinned());
        QSignalSpy edited(&panel, &ui::ParameterPanel::edited);
        panel.iterations()->spinBox()->setValue(123);  // another field, edited
        QCOMPARE(edited.count(), 1);
        QCOMPARE(panel.params().tv_weight, 200.0);
        QCOMPARE(panel.params().content_weight, 2.345678901);
        QCOMPARE(panel.params().iterations, 123);
        panel.smoothness()->slider()->setValue(ui::SliderSpin::kSteps / 2);  // dragged back inside
        QCOMPARE(panel.params().tv_weight, 50.0);
        QVERIFY(!panel.smoothness()->isPinned());
        panel.smoothness()->spinBox()->setValue(5000.0);  // typed beyond it: the table's range allows it
        QCOMPARE(panel.params().tv_weight, 5000.0);
        QCOMPARE(panel.smoothness()->spinBox()->maximum(), engine::find_param_field("tv_weight")->high);
    }

    // Issue 25: the panel is made from the parameter table. Every row the table shows has an
    // editor, under Advanced when the table says so; exact boxes take the valid range; every choice
    // row (a new one too: nothing here names the rows) lists its choices and writes their spelling.
    void thePanelIsMadeFromTheTable() {
        ui::ParameterPanel panel;
        QWidget* advanced = panel.findChild<QWidget*>(QStringLiteral("Advanced"));
        QVERIFY(advanced);
        int advancedRows = 0;
        for (const engine::ParamField& field : engine::param_fields()) {
            const QString key = QString::fromUtf8(field.key.data(), field.key.size());
            QWidget* editor = panel.fieldEditor(field.key);
            const bool shown = field.stored && field.ui.widget != engine::ParamWidget::Hidden && field.ui.widget != engine::ParamWidget::Own;
            QVERIFY2((editor != nullptr) == shown, qPrintable(key));
            if (!editor) continue;
            QVERIFY2(advanced->isAncestorOf(editor) == field.ui.advanced, qPrintable(key));
            advancedRows += field.ui.advanced ? 1 : 0;
            if (auto* box = qobject_cast<QDoubleSpinBox*>(editor)) QCOMPARE(box->maximum(), field.high);
            if (auto* combo = qobject_cast<QComboBox*>(editor); combo && field.type == engine::ParamType::Choice) {
                for (const engine::ParamChoice& choice : engine::param_choices(field)) {
                    const int index = combo->findData(QString::fromUtf8(choice.value.data(), choice.value.size()));
                    QVERIFY2((index >= 0) == choice.offered, qPrintable(key));
                    if (index < 0) continue;
                    combo->setCurrentIndex(index);
                    QCOMPARE(QString::fromStdString(engine::choice_value(field, panel.params())),
                             QString::fromUtf8(choice.value.data(), choice.value.size()));
                }
            }
        }
        QVERIFY(advancedRows >= 10);
        QCOMPARE(panel.learningRate()->minimum(), 1e-8);  // the valid range (the old box stopped at 1e-4)
        QCOMPARE(panel.exactStyleWeight()->maximum(), 1e15);
        // A start image (not offered) is shown when loaded, and kept.
        engine::StyleParams params = panel.params();
        params.init = engine::InitKind::Image;
        panel.setParams(params);
        QCOMPARE(panel.initialisation()->currentData().toString(), QStringLiteral("image"));
        QCOMPARE(panel.params().init, engine::InitKind::Image);
    }

    void optionsShownOnlyWhereTheyApply() {
        ui::ParameterPanel panel;
        QCOMPARE(panel.params().optimizer, engine::OptimizerKind::Lbfgs);
        QVERIFY(!panel.isRowShown(panel.learningRate()));
        QVERIFY(panel.learningRate()->isHidden());
        panel.optimizer()->setCurrentIndex(panel.optimizer()->findData(QStringLiteral("adam")));
        QCOMPARE(panel.params().optimizer, engine::OptimizerKind::Adam);
        QVERIFY(panel.isRowShown(panel.learningRate()));
        panel.advancedToggle()->setChecked(true);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        QVERIFY(panel.learningRate()->isVisible());
        panel.optimizer()->setCurrentIndex(panel.optimizer()->findData(QStringLiteral("lbfgs")));
        QVERIFY(!panel.learningRate()->isVisible());

        // The seed is the noise start's.
        QVERIFY(!panel.isRowShown(panel.seed()));
        panel.initialisation()->setCurrentIndex(panel.initialisation()->findData(QStringLiteral("noise")));
        QVERIFY(panel.isRowShown(panel.seed()));

        // Monochrome ink: the paper colour instead of the colour options (they have no effect under it).
        QVERIFY(!panel.isRowShown(panel.paperChoice()->parentWidget()));
        QVERIFY(panel.isRowShown(panel.colourStrength()));
        panel.monochromeInk()->setChecked(true);
        QVERIFY(panel.isRowShown(panel.paperChoice()->parentWidget()));
        QVERIFY(panel.paperChoice()->isVisibleTo(&panel));  // drawn, not only said to be
        QVERIFY(!panel.isRowShown(panel.colourStrength()));
        QVERIFY(!panel.isRowShown(panel.preserveColours()));
        QVERIFY(!panel.params().paper_colour);
        // SHUIMO_SCREENSHOT_DIR=<folder>: the panel with Advanced open, Adam and monochrome ink, to look at.
        if (const QString shots = qEnvironmentVariable("SHUIMO_SCREENSHOT_DIR"); !shots.isEmpty()) {
            panel.optimizer()->setCurrentIndex(panel.optimizer()->findData(QStringLiteral("adam")));
            panel.outputSize()->choose(ui::SizeControl::kCustomPrint);
            QTest::qWait(0);
            panel.resize(360, panel.sizeHint().height());
            QTest::qWait(0);
            QVERIFY(panel.grab().save(QDir(shots).filePath(QStringLiteral("parameter_panel_advanced.png"))));
            panel.optimizer()->setCurrentIndex(panel.optimizer()->findData(QStringLiteral("lbfgs")));
        }
        panel.paperChoice()->setCurrentIndex(1);
        Q_EMIT panel.paperChoice()->activated(1);
        QVERIFY(panel.params().paper_colour.has_value());
        panel.paperChoice()->setCurrentIndex(0);
        Q_EMIT panel.paperChoice()->activated(0);
        QVERIFY(!panel.params().paper_colour);

        // A value given while its row is hidden is kept all the same.
        engine::StyleParams params = panel.params();
        params.optimizer = engine::OptimizerKind::Lbfgs;
        params.learning_rate = 0.3;
        panel.setParams(params);
        QVERIFY(!panel.isRowShown(panel.learningRate()));
        QCOMPARE(panel.params().learning_rate, 0.3);
    }

    void narrowWindowGivesThePreviewTheRoom() {
        ui::MainWindow window;
        window.resize(1024, 700);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        auto* styles = window.findChild<QDockWidget*>(QStringLiteral("StylesDock"));
        auto* parameters = window.findChild<QDockWidget*>(QStringLiteral("ParametersDock"));
        QVERIFY(styles && parameters);
        QTRY_VERIFY(window.tabifiedDockWidgets(parameters).contains(styles));
        QTRY_VERIFY2(window.centralWidget()->width() >= 0.55 * window.width(),
                     qPrintable(QStringLiteral("the preview's column is %1 of %2 px").arg(window.centralWidget()->width()).arg(window.width())));
        qInfo("1024x700: the preview's column is %d px", window.centralWidget()->width());
        // The parameters are not cut off: their column is inside the window, the Run button visible.
        QVERIFY(parameters->isVisible());
        const QRect column(parameters->mapTo(&window, QPoint(0, 0)), parameters->size());
        QVERIFY2(window.rect().contains(column), qPrintable(QStringLiteral("%1,%2 %3×%4").arg(column.x()).arg(column.y()).arg(column.width()).arg(column.height())));
        // Issue 25: Run and the progress stay in reach whichever tab is in front (they sit under
        // the preview, not in the Parameters tab the Styles tab covers).
        QPushButton* run = window.runBar()->runButton();
        QVERIFY(run->isVisible());
        QVERIFY(!parameters->isAncestorOf(run) && !styles->isAncestorOf(run));  // in no tab
        styles->raise();
        QTRY_VERIFY(styles->isVisible());
        QVERIFY(run->isVisible());
        QVERIFY(window.runBar()->progressBar()->isVisible());
        QVERIFY(window.rect().contains(QRect(run->mapTo(&window, QPoint(0, 0)), run->size())));
        parameters->raise();

        // Wide: the styles go back to the left, and the preview keeps the most room.
        window.resize(1600, 1000);
        QTRY_COMPARE(window.dockWidgetArea(styles), Qt::LeftDockWidgetArea);
        QTRY_VERIFY(styles->isVisible() && parameters->isVisible());
        QVERIFY(window.centralWidget()->width() >= window.width() / 2);
        window.resize(1024, 700);
        QTRY_VERIFY(window.tabifiedDockWidgets(parameters).contains(styles));
    }

    // Issue 25: a window closed narrow (one tabbed column) and opened wide gets the wide layout back.
    void aTabbedLayoutSavedSmallIsNotKeptWide() {
        QSettings().remove(QStringLiteral("window"));
        {
            ui::MainWindow window;
            window.resize(1024, 700);
            window.show();
            QVERIFY(QTest::qWaitForWindowExposed(&window));
            auto* parameters = window.findChild<QDockWidget*>(QStringLiteral("ParametersDock"));
            QTRY_VERIFY(window.tabifiedDockWidgets(parameters).contains(window.findChild<QDockWidget*>(QStringLiteral("StylesDock"))));
            QVERIFY(window.close());
        }
        ui::MainWindow window;
        window.resize(1600, 1000);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        auto* styles = window.findChild<QDockWidget*>(QStringLiteral("StylesDock"));
        QTRY_COMPARE(window.dockWidgetArea(styles), Qt::LeftDockWidgetArea);
        QVERIFY(!window.tabifiedDockWidgets(window.findChild<QDockWidget*>(QStringLiteral("ParametersDock"))).contains(styles));
        window.controller()->shutdown();
    }

    void viewMenuReachesEveryPanel() {
        ui::MainWindow window;
        window.resize(1024, 700);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QMenu* view = viewMenu(window);
        QVERIFY(view);
        const QList<QAction*> actions = view->actions();
        const QList<QDockWidget*> docks = window.findChildren<QDockWidget*>();
        QVERIFY(docks.size() >= 2);
        for (QDockWidget* dock : docks) {
            QVERIFY2(actions.contains(dock->toggleViewAction()), qPrintable(dock->objectName()));
            dock->toggleViewAction()->trigger();  // closed ...
            QVERIFY(dock->isHidden());
            dock->toggleViewAction()->trigger();  // ... and back
            QVERIFY(!dock->isHidden());
        }
        for (QToolBar* bar : window.findChildren<QToolBar*>()) QVERIFY2(actions.contains(bar->toggleViewAction()), qPrintable(bar->objectName()));

        // Reset Layout brings back a closed, floated panel.
        auto* styles = window.findChild<QDockWidget*>(QStringLiteral("StylesDock"));
        styles->setFloating(true);
        styles->close();
        QAction* reset = nullptr;
        for (QAction* action : actions)
            if (action->text() == QStringLiteral("Reset &Layout")) reset = action;
        QVERIFY(reset);
        reset->trigger();
        QVERIFY(!styles->isFloating());
        QTRY_VERIFY(styles->isVisible());
    }

    void windowStateIsRestored() {
        QSettings().remove(QStringLiteral("window"));
        {
            ui::MainWindow window;
            window.resize(1500, 900);
            window.show();
            QVERIFY(QTest::qWaitForWindowExposed(&window));
            window.findChild<QDockWidget*>(QStringLiteral("StylesDock"))->close();
            window.findChild<QToolBar*>(QStringLiteral("MainToolBar"))->hide();
            QVERIFY(window.close());
            window.controller()->shutdown();
        }
        QVERIFY(!QSettings().value(QStringLiteral("window/state")).toByteArray().isEmpty());
        {
            ui::MainWindow window;
            window.show();
            QVERIFY(QTest::qWaitForWindowExposed(&window));
            QVERIFY(window.findChild<QDockWidget*>(QStringLiteral("StylesDock"))->isHidden());
            QVERIFY(window.findChild<QToolBar*>(QStringLiteral("MainToolBar"))->isHidden());
            QVERIFY(!window.findChild<QDockWidget*>(QStringLiteral("ParametersDock"))->isHidden());

            // A state saved by another version of the layout is not applied.
            QSettings().setValue(QStringLiteral("window/state"), window.saveState(1));
            window.controller()->shutdown();
        }
        ui::MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(!window.findChild<QDockWidget*>(QStringLiteral("StylesDock"))->isHidden());
        QVERIFY(!window.findChild<QToolBar*>(QStringLiteral("MainToolBar"))->isHidden());
        window.controller()->shutdown();
    }
};

int main(int argc, char** argv) {
    ui::preferPassiveOpenMpWaits(argv);
    QApplication app(argc, argv);
    TestParameterControls test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_parameter_controls.moc"
