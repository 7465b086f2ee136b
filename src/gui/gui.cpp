#include "gui.h"

#include "catalog.h"
#include "commandline.h"
#include "evaluate.h"
#include "units.h"

#include <QApplication>
#include <QLabel>

namespace rooflab::gui {

int runWindow(int &argc, char **argv, const QStringList &arguments)
{
    Q_UNUSED(arguments);
    QApplication app(argc, argv);
    const Catalog catalog = Catalog::builtin();
    const Device *device = catalog.device(QStringLiteral("h100-sxm5"));
    QString text;
    if (device) {
        text = device->name + QLatin1Char('\n');
        const MemoryLevel *main = device->memoryLevel(QStringLiteral("main"));
        for (const ComputeCeiling &c : device->compute)
            text += QStringLiteral("%1 %2: %3, ridge %4 FLOP/B\n")
                        .arg(unitKindName(c.unit), c.math,
                             formatSi(c.peakFlops, QStringLiteral("FLOP/s")),
                             formatNumber(c.peakFlops / main->bandwidth));
    }
    QLabel label(text);
    label.setMargin(16);
    label.show();
    return app.exec();
}

int runHeadlessExport(int &argc, char **argv, const QStringList &arguments)
{
    Q_UNUSED(argc);
    Q_UNUSED(argv);
    Q_UNUSED(arguments);
    rooflab::cli::printError(QStringLiteral("export: not available yet"));
    return 1;
}

} // namespace rooflab::gui
