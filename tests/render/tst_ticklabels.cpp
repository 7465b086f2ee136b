#include "axisticks.h"
#include "catalog.h"
#include "figure.h"
#include "renderfixtures.h"
#include "scenarioanalysis.h"

#include <QFontMetricsF>
#include <QTest>

#include <cmath>

using namespace rooflab;
using rooflab::test::fourDevices;
using rooflab::test::windowOptions;

// Issue 12, item 4: tick labels that crowd each other on a short axis label every second (or
// k-th) decade instead, keeping every decade's tick; three labels where any step keeps them
// half an em apart, else two (docs/labels.md, "Tick labels").
class TestTickLabels : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void aRoomyAxisLabelsEveryDecade();
    void aCrowdedAxisLabelsEveryKthDecade();
    void aCrowdedShortAxisLabelsOneAndThreeTimes();
    void theSmallFourDeviceFigureKeepsItsLabelsApart_data();
    void theSmallFourDeviceFigureKeepsItsLabelsApart();
    void aWideFigureLabelsEveryDecade();
    void theLabelsDoNotFollowTheBatch();
};

namespace {

using Values = QList<double>;

Figure fourDeviceFigure(const QString &model, double batch, double textScale, const QSize &size,
                        const ViewRange *fixed = nullptr)
{
    Scenario scenario;
    scenario.model = model;
    scenario.devices = fourDevices();
    scenario.batch = batch;
    const ScenarioAnalysis result = analyzeScenario(Catalog::builtin(), scenario);
    ChartOptions options = windowOptions(result, textScale);
    if (fixed) {
        options.xMin = fixed->xMin;
        options.xMax = fixed->xMax;
        options.yMin = fixed->yMin;
        options.yMax = fixed->yMax;
    }
    return Figure(result.chart, options, size);
}

Values labelledValues(const QList<LogTick> &ticks)
{
    Values values;
    for (const LogTick &t : ticks) {
        if (t.labelled)
            values.append(t.value);
    }
    return values;
}

// The label "10^n" measured here, not by the code under test: "10" in the tick font and the
// exponent at 70 % of its size; its height is a line and the exponent's rise of 45 % of the
// ascent (the way axispainter.cpp draws it).
double labelWidth(const QFont &tick, int exponent)
{
    QFont small = tick;
    small.setPixelSize(std::max(6, static_cast<int>(std::lround(tick.pixelSize() * 0.7))));
    return QFontMetricsF(tick).horizontalAdvance(QStringLiteral("10")) +
           QFontMetricsF(small).horizontalAdvance(QString::number(exponent));
}

double labelHeight(const QFont &tick)
{
    const QFontMetricsF m(tick);
    return m.height() + 0.45 * m.ascent();
}

// Fails unless the labelled decades `values` on the horizontal (or vertical) axis of `map`
// are at least half an em of `tick` apart, edge to edge.
void checkApart(const AxisMapping &map, const QFont &tick, const Values &values, bool horizontal)
{
    for (qsizetype i = 1; i < values.size(); ++i) {
        const double a = values.at(i - 1), b = values.at(i);
        const int ea = static_cast<int>(std::lround(std::log10(a)));
        const int eb = static_cast<int>(std::lround(std::log10(b)));
        const double apart =
            horizontal ? map.xToPixel(b) - map.xToPixel(a) : map.yToPixel(a) - map.yToPixel(b);
        const double extent =
            horizontal ? (labelWidth(tick, ea) + labelWidth(tick, eb)) / 2 : labelHeight(tick);
        QVERIFY2(apart - extent >= tick.pixelSize() / 2.0,
                 qPrintable(QStringLiteral("10^%1 and 10^%2: %3 px between them, em %4")
                                .arg(ea)
                                .arg(eb)
                                .arg(apart - extent)
                                .arg(tick.pixelSize())));
    }
}

QFont tickFont(double scale)
{
    return SceneFonts::make(scale).tick;
}

} // namespace

// 1 .. 10^6 over 200 px at 100 %: 33.3 px a decade against labels about 24.2 px wide
// ("10" 2 x 8.9 px in DejaVu Sans at 14 px, the exponent 6.4 px at 10 px), 9.2 px between
// them, more than half an em (7 px): every decade.
void TestTickLabels::aRoomyAxisLabelsEveryDecade()
{
    const SceneFonts fonts = SceneFonts::make(1);
    QCOMPARE(labelledValues(axisTicks(1, 1e6, 200, fonts, Qt::Horizontal)),
             (Values{1, 10, 100, 1e3, 1e4, 1e5, 1e6}));
    // Every decade keeps its tick: 7 decades, 6 x 8 minor ticks between them.
    QCOMPARE(axisTicks(1, 1e6, 200, fonts, Qt::Horizontal).size(), 7 + 6 * 8);
}

