#include "catalog.h"
#include "figure.h"
#include "legendnotes.h"
#include "renderfixtures.h"
#include "scenarioanalysis.h"

#include <QTest>

using namespace rooflab;
using rooflab::test::analysisAt;
using rooflab::test::describe;
using rooflab::test::fourDevices;
using rooflab::test::sweepRange;
using rooflab::test::threeDevices;
using rooflab::test::windowOptions;
using rooflab::test::withFixedAxes;

// A figure too small for its text scale gets a key (docs/labels.md, "A key"): each device's
// colour, short name and fit verdict, beside or under the plot, and one note counting what
// it leaves out.
// Four devices in a 580 x 455 export at 175 % and 225 % text.
class TestLegendKey : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void shortNamesTellDevicesApart();
    void aSmallFigureAtLargeTextGetsAKey_data();
    void aSmallFigureAtLargeTextGetsAKey();
    void theKeyHoldsItsPlaceWhileTheBatchSweeps();
    void aFigureWithRoomKeepsItsLegend();
    void aFigureWithNoMarginSearchesThePlotForTheKey();
};

namespace {

QString s(const char *text)
{
    return QString::fromUtf8(text);
}

const QSize paperSize(580, 455);

} // namespace

void TestLegendKey::shortNamesTellDevicesApart()
{
    // The first word with a digit; the word before it too when it is a bare number or a
    // version; brackets and commas off.
    QCOMPARE(shortDeviceNames({s("NVIDIA H100 SXM5 80GB"), s("NVIDIA H200 SXM 141GB"),
                               s("AMD Instinct MI300X"), s("NVIDIA B200 (HGX, 1000 W)")}),
             QStringList({s("H100"), s("H200"), s("MI300X"), s("B200")}));
    QCOMPARE(shortDeviceNames({s("Intel Gaudi 3 (HL-325L OAM)"), s("Google TPU v5e"),
                               s("NVIDIA GeForce RTX 4090"), s("AMD EPYC 9654 (1 socket)")}),
             QStringList({s("Gaudi 3"), s("TPU v5e"), s("RTX 4090"), s("EPYC 9654")}));
    // Names that read the same grow by a word together until they differ.
    QCOMPARE(shortDeviceNames({s("NVIDIA A100 PCIe 80GB"), s("NVIDIA A100 SXM4 40GB"),
                               s("NVIDIA A100 SXM4 80GB"), s("NVIDIA H100 NVL (per GPU)")}),
             QStringList({s("A100 PCIe"), s("A100 SXM4 40GB"), s("A100 SXM4 80GB"), s("H100")}));
    // No word with a digit: the whole name; two names alike to the end: both whole.
    QCOMPARE(shortDeviceNames({s("Some Accelerator"), s("X 1"), s("X 1")}),
             QStringList({s("Some Accelerator"), s("X 1"), s("X 1")}));
}

void TestLegendKey::aSmallFigureAtLargeTextGetsAKey_data()
{
    QTest::addColumn<double>("textScale");
    QTest::addColumn<double>("widthShare");
    QTest::addColumn<double>("heightShare");
    QTest::newRow("text 1.75") << 1.75 << 0.45 << 0.40;
    QTest::newRow("text 2.25") << 2.25 << 0.38 << 0.38;
}

