// A caption table under an exported figure gives way to the figure (issue 12): on a narrow
// figure a bound every row shares is named above the table rather than an operator's name
// being cut, a smaller font comes before cut names, at large text a long table gives up rows
// until the plot keeps a third of the figure's height, and two tables asked for are both
// drawn.

#include "captiontable.h"
#include "devicecompare.h"
#include "figure.h"
#include "renderfixtures.h"
#include "testhelpers.h"

#include <QTemporaryDir>
#include <QTest>

using namespace rooflab;
using namespace rooflab::test;

namespace {

// The chart's options at a text scale.
ChartOptions atScale(double textScale)
{
    ChartOptions options;
    options.fontScale = textScale;
    return options;
}

// Llama 3.1 70B decode on the three devices at `batch`, with its deployment compared on
// each: what a figure with both tables (--caption and --compare-table) is drawn from.
struct BothTables
{
    ScenarioAnalysis result;
    QList<CompareRow> rows;

    explicit BothTables(double batch)
    {
        Scenario sc;
        sc.model = QStringLiteral("llama-3.1-70b");
        sc.devices = threeDevices();
        sc.batch = batch;
        const Catalog catalog = Catalog::builtin();
        result = analyzeScenario(catalog, sc);
        rows = compareDevices(catalog, sc, sc.devices, result.models);
    }

    Figure figure(double textScale, const QSize &size) const
    {
        return Figure(result.chart, atScale(textScale), size,
                      {.points = true, .models = result.models, .compareRows = rows});
    }
};

} // namespace

class TestCaptionRoom : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;

