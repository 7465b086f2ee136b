// Figures for documents (issue 12): a device keeps its colour whatever the order it was
// added in, the legend names what a reader would otherwise miss (B*, substituted formats,
// whose zones are shaded), batch facts are whole batches, short axes carry at least three
// labels, and the caption line and the model caption say what the figure shows.

#include "captiontable.h"
#include "figure.h"
#include "figureexport.h"
#include "figurelayout.h"
#include "pointdescription.h"
#include "renderfixtures.h"
#include "scenarioanalysis.h"
#include "scenemodel.h"
#include "testhelpers.h"

#include <QSet>
#include <QTemporaryDir>
#include <QTest>

using namespace rooflab;
using namespace rooflab::test;

namespace {

QString s(const char *text)
{
    return QString::fromUtf8(text);
}

int indexOf(const Analysis &analysis, const QString &deviceId)
{
    for (qsizetype i = 0; i < analysis.devices.size(); ++i) {
        if (analysis.devices.at(i).deviceId == deviceId)
            return static_cast<int>(i);
    }
    return -1;
}

QStringList legendTexts(const SceneModel &model)
{
    QStringList texts;
    for (const SceneLegendEntry &e : model.legend)
        texts.append(e.text);
    return texts;
}

bool anyContains(const QStringList &texts, const QString &needle)
{
    return std::any_of(texts.cbegin(), texts.cend(),
                       [&](const QString &t) { return t.contains(needle); });
}

// A device's line starts with its name; what follows (its B*, its verdict) varies.
bool startsALine(const QStringList &texts, const QString &name)
{
    return std::any_of(texts.cbegin(), texts.cend(),
                       [&](const QString &t) { return t.startsWith(name); });
}

PrecisionScheme w4a4()
{
    PrecisionScheme p;
    p.weights = p.act = p.math = s("nvfp4");
    return p;
}

} // namespace

class TestFigureFacts : public QObject
{
    Q_OBJECT

    Catalog m_catalog = Catalog::builtin();
    QTemporaryDir m_dir;

private Q_SLOTS:
    void deviceColourFollowsTheIdNotTheOrder()
    {
        // The table in charttheme.cpp gives H100 SXM5 slot 0 (#1f5fbf in the light theme)
        // and B200 slot 1 (#d62728), in either order of adding.
        for (const QStringList &devices :
             {QStringList{s("h100-sxm5"), s("b200")}, QStringList{s("b200"), s("h100-sxm5")}}) {
            const Analysis a = evaluate(m_catalog, llmScenario(m_catalog, devices, 1));
            const SceneModel model = SceneModel::build(a, ChartOptions());
            QCOMPARE(model.theme.deviceColor(indexOf(a, s("h100-sxm5"))).name(), s("#1f5fbf"));
            QCOMPARE(model.theme.deviceColor(indexOf(a, s("b200"))).name(), s("#d62728"));
        }
    }

    void aUserDeviceNeverTakesAShippedDevicesColour()
    {
        // "h100-2xbw" (a what-if copy of the H100) hashes to slot 0 by FNV-1a and sorts
        // before "h100-sxm5" ('2' < 's'): it took the H100's blue (#1f5fbf, slot 0) and moved
        // the H100 to red. "aaa-npu" hashes to slot 2 and sorts before "mi300x": the MI300X
        // went from green (#2a9d3a, slot 2) to purple. The reserved slots settle first.
        const auto colourOf = [](const QStringList &ids, const QString &id) {
            ChartTheme theme = ChartTheme::forTheme(Theme::Light);
            theme.assignDeviceSlots(ids);
            return theme.deviceColor(static_cast<int>(ids.indexOf(id))).name();
        };
        QCOMPARE(preferredDeviceSlot(s("h100-2xbw")) % 8, 0);
        QCOMPARE(preferredDeviceSlot(s("aaa-npu")) % 8, 2);
        for (const QStringList &ids :
             {QStringList{s("h100-sxm5"), s("mi300x")}, QStringList{s("h100-sxm5"), s("h100-2xbw")},
              QStringList{s("aaa-npu"), s("mi300x"), s("h100-sxm5")}}) {
            QCOMPARE(colourOf(ids, s("h100-sxm5")), s("#1f5fbf"));
            if (ids.contains(s("mi300x")))
                QCOMPARE(colourOf(ids, s("mi300x")), s("#2a9d3a"));
        }
        // The user's devices take the next free slots: h100-2xbw slot 1 (#d62728), aaa-npu
        // slot 3 (#8e44ad), the slot after the MI300X's.
        QCOMPARE(colourOf({s("h100-sxm5"), s("h100-2xbw")}, s("h100-2xbw")), s("#d62728"));
        QCOMPARE(colourOf({s("aaa-npu"), s("mi300x"), s("h100-sxm5")}, s("aaa-npu")), s("#8e44ad"));
    }

