// The what-if edits of a device as the command line gives them: `device derive`'s flags and
// `--device ID:bandwidth=2x,...` on analyze, compare and export.
#include "deviceedits.h"

#include "format.h"
#include "jsonreader.h"
#include "presetparser.h"
#include "units.h"
#include "usageerror.h"

#include <QRegularExpression>

#include <cmath>

namespace rooflab::cli {

namespace {

// A unit a value may carry, and what one of it is in base units.
struct ValueUnit
{
    const char *name;
    double scale;
};

// `text` as "2x" (a multiple of `base`) or a number with one of `units` ("6.7TB/s"), in base
// units; a usage error naming `flag` otherwise.
double scaledValue(const QString &flag, const QString &text, double base,
                   std::initializer_list<ValueUnit> units)
{
    static const QRegularExpression pattern(QStringLiteral(R"(^\s*([0-9.eE+-]+)\s*(\S*)\s*$)"));
    const QRegularExpressionMatch match = pattern.match(text);
    bool ok = false;
    const double number = match.hasMatch() ? match.captured(1).toDouble(&ok) : 0;
    const QString unit = match.captured(2);
    QStringList names;
    for (const ValueUnit &u : units)
        names.append(QLatin1String(u.name));
    const QString expected = QStringLiteral("give a multiple such as 2x or a value in %1")
                                 .arg(names.join(QStringLiteral(", ")));
    if (!ok || !std::isfinite(number) || number <= 0)
        throw UsageError{
            QStringLiteral("%1: \"%2\" is not a positive figure; %3").arg(flag, text, expected)};
    double value = 0;
    if (unit.compare(QLatin1String("x"), Qt::CaseInsensitive) == 0) {
        value = number * base;
    } else {
        for (const ValueUnit &u : units) {
            if (unit.compare(QLatin1String(u.name), Qt::CaseInsensitive) == 0)
                value = number * u.scale;
        }
        if (value == 0)
            throw UsageError{QStringLiteral("%1: \"%2\" has no unit RoofLab knows; %3")
                                 .arg(flag, text, expected)};
    }
    if (const QString problem = numberProblem(value, NumberRule::Positive, workLimits);
        !problem.isEmpty())
        throw UsageError{QStringLiteral("%1: \"%2\" %3").arg(flag, text, problem)};
    return value;
}

} // namespace

double bandwidthEdit(const QString &flag, const QString &text, const Device &base)
{
    const MemoryLevel *main = base.memoryLevel(QStringLiteral("main"));
    return scaledValue(flag, text, main ? main->bandwidth : 0,
                       {{"TB/s", 1e12}, {"GB/s", 1e9}, {"B/s", 1}});
}

double capacityEdit(const QString &flag, const QString &text, const Device &base)
{
    return scaledValue(flag, text, base.capacityBytes, {{"TB", 1e12}, {"GB", 1e9}});
}

ComputeCeiling peakEdit(const QString &flag, const QString &text, const Device &base)
{
    static const QRegularExpression pattern(QStringLiteral(R"(^([a-z]+):([a-z0-9-]+)=(.+)$)"));
    const QRegularExpressionMatch match = pattern.match(text);
    if (!match.hasMatch())
        throw UsageError{QStringLiteral("%1: \"%2\" is not UNIT:MATH=VALUE, e.g. "
                                        "matrix:bf16=2x or vector:fp32=134TFLOP/s")
                             .arg(flag, text)};
    ComputeCeiling peak;
    const std::optional<UnitKind> unit = unitKindFromName(match.captured(1));
    if (!unit)
        throw UsageError{QStringLiteral("%1: unit \"%2\" must be matrix or vector")
                             .arg(flag, match.captured(1))};
    peak.unit = *unit;
    peak.math = match.captured(2);
    if (!isMathFamily(peak.math))
        throw UsageError{QStringLiteral("%1: unknown math \"%2\"; use one of %3")
                             .arg(flag, peak.math, mathFamilies().join(QStringLiteral(", ")))};
    const ComputeCeiling *current = base.ceiling(peak.unit, peak.math);
    const QString value = match.captured(3);
    if (!current && value.endsWith(QLatin1Char('x'), Qt::CaseInsensitive))
        throw UsageError{QStringLiteral("%1: %2 has no %3 %4 peak to multiply; give its "
                                        "value, e.g. %3:%4=100TFLOP/s")
                             .arg(flag, base.id, match.captured(1), peak.math)};
    peak.peakFlops = scaledValue(
        flag, value, current ? current->peakFlops : 0,
        {{"PFLOP/s", 1e15}, {"TFLOP/s", 1e12}, {"GFLOP/s", 1e9}, {"TOPS", 1e12}, {"POPS", 1e15}});
    return peak;
}

DeviceEdits deviceEditList(const QString &text, const Device &base)
{
    const QString flag = QStringLiteral("--device");
    DeviceEdits edits;
    for (const QString &item : text.split(QLatin1Char(','))) {
        const qsizetype equals = item.indexOf(QLatin1Char('='));
        const QString key = item.left(equals).trimmed();
        const QString value = equals < 0 ? QString() : item.mid(equals + 1).trimmed();
        if (equals < 0 || value.isEmpty())
            throw UsageError{
                QStringLiteral("%1: \"%2\" is not KEY=VALUE; give e.g. %3:bandwidth=2x,"
                               "peak=matrix:bf16=2x")
                    .arg(flag, item, base.id)};
        if (key == QLatin1String("bandwidth")) {
            edits.bandwidth = bandwidthEdit(flag + QStringLiteral(" bandwidth"), value, base);
        } else if (key == QLatin1String("capacity")) {
            edits.capacityBytes = capacityEdit(flag + QStringLiteral(" capacity"), value, base);
        } else if (key == QLatin1String("peak")) {
            edits.peaks.append(peakEdit(flag + QStringLiteral(" peak"), value, base));
        } else if (key == QLatin1String("name")) {
            edits.name = value;
        } else if (key == QLatin1String("id")) {
            if (!isValidId(value))
                throw UsageError{QStringLiteral("%1 id: \"%2\" may hold only a-z, 0-9, '.', '_' "
                                                "and '-'")
                                     .arg(flag, value)};
            edits.id = value;
        } else {
            throw UsageError{QStringLiteral("%1: unknown edit \"%2\"; use bandwidth, capacity, "
                                            "peak, name or id")
                                 .arg(flag, key)};
        }
    }
    if (!edits.bandwidth && !edits.capacityBytes && edits.peaks.isEmpty())
        throw UsageError{QStringLiteral("%1: \"%2\" changes no figure; give bandwidth, peak or "
                                        "capacity")
                             .arg(flag, text)};
    return edits;
}

QString resolveDeviceArgument(const QString &value, Catalog &catalog)
{
    const qsizetype colon = value.indexOf(QLatin1Char(':'));
    const QString baseId = colon < 0 ? value : value.left(colon);
    const Device *base = catalog.device(baseId);
    if (!base)
        throw UsageError{QStringLiteral("--device: unknown device \"%1\"; "
                                        "`rooflab list devices` shows the known ones")
                             .arg(baseId)};
    if (colon < 0)
        return baseId;
    const DeviceEdits edits = deviceEditList(value.mid(colon + 1), *base);
    Device derived = deriveDevice(*base, edits);
    if (!edits.id.isEmpty() && catalog.device(edits.id))
        throw UsageError{QStringLiteral("--device id: \"%1\" is a device already; give the copy "
                                        "another id")
                             .arg(edits.id)};
    const QString stem = derived.id;
    for (int n = 2; catalog.device(derived.id); ++n)
        derived.id = stem + QLatin1Char('-') + QString::number(n);
    catalog.addDevice(derived, QStringLiteral("--device ") + value);
    return derived.id;
}

} // namespace rooflab::cli
