#include "commandline.h"

#include "commands.h"
#include "presetfolders.h"
#include "usageerror.h"

namespace rooflab::cli {

const QList<app::CommandSyntax> &commandSyntaxes()
{
    static const QList<app::CommandSyntax> syntaxes = {
        listSyntax(),   analyzeSyntax(), compareSyntax(), exportSyntax(),
        importSyntax(), lessonSyntax(),  deviceSyntax()};
    return syntaxes;
}

void printError(const QString &message)
{
    app::printError(message);
}

int runCommand(const app::Invocation &invocation)
{
    const QString &command = invocation.command;
    try {
        if (command == QLatin1String("list"))
            return runList(invocation);
        if (command == QLatin1String("analyze"))
            return runAnalyze(invocation);
        if (command == QLatin1String("compare"))
            return runCompare(invocation);
        if (command == QLatin1String("import"))
            return runImport(invocation);
        if (command == QLatin1String("lesson"))
            return runLesson(invocation);
        if (command == QLatin1String("device"))
            return runDevice(invocation);
    } catch (const UsageError &error) {
        printError(error.message);
        return ExitUsage;
    }
    printError(QStringLiteral("%1: not a command run here").arg(command));
    return ExitFailure;
}

} // namespace rooflab::cli
