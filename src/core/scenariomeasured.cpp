#include "scenariomeasured.h"

namespace rooflab {

namespace {

QString key(const char *name)
{
    return QString::fromLatin1(name);
}

QJsonObject bytesToJson(const LevelBytes &bytes)
{
    QJsonObject obj;
    for (const char *level : measuredLevelKeys) {
        if (const std::optional<double> b = bytesAt(bytes, key(level)))
            obj.insert(key(level), *b);
    }
    return obj;
}

LevelBytes readBytes(const QJsonObject &kernel, const QString &path, JsonReader &reader)
{
    LevelBytes bytes;
    const std::optional<QJsonObject> obj =
        reader.optionalObject(kernel, key("bytes_by_level"), path);
    const QString where = JsonReader::join(path, key("bytes_by_level"));
    if (!obj) {
        reader.fail(where, QStringLiteral("missing: give the bytes of at least one level "
                                          "(dram, l2, l1)"));
        return bytes;
    }
    reader.refuseUnknownKeys(*obj, {key("dram"), key("l2"), key("l1")}, where);
    bytes.dram =
        reader.optionalNumber(*obj, key("dram"), where, NumberRule::NonNegative, workLimits);
    bytes.l2 = reader.optionalNumber(*obj, key("l2"), where, NumberRule::NonNegative, workLimits);
    bytes.l1 = reader.optionalNumber(*obj, key("l1"), where, NumberRule::NonNegative, workLimits);
    if (!bytes.dram && !bytes.l2 && !bytes.l1)
        reader.fail(where, QStringLiteral("gives no level: give dram, l2 or l1"));
    return bytes;
}

} // namespace

QJsonArray measuredToJson(const QList<MeasuredKernel> &kernels)
{
    QJsonArray array;
    for (const MeasuredKernel &k : kernels) {
        QJsonObject obj{{key("name"), k.name},
                        {key("launches"), k.launches},
                        {key("flops"), k.flops},
                        {key("time_s"), k.timeS},
                        {key("bytes_by_level"), bytesToJson(k.bytes)}};
        if (!k.device.isEmpty())
            obj.insert(key("device"), k.device);
        if (!k.flopsByMath.isEmpty()) {
            QJsonObject byMath;
            for (auto it = k.flopsByMath.cbegin(); it != k.flopsByMath.cend(); ++it)
                byMath.insert(it.key(), it.value());
            obj.insert(key("flops_by_math"), byMath);
        }
        array.append(obj);
    }
    return array;
}

QList<MeasuredKernel> readScenarioMeasured(const QJsonObject &scenario, const QString &path,
                                           JsonReader &reader)
{
    QList<MeasuredKernel> kernels;
    if (!scenario.contains(key("measured")))
        return kernels;
    const QJsonArray array = reader.requiredArray(scenario, key("measured"), path);
    for (qsizetype i = 0; i < array.size(); ++i) {
        const QString where = JsonReader::index(JsonReader::join(path, key("measured")), i);
        if (!array.at(i).isObject()) {
            reader.fail(where, QStringLiteral("must be an object"));
            continue;
        }
        const QJsonObject obj = array.at(i).toObject();
        const qsizetype before = reader.errorCount();
        reader.refuseUnknownKeys(obj,
                                 {key("name"), key("launches"), key("flops"), key("time_s"),
                                  key("bytes_by_level"), key("device"), key("flops_by_math")},
                                 where);
        MeasuredKernel k;
        k.name = reader.requiredString(obj, key("name"), where);
        k.launches =
            static_cast<int>(reader
                                 .optionalNumber(obj, key("launches"), where,
                                                 NumberRule::WholePositive, {.min = 1, .max = 2e9})
                                 .value_or(1));
        k.flops =
            reader.requiredNumber(obj, key("flops"), where, NumberRule::NonNegative, workLimits)
                .value_or(0);
        k.timeS = reader
                      .requiredNumber(obj, key("time_s"), where, NumberRule::Positive,
                                      {.min = 1e-12, .max = 1e6})
                      .value_or(0);
        k.bytes = readBytes(obj, where, reader);
        k.device = reader.optionalString(obj, key("device"), where);
        if (const auto byMath = reader.optionalObject(obj, key("flops_by_math"), where)) {
            const QString at = JsonReader::join(where, key("flops_by_math"));
            for (auto it = byMath->constBegin(); it != byMath->constEnd(); ++it) {
                if (const auto v = reader.optionalNumber(*byMath, it.key(), at,
                                                         NumberRule::NonNegative, workLimits))
                    k.flopsByMath.insert(it.key(), *v);
            }
        }
        if (reader.errorCount() == before)
            kernels.append(k);
    }
    return kernels;
}

} // namespace rooflab
