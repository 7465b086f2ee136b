// A lesson's marks drawn on a figure: the callout's text in an exported SVG, its arrow ending
// at the point's pixel, a band's shading, ridge labels left out on request, and the marks a
// lesson step hands the figure (the window and the deck draw the same). Figures by hand.
#include "annotationpainter.h"
#include "catalog.h"
#include "evaluate.h"
#include "figure.h"
#include "lessonchart.h"
#include "lessonparser.h"
#include "lessonplayer.h"
#include "testhelpers.h"

#include <QBuffer>
#include <QGuiApplication>
#include <QPainter>
#include <QSvgGenerator>
#include <QTest>

using namespace rooflab;

namespace {

const QString h100 = QStringLiteral("h100-sxm5");
const QString gemm = QStringLiteral("decode-mlp-up-8b");

// The 8B MLP up projection in decode (D = 4096, F = 14336) at batch 16, BF16, on an H100
// SXM5 (BF16 989.5 TFLOP/s, 3.35 TB/s):
// FLOPs 2·16·4096·14336 = 1,879,048,192; bytes 2·D·F + 2·16·(D+F) = 117,440,512 + 589,824
// = 118,030,336; intensity 15.92004 FLOP/byte; memory-bound, so attainable
// 3.35e12 · 15.92004 = 5.33321e13 FLOP/s. Ridge 989.5 / 3.35 = 295.373 FLOP/byte.
constexpr double gemmIntensity = 1879048192.0 / 118030336.0;
constexpr double gemmAttainable = 3.35e12 * gemmIntensity;
constexpr double h100Ridge = 989.5 / 3.35;

Analysis gemmAnalysis(const Catalog &catalog)
{
    Scenario sc;
    sc.devices = {h100};
    sc.operators = {*catalog.operatorSpec(gemm)};
    sc.batch = 16;
    return evaluate(catalog, sc);
}

QByteArray svgOf(const Figure &figure, const QSize &size)
{
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    QSvgGenerator generator;
    generator.setOutputDevice(&buffer);
    generator.setSize(size);
    generator.setViewBox(QRect(QPoint(0, 0), size));
    QPainter painter(&generator);
    figure.draw(&painter);
    painter.end();
    return buffer.data();
}

ChartOptions stillOptions()
{
    ChartOptions options;
    options.animate = false;
    return options;
}

} // namespace

class TestLessonAnnotations : public QObject
{
    Q_OBJECT

    Catalog m_catalog = Catalog::builtin();

    // What reading `json` with `from` replaced by `to` reports: its problems, or nothing
    // when it reads.
    QString problemsWith(QByteArray json, const char *from, const char *to) const
    {
        json.replace(from, to);
        QStringList problems;
        if (readLessonFile(json, QStringLiteral("lesson.json"), m_catalog, &problems))
            return QString();
        return problems.join(QLatin1Char('\n'));
    }

private Q_SLOTS:
    void theHandDerivedPointIsTheAnalysisPoint()
    {
        const Analysis analysis = gemmAnalysis(m_catalog); // kept alive while its point is read
        const PointAnalysis *p = analysis.point(h100, gemm);
        QVERIFY(p);
        ROOFLAB_COMPARE_NEAR(p->intensity, gemmIntensity, 1e-9);
        ROOFLAB_COMPARE_NEAR(p->attainableFlops, gemmAttainable, 1e-6);
    }

    void exportedSvgHoldsTheCalloutText()
    {
        const QString text = QStringLiteral("Decode lives here");
        ChartOptions options = stillOptions();
        const QSize size(1200, 800);
        const QByteArray plain = svgOf(Figure(gemmAnalysis(m_catalog), options, size), size);
        QVERIFY(!plain.contains(text.toUtf8())); // not there without the annotation
        options.annotations = {{.kind = FigureAnnotation::Kind::Callout,
                                .text = text,
                                .x = gemmIntensity,
                                .y = gemmAttainable}};
        const QByteArray marked = svgOf(Figure(gemmAnalysis(m_catalog), options, size), size);
        QVERIFY2(marked.contains(text.toUtf8()), "the callout's text is SVG text");
    }

