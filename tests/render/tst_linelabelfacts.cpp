#include "figure.h"
#include "legendnotes.h"
#include "renderfixtures.h"
#include "scenarioanalysis.h"
#include "sceneframe.h"
#include "scenemodel.h"
#include "testhelpers.h"

#include <QFontMetricsF>
#include <QTest>
#include <QTransform>

#include <algorithm>
#include <cmath>

using namespace rooflab;
using namespace rooflab::test;

// Labels of lines and zones that a crowded figure has no room for keep their facts
// (issue 12, docs/labels.md): a zone caption breaks over two lines rather than vanish, and
// every slope, roof and ridge label is drawn, on its device's legend line, or named in the
// list a compact legend counts (the window's tooltip over the legend).
class TestLineLabelFacts : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void aNarrowComputeZoneBreaksItsCaption();
    void aNarrowerZoneWritesItsCaptionUpwards();
    void aCaptionOnItsSideBreaksBelowTheRoofs();
    void aCaptionTooBigForItsZoneShrinks();
    void everyLineLabelIsDrawnOrNamed_data();
    void everyLineLabelIsDrawnOrNamed();
    void theListReadsOneLabelALine();
    void labelsSideBySideReadApart_data();
    void labelsSideBySideReadApart();
    void aBatchMarkBesideALabelIsDrawn();
    void theBatchNoteExplainsWhatIsDrawn_data();
    void theBatchNoteExplainsWhatIsDrawn();
    void aKeyCountsOnlyNotesWorthReading();
};

namespace {

const PlacedText *textOf(const SceneFrame &frame, TextStyle style, const QString &text)
{
    for (const PlacedText &t : frame.texts) {
        if (t.style == style && t.text == text)
            return &t;
    }
    return nullptr;
}

// The number a legend note starts with ("8 line labels left out: ..."), or -1.
int countInNote(const SceneFrame &frame, const QString &words)
{
    for (const LegendLayout::Line &line : frame.legend.lines) {
        const QString &text = line.entry.text;
        if (line.entry.kind == SceneLegendEntry::Kind::Note && text.contains(words))
            return text.section(QLatin1Char(' '), 0, 0).toInt();
    }
    return -1;
}

// Where a turned text is drawn: its box turned by its angle about its origin.
QRectF drawnRect(const PlacedText &text)
{
    QTransform turn;
    turn.translate(text.origin.x(), text.origin.y());
    turn.rotate(text.angle);
    return turn.mapRect(text.rect);
}

} // namespace

void TestLineLabelFacts::aNarrowComputeZoneBreaksItsCaption()
{
    // Llama 3.1 70B decode at batch 16 on the H100, H200 and MI300X, in a 1280 x 800 figure
    // at 175 % text. The zones are the H100's (the first device): its BF16 ridge is
    // 989.5 TFLOP/s / 3.35 TB/s = 295.37 FLOP/B, so the compute-bound zone runs from that
    // intensity's pixel to the plot's right edge.
    const ScenarioAnalysis result = analysisAt(threeDevices(), 16);
    const Figure figure(result.chart, windowOptions(result, 1.75), QSize(1280, 800));
    const SceneModel &model = figure.model();
    const AxisMapping &map = figure.layout().map;
    const double ridgeX = map.xToPixel(989.5 / 3.35);
    const double zoneWidth = map.rect.right() - ridgeX;
    // Why it breaks: the one-line caption with its padding and 8 px either side is wider
    // than the zone, "compute-" alone is not.
    const QFontMetricsF metrics(model.fonts.zone);
    const double oneLine = metrics.horizontalAdvance(QStringLiteral("compute-bound"));
    const double firstLine = metrics.horizontalAdvance(QStringLiteral("compute-"));
    QVERIFY2(oneLine + 2 * textPadX + 16 > zoneWidth,
             qPrintable(QStringLiteral("%1 in %2").arg(oneLine).arg(zoneWidth)));
    QVERIFY2(firstLine + 2 * textPadX + 16 <= zoneWidth,
             qPrintable(QStringLiteral("%1 in %2").arg(firstLine).arg(zoneWidth)));
    const SceneFrame &frame = figure.frame();
    QVERIFY(!textOf(frame, TextStyle::Zone, QStringLiteral("compute-bound")));
    const PlacedText *compute = textOf(frame, TextStyle::Zone, QStringLiteral("compute-\nbound"));
    QVERIFY2(compute, "no compute-bound caption");
    QVERIFY2(compute->rect.left() >= ridgeX && compute->rect.right() <= map.rect.right(),
             qPrintable(describe(compute->rect)));
    // Two lines tall, at the bottom of the plot.
    QVERIFY(compute->rect.height() >= 2 * metrics.height());
    QVERIFY(compute->rect.bottom() <= map.rect.bottom());
    // The memory-bound zone is wide: its caption stays on one line, left of the ridge.
    const PlacedText *memory = textOf(frame, TextStyle::Zone, QStringLiteral("memory-bound"));
    QVERIFY2(memory, "no memory-bound caption");
    QVERIFY(memory->rect.right() <= ridgeX);
}

