#pragma once

#include "chartoptions.h"
#include "viewstate.h"

#include <QObject>
#include <QString>

#include <functional>

class QAction;
class QMenu;
class QWidget;

namespace rooflab::gui {

class Document;

// File menu behaviour: new, open, open recent, save, save as and image export of the
// document, with the unsaved-changes prompt. Scenario files are read and written by the core.
class FileActions : public QObject
{
    Q_OBJECT

public:
    FileActions(Document *document, QWidget *window);

    QAction *newAction() const { return m_new; }
    QAction *openAction() const { return m_open; }
    QMenu *recentMenu() const { return m_recent; }
    QAction *saveAction() const { return m_save; }
    QAction *saveAsAction() const { return m_saveAs; }
    QAction *exportAction() const { return m_export; }

    // What the window shows beside the scenario, saved into files; and how it draws the chart.
    void setViewStateProvider(std::function<ViewState()> provider);
    void setChartOptionsProvider(std::function<ChartOptions()> provider);

    // Asks whether to save unsaved changes; false when the user cancels.
    bool maybeSave();
    // Opens a scenario file without asking; false (after telling the user why) on failure.
    bool open(const QString &path);
    bool save();
    bool saveAs();
    void newScenario();
    void exportImage();

Q_SIGNALS:
    // A scenario file was opened; the window applies how it is shown.
    void opened(const ViewState &view);

private:
    bool saveTo(const QString &path);
    void addRecent(const QString &path);
    void rebuildRecentMenu();
    QString startDirectory() const;

    Document *m_document;
    QWidget *m_window;
    QAction *m_new;
    QAction *m_open;
    QMenu *m_recent;
    QAction *m_save;
    QAction *m_saveAs;
    QAction *m_export;
    std::function<ViewState()> m_viewState;
    std::function<ChartOptions()> m_chartOptions;
};

} // namespace rooflab::gui
