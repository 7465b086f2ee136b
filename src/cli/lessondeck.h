#pragma once

#include "invocation.h"

#include <QCommandLineParser>

namespace rooflab::cli {

// Adds --lesson ID to `rooflab export` (--lessons DIR is one of the shared options).
void addLessonDeckOptions(QCommandLineParser &parser);

// `rooflab export --lesson ID -o deck.pdf`, or `-o DIR/ --format svg|png` for one file per
// page: two pages per step, the question and then the reveal. Needs a QApplication; throws
// UsageError for a bad argument and returns the exit status otherwise.
int exportLessonDeck(const app::Invocation &invocation);

} // namespace rooflab::cli
