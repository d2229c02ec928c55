// Dynamic loss scaling: grows after a run of clean steps, backs off on
// overflow, and says when reduced precision should be given up.

#include <QTest>

#include "shuimo/engine/loss_scaler.h"

using namespace shuimo;

class TestLossScaler : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void growsAfterTheInterval() {
        engine::LossScaler scaler({1024.0, 2.0, 0.5, 3, 1.0, 4});
        QVERIFY(scaler.update(true));
        QVERIFY(scaler.update(true));
        QCOMPARE(scaler.scale(), 1024.0);
        QVERIFY(scaler.update(true));
        QCOMPARE(scaler.scale(), 2048.0);
    }

    void backsOffOnOverflowAndRestartsTheCount() {
        engine::LossScaler scaler({1024.0, 2.0, 0.5, 3, 1.0, 4});
        QVERIFY(scaler.update(true));
        QVERIFY(scaler.update(true));
        QVERIFY(!scaler.update(false));
        QCOMPARE(scaler.scale(), 512.0);
        QVERIFY(scaler.update(true));
        QVERIFY(scaler.update(true));
        QCOMPARE(scaler.scale(), 512.0);  // the clean run started again after the overflow
        QVERIFY(scaler.update(true));
        QCOMPARE(scaler.scale(), 1024.0);
        QVERIFY(!scaler.exhausted());
    }

    void givesUpAfterRepeatedFailures() {
        engine::LossScaler scaler({1e6, 2.0, 0.5, 100, 1.0, 4});
        for (int i = 0; i < 3; ++i) QVERIFY(!scaler.update(false));
        QVERIFY(!scaler.exhausted());
        QVERIFY(!scaler.update(false));
        QVERIFY(scaler.exhausted());
        QCOMPARE(scaler.consecutive_failures(), 4);
    }

    void givesUpBelowTheMinimumScale() {
        engine::LossScaler scaler({2.0, 2.0, 0.5, 100, 1.0, 100});
        QVERIFY(!scaler.update(false));
        QVERIFY(!scaler.exhausted());  // 1.0: still allowed
        QVERIFY(!scaler.update(false));
        QVERIFY(scaler.exhausted());   // 0.5
    }
};

QTEST_GUILESS_MAIN(TestLossScaler)
#include "tst_loss_scaler.moc"
