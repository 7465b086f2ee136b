// The deployment options of a model scenario: --tp, --pp, --headroom, --ep and --price.
#include "deploymentoptions.h"

#include "deployment.h"
#include "jsonreader.h"
#include "usageerror.h"

namespace rooflab::cli {

namespace {

// A price per device-hour in USD: a number, zero or more (the scenario file's rule).
// `device`: the id it is for, named in the message; empty for the price of every device.
double priceValue(const QString &text, const QString &device)
{
    const QString flag =
        device.isEmpty() ? QStringLiteral("--price") : QStringLiteral("--price %1").arg(device);
    bool ok = false;
    const double value = text.toDouble(&ok);
    if (!ok)
        throw UsageError{QStringLiteral("%1: expected a number, got \"%2\"").arg(flag, text)};
    if (const QString problem = numberProblem(value, NumberRule::NonNegative, {});
        !problem.isEmpty())
        throw UsageError{flag + QStringLiteral(": ") + problem};
    return value;
}

// Every --price: `USD` for every device (at most once), `ID=USD` for one device of the
// scenario (once each).
void applyPrices(const QStringList &values, const Catalog &catalog, Scenario &scenario)
{
    Deployment &d = scenario.deployment;
    bool bare = false;
    for (const QString &value : values) {
        const qsizetype equals = value.indexOf(QLatin1Char('='));
        if (equals < 0) {
            if (bare)
                throw UsageError{QStringLiteral("--price: one price for every device at most, "
                                                "got a second one \"%1\"; give ID=USD for one "
                                                "device")
                                     .arg(value)};
            bare = true;
            d.pricePerDeviceHour = priceValue(value, QString());
            continue;
        }
        const QString id = value.left(equals).trimmed().toLower();
        if (!catalog.device(id))
            throw UsageError{QStringLiteral("--price: unknown device \"%1\" in \"%2\"; `rooflab "
                                            "list devices` shows the ids")
                                 .arg(value.left(equals), value)};
        if (!scenario.devices.contains(id))
            throw UsageError{QStringLiteral("--price %1: not one of the devices given with "
                                            "--device")
                                 .arg(id)};
        if (d.prices.contains(id))
            throw UsageError{QStringLiteral("--price %1: given twice").arg(id)};
        d.prices.insert(id, priceValue(value.mid(equals + 1).trimmed(), id));
    }
}

QString flagOf(DeploymentField field)
{
    switch (field) {
    case DeploymentField::Tp:
        return QStringLiteral("--tp");
    case DeploymentField::Pp:
        return QStringLiteral("--pp");
    case DeploymentField::Headroom:
        return QStringLiteral("--headroom");
    case DeploymentField::Price:
        return QStringLiteral("--price");
    case DeploymentField::Ep:
        return QStringLiteral("--ep");
    }
    return {};
}

// A whole number of at least 1 from a degree flag.
int degreeOption(const app::ParsedOptions &options, const QString &name)
{
    const QString text = options.value(name);
    bool ok = false;
    const int value = text.toInt(&ok);
    if (!ok || value < 1)
        throw UsageError{
            QStringLiteral("--%1: must be a whole number of at least 1%2, got \"%3\"")
                .arg(name, name == QLatin1String("tp") ? QStringLiteral(" or auto") : QString(),
                     text)};
    return value;
}

bool isAuto(const QString &text)
{
    return text.toLower() == QLatin1String("auto");
}

} // namespace

QList<int> tpDegreesOption(const app::ParsedOptions &options)
{
    const QString text = options.value(QStringLiteral("tp"));
    if (!options.isSet(QStringLiteral("tp")) || isAuto(text))
        return {};
    const QStringList items = text.split(QLatin1Char(','));
    if (items.size() > maxTpDegrees)
        throw UsageError{QStringLiteral("--tp: at most %1 degrees, got %2 in \"%3\"")
                             .arg(maxTpDegrees)
                             .arg(items.size())
                             .arg(text)};
    QList<int> degrees;
    for (const QString &item : items) {
        bool ok = false;
        const int value = item.trimmed().toInt(&ok);
        if (!ok || value < 1)
            throw UsageError{
                QStringLiteral("--tp: must be a whole number of at least 1, a list of them "
                               "(1,2,4,8) or auto, got \"%1\"%2")
                    .arg(item,
                         items.size() > 1 ? QStringLiteral(" in \"%1\"").arg(text) : QString())};
        if (!degrees.contains(value))
            degrees.append(value);
    }
    return degrees;
}

void applyDeploymentOptions(const app::ParsedOptions &options, const Catalog &catalog,
                            Scenario &scenario, DeploymentChecks checks)
{
    Deployment &d = scenario.deployment;
    if (options.isSet(QStringLiteral("tp"))) {
        const QString text = options.value(QStringLiteral("tp"));
        d.tpAuto = isAuto(text);
        if (!d.tpAuto && checks == DeploymentChecks::PerRow)
            d.tp = tpDegreesOption(options).first();
        else if (!d.tpAuto && text.contains(QLatin1Char(',')))
            throw UsageError{QStringLiteral("--tp: a list of degrees is taken only by `rooflab "
                                            "compare`, got \"%1\"")
                                 .arg(text)};
        else if (!d.tpAuto)
            d.tp = degreeOption(options, QStringLiteral("tp"));
    }
    if (options.isSet(QStringLiteral("pp")))
        d.pp = degreeOption(options, QStringLiteral("pp"));
    if (options.isSet(QStringLiteral("headroom"))) {
        const QString text = options.value(QStringLiteral("headroom"));
        bool ok = false;
        d.headroom = text.toDouble(&ok);
        if (!ok || !(d.headroom >= 0 && d.headroom <= maxHeadroom))
            throw UsageError{QStringLiteral("--headroom: must be a fraction from 0 to %1, got "
                                            "\"%2\"")
                                 .arg(maxHeadroom)
                                 .arg(text)};
    }
    if (options.isSet(QStringLiteral("price")))
        applyPrices(options.values(QStringLiteral("price")), catalog, scenario);
    if (options.isSet(QStringLiteral("ep")))
        d.expertParallel = true;
    for (const DeploymentProblem &p : deploymentValueProblems(d))
        throw UsageError{flagOf(p.field) + QStringLiteral(": ") + p.reason};
    if (scenario.model.isEmpty()) {
        for (const char *flag : {"tp", "pp", "headroom", "price", "ep"}) {
            if (options.isSet(QString::fromLatin1(flag)))
                throw UsageError{QStringLiteral("--%1: applies only with --model")
                                     .arg(QString::fromLatin1(flag))};
        }
    }
    const ModelSpec *model = catalog.model(scenario.model);
    if (!model || d.tpAuto || checks == DeploymentChecks::PerRow)
        return;
    for (const QString &id : std::as_const(scenario.devices)) {
        for (const DeploymentProblem &p :
             deploymentProblems(*model, *catalog.device(id), d.tp, d.pp, d.expertParallel))
            throw UsageError{flagOf(p.field) + QStringLiteral(": ") + p.reason};
    }
}

void addDeploymentOptions(QCommandLineParser &parser)
{
    parser.addOption({QStringLiteral("tp"),
                      QStringLiteral("With --model: tensor-parallel degree, or auto for the "
                                     "smallest power of two that fits (default 1); compare "
                                     "also takes a list, one row per degree (1,2,4,8)."),
                      QStringLiteral("N|N,M,...|auto")});
    parser.addOption({QStringLiteral("pp"),
                      QStringLiteral("With --model: pipeline stages (default 1)."),
                      QStringLiteral("N")});
    parser.addOption({QStringLiteral("headroom"),
                      QStringLiteral("With --model: share of each device's memory kept free, "
                                     "0 to 0.9 (default 0.1)."),
                      QStringLiteral("FRACTION")});
    parser.addOption({QStringLiteral("ep"),
                      QStringLiteral("With --model and TP above 1: expert parallelism, each "
                                     "device holding E/t whole experts, with an all-to-all "
                                     "dispatch and combine per expert layer (default: experts "
                                     "split by width).")});
    parser.addOption({QStringLiteral("price"),
                      QStringLiteral("With --model: your price per device-hour in USD, for the "
                                     "cost per million tokens (none by default); ID=USD for "
                                     "one device (repeatable), USD for the others."),
                      QStringLiteral("USD|ID=USD")});
}

} // namespace rooflab::cli
