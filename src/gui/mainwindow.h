#pragma once

#include "change.h"
#include "chartoptions.h"
#include "document.h"
#include "presentation.h"

#include <QMainWindow>

#include <utility>

class QActionGroup;
class QDockWidget;
class QScrollArea;

namespace rooflab {
class RooflineChart;
}

namespace rooflab::app {
class Document;
}

namespace rooflab::gui {

using app::Document;

class BatchCurveChart;
class CompareDock;
class ControlsPanel;
class DiagnosisPanel;
class FileActions;
class MeasuredActions;
class LessonDock;
class DockLayout;
class ModelPanel;
class PresenterView;
class TextSizeMenu;
class ShareBarChart;
class StatusLine;

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
    // The options the chart is drawn with now.
    ChartOptions chartOptions() const;
    // The options a lesson's step is drawn with (while inLesson()).
    ChartOptions lessonChartOptions() const;

    // The parts of the window, for tests.
    ControlsPanel *controls() const { return m_controls; }
    DiagnosisPanel *diagnosis() const { return m_diagnosis; }
    RooflineChart *chart() const { return m_chart; }
    BatchCurveChart *batchCurve() const { return m_batchCurve; }
    FileActions *fileActions() const { return m_files; }
    MeasuredActions *measuredActions() const { return m_measured; }
    ModelPanel *modelPanel() const { return m_modelPanel; }
    ShareBarChart *shareChart() const { return m_shareChart; }
    CompareDock *compareDock() const { return m_compare; }
    PresenterView *presenter() const { return m_presenter; }
    QScrollArea *controlsScroll() const { return m_controlsScroll; }
    // The status bar's line about the selected point.
    QString selectionText() const;
    // What the status bar shows now: the hovered point's line, or the selection's.
    QString statusLine() const;

    // Lessons (mainwindowlessons.cpp): the Lessons menu offers the built-in lessons, the
    // user's folder and `folders`; a lesson shows its own scenarios in the chart and leaves
    // the document alone.
    void setLessonFolders(const QStringList &folders);
    bool startLesson(const QString &id);
    LessonDock *lessonDock() const { return m_lessonDock; }
    bool inLesson() const;

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
    void createLessonDock();
    void createLessonsMenu();
    void fillLessonsMenu();
    void lockForLesson(bool locked);
    void lessonLeft();
    void redrawLessonChart();
    const Analysis &lessonChartAnalysis() const;
    void connectDocument();
    void documentChanged(app::Change change);
    void redrawChart();
    void refreshBatchCurve();
    void refreshShareChart();
    void refreshStatus();
    void refreshTitle();
    void applyPresentation();
    // Edits one field of the presentation as an undo step.
    template <typename T>
    void editPresentation(T Presentation::*field, T value, const QString &undoText);
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
    CompareDock *m_compare;
    FileActions *m_files;
    MeasuredActions *m_measured;
    QList<QDockWidget *> m_docks;
    StatusLine *m_selectionLabel;
    QString m_selectionText;        // the selection's status line, shown when nothing is hovered
    QStringList m_selectionShorter; // its shorter forms (StatusLine::setLine)
    QActionGroup *m_themeGroup = nullptr;
    QAction *m_largerText = nullptr;
    QList<std::pair<QAction *, bool Presentation::*>> m_toggles; // View menu switches
    PresenterView *m_presenter = nullptr;
    DockLayout *m_layout = nullptr;
    QScrollArea *m_controlsScroll = nullptr;
    TextSizeMenu *m_textSizes = nullptr;
    QAction *m_lockAxes = nullptr;
    QAction *m_presenterAction = nullptr;
    Presentation m_applied; // the presentation the window was last styled for
    LessonDock *m_lessonDock = nullptr;
    QDockWidget *m_lessonDockWidget = nullptr;
    QMenu *m_lessonsMenu = nullptr;
    QStringList m_lessonFolders;
    QStringList m_lessonProblems;
    QList<QAction *> m_lockedActions; // disabled while a lesson runs
    bool m_followedBeforeLesson = true;
    QByteArray m_layoutBeforeLesson; // the docks as they were when the lesson started
    bool m_styled = false;           // whether the theme was applied at all (a default presentation
                                     // equals m_applied's default)
};

template <typename T>
inline void MainWindow::editPresentation(T Presentation::*field, T value, const QString &undoText)
{
    Presentation p = m_document->presentation();
    p.*field = value;
    m_document->setPresentation(p, undoText);
}

} // namespace rooflab::gui
