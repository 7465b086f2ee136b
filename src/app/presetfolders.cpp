#include "presetfolders.h"

#include <QTextStream>

namespace rooflab::app {

Catalog loadCatalog(const QStringList &extraFolders)
{
    Catalog catalog = Catalog::standard(extraFolders);
    QTextStream err(stderr);
    for (const QString &problem : catalog.problems())
        err << "rooflab: warning: " << problem << Qt::endl;
    return catalog;
}

void printError(const QString &message)
{
    QTextStream(stderr) << "rooflab: " << message << Qt::endl;
}

} // namespace rooflab::app
