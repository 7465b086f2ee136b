#include "mainwindow.h"

#include "appsettings.h"
#include "batchcurvechart.h"
#include "controlspanel.h"
#include "diagnosispanel.h"
#include "document.h"
#include "fileactions.h"
#include "modelcurve.h"
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
      m_shareChart(new ShareBarChart), m_modelCurve(std::make_unique<ModelCurveBuilder>()),
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
    resizeDocks({m_docks.at(0), m_docks.at(1)}, {330, 400}, Qt::Horizontal);
    resizeDocks({m_docks.at(2)}, {320}, Qt::Vertical);
    resizeDocks({m_docks.at(1), modelDock}, {560, 300}, Qt::Vertical);
    resizeDocks({m_docks.at(2), shareDock}, {700, 400}, Qt::Horizontal);

    m_selectionLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    statusBar()->addWidget(m_selectionLabel, 1);

    m_files->setViewStateProvider([this] { return viewState(); });
    m_files->setChartOptionsProvider([this] { return chartOptions(); });
    m_files->setChartSizeProvider([this] { return m_chart->size(); });
    connect(m_files, &FileActions::opened, this, &MainWindow::applyViewState);

    createMenus();
    connectDocument();
    restoreSettings();
    applyDisplay();
    refreshTitle();
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
    connect(m_document, &Document::changed, this, [this] {
        redrawChart();
        refreshBatchCurve();
        refreshStatus();
    });
    connect(m_document, &Document::selectionChanged, this, [this] {
        redrawChart();
        refreshBatchCurve();
        refreshStatus();
    });
    connect(m_document, &Document::displayChanged, this, &MainWindow::applyDisplay);
    connect(m_document, &Document::fileStateChanged, this, &MainWindow::refreshTitle);
    connect(m_chart, &RooflineChart::pointClicked, m_document, &Document::select);
    connect(m_chart, &RooflineChart::pointHovered, this, &MainWindow::showHover);
    connect(m_chart, &RooflineChart::viewChanged, this, [this] { m_viewFixed = true; });
}

ChartOptions MainWindow::chartOptions() const
{
    const DisplayOptions &display = m_document->display();
    ChartOptions options;
    options.theme = themeFromName(display.theme).value_or(Theme::Light);
    options.fontScale = display.largeText ? largeTextScale : 1.0;
    options.showLegend = display.showLegend;
    options.showZones = display.showZones;
    options.animate = display.animate;
    options.selectedDevice = m_document->selectedDevice();
    options.selectedOperator = m_document->selectedOperator();
    options.xMin = m_fixedRange.xMin;
    options.xMax = m_fixedRange.xMax;
    options.yMin = m_fixedRange.yMin;
    options.yMax = m_fixedRange.yMax;
    options.title = modelChartTitle(m_document->modelAnalyses());
    return options;
}

void MainWindow::redrawChart()
{
    m_chart->setAnalysis(m_document->analysis(), chartOptions());
}

void MainWindow::refreshBatchCurve()
{
    if (m_document->showsModel()) {
        refreshModelCurve();
        refreshShareChart();
        return;
    }
    m_shareChart->setBars(tr("No model: pick one under Workload"), {});
    const PointAnalysis *point = m_document->selectedPoint();
    BatchCurve curve;
    if (point) {
        const Catalog &catalog = m_document->catalog();
        const Scenario &s = m_document->scenario();
        const auto sweep = [&](const QList<double> &batches) {
            return sweepBatch(catalog, s, point->deviceId, point->operatorId, batches);
        };
        curve.title = tr("%1 on %2")
                          .arg(point->operatorName,
                               pointtext::deviceName(m_document->analysis(), point->deviceId));
        curve.samples = sweep(logBatches(1, 4096, 24));
        const QList<BatchSample> current = sweep({s.batch});
        if (!current.isEmpty())
            curve.current = current.constFirst();
        if (point->ridgeBatch && *point->ridgeBatch >= 1 && *point->ridgeBatch <= 4096) {
            const QList<BatchSample> ridge = sweep({*point->ridgeBatch});
            if (!ridge.isEmpty())
                curve.ridge = ridge.constFirst();
        }
    }
    m_batchCurve->setCurve(curve);
}

