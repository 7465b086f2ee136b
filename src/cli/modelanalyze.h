#pragma once

#include "invocation.h"

#include <QCommandLineParser>

namespace rooflab::cli {

// Adds the options only a model analysis uses (--launch-overhead).
void addModelAnalyzeOptions(QCommandLineParser &parser);

// `rooflab analyze --model ID --device ID [--phase ...]`: one step of a transformer model,
// operator by operator, with totals and the memory footprint; a table or --json.
int runModelAnalyze(const app::Invocation &invocation);

} // namespace rooflab::cli
