// The interconnect roof of a deployment (docs/models.md, "Communication"): the chart draws a
// dotted slope, labelled, at the bandwidth the step's collectives reach, so a decode step on
// several devices shows its communication against it; one device draws none.
//
// Llama 3.1 70B, BF16, decode, batch 1, S = 4096 on four H100 SXM5 (TP 4): NVLink beta
// 450e9 B/s per direction, alpha 19.1 us. 161 all-reduces of 8192 * 2 = 16,384 B and one
// all-gather of the logits, 128256 * 2 = 256,512 B:
//   time  = 161 * (19.1e-6 + 2 * 3/4 * 16384 / 450e9) + 19.1e-6 + 3/4 * 256512 / 450e9
//         = 3.10342027e-3 s
//   bytes = 161 * 1.5 * 16384 + 0.75 * 256512 = 4,149,120 B each device sends
//   roof  = 4,149,120 / 3.10342027e-3 = 1.33695e9 B/s, far below beta: alpha floors it.
#include "catalog.h"
#include "scenarioanalysis.h"
#include "scenemodel.h"
#include "testhelpers.h"

#include <QTest>

#include <algorithm>

using namespace rooflab;

class TestLinkSlope : public QObject
{
    Q_OBJECT

private:
    static Scenario llama70b(int tp)
    {
        Scenario s;
        s.model = QStringLiteral("llama-3.1-70b");
        s.batch = 1;
        s.seq = 4096;
        s.devices = {QStringLiteral("h100-sxm5")};
        s.deployment.tp = tp;
        return s;
    }

private Q_SLOTS:
    void fourH100sDrawTheirLink()
    {
        const Catalog catalog = Catalog::builtin();
        const ScenarioAnalysis a = analyzeScenario(catalog, llama70b(4));
        const SceneModel model = SceneModel::build(a.chart, ChartOptions());
        const auto link = std::find_if(model.slopes.cbegin(), model.slopes.cend(),
                                       [](const SceneSlope &s) { return s.link; });
        QVERIFY(link != model.slopes.cend());
        const double comm = 161 * (19.1e-6 + 1.5 * 16384 / 450e9) + 19.1e-6 + 0.75 * 256512 / 450e9;
        ROOFLAB_COMPARE_NEAR(link->bandwidth, 4149120.0 / comm, 1e-9);
        QCOMPARE(link->label,
                 QStringLiteral("NVLink 4 via NVSwitch (HGX H100) reached 1.337 GB/s"));
        // It leads up to the compute roof the points answer to: BF16 989.5 TFLOP/s.
        ROOFLAB_COMPARE_NEAR(link->topRidge, 989.5e12 / (4149120.0 / comm), 1e-9);
        // The communication point sits on it.
        const auto point = std::find_if(
            a.chart.points.cbegin(), a.chart.points.cend(),
            [](const PointAnalysis &p) { return p.operatorId == QStringLiteral("communication"); });
        QVERIFY(point != a.chart.points.cend());
        ROOFLAB_COMPARE_NEAR(point->bandwidth, link->bandwidth, 1e-12);
        // Its marker's legend line names what it is, not the "custom" of its operator kind.
        QStringList markers;
        for (const SceneLegendEntry &entry : model.legend) {
            if (entry.kind == SceneLegendEntry::Kind::Marker)
                markers.append(entry.text);
        }
        QVERIFY2(markers.contains(QStringLiteral("communication")) &&
                     !markers.contains(QStringLiteral("custom")),
                 qPrintable(markers.join(QLatin1Char('|'))));
        // The main memory's slope is still there, not dotted.
        QVERIFY(std::any_of(model.slopes.cbegin(), model.slopes.cend(), [](const SceneSlope &s) {
            return !s.link && !s.ghost && s.bandwidth == 3.35e12;
        }));
    }

    void oneDeviceDrawsNoLink()
    {
        const Catalog catalog = Catalog::builtin();
        const ScenarioAnalysis a = analyzeScenario(catalog, llama70b(1));
        const SceneModel model = SceneModel::build(a.chart, ChartOptions());
        QVERIFY(std::none_of(model.slopes.cbegin(), model.slopes.cend(),
                             [](const SceneSlope &s) { return s.link; }));
    }
};

QTEST_MAIN(TestLinkSlope)
#include "tst_linkslope.moc"
