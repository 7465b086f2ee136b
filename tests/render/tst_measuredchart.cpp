// Measured kernels on the chart (docs/measured-data.md, "On the chart"): a cross where each
// ran, a plus at its inner levels, labels for the slowest only, the rest counted.
#include "catalog.h"
#include "measuredpoints.h"
#include "renderfixtures.h"
#include "scenarioanalysis.h"
#include "sceneframe.h"
#include "scenemodel.h"

#include <QTest>

#include <cmath>

using namespace rooflab;
using rooflab::test::mappingFor;

namespace {

// Twelve kernels on the A100, the k-th taking (12 - k) ms: kernel 0 is the slowest. Each
// does 1e9 FLOP over (k + 1) 1e8 B at DRAM and twice that at L2 (10 / (k + 1) and 5 / (k + 1)
// FLOP/B), at 1e9 / ((12 - k) 1e-3) FLOP/s.
Scenario twelveKernels()
{
    Scenario s;
    s.devices = {QStringLiteral("a100-sxm4-40gb")};
    for (int k = 0; k < 12; ++k) {
        MeasuredKernel m;
        m.name = QStringLiteral("kernel_%1(float*)").arg(k);
        m.launches = 1;
        m.flops = 1e9;
        m.timeS = (12 - k) * 1e-3;
        m.bytes = {.dram = (k + 1) * 1e8, .l2 = (k + 1) * 2e8, .l1 = {}};
        s.measured.append(m);
    }
    return s;
}

} // namespace

class TestMeasuredChart : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void crossesWhereTheyRanAndPlusesAtInnerLevels()
    {
        const ScenarioAnalysis result = analyzeScenario(Catalog::builtin(), twelveKernels());
        const SceneModel model = SceneModel::build(result.chart, ChartOptions{});
        QCOMPARE(model.points.size(), 24); // a DRAM and an L2 point each
        int crosses = 0, pluses = 0;
        for (const ScenePoint &point : model.points) {
            const PointAnalysis &p = result.chart.points.at(point.analysisIndex);
            QCOMPARE(point.shape, p.measured->outermost ? MarkerShape::Cross : MarkerShape::Plus);
            crosses += point.shape == MarkerShape::Cross ? 1 : 0;
            pluses += point.shape == MarkerShape::Plus ? 1 : 0;
            // Drawn at the FLOP/s it reached, not on a roof: 1e9 / ((12 - k) 1e-3), kernel k
            // being the one its id names ("measured-k-dram").
            const int k = p.operatorId.section(QLatin1Char('-'), 1, 1).toInt();
            QCOMPARE(p.measured->kernel, QStringLiteral("kernel_%1(float*)").arg(k));
            QVERIFY2(std::abs(point.y / (1e9 / ((12 - k) * 1e-3)) - 1) < 1e-12,
                     qPrintable(QStringLiteral("kernel %1 at %2 FLOP/s").arg(k).arg(point.y)));
        }
        QCOMPARE(crosses, 12);
        QCOMPARE(pluses, 12);
        // The legend names both markers and no "custom" kind.
        QStringList legend;
        for (const SceneLegendEntry &entry : model.legend)
            legend.append(entry.text);
        QVERIFY2(legend.contains(QStringLiteral("measured kernel")),
                 qPrintable(legend.join(QLatin1Char('|'))));
        QVERIFY(legend.contains(QStringLiteral("the same at L2 or L1")));
        QVERIFY(!legend.contains(QStringLiteral("custom")));
    }

    void onlyTheSlowestAreLabelled()
    {
        const ScenarioAnalysis result = analyzeScenario(Catalog::builtin(), twelveKernels());
        const SceneModel model = SceneModel::build(result.chart, ChartOptions{});
        // Labelled: the outermost point of the 8 slowest (kernels 0 to 7). Each label says
        // how close it came to its roof: kernel 0 reaches 1e9 / 12e-3 = 8.33e10 FLOP/s under
        // a DRAM roof of 1.555e12 * 10 = 1.555e13, 0.54 % of it.
        int labelled = 0;
        for (const SceneGroup &group : model.groups)
            labelled += group.unlabelled ? 0 : 1;
        QCOMPARE(labelled, labelledMeasuredKernels);
        const SceneFrame frame = SceneFrame::layout(model, mappingFor(model), {});
        // Each name on a line of its own: touching labels are merged, one name a line.
        QStringList placed;
        for (const PlacedText &text : frame.texts) {
            if (text.style == TextStyle::Point || text.style == TextStyle::SelectedPoint)
                placed.append(text.text.split(QLatin1Char('\n')));
        }
        for (const NumberedLabel &numbered : frame.numbered)
            placed.append(numbered.text.split(QLatin1Char('\n')));
        for (int k = 0; k < 12; ++k) {
            const bool shown = std::any_of(placed.cbegin(), placed.cend(), [k](const QString &t) {
                return t.startsWith(QStringLiteral("kernel_%1 ").arg(k));
            });
            QVERIFY2(
                shown == (k < labelledMeasuredKernels),
                qPrintable(
                    QStringLiteral("kernel_%1: %2").arg(k).arg(placed.join(QLatin1Char('|')))));
        }
        QVERIFY2(placed.contains(QStringLiteral("kernel_0 · 0.54 % of roof")),
                 qPrintable(placed.join(QLatin1Char('|'))));
        // The four fastest and every L2 point are counted as left out.
        QVERIFY2(frame.unlabelled >= 16, qPrintable(QString::number(frame.unlabelled)));
    }

    void theSelectedKernelIsLabelledWhateverItsRank()
    {
        ChartOptions options;
        options.highlight = true;
        options.selectedDevice = QStringLiteral("a100-sxm4-40gb");
        options.selectedOperator = QStringLiteral("measured-11-dram"); // the fastest
        const ScenarioAnalysis result = analyzeScenario(Catalog::builtin(), twelveKernels());
        const SceneModel model = SceneModel::build(result.chart, options);
        const SceneFrame frame = SceneFrame::layout(model, mappingFor(model), {});
        const bool shown =
            std::any_of(frame.texts.cbegin(), frame.texts.cend(), [](const PlacedText &t) {
                return t.text.startsWith(QStringLiteral("kernel_11 "));
            });
        QVERIFY(shown);
    }
};

QTEST_MAIN(TestMeasuredChart)
#include "tst_measuredchart.moc"