    void calloutArrowEndsAtThePointsPixel()
    {
        ChartOptions options = stillOptions();
        options.annotations = {{.kind = FigureAnnotation::Kind::Callout,
                                .text = QStringLiteral("batch 16"),
                                .x = gemmIntensity,
                                .y = gemmAttainable}};
        const Figure figure(gemmAnalysis(m_catalog), options, QSize(1600, 1000));
        const QList<CalloutPlacement> placed = placeCallouts(figure.model(), figure.frame());
        QCOMPARE(placed.size(), 1);
        const CalloutPlacement &c = placed.constFirst();
        // The target is the pixel FigureLayout's map gives the point's data coordinates...
        const QPointF pixel = figure.layout().map.toPixel(gemmIntensity, gemmAttainable);
        ROOFLAB_COMPARE_NEAR(c.target.x(), pixel.x(), 1e-9);
        ROOFLAB_COMPARE_NEAR(c.target.y(), pixel.y(), 1e-9);
        // ... which is where the point's marker is drawn.
        QCOMPARE(figure.frame().pointPixels.size(), 1);
        ROOFLAB_COMPARE_NEAR(figure.frame().pointPixels.constFirst().x(), pixel.x(), 1e-9);
        ROOFLAB_COMPARE_NEAR(figure.frame().pointPixels.constFirst().y(), pixel.y(), 1e-9);
        // The arrow points at it and stops half a marker plus 3 px short of its centre.
        const double gap = figure.frame().markerSize / 2 + 3;
        ROOFLAB_COMPARE_NEAR(QLineF(c.arrow.p2(), pixel).length(), gap, 1e-6);
        const QLineF whole(c.arrow.p1(), pixel);
        ROOFLAB_COMPARE_NEAR(whole.length(), c.arrow.length() + gap, 1e-6);
        // The box is in the plot and leaves the point uncovered.
        QVERIFY(figure.layout().map.rect.contains(c.box));
        QVERIFY(!c.box.contains(pixel));
    }

    void bandShadesItsRange()
    {
        ChartOptions options = stillOptions();
        options.showZones = false;
        // A fixed view, intensity 0.1 to 10^4, so both test pixels are in the plot.
        options.xMin = 0.1;
        options.xMax = 1e4;
        options.yMin = 1e11;
        options.yMax = 1e16;
        const QSize size(1200, 800);
        const Figure plain(gemmAnalysis(m_catalog), options, size);
        options.annotations = {{.kind = FigureAnnotation::Kind::Band,
                                .text = QStringLiteral("memory-bound"),
                                .axis = FigureAnnotation::Axis::Intensity,
                                .from = 1,
                                .to = 10}};
        const Figure banded(gemmAnalysis(m_catalog), options, size);
        const QImage a = plain.image(1), b = banded.image(1);
        const AxisMapping &map = banded.layout().map;
        // Near the plot's bottom edge, where no roof or label is: shaded at intensity 3.5,
        // untouched at 150 (outside the band; neither is on a grid line).
        const int y = static_cast<int>(map.rect.bottom() - 4);
        const int inside = static_cast<int>(map.xToPixel(3.5));
        const int outside = static_cast<int>(map.xToPixel(150));
        QVERIFY(a.pixel(inside, y) != b.pixel(inside, y));
        QCOMPARE(a.pixel(outside, y), b.pixel(outside, y));
    }

    void ridgeLabelsCanBeHidden()
    {
        ChartOptions options = stillOptions();
        const Analysis analysis = gemmAnalysis(m_catalog);
        const SceneModel shown = SceneModel::build(analysis, options);
        QStringList labels;
        for (const SceneRoof &roof : shown.roofs)
            if (!roof.ridgeLabel.isEmpty())
                labels.append(roof.ridgeLabel);
        // 295.373 to three digits.
        QVERIFY2(labels.contains(QStringLiteral("ridge 295 FLOP/B")),
                 qPrintable(labels.join(QLatin1Char('|'))));
        QVERIFY(!shown.batchMarks.isEmpty());
        options.hideRidgeLabels = true;
        const SceneModel hidden = SceneModel::build(analysis, options);
        for (const SceneRoof &roof : hidden.roofs)
            QVERIFY(roof.ridgeLabel.isEmpty());
        QVERIFY(hidden.batchMarks.isEmpty());
    }

