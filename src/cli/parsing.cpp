#include "parsing.h"

#include "usageerror.h"

#include <QCoreApplication>
#include <QTextStream>

namespace rooflab::cli {

bool parseArguments(QCommandLineParser &parser, const QStringList &arguments)
{
    const QCommandLineOption help = parser.addHelpOption();
    const QCommandLineOption version = parser.addVersionOption();
    if (!parser.parse(arguments))
        throw UsageError{parser.errorText()};
    QTextStream out(stdout);
    if (parser.isSet(help)) {
        out << parser.helpText();
        return false;
    }
    if (parser.isSet(version)) {
        out << QCoreApplication::applicationName() << ' ' << QCoreApplication::applicationVersion()
            << Qt::endl;
        return false;
    }
    return true;
}

} // namespace rooflab::cli
