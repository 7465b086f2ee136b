#pragma once

#include "measuredkernel.h"

#include <QByteArray>
#include <QString>

namespace rooflab {

// Reads the Empirical Roofline Toolkit's roofline.json into a measured device: the
// bandwidth of each level (empirical.gbytes.data, GB/s) and each peak
// (empirical.gflops.data, GFLOP/s). docs/measured-data.md, "ERT".
MeasuredImport importErtJson(const QString &fileName, const QByteArray &bytes);

// True when `bytes` looks like a JSON object with an "empirical" member.
bool looksLikeErtJson(const QByteArray &bytes);

} // namespace rooflab