void TestLineLabelFacts::aNarrowerZoneWritesItsCaptionUpwards()
{
    // The same scenario in a 1200 x 800 figure at 225 %: the compute-bound zone (right of
    // the H100's ridge at 295.37 FLOP/B) is narrower than even "compute-" and its padding,
    // so the caption is written upwards, its box on its side inside the zone.
    const ScenarioAnalysis result = analysisAt(threeDevices(), 16);
    const Figure figure(result.chart, windowOptions(result, 2.25), QSize(1200, 800));
    const AxisMapping &map = figure.layout().map;
    const double ridgeX = map.xToPixel(989.5 / 3.35);
    const QFontMetricsF metrics(figure.model().fonts.zone);
    const double zoneWidth = map.rect.right() - ridgeX;
    QVERIFY2(metrics.horizontalAdvance(QStringLiteral("compute-")) + 2 * textPadX + 16 > zoneWidth,
             qPrintable(QString::number(zoneWidth)));
    const PlacedText *compute =
        textOf(figure.frame(), TextStyle::Zone, QStringLiteral("compute-bound"));
    QVERIFY2(compute, "no compute-bound caption");
    QCOMPARE(compute->angle, -90.0);
    const QRectF drawn = drawnRect(*compute);
    // On its side: as tall as the caption is long, inside the zone and the plot.
    QVERIFY(drawn.height() >= metrics.horizontalAdvance(QStringLiteral("compute-bound")));
    QVERIFY2(drawn.left() >= ridgeX && drawn.right() <= map.rect.right() &&
                 drawn.top() >= map.rect.top() && drawn.bottom() <= map.rect.bottom(),
             qPrintable(describe(drawn) + QStringLiteral(" in ") + describe(map.rect)));
}

void TestLineLabelFacts::aCaptionOnItsSideBreaksBelowTheRoofs()
{
    // The same scenario in a 1000 x 900 figure at 225 % (the roofline chart of a 1920 x 1080
    // window at 225 % is about this size): the zone is too narrow for "compute-", and
    // "compute-bound" on its side, from the bottom of the plot, would cross the lowest roof
    // over the zone, the H100's and H200's FP32 vector roof at 67 TFLOP/s. The caption used to
    // be left out; it is now written upwards in two lines, "compute-" beside "bound".
    const ScenarioAnalysis result = analysisAt(threeDevices(), 16);
    const Figure figure(result.chart, windowOptions(result, 2.25), QSize(1000, 900));
    const AxisMapping &map = figure.layout().map;
    const double ridgeX = map.xToPixel(989.5 / 3.35);
    const QFontMetricsF metrics(figure.model().fonts.zone);
    const double roofY = map.yToPixel(67e12);
    const double whole = metrics.horizontalAdvance(QStringLiteral("compute-bound")) + 2 * textPadX;
    QVERIFY2(map.rect.bottom() - 8 - whole < roofY,
             qPrintable(QStringLiteral("%1 px of caption under a roof %2 px up")
                            .arg(whole)
                            .arg(map.rect.bottom() - 8 - roofY)));
    const PlacedText *compute =
        textOf(figure.frame(), TextStyle::Zone, QStringLiteral("compute-\nbound"));
    QVERIFY2(compute, "no compute-bound caption");
    QCOMPARE(compute->angle, -90.0);
    const QRectF drawn = drawnRect(*compute);
    // Two lines side by side, inside the zone, below the roof.
    QVERIFY(drawn.width() >= 2 * metrics.height());
    QVERIFY2(drawn.left() >= ridgeX && drawn.right() <= map.rect.right() && drawn.top() > roofY &&
                 drawn.bottom() <= map.rect.bottom(),
             qPrintable(describe(drawn) + QStringLiteral(" under a roof at y = ") +
                        QString::number(roofY)));
}