    void aLessonStepHandsItsMarksToTheFigure()
    {
        // tests/data/lessons-good/four-steps.json, step 1: the GEMM at batch 16 on the H100
        // with a callout "Intensity {intensity}", a band from 1 to the ridge and a highlight.
        const QString path = qEnvironmentVariable("ROOFLAB_TEST_DATA") +
                             QStringLiteral("/lessons-good/four-steps.json");
        QStringList problems;
        const std::optional<Lesson> lesson = loadLessonFile(path, m_catalog, &problems);
        QVERIFY2(lesson, qPrintable(problems.join(QLatin1Char('\n'))));
        LessonPlayer player(*lesson, m_catalog);
        const LessonChart chart = lessonChart(player, m_catalog, Theme::Light, true);
        QVERIFY(chart.problems.isEmpty());
        QCOMPARE(chart.options.annotations.size(), 3);
        const FigureAnnotation &callout = chart.options.annotations.at(0);
        QCOMPARE(callout.kind, FigureAnnotation::Kind::Callout);
        QCOMPARE(callout.text, QStringLiteral("Intensity 15.9")); // 15.92 to 3 digits
        ROOFLAB_COMPARE_NEAR(callout.x, gemmIntensity, 1e-9);
        ROOFLAB_COMPARE_NEAR(callout.y, gemmAttainable, 1e-6);
        const FigureAnnotation &band = chart.options.annotations.at(1);
        QCOMPARE(band.kind, FigureAnnotation::Kind::Band);
        ROOFLAB_COMPARE_NEAR(band.from, 1.0, 1e-12);
        ROOFLAB_COMPARE_NEAR(band.to, h100Ridge, 1e-9);
        QCOMPARE(chart.options.annotations.at(2).kind, FigureAnnotation::Kind::Highlight);
        // The step's framing: intensity 0.1 to 10^4, text scale 1.5.
        QCOMPARE(chart.options.xMin, 0.1);
        QCOMPARE(chart.options.xMax, 10000.0);
        QCOMPARE(chart.options.fontScale, 1.5);
        // Its callout is drawn: the SVG of the step's figure holds the text.
        const QSize size(1000, 700);
        const QByteArray svg = svgOf(Figure(chart.analysis, chart.options, size), size);
        QVERIFY(svg.contains("Intensity 15.9"));
    }

