// The chart title's brief form (docs/labels.md, "The title"): where the whole title of a
// model on several devices would take more than two lines (a small figure at large text),
// the figure draws the model and its need over its shape instead, each device's fit
// verdict staying on its legend line; a figure with room keeps the whole title; and which
// form is drawn does not change while only the batch does.
#include "figure.h"
#include "renderfixtures.h"

#include <QFontMetricsF>
#include <QTest>

using namespace rooflab;
using namespace rooflab::test;

namespace {

QString s(const char *text)
{
    return QString::fromUtf8(text);
}

Scenario llama70b(const QStringList &devices, double batch)
{
    Scenario scenario;
    scenario.model = s("llama-3.1-70b");
    scenario.phase = Phase::Decode;
    scenario.devices = devices;
    scenario.batch = batch;
    scenario.seq = 4096;
    return scenario;
}

// Llama 3.1 70B decode, BF16, batch 16, context 4096 (tst_modelanalysis: 141,107,412,992 B
// of weights; per sequence a KV cache of 2 x 80 layers x 8 KV heads x 128 x 2 B x 4096
// tokens = 1,342,177,280 B and 387,584 B of activations): 141,107,412,992 + 16 x
// 1,342,564,864 = 162,588,450,816 B, "163 GB". With 10 % kept free: H100 72 GB usable,
// ceil(162.59 / 72) = 3 devices; H200 126.9 GB, ceil(162.59 / 126.9) = 2; MI300X 172.8 GB
// fits: 1 of the 3.
const char *wholeTitle = "Llama 3.1 70B decode · batch 16 · context 4096\n"
                         "Needs 163 GB: fits 1 of the 3 devices shown";
const char *briefTitle = "Llama 3.1 70B decode · needs 163 GB\nbatch 16 · context 4096";

FigureLayout layoutOf(const Analysis &analysis, const ChartOptions &options, const QSize &size)
{
    const SceneModel model = SceneModel::build(analysis, options);
    return FigureLayout::make(model, size, FigureLayout::rangeOf(model));
}

} // namespace

class TestTitleBrief : public QObject
{
    Q_OBJECT

    Catalog m_catalog = Catalog::builtin();

private Q_SLOTS:
    void smallChartAtLargeTextDrawsTheBriefForm()
    {
        const ScenarioAnalysis result = analyzeScenario(m_catalog, llama70b(threeDevices(), 16));
        const ChartOptions options = windowOptions(result, 2.25);
        QCOMPARE(options.title, s(wholeTitle));
        // The window's chart at 225 % on a 1280 x 800 screen: 652 px wide, a title room of
        // 652 - 24 = 628 px. The title font, 20 px x 2.25 = 45 px bold, may shrink to its
        // size at 135 %, 27 px; the whole title's first line at its widest is wider than the
        // room even then, so it would wrap and take three lines or more.
        QFont least = SceneFonts::make(2.25).title;
        least.setPixelSize(27);
        QVERIFY(QFontMetricsF(least).horizontalAdvance(
                    s("Llama 3.1 70B decode · batch 8888888 · context 4096")) > 628);
        const Figure figure(result.chart, options, QSize(652, 646));
        const FigureLayout &layout = figure.layout();
        QCOMPARE(layout.title, s(briefTitle));
        QCOMPARE(layout.titleHeight, 2 * QFontMetricsF(layout.titleFont).height());
        // What the brief form leaves out is on the legend: each device's verdict, whole.
        QStringList lines;
        for (const LegendLayout::Line &line : figure.frame().legend.lines)
            lines.append(line.entry.text);
        const QString legend = lines.join(QLatin1Char('\n'));
        for (const char *verdict :
             {"NVIDIA H100 SXM5 80GB · needs ×4", "NVIDIA H200 SXM 141GB · needs ×2",
              "AMD Instinct MI300X · fits"})
            QVERIFY2(legend.contains(s(verdict)), qPrintable(legend));
    }

    void roomyChartKeepsTheWholeTitle()
    {
        // 1500 px wide at 100 %: both lines of the whole title fit the 1476 px room at 20 px,
        // so it takes two lines and is drawn whole.
        const ScenarioAnalysis result = analyzeScenario(m_catalog, llama70b(threeDevices(), 16));
        const FigureLayout layout =
            layoutOf(result.chart, windowOptions(result, 1.0), QSize(1500, 900));
        QCOMPARE(layout.title, s(wholeTitle));
        QCOMPARE(layout.titleFont.pixelSize(), 20);
    }

    void captionLineTakesTheShape()
    {
        // An export with its caption line: the brief form leaves the batch and context to
        // it, and is one line.
        const ScenarioAnalysis result = analyzeScenario(m_catalog, llama70b(threeDevices(), 16));
        ChartOptions options = windowOptions(result, 2.25);
        options.titleWidest.clear();
        options.titleBrief = modelChartBriefTitle(result.models, true);
        options.titleBriefWidest.clear();
        options.subtitle = scenarioCaptionLine(m_catalog, llama70b(threeDevices(), 16));
        const FigureLayout layout = layoutOf(result.chart, options, QSize(652, 646));
        QCOMPARE(layout.title, s("Llama 3.1 70B decode · needs 163 GB"));
        // The caption line, far longer than the 628 px room at 13 px x 2.25, wraps rather
        // than cuts: every fact it names is there whole, the shape first.
        QVERIFY2(layout.subtitle.startsWith(s("batch 16 · context 4096")),
                 qPrintable(layout.subtitle));
        QVERIFY2(!layout.subtitle.contains(QChar(0x2026)), qPrintable(layout.subtitle));
        for (const char *fact :
             {"weights BF16", "activations BF16", "KV cache BF16", "NVIDIA H100 SXM5 80GB",
              "NVIDIA H200 SXM 141GB", "AMD Instinct MI300X"})
            QVERIFY2(layout.subtitle.contains(s(fact)), qPrintable(layout.subtitle));
    }

