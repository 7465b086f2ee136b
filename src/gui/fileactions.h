#pragma once

#include "exportdialog.h"

#include <QObject>
#include <QSize>
#include <QString>

#include <functional>

class QAction;
class QMenu;
class QWidget;

namespace rooflab::app {
class Document;
}

namespace rooflab::gui {

using app::Document;

// File menu behaviour: new, open, open recent, save, save as and image export of the
// document, with the unsaved-changes prompt. Scenario files are read and written by the core;
// Open also takes a chart RoofLab exported and restores the scenario embedded in it.
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

    // The size the chart has in the window, the export's default size.
    void setChartSizeProvider(std::function<QSize()> provider);

    // Asks whether to save unsaved changes; false when the user cancels.
    bool maybeSave();
    // Opens a scenario file, or the scenario embedded in an exported PNG, SVG or PDF, without
    // asking; false (after telling the user why, the current scenario kept) on failure. An
    // image does not become the document's file: Save asks where to write the scenario.
    bool open(const QString &path);
    bool save();
    bool saveAs();
    void newScenario();
    // File › Export: asks for the options (ExportDialog), remembers them and writes the file.
    void exportImage();
    // The export dialog's starting choices: the last ones, else what the window shows.
    ExportChoices exportChoices() const;
    // Writes the chart as `choices` say, with the scenario and the choices' presentation
    // embedded; false with `error` set. A table the file has no room for is named in `notes`.
    bool exportTo(const ExportChoices &choices, QString *error, QStringList *notes = nullptr) const;

    // Whether `path` names a chart image (PNG, SVG, PDF) rather than a scenario file.
    static bool isChartImage(const QString &path);

private:
    bool saveTo(const QString &path);
    void addRecent(const QString &path);
    void rebuildRecentMenu();
    QString startDirectory() const;
    QString suggestedScenarioPath() const;
    void rememberExportChoices(const ExportChoices &choices) const;

    Document *m_document;
    QWidget *m_window;
    QAction *m_new;
    QAction *m_open;
    QMenu *m_recent;
    QAction *m_save;
    QAction *m_saveAs;
    QAction *m_export;
    std::function<QSize()> m_chartSize;
    QString m_openedImage; // the chart the scenario came from, to name its scenario file
};

} // namespace rooflab::gui