void TestTickLabels::aCrowdedAxisLabelsEveryKthDecade()
{
    const SceneFonts fonts = SceneFonts::make(1);
    // 150 px: 25 px a decade, 0.8 px between neighbours; every second decade, 50 px apart,
    // leaves 25.8 px. Two phases, 10^0.. and 10^1..: the first labels four, the second three.
    QCOMPARE(labelledValues(axisTicks(1, 1e6, 150, fonts, Qt::Horizontal)),
             (Values{1, 100, 1e4, 1e6}));
    // 60 px: 10 px a decade. Every second: 20 - 24.2 < 7; every third (1, 10^3, 10^6): 30 -
    // 24.2 = 5.8 < 7; no step keeps three, so every fourth: 40 - 24.2 = 15.8 >= 7, phases
    // 0, 1, 2 each labelling two, a tie that goes to the multiples of four.
    QCOMPARE(labelledValues(axisTicks(1, 1e6, 60, fonts, Qt::Horizontal)), (Values{1, 1e4}));
    // Up the vertical axis the labels' height counts: about 22.1 px (a 16.4 px line and
    // 0.45 x 12.9 px of ascent). Over 100 px, 16.7 px a decade overlap; every second, 33.3 px
    // apart, leaves 11.2 px.
    QCOMPARE(labelledValues(axisTicks(1, 1e6, 100, fonts, Qt::Vertical)),
             (Values{1, 100, 1e4, 1e6}));
}

// 100 .. 5000 holds two decades, so 2 and 5 times are labelled too. Over 1000 px at 100 %,
// 589 px a decade: 100 and 200 are 0.301 x 589 = 177 px apart against at most 45 px of
// label ("2×10" and its exponent): all six. Over 100 px, 58.9 px a decade: 17.7 px apart,
// they overlap; 1 and 3 times a decade (0.477 and 0.523 of a decade apart) label four.
void TestTickLabels::aCrowdedShortAxisLabelsOneAndThreeTimes()
{
    const SceneFonts fonts = SceneFonts::make(1);
    QCOMPARE(labelledValues(axisTicks(100, 5000, 1000, fonts, Qt::Horizontal)),
             (Values{100, 200, 500, 1000, 2000, 5000}));
    QCOMPARE(labelledValues(axisTicks(100, 5000, 100, fonts, Qt::Horizontal)),
             (Values{100, 300, 1000, 3000}));
    // 100 .. 500 has one decade: 1 and 3 times would leave two labels, so 100, 200 and 500
    // stay however short the axis.
    QCOMPARE(labelledValues(axisTicks(100, 500, 40, fonts, Qt::Horizontal)),
             (Values{100, 200, 500}));
}

void TestTickLabels::theSmallFourDeviceFigureKeepsItsLabelsApart_data()
{
    QTest::addColumn<QString>("model");
    QTest::addColumn<double>("textScale");
    QTest::addColumn<Values>("xLabels");
    QTest::addColumn<Values>("yLabels");
    // The content range of Llama 3.1 8B or 70B decode at batch 16 on H100, H200, MI300X and
    // B200: intensity 0.1383 .. 1772, log10(12815) = 4.108 decades holding 10^0 .. 10^3;
    // FLOP/s 3.475e11 .. 6.75e15, log10(19426) = 4.288 decades holding 10^12 .. 10^15.
    // 175 %: tick font 25 px (14 x 1.75 = 24.5, rounded), labels 43.2 px wide ("10" 31.8,
    // exponent 11.1 at 18 px) and 39.5 px high, half an em 12.5 px. The plot is 262 px
    // wide: 262 / 4.108 = 63.8 px a decade, 20.6 px between labels, every decade; 270 px
    // high (272 for 70B, its title a line shorter): 63.0 px a decade, 23.4 px between.
    for (const char *model : {"llama-3.1-8b", "llama-3.1-70b"})
        QTest::newRow(qPrintable(QStringLiteral("%1 175").arg(QLatin1String(model))))
            << QString::fromLatin1(model) << 1.75 << Values{1, 10, 100, 1e3}
            << Values{1e12, 1e13, 1e14, 1e15};
    // 225 %: tick font 32 px (31.5 rounded), labels 54.7 px wide ("10" 40.7, exponent 14.0
    // at 22 px) and 50.6 px high, half an em 16 px. The plot is 243 x 208 px: 59.2 px a
    // decade across, 4.5 px between labels; 48.5 px a decade up, labels overlapping by
    // 2.1 px. Every second decade labels two on each axis (10^0, 10^2 or 10^1, 10^3: a tie,
    // to the even exponents), 118.3 - 54.7 = 63.6 px and 97.0 - 50.6 = 46.4 px apart; no
    // step keeps three (docs/labels.md, "Tick labels").
    for (const char *model : {"llama-3.1-8b", "llama-3.1-70b"})
        QTest::newRow(qPrintable(QStringLiteral("%1 225").arg(QLatin1String(model))))
            << QString::fromLatin1(model) << 2.25 << Values{1, 100} << Values{1e12, 1e14};
}

