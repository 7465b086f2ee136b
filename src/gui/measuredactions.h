#pragma once

#include <QObject>
#include <QStringList>

class QAction;
class QWidget;

namespace rooflab::app {
class Document;
}

namespace rooflab::gui {

// File › Import measured kernels… and Clear measured kernels: a profiler's kernels drawn
// where they ran (docs/measured-data.md, "On the chart"), each an undo step. A file with a
// problem is refused whole with the reasons shown; what the chart already has stays.
class MeasuredActions : public QObject
{
    Q_OBJECT

public:
    MeasuredActions(app::Document *document, QWidget *window);

    QAction *importAction() const { return m_import; }
    QAction *clearAction() const { return m_clear; }

    // Adds the kernels of `path` to the scenario's in one undo step; when the file gives none,
    // changes nothing and returns why (each problem naming the file, line and column).
    QStringList importFile(const QString &path);

private:
    void chooseAndImport();
    void updateClear();

    app::Document *m_document;
    QWidget *m_window;
    QAction *m_import;
    QAction *m_clear;
};

} // namespace rooflab::gui
