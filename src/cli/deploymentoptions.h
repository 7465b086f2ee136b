#pragma once

#include "catalog.h"
#include "invocation.h"
#include "scenario.h"

#include <QCommandLineParser>

namespace rooflab::cli {

// Adds the options of a model's deployment: --tp, --pp, --headroom, --ep and --price.
void addDeploymentOptions(QCommandLineParser &parser);

// Fills `scenario.deployment` from the deployment options that are set, checked against the
// model on every device of the scenario; throws UsageError naming the flag.
void applyDeploymentOptions(const app::ParsedOptions &options, const Catalog &catalog,
                            Scenario &scenario);

} // namespace rooflab::cli
