#include "format.h"

#include <QStringList>

namespace rooflab {

double Format::bytesPerElement() const
{
    const double scalePerElement = blockSize > 0 ? scaleBits / blockSize : 0.0;
    return (bits + scalePerElement) / 8.0;
}

const QStringList &mathFamilies()
{
    static const QStringList families = {QStringLiteral("fp64"), QStringLiteral("fp32"),
                                         QStringLiteral("tf32"), QStringLiteral("bf16"),
                                         QStringLiteral("fp16"), QStringLiteral("fp8"),
                                         QStringLiteral("int8"), QStringLiteral("fp6"),
                                         QStringLiteral("fp4"),  QStringLiteral("int4")};
    return families;
}

bool isMathFamily(const QString &family)
{
    return mathFamilies().contains(family);
}

} // namespace rooflab
