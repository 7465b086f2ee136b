#include "gui.h"

#include "appsettings.h"
#include "commandline.h"
#include "document.h"
#include "mainwindow.h"
#include "scenariofile.h"
#include "scenariooptions.h"
#include "version.h"

#include <QApplication>
#include <QCommandLineParser>

namespace rooflab::gui {

namespace {

// Reopens the scenario of the previous session, or the default one when there is none or
// it no longer reads (a preset it names may be gone).
void restoreLastScenario(Document &document, MainWindow &window)
{
    const QByteArray bytes = settings::lastScenario.get();
    QStringList errors;
    const std::optional<ScenarioDocument> last =
        bytes.isEmpty()
            ? std::nullopt
            : readScenarioFile(bytes, QStringLiteral("last session"), document.catalog(), &errors);
    if (!last) {
        document.reset(defaultScenario(document.catalog()));
        return;
    }
    document.reset(last->scenario);
    window.applyViewState(last->view);
}

} // namespace

int runWindow(int &argc, char **argv, const QStringList &arguments)
{
    Q_UNUSED(arguments); // QApplication strips its own options; its list is read below
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("rooflab"));
    QApplication::setApplicationDisplayName(QStringLiteral("RoofLab"));
    QApplication::setApplicationVersion(QStringLiteral(ROOFLAB_VERSION));
    QApplication::setOrganizationName(QStringLiteral("rooflab"));

    QCommandLineParser parser;
    parser.setApplicationDescription(
        QCoreApplication::translate("rooflab::gui", "Interactive roofline plots"));
    parser.addHelpOption();
    parser.addVersionOption();
    cli::addPresetOption(parser);
    parser.addPositionalArgument(
        QStringLiteral("file"),
        QCoreApplication::translate("rooflab::gui", "A scenario file to open."),
        QStringLiteral("[file]"));
    if (!parser.parse(QApplication::arguments()) || parser.positionalArguments().size() > 1) {
        cli::printError(parser.errorText().isEmpty()
                            ? QStringLiteral("give at most one scenario file")
                            : parser.errorText());
        return 2;
    }

    Document document(cli::loadCatalog(parser), Scenario());
    MainWindow window(&document);
    restoreLastScenario(document, window);
    window.show();
    if (!parser.positionalArguments().isEmpty())
        window.openFile(parser.positionalArguments().constFirst());
    return app.exec();
}

} // namespace rooflab::gui
