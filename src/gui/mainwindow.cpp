#include "mainwindow.h"

#include "appsettings.h"
#include "batchcurvechart.h"
#include "comparedock.h"
#include "controlspanel.h"
#include "diagnosispanel.h"
#include "document.h"
#include "fileactions.h"
#include "measuredactions.h"
#include "modelpanel.h"
#include "modeltext.h"
#include "pointtext.h"
#include "presenterview.h"
#include "rooflinechart.h"
#include "scenarioanalysis.h"
#include "scenariofile.h"
#include "sharebarchart.h"
#include "statusline.h"
#include "tabbarfitter.h"
#include "textsizemenu.h"
#include "theme.h"
#include "units.h"
#include "windowlayout.h"

#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QDockWidget>
#include <QFile>
#include <QFileInfo>
#include <QListWidget>
#include <QMimeData>
#include <QScrollArea>
#include <QSignalBlocker>
#include <QSlider>
#include <QStatusBar>
#include <QUndoStack>

#include <algorithm>
#include <cmath>

// The window's icon and stylesheets live in a static library: register them explicitly.
static void initResources()
{
    Q_INIT_RESOURCE(rooflab);
}

namespace rooflab::gui {

MainWindow::MainWindow(Document *document, QWidget *parent)
    : QMainWindow(parent), m_document(document), m_chart(new RooflineChart(this)),
      m_controls(new ControlsPanel(document)), m_diagnosis(new DiagnosisPanel(document)),
      m_batchCurve(new BatchCurveChart), m_modelPanel(new ModelPanel(document)),
      m_shareChart(new ShareBarChart), m_compare(new CompareDock(document)),
      m_files(new FileActions(document, this)), m_measured(new MeasuredActions(document, this)),
      m_selectionLabel(new StatusLine)
{
    initResources();
    setObjectName(QStringLiteral("mainWindow"));
    setWindowIcon(QIcon(QStringLiteral(":/rooflab/icons/rooflab.svg")));
    setAcceptDrops(true);
    setDockOptions(AnimatedDocks | AllowNestedDocks | AllowTabbedDocks);
    setCorner(Qt::BottomLeftCorner, Qt::LeftDockWidgetArea);
    setCorner(Qt::BottomRightCorner, Qt::RightDockWidgetArea);

    m_chart->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
    m_chart->setFocusPolicy(Qt::StrongFocus);
    m_chart->setAccessibleName(tr("Roofline chart"));
    m_chart->setMinimumSize(480, 320);
    setCentralWidget(m_chart);

    m_controlsScroll = scrollable(m_controls);
    addDock(m_controlsScroll, tr("Controls"), QStringLiteral("controlsDock"),
            Qt::LeftDockWidgetArea);
    QScrollArea *diagnosisScroll = scrollable(m_diagnosis);
    diagnosisScroll->setMinimumWidth(diagnosisMinimumWidth); // its tables need it at 100 %
    addDock(diagnosisScroll, tr("Diagnosis"), QStringLiteral("diagnosisDock"),
            Qt::RightDockWidgetArea);
    m_batchCurve->setFocusPolicy(Qt::StrongFocus);
    // Low enough that on a 1280 x 800 screen the docks below leave the chart room for its
    // legend beside the plot (docs/labels.md).
    m_batchCurve->setMinimumHeight(180);
    // Short tab names: at 225 % text the three chart tabs share a column of about 600 px on
    // a 1920 x 1080 screen (on a 1280 x 800 one they are still 12 px too wide, and scroll).
    addDock(m_batchCurve, tr("Batch curve"), QStringLiteral("batchCurveDock"),
            Qt::BottomDockWidgetArea);
    QDockWidget *modelDock = addDock(scrollable(m_modelPanel), tr("Model step"),
                                     QStringLiteral("modelDock"), Qt::RightDockWidgetArea);
    m_shareChart->setFocusPolicy(Qt::StrongFocus);
    m_shareChart->setMinimumHeight(180);
    QDockWidget *shareDock = addDock(m_shareChart, tr("Time share"), QStringLiteral("shareDock"),
                                     Qt::BottomDockWidgetArea);
    splitDockWidget(m_docks.at(2), shareDock, Qt::Horizontal);
    // The comparison refreshes itself from the document (CompareDock::concerns()).
    // Scrolled: at large text its row of buttons is wider than the column it shares with
    // the charts (docs/architecture.md, "Window layout").
    // Its tab says "Compare", its menu entry and accessible name "Compare devices".
    QDockWidget *compareDock = addDock(scrollable(m_compare), tr("Compare"),
                                       QStringLiteral("compareDock"), Qt::BottomDockWidgetArea);
    compareDock->setAccessibleName(tr("Compare devices"));
    tabifyDockWidget(m_docks.at(2), compareDock); // a wide table: beside the batch curve
    m_docks.at(2)->raise();
    resizeDocks({m_docks.at(0), m_docks.at(1)}, {330, 400}, Qt::Horizontal);
    resizeDocks({m_docks.at(2)}, {320}, Qt::Vertical);
    resizeDocks({m_docks.at(1), modelDock}, {560, 300}, Qt::Vertical);
    resizeDocks({m_docks.at(2), shareDock}, {700, 400}, Qt::Horizontal);
    m_layout = new DockLayout(this, {.controls = m_docks.at(0),
                                     .diagnosis = m_docks.at(1),
                                     .model = modelDock,
                                     .batchCurve = m_docks.at(2),
                                     .share = shareDock,
                                     .compare = compareDock});
    m_presenter = new PresenterView(this, document, m_chart);
    connect(m_presenter, &PresenterView::activeChanged, this, [this](bool active) {
        m_layout->setSuspended(active);
        if (m_presenterAction) {
            const QSignalBlocker block(m_presenterAction);
            m_presenterAction->setChecked(active);
        }
        redrawChart();
    });

    statusBar()->addWidget(m_selectionLabel, 1);

    m_files->setChartSizeProvider([this] { return m_chart->size(); });

    createMenus();
    keepShortcutsWithoutMenuBar(this);
    new TabBarFitter(this);
    qApp->installEventFilter(new MenuShortcutFilter(this));
    connectDocument();
    restoreSettings();
    createLessonDock(); // after restoreState(): a lesson dock opens only with a lesson
    applyPresentation();
    // A first start: dock widths for this width, measured in the style and font just set.
    if (app::settings::windowState.get().isEmpty())
        m_layout->fitToWidth(width());
    documentChanged(app::ChangeFlag::Scenario | app::ChangeFlag::Selection | app::ChangeFlag::File);
}

MainWindow::~MainWindow() = default;

QDockWidget *MainWindow::addDock(QWidget *content, const QString &title, const QString &name,
                                 Qt::DockWidgetArea area)
{
    auto *dock = new QDockWidget(title, this);
    dock->setObjectName(name);
    dock->setWidget(content);
    dock->setFeatures(QDockWidget::DockWidgetClosable | QDockWidget::DockWidgetMovable |
                      QDockWidget::DockWidgetFloatable);
    addDockWidget(area, dock);
    m_docks.append(dock);
    return dock;
}

void MainWindow::connectDocument()
{
    connect(m_document, &Document::changed, this, &MainWindow::documentChanged);
    // While a lesson runs, clicks answer its question and never select in the document.
    connect(m_chart, &RooflineChart::pointClicked, this,
            [this](const QString &device, const QString &op) {
                if (!inLesson())
                    m_document->select(device, op);
            });
    connect(m_chart, &RooflineChart::pointHovered, this, &MainWindow::showHover);
    // A zoom or pan is the presentation's too (saved and exported), but not an undo step.
    connect(m_chart, &RooflineChart::viewChanged, this, [this] {
        if (inLesson())
            return; // the lesson's view, not the document's
        if (m_chart->followsContent()) {
            m_document->setViewRange(0, 0, 0, 0);
            return;
        }
        const ViewRange range = m_chart->viewRange();
        m_document->setViewRange(range.xMin, range.xMax, range.yMin, range.yMax);
    });
}

// Each view updates for the changes that concern it, and the chart is rebuilt at most once.
void MainWindow::documentChanged(app::Change change)
{
    using app::ChangeFlag;
    bool chart = change & (ChangeFlag::Scenario | ChangeFlag::Selection);
    if (change.testFlag(ChangeFlag::Presentation)) {
        Presentation shown = m_applied;
        const Presentation &now = m_document->presentation();
        shown.xMin = now.xMin;
        shown.xMax = now.xMax;
        shown.yMin = now.yMin;
        shown.yMax = now.yMax;
        // Ranges that are the chart's own zoom or pan need no redraw; any other edit does.
        const ViewRange view = m_chart->viewRange();
        const bool chartsOwnRange = (!now.fixedRange() && m_chart->followsContent()) ||
                                    (now.xMin == view.xMin && now.xMax == view.xMax &&
                                     now.yMin == view.yMin && now.yMax == view.yMax);
        if (shown != now || !chartsOwnRange)
            chart = true;
        // Axes freed by an undo or a menu: the chart follows the content again.
        if (!now.fixedRange() && !m_chart->followsContent())
            m_chart->resetView();
        if (m_lockAxes) {
            const QSignalBlocker blockLock(m_lockAxes);
            m_lockAxes->setChecked(now.fixedRange());
        }
        if (shown != now)
            applyPresentation();
        m_applied = now;
    }
    // Only the batch moved (a slider drag): the chart's labels keep their places until the
    // batch settles (docs/labels.md, "Memory while the batch moves").
    const bool batchOnly = change.testFlag(ChangeFlag::BatchOnly) &&
                           !(change & (ChangeFlag::Selection | ChangeFlag::Presentation));
    if (chart && batchOnly && !inLesson())
        m_chart->setAnalysis(m_document->analysis(), chartOptions(), true);
    else if (chart)
        redrawChart();
    if (change & (ChangeFlag::Scenario | ChangeFlag::Selection)) {
        refreshBatchCurve();
        refreshStatus();
    }
    // After the charts below have their figures: the docks are measured as they show.
    if (change.testFlag(ChangeFlag::Scenario))
        m_layout->showModelDocks(m_document->showsModel());
    if (change.testFlag(ChangeFlag::File))
        refreshTitle();
}

ChartOptions MainWindow::chartOptions() const
{
    Presentation p = m_document->presentation();
    // The window draws no caption line: the brief title keeps the batch and context.
    ChartTitles titles = modelChartTitles(m_document->modelAnalyses(), false);
    if (m_presenter && m_presenter->isActive()) {
        // The docks are hidden: the title says what the chart shows.
        p.textScale = std::max(p.textScale, presenterTextScale);
        titles = {.title = presenterCaption(m_document->catalog(), m_document->scenario())};
    }
    ChartOptions options = chartOptionsFor(p, m_document->selection(), titles);
    options.fitVerdicts = modelFitVerdicts(m_document->modelAnalyses());
    options.interactive = true;
    return options;
}

void MainWindow::redrawChart()
{
    if (inLesson()) {
        redrawLessonChart(); // mainwindowlessons.cpp
        return;
    }
    m_chart->setAnalysis(m_document->analysis(), chartOptions());
}

void MainWindow::refreshBatchCurve()
{
    m_batchCurve->setCurve(m_document->results().batchCurve());
    refreshShareChart();
}

void MainWindow::refreshShareChart()
{
    if (!m_document->showsModel()) {
        m_shareChart->setBars(tr("No model: pick one under Workload"), {});
        return;
    }
    const ModelAnalysis *model = m_document->selectedModel();
    if (!model) {
        m_shareChart->setBars(tr("Tick a device to see the model's step"), {});
        return;
    }
    QList<ShareBar> bars;
    for (const ModelClassResult &c : model->classes)
        bars.append({c.point.operatorName, c.share});
    m_shareChart->setBars(
        tr("%1: %2 per step").arg(model->deviceName, formatDuration(model->totals.stepTime)), bars);
}

QString MainWindow::selectionText() const
{
    return m_selectionText;
}

QString MainWindow::statusLine() const
{
    return m_selectionLabel->line();
}

void MainWindow::refreshStatus()
{
    const PointAnalysis *point = m_document->selectedPoint();
    const QString selection =
        point ? pointtext::summary(m_document->analysis(), *point) : tr("No point selected");
    QString text = selection;
    // The selection first: a narrow window shows it alone, and the fit verdict and the
    // problems are in the chart's title and legend too.
    if (const ModelAnalysis *model = m_document->selectedModel(); model && !modeltext::fits(*model))
        text += tr("  —  ") + modeltext::fitSentence(m_document->catalog(), *model);
    if (!m_document->analysis().problems.isEmpty())
        text += countedText(m_document->analysis().problems.size(), tr("  —  %1 problem: "),
                            tr("  —  %1 problems: ")) +
                m_document->analysis().problems.constFirst();
    m_selectionShorter.clear();
    if (text != selection)
        m_selectionShorter.append(selection);
    if (point)
        m_selectionShorter += pointtext::briefSummaries(m_document->analysis(), *point);
    m_selectionLabel->setLine(text, m_selectionShorter);
    m_selectionText = text;
    statusBar()->clearMessage(); // one message: the selection's
    // The whole line too, since a narrow window elides it.
    QStringList tip = {text};
    tip += m_document->analysis().problems;
    m_selectionLabel->setToolTip(tip.join(QLatin1Char('\n')));
}

void MainWindow::showHover(const QString &deviceId, const QString &operatorId)
{
    // The hovered point takes the selection's place in the one status line until the
    // pointer leaves it or the selection or scenario changes.
    const Analysis &analysis = inLesson() ? lessonChartAnalysis() : m_document->analysis();
    const PointAnalysis *point = analysis.point(deviceId, operatorId);
    if (point)
        m_selectionLabel->setLine(pointtext::summary(analysis, *point),
                                  pointtext::briefSummaries(analysis, *point));
    else
        m_selectionLabel->setLine(m_selectionText, m_selectionShorter);
}

void MainWindow::refreshTitle()
{
    const QString path = m_document->filePath();
    const QString name = path.isEmpty() ? tr("Untitled") : QFileInfo(path).fileName();
    setWindowTitle(tr("%1[*] — RoofLab").arg(name));
    setWindowModified(m_document->isModified());
}

// Styles the window for the presentation: theme and text scale, the secondary charts and
// the View menu's checks.
void MainWindow::applyPresentation()
{
    const Presentation &p = m_document->presentation();
    bool refit = false;
    if (p.theme != m_applied.theme || p.textScale != m_applied.textScale || !m_styled) {
        // A new text size after the first styling: the docks take the widths it needs.
        refit = m_styled && p.textScale != m_applied.textScale;
        m_styled = true; // the first call styles the window whatever the presentation
        if (auto *app = qobject_cast<QApplication *>(QCoreApplication::instance()))
            applyTheme(*app, p.theme, p.textScale);
    }
    m_batchCurve->setAppearance(isDarkTheme(p.theme), p.textScale);
    m_shareChart->setAppearance(isDarkTheme(p.theme), p.textScale);
    if (m_themeGroup) {
        const QList<QAction *> actions = m_themeGroup->actions();
        for (QAction *action : actions)
            action->setChecked(action->data().toString() == p.theme);
    }
    const QSignalBlocker blockLarger(m_largerText);
    if (m_largerText)
        m_largerText->setChecked(p.textScale > 1);
    if (m_textSizes)
        m_textSizes->refresh(p.textScale);
    // The controls never narrower than they need at 100 %: larger text scrolls sideways
    // rather than taking the chart's width.
    m_controlsScroll->setMinimumWidth(
        static_cast<int>(contentWidth(m_controlsScroll) / std::max(p.textScale, 1.0)));
    if (refit)
        m_layout->fitToWidth(width());
    if (m_lockAxes) {
        const QSignalBlocker blockLock(m_lockAxes);
        m_lockAxes->setChecked(p.fixedRange());
    }
    for (const auto &[action, field] : std::as_const(m_toggles)) {
        const QSignalBlocker block(action);
        action->setChecked(p.*field);
    }
    m_applied = p;
}

void MainWindow::scaleBatch(double factor)
{
    const double batch = std::clamp(std::round(m_document->scenario().batch * factor), 1.0, 4096.0);
    m_document->setBatch(batch);
}

void MainWindow::focusNextPanel(int step)
{
    QList<QWidget *> panels = {m_chart};
    for (QDockWidget *dock : std::as_const(m_docks)) {
        if (dock->isVisible())
            panels.append(dock->widget());
    }
    qsizetype current = 0;
    QWidget *focus = QApplication::focusWidget();
    for (qsizetype i = 0; i < panels.size(); ++i) {
        if (focus && (focus == panels.at(i) || panels.at(i)->isAncestorOf(focus)))
            current = i;
    }
    const qsizetype next = ((current + step) % panels.size() + panels.size()) % panels.size();
    QWidget *panel = panels.at(next);
    // A dock behind another's tab comes to the front (compact layout, docs/architecture.md).
    if (auto *dock = qobject_cast<QDockWidget *>(panel->parentWidget()))
        dock->raise();
    if (panel->isAncestorOf(m_controls))
        m_controls->batchSlider()->setFocus(Qt::ShortcutFocusReason);
    else if (panel->isAncestorOf(m_diagnosis))
        m_diagnosis->movesList()->setFocus(Qt::ShortcutFocusReason);
    else
        panel->setFocus(Qt::ShortcutFocusReason);
}

bool MainWindow::openFile(const QString &path)
{
    return m_files->open(path);
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    if (!m_files->maybeSave()) {
        event->ignore();
        return;
    }
    saveSettings();
    event->accept();
}

void MainWindow::dragEnterEvent(QDragEnterEvent *event)
{
    const QList<QUrl> urls = event->mimeData()->urls();
    if (urls.size() == 1 && urls.constFirst().isLocalFile())
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent *event)
{
    const QList<QUrl> urls = event->mimeData()->urls();
    if (urls.isEmpty() || !urls.constFirst().isLocalFile())
        return;
    event->acceptProposedAction();
    if (m_files->maybeSave())
        openFile(urls.constFirst().toLocalFile());
}

void MainWindow::restoreSettings()
{
    const QByteArray geometry = app::settings::windowGeometry.get();
    if (geometry.isEmpty() || !restoreGeometry(geometry))
        resize(firstStartSize(screen()));
    restoreState(app::settings::windowState.get());
}

void MainWindow::saveSettings() const
{
    app::settings::windowGeometry.set(saveGeometry());
    // During a lesson the docks are hidden for it: keep the layout the user had.
    app::settings::windowState.set(inLesson() ? m_layoutBeforeLesson : saveState());
    const Presentation &p = m_document->presentation();
    app::settings::theme.set(p.theme);
    app::settings::textScale.set(p.textScale);
    app::settings::showLegend.set(p.showLegend);
    app::settings::showZones.set(p.showZones);
    app::settings::highlightSelection.set(p.highlightSelection);
    app::settings::animate.set(p.animate);
    // Changes the user discarded stay discarded: the next start reopens the last saved
    // state of the file, or the default scenario for an untitled one.
    if (!m_document->isModified()) {
        app::settings::lastScenario.set(writeScenarioFile(
            m_document->scenario(), m_document->presentation(), m_document->selection()));
        return;
    }
    QFile saved(m_document->filePath());
    app::settings::lastScenario.set(
        !m_document->filePath().isEmpty() && saved.open(QIODevice::ReadOnly) ? saved.readAll()
                                                                             : QByteArray());
}

} // namespace rooflab::gui
