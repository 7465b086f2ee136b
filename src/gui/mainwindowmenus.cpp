// MainWindow's menus, actions and help texts (the rest of the class is in mainwindow.cpp).
#include "mainwindow.h"

#include "controlspanel.h"
#include "diagnosispanel.h"
#include "docktoggle.h"
#include "document.h"
#include "fileactions.h"
#include "measuredactions.h"
#include "presentation.h"
#include "presenterview.h"
#include "rooflinechart.h"
#include "scenariofile.h"
#include "textsizemenu.h"
#include "theme.h"
#include "version.h"
#include "windowlayout.h"

#include <QActionGroup>
#include <QApplication>
#include <QClipboard>
#include <QDockWidget>
#include <QMenuBar>
#include <QMessageBox>
#include <QUndoStack>

namespace rooflab::gui {

void MainWindow::createMenus()
{
    createFileMenu();
    createEditMenu();
    createViewMenu();
    createLessonsMenu(); // mainwindowlessons.cpp
    createHelpMenu();
}

void MainWindow::createFileMenu()
{
    QMenu *menu = menuBar()->addMenu(tr("&File"));
    menu->addAction(m_files->newAction());
    menu->addAction(m_files->openAction());
    menu->addMenu(m_files->recentMenu());
    menu->addSeparator();
    menu->addAction(m_files->saveAction());
    menu->addAction(m_files->saveAsAction());
    menu->addAction(m_files->exportAction());
    menu->addSeparator();
    menu->addAction(m_measured->importAction());
    menu->addAction(m_measured->clearAction());
    menu->addSeparator();
    QAction *quit = menu->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);
    quit->setMenuRole(QAction::QuitRole);
}

void MainWindow::createEditMenu()
{
    QMenu *menu = menuBar()->addMenu(tr("&Edit"));
    QAction *undo = m_document->undoStack()->createUndoAction(this, tr("&Undo"));
    undo->setShortcut(QKeySequence::Undo);
    QAction *redo = m_document->undoStack()->createRedoAction(this, tr("&Redo"));
    redo->setShortcuts({QKeySequence::Redo, QKeySequence(Qt::CTRL | Qt::Key_Y)});
    menu->addAction(undo);
    menu->addAction(redo);
    menu->addSeparator();
    // The figures, explanation and moves of the selected point, for notes or a report; the
    // panels' own context menus copy a part each.
    QAction *copy = menu->addAction(tr("&Copy diagnosis"), this, [this] {
        QGuiApplication::clipboard()->setText(m_diagnosis->reportText());
    });
    copy->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C));
    menu->addSeparator();

    QAction *doubleBatch =
        menu->addAction(tr("&Double the batch"), this, [this] { scaleBatch(2); });
    doubleBatch->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Up));
    QAction *halveBatch =
        menu->addAction(tr("&Halve the batch"), this, [this] { scaleBatch(0.5); });
    halveBatch->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Down));
    QAction *custom = menu->addAction(tr("&Custom precision scheme…"), m_controls,
                                      &ControlsPanel::editCustomScheme);
    custom->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_P));
    menu->addSeparator();

    QAction *next = menu->addAction(tr("&Next point"), this, [this] { m_document->selectNext(1); });
    next->setShortcuts({QKeySequence(Qt::Key_N), QKeySequence(Qt::Key_BracketRight)});
    QAction *previous =
        menu->addAction(tr("&Previous point"), this, [this] { m_document->selectNext(-1); });
    previous->setShortcuts({QKeySequence(Qt::Key_P), QKeySequence(Qt::Key_BracketLeft)});
    menu->addSeparator();

    QAction *nextPanel = menu->addAction(tr("Next pa&nel"), this, [this] { focusNextPanel(1); });
    nextPanel->setShortcut(QKeySequence(Qt::Key_F6));
    QAction *previousPanel =
        menu->addAction(tr("Previous pan&el"), this, [this] { focusNextPanel(-1); });
    previousPanel->setShortcut(QKeySequence(Qt::SHIFT | Qt::Key_F6));
}

