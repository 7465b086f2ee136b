#pragma once

// Scenarios and catalogs shared by the renderer's tests.

#include "catalog.h"
#include "chartoptions.h"
#include "evaluate.h"
#include "figureexport.h"
#include "scenarioanalysis.h"
#include "sceneframe.h"
#include "scenemodel.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRectF>
#include <QXmlStreamReader>

#include <algorithm>

namespace rooflab::test {

// A rectangle as "(x, y) w x h", for failure messages.
// The model's whole content over a 1500 x 900 plot at (80, 20): a frame laid out without a
// figure around it.
inline AxisMapping mappingFor(const SceneModel &model)
{
    AxisMapping map;
    map.rect = QRectF(80, 20, 1500, 900);
    map.x0 = model.content.xMin;
    map.x1 = model.content.xMax;
    map.y0 = model.content.yMin;
    map.y1 = model.content.yMax;
    return map;
}

inline QString describe(const QRectF &r)
{
    return QStringLiteral("(%1, %2) %3 x %4").arg(r.x()).arg(r.y()).arg(r.width()).arg(r.height());
}

// Every <text> element of an SVG file; empty when it cannot be read.
inline QStringList svgTexts(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    QStringList texts;
    QXmlStreamReader xml(file.readAll());
    while (!xml.atEnd()) {
        if (xml.readNext() == QXmlStreamReader::StartElement && xml.name() == QLatin1String("text"))
            texts.append(xml.readElementText(QXmlStreamReader::IncludeChildElements));
    }
    return texts;
}

// The texts of `result`'s figure with the caption table, exported as an SVG file at `path`,
// `size` and `textScale`; empty, with `error` set, when it could not be written.
inline QStringList captionedFigureTexts(const ScenarioAnalysis &result, const QString &path,
                                        const QSize &size, double textScale, QString *error)
{
    FigureRequest request;
    request.path = path;
    request.presentation.width = size.width();
    request.presentation.height = size.height();
    request.presentation.textScale = textScale;
    request.presentation.caption = true;
    request.models = result.models;
    if (!exportFigure(result.chart, request, error))
        return {};
    return svgTexts(path);
}

// The first of `texts` cut short: ending in an ellipsis, which only the count of a table's
// rows left out ("… and 9 more rows …") may; empty when none is.
inline QString firstCutText(const QStringList &texts)
{
    const QString count = QChar(0x2026) + QStringLiteral(" and ");
    for (const QString &text : texts) {
        if (text.endsWith(QChar(0x2026)) && !text.startsWith(count))
            return text;
    }
    return {};
}

// The devices of the model figures the legend tests draw: H100 SXM5, H200 SXM and MI300X,
// and the same with the B200, whose long name tests the legend's width.
inline const QStringList &threeDevices()
{
    static const QStringList devices = {QStringLiteral("h100-sxm5"), QStringLiteral("h200-sxm"),
                                        QStringLiteral("mi300x")};
    return devices;
}

inline const QStringList &fourDevices()
{
    static const QStringList devices = {QStringLiteral("h100-sxm5"), QStringLiteral("h200-sxm"),
                                        QStringLiteral("mi300x"), QStringLiteral("b200")};
    return devices;
}

// Llama 3.1 70B decode (context 4096) on `devices` at `batch`, from the built-in catalog.
// Whether a B* mark's text is drawn in `frame` (a mark's caret alone is a text with no words).
inline bool batchMarkDrawn(const SceneFrame &frame)
{
    return std::any_of(frame.texts.cbegin(), frame.texts.cend(), [](const PlacedText &t) {
        return t.style == TextStyle::Batch && !t.text.isEmpty();
    });
}

// The legend's text in `frame`, its wrapped lines joined again by spaces.
inline QString legendText(const SceneFrame &frame)
{
    QStringList lines;
    for (const LegendLayout::Line &line : frame.legend.lines)
        lines.append(line.entry.text);
    return lines.join(QLatin1Char(' '));
}

inline ScenarioAnalysis analysisAt(const QStringList &devices, double batch)
{
    Scenario scenario;
    scenario.model = QStringLiteral("llama-3.1-70b");
    scenario.devices = devices;
    scenario.batch = batch;
    return analyzeScenario(Catalog::builtin(), scenario);
}

// The chart options the window gives a model scenario's `result` at `textScale`
// (MainWindow::chartOptions): its title and brief title, laid out for their widest, and the
// fit verdicts.
inline ChartOptions windowOptions(const ScenarioAnalysis &result, double textScale)
{
    ChartOptions options;
    options.fontScale = textScale;
    options.title = modelChartTitle(result.models);
    options.fitVerdicts = modelFitVerdicts(result.models);
    options.titleWidest = modelChartTitle(result.models, true);
    options.titleBrief = modelChartBriefTitle(result.models, false);
    options.titleBriefWidest = modelChartBriefTitle(result.models, false, true);
    return options;
}

// Fixed axes for a batch sweep drawn as the window draws it at `textScale`: the union of
// every step's own range, so that nothing leaves the view.
inline ViewRange sweepRange(const QList<ScenarioAnalysis> &steps, double textScale)
{
    ViewRange range = {1e300, 0, 1e300, 0};
    for (const ScenarioAnalysis &step : steps) {
        const ViewRange c = SceneModel::build(step.chart, windowOptions(step, textScale)).content;
        range = {std::min(range.xMin, c.xMin), std::max(range.xMax, c.xMax),
                 std::min(range.yMin, c.yMin), std::max(range.yMax, c.yMax)};
    }
    return range;
}

// `options` with its axes fixed to `range`.
inline ChartOptions withFixedAxes(ChartOptions options, const ViewRange &range)
{
    options.xMin = range.xMin;
    options.xMax = range.xMax;
    options.yMin = range.yMin;
    options.yMax = range.yMax;
    return options;
}

// The operators of presets/operators/llm-common.json.
inline QList<OperatorSpec> llmOperators(const Catalog &catalog)
{
    QList<OperatorSpec> ops;
    for (const OperatorSpec &op : catalog.operators()) {
        if (catalog.origin(QStringLiteral("operator"), op.id).contains(QLatin1String("llm-common")))
            ops.append(op);
    }
    return ops;
}

// Those operators on `devices` at `batch`, 16-bit everything, datasheet roofs.
inline Scenario llmScenario(const Catalog &catalog, const QStringList &devices, double batch)
{
    Scenario scenario;
    scenario.devices = devices;
    scenario.operators = llmOperators(catalog);
    scenario.batch = batch;
    return scenario;
}

// One operator of the catalog by id.
inline OperatorSpec catalogOperator(const Catalog &catalog, const QString &id)
{
    const OperatorSpec *op = catalog.operatorSpec(id);
    return op ? *op : OperatorSpec();
}

// The built-in catalog plus a device "test-device" with this display name: 1 TB/s main
// memory, 100 TFLOP/s BF16 matrix, 10 TFLOP/s FP32 vector.
inline Catalog catalogWithDevice(const QString &name)
{
    Catalog catalog = Catalog::builtin();
    QJsonObject memory{{QStringLiteral("level"), QStringLiteral("main")},
                       {QStringLiteral("name"), QStringLiteral("HBM")},
                       {QStringLiteral("bandwidth_tbps"), 1.0}};
    QJsonObject matrix{{QStringLiteral("unit"), QStringLiteral("matrix")},
                       {QStringLiteral("math"), QStringLiteral("bf16")},
                       {QStringLiteral("tflops"), 100.0}};
    QJsonObject vector{{QStringLiteral("unit"), QStringLiteral("vector")},
                       {QStringLiteral("math"), QStringLiteral("fp32")},
                       {QStringLiteral("tflops"), 10.0}};
    QJsonObject device{{QStringLiteral("schema"), QStringLiteral("rooflab-device")},
                       {QStringLiteral("version"), 1},
                       {QStringLiteral("id"), QStringLiteral("test-device")},
                       {QStringLiteral("name"), name},
                       {QStringLiteral("vendor"), QStringLiteral("Test")},
                       {QStringLiteral("year"), 2024},
                       {QStringLiteral("memory_capacity_gb"), 80},
                       {QStringLiteral("source"), QStringLiteral("made up for a test")},
                       {QStringLiteral("memory"), QJsonArray{memory}},
                       {QStringLiteral("compute"), QJsonArray{matrix, vector}}};
    catalog.loadBytes(QJsonDocument(device).toJson(), QStringLiteral("test-device.json"));
    return catalog;
}

// `count` operators for crowded charts: decode GEMMs of several shapes, elementwise adds and
// decode attention with several group sizes, cycling.
inline QList<OperatorSpec> manyOperators(int count)
{
    QList<OperatorSpec> ops;
    for (int i = 0; i < count; ++i) {
        OperatorSpec op;
        op.id = QStringLiteral("op-%1").arg(i);
        switch (i % 3) {
        case 0:
            op.kind = OperatorKind::DecodeGemm;
            op.d = 1024.0 * (1 + i % 7);
            op.f = 2048.0 * (1 + i % 5);
            op.name = QStringLiteral("GEMM %1x%2").arg(op.d).arg(op.f);
            break;
        case 1:
            op.kind = OperatorKind::Elementwise;
            op.hidden = 1024.0 * (1 + i % 9);
            op.inputs = 1 + i % 3;
            op.flopsPerElement = 1 + i % 4;
            op.name = QStringLiteral("Elementwise %1").arg(i);
            break;
        default:
            op.kind = OperatorKind::AttentionDecode;
            op.heads = 32;
            op.kvHeads = 32.0 / (1 << (i % 4));
            op.headDim = 128;
            op.name = QStringLiteral("Attention GQA %1").arg(32 / op.kvHeads);
            break;
        }
        ops.append(op);
    }
    return ops;
}

// Eight devices of the built-in catalog.
inline QStringList eightDevices()
{
    return {QStringLiteral("h100-sxm5"), QStringLiteral("h200-sxm"),
            QStringLiteral("mi300x"),    QStringLiteral("mi325x"),
            QStringLiteral("b200"),      QStringLiteral("a100-sxm4-80gb"),
            QStringLiteral("l40s"),      QStringLiteral("gaudi3")};
}

} // namespace rooflab::test
