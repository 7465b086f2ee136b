#include "catalog.h"
#include "scenarioanalysis.h"
#include "sceneframe.h"
#include "scenemodel.h"

#include <QTest>

#include <algorithm>

using namespace rooflab;

// Ridge labels where several devices' corners crowd (docs/labels.md, "Each label has its
// own list of places").
class TestRidgeLabels : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void everyRidgeLabelSitsAtItsOwnCorner();
};

void TestRidgeLabels::everyRidgeLabelSitsAtItsOwnCorner()
{
    // The model figure with four devices, Llama 3.1 70B decode at batch 1 and 32, the view
    // following the content, at the benchmarks' size: every roof's ridge label is drawn, next to
    // its own corner, in its device's colour. Where the corners crowd (the H200 shares the H100's
    // BF16 roof, the MI300X's FP32 roof starts among three slopes) two of them used to find no
    // place. By hand, from the datasheet figures the chart prints: the H200's BF16 ridge is 989.5
    // TFLOP/s / 4.8 TB/s = 206.1 FLOP/B, "206"; the MI300X's FP32 ridge is 163.4 TFLOP/s / 5.3 TB/s
    // = 30.83 FLOP/B, "30.8".
    const QRectF plot(80, 20, 1500, 900);
    const Catalog catalog = Catalog::builtin();
    for (double batch : {1.0, 32.0}) {
        Scenario scenario;
        scenario.model = QStringLiteral("llama-3.1-70b");
        scenario.devices = {QStringLiteral("h100-sxm5"), QStringLiteral("h200-sxm"),
                            QStringLiteral("mi300x"), QStringLiteral("b200")};
        scenario.batch = batch;
        const SceneModel model =
            SceneModel::build(analyzeScenario(catalog, scenario).chart, ChartOptions());
        const ViewRange &c = model.content;
        const AxisMapping map{plot, c.xMin, c.xMax, c.yMin, c.yMax};
        const SceneFrame frame = SceneFrame::layout(model, map, {});
        QStringList ridges;
        for (const SceneRoof &roof : model.roofs) {
            if (roof.ridgeLabel.isEmpty())
                continue;
            ridges.append(roof.ridgeLabel);
            const PlacedText *label = nullptr;
            for (const PlacedText &t : frame.texts) {
                if (t.style == TextStyle::Ridge && t.text == roof.ridgeLabel)
                    label = &t;
            }
            QVERIFY2(
                label,
                qPrintable(QStringLiteral("batch %1: no \"%2\"").arg(batch).arg(roof.ridgeLabel)));
            QCOMPARE(label->color, model.theme.deviceColor(roof.device));
            // Next to its corner: the box within 36 px of it (three 15 px steps down from
            // 5 px under the roof, or two up from 5 px over the slope, and 16 px of the
            // box's height), or under the roof at most one label width further right.
            const QPointF corner = map.toPixel(roof.ridge, roof.peak);
            const QRectF &box = label->rect;
            const QPointF nearest(std::clamp(corner.x(), box.left(), box.right()),
                                  std::clamp(corner.y(), box.top(), box.bottom()));
            const QRectF underRoof(corner.x(), corner.y(), 2 * box.width() + 6, 52);
            QVERIFY2(QLineF(nearest, corner).length() <= 36 || underRoof.contains(box),
                     qPrintable(roof.ridgeLabel));
        }
        QVERIFY2(ridges.contains(QStringLiteral("ridge 206 FLOP/B")),
                 qPrintable(ridges.join(QLatin1Char(','))));
        QVERIFY2(ridges.contains(QStringLiteral("ridge 30.8 FLOP/B")),
                 qPrintable(ridges.join(QLatin1Char(','))));
    }
}

QTEST_MAIN(TestRidgeLabels)
#include "tst_ridgelabels.moc"
