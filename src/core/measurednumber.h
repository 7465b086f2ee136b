#pragma once

// Numbers as profilers print them: with thousands separators, in either locale's grouping
// ("12,582,912" and "1.5", or "27.595.520" and "65,77"); docs/measured-data.md, "Locale".

#include <QString>

#include <optional>

namespace rooflab {

// How a file groups its numbers.
enum class NumberGrouping {
    CommaGroups, // "12,582,912.5": comma between thousands, point before the decimals
    PointGroups, // "12.582.912,5": point between thousands, comma before the decimals
};

// The grouping `text` can only be read in, or nothing when it reads the same either way
// ("4480") or is ambiguous ("4,480" may be 4480 or 4.48).
std::optional<NumberGrouping> groupingEvidence(const QString &text);

// `text` read in `grouping`: digits with an optional sign, thousands in groups of three,
// decimals and an exponent. Nothing when it is not such a number or not finite.
std::optional<double> parseGroupedNumber(const QString &text, NumberGrouping grouping);

} // namespace rooflab
