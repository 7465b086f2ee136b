// The device comparison as a figure's caption table (issue 10): one row per device of a
// model's deployment, the best of each column in bold, drawn under the plot in every file
// format, and asked for by `rooflab export --compare-table`, the export dialog and a
// scenario file's view.compare_table.

#include "captiontable.h"
#include "devicecompare.h"
#include "figure.h"
#include "figureexport.h"
#include "scenarioanalysis.h"
#include "scenemodel.h"

#include <QFile>
#include <QFontMetricsF>
#include <QTemporaryDir>
#include <QTest>

using namespace rooflab;

namespace {

QString s(const char *text)
{
    return QString::fromUtf8(text);
}

// Llama 3.1 70B in BF16, decode at batch 64 and context 4096, TP auto, 10 % headroom.
// Weights: 70.55e9 parameters x 2 B = 141.1 GB. KV cache per token: 2 (K and V) x 80 layers
// x 8 KV heads x 128 x 2 B = 327,680 B; x 4096 tokens x 64 sequences = 85.9 GB.
// H100 SXM5 (80 GB, 72 GB usable): t = 2 needs (141.1 + 85.9) / 2 = 113.5 GB, too much;
//   t = 4 needs 56.8 GB: TP 4 on 4 devices.
// H200 SXM (141 GB, 126.9 GB usable): t = 1 needs 227 GB; t = 2 needs 113.5 GB: TP 2.
// Both steps are memory-bound: H100 reads 56.8 GB per device at 3.35 TB/s = 16.9 ms, H200
// 113.5 GB at 4.8 TB/s = 23.6 ms (plus communication on each), so the H100 has the least
// step time and the most tokens/s (64 / step), while per device the H200 gives
// 64 / 23.6 ms / 2 = 1356 against the H100's 64 / 16.9 ms / 4 = 947 tokens/s (before
// communication, which adds more to the H100's four-way all-reduces than to two-way).
Scenario llama70bOnTwo()
{
    Scenario sc;
    sc.devices = {s("h100-sxm5"), s("h200-sxm")};
    sc.model = s("llama-3.1-70b");
    sc.batch = 64;
    sc.seq = 4096;
    sc.deployment.tpAuto = true;
    return sc;
}

int column(const char *key)
{
    return static_cast<int>(compareColumns().indexOf(QLatin1String(key)));
}

} // namespace

class TestCompareCaption : public QObject
{
    Q_OBJECT

    Catalog m_catalog = Catalog::builtin();

private Q_SLOTS:
    void rowsFollowTheDevicesWithTheBestInBold()
    {
        const Scenario sc = llama70bOnTwo();
        const ScenarioAnalysis result = analyzeScenario(m_catalog, sc);
        const QList<CompareRow> rows = compareDevices(m_catalog, sc, sc.devices, result.models);
        const SceneModel model = SceneModel::build(result.chart, ChartOptions());
        const CaptionTable table = CaptionTable::buildCompare(result.chart, model, rows);
        QCOMPARE(table.titles().size(), compareColumns().size());
        // Headed as the caption table above it is: "Device", not the text table's "device".
        QCOMPARE(table.titles().first(), CaptionTable::header().first());
        for (const QString &title : table.titles())
            QVERIFY2(!title.at(0).isLower(), qPrintable(title));
        QCOMPARE(table.rows().size(), 2);
        const CaptionTable::Row &h100 = table.rows().at(0);
        const CaptionTable::Row &h200 = table.rows().at(1);
        // The swatch colour of each row is its device's in the chart.
        QCOMPARE(h100.device, 0);
        QCOMPARE(h200.device, 1);
        // TP 4 on four H100s, TP 2 on two H200s (derived above).
        QCOMPARE(h100.cells.at(column("tp")), s("4"));
        QCOMPARE(h100.cells.at(column("devices")), s("4"));
        QCOMPARE(h200.cells.at(column("tp")), s("2"));
        QCOMPARE(h200.cells.at(column("devices")), s("2"));
        QCOMPARE(h100.cells.at(column("fits")), s("yes"));
        // Least step time and most tokens/s on the H100s; most tokens/s per device on the
        // H200s; nothing is bold in a column where the row is not the best.
        QVERIFY(h100.boldCells.contains(column("step_time_s")));
        QVERIFY(h100.boldCells.contains(column("tokens_per_s")));
        QVERIFY(!h100.boldCells.contains(column("tokens_per_s_per_device")));
        QVERIFY(h200.boldCells.contains(column("tokens_per_s_per_device")));
        QVERIFY(!h200.boldCells.contains(column("step_time_s")));
        QVERIFY(!h200.selected);
    }

    void thePlotGivesUpTheTablesHeight()
    {
        const Scenario sc = llama70bOnTwo();
        const ScenarioAnalysis result = analyzeScenario(m_catalog, sc);
        const QList<CompareRow> rows = compareDevices(m_catalog, sc, sc.devices, result.models);
        const QSize size(1200, 800);
        const Figure plain(result.chart, ChartOptions(), size);
        FigureTables tables;
        tables.compareRows = rows;
        const Figure tabled(result.chart, ChartOptions(), size, tables);
        // A header and two rows at least: the plot is shorter by more than three text lines,
        // and never by more than half the figure.
        const double lost = plain.layout().map.rect.bottom() - tabled.layout().map.rect.bottom();
        const double line = QFontMetricsF(plain.model().fonts.legend).height();
        QVERIFY2(lost > 3 * line, qPrintable(QString::number(lost)));
        QVERIFY2(lost <= size.height() / 2.0, qPrintable(QString::number(lost)));
    }

    void anSvgExportCarriesTheTableAsText()
    {
        const Scenario sc = llama70bOnTwo();
        const ScenarioAnalysis result = analyzeScenario(m_catalog, sc);
        QTemporaryDir dir;
        Presentation p;
        p.width = 1200;
        p.height = 800;
        p.compareTable = true;
        FigureRequest request;
        request.path = dir.filePath(s("compare.svg"));
        request.presentation = p;
        request.models = result.models;
        request.compareRows = compareDevices(m_catalog, sc, sc.devices, result.models);
        QString error;
        QVERIFY2(exportFigure(result.chart, request, &error), qPrintable(error));
        QFile file(request.path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QString svg = QString::fromUtf8(file.readAll());
        QVERIFY(svg.contains(s("Tokens/s per device")));
        QVERIFY(svg.contains(s("$ per 1M tokens")));
        // Off in the presentation: the rows are given but no table is drawn.
        FigureRequest off = request;
        off.presentation.compareTable = false;
        off.path = dir.filePath(s("plain.svg"));
        QVERIFY2(exportFigure(result.chart, off, &error), qPrintable(error));
        QFile plainFile(off.path);
        QVERIFY(plainFile.open(QIODevice::ReadOnly));
        QVERIFY(!QString::fromUtf8(plainFile.readAll()).contains(s("Tokens/s per device")));
    }
};

QTEST_MAIN(TestCompareCaption)
#include "tst_comparecaption.moc"