    void withoutLegendTheBriefFormKeepsTheVerdicts()
    {
        // With the legend off the verdicts go under the title, in either form.
        const ScenarioAnalysis result = analyzeScenario(m_catalog, llama70b(threeDevices(), 16));
        ChartOptions options = windowOptions(result, 2.25);
        options.showLegend = false;
        const FigureLayout layout = layoutOf(result.chart, options, QSize(652, 646));
        QVERIFY2(layout.title.startsWith(s(briefTitle) + QLatin1Char('\n')),
                 qPrintable(layout.title));
        for (const char *verdict : {"NVIDIA H100 SXM5 80GB: needs ×4",
                                    "NVIDIA H200 SXM 141GB: needs ×2", "AMD Instinct MI300X: fits"})
            QVERIFY2(layout.title.contains(s(verdict)), qPrintable(layout.title));
    }

    void oneDeviceTakesTheBriefFormToo()
    {
        // One device: the whole title says its verdict in full, and where that would take
        // more than two lines (five at 225 % in the window's chart on a 1280 x 800 screen)
        // the brief form takes its place, the verdict on the device's legend line, "needs ×4"
        // (163 GB over the H100's 72 GB usable: TP 4, the smallest degree that fits,
        // tst_devicesneeded).
        const ScenarioAnalysis result = analyzeScenario(m_catalog, llama70b({s("h100-sxm5")}, 16));
        ChartOptions options = windowOptions(result, 2.25);
        QCOMPARE(options.titleBrief, s(briefTitle));
        const Figure figure(result.chart, options, QSize(652, 646));
        QVERIFY2(figure.layout().title.startsWith(s(briefTitle)),
                 qPrintable(figure.layout().title));
        bool onItsLine = false;
        for (const LegendLayout::Line &line : figure.frame().legend.lines)
            onItsLine = onItsLine || line.entry.text.contains(s("needs ×4"));
        QVERIFY(onItsLine);

        // With the legend off the verdict goes under the brief title, and only there.
        options.showLegend = false;
        const FigureLayout brief = layoutOf(result.chart, options, QSize(652, 646));
        QVERIFY2(brief.title.startsWith(s(briefTitle)), qPrintable(brief.title));
        QVERIFY2(brief.title.contains(s("NVIDIA H100 SXM5 80GB: needs ×4")),
                 qPrintable(brief.title));

        // Where the whole title has room, it is drawn, its verdict once, in full.
        const FigureLayout wide = layoutOf(result.chart, options, QSize(1600, 1000));
        QString joined = wide.title;
        joined.replace(QLatin1Char('\n'), QLatin1Char(' '));
        QVERIFY2(joined.endsWith(s("163 GB > 72 GB usable, does not fit (needs 4 devices)")),
                 qPrintable(wide.title));
        QVERIFY2(!joined.contains(s(": needs ×4")), qPrintable(wide.title));

        // The whole title wrapped between words, a number never apart from its unit ("72"
        // over "GB usable").
        options.titleBrief.clear();
        const FigureLayout whole = layoutOf(result.chart, options, QSize(652, 646));
        for (const QString &line : whole.title.split(QLatin1Char('\n')))
            QVERIFY2(!line.startsWith(s("GB")) && !line.endsWith(QLatin1Char('2')),
                     qPrintable(whole.title));
    }

    void formDoesNotFollowTheBatch_data()
    {
        QTest::addColumn<bool>("legend");
        QTest::newRow("legend") << true;
        // With the legend off, the verdicts under either form, sized for their widest.
        QTest::newRow("no legend") << false;
    }

    void formDoesNotFollowTheBatch()
    {
        QFETCH(bool, legend);
        // At every width and scale, batch 1 and batch 1000 draw the same form of the title
        // at the same size and height, so the plot does not move while the batch sweeps.
        const ScenarioAnalysis one = analyzeScenario(m_catalog, llama70b(fourDevices(), 1));
        const ScenarioAnalysis many = analyzeScenario(m_catalog, llama70b(fourDevices(), 1000));
        int brief = 0, whole = 0;
        for (const double scale : {1.35, 1.75, 2.25}) {
            for (int width = 460; width <= 1600; width += 20) {
                const QSize size(width, 700);
                ChartOptions first = windowOptions(one, scale), second = windowOptions(many, scale);
                first.showLegend = second.showLegend = legend;
                const FigureLayout a = layoutOf(one.chart, first, size);
                const FigureLayout b = layoutOf(many.chart, second, size);
                const QString row = s("%1 px at %2: ").arg(width).arg(scale);
                // The whole title counts the devices the model fits; the brief one does not.
                const auto isBrief = [](const FigureLayout &l) {
                    return !QString(l.title)
                                .replace(QLatin1Char('\n'), QLatin1Char(' '))
                                .contains(s("devices shown"));
                };
                const bool aBrief = isBrief(a);
                QVERIFY2(aBrief == isBrief(b),
                         qPrintable(row + a.title + s(" against ") + b.title));
                QVERIFY2(
                    a.titleHeight == b.titleHeight,
                    qPrintable(row + s("%1 against %2").arg(a.titleHeight).arg(b.titleHeight)));
                QCOMPARE(a.titleFont.pixelSize(), b.titleFont.pixelSize());
                ++(aBrief ? brief : whole);
            }
        }
        // The sweep meets both forms.
        QVERIFY(brief > 0 && whole > 0);
    }
};

QTEST_MAIN(TestTitleBrief)
#include "tst_titlebrief.moc"