void TestLineLabelFacts::aCaptionTooBigForItsZoneShrinks()
{
    // The same scenario in an 800 x 650 chart at 225 % (legend below), a plot 260 px tall: even
    // "compute-" over "bound" on its side, from 8 px above the plot's bottom, would come
    // within the 3 px a label keeps from a roof of the 67 TFLOP/s roof at the caption's own
    // size (13 px x 2.25 = 29 px); its box is as tall as "compute-" is wide, with 3 px of
    // padding each end. The caption used to be left out; it is now drawn a size smaller, no
    // smaller than at 100 % (13 px), below the roof.
    const ScenarioAnalysis result = analysisAt(threeDevices(), 16);
    const Figure figure(result.chart, windowOptions(result, 2.25), QSize(800, 650), {},
                        Figure::Purpose::Window);
    const AxisMapping &map = figure.layout().map;
    const QFont &zone = figure.model().fonts.zone;
    QCOMPARE(zone.pixelSize(), 29);
    const double roofY = map.yToPixel(67e12);
    const double half =
        std::ceil(QFontMetricsF(zone)
                      .boundingRect(QRectF(0, 0, 10000, 10000), Qt::AlignLeft | Qt::AlignTop,
                                    QStringLiteral("compute-\nbound"))
                      .width()) +
        2 * textPadX;
    QVERIFY2(map.rect.bottom() - 8 - half - 3 < roofY,
             qPrintable(QStringLiteral("%1 px of caption and 3 px under a roof %2 px up")
                            .arg(half)
                            .arg(map.rect.bottom() - 8 - roofY)));
    const PlacedText *compute =
        textOf(figure.frame(), TextStyle::Zone, QStringLiteral("compute-\nbound"));
    QVERIFY2(compute, "no compute-bound caption");
    QVERIFY2(compute->fontPixels >= 13 && compute->fontPixels < 29,
             qPrintable(QString::number(compute->fontPixels)));
    const QRectF drawn = drawnRect(*compute);
    QVERIFY2(drawn.left() >= map.xToPixel(989.5 / 3.35) && drawn.right() <= map.rect.right() &&
                 drawn.top() > roofY && drawn.bottom() <= map.rect.bottom(),
             qPrintable(describe(drawn) + QStringLiteral(" under a roof at y = ") +
                        QString::number(roofY)));
    // At 100 % nothing shrinks: both captions keep the chart's zone font.
    const Figure plain(result.chart, windowOptions(result, 1.0), QSize(800, 700), {},
                       Figure::Purpose::Window);
    int captions = 0;
    for (const PlacedText &t : plain.frame().texts) {
        if (t.style == TextStyle::Zone) {
            ++captions;
            QCOMPARE(t.fontPixels, 0);
        }
    }
    QCOMPARE(captions, 2);
}

void TestLineLabelFacts::everyLineLabelIsDrawnOrNamed_data()
{
    QTest::addColumn<QSize>("size");
    QTest::addColumn<double>("textScale");
    // A compact legend (the 1200 x 800 figure at 225 %, the presenter view's at 1280 x 800)
    // and a full one (1920 x 1080 at 175 %).
    QTest::newRow("1200x800 at 225 %") << QSize(1200, 800) << 2.25;
    QTest::newRow("1280x800 at 175 %") << QSize(1280, 800) << 1.75;
    QTest::newRow("1920x1080 at 175 %") << QSize(1920, 1080) << 1.75;
}

