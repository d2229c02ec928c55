// The preview: the before/after divider follows the mouse, zoom steps and fit.

#include <QImage>
#include <QtTest>

#include "preview_view.h"

using namespace shuimo;

class TestPreviewView : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void dividerFollowsTheMouse() {
        ui::PreviewView view;
        QImage before(200, 100, QImage::Format_RGB888);
        before.fill(Qt::black);
        QImage after(200, 100, QImage::Format_RGB888);
        after.fill(Qt::white);
        view.setBefore(before);
        view.setAfter(after);
        view.resize(400, 200);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QCOMPARE(view.mode(), ui::PreviewView::Mode::Split);
        // Fitted: the image fills the 400 px width; the divider starts in the middle.
        const int y = view.height() / 2;
        QTest::mousePress(&view, Qt::LeftButton, Qt::NoModifier, QPoint(200, y));
        QTest::mouseMove(&view, QPoint(300, y));
        QTest::mouseRelease(&view, Qt::LeftButton, Qt::NoModifier, QPoint(300, y));
        QVERIFY2(qAbs(view.splitPosition() - 0.75) < 0.01, qPrintable(QString::number(view.splitPosition())));
        // Away from the divider, a drag pans instead.
        QTest::mousePress(&view, Qt::LeftButton, Qt::NoModifier, QPoint(50, y));
        QTest::mouseMove(&view, QPoint(80, y));
        QTest::mouseRelease(&view, Qt::LeftButton, Qt::NoModifier, QPoint(80, y));
        QVERIFY(qAbs(view.splitPosition() - 0.75) < 0.01);
    }

    void zoomStepsAndFit() {
        ui::PreviewView view;
        QImage image(100, 50, QImage::Format_RGB888);
        image.fill(Qt::gray);
        view.setBefore(image);
        view.resize(400, 400);
        QVERIFY(view.fitsWindow());
        const double fitted = view.zoom();
        view.zoomIn();
        QVERIFY(!view.fitsWindow());
        QVERIFY(view.zoom() > fitted);
        view.zoomActualSize();
        QCOMPARE(view.zoom(), 1.0);
        view.zoomOut();
        QVERIFY(view.zoom() < 1.0);
        view.zoomToFit();
        QVERIFY(view.fitsWindow());
        QCOMPARE(view.zoom(), fitted);
    }
};

QTEST_MAIN(TestPreviewView)
#include "tst_preview_view.moc"
