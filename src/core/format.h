#pragma once

#include <QString>

namespace rooflab {

// A storage or math number format, with optional block scaling.
struct Format
{
    QString id;           // e.g. "bf16", "nvfp4"
    QString name;         // display name
    double bits = 0;      // bits of one element, without block scales
    QString math;         // compute family this format runs on: "bf16", "fp8", ...
    int blockSize = 0;    // elements sharing one scale; 0 when not block-scaled
    double scaleBits = 0; // bits of that scale
    QString description;

    // Bytes one element occupies in memory, block scales included.
    double bytesPerElement() const;

    bool operator==(const Format &other) const = default;
};

// True when `family` names one of the math families a compute ceiling can have.
bool isMathFamily(const QString &family);

// All math families, widest first.
const QStringList &mathFamilies();

} // namespace rooflab
