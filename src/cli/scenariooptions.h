#pragma once

#include "catalog.h"
#include "deploymentoptions.h"
#include "invocation.h"
#include "scenario.h"

#include <QCommandLineParser>

namespace rooflab::cli {

// Adds the options that describe a scenario (devices, operator and shape, formats, roof)
// shared by `analyze` and `export`. A norm's row width is --norm-width, and also --width
// unless the command takes --width for itself (`export`: the image width).
void addScenarioOptions(QCommandLineParser &parser, bool widthIsNormWidth = true);

// The scenario options that may be given more than once: --device, --op, --price and
// --measured.
QStringList scenarioRepeatableOptions();

// The ranges the scenario options accept, for a command's --help (docs/presets.md "Limits").
QString numberRangesHelp();

// The catalog with the built-in, user and --presets folders; load problems go to stderr.
Catalog loadCatalog(const app::Invocation &invocation);

// Fills `scenario` from the options that are set; throws UsageError naming the argument.
// Without --device or --op, the scenario's own values stay. A what-if --device (ID:EDITS)
// adds its copy to `catalog`.
// `checks`: how the deployment options are checked (deploymentoptions.h).
void applyScenarioOptions(const app::ParsedOptions &options, Catalog &catalog, Scenario &scenario,
                          DeploymentChecks checks = DeploymentChecks::EveryDevice);

// A positive finite number from option `name`; throws UsageError otherwise.
double positiveOption(const app::ParsedOptions &options, const QString &name);

} // namespace rooflab::cli
