#include "mainwindow.h"

#include "appsettings.h"
#include "batchcurvechart.h"
#include "comparedock.h"
#include "controlspanel.h"
#include "diagnosispanel.h"
#include "document.h"
#include "fileactions.h"
#include "modelpanel.h"
#include "modeltext.h"
#include "pointtext.h"
#include "rooflinechart.h"
#include "scenarioanalysis.h"
#include "scenariofile.h"
#include "sharebarchart.h"
#include "theme.h"
#include "units.h"

#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QDockWidget>
#include <QFileInfo>
#include <QLabel>
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
      m_files(new FileActions(document, this)), m_selectionLabel(new QLabel)
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

    auto *scroll = new QScrollArea;
    scroll->setWidget(m_controls);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    addDock(scroll, tr("Controls"), QStringLiteral("controlsDock"), Qt::LeftDockWidgetArea);
    addDock(m_diagnosis, tr("Diagnosis"), QStringLiteral("diagnosisDock"), Qt::RightDockWidgetArea);
    m_batchCurve->setFocusPolicy(Qt::StrongFocus);
    m_batchCurve->setMinimumHeight(240);
    addDock(m_batchCurve, tr("Time against batch"), QStringLiteral("batchCurveDock"),
            Qt::BottomDockWidgetArea);
    QDockWidget *modelDock = addDock(m_modelPanel, tr("Model step"), QStringLiteral("modelDock"),
                                     Qt::RightDockWidgetArea);
    m_shareChart->setFocusPolicy(Qt::StrongFocus);
    m_shareChart->setMinimumHeight(200);
    QDockWidget *shareDock = addDock(m_shareChart, tr("Time share"), QStringLiteral("shareDock"),
                                     Qt::BottomDockWidgetArea);
    splitDockWidget(m_docks.at(2), shareDock, Qt::Horizontal);
    // The comparison refreshes itself from the document (CompareDock::concerns()).
    QDockWidget *compareDock = addDock(m_compare, tr("Compare devices"),
                                       QStringLiteral("compareDock"), Qt::BottomDockWidgetArea);
    tabifyDockWidget(m_docks.at(2), compareDock); // a wide table: beside the batch curve
    m_docks.at(2)->raise();
    resizeDocks({m_docks.at(0), m_docks.at(1)}, {330, 400}, Qt::Horizontal);
    resizeDocks({m_docks.at(2)}, {320}, Qt::Vertical);
    resizeDocks({m_docks.at(1), modelDock}, {560, 300}, Qt::Vertical);
    resizeDocks({m_docks.at(2), shareDock}, {700, 400}, Qt::Horizontal);

    m_selectionLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    statusBar()->addWidget(m_selectionLabel, 1);

    m_files->setChartSizeProvider([this] { return m_chart->size(); });

    createMenus();
    connectDocument();
    restoreSettings();
    createLessonDock(); // after restoreState(): a lesson dock opens only with a lesson
    applyPresentation();
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
        if (shown != now)
            applyPresentation();
        m_applied = now;
    }
    if (chart)
        redrawChart();
    if (change & (ChangeFlag::Scenario | ChangeFlag::Selection)) {
        refreshBatchCurve();
        refreshStatus();
    }
    if (change.testFlag(ChangeFlag::File))
        refreshTitle();
}

ChartOptions MainWindow::chartOptions() const
{
    return chartOptionsFor(m_document->presentation(), m_document->selection(),
                           modelChartTitle(m_document->modelAnalyses()));
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
    return m_selectionLabel->text();
}

void MainWindow::refreshStatus()
{
    const PointAnalysis *point = m_document->selectedPoint();
    QString text =
        point ? pointtext::summary(m_document->analysis(), *point) : tr("No point selected");
    if (const ModelAnalysis *model = m_document->selectedModel(); model && !modeltext::fits(*model))
        text = modeltext::fitSentence(m_document->catalog(), *model) + tr("  —  ") + text;
    if (!m_document->analysis().problems.isEmpty())
        text += tr("  —  %n problem(s): %1", nullptr,
                   static_cast<int>(m_document->analysis().problems.size()))
                    .arg(m_document->analysis().problems.constFirst());
    m_selectionLabel->setText(text);
    m_selectionLabel->setToolTip(m_document->analysis().problems.join(QLatin1Char('\n')));
}

void MainWindow::showHover(const QString &deviceId, const QString &operatorId)
{
    const Analysis &analysis = inLesson() ? lessonChartAnalysis() : m_document->analysis();
    const PointAnalysis *point = analysis.point(deviceId, operatorId);
    if (point)
        statusBar()->showMessage(pointtext::summary(analysis, *point));
    else
        statusBar()->clearMessage();
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
    if (p.theme != m_applied.theme || p.textScale != m_applied.textScale ||
        !m_applied.width) { // the first call: nothing was styled yet
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
    if (panel == m_docks.at(0)->widget())
        m_controls->batchSlider()->setFocus(Qt::ShortcutFocusReason);
    else if (panel == m_diagnosis)
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
        resize(1600, 1000);
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
    app::settings::lastScenario.set(writeScenarioFile(
        m_document->scenario(), m_document->presentation(), m_document->selection()));
}

} // namespace rooflab::gui
