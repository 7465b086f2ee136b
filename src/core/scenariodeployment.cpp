// The `deployment` object of scenario files (docs/scenario-files.md).
#include "scenariodeployment.h"

#include "deployment.h"

namespace rooflab {

namespace {

QString key(const char *name)
{
    return QString::fromLatin1(name);
}

void checkKnownKeys(const QJsonObject &obj, const QStringList &allowed, const QString &path,
                    JsonReader &reader)
{
    for (auto it = obj.constBegin(); it != obj.constEnd(); ++it) {
        if (!allowed.contains(it.key()))
            reader.fail(JsonReader::join(path, it.key()), QStringLiteral("unknown field"));
    }
}

QString describe(const QJsonValue &value)
{
    if (value.isString())
        return QLatin1Char('"') + value.toString() + QLatin1Char('"');
    if (value.isBool())
        return value.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    if (value.isNull())
        return QStringLiteral("null");
    return value.isArray() ? QStringLiteral("an array") : QStringLiteral("an object");
}

// A whole number of at least 1 for a degree field; `fallback` when absent or wrong.
int readDegree(const QJsonObject &obj, const char *name, const QString &path, int fallback,
               JsonReader &reader)
{
    const auto value = reader.optionalNumber(obj, key(name), path, NumberRule::WholePositive);
    if (value && *value > 1e6) {
        reader.fail(JsonReader::join(path, key(name)),
                    QStringLiteral("must be at most 1000000, found %1").arg(*value));
        return fallback;
    }
    return value ? static_cast<int>(*value) : fallback;
}

// `prices`: {device id: USD per device-hour}, each id a known device, each price a number
// of zero or more.
QMap<QString, double> readPrices(const QJsonObject &obj, const QString &path,
                                 const Catalog &catalog, JsonReader &reader)
{
    QMap<QString, double> prices;
    const std::optional<QJsonObject> table = reader.optionalObject(obj, key("prices"), path);
    if (!table)
        return prices;
    const QString where = JsonReader::join(path, key("prices"));
    for (auto it = table->constBegin(); it != table->constEnd(); ++it) {
        if (!catalog.device(it.key())) {
            reader.fail(JsonReader::join(where, it.key()),
                        QStringLiteral("unknown device; `rooflab list devices` shows the ids"));
            continue;
        }
        if (const auto price =
                reader.optionalNumber(*table, it.key(), where, NumberRule::NonNegative))
            prices.insert(it.key(), *price);
    }
    return prices;
}

} // namespace

// The optional `deployment` object, checked against the model and every device when both
// are known (docs/scenario-files.md).
Deployment readScenarioDeployment(const QJsonObject &parent, const QString &path, const Scenario &s,
                                  const Catalog &catalog, JsonReader &reader)
{
    Deployment d;
    const std::optional<QJsonObject> obj = reader.optionalObject(parent, key("deployment"), path);
    if (!obj)
        return d;
    const QString where = JsonReader::join(path, key("deployment"));
    checkKnownKeys(*obj,
                   {key("tp"), key("pp"), key("headroom"), key("price_per_device_hour"),
                    key("prices"), key("ep")},
                   where, reader);
    d.expertParallel = reader.optionalBool(*obj, key("ep"), where).value_or(false);
    const QJsonValue tp = obj->value(key("tp"));
    if (tp.isString() && tp.toString() == QLatin1String("auto"))
        d.tpAuto = true;
    else if (!tp.isUndefined() && !tp.isDouble())
        reader.fail(JsonReader::join(where, key("tp")),
                    QStringLiteral("must be a whole number of at least 1 or \"auto\", found %1")
                        .arg(describe(tp)));
    else
        d.tp = readDegree(*obj, "tp", where, d.tp, reader);
    d.pp = readDegree(*obj, "pp", where, d.pp, reader);
    if (const auto headroom =
            reader.optionalNumber(*obj, key("headroom"), where, NumberRule::NonNegative)) {
        if (*headroom > maxHeadroom)
            reader.fail(JsonReader::join(where, key("headroom")),
                        QStringLiteral("must be a fraction from 0 to %1, found %2")
                            .arg(maxHeadroom)
                            .arg(*headroom));
        else
            d.headroom = *headroom;
    }
    d.pricePerDeviceHour =
        reader.optionalNumber(*obj, key("price_per_device_hour"), where, NumberRule::NonNegative);
    d.prices = readPrices(*obj, where, catalog, reader);
    const ModelSpec *model = catalog.model(s.model);
    if (!reader.ok() || !model || d.tpAuto)
        return d;
    for (const QString &id : s.devices) {
        for (const DeploymentProblem &p :
             deploymentProblems(*model, *catalog.device(id), d.tp, d.pp, d.expertParallel))
            reader.fail(JsonReader::join(where, deploymentFieldName(p.field)), p.reason);
    }
    return d;
}

QJsonObject deploymentToJson(const Deployment &d)
{
    QJsonObject obj{{key("tp"), d.tpAuto ? QJsonValue(key("auto")) : QJsonValue(d.tp)},
                    {key("pp"), d.pp},
                    {key("headroom"), d.headroom}};
    if (d.pricePerDeviceHour)
        obj.insert(key("price_per_device_hour"), *d.pricePerDeviceHour);
    if (!d.prices.isEmpty()) {
        QJsonObject prices;
        for (auto it = d.prices.constBegin(); it != d.prices.constEnd(); ++it)
            prices.insert(it.key(), it.value());
        obj.insert(key("prices"), prices);
    }
    if (d.expertParallel)
        obj.insert(key("ep"), true);
    return obj;
}

} // namespace rooflab
