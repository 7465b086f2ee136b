// A scenario file's "view": the presentation and the selection it keeps beside the numbers
// (docs/scenario-files.md), including the fields older files lacked.
#include "catalog.h"
#include "scenariofile.h"

#include <QTest>

using namespace rooflab;

namespace {

QString s(const char *text)
{
    return QString::fromUtf8(text);
}

} // namespace

class TestScenarioView : public QObject
{
    Q_OBJECT

    Catalog m_catalog = Catalog::builtin();

private Q_SLOTS:
    void zonesAndTextScaleSurviveSave()
    {
        // The two choices the view used to forget: zones off, and a text scale.
        Presentation view;
        view.showZones = false;
        view.textScale = 2.25;
        const QByteArray bytes = writeScenarioFile(defaultScenario(m_catalog), view);
        QStringList errors;
        const auto doc = readScenarioFile(bytes, s("zones"), m_catalog, &errors);
        QVERIFY2(doc, qPrintable(errors.join(s("\n"))));
        QCOMPARE(doc->presentation.showZones, false);
        QCOMPARE(doc->presentation.textScale, 2.25);
    }

    void legacyLargeTextReadsAsItsScale()
    {
        // Files written before text_scale carried "large_text": true, the window's 1.35.
        const QByteArray bytes = R"({"schema": "rooflab-scenario", "version": 1,
            "scenario": {"devices": ["l4"], "operators": []},
            "view": {"large_text": true}})";
        QStringList errors;
        const auto doc = readScenarioFile(bytes, s("legacy"), m_catalog, &errors);
        QVERIFY2(doc, qPrintable(errors.join(s("\n"))));
        QCOMPARE(doc->presentation.textScale, 1.35);
    }

    void modelSelectionAndCaptionRoundTrip()
    {
        // With a model the chart's points are its classes, so a class is a valid selection.
        Scenario scenario = defaultScenario(m_catalog);
        scenario.model = s("llama-3.1-70b");
        Presentation view;
        view.caption = true;
        const Selection selection{.device = s("h100-sxm5"), .op = s("mlp")};
        const QByteArray bytes = writeScenarioFile(scenario, view, selection);
        QVERIFY(bytes.contains("\"caption\": true"));
        QStringList errors;
        const auto doc = readScenarioFile(bytes, s("model"), m_catalog, &errors);
        QVERIFY2(doc, qPrintable(errors.join(s("\n"))));
        QCOMPARE(doc->presentation, view);
        QCOMPARE(doc->selection, selection);
        // The view does not name highlight_selection: an export leaves the ring out.
        QVERIFY(!doc->highlightNamed);
        // Without a caption the field is left out, as files written before it had it.
        QVERIFY(!writeScenarioFile(scenario, Presentation()).contains("\"caption\""));
    }
};

QTEST_GUILESS_MAIN(TestScenarioView)
#include "tst_scenarioview.moc"
