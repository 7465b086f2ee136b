// MainWindow's lessons: the Lessons menu, the Lessons dock, and what the window does while a
// lesson runs (docs/lessons.md, "Lessons in the window"). The rest of the class is in
// mainwindow.cpp and mainwindowmenus.cpp.
#include "mainwindow.h"

#include "document.h"
#include "lessondock.h"
#include "presenterview.h"
#include "rooflinechart.h"
#include "statusline.h"

#include <QDockWidget>
#include <QLabel>
#include <QMenuBar>

#include <algorithm>

namespace rooflab::gui {

namespace {

// Every action of `menu` and its submenus.
QList<QAction *> actionsOf(const QMenu *menu)
{
    QList<QAction *> all;
    for (QAction *action : menu->actions()) {
        all.append(action);
        if (const QMenu *sub = action->menu())
            all.append(actionsOf(sub));
    }
    return all;
}

} // namespace

void MainWindow::createLessonsMenu()
{
    m_lessonsMenu = menuBar()->addMenu(tr("&Lessons"));
    m_lessonsMenu->setToolTipsVisible(true); // each lesson's audience; why lessons were skipped
}

void MainWindow::createLessonDock()
{
    m_lessonDock = new LessonDock;
    m_lessonDockWidget = new QDockWidget(tr("Lesson"), this);
    m_lessonDockWidget->setObjectName(QStringLiteral("lessonDockWidget"));
    m_lessonDockWidget->setWidget(m_lessonDock);
    // Not closable: the lesson ends with Leave, which also gives the window back.
    m_lessonDockWidget->setFeatures(QDockWidget::DockWidgetMovable |
                                    QDockWidget::DockWidgetFloatable);
    m_lessonDockWidget->setMinimumWidth(340);
    addDockWidget(Qt::RightDockWidgetArea, m_lessonDockWidget);
    m_lessonDockWidget->hide();
    addActions(m_lessonDock->keyActions());
    connect(m_lessonDock, &LessonDock::chartChanged, this, &MainWindow::redrawChart);
    connect(m_lessonDock, &LessonDock::left, this, &MainWindow::lessonLeft);
    connect(m_chart, &RooflineChart::pointClicked, m_lessonDock, &LessonDock::pointClicked);
    connect(m_chart, &RooflineChart::chartClicked, m_lessonDock, &LessonDock::chartClicked);
    // In the presenter view the question and the reveal are notes on the chart.
    m_presenter->setLessonDock(m_lessonDock);
    m_lessonDock->setPresenting(m_presenter->isActive());
    connect(m_presenter, &PresenterView::activeChanged, m_lessonDock, &LessonDock::setPresenting);
    setLessonFolders({});
}

void MainWindow::setLessonFolders(const QStringList &folders)
{
    m_lessonFolders = folders;
    m_lessonProblems = m_lessonDock->loadLessons(m_document->catalog(), folders);
    fillLessonsMenu();
}

void MainWindow::fillLessonsMenu()
{
    // The window holds the Leave action too (for Ctrl+L without the menu bar): let go of it,
    // so clear() deletes it.
    for (QAction *action : m_lessonsMenu->actions())
        removeAction(action);
    m_lessonsMenu->clear();
    for (const Lesson &lesson : m_lessonDock->lessons()) {
        const qsizetype steps = lesson.steps.size();
        QAction *action =
            m_lessonsMenu->addAction(steps == 1 ? tr("%1 (1 step)").arg(lesson.title)
                                                : tr("%1 (%2 steps)").arg(lesson.title).arg(steps));
        action->setToolTip(lesson.audience);
        action->setStatusTip(lesson.summary.isEmpty() ? lesson.audience : lesson.summary);
        const QString id = lesson.id;
        connect(action, &QAction::triggered, this, [this, id] { startLesson(id); });
    }
    if (m_lessonDock->lessons().isEmpty())
        m_lessonsMenu->addAction(tr("No lessons found"))->setEnabled(false);
    if (!m_lessonProblems.isEmpty()) {
        QAction *skipped = m_lessonsMenu->addAction(
            tr("Lessons skipped for problems: %1 (see the tooltip)").arg(m_lessonProblems.size()));
        skipped->setToolTip(m_lessonProblems.join(QLatin1Char('\n')));
        skipped->setStatusTip(m_lessonProblems.constFirst());
        skipped->setEnabled(false);
    }
    m_lessonsMenu->addSeparator();
    QAction *leave =
        m_lessonsMenu->addAction(tr("&Leave the lesson"), m_lessonDock, &LessonDock::leave);
    leave->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_L));
    leave->setEnabled(inLesson());
    addAction(leave); // Ctrl+L also in the presenter view, where the menu bar is hidden
    connect(m_lessonDock, &LessonDock::chartChanged, leave, [leave] { leave->setEnabled(true); });
    connect(m_lessonDock, &LessonDock::left, leave, [leave] { leave->setEnabled(false); });
}

