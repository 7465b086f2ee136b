#pragma once

#include <QFlags>

namespace rooflab::app {

// What one document change touched; views skip the changes that do not concern them
// (docs/architecture.md, "A batch tick").
enum class ChangeFlag {
    Scenario = 0x1,     // anything the analysis depends on
    BatchOnly = 0x2,    // with Scenario: only the batch changed
    Selection = 0x4,    // the selected point
    Presentation = 0x8, // how figures look
    File = 0x10,        // the file path or the modified flag
};
Q_DECLARE_FLAGS(Change, ChangeFlag)
Q_DECLARE_OPERATORS_FOR_FLAGS(Change)

} // namespace rooflab::app
