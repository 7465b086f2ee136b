#pragma once

#include <QString>

namespace rooflab::cli {

// A malformed command line: reported as one line and exit status 2.
struct UsageError
{
    QString message;
};

// Exit statuses of every command.
enum ExitStatus { ExitOk = 0, ExitFailure = 1, ExitUsage = 2 };

} // namespace rooflab::cli
