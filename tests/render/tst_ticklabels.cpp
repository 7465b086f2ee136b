#include "axisticks.h"
#include "catalog.h"
#include "figure.h"
#include "renderfixtures.h"
#include "scenarioanalysis.h"
#include "testhelpers.h"

#include <QFontMetricsF>
#include <QPaintEngine>
#include <QPainter>
#include <QTest>

#include <cmath>

using namespace rooflab;
using rooflab::test::fourDevices;
using rooflab::test::windowOptions;

// Issue 12, item 4: tick labels that crowd each other on a short axis label every second (or
// k-th) decade instead, keeping every decade's tick; three labels where any step keeps them
// half an em apart, in a smaller font (down to 70 % of the tick font) where only that keeps
// three, else two (docs/labels.md, "Tick labels").
class TestTickLabels : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void aRoomyAxisLabelsEveryDecade();
    void aCrowdedAxisLabelsEveryKthDecade();
    void aCrowdedShortAxisLabelsOneAndThreeTimes();
    void aSmallerFontKeepsThreeLabels();
    void theSmallFourDeviceFigureKeepsItsLabelsApart_data();
    void theSmallFourDeviceFigureKeepsItsLabelsApart();
    void aWideFigureLabelsEveryDecade();
    void theLabelsDoNotFollowTheBatch();
    void theFigureDrawsTheChosenFont();
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

QFont withPixels(QFont font, int pixels)
{
    font.setPixelSize(pixels);
    return font;
}

// The smallest size an axis may shrink its labels to (docs/labels.md, "Tick labels"): 70 %
// of the tick font, rounded up, and at least 11 px.
int floorOf(const QFont &tick)
{
    return std::max(11, static_cast<int>(std::ceil(0.7 * tick.pixelSize())));
}

// Measured here with labelWidth()/labelHeight(): the largest pixel size, from the tick font's
// down to its floor, at which a label at every decade of the axis of `map` keeps half an em
// apart from the next; 0 where none does.
int largestSizeForEveryDecade(const AxisMapping &map, const QFont &tick, bool horizontal)
{
    const double lo = horizontal ? map.x0 : map.y0, hi = horizontal ? map.x1 : map.y1;
    const double decade = (horizontal ? map.rect.width() : map.rect.height()) / std::log10(hi / lo);
    const int first = static_cast<int>(std::ceil(std::log10(lo)));
    const int last = static_cast<int>(std::floor(std::log10(hi)));
    for (int pixels = tick.pixelSize(); pixels >= floorOf(tick); --pixels) {
        const QFont font = withPixels(tick, pixels);
        bool apart = true;
        for (int e = first; e < last; ++e) {
            const double extent = horizontal ? (labelWidth(font, e) + labelWidth(font, e + 1)) / 2
                                             : labelHeight(font);
            apart = apart && decade - extent >= pixels / 2.0;
        }
        if (apart)
            return pixels;
    }
    return 0;
}

// A paint engine that draws nothing and keeps each text it is given, where and in which
// pixel size: what the figure's painters really draw the tick labels in.
class TextRecorder : public QPaintEngine
{
public:
    struct Text
    {
        QString text;
        QPointF at;
        int pixels = 0;
    };
    QList<Text> texts;

    TextRecorder() : QPaintEngine(QPaintEngine::AllFeatures) {}
    bool begin(QPaintDevice *) override { return true; }
    bool end() override { return true; }
    void updateState(const QPaintEngineState &) override {}
    void drawPixmap(const QRectF &, const QPixmap &, const QRectF &) override {}
    void drawPath(const QPainterPath &) override {}
    void drawPolygon(const QPointF *, int, PolygonDrawMode) override {}
    void drawTextItem(const QPointF &at, const QTextItem &item) override
    {
        texts.append({.text = item.text(), .at = at, .pixels = item.font().pixelSize()});
    }
    Type type() const override { return QPaintEngine::User; }
};

