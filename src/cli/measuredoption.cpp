#include "measuredoption.h"

#include "measuredimport.h"
#include "textsafety.h"
#include "usageerror.h"

namespace rooflab::cli {

QList<MeasuredKernel> measuredKernelsFromFile(const QString &path)
{
    const MeasuredKernelsFile file = readMeasuredKernels(path);
    if (file.problems.isEmpty())
        return file.kernels;
    QString text = QStringLiteral("--measured: ") + terminalLine(file.problems.first());
    if (file.problems.size() > 1)
        text += QStringLiteral(" (and %1 more problems; `rooflab import %2` lists them)")
                    .arg(file.problems.size() - 1)
                    .arg(path);
    throw UsageError{text};
}

} // namespace rooflab::cli