void MainWindow::createViewMenu()
{
    QMenu *menu = menuBar()->addMenu(tr("&View"));
    QAction *reset = menu->addAction(tr("&Reset view"), this, [this] {
        m_chart->resetView(); // follows the content again: the document's ranges go with it
        redrawChart();
    });
    reset->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_0));
    menu->addSeparator();

    QMenu *themes = menu->addMenu(tr("&Theme"));
    m_themeGroup = new QActionGroup(this);
    for (const ThemeInfo &theme : rooflab::themes()) {
        QAction *action = themes->addAction(QLatin1Char('&') + theme.displayName);
        action->setCheckable(true);
        action->setData(theme.id);
        m_themeGroup->addAction(action);
        const QString id = theme.id;
        connect(action, &QAction::triggered, this,
                [this, id] { editPresentation(&Presentation::theme, id, tr("Change theme")); });
    }
    m_largerText = menu->addAction(tr("&Larger text"));
    m_largerText->setCheckable(true);
    m_largerText->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_L));
    connect(m_largerText, &QAction::toggled, this, [this](bool on) {
        editPresentation(&Presentation::textScale, on ? largeTextScale : 1.0,
                         tr("Change text size"));
    });
    m_textSizes = new TextSizeMenu(
        [this](double scale) {
            editPresentation(&Presentation::textScale, scale, tr("Change text size"));
        },
        menu);
    menu->addMenu(m_textSizes);
    m_lockAxes = menu->addAction(tr("Loc&k axes"));
    m_lockAxes->setCheckable(true);
    m_lockAxes->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_K));
    connect(m_lockAxes, &QAction::toggled, this,
            [this](bool on) { lockAxes(*m_document, *m_chart, on); });
    m_presenterAction = menu->addAction(tr("&Presenter view"));
    m_presenterAction->setCheckable(true);
    m_presenterAction->setShortcut(QKeySequence(Qt::Key_F11));
    connect(m_presenterAction, &QAction::toggled, m_presenter, &PresenterView::setActive);
    const auto toggle = [this, menu](const QString &text, bool Presentation::*field,
                                     const QKeySequence &shortcut, const QString &undoText) {
        QAction *action = menu->addAction(text);
        action->setCheckable(true);
        action->setShortcut(shortcut);
        connect(action, &QAction::toggled, this,
                [this, field, undoText](bool on) { editPresentation(field, on, undoText); });
        m_toggles.append({action, field});
    };
    toggle(tr("Show le&gend"), &Presentation::showLegend, QKeySequence(Qt::Key_L),
           tr("Show or hide the legend"));
    toggle(tr("Show &zones"), &Presentation::showZones, QKeySequence(Qt::Key_Z),
           tr("Show or hide the zones"));
    toggle(tr("&Highlight the selection"), &Presentation::highlightSelection, QKeySequence(),
           tr("Highlight the selection or not"));
    toggle(tr("&Animate moves"), &Presentation::animate, QKeySequence(),
           tr("Animate moves or not"));
    menu->addSeparator();

    // Ctrl+1, Ctrl+2 ... show or hide the docks in the order they were added.
    for (qsizetype i = 0; i < m_docks.size(); ++i) {
        QAction *action = dockToggleAction(m_docks.at(i));
        if (i < 9)
            action->setShortcut(QKeySequence(Qt::CTRL | Qt::Key(Qt::Key_1 + i)));
        menu->addAction(action);
    }
}

void MainWindow::createHelpMenu()
{
    QMenu *menu = menuBar()->addMenu(tr("&Help"));
    QAction *help =
        menu->addAction(tr("&Roofline in one minute"), this, &MainWindow::showRooflineHelp);
    help->setShortcut(QKeySequence::HelpContents);
    menu->addSeparator();
    QAction *about = menu->addAction(tr("&About RoofLab"), this, &MainWindow::showAbout);
    about->setMenuRole(QAction::AboutRole);
    QAction *aboutQt = menu->addAction(tr("About &Qt"), qApp, &QApplication::aboutQt);
    aboutQt->setMenuRole(QAction::AboutQtRole);
}

void MainWindow::showRooflineHelp()
{
    QMessageBox box(this);
    box.setWindowTitle(tr("Roofline in one minute"));
    box.setTextFormat(Qt::RichText);
    box.setText(
        tr("<h3>Roofline in one minute</h3>"
           "<p>Every kernel does some arithmetic (<i>W</i>, in FLOP) and moves some bytes "
           "(<i>Q</i>). Their ratio, the <b>arithmetic intensity</b> <i>I = W / Q</i>, is the "
           "horizontal axis.</p>"
           "<p>A device can do at most <i>π</i> FLOP/s and move at most <i>β</i> byte/s, so a "
           "kernel reaches at most <i>min(π, β·I)</i>: a slanted <b>memory roof</b> meeting a "
           "flat <b>compute roof</b> at the <b>ridge</b> <i>I* = π / β</i>.</p>"
           "<p>Left of the ridge a point is <b>memory-bound</b>: fewer bytes or more bandwidth "
           "help, more FLOP/s does not. Right of it, it is <b>compute-bound</b>: fewer FLOPs or a "
           "faster math format help.</p>"
           "<p>Drag the <b>batch</b> slider: a decode GEMM reads its weights once for the whole "
           "batch, so its intensity climbs with the batch until the ridge, then it rides the "
           "roof. Attention reads each sequence's own KV cache, so it stays put.</p>"
           "<p>Keys: Ctrl+Up / Ctrl+Down double or halve the batch, N and P (or ] and [) step "
           "through the points, F6 moves between panels, Ctrl+0 resets the view, Ctrl+Shift+K "
           "locks the axes, Ctrl++ "
           "and Ctrl+- step the text size.</p>"
           "<p>F11 shows the presenter view: the chart alone, full screen, in large text. "
           "There Up and Down double or halve the batch, P steps through the precision "
           "schemes, L locks the axes and Esc leaves.</p>"));
    box.exec();
}

void MainWindow::showAbout()
{
    QMessageBox::about(
        this, tr("About RoofLab"),
        tr("<h3>RoofLab %1</h3><p>Interactive roofline plots of AI operators on accelerators: "
           "see where each operator sits against its device's roofs, and what would move "
           "it.</p><p>Figures are dense datasheet peaks with their sources in the presets; "
           "bytes assume each operand crosses memory once.</p>")
            .arg(QLatin1String(ROOFLAB_VERSION)));
}

} // namespace rooflab::gui
