#pragma once

#include "measuredkernel.h"

#include <QByteArray>
#include <QString>

namespace rooflab {

// How FLOPs are counted from Nsight Compute's instruction counters.
struct NcuOptions
{
    // Count a half-precision instruction as working on a packed pair, as NVIDIA's own
    // half-precision chart does: 2·hadd + 2·hmul + 4·hfma instead of hadd + hmul + 2·hfma.
    bool packedHalf = false;
};

// Reads Nsight Compute's raw CSV (`ncu --page raw --csv`, with or without base units): one
// row per launch after a header and a units row; lines before the header (==PROF== output)
// are skipped. Time, FP64/FP32/FP16 FLOPs and DRAM, L2 and L1 bytes per launch, launches
// grouped by kernel name (docs/measured-data.md, "Nsight Compute").
MeasuredImport importNcuCsv(const QString &fileName, const QByteArray &bytes,
                            const NcuOptions &options = {});

// True when some line of `bytes` holds the "Kernel Name" column and a gpu__ or sm__ metric.
bool looksLikeNcuCsv(const QByteArray &bytes);

} // namespace rooflab