void TestLineLabelFacts::everyLineLabelIsDrawnOrNamed()
{
    QFETCH(QSize, size);
    QFETCH(double, textScale);
    const ScenarioAnalysis result = analysisAt(threeDevices(), 16);
    const Figure figure(result.chart, windowOptions(result, textScale), size);
    const SceneModel &model = figure.model();
    const SceneFrame &frame = figure.frame();
    const auto drawn = [&](const QString &label, const QString &brief = QString()) {
        return std::any_of(frame.texts.cbegin(), frame.texts.cend(), [&](const PlacedText &t) {
            return t.text == label || (!brief.isEmpty() && t.text == brief);
        });
    };
    // Each device's legend line with the pieces wrapped under it ("continued"), joined.
    QHash<int, QString> deviceLines;
    int current = -1;
    for (const LegendLayout::Line &l : frame.legend.lines) {
        if (l.entry.kind == SceneLegendEntry::Kind::Device && !l.entry.continued)
            current = l.entry.device;
        else if (!l.entry.continued)
            current = -1;
        if (current >= 0)
            deviceLines[current] += QLatin1Char(' ') + l.entry.text;
    }
    const auto onLegendLine = [&](const QString &label, int device) {
        return deviceLines.value(device).simplified().contains(label);
    };
    // "label (device)", or for a shared roof "label (device, other device)".
    const auto listed = [&](const QString &label, int device) {
        return std::any_of(frame.lineLabelsLeftOut.cbegin(), frame.lineLabelsLeftOut.cend(),
                           [&](const QString &l) {
                               return l.startsWith(label + QLatin1String(" (")) &&
                                      l.contains(model.deviceNames.value(device));
                           });
    };
    QStringList lost;
    int notDrawn = 0;
    const auto check = [&](const QString &label, int device, const QString &brief = QString()) {
        if (label.isEmpty() || drawn(label, brief))
            return;
        ++notDrawn;
        if (!onLegendLine(label, device) && !listed(label, device))
            lost.append(label);
    };
    for (const SceneSlope &slope : model.slopes)
        check(slope.label, slope.device);
    QStringList roofLabels;
    for (const SceneRoof &roof : model.roofs) {
        // A roof two devices share has one label, drawn once or on each device's line: it
        // is checked with the first of them.
        if (!roofLabels.contains(roof.label))
            check(roof.label, roof.device);
        roofLabels.append(roof.label);
        check(roof.ridgeLabel, roof.device, roof.ridgeLabelBrief);
    }
    QVERIFY2(lost.isEmpty(), qPrintable(lost.join(QStringLiteral("; "))));
    // A compact legend's note counts exactly the labels its list names.
    const int counted = countInNote(frame, QStringLiteral("line label"));
    if (counted >= 0)
        QCOMPARE(counted, int(frame.lineLabelsLeftOut.size()));
    else
        QVERIFY2(frame.lineLabelsLeftOut.isEmpty(),
                 qPrintable(frame.lineLabelsLeftOut.join(QStringLiteral("; "))));
    // At 225 % in 1200 x 800 the MI300X's BF16 ridge, 1307.4 / 5.3 = 246.7 FLOP/B, finds no
    // room by its corner under the plot's top: the list names it with its device.
    if (textScale > 2) {
        QVERIFY(notDrawn > 0);
        QVERIFY2(frame.lineLabelsLeftOut.contains(
                     QStringLiteral("ridge 247 FLOP/B (AMD Instinct MI300X)")),
                 qPrintable(frame.lineLabelsLeftOut.join(QStringLiteral("; "))));
    }
}

