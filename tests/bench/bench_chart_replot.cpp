// Benchmark (not a test): the time from a new Analysis (a batch change) to a finished
// replot of the window's chart, offscreen at 1600 x 1000, for 8 devices x 40 operators and
// for 10,000 points, and the label layout's share of it. Each change is batch-only, as in a
// slider drag, so labels first try their places of the frame before (docs/labels.md). Build in
// Release; run through scripts/bench-chart.sh. Each case ends in one summary line "bench: NAME
// median_ms=X p90_ms=Y" (NAME says "ops" or "points"), the lines to compare. Usage:
// bench_chart_replot [ITERATIONS] [CASE]; CASE (a part of a case's name, say "x 40" or "x 1000")
// runs only the matching cases, for a profiler.

#include "catalog.h"
#include "evaluate.h"
#include "rooflinechart.h"
#include "sceneframe.h"
#include "scenemodel.h"

#include "qcp.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QTextStream>

#include <algorithm>
#include <ctime>

using namespace rooflab;

namespace {

QList<OperatorSpec> syntheticOperators(int count)
{
    QList<OperatorSpec> ops;
    for (int i = 0; i < count; ++i) {
        OperatorSpec op;
        op.id = QStringLiteral("op-%1").arg(i);
        if (i % 3 == 0) {
            op.kind = OperatorKind::DecodeGemm;
            op.d = 512.0 * (1 + i % 17);
            op.f = 1024.0 * (1 + i % 13);
        } else if (i % 3 == 1) {
            op.kind = OperatorKind::Elementwise;
            op.hidden = 256.0 * (1 + i % 31);
            op.inputs = 1 + i % 3;
            op.flopsPerElement = 1 + i % 5;
        } else {
            op.kind = OperatorKind::AttentionDecode;
            op.heads = 32;
            op.kvHeads = 32.0 / (1 << (i % 4));
            op.headDim = 64.0 * (1 + i % 2);
        }
        op.name = QStringLiteral("Operator %1").arg(i);
        ops.append(op);
    }
    return ops;
}

struct Case
{
    QString name;
    QString id; // the summary lines' NAME stem: "8dev_40ops"
    QStringList devices;
    QList<OperatorSpec> operators;
};

// CPU time of this thread in ms: on a busy machine, closer to the work done than wall time.
double threadCpuMs()
{
    timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return double(t.tv_sec) * 1e3 + double(t.tv_nsec) / 1e6;
}

double percentile(QList<double> values, double p)
{
    std::sort(values.begin(), values.end());
    const auto index = static_cast<qsizetype>(p * double(values.size() - 1) + 0.5);
    return values.at(std::clamp<qsizetype>(index, 0, values.size() - 1));
}

void run(const Catalog &catalog, const Case &c, int iterations, QTextStream &out)
{
    // One analysis per batch step, evaluated up front (timed separately).
    QList<Analysis> analyses;
    QElapsedTimer timer;
    timer.start();
    for (double batch = 1; batch <= 4096; batch *= 2) {
        Scenario scenario;
        scenario.devices = c.devices;
        scenario.operators = c.operators;
        scenario.batch = batch;
        analyses.append(evaluate(catalog, scenario));
    }
    const double evaluateMs = double(timer.nsecsElapsed()) / 1e6 / double(analyses.size());

    RooflineChart chart;
    chart.resize(1600, 1000);
    chart.show();
    QCustomPlot *plot = chart.findChild<QCustomPlot *>();
    ChartOptions options;
    options.animate = false; // the figure asked for: new analysis to finished replot
    QList<double> times, cpu, keptView, newView;
    for (int i = -5; i < iterations; ++i) {
        const Analysis &analysis = analyses.at((i + 5) % analyses.size());
        const ViewRange before = chart.viewRange();
        const double cpu0 = threadCpuMs();
        timer.restart();
        chart.setAnalysis(analysis, options, /*batchOnly=*/true);
        chart.replotNow(); // what the window does at the next turn of the event loop
        plot->repaint();   // and the paint event that puts it on screen
        const double ms = double(timer.nsecsElapsed()) / 1e6;
        const double cpuMs = threadCpuMs() - cpu0;
        QCoreApplication::processEvents(); // untimed: drains the queued repaint
        if (i >= 0) {
            times.append(ms);
            cpu.append(cpuMs);
            // The points moved inside the same frame (only they are redrawn), or the view
            // followed them out (everything is).
            (chart.viewRange() == before ? keptView : newView).append(ms);
        }
    }
    out << c.name << ": " << analyses.first().points.size() << " points; setAnalysis + replot "
        << "median " << QString::number(percentile(times, 0.5), 'f', 2) << " ms, p90 "
        << QString::number(percentile(times, 0.9), 'f', 2) << " ms, max "
        << QString::number(percentile(times, 1.0), 'f', 2) << " ms, min "
        << QString::number(percentile(times, 0.0), 'f', 2) << " ms (CPU median "
        << QString::number(percentile(cpu, 0.5), 'f', 2) << " ms) over " << times.size()
        << " batch changes (evaluate: " << QString::number(evaluateMs, 'f', 2) << " ms each)\n";
    const auto summary = [](const QList<double> &values) {
        return values.isEmpty() ? QStringLiteral("none")
                                : QStringLiteral("min %1 ms, median %2 ms over %3")
                                      .arg(percentile(values, 0.0), 0, 'f', 2)
                                      .arg(percentile(values, 0.5), 0, 'f', 2)
                                      .arg(values.size());
    };
    out << "  same view (points and labels redrawn): " << summary(keptView)
        << "; view followed the points (all redrawn): " << summary(newView) << "\n";
    // Where the time goes: scene model, label layout, and a full replot of unchanged content
    // (every layer, as after a zoom or a change of devices).
    // CPU time of this thread: the parts are short, and the machine may be busy.
    QList<double> build, layout, replot;
    for (int i = 0; i < iterations; ++i) {
        const Analysis &analysis = analyses.at(i % analyses.size());
        double start = threadCpuMs();
        const SceneModel model = SceneModel::build(analysis, options);
        build.append(threadCpuMs() - start);
        const AxisMapping map{QRectF(90, 20, 1490, 910), model.content.xMin, model.content.xMax,
                              model.content.yMin, model.content.yMax};
        start = threadCpuMs();
        const SceneFrame frame = SceneFrame::layout(model, map, {});
        layout.append(threadCpuMs() - start);
        Q_UNUSED(frame)
        start = threadCpuMs();
        plot->replot(QCustomPlot::rpImmediateRefresh);
        replot.append(threadCpuMs() - start);
        QCoreApplication::processEvents();
    }
    const auto part = [](const QList<double> &values) {
        return QStringLiteral("%1 ms (min %2)")
            .arg(percentile(values, 0.5), 0, 'f', 2)
            .arg(percentile(values, 0.0), 0, 'f', 2);
    };
    out << "  CPU medians of the parts: scene model " << part(build) << ", label layout "
        << part(layout) << ", full replot alone " << part(replot) << "\n";
    const auto line = [&](const QString &name, const QList<double> &values) {
        out << "bench: " << name
            << " median_ms=" << QString::number(percentile(values, 0.5), 'f', 2)
            << " p90_ms=" << QString::number(percentile(values, 0.9), 'f', 2) << "\n";
    };
    line(QStringLiteral("replot_") + c.id, times);
    line(QStringLiteral("label_layout_") + c.id, layout);
    out.flush();
}

} // namespace

