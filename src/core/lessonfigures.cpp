// The figures of lesson texts: every number a lesson shows comes from evaluating its
// scenario, never from the text (docs/lessons.md, "Figures").
#include "lessonfigures.h"

#include "units.h"

#include <QRegularExpression>

#include <cmath>

namespace rooflab {

namespace {

enum class FigureKind { Point, Model, Device, Scenario };

struct FigureInfo
{
    const char *name;
    FigureKind kind;
};

// Every figure, by what it needs: a point (device and operator), a model step on a device,
// a device, or only the scenario.
constexpr FigureInfo figureTable[] = {
    {"intensity", FigureKind::Point},
    {"flops", FigureKind::Point},
    {"bytes", FigureKind::Point},
    {"time", FigureKind::Point},
    {"math_time", FigureKind::Point},
    {"memory_time", FigureKind::Point},
    {"attainable", FigureKind::Point},
    {"peak", FigureKind::Point},
    {"bandwidth", FigureKind::Point},
    {"ridge", FigureKind::Point},
    {"ridge_batch", FigureKind::Point},
    {"bound", FigureKind::Point},
    {"percent_of_peak", FigureKind::Point},
    {"capacity", FigureKind::Device},
    {"footprint", FigureKind::Model},
    {"weight_bytes", FigureKind::Model},
    {"kv_cache_bytes", FigureKind::Model},
    {"fits", FigureKind::Model},
    {"devices_needed", FigureKind::Model},
    {"params", FigureKind::Model},
    {"step_flops", FigureKind::Model},
    {"step_bytes", FigureKind::Model},
    {"step_intensity", FigureKind::Model},
    {"step_time", FigureKind::Model},
    {"tokens_per_second", FigureKind::Model},
    {"compute_bound_batch", FigureKind::Model},
    {"tp", FigureKind::Model},
    {"deployment_devices", FigureKind::Model},
    {"usable_memory", FigureKind::Model},
    {"device_footprint", FigureKind::Model},
    {"all_reduces", FigureKind::Model},
    {"all_reduce_bytes", FigureKind::Model},
    {"comm_time", FigureKind::Model},
    {"tokens_per_second_per_device", FigureKind::Model},
    {"price_per_device_hour", FigureKind::Model},
    {"cost_per_million_tokens", FigureKind::Model},
    {"batch", FigureKind::Scenario},
    {"seq", FigureKind::Scenario},
    {"prompt", FigureKind::Scenario},
};

std::optional<FigureKind> kindOf(const QString &name)
{
    for (const FigureInfo &info : figureTable) {
        if (name == QLatin1String(info.name))
            return info.kind;
    }
    return std::nullopt;
}

QString number(double value, int significant)
{
    return formatNumber(value, significant);
}

// How a figure reads in a text: units and a precision that suit it.
QString formatFigure(const QString &name, double value)
{
    if (name == QLatin1String("time") || name == QLatin1String("math_time") ||
        name == QLatin1String("memory_time") || name == QLatin1String("step_time") ||
        name == QLatin1String("comm_time"))
        return formatDuration(value, 4);
    if (name == QLatin1String("flops") || name == QLatin1String("step_flops"))
        return formatSi(value, QStringLiteral("FLOP"));
    if (name == QLatin1String("attainable") || name == QLatin1String("peak"))
        return formatSi(value, QStringLiteral("FLOP/s"));
    if (name == QLatin1String("bandwidth"))
        return formatSi(value, QStringLiteral("B/s"));
    // What the chart's title compares (the footprint, per device, against the usable memory)
    // reads as the title has it, with three digits: "127 GB usable" in both.
    if (name == QLatin1String("footprint") || name == QLatin1String("usable_memory") ||
        name == QLatin1String("device_footprint"))
        return formatSi(value, QStringLiteral("B"), 3);
    if (name.endsWith(QLatin1String("bytes")) || name == QLatin1String("capacity"))
        return formatSi(value, QStringLiteral("B"));
    if (name == QLatin1String("percent_of_peak"))
        return number(value, 3) + QStringLiteral(" %");
    if (name == QLatin1String("params"))
        return number(value / 1e9, 3) + QStringLiteral(" billion");
    if (name.startsWith(QLatin1String("tokens_per_second")))
        return number(value, 4) + QStringLiteral(" tokens/s");
    if (name == QLatin1String("price_per_device_hour") ||
        name == QLatin1String("cost_per_million_tokens"))
        return number(value, 3) + QStringLiteral(" USD");
    if (name == QLatin1String("devices_needed") || name == QLatin1String("tp") ||
        name == QLatin1String("deployment_devices") || name == QLatin1String("all_reduces"))
        return QString::number(static_cast<long long>(value));
    if (name.contains(QLatin1String("batch")) || name == QLatin1String("seq") ||
        name == QLatin1String("prompt"))
        return number(value, 4);
    return number(value, 3);
}

std::optional<double> pointFigure(const QString &name, const PointAnalysis &p)
{
    if (name == QLatin1String("intensity"))
        return p.intensity;
    if (name == QLatin1String("flops"))
        return p.flops;
    if (name == QLatin1String("bytes"))
        return p.bytes.total();
    if (name == QLatin1String("time"))
        return p.time;
    if (name == QLatin1String("math_time"))
        return p.tMath;
    if (name == QLatin1String("memory_time"))
        return p.tMem;
    if (name == QLatin1String("attainable"))
        return p.attainableFlops;
    if (name == QLatin1String("peak"))
        return p.peakFlops;
    if (name == QLatin1String("bandwidth"))
        return p.bandwidth;
    if (name == QLatin1String("ridge"))
        return p.ridge;
    if (name == QLatin1String("percent_of_peak"))
        return p.pctOfPeak;
    if (name == QLatin1String("ridge_batch"))
        return p.ridgeBatch;
    return std::nullopt;
}

// What one device of the deployment holds and spends (docs/models.md, "Deployments").
std::optional<double> deploymentFigure(const QString &name, const ModelDeployment &d)
{
    if (name == QLatin1String("tp"))
        return d.tp;
    if (name == QLatin1String("deployment_devices"))
        return d.devices;
    if (name == QLatin1String("usable_memory"))
        return d.usableBytes;
    if (name == QLatin1String("device_footprint"))
        return d.perDevice.totalBytes;
    if (name == QLatin1String("all_reduces"))
        return d.allReduces;
    if (name == QLatin1String("all_reduce_bytes"))
        return d.allReduceBytes;
    if (name == QLatin1String("comm_time"))
        return d.commTime;
    if (name == QLatin1String("tokens_per_second_per_device"))
        return d.tokensPerSecondPerDevice;
    if (name == QLatin1String("price_per_device_hour"))
        return d.pricePerDeviceHour;
    if (name == QLatin1String("cost_per_million_tokens"))
        return d.costPerMillionTokens;
    return std::nullopt;
}

std::optional<double> modelFigure(const QString &name, const ModelAnalysis &m)
{
    const ModelTotals &t = m.totals;
    if (name == QLatin1String("footprint"))
        return m.footprint.totalBytes;
    if (name == QLatin1String("weight_bytes"))
        return m.footprint.weightBytes;
    if (name == QLatin1String("kv_cache_bytes"))
        return m.footprint.kvCacheBytes;
    if (name == QLatin1String("fits"))
        return m.footprint.fits ? 1.0 : 0.0;
    if (name == QLatin1String("devices_needed"))
        return m.footprint.devicesNeeded;
    if (name == QLatin1String("params"))
        return t.params;
    if (name == QLatin1String("step_flops"))
        return t.flops;
    if (name == QLatin1String("step_bytes"))
        return t.bytes.total();
    if (name == QLatin1String("step_intensity"))
        return t.intensity;
    if (name == QLatin1String("step_time"))
        return t.stepTime;
    if (name == QLatin1String("tokens_per_second"))
        return t.tokensPerSecond;
    if (name == QLatin1String("compute_bound_batch"))
        return t.computeBoundBatch;
    return deploymentFigure(name, m.deployment);
}

} // namespace

Catalog lessonCatalog(const Catalog &base, const LessonScenario &scenario)
{
    Catalog catalog = base;
    if (scenario.achievable) {
        for (const QString &id : scenario.scenario.devices)
            catalog.setAchievable(id, *scenario.achievable);
    }
    return catalog;
}

ScenarioAnalysis analyzeLessonScenario(const Catalog &base, const LessonScenario &scenario)
{
    if (!scenario.achievable)
        return analyzeScenario(base, scenario.scenario);
    return analyzeScenario(lessonCatalog(base, scenario), scenario.scenario);
}

const QStringList &figureNames()
{
    static const QStringList names = [] {
        QStringList list;
        for (const FigureInfo &info : figureTable)
            list.append(QString::fromLatin1(info.name));
        return list;
    }();
    return names;
}

std::optional<FigureRef> parseFigureRef(const QString &text, QString *problem)
{
    static const QRegularExpression pattern(
        QStringLiteral("^(?:(question|reveal|previous)\\.)?([a-z_]+)(?::([a-z0-9._-]+))?"
                       "(?:@([a-z0-9._-]+))?$"));
    const QRegularExpressionMatch match = pattern.match(text.trimmed());
    if (!match.hasMatch()) {
        *problem = QStringLiteral("\"%1\" is not a figure: write [question.|reveal.|previous.]name"
                                  "[:operator][@device]")
                       .arg(text);
        return std::nullopt;
    }
    FigureRef ref{.scope = match.captured(1),
                  .name = match.captured(2),
                  .operatorId = match.captured(3),
                  .deviceId = match.captured(4)};
    const std::optional<FigureKind> kind = kindOf(ref.name);
    if (!kind) {
        *problem = QStringLiteral("unknown figure \"%1\" (known: %2)")
                       .arg(ref.name, figureNames().join(QStringLiteral(", ")));
        return std::nullopt;
    }
    if (*kind != FigureKind::Point && !ref.operatorId.isEmpty()) {
        *problem = QStringLiteral("figure \"%1\" belongs to no operator; leave out \":%2\"")
                       .arg(ref.name, ref.operatorId);
        return std::nullopt;
    }
    return ref;
}

LessonFigures::LessonFigures(const Catalog &catalog, const LessonScenario &current,
                             QString focusDevice, QString focusOperator)
    : m_catalog(catalog), m_focusDevice(std::move(focusDevice)),
      m_focusOperator(std::move(focusOperator))
{
    m_scenarios.insert(QString(), current);
}

void LessonFigures::setScope(const QString &scope, const LessonScenario &scenario)
{
    m_scenarios.insert(scope, scenario);
    m_analyses.remove(scope);
}

const ScenarioAnalysis &LessonFigures::analysisOf(const QString &scope,
                                                  const LessonScenario &scenario) const
{
    auto it = m_analyses.find(scope);
    if (it == m_analyses.end())
        it = m_analyses.insert(scope, analyzeLessonScenario(m_catalog, scenario));
    return *it;
}

std::optional<FigureValue> LessonFigures::figure(const QString &text, QString *problem) const
{
    const std::optional<FigureRef> ref = parseFigureRef(text, problem);
    if (!ref)
        return std::nullopt;
    const auto scenarioIt = m_scenarios.constFind(ref->scope);
    if (scenarioIt == m_scenarios.constEnd()) {
        *problem = QStringLiteral("\"%1\": this text has no %2 scenario").arg(text, ref->scope);
        return std::nullopt;
    }
    const Scenario &scenario = scenarioIt->scenario;
    const QString device = ref->deviceId.isEmpty() ? m_focusDevice : ref->deviceId;
    const QString op = ref->operatorId.isEmpty() ? m_focusOperator : ref->operatorId;
    const FigureKind kind = *kindOf(ref->name);
    std::optional<double> value;
    if (kind == FigureKind::Scenario) {
        value = ref->name == QLatin1String("batch") ? scenario.batch
                : ref->name == QLatin1String("seq") ? scenario.seq
                                                    : scenario.prompt;
    } else if (!scenario.devices.contains(device)) {
        *problem =
            QStringLiteral("\"%1\": device \"%2\" is not in the step's scenario").arg(text, device);
        return std::nullopt;
    } else {
        const ScenarioAnalysis &analysis = analysisOf(ref->scope, *scenarioIt);
        if (kind == FigureKind::Point) {
            const PointAnalysis *point = analysis.chart.point(device, op);
            if (!point) {
                *problem = QStringLiteral("\"%1\": no point of \"%2\" on \"%3\" in the step's "
                                          "scenario")
                               .arg(text, op, device);
                return std::nullopt;
            }
            if (ref->name == QLatin1String("bound")) {
                const FigureValue bound{.value = static_cast<double>(point->bound),
                                        .text = boundName(point->bound)};
                return bound;
            }
            value = pointFigure(ref->name, *point);
        } else if (kind == FigureKind::Device) {
            for (const DeviceRoofs &roofs : analysis.chart.devices) {
                if (roofs.deviceId == device)
                    value = roofs.capacityBytes;
            }
        } else if (const ModelAnalysis *model = analysis.model(device)) {
            if (ref->name == QLatin1String("fits")) {
                const bool fits = model->footprint.fits;
                return FigureValue{.value = fits ? 1.0 : 0.0,
                                   .text = fits ? QStringLiteral("yes") : QStringLiteral("no")};
            }
            value = modelFigure(ref->name, *model);
        } else {
            *problem = QStringLiteral("\"%1\" needs a model in the step's scenario").arg(text);
            return std::nullopt;
        }
    }
    if (!value || !std::isfinite(*value)) {
        *problem = QStringLiteral("\"%1\" has no value in the step's scenario").arg(text);
        return std::nullopt;
    }
    return FigureValue{.value = *value, .text = formatFigure(ref->name, *value)};
}

QString LessonFigures::fill(const QString &text, QStringList *problems) const
{
    QString out;
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text.at(i);
        if ((c == QLatin1Char('{') || c == QLatin1Char('}')) && i + 1 < text.size() &&
            text.at(i + 1) == c) {
            out += c; // "{{" and "}}" are literal braces
            ++i;
            continue;
        }
        if (c != QLatin1Char('{')) {
            out += c;
            continue;
        }
        const qsizetype end = text.indexOf(QLatin1Char('}'), i + 1);
        if (end < 0) {
            if (problems)
                problems->append(QStringLiteral("a \"{\" is never closed; write \"{{\" for a "
                                                "brace"));
            out += text.mid(i);
            break;
        }
        const QString ref = text.mid(i + 1, end - i - 1);
        QString problem;
        if (const std::optional<FigureValue> value = figure(ref, &problem)) {
            out += value->text;
        } else {
            if (problems)
                problems->append(problem);
            out += text.mid(i, end - i + 1);
        }
        i = end;
    }
    return out;
}

} // namespace rooflab