// At 175 % the brief legend beside the plot was 240 px wide, the plot 180; at 225 % no
// margin fitted and the legend was drawn over the points. Now: a key outside the plot, no
// wider than the plot, a line for every device in its colour, over no marker. The plot keeps
// 45 % of the figure's width and 40 % of its height at 175 % (what chooseLegendSlot() asks of
// a legend outside); at 225 %, where the title takes four lines of the 455 px, 38 % of each.
void TestLegendKey::aSmallFigureAtLargeTextGetsAKey()
{
    QFETCH(double, textScale);
    QFETCH(double, widthShare);
    QFETCH(double, heightShare);
    const ScenarioAnalysis result = analysisAt(fourDevices(), 16);
    const Figure figure(result.chart, windowOptions(result, textScale), paperSize);
    const FigureLayout &layout = figure.layout();
    const QRectF legend = figure.frame().legend.rect, plot = layout.map.rect;
    QVERIFY(layout.legend.key);
    QVERIFY(layout.legend.outside());
    QVERIFY2(!legend.intersects(plot), qPrintable(describe(legend) + s(" ") + describe(plot)));
    QVERIFY2(QRectF(QPointF(0, 0), QSizeF(paperSize)).contains(legend),
             qPrintable(describe(legend)));
    if (layout.legend.place == LegendSlot::Place::Right)
        QVERIFY2(legend.width() <= plot.width(),
                 qPrintable(describe(legend) + s(" wider than ") + describe(plot)));
    QVERIFY2(plot.width() >= widthShare * paperSize.width() &&
                 plot.height() >= heightShare * paperSize.height(),
             qPrintable(describe(plot)));
    // Every device keeps a line, with its short name, in its own colour (the swatch is the
    // device's): none is dropped.
    // Each device's line with the rows wrapped under it (its fit verdict), and the note.
    QStringList names;
    QList<int> devices;
    QString note;
    bool inNote = false;
    for (const LegendLayout::Line &line : figure.frame().legend.lines) {
        QVERIFY2(legend.contains(line.rect), qPrintable(line.entry.text));
        if (line.entry.kind == SceneLegendEntry::Kind::Device) {
            names.append(line.entry.text);
            devices.append(line.entry.device);
            inNote = false;
        } else if (!line.entry.continued) {
            note = line.entry.text;
            inNote = true;
        } else if (inNote) {
            note += s(" ") + line.entry.text;
        } else {
            QVERIFY(!names.isEmpty());
            names.last() += s(" / ") + line.entry.text;
        }
    }
    // The brief title leaves the fit verdicts to the legend, so the key keeps them, wrapped
    // under the short name. With 10 % of memory kept free, 163 GB needs TP 4 of H100s (TP 2
    // holds 81.3 GB of 72 on each, and 3 does not divide the 64 heads), 163 / 126.9 = 1.3, so
    // TP 2 of H200s, 163 / 162 = 1.006, so TP 2 of B200s, and 163 / 172.8 < 1: fits one MI300X.
    QCOMPARE(names, QStringList({s("H100 / needs ×4"), s("H200 / needs ×2"), s("MI300X / fits"),
                                 s("B200 / needs ×2")}));
    QCOMPARE(devices, QList<int>({0, 1, 2, 3}));
    // What the key leaves out, counted by hand from the full legend: the shaded zones'
    // device, and the B* note where a B* mark is drawn for it to explain (the key's lines
    // carry no B*); here none finds room, so 1 note. The marker kinds go uncounted: the point
    // labels name the operator classes.
    QVERIFY(!rooflab::test::batchMarkDrawn(figure.frame()));
    QVERIFY2(note.startsWith(s("Left out:")) && note.endsWith(s(" 1 note")), qPrintable(note));
    // No marker under the key.
    for (qsizetype i = 0; i < figure.frame().pointPixels.size(); ++i) {
        const QPointF p = figure.frame().pointPixels.at(i);
        const double half = figure.frame().pointSize(figure.model().points.at(i)) / 2;
        QVERIFY(!legend.intersects(QRectF(p.x() - half, p.y() - half, 2 * half, 2 * half)));
    }
}

