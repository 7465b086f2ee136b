#pragma once

#include "catalog.h"
#include "jsonreader.h"
#include "scenario.h"

#include <QJsonObject>
#include <QString>

namespace rooflab {

// Reads the optional `deployment` object of `parent` (at `path`): tp (a whole number or
// "auto"), pp, headroom, price_per_device_hour and prices ({device id: USD}), each problem
// named by its field (a price by its device). With a
// known model and a fixed tp, checks the deployment on every device of `scenario`.
Deployment readScenarioDeployment(const QJsonObject &parent, const QString &path,
                                  const Scenario &scenario, const Catalog &catalog,
                                  JsonReader &reader);

// The `deployment` object as a scenario file stores it.
QJsonObject deploymentToJson(const Deployment &deployment);

} // namespace rooflab
