#pragma once

#include "invocation.h"

#include <QCommandLineParser>

namespace rooflab::cli {

// Adds the options only a model analysis uses (--launch-overhead).
void addModelAnalyzeOptions(QCommandLineParser &parser);

// --launch-overhead in seconds per kernel run, 0 when not given; throws UsageError when it
// is not a number from 0 to 1.
double launchOverheadOption(const app::ParsedOptions &options);

// `rooflab analyze --model ID --device ID [--phase ...]`: one step of a transformer model,
// operator by operator, with totals and the memory footprint; a table or --json.
int runModelAnalyze(const app::Invocation &invocation);

} // namespace rooflab::cli