void TestLineLabelFacts::labelsSideBySideReadApart_data()
{
    QTest::addColumn<QSize>("size");
    QTest::addColumn<double>("textScale");
    QTest::addColumn<double>("gap");
    // The gap between two boxes on one row: their texts 0.4 em apart, less the 3 px padding
    // of each box. 175 %: 13 x 1.75 = 22.75, a 23 px font; 0.4 x 23 - 6 = 3.2 px. 225 %:
    // 13 x 2.25 = 29.25, 29 px; 0.4 x 29 - 6 = 5.6 px. Before the gap these figures had two
    // labels on one row 0 to 3 px apart: "Attention" and the H200's "ridge 14" (1200 x 1000
    // at 225 %, 1000 x 800 at 175 %), "ridge 14" and a numbered badge (800 x 800 at 225 %),
    // "ridge 295" and "ridge 247" (1300 x 600 at 175 %).
    QTest::newRow("1200x1000 at 225 %") << QSize(1200, 1000) << 2.25 << 5.6;
    QTest::newRow("800x800 at 225 %") << QSize(800, 800) << 2.25 << 5.6;
    QTest::newRow("1000x800 at 175 %") << QSize(1000, 800) << 1.75 << 3.2;
    QTest::newRow("1300x600 at 175 %") << QSize(1300, 600) << 1.75 << 3.2;
}

void TestLineLabelFacts::labelsSideBySideReadApart()
{
    QFETCH(QSize, size);
    QFETCH(double, textScale);
    QFETCH(double, gap);
    const ScenarioAnalysis result = analysisAt(threeDevices(), 16);
    const Figure figure(result.chart, windowOptions(result, textScale), size);
    QCOMPARE(figure.model().fonts.pointLabel.pixelSize(), textScale > 2 ? 29 : 23);
    // The labels the placer puts down, level ones: roofs and ridges, points, badges and B*
    // marks (not their carets, which are no text).
    QList<const PlacedText *> labels;
    for (const PlacedText &t : figure.frame().texts) {
        if (t.angle == 0 && t.style != TextStyle::Zone && !t.text.isEmpty())
            labels.append(&t);
    }
    QVERIFY(labels.size() >= 4);
    int sideBySide = 0;
    for (qsizetype i = 0; i < labels.size(); ++i) {
        for (qsizetype j = i + 1; j < labels.size(); ++j) {
            const QRectF a = labels.at(i)->rect, b = labels.at(j)->rect;
            if (a.top() >= b.bottom() || b.top() >= a.bottom())
                continue; // one above the other
            ++sideBySide;
            const double apart = std::max(b.left() - a.right(), a.left() - b.right());
            QVERIFY2(apart >= gap - 1e-6,
                     qPrintable(QStringLiteral("\"%1\" and \"%2\" %3 px apart")
                                    .arg(labels.at(i)->text, labels.at(j)->text)
                                    .arg(apart)));
        }
    }
    QVERIFY(sideBySide > 0); // the check met a pair
}

void TestLineLabelFacts::aBatchMarkBesideALabelIsDrawn()
{
    // The 8B LLM operators on four devices at batch 128, 1900 x 1050 at 175 %: a GEMM's B*
    // caret stands 1 px right of a ridge label's box. The gap between labels is kept from
    // labels only: the caret, no label, is drawn there with its mark.
    const Catalog &catalog = Catalog::builtin();
    const ScenarioAnalysis result =
        analyzeScenario(catalog, llmScenario(catalog, fourDevices(), 128));
    const Figure figure(result.chart, windowOptions(result, 1.75), QSize(1900, 1050));
    // Carets are the batch marks' boxes without text; the gap at 175 % is 3.2 px (above).
    QList<QRectF> carets, ridges;
    int marks = 0;
    for (const PlacedText &t : figure.frame().texts) {
        if (t.style == TextStyle::Batch && t.text.isEmpty())
            carets.append(t.rect);
        else if (t.style == TextStyle::Batch)
            ++marks;
        else if (t.style == TextStyle::Ridge)
            ridges.append(t.rect);
    }
    QVERIFY(marks >= 1);
    bool besideALabel = false;
    for (const QRectF &caret : carets) {
        for (const QRectF &ridge : ridges) {
            const bool sameRow = caret.top() < ridge.bottom() && ridge.top() < caret.bottom();
            const double apart =
                std::max(caret.left() - ridge.right(), ridge.left() - caret.right());
            besideALabel = besideALabel || (sameRow && apart >= 0 && apart < 3.2);
        }
    }
    QVERIFY2(besideALabel, "no caret drawn within the gap of a ridge label");
}

