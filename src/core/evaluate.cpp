#include "evaluate.h"

#include <cmath>

namespace rooflab {

namespace {

const Format *lookup(const Catalog &catalog, const QString &id, const char *role, QString *problem)
{
    const Format *format = catalog.format(id);
    if (!format && problem->isEmpty())
        *problem = QStringLiteral("unknown %1 format \"%2\"").arg(QLatin1String(role), id);
    return format;
}

// The wider of two formats sets the math when none is named: FP8 weights with BF16
// activations are dequantised and multiplied in BF16. On a tie the activation wins.
const Format *wider(const Format *a, const Format *activation)
{
    return a->bits > activation->bits ? a : activation;
}

struct CeilingChoice
{
    const ComputeCeiling *ceiling = nullptr;
    bool fellBack = false;
    QString note;
    QString badge;
};

// The formats a matrix operator runs in where the device lacks its math format: FP4, INT8
// or FP8 weights are dequantised and multiplied in BF16 (then FP16, then FP32), as serving
// kernels do on devices without those units (docs/roofline.md).
const char *const wideMathFallbacks[] = {"bf16", "fp16", "fp32"};

// True when math family `a` is wider than `b` (mathFamilies() lists the widest first).
bool isWider(const QString &a, const QString &b)
{
    const QStringList &families = mathFamilies();
    const qsizetype ia = families.indexOf(a), ib = families.indexOf(b);
    return ia >= 0 && (ib < 0 || ia < ib);
}

// Finds the roof an operator answers to (docs/roofline.md, "Which roof"). Vector
// operators run on vector units at their format, else in FP32 there (they up-convert);
// an operator that finds no ceiling at its math tries the other unit kind, then a wider
// format, and says so.
CeilingChoice chooseCeiling(const Device &device, UnitKind unit, const QString &math,
                            bool mathImplied)
{
    CeilingChoice choice;
    if ((choice.ceiling = device.ceiling(unit, math)))
        return choice;
    const QString fp32 = QStringLiteral("fp32");
    if (unit == UnitKind::Vector) {
        // A vector pass stays on vector units: in FP32, else in BF16 or FP16 where the
        // device's vector units have only those (Gaudi's: BF16), never on the matrix roof.
        for (const QString &wide : {fp32, QStringLiteral("bf16"), QStringLiteral("fp16")}) {
            if ((wide != fp32 && !isWider(wide, math)) ||
                !(choice.ceiling = device.ceiling(UnitKind::Vector, wide)))
                continue;
            // An implied math up-converts silently; a math the operator names is a
            // substitution.
            if (!mathImplied) {
                choice.fellBack = true;
                choice.note = QStringLiteral("%1 has no vector %2 ceiling; using its vector "
                                             "%3 ceiling")
                                  .arg(device.name, math, wide);
            }
            return choice;
        }
    }
    const UnitKind other = unit == UnitKind::Matrix ? UnitKind::Vector : UnitKind::Matrix;
    if ((choice.ceiling = device.ceiling(other, math))) {
        choice.fellBack = true;
        choice.note = QStringLiteral("%1 has no %2 %3 ceiling; using its %4 %3 ceiling")
                          .arg(device.name, unitKindName(unit), math, unitKindName(other));
        return choice;
    }
    for (const UnitKind kind : {unit, other}) {
        for (const char *wide : wideMathFallbacks) {
            const QString wider = QLatin1String(wide);
            // Only up: an FP64 operator never runs in BF16.
            if (!isWider(wider, math) || !(choice.ceiling = device.ceiling(kind, wider)))
                continue;
            choice.fellBack = true;
            choice.note = QStringLiteral("%1 has no %2 ceiling; runs in %3 on its %4 %3 ceiling")
                              .arg(device.name, math, wider, unitKindName(kind));
            choice.badge = QStringLiteral("no %1: runs %2").arg(math.toUpper(), wider.toUpper());
            return choice;
        }
    }
    return choice;
}

} // namespace

std::optional<ResolvedFormats> resolveFormats(const Catalog &catalog, const PrecisionScheme &scheme,
                                              const OperatorSpec &op, QString *problem)
{
    ResolvedFormats r;
    const auto pick = [](const QString &own, const QString &chosen) {
        return own.isEmpty() ? chosen : own;
    };
    r.weights = lookup(catalog, pick(op.weights, scheme.weights), "weights", problem);
    r.act = lookup(catalog, pick(op.act, scheme.act), "activation", problem);
    r.kv = lookup(catalog, pick(op.kv, scheme.kv), "KV-cache", problem);
    // The scheme's math format is the matrix units' format: a vector pass (norm,
    // activation, elementwise, softmax) computes at its activation format unless the
    // operator itself names a math (docs/roofline.md).
    const bool onVector = op.unit.value_or(defaultUnit(op.kind)) == UnitKind::Vector;
    const QString math = onVector ? op.math : pick(op.math, scheme.math);
    if (!math.isEmpty()) {
        r.math = lookup(catalog, math, "math", problem);
        r.mathImplied = false;
    }
    if (!r.weights || !r.act || !r.kv || (!r.mathImplied && !r.math))
        return std::nullopt;
    if (r.mathImplied) {
        switch (op.kind) {
        case OperatorKind::AttentionDecode:
        case OperatorKind::AttentionPrefill:
            r.math = wider(r.kv, r.act);
            break;
        default:
            r.math = onVector ? r.act : wider(r.weights, r.act);
        }
    }
    return r;
}

namespace {

// The name of the first figure of `p` that is infinite or NaN, or an empty string.
QString nonFiniteFigure(const PointAnalysis &p)
{
    const std::pair<const char *, double> figures[] = {
        {"FLOPs", p.flops}, {"bytes", p.bytes.total()},       {"intensity", p.intensity},
        {"ridge", p.ridge}, {"math time", p.tMath},           {"memory time", p.tMem},
        {"time", p.time},   {"attainable", p.attainableFlops}};
    for (const auto &[name, value] : figures) {
        if (!std::isfinite(value))
            return QString::fromLatin1(name);
    }
    return {};
}

} // namespace

Analysis evaluate(const Catalog &catalog, const Scenario &scenario)
{
    Analysis analysis;
    analysis.roof = scenario.roof;
    const bool achievable = scenario.roof == RoofMode::Achievable;
    const ShapeContext shape{scenario.batch, scenario.seq, scenario.prompt};

    for (const QString &deviceId : scenario.devices) {
        const Device *device = catalog.device(deviceId);
        if (!device) {
            analysis.problems.append(QStringLiteral("unknown device \"%1\"").arg(deviceId));
            continue;
        }
        const double computeShare = achievable ? device->achievable.compute : 1.0;
        const double bandwidthShare = achievable ? device->achievable.bandwidth : 1.0;

        DeviceRoofs roofs;
        roofs.deviceId = device->id;
        roofs.deviceName = device->name;
        roofs.capacityBytes = device->capacityBytes;
        for (const MemoryLevel &level : device->memory) {
            roofs.memory.append({level.level, level.name, level.bandwidth * bandwidthShare,
                                 level.bandwidth, level.source});
        }
        const MemoryLevel *level = device->memoryLevel(scenario.memoryLevel);
        if (!level) {
            analysis.warnings.append(
                QStringLiteral("%1 has no \"%2\" memory level; using main memory")
                    .arg(device->name, scenario.memoryLevel));
            level = device->memoryLevel(QStringLiteral("main"));
        }
        const double bandwidth = level->bandwidth * bandwidthShare;
        for (const ComputeCeiling &c : device->compute) {
            const double peak = c.peakFlops * computeShare;
            roofs.compute.append(
                {c.unit, c.math, peak, c.peakFlops, peak / bandwidth, false, c.source});
        }

        for (const OperatorSpec &op : scenario.operators) {
            QString problem;
            const std::optional<ResolvedFormats> formats =
                resolveFormats(catalog, scenario.scheme, op, &problem);
            if (!formats) {
                analysis.problems.append(QStringLiteral("%1: %2").arg(op.name, problem));
                continue;
            }
            const UnitKind unit = op.unit.value_or(defaultUnit(op.kind));
            const CeilingChoice choice =
                chooseCeiling(*device, unit, formats->math->math, formats->mathImplied);
            if (!choice.ceiling) {
                analysis.problems.append(QStringLiteral("%1 on %2: the device has no %3 ceiling")
                                             .arg(op.name, device->name, formats->math->math));
                continue;
            }
            const OperandSizes sizes{formats->weights->bytesPerElement(),
                                     formats->act->bytesPerElement(),
                                     formats->kv->bytesPerElement()};
            const OperatorCost cost = operatorCost(op, sizes, shape);

            PointAnalysis p;
            p.deviceId = device->id;
            p.operatorId = op.id;
            p.operatorName = op.name;
            p.kind = op.kind;
            p.weights = formats->weights->id;
            p.act = formats->act->id;
            p.kv = formats->kv->id;
            p.math = choice.ceiling->math;
            p.unit = choice.ceiling->unit;
            p.fellBack = choice.fellBack;
            p.note = choice.note;
            p.badge = choice.badge;
            p.flops = cost.flops;
            p.bytes = cost.bytes;
            p.intensity = cost.intensity();
            p.peakFlops = choice.ceiling->peakFlops * computeShare;
            p.bandwidth = bandwidth;
            p.ridge = p.peakFlops / p.bandwidth;
            p.attainableFlops = std::min(p.peakFlops, p.bandwidth * p.intensity);
            p.bound = classifyBound(p.intensity, p.ridge);
            p.tMath = p.flops / p.peakFlops;
            p.tMem = p.bytes.total() / p.bandwidth;
            p.time = std::max(p.tMath, p.tMem);
            p.pctOfPeak = 100.0 * p.attainableFlops / p.peakFlops;
            p.batchDependent = isBatchedGemm(op.kind);
            p.ridgeBatch = ridgeBatch(op, sizes, shape, p.ridge);
            // The limits on every input keep figures finite; should a product still overflow,
            // the point is refused rather than shown as inf or NaN.
            if (const QString figure = nonFiniteFigure(p); !figure.isEmpty()) {
                analysis.problems.append(
                    QStringLiteral("%1 on %2: %3 is too large to compute; use a smaller shape")
                        .arg(op.name, device->name, figure));
                continue;
            }
            analysis.points.append(p);

            for (ComputeRoof &roof : roofs.compute) {
                if (roof.unit == p.unit && roof.math == p.math)
                    roof.usedByPoints = true;
            }
        }
        analysis.devices.append(roofs);
    }
    return analysis;
}

} // namespace rooflab
