#include "measuredfigures.h"

#include "units.h"

#include <QCoreApplication>

namespace rooflab {

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("rooflab::MeasuredFigures", text);
}

// A point this far above its roof is above it, not a rounding of the same figure.
constexpr double aboveRoofMargin = 1.001;

// The device's memory level a measured level is drawn against: DRAM is main memory.
const MemoryLevel *deviceLevel(const Device &device, const QString &level)
{
    return device.memoryLevel(level == QLatin1String("dram") ? QStringLiteral("main") : level);
}

// Integer ceilings count operations, not FLOPs: never a measured FLOP count's roof.
bool isIntegerMath(const QString &math)
{
    return math.startsWith(QLatin1String("int"));
}

// The ceiling a kernel answers to: its main math family on vector units (the instruction
// counters count non-tensor instructions), else on matrix units, else the device's highest
// floating-point peak when the family is unknown or absent.
const ComputeCeiling *chooseCeiling(const Device &device, const QString &math)
{
    if (!math.isEmpty()) {
        if (const ComputeCeiling *c = device.ceiling(UnitKind::Vector, math))
            return c;
        if (const ComputeCeiling *c = device.ceiling(UnitKind::Matrix, math))
            return c;
    }
    const ComputeCeiling *highest = nullptr;
    for (const ComputeCeiling &c : device.compute) {
        if (!isIntegerMath(c.math) && (!highest || c.peakFlops > highest->peakFlops))
            highest = &c;
    }
    return highest;
}

// The likely cause of a point `ratio` times above its compute peak.
QString aboveComputeCause(const Device &device, const ComputeCeiling &used, double achieved,
                          double ratio)
{
    if (ratio >= 100)
        return tr("a unit mistake is likely (time in usecond read as nsecond, or FLOPs "
                  "scaled twice)");
    for (const ComputeCeiling &c : device.compute) {
        if (c.peakFlops >= achieved && c.math != used.math && !isIntegerMath(c.math))
            return tr("the precision may be wrong: the %1 %2 peak (%3) would hold it")
                .arg(unitKindName(c.unit), c.math, formatSi(c.peakFlops, QStringLiteral("FLOP/s")));
    }
    if (ratio >= 1.8 && ratio <= 2.2)
        return tr("about twice the peak: an FMA counted as two FLOPs against a peak that counts "
                  "one, packed half-precision pairs, or a 2:4 sparse count against a dense peak");
    return tr("check the FLOP counting (FMA as one or two), the precision and sparsity");
}

} // namespace

KernelFigures kernelFigures(const MeasuredKernel &kernel, const Device *device)
{
    KernelFigures f;
    f.achievedFlops = kernel.flops / kernel.timeS;
    const ComputeCeiling *ceiling =
        device ? chooseCeiling(*device, kernel.dominantMath()) : nullptr;
    if (ceiling) {
        f.peakFlops = ceiling->peakFlops;
        f.peakName = unitKindName(ceiling->unit) + QLatin1Char(' ') + ceiling->math;
        f.roofFlops = ceiling->peakFlops;
    } else if (device) {
        f.warnings.append(tr("%1 has no compute ceiling").arg(device->name));
    }
    std::optional<double> lowestMemoryRoof;
    for (const char *key : measuredLevelKeys) {
        const QString level = QLatin1String(key);
        const std::optional<double> bytes = bytesAt(kernel.bytes, level);
        if (!bytes)
            continue;
        LevelFigures l;
        l.level = level;
        l.bytes = *bytes;
        if (*bytes > 0)
            l.intensity = kernel.flops / *bytes;
        const MemoryLevel *memory = device ? deviceLevel(*device, level) : nullptr;
        if (device && !memory)
            f.warnings.append(tr("%1 gives no %2 bandwidth: no roof at that level")
                                  .arg(device->name, level.toUpper()));
        if (memory && l.intensity) {
            l.bandwidth = memory->bandwidth;
            const double memoryRoof = memory->bandwidth * *l.intensity;
            l.roofFlops = ceiling ? std::min(ceiling->peakFlops, memoryRoof) : memoryRoof;
            if (!lowestMemoryRoof || memoryRoof < *lowestMemoryRoof) {
                lowestMemoryRoof = memoryRoof;
                f.boundLevel = level;
            }
            if (f.achievedFlops > memoryRoof * aboveRoofMargin &&
                (!ceiling || f.achievedFlops <= ceiling->peakFlops))
                f.warnings.append(
                    tr("above its %1 memory roof (%2): the %1 bytes look too low: a unit "
                       "mistake (Kbyte read as byte) or traffic the counter missed")
                        .arg(level.toUpper(), formatSi(memoryRoof, QStringLiteral("FLOP/s"))));
        }
        f.levels.append(l);
    }
    if (lowestMemoryRoof) {
        const bool memoryBound = !ceiling || *lowestMemoryRoof < ceiling->peakFlops;
        f.bound = memoryBound ? Bound::Memory : Bound::Compute;
        if (!memoryBound)
            f.boundLevel.clear();
        f.roofFlops = memoryBound ? *lowestMemoryRoof : ceiling->peakFlops;
    }
    if (f.roofFlops && *f.roofFlops > 0)
        f.pctOfRoof = 100.0 * f.achievedFlops / *f.roofFlops;
    if (ceiling && f.achievedFlops > ceiling->peakFlops * aboveRoofMargin) {
        const double ratio = f.achievedFlops / ceiling->peakFlops;
        f.warnings.append(tr("above the %1 peak of %2 (%3 times): %4")
                              .arg(f.peakName, device->name, formatNumber(ratio),
                                   aboveComputeCause(*device, *ceiling, f.achievedFlops, ratio)));
    }
    return f;
}

} // namespace rooflab
