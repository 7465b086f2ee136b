#pragma once

#include "invocation.h"

namespace rooflab::cli {

// Each command declares its syntax once (parsed by app::parseInvocation) and runs from the
// parsed invocation; a bad argument throws UsageError.

// `rooflab list devices|formats|operators|models [--json]`.
app::CommandSyntax listSyntax();
int runList(const app::Invocation &invocation);

// `rooflab analyze ...`: the roofline figures of operators, or of a model's step, on devices.
app::CommandSyntax analyzeSyntax();
int runAnalyze(const app::Invocation &invocation);

// `rooflab compare --model ID --device A --device B ...`: one row per device.
app::CommandSyntax compareSyntax();
int runCompare(const app::Invocation &invocation);

// `rooflab import FILE [--format F] [--device ID] [--json]`: measured kernels and their roofs.
app::CommandSyntax importSyntax();
int runImport(const app::Invocation &invocation);

// `rooflab lesson list [--json]`, `lesson show ID` and `lesson check FILE`.
app::CommandSyntax lessonSyntax();
int runLesson(const app::Invocation &invocation);

// `rooflab device derive ID ...`: a what-if copy of a device, written as a preset.
app::CommandSyntax deviceSyntax();
int runDevice(const app::Invocation &invocation);

// `rooflab export ...`: a chart or table file, drawn on the offscreen platform it selects
// itself; creates the QGuiApplication, so call it instead of making one. Prints a usage
// error itself and returns the exit status.
app::CommandSyntax exportSyntax();
int runExport(int &argc, char **argv, const app::Invocation &invocation);

} // namespace rooflab::cli
