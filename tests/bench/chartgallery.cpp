// Renders example roofline figures (PNG, SVG, PDF, several themes and batches) into a folder,
// for looking at the chart while working on it and for the README's screenshots.
// Usage: chartgallery OUTPUT_FOLDER

#include "catalog.h"
#include "evaluate.h"
#include "figureexport.h"
#include "rooflinechart.h"

#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QTextStream>

using namespace rooflab;

namespace {

Scenario llmScenario(const Catalog &catalog, double batch)
{
    Scenario scenario;
    scenario.devices = {QStringLiteral("h100-sxm5"), QStringLiteral("h200-sxm"),
                        QStringLiteral("mi300x")};
    for (const OperatorSpec &op : catalog.operators()) {
        if (catalog.origin(QStringLiteral("operator"), op.id).contains(QLatin1String("llm-common")))
            scenario.operators.append(op);
    }
    scenario.batch = batch;
    return scenario;
}

bool write(const Analysis &analysis, const ChartOptions &options, const QString &path,
           QSize size = QSize(1600, 1000))
{
    // The gallery sets drawing options directly; a presentation carries the size.
    FigureRequest request;
    request.path = path;
    request.presentation.width = size.width();
    request.presentation.height = size.height();
    request.presentation.theme = themeName(options.theme);
    request.presentation.textScale = options.fontScale;
    request.presentation.showLegend = options.showLegend;
    request.presentation.showZones = options.showZones;
    request.selection = {.device = options.selectedDevice, .op = options.selectedOperator};
    request.title = options.title;
    request.metadata = "{\"example\": true}";
    QString error;
    if (!exportFigure(analysis, request, &error)) {
        QTextStream(stderr) << error << '\n';
        return false;
    }
    QTextStream(stdout) << path << '\n';
    return true;
}

} // namespace

int main(int argc, char **argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    if (argc < 2) {
        QTextStream(stderr) << "usage: chartgallery OUTPUT_FOLDER\n";
        return 2;
    }
    const QDir out(QString::fromLocal8Bit(argv[1]));
    const Catalog catalog = Catalog::builtin();
    bool ok = true;
    for (double batch : {1.0, 1024.0}) {
        const Analysis analysis = evaluate(catalog, llmScenario(catalog, batch));
        const QString stem = out.filePath(QStringLiteral("llm-batch%1").arg(batch));
        ChartOptions options;
        for (const char *ext : {"png", "svg", "pdf"})
            ok &= write(analysis, options, stem + QLatin1Char('.') + QLatin1String(ext));
        options.theme = Theme::Dark;
        ok &= write(analysis, options, stem + QStringLiteral("-dark.png"));
        options.theme = Theme::Print;
        ok &= write(analysis, options, stem + QStringLiteral("-print.png"));
        options.theme = Theme::ColorBlind;
        options.selectedDevice = QStringLiteral("h100-sxm5");
        options.selectedOperator = QStringLiteral("decode-mlp-up-8b");
        ok &= write(analysis, options, stem + QStringLiteral("-colorblind-selected.png"));
    }
    Scenario achievable = llmScenario(catalog, 64);
    achievable.roof = RoofMode::Achievable;
    achievable.devices = {QStringLiteral("h100-sxm5")};
    ChartOptions options;
    options.title = QStringLiteral("H100 SXM5, batch 64, achievable roofs");
    ok &= write(evaluate(catalog, achievable), options,
                out.filePath(QStringLiteral("achievable.png")));
    // The window's chart in the middle of a glide, batch 16 -> 256, with its trail.
    {
        RooflineChart chart;
        chart.resize(1600, 1000);
        chart.show();
        ChartOptions glide;
        for (double batch : {1.0, 4.0, 16.0, 256.0}) {
            Scenario step = llmScenario(catalog, batch);
            step.devices = {QStringLiteral("h100-sxm5")};
            chart.setAnalysis(evaluate(catalog, step), glide);
            QElapsedTimer wait;
            wait.start();
            while (wait.elapsed() < (batch < 256 ? 200 : 60))
                QCoreApplication::processEvents();
        }
        const QString path = out.filePath(QStringLiteral("glide.png"));
        ok &= chart.grabImage(QSize(1600, 1000)).save(path);
        QTextStream(stdout) << path << '\n';
    }
    // Crowded: many synthetic operators on two and on eight devices.
    Scenario crowded = llmScenario(catalog, 4);
    crowded.devices = {QStringLiteral("h100-sxm5"), QStringLiteral("mi300x")};
    for (int i = 0; i < 30; ++i) {
        OperatorSpec op;
        op.id = QStringLiteral("gemm-%1").arg(i);
        op.kind = OperatorKind::DecodeGemm;
        op.d = 1024.0 * (1 + i % 7);
        op.f = 2048.0 * (1 + i % 5);
        op.name = QStringLiteral("GEMM %1x%2").arg(op.d).arg(op.f);
        crowded.operators.append(op);
    }
    ok &= write(evaluate(catalog, crowded), ChartOptions(),
                out.filePath(QStringLiteral("crowded-small.png")), QSize(800, 500));
    crowded.devices = {QStringLiteral("h100-sxm5"), QStringLiteral("h200-sxm"),
                       QStringLiteral("mi300x"),    QStringLiteral("mi325x"),
                       QStringLiteral("b200"),      QStringLiteral("a100-sxm4-80gb"),
                       QStringLiteral("l40s"),      QStringLiteral("gaudi3")};
    ok &= write(evaluate(catalog, crowded), ChartOptions(),
                out.filePath(QStringLiteral("crowded-8x46.png")));
    return ok ? 0 : 1;
}
