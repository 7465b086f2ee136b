#pragma once

#include "analysis.h"
#include "catalog.h"

#include <QJsonArray>
#include <QJsonObject>

namespace rooflab {

// One analysed point as the command line's JSON object, in SI base units.
QJsonObject pointToJson(const PointAnalysis &point, RoofMode roof);

// A device with every figure and its source.
QJsonObject deviceToJson(const Device &device);

// A scale-up link in the field names (and units) that device presets use too.
QJsonObject interconnectToJson(const Interconnect &link);

// A format with its effective bytes per element.
QJsonObject formatToJson(const Format &format);

} // namespace rooflab
