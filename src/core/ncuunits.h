#pragma once

// The units of Nsight Compute's units row ("byte", "Mbyte", "nsecond", "inst"), as factors
// to RoofLab's base units (byte, second, count).

#include <QString>

#include <optional>

namespace rooflab {

// What a metric counts, and so which units it may carry.
enum class NcuQuantity { Bytes, Time, Count };

// The factor that turns a value in `unit` into bytes, seconds or a count; nothing when
// `unit` is not one of `quantity`'s (a time column labelled "byte"). The prefixes are
// decimal: a Kbyte is 1,000 bytes, a usecond 10⁻⁶ s.
std::optional<double> ncuUnitFactor(const QString &unit, NcuQuantity quantity);

// The unit RoofLab expects for `quantity`, for messages: "byte", "second", "inst".
QString ncuQuantityName(NcuQuantity quantity);

} // namespace rooflab
