#include "gui.h"

#include "appsettings.h"
#include "document.h"
#include "mainwindow.h"
#include "presenterview.h"
#include "presetfolders.h"
#include "scenariofile.h"
#include "version.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QScreen>

namespace rooflab::gui {

namespace {

// How figures looked when the window last closed (a fresh start: the defaults).
Presentation savedPresentation()
{
    Presentation p;
    if (const ThemeInfo *theme = themeInfo(app::settings::theme.get()))
        p.theme = theme->id;
    const double scale = app::settings::textScale.get();
    if (scale >= figurelimits::minTextScale && scale <= figurelimits::maxTextScale)
        p.textScale = scale;
    p.showLegend = app::settings::showLegend.get();
    p.showZones = app::settings::showZones.get();
    p.highlightSelection = app::settings::highlightSelection.get();
    p.animate = app::settings::animate.get();
    return p;
}

// Reopens the scenario of the previous session, or the default one when there is none or
// it no longer reads (a preset it names may be gone).
void restoreLastScenario(Document &document)
{
    const QByteArray bytes = app::settings::lastScenario.get();
    QStringList errors;
    const std::optional<ScenarioDocument> last =
        bytes.isEmpty()
            ? std::nullopt
            : readScenarioFile(bytes, QStringLiteral("last session"), document.catalog(), &errors);
    if (!last) {
        document.reset(defaultScenario(document.catalog()), savedPresentation(), Selection(),
                       QString());
        return;
    }
    document.reset(last->scenario, last->presentation, last->selection, QString());
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
    parser.addOption(app::presetFolderOption());
    parser.addOption(
        {QStringLiteral("lessons"),
         QCoreApplication::translate("rooflab::gui", "Also offer the lessons in DIR in the Lessons "
                                                     "menu (repeatable)."),
         QStringLiteral("DIR")});
    const QCommandLineOption presenter(
        QStringLiteral("presenter"),
        QCoreApplication::translate("rooflab::gui",
                                    "Start in the presenter view: the chart alone, full screen."));
    const QCommandLineOption screenOption(
        QStringLiteral("screen"),
        QCoreApplication::translate("rooflab::gui",
                                    "The screen for the presenter view, counted from 1."),
        QStringLiteral("n"));
    parser.addOption(presenter);
    parser.addOption(screenOption);
    parser.addPositionalArgument(
        QStringLiteral("file"),
        QCoreApplication::translate("rooflab::gui", "A scenario file to open."),
        QStringLiteral("[file]"));
    if (!parser.parse(QApplication::arguments()) || parser.positionalArguments().size() > 1) {
        app::printError(parser.errorText().isEmpty()
                            ? QStringLiteral("give at most one scenario file")
                            : parser.errorText());
        return 2;
    }

    QScreen *screen = nullptr;
    if (parser.isSet(screenOption)) {
        bool ok = false;
        const int n = parser.value(screenOption).toInt(&ok);
        const QList<QScreen *> screens = QGuiApplication::screens();
        if (!ok || n < 1 || n > screens.size()) {
            app::printError(QStringLiteral("--screen: give a screen number from 1 to %1, not "
                                           "\"%2\"")
                                .arg(screens.size())
                                .arg(parser.value(screenOption)));
            return 2;
        }
        screen = screens.at(n - 1);
    }

    Document document(app::loadCatalog(parser.values(QStringLiteral("presets"))), Scenario());
    restoreLastScenario(document);
    MainWindow window(&document);
    if (parser.isSet(QStringLiteral("lessons")))
        window.setLessonFolders(parser.values(QStringLiteral("lessons")));
    if (screen && !parser.isSet(presenter))
        window.move(screen->availableGeometry().topLeft());
    window.show();
    if (!parser.positionalArguments().isEmpty())
        window.openFile(parser.positionalArguments().constFirst());
    if (parser.isSet(presenter))
        window.presenter()->enter(screen);
    return app.exec();
}

} // namespace rooflab::gui
