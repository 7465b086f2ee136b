#include "measuredpoints.h"

#include "measuredfigures.h"
#include "textsafety.h"

#include <QHash>
#include <QMap>

#include <algorithm>
#include <numeric>

namespace rooflab {

namespace {

// `name` with each template argument list `keep` levels deep replaced by "<…>" (0: the
// outermost ones).
QString collapseTemplates(const QString &name, int keep)
{
    QString out;
    int depth = 0;
    for (const QChar c : name) {
        if (c == QLatin1Char('<')) {
            if (depth++ == keep)
                out += QStringLiteral("<…>");
            else if (depth <= keep)
                out += c;
        } else if (c == QLatin1Char('>') && depth > 0) {
            if (depth-- <= keep)
                out += c;
        } else if (depth <= keep) {
            out += c;
        }
    }
    return out;
}

// The short names of `kernels` on one device, told apart: a name shared by two kernels keeps
// its outer template arguments, and one still shared is numbered ("gemm<…> (2)").
QStringList distinctShortNames(const QList<const MeasuredKernel *> &kernels)
{
    QStringList names;
    QHash<QString, int> count;
    for (const MeasuredKernel *k : kernels)
        ++count[names.emplace_back(shortKernelName(k->name))];
    for (qsizetype i = 0; i < names.size(); ++i) {
        if (count.value(names.at(i)) > 1)
            names[i] = shortKernelName(kernels.at(i)->name, TemplateDetail::Outer);
    }
    QHash<QString, int> seen, total;
    for (const QString &name : std::as_const(names))
        ++total[name];
    for (QString &name : names) {
        const int n = ++seen[name];
        if (total.value(name) > 1)
            name += QStringLiteral(" (%1)").arg(n);
    }
    return names;
}

// The figures' math family and unit out of a ceiling name such as "vector fp32".
void setCeiling(PointAnalysis &p, const QString &peakName)
{
    const QString unit = peakName.section(QLatin1Char(' '), 0, 0);
    p.unit = unitKindFromName(unit).value_or(UnitKind::Vector);
    p.math = peakName.section(QLatin1Char(' '), 1);
}

void appendKernel(QList<PointAnalysis> &points, const MeasuredKernel &kernel, qsizetype index,
                  const Device &device, double totalTime, int rank, const QString &shortName)
{
    const KernelFigures f = kernelFigures(kernel, &device);
    bool outermost = true;
    for (const LevelFigures &level : f.levels) {
        if (!level.intensity)
            continue;
        PointAnalysis p;
        p.deviceId = device.id;
        p.operatorId = QStringLiteral("measured-%1-%2").arg(index).arg(level.level);
        p.operatorName = shortName;
        if (!outermost)
            p.operatorName += QStringLiteral(" · ") + level.level.toUpper();
        p.kind = OperatorKind::Custom;
        setCeiling(p, f.peakName);
        p.flops = kernel.flops;
        p.bytes.other = level.bytes;
        p.intensity = *level.intensity;
        p.peakFlops = f.peakFlops.value_or(0);
        p.bandwidth = level.bandwidth.value_or(0);
        p.ridge = p.bandwidth > 0 ? p.peakFlops / p.bandwidth : 0;
        p.attainableFlops = f.achievedFlops;
        p.bound = f.bound.value_or(Bound::Memory);
        // What the roofline predicts for its work, against the time it took.
        p.tMath = p.peakFlops > 0 ? kernel.flops / p.peakFlops : 0;
        p.tMem = p.bandwidth > 0 ? level.bytes / p.bandwidth : 0;
        p.time = kernel.timeS;
        p.pctOfPeak = p.peakFlops > 0 ? 100.0 * f.achievedFlops / p.peakFlops : 0;
        p.measured = MeasuredPoint{
            .kernel = kernel.name,
            .level = level.level,
            .outermost = outermost,
            .launches = kernel.launches,
            .timeShare = totalTime > 0 ? kernel.timeS / totalTime : 0,
            .rank = rank,
            .roofFlops = f.roofFlops,
            .pctOfRoof = f.pctOfRoof,
            .boundLevel = f.boundLevel,
            .warnings = f.warnings,
        };
        points.append(p);
        outermost = false;
    }
}

} // namespace

QString shortKernelName(const QString &name, TemplateDetail detail)
{
    QString s = name.simplified();
    // The parameter list: from the first '(' outside template arguments.
    int depth = 0;
    for (qsizetype i = 0; i < s.size(); ++i) {
        if (s.at(i) == QLatin1Char('<'))
            ++depth;
        else if (s.at(i) == QLatin1Char('>') && depth > 0)
            --depth;
        else if (s.at(i) == QLatin1Char('(') && depth == 0 && i > 0) {
            s.truncate(i);
            break;
        }
    }
    s = collapseTemplates(s, detail == TemplateDetail::Outer ? 1 : 0).trimmed();
    if (s.startsWith(QLatin1String("void ")))
        s.remove(0, 5);
    if (s.isEmpty())
        s = name.simplified();
    // The start names the family, the end the variant: the middle goes.
    constexpr int head = 16;
    if (s.size() > shortKernelNameLength)
        s = s.left(head) + QChar(0x2026) + s.right(shortKernelNameLength - head - 1);
    return s;
}

MeasuredChartPoints measuredChartPoints(const Catalog &catalog, const Scenario &scenario)
{
    MeasuredChartPoints chart;
    if (scenario.measured.isEmpty() || scenario.devices.isEmpty())
        return chart;
    QMap<QString, int> elsewhere; // kernels of devices not shown, by device
    for (const MeasuredKernel &k : scenario.measured) {
        if (!k.device.isEmpty() && !scenario.devices.contains(k.device))
            ++elsewhere[k.device];
    }
    for (const QString &deviceId : scenario.devices) {
        const Device *device = catalog.device(deviceId);
        if (!device)
            continue;
        QList<qsizetype> here;
        for (qsizetype i = 0; i < scenario.measured.size(); ++i) {
            const QString &ran = scenario.measured.at(i).device;
            if (ran == deviceId || (ran.isEmpty() && deviceId == scenario.devices.first()))
                here.append(i);
        }
        const double total =
            std::accumulate(here.cbegin(), here.cend(), 0.0, [&](double sum, qsizetype i) {
                return sum + scenario.measured.at(i).timeS;
            });
        // Positions in `here`, slowest first: a kernel's rank is its place in that order.
        QList<qsizetype> byTime(here.size());
        std::iota(byTime.begin(), byTime.end(), 0);
        std::stable_sort(byTime.begin(), byTime.end(), [&](qsizetype a, qsizetype b) {
            return scenario.measured.at(here.at(a)).timeS > scenario.measured.at(here.at(b)).timeS;
        });
        QList<int> rank(here.size());
        for (qsizetype r = 0; r < byTime.size(); ++r)
            rank[byTime.at(r)] = static_cast<int>(r);
        QList<const MeasuredKernel *> kernels;
        for (qsizetype i : here)
            kernels.append(&scenario.measured.at(i));
        const QStringList names = distinctShortNames(kernels);
        for (qsizetype k = 0; k < here.size(); ++k)
            appendKernel(chart.points, scenario.measured.at(here.at(k)), here.at(k), *device, total,
                         rank.at(k), names.at(k));
    }
    for (auto it = elsewhere.cbegin(); it != elsewhere.cend(); ++it) {
        const QString kernels = it.value() == 1
                                    ? QStringLiteral("1 measured kernel")
                                    : QStringLiteral("%1 measured kernels").arg(it.value());
        chart.warnings.append(QStringLiteral("%1 ran on \"%2\", which the chart does not show")
                                  .arg(kernels, terminalLine(it.key())));
    }
    return chart;
}

void appendMeasuredPoints(Analysis &analysis, const Catalog &catalog, const Scenario &scenario)
{
    const MeasuredChartPoints measured = measuredChartPoints(catalog, scenario);
    analysis.points.append(measured.points);
    analysis.warnings.append(measured.warnings);
}

} // namespace rooflab