    void devicesShownNeverShareAColour()
    {
        // Any eight devices get eight colours of the eight-colour palette, whatever their
        // preferred slots; the same set in reverse order gets the same colours.
        const QStringList devices = {s("a10"),      s("l4"),  s("t4"),   s("rtx-4090"),
                                     s("rtx-5090"), s("h20"), s("l40s"), s("gaudi2")};
        QStringList reversed = devices;
        std::reverse(reversed.begin(), reversed.end());
        ChartTheme a = ChartTheme::forTheme(Theme::Light), b = a;
        a.assignDeviceSlots(devices);
        b.assignDeviceSlots(reversed);
        QSet<QString> colours;
        for (int i = 0; i < devices.size(); ++i) {
            colours.insert(a.deviceColor(i).name());
            QCOMPARE(a.deviceColor(i), b.deviceColor(static_cast<int>(devices.size()) - 1 - i));
        }
        QCOMPARE(colours.size(), 8);
    }

    void legendNamesSubstitutedFormatsAndZones()
    {
        // W4A4 FP4 on H100 and B200: the H100 runs BF16 (tst_whichroof), the B200 FP4.
        Scenario sc = llmScenario(m_catalog, {s("h100-sxm5"), s("b200")}, 1);
        sc.scheme = w4a4();
        const Analysis a = evaluate(m_catalog, sc);
        QVERIFY(a.problems.isEmpty());
        const ChartOptions options; // the window's, as every export's
        const QStringList legend = legendTexts(SceneModel::build(a, options));
        QVERIFY2(anyContains(legend, s("no FP4: runs BF16 (NVIDIA H100 SXM5 80GB)")),
                 qPrintable(legend.join(QLatin1Char('|'))));
        QVERIFY(!anyContains(legend, s("no FP4: runs BF16 (NVIDIA H100 SXM5 80GB, NVIDIA B200")));
        // No selection: the zones are the first device's, and the legend says so.
        QVERIFY(legend.contains(s("Shaded zones: NVIDIA H100 SXM5 80GB")));
        QVERIFY(startsALine(legend, s("NVIDIA H100 SXM5 80GB")));
        QVERIFY(startsALine(legend, s("NVIDIA B200 (HGX, 1000 W)")));
        // The H100 and B200 GEMMs reach their ridges at different batches: a range, explained.
        QVERIFY(anyContains(legend, s("B* = each GEMM's ridge batch, lowest–highest")));
    }

    void zonesFollowTheSelection()
    {
        // The zones shade the selected point's device (not always the first), and the
        // legend (window and file alike) names that device; with zones off or one device
        // there is no note.
        const Analysis a =
            evaluate(m_catalog, llmScenario(m_catalog, {s("h100-sxm5"), s("h200-sxm")}, 1));
        ChartOptions options;
        options.selectedDevice = s("h200-sxm");
        options.selectedOperator = s("decode-qkv-8b");
        SceneModel model = SceneModel::build(a, options);
        QCOMPARE(model.roofs.at(model.zoneRoof).device, 1);
        QStringList legend = legendTexts(model);
        QVERIFY2(legend.contains(s("Shaded zones: NVIDIA H200 SXM 141GB")),
                 qPrintable(legend.join(QLatin1Char('|'))));
        QVERIFY(startsALine(legend, s("NVIDIA H100 SXM5 80GB")));
        options.showZones = false;
        QVERIFY(!anyContains(legendTexts(SceneModel::build(a, options)), s("Shaded zones")));
        options.showZones = true;
        const Analysis one = evaluate(m_catalog, llmScenario(m_catalog, {s("h100-sxm5")}, 1));
        QVERIFY(!anyContains(legendTexts(SceneModel::build(one, options)), s("Shaded zones")));
    }

