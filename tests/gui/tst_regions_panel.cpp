// Issue 26, the brush at work: the Regions panel over a preview (offscreen widgets). A drag
// with the brush paints the region under the mouse and nowhere else, shown at once in the
// overlay; the first stroke on a photo without regions makes one; a drag with the right
// button pans instead; each stroke is one undo step; the eraser and the fill; the kind and
// strength controls edit the model; the tools do nothing while the panel is hidden.

#include <QApplication>
#include <QComboBox>
#include <QListWidget>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest>

#include "gui_test_support.h"
#include "preview_view.h"
#include "regions_panel.h"
#include "studio_model.h"
#include "style_library.h"

using namespace shuimo;

namespace {

double maskAt(const session::Picture& mask, QPointF at) {
    const int x = std::clamp(static_cast<int>(at.x()), 0, mask.width - 1), y = std::clamp(static_cast<int>(at.y()), 0, mask.height - 1);
    return mask.samples[static_cast<std::size_t>(y) * mask.width + x] / 65535.0;
}

void drag(QWidget* widget, Qt::MouseButton button, QPoint from, QPoint to) {
    QTest::mousePress(widget, button, {}, from);
    for (int i = 1; i <= 8; ++i) QTest::mouseMove(widget, from + (to - from) * i / 8);
    QTest::mouseRelease(widget, button, {}, to);
}

}  // namespace

class TestRegionsPanel : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_dir.isValid());
        m_photo = testing::writeImage(m_dir.path(), QStringLiteral("cat.png"), 128, 96, false);
    }

    void theBrushPaintsWhereTheMouseGoes() {
        ui::StudioModel model;
        model.addPhotos({m_photo});
        ui::PreviewView preview;
        preview.resize(400, 300);
        preview.setBefore(testing::makeImage(128, 96, false));
        ui::RegionsPanel panel(&model, &preview, [] { return QList<ui::StyleEntry>{}; });
        preview.show();
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&preview));

        // Hidden (another tab raised): no overlay, no tool.
        panel.setActive(false);
        panel.setTool(static_cast<int>(ui::PreviewView::Tool::Brush));
        QCOMPARE(preview.tool(), ui::PreviewView::Tool::None);
        QVERIFY(preview.overlay().isNull());
        panel.setActive(true);
        QCOMPARE(preview.tool(), ui::PreviewView::Tool::Brush);
        QCOMPARE(preview.overlay().size(), QSize(128, 96));  // the mask size, ready for the first stroke

        const QPoint centre = preview.rect().center();
        const QPoint left = centre + QPoint(-120, -40), right = centre + QPoint(100, -40);
        const QPointF leftInMask = preview.toOverlay(left), rightInMask = preview.toOverlay(right);
        drag(&preview, Qt::LeftButton, left, right);
        QCOMPARE(model.regions().size(), std::size_t{1});  // made by the first stroke
        QCOMPARE(model.undoStack()->count(), 2);          // the region, the stroke
        const session::Picture& mask = model.regions()[0].mask;
        QCOMPARE(maskAt(mask, leftInMask), 1.0);
        QCOMPARE(maskAt(mask, (leftInMask + rightInMask) / 2), 1.0);
        QCOMPARE(maskAt(mask, rightInMask), 1.0);
        QCOMPARE(maskAt(mask, preview.toOverlay(centre + QPoint(0, 100))), 0.0);  // away from the stroke
        // The overlay shows it (after its frame's coalescing).
        QTRY_VERIFY(qAlpha(preview.overlay().pixel(leftInMask.toPoint())) > 0);
        QCOMPARE(qAlpha(preview.overlay().pixel(preview.toOverlay(centre + QPoint(0, 100)).toPoint())), 0);

        // The right button pans: no paint, no undo step.
        const session::Picture before = model.regions()[0].mask;
        drag(&preview, Qt::RightButton, centre + QPoint(0, 80), centre + QPoint(60, 100));
        QCOMPARE(model.regions()[0].mask, before);
        QCOMPARE(model.undoStack()->count(), 2);
        QVERIFY(preview.toOverlay(left) != leftInMask);  // it moved the picture
        preview.zoomToFit();

        // The eraser takes the middle away; undo puts it back.
        panel.setTool(static_cast<int>(ui::PreviewView::Tool::Eraser));
        const QPoint middle = (left + right) / 2;
        drag(&preview, Qt::LeftButton, middle, middle + QPoint(1, 0));
        QCOMPARE(maskAt(model.regions()[0].mask, preview.toOverlay(middle)), 0.0);
        QCOMPARE(maskAt(model.regions()[0].mask, leftInMask), 1.0);
        model.undoStack()->undo();
        QCOMPARE(model.regions()[0].mask, before);

        // The fill: the photo's similar colours around the click (the dark disc in the middle).
        panel.setTool(static_cast<int>(ui::PreviewView::Tool::Fill));
        QTest::mouseClick(&preview, Qt::LeftButton, {}, centre);
        QCOMPARE(maskAt(model.regions()[0].mask, preview.toOverlay(centre)), 1.0);
        QCOMPARE(maskAt(model.regions()[0].mask, preview.toOverlay(centre + QPoint(0, 100))), 0.0);

        // The chosen region's kind and strength are the model's.
        auto* kind = panel.findChildren<QComboBox*>().at(0);
        kind->setCurrentIndex(kind->findData(static_cast<int>(engine::RegionKind::Paper)));
        QCOMPARE(model.regions()[0].kind, engine::RegionKind::Paper);
        QVERIFY(panel.list()->item(0)->text().contains(QStringLiteral("blank paper")));
        model.undoStack()->undo();
        QCOMPARE(model.regions()[0].kind, engine::RegionKind::Style);
        QCOMPARE(kind->currentData().toInt(), static_cast<int>(engine::RegionKind::Style));  // the panel follows undo
    }

private:
    QTemporaryDir m_dir;
    QString m_photo;
};

QTEST_MAIN(TestRegionsPanel)
#include "tst_regions_panel.moc"