class RecordingDevice : public QPaintDevice
{
public:
    explicit RecordingDevice(const QSize &size) : m_size(size) {}
    QPaintEngine *paintEngine() const override { return &m_engine; }
    const QList<TextRecorder::Text> &texts() const { return m_engine.texts; }

protected:
    int metric(PaintDeviceMetric metric) const override
    {
        switch (metric) {
        case PdmWidth:
            return m_size.width();
        case PdmHeight:
            return m_size.height();
        case PdmWidthMM:
            return m_size.width() * 254 / 960;
        case PdmHeightMM:
            return m_size.height() * 254 / 960;
        case PdmDepth:
            return 32;
        case PdmDevicePixelRatio:
            return 1;
        case PdmDevicePixelRatioScaled:
            return static_cast<int>(devicePixelRatioFScale());
        case PdmNumColors:
            return 0x7fffffff;
        default: // the dots per inch, logical and physical
            return 96;
        }
    }

private:
    QSize m_size;
    mutable TextRecorder m_engine;
};

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
    // 24.2 = 5.8 < 7; no step keeps three at 14 px (aSmallerFontKeepsThreeLabels shrinks
    // them). At 40 px, 6.7 px a decade, not even a font of 11 px (labels about 19 px wide)
    // keeps every third apart (20 - 19 < 5.5), so at 14 px the first step whose two labels
    // keep apart: every fifth, 33.3 - 24.2 = 9.1 >= 7, phases 0 and 1 each labelling two, a
    // tie that goes to the multiples of five.
    QCOMPARE(labelledValues(axisTicks(1, 1e6, 40, fonts, Qt::Horizontal)), (Values{1, 1e5}));
    QCOMPARE(axisTickLabels(1, 1e6, 40, fonts, Qt::Horizontal).font.pixelSize(), 14);
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

