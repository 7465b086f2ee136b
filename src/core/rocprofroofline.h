#pragma once

#include "measuredkernel.h"

#include <QByteArray>
#include <QString>

namespace rooflab {

// Reads rocprof-compute's roofline.csv as a measured device: the first GPU's measured
// bandwidths (HBMBw, L2Bw, L1Bw, LDSBw; GB/s) and peaks (FP32Flops, FP64Flops, MFMA…Flops,
// MFMAI8Ops; giga per second). The Low/High spread columns are not read yet.
MeasuredImport importRocprofRoofline(const QString &fileName, const QByteArray &bytes);

// True when the first line of `bytes` names an HBMBw column.
bool looksLikeRocprofRoofline(const QByteArray &bytes);

} // namespace rooflab