bool MainWindow::inLesson() const
{
    return m_lessonDock && m_lessonDock->isActive();
}

bool MainWindow::startLesson(const QString &id)
{
    const bool wasInLesson = inLesson();
    if (!wasInLesson)
        m_followedBeforeLesson = m_chart->followsContent();
    // The lesson dock's first chartChanged() redraws the chart from the lesson.
    lockForLesson(true);
    const Theme theme = themeFromName(m_document->presentation().theme).value_or(Theme::Light);
    if (!m_lessonDock->start(id, theme)) {
        if (!wasInLesson)
            lockForLesson(false);
        return false;
    }
    if (!wasInLesson) {
        // The lesson's view: the chart and the Lesson dock. The other docks show the user's
        // document, not the lesson; they come back as they were on leaving.
        m_layoutBeforeLesson = saveState();
        for (QDockWidget *dock : std::as_const(m_docks))
            dock->hide();
    }
    m_lessonDockWidget->show();
    m_lessonDockWidget->raise();
    resizeDocks({m_lessonDockWidget}, {440}, Qt::Horizontal);
    m_lessonDock->setFocus(Qt::OtherFocusReason);
    return true;
}

void MainWindow::lessonLeft()
{
    // Leaving a lesson in the presenter view leaves the view too: it gives back the docks
    // it hid, the lesson's among them, before the lesson gives back the user's layout.
    m_presenter->leave();
    // The document never changed: draw it again as it was, with the view it had.
    lockForLesson(false);
    m_lessonDockWidget->hide();
    restoreState(m_layoutBeforeLesson);
    redrawChart();
    if (m_followedBeforeLesson && !m_document->presentation().fixedRange()) {
        const QSignalBlocker block(m_chart); // not a zoom of the user's: no view change
        m_chart->resetView();
    }
    refreshStatus();
}

// While a lesson runs the learner touches only the lesson dock (and the controls its step
// unlocks there) and the chart: every panel and menu that edits the document is locked.
void MainWindow::lockForLesson(bool locked)
{
    for (QDockWidget *dock : std::as_const(m_docks))
        dock->widget()->setEnabled(!locked);
    if (locked) {
        if (!m_lockedActions.isEmpty())
            return; // locked already (another lesson was picked during one)
        // The menus before Lessons edit the document or its presentation; Help does not.
        for (QAction *top : menuBar()->actions()) {
            if (top->menu() == m_lessonsMenu)
                break;
            if (!top->menu())
                continue;
            for (QAction *action : actionsOf(top->menu())) {
                // The presenter view (F11) presents the lesson; it edits nothing.
                if (action == m_presenterAction)
                    continue;
                if (action->isEnabled() && action->menuRole() != QAction::QuitRole) {
                    action->setEnabled(false);
                    m_lockedActions.append(action);
                }
            }
        }
        return;
    }
    for (QAction *action : std::as_const(m_lockedActions))
        action->setEnabled(true);
    m_lockedActions.clear();
}

const Analysis &MainWindow::lessonChartAnalysis() const
{
    return m_lessonDock->chart().analysis;
}

void MainWindow::redrawLessonChart()
{
    // The status line speaks of the lesson, not of the user's selection.
    if (const LessonPlayer *player = m_lessonDock->player()) {
        m_selectionText = tr("Lesson: %1 — %2").arg(player->lesson().title, player->progressText());
        // Narrow: the step first, the lesson's title after it, elided before the step is.
        m_selectionShorter = {tr("%1 — %2").arg(player->progressText(), player->lesson().title)};
        m_selectionLabel->setLine(m_selectionText, m_selectionShorter);
    }
    const ChartOptions options = lessonChartOptions();
    m_chart->setAnalysis(lessonChartAnalysis(), options);
    // A step without a framing of its own shows all of its content, whatever the user's zoom.
    const bool fixed = options.xMin > 0 && options.xMax > options.xMin && options.yMin > 0 &&
                       options.yMax > options.yMin;
    if (!fixed && !m_chart->followsContent()) {
        const QSignalBlocker block(m_chart);
        m_chart->resetView();
    }
}

ChartOptions MainWindow::lessonChartOptions() const
{
    ChartOptions options = m_lessonDock->chart().options;
    // The user's text size holds in a lesson too: a step's own is a floor (docs/lessons.md).
    options.fontScale = std::max(options.fontScale, m_document->presentation().textScale);
    options.animate = m_document->presentation().animate; // points glide from step to step
    options.interactive = true;
    return options;
}

} // namespace rooflab::gui