void TestLineLabelFacts::theBatchNoteExplainsWhatIsDrawn_data()
{
    QTest::addColumn<QSize>("size");
    QTest::addColumn<double>("textScale");
    QTest::addColumn<bool>("anythingToExplain");
    // The 70B model on three devices at batch 16. At 820 x 540 and 860 x 500 at 225 % the
    // legend is in its brief form without marker kinds, its device lines without their B*,
    // and no B* mark finds room on the chart; the legend still said "B* = ridge batch,
    // lo–hi". At 1000 x 600 at 225 % and 1600 x 1000 at 100 % the device lines end with
    // their B*, which the note explains.
    QTest::newRow("820x540 at 225 %") << QSize(820, 540) << 2.25 << false;
    QTest::newRow("860x500 at 225 %") << QSize(860, 500) << 2.25 << false;
    QTest::newRow("1000x600 at 225 %") << QSize(1000, 600) << 2.25 << true;
    QTest::newRow("1600x1000 at 100 %") << QSize(1600, 1000) << 1.0 << true;
}

void TestLineLabelFacts::theBatchNoteExplainsWhatIsDrawn()
{
    QFETCH(QSize, size);
    QFETCH(double, textScale);
    QFETCH(bool, anythingToExplain);
    const ScenarioAnalysis result = analysisAt(threeDevices(), 16);
    const Figure figure(result.chart, windowOptions(result, textScale), size);
    const SceneFrame &frame = figure.frame();
    const bool markDrawn = batchMarkDrawn(frame);
    bool lineSaysBStar = false, noteShown = false;
    // A device's B* ("B*=308–317") may be on a line its name wrapped onto.
    for (const LegendLayout::Line &line : frame.legend.lines) {
        lineSaysBStar = lineSaysBStar || line.entry.text.contains(QStringLiteral("B*="));
        noteShown = noteShown || line.entry.text.startsWith(QStringLiteral("B* ="));
    }
    QCOMPARE(markDrawn || lineSaysBStar, anythingToExplain);
    QCOMPARE(noteShown, anythingToExplain);
}

void TestLineLabelFacts::aKeyCountsOnlyNotesWorthReading()
{
    // The 70B model on three devices at 600 x 450 and 225 %: the legend is a key, which
    // leaves the scene's notes out and counts them. They are two, the B* note and "Shaded
    // zones: NVIDIA H100 SXM5 80GB"; no B* mark finds room and the key's device lines carry
    // none, so only the zones' note is worth counting: "1 note", not "2 notes".
    const ScenarioAnalysis result = analysisAt(threeDevices(), 16);
    const Figure figure(result.chart, windowOptions(result, 2.25), QSize(600, 450));
    const SceneFrame &frame = figure.frame();
    QVERIFY(figure.layout().legend.key);
    QVERIFY(!batchMarkDrawn(frame));
    const QString text = legendText(frame);
    QVERIFY2(text.contains(QStringLiteral("1 note")) && !text.contains(QStringLiteral("2 notes")),
             qPrintable(text));
}

void TestLineLabelFacts::theListReadsOneLabelALine()
{
    const QString text =
        lineLabelsLeftOutText({QStringLiteral("HBM3 3.35 TB/s (NVIDIA H100 SXM5 80GB)"),
                               QStringLiteral("ridge 247 FLOP/B (AMD Instinct MI300X)")});
    const QStringList lines = text.split(QLatin1Char('\n'));
    QCOMPARE(lines.size(), 3);
    QCOMPARE(lines.at(0), QStringLiteral("Left out of the chart for want of room:"));
    QCOMPARE(lines.at(1).trimmed(), QStringLiteral("HBM3 3.35 TB/s (NVIDIA H100 SXM5 80GB)"));
    QCOMPARE(lines.at(2).trimmed(), QStringLiteral("ridge 247 FLOP/B (AMD Instinct MI300X)"));
}

QTEST_MAIN(TestLineLabelFacts)
#include "tst_linelabelfacts.moc"