    void pointsNotDrawnAreNamedInTheLegend()
    {
        // catalogWithDevice's "test-device" has BF16 matrix and FP32 vector roofs only; an
        // operator naming FP64 math finds neither, nor a wider format: it is not drawn, and
        // the legend says so.
        const Catalog catalog = catalogWithDevice(s("Test GPU"));
        OperatorSpec op = catalogOperator(catalog, s("decode-qkv-8b"));
        op.math = s("fp64");
        Scenario sc;
        sc.devices = {s("test-device")};
        sc.operators = {op};
        const Analysis a = evaluate(catalog, sc);
        QVERIFY(a.points.isEmpty());
        QCOMPARE(a.problems.size(), 1);
        const QStringList legend = legendTexts(SceneModel::build(a, ChartOptions()));
        QVERIFY2(legend.contains(s("Not drawn: ") + a.problems.first()),
                 qPrintable(legend.join(QLatin1Char('|'))));
        QVERIFY(a.problems.first().contains(s("Test GPU")));
    }

    void batchMarksAreWholeBatches()
    {
        // Prefill GEMM D = 4096, F = 6144 at prompt T = 512 on the H100: the ridge needs
        // M* = 335.7229 tokens (tst_scenemodel derives it), B* = 335.7229 / 512 = 0.65571 of a
        // batch: the figure says the first whole batch, 1.
        OperatorSpec op = catalogOperator(m_catalog, s("decode-qkv-8b"));
        op.kind = OperatorKind::PrefillGemm;
        Scenario sc;
        sc.devices = {s("h100-sxm5")};
        sc.operators = {op};
        sc.prompt = 512;
        const Analysis a = evaluate(m_catalog, sc);
        QVERIFY(!a.points.isEmpty());
        QVERIFY(a.points.first().ridgeBatch);
        ROOFLAB_COMPARE_NEAR(*a.points.first().ridgeBatch, 335.7229 / 512, 1e-6);
        ChartOptions options;
        options.selectedDevice = s("h100-sxm5");
        options.selectedOperator = op.id;
        const SceneModel model = SceneModel::build(a, options);
        QCOMPARE(model.batchMarks.size(), 1);
        QCOMPARE(model.batchMarks.first().text, s("B*=1"));
        // The tooltip keeps the exact value beside the whole batch.
        QVERIFY(pointDescription(a, a.points.first())
                    .contains(s("Reaches the ridge from batch 1 (exactly 0.6557)")));
    }

    // A point label left out is named in the window's tooltips, so there the legend says to
    // hover a point; a file has no tooltips and only counts it. The 70B model on three
    // devices at 900 x 560 and 225 %: one point label finds no room (the legend counts it).
    void aFileNeverAsksToHoverAPoint()
    {
        const ScenarioAnalysis result = analysisAt(threeDevices(), 16);
        ChartOptions options = windowOptions(result, 2.25);
        options.interactive = true; // as MainWindow::chartOptions() sets it
        const QSize size(900, 560);
        // The window's chart lays out as Figure does (the same FigureLayout and frame).
        const SceneModel model = SceneModel::build(result.chart, options);
        const FigureLayout layout = FigureLayout::make(model, size, FigureLayout::rangeOf(model));
        SceneModel sized = model;
        sized.fonts.legend = legendFontOf(model, layout.legend);
        const SceneFrame window = SceneFrame::layout(sized, layout.map, {}, layout.legend);
        const Figure file(result.chart, options, size);
        const QString windowText = legendText(window), fileText = legendText(file.frame());
        QVERIFY2(windowText.contains(s("1 label left out: hover a point")), qPrintable(windowText));
        QVERIFY2(fileText.contains(s("1 label left out")), qPrintable(fileText));
        QVERIFY2(!fileText.contains(s("hover")), qPrintable(fileText));
    }