int main(int argc, char **argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    const int iterations = argc > 1 ? std::max(1, QString::fromLocal8Bit(argv[1]).toInt()) : 60;
    const Catalog catalog = Catalog::builtin();
    QTextStream out(stdout);

    QList<OperatorSpec> forty;
    for (const OperatorSpec &op : catalog.operators()) {
        if (forty.size() < 16 &&
            catalog.origin(QStringLiteral("operator"), op.id).contains(QLatin1String("llm-common")))
            forty.append(op);
    }
    forty += syntheticOperators(40 - static_cast<int>(forty.size()));
    const QStringList eight = {QStringLiteral("h100-sxm5"), QStringLiteral("h200-sxm"),
                               QStringLiteral("mi300x"),    QStringLiteral("mi325x"),
                               QStringLiteral("b200"),      QStringLiteral("a100-sxm4-80gb"),
                               QStringLiteral("l40s"),      QStringLiteral("gaudi3")};
    QStringList ten = eight;
    ten << QStringLiteral("h100-pcie") << QStringLiteral("gb200");
    const QList<Case> cases = {
        {QStringLiteral("8 devices x 40 operators"), QStringLiteral("8dev_40ops"), eight, forty},
        // The floor: QCustomPlot's axes, grid and paint buffers with nothing of ours on them.
        {QStringLiteral("empty chart (axes and grid only)"),
         QStringLiteral("empty_0points"),
         {},
         {}},
        {QStringLiteral("10 devices x 1000 operators"), QStringLiteral("10000points"), ten,
         syntheticOperators(1000)}};
    const QString only = argc > 2 ? QString::fromLocal8Bit(argv[2]) : QString();
    for (const Case &c : cases) {
        if (only.isEmpty() || c.name.contains(only))
            run(catalog, c, iterations, out);
    }
    return 0;
}
