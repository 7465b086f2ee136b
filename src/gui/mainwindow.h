#pragma once

#include "chartoptions.h"
#include "viewstate.h"

#include <QMainWindow>

#include <memory>

class QActionGroup;
class QDockWidget;
class QLabel;

namespace rooflab {
class RooflineChart;
}

namespace rooflab::gui {

class BatchCurveChart;
class ControlsPanel;
class DiagnosisPanel;
class Document;
class FileActions;
class ModelCurveBuilder;
class ModelPanel;
class ShareBarChart;

// The interactive roofline window: the chart in the middle, docks for the controls, the
// diagnosis, the model step, the batch curve and the model's time shares, menus and a status bar.
// It shows the document and forwards the user's edits to it; every figure comes from the document's
// analysis.
class MainWindow : public QMainWindow
{
    Q_OBJECT

public:
    explicit MainWindow(Document *document, QWidget *parent = nullptr);
    ~MainWindow() override;

    // Opens a scenario file (command line, drop, recent files); false after a message when
    // it cannot be read.
    bool openFile(const QString &path);
    // Shows a scenario's view choices: selection, theme, legend, text size, axis ranges.
    void applyViewState(const ViewState &view);
    // The view choices saved beside the scenario.
    ViewState viewState() const;
    // The options the chart is drawn with now.
    ChartOptions chartOptions() const;

    // The parts of the window, for tests.
    ControlsPanel *controls() const { return m_controls; }
    DiagnosisPanel *diagnosis() const { return m_diagnosis; }
    RooflineChart *chart() const { return m_chart; }
    BatchCurveChart *batchCurve() const { return m_batchCurve; }
    FileActions *fileActions() const { return m_files; }
    ModelPanel *modelPanel() const { return m_modelPanel; }
    ShareBarChart *shareChart() const { return m_shareChart; }
    // The status bar's line about the selected point.
    QString selectionText() const;

protected:
    void closeEvent(QCloseEvent *event) override;
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dropEvent(QDropEvent *event) override;

private:
    QDockWidget *addDock(QWidget *content, const QString &title, const QString &name,
                         Qt::DockWidgetArea area);
    void createMenus();
    void createFileMenu();
    void createEditMenu();
    void createViewMenu();
    void createHelpMenu();
    void connectDocument();
    void redrawChart();
    void refreshBatchCurve();
    void refreshModelCurve();
    void refreshShareChart();
    void refreshStatus();
    void refreshTitle();
    void applyDisplay();
    void showHover(const QString &deviceId, const QString &operatorId);
    void scaleBatch(double factor);
    void focusNextPanel(int step);
    void showRooflineHelp();
    void showAbout();
    void restoreSettings();
    void saveSettings() const;

    Document *m_document;
    RooflineChart *m_chart;
    ControlsPanel *m_controls;
    DiagnosisPanel *m_diagnosis;
    BatchCurveChart *m_batchCurve;
    ModelPanel *m_modelPanel;
    ShareBarChart *m_shareChart;
    std::unique_ptr<ModelCurveBuilder> m_modelCurve;
    FileActions *m_files;
    QList<QDockWidget *> m_docks;
    QLabel *m_selectionLabel;
    QActionGroup *m_themeGroup = nullptr;
    bool m_viewFixed = false; // the user zoomed or panned: the axis ranges are theirs
    ViewRange m_fixedRange;   // ranges a file asked for, until the user moves the view
};

} // namespace rooflab::gui