    void shortAxesLabelTwoAndFiveTimes()
    {
        // 100 .. 5000 spans log10(50) = 1.7 decades: 100, 200, 500, 1000, 2000, 5000.
        QList<double> labelled;
        for (const LogTick &t : logTicks(100, 5000)) {
            if (t.labelled)
                labelled.append(t.value);
        }
        QCOMPARE(labelled, (QList<double>{100, 200, 500, 1000, 2000, 5000}));
        QCOMPARE(tickLabelBase(logTicks(100, 5000).at(1)), s("2×10"));
        // 2e13 .. 2e15 spans two decades but holds only two, 1e14 and 1e15: with the 2x and
        // 5x ticks, 2e13, 5e13, 1e14, 2e14, 5e14, 1e15, 2e15.
        labelled.clear();
        for (const LogTick &t : logTicks(2e13, 2e15)) {
            if (t.labelled)
                labelled.append(t.value);
        }
        QCOMPARE(labelled, (QList<double>{2e13, 5e13, 1e14, 2e14, 5e14, 1e15, 2e15}));
        // 100 .. 1e5 holds four decades: the decades alone.
        labelled.clear();
        for (const LogTick &t : logTicks(100, 1e5)) {
            if (t.labelled)
                labelled.append(t.value);
        }
        QCOMPARE(labelled, (QList<double>{100, 1000, 1e4, 1e5}));
    }

    void captionLineIsDrawnUnderTheTitle()
    {
        QVERIFY(m_dir.isValid());
        Scenario sc = llmScenario(m_catalog, {s("h100-sxm5"), s("b200")}, 16);
        sc.scheme.weights = s("fp8-e4m3");
        // The line states the shape, the formats by name and the devices by name.
        const QString line = scenarioCaptionLine(m_catalog, sc);
        QCOMPARE(line, s("batch 16 · context 4096 · weights FP8 E4M3, activations BF16, KV cache "
                         "BF16 · NVIDIA H100 SXM5 80GB, NVIDIA B200 (HGX, 1000 W)"));
        FigureRequest request;
        request.path = m_dir.filePath(s("line.svg"));
        request.captionLine = line;
        request.presentation.captionLine = true;
        request.presentation.width = 2000;
        QString error;
        QVERIFY2(exportFigure(evaluate(m_catalog, sc), request, &error), qPrintable(error));
        QVERIFY(svgTexts(request.path).contains(line));
        // Off, the same request draws no such line.
        request.presentation.captionLine = false;
        QVERIFY2(exportFigure(evaluate(m_catalog, sc), request, &error), qPrintable(error));
        QVERIFY(!svgTexts(request.path).contains(line));
    }

    void fitVerdictIsNeverCut()
    {
        // Llama 3.1 70B decode, batch 16, context 4096, BF16 on H100, H200 and MI300X:
        // 70.55e9 parameters x 2 B = 141.1 GB of weights, a KV cache of 2 x 80 layers x 8 KV
        // heads x 128 x 2 B = 327,680 B per token x 16 x 4096 tokens = 21.47 GB, and the
        // activations: 163 GB. With 10 % kept free: H100 80 GB -> 72 GB usable,
        // ceil(163 / 72) = 3 devices; H200 141 GB -> 126.9 GB, ceil(163 / 126.9) = 2; MI300X
        // 192 GB -> 172.8 GB: fits. The title says the need, each device's legend line its
        // verdict, in a 580 px figure (the window's chart on a small screen) as in any other.
        QVERIFY(m_dir.isValid());
        Scenario sc;
        sc.devices = {s("h100-sxm5"), s("h200-sxm"), s("mi300x")};
        sc.model = s("llama-3.1-70b");
        sc.batch = 16;
        const ScenarioAnalysis result = analyzeScenario(m_catalog, sc);
        FigureRequest request;
        request.path = m_dir.filePath(s("verdict.svg"));
        request.titles.title = modelChartTitle(result.models);
        request.models = result.models;
        request.presentation.width = 580;
        request.presentation.height = 455;
        QString error;
        QVERIFY2(exportFigure(result.chart, request, &error), qPrintable(error));
        const QStringList texts = svgTexts(request.path);
        QVERIFY2(texts.contains(s("Needs 163 GB: fits 1 of the 3 devices shown")),
                 qPrintable(texts.join(s(" | "))));
        // A device line wraps at its " · " when the margin is narrow: joined, they read whole.
        const QString all = texts.join(s(" · "));
        QVERIFY2(all.contains(s("NVIDIA H100 SXM5 80GB · needs ×4")), qPrintable(all));
        QVERIFY2(all.contains(s("NVIDIA H200 SXM 141GB · needs ×2")), qPrintable(all));
        QVERIFY2(all.contains(s("AMD Instinct MI300X · fits")), qPrintable(all));
        QVERIFY(!anyContains(texts, QString(QChar(0x2026))));
        // With the legend off the verdicts go under the title, wrapped at their "; ".
        request.presentation.showLegend = false;
        QVERIFY2(exportFigure(result.chart, request, &error), qPrintable(error));
        const QStringList bare = svgTexts(request.path);
        const QString title = bare.join(s(" "));
        for (const char *verdict :
             {"NVIDIA H100 SXM5 80GB: needs ×4;", "NVIDIA H200 SXM 141GB: needs ×2;",
              "AMD Instinct MI300X: fits"})
            QVERIFY2(title.contains(s(verdict)), qPrintable(s(verdict) + s(" not in ") + title));
        QVERIFY(!anyContains(bare, QString(QChar(0x2026))));
    }