private Q_SLOTS:
    // Llama 3.1 70B decode at batch 16 on H100, H200 and MI300X. A decode GEMM of a k x n
    // BF16 weight at batch b does 2bkn FLOPs on about 2kn bytes of weight, so its intensity
    // is about b = 16 FLOP/B (the caption's 15.94-15.97); attention (a KV cache read per
    // token) and the norms are lower still. The ridges are 989.5 / 3.35 = 295 (H100),
    // 989.5 / 4.8 = 206 (H200) and 1307.4 / 5.3 = 247 (MI300X) FLOP/B, so every row is
    // memory-bound. At 800 px and 175 % the short device names were not enough: "Attention
    // projections" was cut. The bound column now goes, named once above the table.
    void aNarrowTableNamesASharedBoundAboveIt()
    {
        const ScenarioAnalysis result = analysisAt(threeDevices(), 16);
        const SceneModel model = SceneModel::build(result.chart, atScale(1.75));
        CaptionTable table = CaptionTable::build(result.chart, model, result.models);
        QVERIFY(table.layout(800, 1000) > 0);
        QVERIFY(table.usesShortDeviceNames());
        QVERIFY2(!table.shownTitles().contains(QStringLiteral("Bound")),
                 qPrintable(table.shownTitles().join(QLatin1Char(','))));
        QCOMPARE(table.sharedLine(), QStringLiteral("Bound: memory (every point)"));
        // A wide figure keeps the column and names nothing above the table.
        QVERIFY(table.layout(1600, 1000) > 0);
        QVERIFY(table.shownTitles().contains(QStringLiteral("Bound")));
        QVERIFY(table.sharedLine().isEmpty());

        QString error;
        const QStringList texts =
            captionedFigureTexts(result, m_dir.filePath(QStringLiteral("bound-above.svg")),
                                 QSize(800, 1000), 1.75, &error);
        QVERIFY2(!texts.isEmpty(), qPrintable(error));
        // The table lists the class on the H100 and the H200; the plot labels it once at most.
        QVERIFY2(texts.count(QStringLiteral("Attention projections")) >= 2,
                 qPrintable(texts.join(QLatin1Char('|'))));
        QVERIFY(texts.contains(QStringLiteral("Bound: memory (every point)")));
        QVERIFY2(firstCutText(texts).isEmpty(), qPrintable(firstCutText(texts)));
    }

    // At batch 1024 the GEMMs' intensity is about 1024 / (1 + 1024 (k + n) / (k n)); with
    // k = n = 8192 that is 1024 / 1.25 = 819 FLOP/B, over 1.25 x 295 = 369 on the H100: they
    // are compute-bound while the norms (about 1.25 FLOP/B) stay memory-bound. A bound that
    // differs keeps its column at 800 px, where the devices already have their short names.
    void aBoundThatDiffersKeepsItsColumn()
    {
        const ScenarioAnalysis result = analysisAt(threeDevices(), 1024);
        const SceneModel model = SceneModel::build(result.chart, atScale(1.75));
        CaptionTable table = CaptionTable::build(result.chart, model, result.models);
        QVERIFY(table.layout(800, 1000) > 0);
        QVERIFY(table.usesShortDeviceNames());
        QVERIFY(table.shownTitles().contains(QStringLiteral("Bound")));
        QVERIFY2(!table.sharedLine().contains(QStringLiteral("Bound")),
                 qPrintable(table.sharedLine()));
    }

    // At batch 1024, 700 px and 175 %, the bound differs and stays: the table used to cut
    // the devices' short names to their swatch and the operators to "Attenti…". Its font
    // at 175 % is 13 x 1.75 = 22.75, so 23 px; the first shrink stops at 80 %, 18 px. It now
    // goes on down to that of 100 % text, 13 px, before a name is cut.
    void aSmallerFontComesBeforeCutNames()
    {
        const ScenarioAnalysis result = analysisAt(threeDevices(), 1024);
        const SceneModel model = SceneModel::build(result.chart, atScale(1.75));
        CaptionTable table = CaptionTable::build(result.chart, model, result.models);
        QVERIFY(table.layout(700, 1000) > 0);
        QVERIFY2(table.fontPixels() >= 13 && table.fontPixels() < 18,
                 qPrintable(QString::number(table.fontPixels())));

        QString error;
        const QStringList texts =
            captionedFigureTexts(result, m_dir.filePath(QStringLiteral("small-font.svg")),
                                 QSize(700, 1000), 1.75, &error);
        QVERIFY2(!texts.isEmpty(), qPrintable(error));
        for (const char *name : {"H100", "Attention projections", "Device", "Operator"})
            QVERIFY2(texts.contains(QString::fromUtf8(name)), name);
        QVERIFY2(firstCutText(texts).isEmpty(), qPrintable(firstCutText(texts)));
    }

    // One operator, the 8B MLP up projection at batch 16 (intensity about 16 FLOP/B, under
    // every ridge: 295, 206 and 247 FLOP/B), on three devices in a figure 600 px wide at
    // 175 %: the table keeps the device, intensity, attainable and time columns and names
    // the operator and the bound every row shares above it, "8B MLP up (decode) · Bound:
    // memory (every point)", wider in bold than those four columns. That line was cut
    // ("… Bound: memory (eve…"); it now wraps at its " · ", each fact whole.
    void aSharedLineWiderThanTheTableWraps()
    {
        const Catalog catalog = Catalog::builtin();
        Scenario sc;
        sc.devices = threeDevices();
        sc.batch = 16;
        sc.operators = {catalogOperator(catalog, QStringLiteral("decode-mlp-up-8b"))};
        const ScenarioAnalysis result = analyzeScenario(catalog, sc);
        // Two lines above the table, each counted in its height: the margins (12 px above,
        // 14 below), the two lines, the header and the three devices' rows.
        CaptionTable table = CaptionTable::build(
            result.chart, SceneModel::build(result.chart, atScale(1.75)), result.models);
        const double height = table.layout(600, 1000);
        QCOMPARE(table.sharedLines(), QStringList({QStringLiteral("8B MLP up (decode)"),
                                                   QStringLiteral("Bound: memory (every point)")}));
        QVERIFY(table.rowHeight() > 0);
        QCOMPARE(height, 12 + 14 + (2 + 1 + 3) * table.rowHeight());
        QString error;
        const QStringList texts =
            captionedFigureTexts(result, m_dir.filePath(QStringLiteral("shared-wraps.svg")),
                                 QSize(600, 800), 1.75, &error);
        QVERIFY2(!texts.isEmpty(), qPrintable(error));
        QVERIFY2(texts.contains(QStringLiteral("8B MLP up (decode)")) &&
                     texts.contains(QStringLiteral("Bound: memory (every point)")),
                 qPrintable(texts.join(QLatin1Char('|'))));
        QVERIFY2(firstCutText(texts).isEmpty(), qPrintable(firstCutText(texts)));
    }

    // 1000 x 600 at 135 % with the caption table and the device comparison: the caption
    // table took the whole half of the height and the comparison, asked for too, was not
    // drawn at all. Each table now leaves the ones under it room: the comparison's three
    // rows whole (its share is half of the budget, more than its header and three rows),
    // the caption table at least one row and the count of the rest.
    void twoTablesAskedForAreTwoTablesDrawn()
    {
        const BothTables both(16);
        QCOMPARE(both.rows.size(), 3);
        const Figure figure = both.figure(1.35, QSize(1000, 600));
        QVERIFY(figure.tables().at(0).shownRows() >= 1);
        QCOMPARE(figure.tables().at(1).shownRows(), 3);
        QVERIFY(figure.layout().map.rect.height() >= 600.0 / 3);
        // At 600 x 650 the caption table's least is taller than what the comparison's share
        // of the budget leaves it (it dropped out): the comparison now falls back to its own
        // least, and both keep a row.
        const Figure narrow = both.figure(1.35, QSize(600, 650));
        QVERIFY(narrow.tables().at(0).shownRows() >= 1);
        QVERIFY(narrow.tables().at(1).shownRows() >= 1);
    }

    // 800 x 400 at 135 %: the plot's third and the comparison's least leave the caption
    // table less than its own least, and it is not drawn. The figure names it, so that a
    // file's writer can say so; with room for both it names none.
    void aTableWithNoRoomIsNamed()
    {
        const BothTables both(16);
        const Figure shortFigure = both.figure(1.35, QSize(800, 400));
        QCOMPARE(shortFigure.tables().at(0).shownRows(), 0);
        QVERIFY(shortFigure.tables().at(1).shownRows() >= 1);
        QCOMPARE(shortFigure.tablesLeftOut(), QStringList{QStringLiteral("the caption table")});
        QCOMPARE(both.figure(1.35, QSize(800, 900)).tablesLeftOut(), QStringList());
    }

    // Batch 1024 at 700 x 900 and 175 %: the caption table went down to 13 px (above) while
    // the comparison kept a larger one, one figure with two sizes of table text. Both now
    // take the smaller.
    void tablesDrawnTogetherShareOneFont()
    {
        const Figure figure = BothTables(1024).figure(1.75, QSize(700, 900));
        QVERIFY(figure.tables().at(0).shownRows() >= 1);
        QVERIFY(figure.tables().at(1).shownRows() >= 1);
        QCOMPARE(figure.tables().at(1).fontPixels(), figure.tables().at(0).fontPixels());
        QVERIFY2(figure.tables().at(0).fontPixels() < 18,
                 qPrintable(QString::number(figure.tables().at(0).fontPixels())));
    }

    // 1280 x 800 at 225 %: the title's two lines, the axis titles and the legend beside the
    // plot took so much that a table of half the height (400 px) left the plot about 175 px.
    // The table now gives up rows until the plot keeps 800 / 3 = 266.7 px, and still lists
    // one row at least and counts the rest.
    void aLongTableLeavesThePlotAThird()
    {
        const ScenarioAnalysis result = analysisAt(threeDevices(), 16);
        const Figure figure(result.chart, windowOptions(result, 2.25), QSize(1280, 800),
                            {.points = true, .models = result.models, .compareRows = {}});
        const double plotHeight = figure.layout().map.rect.height();
        QVERIFY2(plotHeight >= 800.0 / 3, qPrintable(QString::number(plotHeight)));
        const CaptionTable &table = figure.tables().first();
        QVERIFY(table.shownRows() >= 1);
        QVERIFY(table.leavesOutRows());
    }

    // With room, the table lists every row: 3 devices x (6 classes + the step total) = 21
    // rows. At 100 % a row is about 24 px, so the table is about 22 x 24 + 26 = 554 px, under
    // half of 1400 px, and the plot keeps well over a third.
    void aTableWithRoomListsEveryRow()
    {
        const ScenarioAnalysis result = analysisAt(threeDevices(), 16);
        const Figure figure(result.chart, windowOptions(result, 1.0), QSize(1280, 1400),
                            {.points = true, .models = result.models, .compareRows = {}});
        const CaptionTable &table = figure.tables().first();
        QCOMPARE(table.rows().size(), 21);
        QCOMPARE(table.shownRows(), 21);
        QVERIFY(figure.layout().map.rect.height() >= 1400.0 / 3);
    }
};

QTEST_MAIN(TestCaptionRoom)
#include "tst_captionroom.moc"