// 1 .. 10^6 over 60 px at 100 %: every third decade is 30 px apart. At 14 px the labels are
// 24.2 px wide, 5.8 px apart, under half an em (7 px); a smaller size, measured here, keeps
// them apart before the floor of 11 px (70 % of 14 is 9.8), so the axis labels 1, 10^3 and
// 10^6 in it rather than two decades at 14 px.
void TestTickLabels::aSmallerFontKeepsThreeLabels()
{
    const SceneFonts fonts = SceneFonts::make(1);
    const QFont tick = fonts.tick;
    QCOMPARE(tick.pixelSize(), 14);
    QVERIFY(30 - labelWidth(tick, 3) < 7);
    int expected = 0;
    for (int pixels = 13; pixels >= 11 && expected == 0; --pixels) {
        const QFont font = withPixels(tick, pixels);
        if (30 - (labelWidth(font, 0) + labelWidth(font, 3)) / 2 >= pixels / 2.0 &&
            30 - labelWidth(font, 3) >= pixels / 2.0)
            expected = pixels;
    }
    QVERIFY(expected >= 11);
    const AxisTickLabels labels = axisTickLabels(1, 1e6, 60, fonts, Qt::Horizontal);
    QCOMPARE(labelledValues(labels.ticks), (Values{1, 1e3, 1e6}));
    QCOMPARE(labels.font.pixelSize(), expected);
    QCOMPARE(labels.font.family(), tick.family());
    // An axis whose labels keep apart at the tick font keeps it.
    QCOMPARE(axisTickLabels(1, 1e6, 200, fonts, Qt::Horizontal).font.pixelSize(), 14);
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
    // exponent 11.1 at 18 px) and 39.5 px high, half an em 12.5 px. The plot is 270 px
    // wide: 270 / 4.108 = 65.7 px a decade, 22.5 px between labels, every decade; 270 px
    // high (272 for 70B, its title a line shorter): 63.0 px a decade, 23.4 px between.
    for (const char *model : {"llama-3.1-8b", "llama-3.1-70b"})
        QTest::newRow(qPrintable(QStringLiteral("%1 175").arg(QLatin1String(model))))
            << QString::fromLatin1(model) << 1.75 << Values{1, 10, 100, 1e3}
            << Values{1e12, 1e13, 1e14, 1e15};
    // 225 %: tick font 32 px (31.5 rounded), labels 54.7 px wide ("10" 40.7, exponent 14.0
    // at 22 px) and 50.6 px high, half an em 16 px. The plot is 241 x 208 px: 58.7 px a
    // decade across, 4.0 px between labels; 48.5 px a decade up, labels overlapping by
    // 2.1 px. Every second decade would label only two on each axis (10^0, 10^2; 10^12,
    // 10^14), and three labels of four decades need every decade; so each axis takes the
    // largest smaller size that keeps every decade half an em apart (about 26 px across,
    // 58.7 >= 1.71 x 26 + 13 = 57.5; 23 px up, 48.5 >= 1.58 x 23 + 11.5), measured in the test.
    for (const char *model : {"llama-3.1-8b", "llama-3.1-70b"})
        QTest::newRow(qPrintable(QStringLiteral("%1 225").arg(QLatin1String(model))))
            << QString::fromLatin1(model) << 2.25 << Values{1, 10, 100, 1e3}
            << Values{1e12, 1e13, 1e14, 1e15};
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
    ROOFLAB_COMPARE_DOUBLE(map.rect.width(), textScale > 2 ? 241.0 : 270.0);
    QCOMPARE(figure.model().fonts.tick.pixelSize(), textScale > 2 ? 32 : 25);

    const QFont tick = tickFont(textScale);
    const int across = largestSizeForEveryDecade(map, tick, true);
    const int up = largestSizeForEveryDecade(map, tick, false);
    QVERIFY2(across > 0 && up > 0, qPrintable(QStringLiteral("%1, %2").arg(across).arg(up)));
    // At 225 % neither axis keeps every decade apart at the tick font: they shrink.
    const bool shrinks = textScale > 2;
    QCOMPARE(across < tick.pixelSize(), shrinks);
    QCOMPARE(up < tick.pixelSize(), shrinks);
    const AxisTickLabels xTicks = horizontalTickLabels(map, figure.model().fonts);
    const AxisTickLabels yTicks = verticalTickLabels(map, figure.model().fonts);
    QCOMPARE(xTicks.font.pixelSize(), across);
    QCOMPARE(yTicks.font.pixelSize(), up);
    const Values x = labelledValues(xTicks.ticks);
    const Values y = labelledValues(yTicks.ticks);
    QCOMPARE(x, xLabels);
    QCOMPARE(y, yLabels);
    checkApart(map, withPixels(tick, across), x, true);
    checkApart(map, withPixels(tick, up), y, false);
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
// the small figure at 225 % and their font stay those derived above, whatever the points do.
void TestTickLabels::theLabelsDoNotFollowTheBatch()
{
    const ViewRange held = {0.1383, 1772.2, 3.4747e11, 6.75e15};
    const QFont tick = tickFont(2.25);
    int across = 0, up = 0;
    for (double batch : {1.0, 4.0, 64.0, 256.0, 1024.0}) {
        const Figure figure =
            fourDeviceFigure(QStringLiteral("llama-3.1-70b"), batch, 2.25, QSize(580, 455), &held);
        const AxisMapping &map = figure.layout().map;
        if (across == 0) {
            across = largestSizeForEveryDecade(map, tick, true);
            up = largestSizeForEveryDecade(map, tick, false);
        }
        const AxisTickLabels x = horizontalTickLabels(map, figure.model().fonts);
        const AxisTickLabels y = verticalTickLabels(map, figure.model().fonts);
        QCOMPARE(labelledValues(x.ticks), (Values{1, 10, 100, 1e3}));
        QCOMPARE(labelledValues(y.ticks), (Values{1e12, 1e13, 1e14, 1e15}));
        QCOMPARE(x.font.pixelSize(), across);
        QCOMPARE(y.font.pixelSize(), up);
    }
}

// The figure's painters draw the labels in the size chosen: every "10" under the plot in the
// horizontal axis's size, every one left of it in the vertical's, four of each.
void TestTickLabels::theFigureDrawsTheChosenFont()
{
    const Figure figure =
        fourDeviceFigure(QStringLiteral("llama-3.1-70b"), 16, 2.25, QSize(580, 455));
    const AxisMapping &map = figure.layout().map;
    const QFont tick = tickFont(2.25);
    const int across = largestSizeForEveryDecade(map, tick, true);
    const int up = largestSizeForEveryDecade(map, tick, false);
    RecordingDevice device(QSize(580, 455));
    {
        QPainter painter(&device);
        figure.draw(&painter);
    }
    int under = 0, left = 0;
    for (const TextRecorder::Text &t : device.texts()) {
        if (t.text != QStringLiteral("10"))
            continue;
        if (t.at.y() > map.rect.bottom()) {
            ++under;
            QCOMPARE(t.pixels, across);
        } else if (t.at.x() < map.rect.left()) {
            ++left;
            QCOMPARE(t.pixels, up);
        }
    }
    QCOMPARE(under, 4);
    QCOMPARE(left, 4);
}

QTEST_MAIN(TestTickLabels)
#include "tst_ticklabels.moc"
