#pragma once

#include "catalog.h"
#include "devicederive.h"

#include <QString>
#include <QStringList>

namespace rooflab::cli {

// Main memory bandwidth as the command line gives it: "2x" (a multiple of the device's) or a
// value with its unit ("6.7TB/s"), in byte/s. `flag` names the argument in the error thrown.
double bandwidthEdit(const QString &flag, const QString &text, const Device &base);

// Memory capacity, "2x" or "160GB", in bytes.
double capacityEdit(const QString &flag, const QString &text, const Device &base);

// A compute peak UNIT:MATH=VALUE ("matrix:bf16=2x", "vector:fp32=134TFLOP/s").
ComputeCeiling peakEdit(const QString &flag, const QString &text, const Device &base);

// The edits of `--device ID:EDIT,EDIT...`, each EDIT one of bandwidth=B, capacity=C,
// peak=UNIT:MATH=VALUE (repeatable), name=N and id=NEW (docs/presets.md "What-if devices").
DeviceEdits deviceEditList(const QString &text, const Device &base);

// The device a --device value names: a catalog id, or ID:EDITS, whose what-if copy is added
// to `catalog` (its id made unique with -2, -3 ... when another copy has it). Returns the id
// to put in the scenario; throws UsageError naming --device otherwise.
QString resolveDeviceArgument(const QString &value, Catalog &catalog);

} // namespace rooflab::cli