    void ridgeLabelsHideWhileTheQuestionAsksForTheRidge()
    {
        const QByteArray json = R"({
            "schema": "rooflab-lesson", "version": 1, "id": "hide-ridge", "title": "Hide",
            "audience": "tests",
            "steps": [{
                "title": "Where is the ridge?",
                "scenario": {"devices": ["h100-sxm5"], "operators": [{"id": "up",
                    "name": "up", "kind": "decode-gemm", "d": 4096, "f": 14336}], "batch": 16},
                "presentation": {"hide_ridge_labels": true},
                "question": {"text": "Where?", "answer": {"kind": "number", "expect": "ridge",
                    "tolerance": 0.1}},
                "reveal": {"text": "At {ridge}."}
            }]})";
        QStringList problems;
        const std::optional<Lesson> lesson =
            readLessonFile(json, QStringLiteral("hide.json"), m_catalog, &problems);
        QVERIFY2(lesson, qPrintable(problems.join(QLatin1Char('\n'))));
        QVERIFY(lesson->steps.constFirst().presentation.hideRidgeLabels);
        LessonPlayer player(*lesson, m_catalog);
        QVERIFY(lessonChart(player, m_catalog, Theme::Light, true).options.hideRidgeLabels);
        player.reveal();
        QVERIFY(!lessonChart(player, m_catalog, Theme::Light, true).options.hideRidgeLabels);

        // A value that is not true or false is refused with the field named.
        const QString refused =
            problemsWith(json, "\"hide_ridge_labels\": true", "\"hide_ridge_labels\": 3");
        QVERIFY2(refused.contains(QStringLiteral("step 1.presentation.hide_ridge_labels")),
                 qPrintable(refused));
    }

    // A question that asks whether the model fits: its chart leaves the answer out until the
    // reveal. Llama 2 70B on one H100 at batch 1 with a 4096-token context needs about
    // 138 GB of BF16 weights (69.0e9 parameters × 2 bytes) and 1.34 GB of KV cache
    // (80 layers × 2 (K, V) × 8 heads × 128 × 2 bytes × 4096 tokens), against
    // 80 GB × 0.9 = 72 GB usable: 139 / 72 = 1.93, so two devices.
    void hideFitLeavesTheFitOutUntilTheReveal()
    {
        const QByteArray json = R"({
            "schema": "rooflab-lesson", "version": 1, "id": "fit", "title": "Fit",
            "audience": "tests",
            "steps": [{
                "title": "Does it fit?",
                "scenario": {"devices": ["h100-sxm5"], "operators": [],
                    "model": "llama-2-70b", "phase": "decode", "batch": 1, "seq": 4096},
                "presentation": {"hide_fit": true},
                "question": {"text": "Does it fit?", "answer": {"kind": "choice",
                    "choices": ["yes", "no"], "correct": "no"}},
                "reveal": {"text": "No."}
            }]})";
        QStringList problems;
        const std::optional<Lesson> lesson =
            readLessonFile(json, QStringLiteral("fit.json"), m_catalog, &problems);
        QVERIFY2(lesson, qPrintable(problems.join(QLatin1Char('\n'))));
        QVERIFY(lesson->steps.constFirst().presentation.hideFit);
        LessonPlayer player(*lesson, m_catalog);
        const auto said = [this](const LessonChart &chart) {
            const SceneModel model = SceneModel::build(chart.analysis, chart.options);
            QStringList texts = {chart.options.title, chart.options.titleBrief};
            for (const SceneLegendEntry &entry : model.legend)
                texts.append(entry.text);
            return texts.join(QLatin1Char('|'));
        };
        const LessonChart asked = lessonChart(player, m_catalog, Theme::Light, true);
        // The title keeps two lines: the shape, then what the H100 has usable,
        // 80 GB × (1 − 10 % headroom) = 72 GB, the figure the footprint is compared with.
        QCOMPARE(asked.options.title, QStringLiteral("Llama 2 70B decode · batch 1 · context 4096\n"
                                                     "NVIDIA H100 SXM5 80GB: 72 GB usable"));
        // The legend line's verdict slot says the same 72 GB until the reveal.
        QCOMPARE(asked.options.fitVerdicts.size(), 1);
        QCOMPARE(asked.options.fitVerdicts.first().text, QStringLiteral("72 GB usable"));
        const QString before = said(asked);
        // Not the verdict, not the count, not the footprint (the brief title asks "needs ? GB").
        for (const char *answer : {"fit", "needs ×2", "needs 2", "139"})
            QVERIFY2(!before.contains(QString::fromUtf8(answer)), qPrintable(before));
        player.reveal();
        const LessonChart revealed = lessonChart(player, m_catalog, Theme::Light, true);
        const QString after = said(revealed);
        QVERIFY2(after.contains(QStringLiteral("does not fit (needs 2 devices)")),
                 qPrintable(after));
        QCOMPARE(revealed.options.title.count(QLatin1Char('\n')), 1); // two lines, as asked

        // A value that is not true or false is refused with the field named.
        const QString refused = problemsWith(json, "\"hide_fit\": true", "\"hide_fit\": \"yes\"");
        QVERIFY2(refused.contains(QStringLiteral("step 1.presentation.hide_fit")),
                 qPrintable(refused));
    }

    // Llama 3.1 70B on an H100, an H200 and an MI300X at batch 16 with hide_fit, in narrow
    // figures at large text: the title's second line listed each device's usable memory and
    // wrapped to more rows than the revealed "Needs 163 GB: fits 1 of the 3 devices shown",
    // and the reveal added the legend's verdicts, so the plot moved at the reveal. The usable
    // memories now sit in the legend's verdict slots, 80 × 0.9 = 72 GB, 141 × 0.9 = 126.9
    // → "127 GB" and 192 × 0.9 = 172.8 → "173 GB". On one H100 (Llama 2 70B, above) the
    // revealed line, "…: 139 GB > 72 GB usable, does not fit (needs 2 devices)", is far
    // longer than the asked one. Both states are laid out for the same widest title and
    // verdicts, and the plot, legend and title height stay put.
    void theRevealLeavesThePlotWhereItWas_data()
    {
        QTest::addColumn<QByteArray>("scenario");
        QTest::addColumn<QString>("title");
        QTest::addColumn<QStringList>("usable");
        QTest::newRow("three devices")
            << QByteArray(R"("devices": ["h100-sxm5", "h200-sxm", "mi300x"],
                "model": "llama-3.1-70b", "batch": 16)")
            << QStringLiteral("Llama 3.1 70B decode · batch 16 · context 4096\n"
                              "Needs ? GB: fits ? of the 3 devices shown")
            << QStringList{QStringLiteral("72 GB usable"), QStringLiteral("127 GB usable"),
                           QStringLiteral("173 GB usable")};
        QTest::newRow("one device")
            << QByteArray(R"("devices": ["h100-sxm5"], "model": "llama-2-70b", "batch": 1)")
            << QStringLiteral("Llama 2 70B decode · batch 1 · context 4096\n"
                              "NVIDIA H100 SXM5 80GB: 72 GB usable")
            << QStringList{QStringLiteral("72 GB usable")};
    }

    void theRevealLeavesThePlotWhereItWas()
    {
        QFETCH(QByteArray, scenario);
        QFETCH(QString, title);
        QFETCH(QStringList, usable);
        const QByteArray json = R"({
            "schema": "rooflab-lesson", "version": 1, "id": "fit3", "title": "Fit",
            "audience": "tests",
            "steps": [{
                "title": "Which fit?",
                "scenario": {"operators": [], "phase": "decode", "seq": 4096, )" +
                                scenario + R"(},
                "presentation": {"hide_fit": true},
                "question": {"text": "Which fit?", "answer": {"kind": "choice",
                    "choices": ["one", "two"], "correct": "one"}},
                "reveal": {"text": "One."}
            }]})";
        QStringList problems;
        const std::optional<Lesson> lesson =
            readLessonFile(json, QStringLiteral("fit.json"), m_catalog, &problems);
        QVERIFY2(lesson, qPrintable(problems.join(QLatin1Char('\n'))));
        for (const double scale : {1.35, 1.75, 2.25}) {
            for (const QSize size : {QSize(700, 600), QSize(1000, 650), QSize(1280, 800)}) {
                LessonPlayer player(*lesson, m_catalog);
                LessonChart asked = lessonChart(player, m_catalog, Theme::Light, true);
                asked.options.fontScale = scale;
                QCOMPARE(asked.options.title, title);
                QStringList said;
                for (const FitVerdict &v : std::as_const(asked.options.fitVerdicts))
                    said.append(v.text);
                QCOMPARE(said, usable);
                player.reveal();
                LessonChart revealed = lessonChart(player, m_catalog, Theme::Light, true);
                revealed.options.fontScale = scale;
                // As the window's chart lays them out (a file gives a legend's empty rows
                // under the plot back to the plot, and a deck's pages are apart).
                const Figure before(asked.analysis, asked.options, size, {},
                                    Figure::Purpose::Window);
                const Figure after(revealed.analysis, revealed.options, size, {},
                                   Figure::Purpose::Window);
                const QString where =
                    QStringLiteral("%1 x %2 at %3").arg(size.width()).arg(size.height()).arg(scale);
                QVERIFY2(before.layout().map.rect == after.layout().map.rect,
                         qPrintable(where + QStringLiteral(": the plot moved")));
                QVERIFY2(before.layout().legend == after.layout().legend,
                         qPrintable(where + QStringLiteral(": the legend moved")));
                QVERIFY2(before.layout().titleHeight == after.layout().titleHeight,
                         qPrintable(where + QStringLiteral(": the title changed height")));
                // The margin, sized for the wider verdicts, holds the legend in both states.
                for (const Figure *figure : {&before, &after}) {
                    const LegendSlot &slot = figure->layout().legend;
                    if (slot.outside())
                        QVERIFY2(slot.rect.contains(figure->frame().legend.rect),
                                 qPrintable(where + QStringLiteral(": the legend overflows")));
                }
            }
        }
    }
};

QTEST_MAIN(TestLessonAnnotations)
#include "tst_lessonannotations.moc"
