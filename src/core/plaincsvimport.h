#pragma once

#include "measuredkernel.h"

#include <QByteArray>
#include <QString>

namespace rooflab {

// Reads RoofLab's own CSV of measured kernels: a header naming the columns name, flops,
// time_s and bytes_dram, optionally bytes_l2, bytes_l1 and device, in any order; one launch
// (or one already summed kernel) per row. `fileName` names the file in problems.
MeasuredImport importPlainCsv(const QString &fileName, const QByteArray &bytes);

// True when `bytes` starts with such a header.
bool looksLikePlainCsv(const QByteArray &bytes);

} // namespace rooflab
