#pragma once

#include "measuredkernel.h"

#include <QByteArray>
#include <QString>

namespace rooflab {

// Reads Intel Advisor's roofs report (`advisor --report=roofs --format=csv`) as a measured
// device: after a header row whose first field is "Name" (lines before it are skipped), one
// roof per row: name, value (byte/s or FLOP/s, not giga), "memory" or "compute", and the
// target. The value's header text varies, so columns are taken by position.
MeasuredImport importAdvisorRoofs(const QString &fileName, const QByteArray &bytes);

// True when some line of `bytes` starts with a "Name" field and a later one says memory or
// compute in its third field.
bool looksLikeAdvisorRoofs(const QByteArray &bytes);

} // namespace rooflab