// The key is chosen from what does not move with the batch: over a sweep from batch 1 to
// 1000 in 3 % steps (every third step drawn) with fixed axes, the slot and the plot stay.
void TestLegendKey::theKeyHoldsItsPlaceWhileTheBatchSweeps()
{
    QList<ScenarioAnalysis> steps;
    for (double b = 1; b <= 1000; b *= 1.03)
        steps.append(analysisAt(fourDevices(), b));
    for (const double scale : {1.75, 2.25}) {
        const ViewRange range = sweepRange(steps, scale);
        const auto figureAt = [&](qsizetype k) {
            return Figure(steps.at(k).chart,
                          withFixedAxes(windowOptions(steps.at(k), scale), range), paperSize);
        };
        const Figure first = figureAt(0);
        QVERIFY(first.layout().legend.key);
        for (qsizetype k = 1; k < steps.size(); k += 3) {
            const Figure figure = figureAt(k);
            QVERIFY2(figure.layout().legend == first.layout().legend,
                     qPrintable(s("scale %1 step %2: ").arg(scale).arg(k) +
                                describe(figure.layout().legend.rect)));
            QCOMPARE(figure.layout().map.rect, first.layout().map.rect);
            QVERIFY(figure.frame().legend.rect.intersects(figure.layout().legend.rect));
        }
    }
}

// The key is the last resort: a figure with room for the full legend keeps its whole names
// and its notes (three devices in 1600 x 1000 at 100 % and 225 %; four in 580 x 455 at 100 %).
void TestLegendKey::aFigureWithRoomKeepsItsLegend()
{
    for (const auto &[devices, size, scale] : {std::tuple{threeDevices(), QSize(1600, 1000), 1.0},
                                               std::tuple{threeDevices(), QSize(1600, 1000), 2.25},
                                               std::tuple{fourDevices(), paperSize, 1.0}}) {
        const ScenarioAnalysis result = analysisAt(devices, 16);
        const Figure figure(result.chart, windowOptions(result, scale), size);
        QVERIFY2(!figure.layout().legend.key,
                 qPrintable(s("%1 at %2").arg(size.width()).arg(scale)));
        bool verdict = false;
        for (const LegendLayout::Line &line : figure.frame().legend.lines)
            verdict = verdict || line.entry.text.contains(s("needs"));
        QVERIFY(verdict);
    }
}

// Smaller still, no margin fits even the key (four devices at 480 x 360 at 175 %, 400 x 300
// at 135 %, 320 x 240 at 100 %): the legend is searched inside the plot. It used to be the
// compact legend with whole names, 683 px tall in the 360 px figure, so the lines past the
// edge and their fit verdicts were lost. It is the key now: every device's line inside the
// figure, each with its verdict (needs ×4, needs ×2, fits, needs ×2 as derived above).
void TestLegendKey::aFigureWithNoMarginSearchesThePlotForTheKey()
{
    for (const auto &[size, scale] :
         {std::pair{QSize(480, 360), 1.75}, std::pair{QSize(400, 300), 1.35},
          std::pair{QSize(320, 240), 1.0}}) {
        const ScenarioAnalysis result = analysisAt(fourDevices(), 16);
        const Figure figure(result.chart, windowOptions(result, scale), size);
        const QString where = s("%1 x %2 at %3").arg(size.width()).arg(size.height()).arg(scale);
        QVERIFY2(!figure.layout().legend.outside(), qPrintable(where));
        QVERIFY2(figure.layout().legend.key, qPrintable(where));
        // Each device's line joined with the rows wrapped under it.
        QStringList devices;
        bool inDevice = false;
        for (const LegendLayout::Line &line : figure.frame().legend.lines) {
            QVERIFY2(
                QRectF(QPointF(0, 0), QSizeF(size)).contains(line.rect),
                qPrintable(where + s(": ") + line.entry.text + s(" at ") + describe(line.rect)));
            if (line.entry.kind == SceneLegendEntry::Kind::Device) {
                devices.append(line.entry.text);
                inDevice = true;
            } else if (line.entry.continued && inDevice) {
                devices.last() += s(" ") + line.entry.text;
            } else {
                inDevice = false;
            }
        }
        QCOMPARE(devices.size(), 4);
        const QStringList verdicts = {s("needs ×4"), s("needs ×2"), s("fits"), s("needs ×2")};
        for (qsizetype i = 0; i < devices.size(); ++i)
            QVERIFY2(devices.at(i).endsWith(verdicts.at(i)),
                     qPrintable(where + s(": ") + devices.at(i)));
    }
}

QTEST_MAIN(TestLegendKey)
#include "tst_legendkey.moc"