    void oneLabelPerClassOnSeveralDevices()
    {
        // A model on four devices: each class stands at one intensity on every device (the
        // same formats and shapes), a column of four coloured markers, named once.
        QVERIFY(m_dir.isValid());
        Scenario sc;
        sc.devices = {s("h100-sxm5"), s("h200-sxm"), s("mi300x"), s("b200")};
        sc.model = s("llama-3.1-70b");
        sc.batch = 32;
        const ScenarioAnalysis result = analyzeScenario(m_catalog, sc);
        FigureRequest request;
        request.path = m_dir.filePath(s("classes.svg"));
        request.titles.title = modelChartTitle(result.models);
        request.models = result.models;
        QString error;
        QVERIFY2(exportFigure(result.chart, request, &error), qPrintable(error));
        const QStringList texts = svgTexts(request.path);
        QCOMPARE(texts.count(s("Attention")), 1);
        QCOMPARE(texts.count(s("Norms")), 1);
        QCOMPARE(texts.count(s("Elementwise")), 1);
    }

    void modelCaptionListsEveryClassAndTheStepTotals()
    {
        Scenario sc;
        sc.devices = {s("h100-sxm5"), s("b200")};
        sc.model = s("llama-3.1-8b");
        sc.batch = 16;
        const ScenarioAnalysis result = analyzeScenario(m_catalog, sc);
        QCOMPARE(result.models.size(), 2);
        ChartOptions options;
        options.selectedDevice = s("h100-sxm5");
        options.selectedOperator = result.chart.points.first().operatorId;
        const SceneModel model = SceneModel::build(result.chart, options);
        const CaptionTable table = CaptionTable::build(result.chart, model, result.models);
        // Every class on both devices, then one totals row per device.
        const qsizetype classes = result.models.at(0).classes.size();
        QCOMPARE(table.rows().size(), 2 * classes + 2);
        QCOMPARE(table.rows().at(classes).cells.at(1), s("Step total"));
        QCOMPARE(table.rows().last().cells.at(1), s("Step total"));
        // The selected class is bold on the selected device only, and so are the totals.
        int bold = 0;
        for (const CaptionTable::Row &row : table.rows())
            bold += row.selected ? 1 : 0;
        QCOMPARE(bold, 3);
    }

    // Llama 3.1 70B on three devices with the caption table in a 600 px wide figure: the
    // table left out what columns it could and still cut the device names ("NVIDIA H100
    // SXM5 ..."). It now names them as the legend's key does, and no cell is cut; a figure
    // wide enough keeps the whole names.
    void aNarrowTableNamesTheDevicesShort()
    {
        const ScenarioAnalysis result =
            rooflab::test::analysisAt(rooflab::test::threeDevices(), 16);
        const SceneModel model = SceneModel::build(result.chart, ChartOptions());
        CaptionTable table = CaptionTable::build(result.chart, model, result.models);
        QVERIFY(table.layout(1600, 1000) > 0);
        QVERIFY(!table.usesShortDeviceNames());
        QVERIFY(table.layout(600, 1000) > 0);
        QVERIFY(table.usesShortDeviceNames());

        QString error;
        const QStringList texts = captionedFigureTexts(
            result, m_dir.filePath(s("narrow-table.svg")), QSize(600, 760), 1.0, &error);
        QVERIFY2(!texts.isEmpty(), qPrintable(error));
        for (const char *name : {"H100", "H200", "MI300X"})
            QVERIFY2(texts.contains(s(name)), name);
        QVERIFY(texts.contains(s("Attention projections")));
        QVERIFY2(firstCutText(texts).isEmpty(), qPrintable(firstCutText(texts)));
    }
};

QTEST_MAIN(TestFigureFacts)
#include "tst_figurefacts.moc"
