#include "gui.h"

#include "appsettings.h"
#include "document.h"
#include "mainwindow.h"
#include "presenterview.h"
#include "presetfolders.h"
#include "scenariofile.h"
#include "version.h"

#include <QApplication>
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

int runWindow(int &argc, char **argv, const app::Invocation &invocation)
{
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("rooflab"));
    QApplication::setApplicationDisplayName(QStringLiteral("RoofLab"));
    QApplication::setApplicationVersion(QStringLiteral(ROOFLAB_VERSION));
    QApplication::setOrganizationName(QStringLiteral("rooflab"));

    const app::WindowArguments &arguments = invocation.window;
    QScreen *screen = nullptr;
    if (arguments.screen > 0) {
        const QList<QScreen *> screens = QGuiApplication::screens();
        if (arguments.screen > screens.size()) {
            app::printError(QStringLiteral("--screen: give a screen number from 1 to %1, not "
                                           "\"%2\"")
                                .arg(screens.size())
                                .arg(arguments.screen));
            return 2;
        }
        screen = screens.at(arguments.screen - 1);
    }

    Document document(app::loadCatalog(invocation.presetFolders), Scenario());
    restoreLastScenario(document);
    MainWindow window(&document);
    if (!invocation.lessonFolders.isEmpty())
        window.setLessonFolders(invocation.lessonFolders);
    if (screen && !arguments.presenter)
        window.move(screen->availableGeometry().topLeft());
    window.show();
    if (!arguments.file.isEmpty())
        window.openFile(arguments.file);
    if (arguments.presenter)
        window.presenter()->enter(screen);
    return app.exec();
}

} // namespace rooflab::gui
