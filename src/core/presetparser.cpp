#include "presetparser.h"

#include <QHash>
#include <QRegularExpression>
#include <QSet>

#include <cmath>

namespace rooflab {

namespace {

constexpr double tera = 1e12;
constexpr double giga = 1e9;
constexpr double mega = 1e6;

void readId(const QJsonObject &obj, const QString &path, JsonReader &reader, QString &id)
{
    id = reader.requiredString(obj, QStringLiteral("id"), path);
    if (!id.isEmpty() && !isValidId(id))
        reader.fail(JsonReader::join(path, QStringLiteral("id")),
                    QStringLiteral("\"%1\" may hold only a-z, 0-9, '.', '_' and '-'").arg(id));
}

std::optional<MemoryLevel> readMemoryLevel(const QJsonObject &obj, const QString &path,
                                           const QString &fallbackSource, JsonReader &reader)
{
    MemoryLevel level;
    level.level = reader.requiredString(obj, QStringLiteral("level"), path);
    if (!level.level.isEmpty() && level.level != QLatin1String("main") &&
        level.level != QLatin1String("l2"))
        reader.fail(JsonReader::join(path, QStringLiteral("level")),
                    QStringLiteral("must be \"main\" or \"l2\", found \"%1\"").arg(level.level));
    level.name = reader.requiredName(obj, QStringLiteral("name"), path);
    const auto bw =
        reader.requiredNumber(obj, QStringLiteral("bandwidth_tbps"), path, NumberRule::Positive);
    level.bandwidth = bw.value_or(0) * tera;
    level.sizeBytes =
        reader.optionalNumber(obj, QStringLiteral("size_mb"), path, NumberRule::Positive)
            .value_or(0) *
        mega;
    level.source = reader.optionalString(obj, QStringLiteral("source"), path, fallbackSource);
    return level;
}

std::optional<ComputeCeiling> readCeiling(const QJsonObject &obj, const QString &path,
                                          const QString &fallbackSource, JsonReader &reader)
{
    ComputeCeiling ceiling;
    const QString unit = reader.requiredString(obj, QStringLiteral("unit"), path);
    if (const auto kind = unitKindFromName(unit))
        ceiling.unit = *kind;
    else if (!unit.isEmpty())
        reader.fail(JsonReader::join(path, QStringLiteral("unit")),
                    QStringLiteral("must be \"matrix\" or \"vector\", found \"%1\"").arg(unit));
    ceiling.math = reader.requiredString(obj, QStringLiteral("math"), path);
    if (!ceiling.math.isEmpty() && !isMathFamily(ceiling.math))
        reader.fail(JsonReader::join(path, QStringLiteral("math")),
                    QStringLiteral("unknown math format \"%1\" (known: %2)")
                        .arg(ceiling.math, mathFamilies().join(QStringLiteral(", "))));
    const auto tflops =
        reader.requiredNumber(obj, QStringLiteral("tflops"), path, NumberRule::Positive);
    ceiling.peakFlops = tflops.value_or(0) * tera;
    ceiling.source = reader.optionalString(obj, QStringLiteral("source"), path, fallbackSource);
    return ceiling;
}

// The largest scale-up domain a preset may name (a TPU v5p pod is 8960 chips).
constexpr double maxDomainSize = 100000;

// The optional scale-up link. Field names carry their units (byte/s, seconds) as
// `rooflab list devices --json` shows them.
std::optional<Interconnect> readInterconnect(const QJsonObject &root, JsonReader &reader)
{
    const QString path = QStringLiteral("interconnect");
    const std::optional<QJsonObject> obj = reader.optionalObject(root, path, QString());
    if (!obj)
        return std::nullopt;
    // A misspelt optional field (peer_bandwidth) must not be ignored silently.
    const QStringList known{
        QStringLiteral("name"),           QStringLiteral("bandwidth_per_direction"),
        QStringLiteral("peer_bandwidth"), QStringLiteral("domain_size"),
        QStringLiteral("latency_s"),      QStringLiteral("achievable"),
        QStringLiteral("source")};
    for (auto it = obj->constBegin(); it != obj->constEnd(); ++it) {
        if (!known.contains(it.key()))
            reader.fail(JsonReader::join(path, it.key()), QStringLiteral("unknown field"));
    }
    Interconnect link;
    link.name = reader.requiredName(*obj, QStringLiteral("name"), path);
    link.bandwidthPerDirection =
        reader
            .requiredNumber(*obj, QStringLiteral("bandwidth_per_direction"), path,
                            NumberRule::Positive)
            .value_or(0);
    link.peerBandwidth =
        reader.optionalNumber(*obj, QStringLiteral("peer_bandwidth"), path, NumberRule::Positive)
            .value_or(0);
    if (link.peerBandwidth > link.bandwidthPerDirection && link.bandwidthPerDirection > 0)
        reader.fail(JsonReader::join(path, QStringLiteral("peer_bandwidth")),
                    QStringLiteral("must not exceed bandwidth_per_direction"));
    // Checked before the conversion to int: the largest scale-up domain is a few hundred.
    const double domain =
        reader.requiredNumber(*obj, QStringLiteral("domain_size"), path, NumberRule::WholePositive)
            .value_or(0);
    if (domain > maxDomainSize)
        reader.fail(JsonReader::join(path, QStringLiteral("domain_size")),
                    QStringLiteral("must be at most %1, found %2").arg(maxDomainSize).arg(domain));
    link.domainSize = domain > maxDomainSize ? 0 : static_cast<int>(domain);
    link.latency =
        reader.requiredNumber(*obj, QStringLiteral("latency_s"), path, NumberRule::Positive)
            .value_or(0);
    if (link.latency >= 1)
        reader.fail(JsonReader::join(path, QStringLiteral("latency_s")),
                    QStringLiteral("must be below one second, found %1").arg(link.latency));
    link.achievable =
        reader.optionalNumber(*obj, QStringLiteral("achievable"), path, NumberRule::Fraction)
            .value_or(link.achievable);
    link.source = reader.requiredString(*obj, QStringLiteral("source"), path);
    return link;
}

// Every entry whose id an earlier entry has, in one pass.
template <typename T>
void reportDuplicateIds(const QList<T> &items, const QString &key, JsonReader &reader)
{
    QSet<QString> seen;
    seen.reserve(items.size());
    for (qsizetype i = 0; i < items.size(); ++i) {
        if (!seen.contains(items[i].id))
            seen.insert(items[i].id);
        else
            reader.fail(JsonReader::index(key, i),
                        QStringLiteral("duplicate id \"%1\"").arg(items[i].id));
    }
}

template <typename T, typename ReadOne>
QList<T> readArray(const QJsonObject &root, const QString &key, JsonReader &reader, ReadOne readOne)
{
    QList<T> items;
    const QJsonArray array = reader.requiredArray(root, key, QString());
    for (qsizetype i = 0; i < array.size(); ++i) {
        const QString path = JsonReader::index(key, i);
        if (!array.at(i).isObject()) {
            reader.fail(path, QStringLiteral("must be an object"));
            continue;
        }
        if (std::optional<T> item = readOne(array.at(i).toObject(), path))
            items.append(*item);
    }
    return items;
}

} // namespace

bool isValidId(const QString &id)
{
    static const QRegularExpression pattern(QStringLiteral("^[a-z0-9._-]+$"));
    return pattern.match(id).hasMatch();
}

QString kvHeadsProblem(double heads, double kvHeads)
{
    if (kvHeads > heads)
        return QStringLiteral("must not exceed heads (%1), found %2").arg(heads).arg(kvHeads);
    if (std::fmod(heads, kvHeads) != 0)
        return QStringLiteral("must divide heads (%1) evenly, found %2").arg(heads).arg(kvHeads);
    return {};
}

std::optional<Device> parseDevice(const QJsonObject &root, JsonReader &reader)
{
    if (!reader.checkHeader(root, QStringLiteral("rooflab-device"), presetSchemaVersion))
        return std::nullopt;
    Device device;
    readId(root, QString(), reader, device.id);
    device.name = reader.requiredName(root, QStringLiteral("name"), QString());
    device.vendor = reader.requiredName(root, QStringLiteral("vendor"), QString());
    device.year = static_cast<int>(reader
                                       .requiredNumber(root, QStringLiteral("year"), QString(),
                                                       NumberRule::WholePositive, yearLimits)
                                       .value_or(0));
    device.capacityBytes = reader
                               .requiredNumber(root, QStringLiteral("memory_capacity_gb"),
                                               QString(), NumberRule::Positive)
                               .value_or(0) *
                           giga;
    device.source = reader.requiredString(root, QStringLiteral("source"), QString());
    device.notes = reader.optionalString(root, QStringLiteral("notes"), QString());

    device.memory = readArray<MemoryLevel>(
        root, QStringLiteral("memory"), reader, [&](const QJsonObject &obj, const QString &path) {
            return readMemoryLevel(obj, path, device.source, reader);
        });
    if (reader.ok() && !device.memoryLevel(QStringLiteral("main")))
        reader.fail(QStringLiteral("memory"), QStringLiteral("needs an entry with level \"main\""));

    device.compute = readArray<ComputeCeiling>(
        root, QStringLiteral("compute"), reader, [&](const QJsonObject &obj, const QString &path) {
            return readCeiling(obj, path, device.source, reader);
        });
    if (reader.ok() && device.compute.isEmpty())
        reader.fail(QStringLiteral("compute"), QStringLiteral("needs at least one ceiling"));
    // One pass with a hash: a file of 20,000 repeated ceilings costs 20,000 look-ups.
    QHash<QString, qsizetype> firstCeiling;
    for (qsizetype i = 0; i < device.compute.size(); ++i) {
        const ComputeCeiling &c = device.compute[i];
        const QString key = unitKindName(c.unit) + QLatin1Char('/') + c.math;
        const auto it = firstCeiling.constFind(key);
        if (it == firstCeiling.constEnd())
            firstCeiling.insert(key, i);
        else
            reader.fail(JsonReader::index(QStringLiteral("compute"), i),
                        QStringLiteral("repeats unit %1 and math %2 of compute[%3]")
                            .arg(unitKindName(c.unit), c.math)
                            .arg(it.value()));
    }

    if (const auto achievable =
            reader.optionalObject(root, QStringLiteral("achievable"), QString())) {
        const QString path = QStringLiteral("achievable");
        device.achievable.compute =
            reader
                .requiredNumber(*achievable, QStringLiteral("compute"), path, NumberRule::Fraction)
                .value_or(device.achievable.compute);
        device.achievable.bandwidth = reader
                                          .requiredNumber(*achievable, QStringLiteral("bandwidth"),
                                                          path, NumberRule::Fraction)
                                          .value_or(device.achievable.bandwidth);
        device.achievable.source =
            reader.optionalString(*achievable, QStringLiteral("source"), path);
    }
    device.interconnect = readInterconnect(root, reader);
    if (!reader.ok())
        return std::nullopt;
    return device;
}

std::optional<QList<Format>> parseFormats(const QJsonObject &root, JsonReader &reader)
{
    if (!reader.checkHeader(root, QStringLiteral("rooflab-formats"), presetSchemaVersion))
        return std::nullopt;
    QList<Format> formats = readArray<Format>(
        root, QStringLiteral("formats"), reader,
        [&](const QJsonObject &obj, const QString &path) -> std::optional<Format> {
            Format format;
            readId(obj, path, reader, format.id);
            format.name = reader.requiredName(obj, QStringLiteral("name"), path);
            format.bits =
                reader.requiredNumber(obj, QStringLiteral("bits"), path, NumberRule::Positive)
                    .value_or(0);
            format.math = reader.requiredString(obj, QStringLiteral("math"), path);
            if (!format.math.isEmpty() && !isMathFamily(format.math))
                reader.fail(JsonReader::join(path, QStringLiteral("math")),
                            QStringLiteral("unknown math format \"%1\"").arg(format.math));
            const auto block = reader.optionalNumber(obj, QStringLiteral("block_size"), path,
                                                     NumberRule::WholePositive, blockSizeLimits);
            const auto scale = reader.optionalNumber(obj, QStringLiteral("scale_bits"), path,
                                                     NumberRule::Positive);
            if (block.has_value() != scale.has_value())
                reader.fail(path, QStringLiteral("block_size and scale_bits go together"));
            format.blockSize = static_cast<int>(block.value_or(0));
            format.scaleBits = scale.value_or(0);
            format.description = reader.optionalString(obj, QStringLiteral("description"), path);
            return format;
        });
    reportDuplicateIds(formats, QStringLiteral("formats"), reader);
    if (!reader.ok())
        return std::nullopt;
    return formats;
}

std::optional<QList<OperatorSpec>> parseOperators(const QJsonObject &root, JsonReader &reader,
                                                  const FormatLookup &knownFormat)
{
    if (!reader.checkHeader(root, QStringLiteral("rooflab-operators"), presetSchemaVersion))
        return std::nullopt;
    QList<OperatorSpec> ops =
        readArray<OperatorSpec>(root, QStringLiteral("operators"), reader,
                                [&](const QJsonObject &obj, const QString &path) {
                                    return readOperator(obj, path, reader, knownFormat);
                                });
    reportDuplicateIds(ops, QStringLiteral("operators"), reader);
    if (!reader.ok())
        return std::nullopt;
    return ops;
}

} // namespace rooflab
