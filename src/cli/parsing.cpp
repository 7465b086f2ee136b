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
    // Only these take several values; any other given twice would silently keep the last.
    static const QStringList repeatable = {QStringLiteral("device"), QStringLiteral("op"),
                                           QStringLiteral("presets")};
    QStringList checked;
    for (const QString &name : parser.optionNames()) {
        if (checked.contains(name))
            continue;
        checked.append(name);
        const qsizetype count = parser.values(name).size();
        if (count > 1 && !repeatable.contains(name))
            throw UsageError{
                QStringLiteral("%1%2: given %3 times; give it once")
                    .arg(name.size() == 1 ? QStringLiteral("-") : QStringLiteral("--"), name)
                    .arg(count)};
    }
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