void TestTickLabels::theSmallFourDeviceFigureKeepsItsLabelsApart()
{
    QFETCH(QString, model);
    QFETCH(double, textScale);
    QFETCH(Values, xLabels);
    QFETCH(Values, yLabels);
    const Figure figure = fourDeviceFigure(model, 16, textScale, QSize(580, 455));
    const AxisMapping &map = figure.layout().map;
    // The inputs of the derivation above: range and plot size as the layout gives them.
    QVERIFY2(std::abs(map.x0 - 0.1383) < 1e-4 && std::abs(map.x1 - 1772.2) < 0.1,
             qPrintable(QStringLiteral("x %1 .. %2").arg(map.x0).arg(map.x1)));
    QVERIFY2(std::abs(map.y0 / 3.4747e11 - 1) < 1e-4 && std::abs(map.y1 / 6.75e15 - 1) < 1e-4,
             qPrintable(QStringLiteral("y %1 .. %2").arg(map.y0).arg(map.y1)));
    QCOMPARE(map.rect.width(), textScale > 2 ? 243.0 : 262.0);
    QCOMPARE(figure.model().fonts.tick.pixelSize(), textScale > 2 ? 32 : 25);

    const Values x = labelledValues(horizontalTicks(map, figure.model().fonts));
    const Values y = labelledValues(verticalTicks(map, figure.model().fonts));
    QCOMPARE(x, xLabels);
    QCOMPARE(y, yLabels);
    checkApart(map, tickFont(textScale), x, true);
    checkApart(map, tickFont(textScale), y, false);
    // Every decade keeps its tick and grid line: 10^0 .. 10^3 and 10^12 .. 10^15.
    for (const QList<LogTick> &ticks :
         {horizontalTicks(map, figure.model().fonts), verticalTicks(map, figure.model().fonts)})
        QCOMPARE(
            std::count_if(ticks.cbegin(), ticks.cend(), [](const LogTick &t) { return t.major; }),
            4);
}

// 1600 x 1000 at 100 %: the same ranges over a plot about 1400 px wide and 850 high, over
// 300 px a decade across and 190 up, against labels 24.2 px wide and 22.1 high: every decade.
void TestTickLabels::aWideFigureLabelsEveryDecade()
{
    const Figure figure =
        fourDeviceFigure(QStringLiteral("llama-3.1-70b"), 16, 1.0, QSize(1600, 1000));
    const AxisMapping &map = figure.layout().map;
    QVERIFY2(map.rect.width() > 1000 && map.rect.height() > 700,
             qPrintable(rooflab::test::describe(map.rect)));
    const Values x = labelledValues(horizontalTicks(map, figure.model().fonts));
    const Values y = labelledValues(verticalTicks(map, figure.model().fonts));
    QCOMPARE(x, (Values{1, 10, 100, 1e3}));
    QCOMPARE(y, (Values{1e12, 1e13, 1e14, 1e15}));
    checkApart(map, tickFont(1), x, true);
    checkApart(map, tickFont(1), y, false);
}

// Over a batch sweep with the axes held (as the window holds them), the labelled decades of
// the small figure at 225 % stay those derived above, whatever the points do.
void TestTickLabels::theLabelsDoNotFollowTheBatch()
{
    const ViewRange held = {0.1383, 1772.2, 3.4747e11, 6.75e15};
    for (double batch : {1.0, 4.0, 64.0, 256.0, 1024.0}) {
        const Figure figure =
            fourDeviceFigure(QStringLiteral("llama-3.1-70b"), batch, 2.25, QSize(580, 455), &held);
        const AxisMapping &map = figure.layout().map;
        QCOMPARE(labelledValues(horizontalTicks(map, figure.model().fonts)), (Values{1, 100}));
        QCOMPARE(labelledValues(verticalTicks(map, figure.model().fonts)), (Values{1e12, 1e14}));
    }
}

QTEST_MAIN(TestTickLabels)
#include "tst_ticklabels.moc"
