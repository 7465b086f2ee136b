#pragma once

#include "measuredkernel.h"

#include <QByteArray>
#include <QString>

namespace rooflab {

// How rocprof-compute's counters turn into bytes.
struct RocprofOptions
{
    // Bytes per L1/L2 request: 64 on MI100 and MI200; the tool found 128 on gfx942 and
    // gfx950 (MI300, MI350), a figure of the device rather than of the file.
    double cacheLineBytes = 64;
};

// Reads rocprof-compute's pmc_perf.csv: one row per dispatch, time End − Start, FLOPs from
// the VALU and MFMA instruction counters (wave64), L2, L1 and HBM bytes from the cache and
// memory request counters; dispatches grouped by kernel name (docs/measured-data.md,
// "rocprof-compute").
MeasuredImport importRocprofPmc(const QString &fileName, const QByteArray &bytes,
                                const RocprofOptions &options = {});

// True when the first line of `bytes` names Kernel_Name and Start_Timestamp columns.
bool looksLikeRocprofPmc(const QByteArray &bytes);

} // namespace rooflab
