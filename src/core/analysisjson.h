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

// A format with its effective bytes per element.
QJsonObject formatToJson(const Format &format);

} // namespace rooflab
