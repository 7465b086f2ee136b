#pragma once

#include <QStringList>

namespace rooflab::cli {

// `rooflab list devices|formats|operators|models [--json]`.
int runList(const QStringList &arguments);

// `rooflab analyze ...`: the roofline figures of operators, or of a model's step, on devices.
int runAnalyze(const QStringList &arguments);

// `rooflab compare --model ID --device A --device B ...`: one row per device.
int runCompare(const QStringList &arguments);
// `rooflab lesson list [--json]` and `rooflab lesson check FILE` (lessoncommand.cpp).
int runLesson(const QStringList &arguments);

// `rooflab export ...`: a chart or table file, drawn on the offscreen platform it selects
// itself; creates the QApplication, so call it instead of making one.
int runExport(int &argc, char **argv, const QStringList &arguments);

} // namespace rooflab::cli
