#pragma once

#include "catalog.h"
#include "invocation.h"
#include "scenario.h"

#include <QCommandLineParser>

namespace rooflab::cli {

// Adds the options of a model's deployment: --tp, --pp, --headroom, --ep and --price.
void addDeploymentOptions(QCommandLineParser &parser);

// How the deployment options are checked.
enum class DeploymentChecks {
    EveryDevice, // one --tp degree, refused when a device of the scenario cannot host it
    PerRow,      // `compare`: --tp may be a list, and a device that cannot host a degree
                 // gives that row a problem instead of refusing the command
};

// Fills `scenario.deployment` from the deployment options that are set (with a --tp list,
// its first degree), checked as `checks` says; throws UsageError naming the flag.
void applyDeploymentOptions(const app::ParsedOptions &options, const Catalog &catalog,
                            Scenario &scenario,
                            DeploymentChecks checks = DeploymentChecks::EveryDevice);

// Most degrees one --tp list may give.
inline constexpr int maxTpDegrees = 32;

// The degrees of `--tp N,M,...` (whole numbers of at least 1, each kept once, in the order
// given); empty when --tp is not set or is auto. Throws UsageError naming the flag and the
// bad value.
QList<int> tpDegreesOption(const app::ParsedOptions &options);

} // namespace rooflab::cli
