#pragma once

#include <QStringList>

namespace rooflab::cli {

// `rooflab list devices|formats|operators [--json]`.
int runList(const QStringList &arguments);

// `rooflab analyze ...`: the roofline figures of operators on devices.
int runAnalyze(const QStringList &arguments);

} // namespace rooflab::cli
