#pragma once

#include "device.h"

#include <QJsonObject>
#include <QList>
#include <QString>

#include <optional>

namespace rooflab {

// What a what-if copy of a device changes (docs/presets.md, "What-if devices").
struct DeviceEdits
{
    std::optional<double> bandwidth = {};     // main memory, byte/s
    std::optional<double> capacityBytes = {}; // memory capacity
    QList<ComputeCeiling> peaks = {};         // each replaces the ceiling of its unit and math
    QString id = {};                          // empty: the base's id with "-whatif"
    QString name = {};                        // empty: the base's name with the edits in brackets
};

// `base` with `edits` applied: its name says what changed ("NVIDIA H100 SXM5 80GB (what-if:
// bandwidth 6.7 TB/s)") and every source names the device it was derived from. A peak for a
// unit and math the base lacks is added.
Device deriveDevice(const Device &base, const DeviceEdits &edits);

// `device` as a device preset (schema "rooflab-device"), in the units preset files use, so
// that the preset loader reads it back as the same device.
QJsonObject devicePresetJson(const Device &device);

} // namespace rooflab
