#pragma once

#include "measuredkernel.h"

#include <QList>
#include <QString>

namespace rooflab::cli {

// The kernels of a --measured file, its format guessed from its bytes as `rooflab import`
// guesses it. Throws UsageError naming --measured, the file and, for a problem inside, its
// line and column: a file with any problem is refused whole, so that no figure is drawn from
// part of a profile. A file of measured ceilings (ERT, rocprof-compute's roofline.csv,
// Advisor) is refused too: it holds no kernels.
QList<MeasuredKernel> measuredKernelsFromFile(const QString &path);

} // namespace rooflab::cli