// The whole model's step time and tokens per second against batch on the selected device.
void MainWindow::refreshModelCurve()
{
    const ModelAnalysis *model = m_document->selectedModel();
    m_batchCurve->setCurve(
        model ? m_modelCurve->build(m_document->catalog(), m_document->scenario(), *model)
              : BatchCurve());
}

void MainWindow::refreshShareChart()
{
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
    if (const ModelAnalysis *model = m_document->selectedModel(); model && !model->footprint.fits)
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
    const PointAnalysis *point = m_document->analysis().point(deviceId, operatorId);
    if (point)
        statusBar()->showMessage(pointtext::summary(m_document->analysis(), *point));
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

void MainWindow::applyDisplay()
{
    const DisplayOptions &display = m_document->display();
    if (auto *app = qobject_cast<QApplication *>(QCoreApplication::instance()))
        applyTheme(*app, display.theme, display.largeText);
    m_batchCurve->setAppearance(isDarkTheme(display.theme),
                                display.largeText ? largeTextScale : 1.0);
    m_shareChart->setAppearance(isDarkTheme(display.theme),
                                display.largeText ? largeTextScale : 1.0);
    if (m_themeGroup) {
        const QList<QAction *> actions = m_themeGroup->actions();
        for (QAction *action : actions)
            action->setChecked(action->data().toString() == display.theme);
    }
    redrawChart();
    refreshBatchCurve();
    refreshStatus();
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

void MainWindow::applyViewState(const ViewState &view)
{
    DisplayOptions display = m_document->display();
    display.theme = view.theme;
    display.showLegend = view.showLegend;
    display.largeText = view.largeText;
    m_fixedRange = {view.xMin, view.xMax, view.yMin, view.yMax};
    m_viewFixed = false;
    m_document->select(view.selectedDevice, view.selectedOperator);
    m_document->setDisplay(display);
    redrawChart();
}

ViewState MainWindow::viewState() const
{
    const DisplayOptions &display = m_document->display();
    ViewState view;
    view.selectedDevice = m_document->selectedDevice();
    view.selectedOperator = m_document->selectedOperator();
    view.theme = display.theme;
    view.showLegend = display.showLegend;
    view.largeText = display.largeText;
    if (m_viewFixed) {
        const ViewRange range = m_chart->viewRange();
        view.xMin = range.xMin;
        view.xMax = range.xMax;
        view.yMin = range.yMin;
        view.yMax = range.yMax;
    } else {
        view.xMin = m_fixedRange.xMin;
        view.xMax = m_fixedRange.xMax;
        view.yMin = m_fixedRange.yMin;
        view.yMax = m_fixedRange.yMax;
    }
    return view;
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
    DisplayOptions display;
    display.theme = settings::theme.get();
    display.largeText = settings::largeText.get();
    display.showLegend = settings::showLegend.get();
    display.showZones = settings::showZones.get();
    display.animate = settings::animate.get();
    m_document->setDisplay(display);
    const QByteArray geometry = settings::windowGeometry.get();
    if (geometry.isEmpty() || !restoreGeometry(geometry))
        resize(1600, 1000);
    restoreState(settings::windowState.get());
}

void MainWindow::saveSettings() const
{
    settings::windowGeometry.set(saveGeometry());
    settings::windowState.set(saveState());
    const DisplayOptions &display = m_document->display();
    settings::theme.set(display.theme);
    settings::largeText.set(display.largeText);
    settings::showLegend.set(display.showLegend);
    settings::showZones.set(display.showZones);
    settings::animate.set(display.animate);
    settings::lastScenario.set(writeScenarioFile(m_document->scenario(), viewState()));
}

} // namespace rooflab::gui
