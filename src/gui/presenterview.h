#pragma once

#include <QObject>
#include <QPointer>
#include <QRect>
#include <QString>
#include <QTimer>

class QKeyEvent;
class QLabel;
class QMainWindow;
class QScreen;

namespace rooflab {
class Catalog;
class RooflineChart;
struct Scenario;
} // namespace rooflab

namespace rooflab::app {
class Document;
}

namespace rooflab::gui {

class LessonDock;

// The text scale the presenter view draws the chart with at least (a projector at the back of
// a lecture room).
inline constexpr double presenterTextScale = 1.75;

// One line that says what the chart shows: the model and step or the operators, the batch,
// the precision scheme, the context and the devices. The presenter view draws it as the
// chart's title, since the docks that say it are hidden there.
QString presenterCaption(const Catalog &catalog, const Scenario &scenario);

// Fixes the document's axis ranges to what `chart` shows (an undo step), or lets them follow
// the content again.
void lockAxes(app::Document &document, RooflineChart &chart, bool lock);

// The chart alone on a screen, for a lecture: docks, menus and status bar hidden, the window
// full screen, a strip naming the batch and the precision that hides itself after a few
// seconds. Up and Down double or halve the batch, P steps through the precision schemes, L
// locks or frees the axes, Esc leaves. While a lesson runs the chart is the lesson's: the
// question and the reveal are notes on it, PageDown, PageUp and Space step and reveal (the
// lesson dock's keys), the number keys answer (a choice by its number; a number typed, then
// Enter), and Up, Down, P and L do nothing, since they would edit the user's document.
class PresenterView : public QObject
{
    Q_OBJECT

public:
    PresenterView(QMainWindow *window, app::Document *document, RooflineChart *chart);
    ~PresenterView() override;

    bool isActive() const { return m_active; }
    // Shows the chart full screen on `screen` (nullptr: the window's screen).
    void enter(QScreen *screen = nullptr);
    void leave();
    void setActive(bool active) { active ? enter() : leave(); }

    // The strip with the batch and precision; visible for a few seconds after each change.
    QLabel *strip() const { return m_strip; }

    // The lesson dock whose lesson, while one runs, the view presents.
    void setLessonDock(LessonDock *dock);

Q_SIGNALS:
    void activeChanged(bool active);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    bool handleKey(int key);
    bool inLesson() const;
    // A key while a lesson runs: true when the view took it.
    bool handleLessonKey(const QKeyEvent *key, bool press);
    void cycleScheme();
    void refreshStrip();
    // Shows the strip's text whole, or `brief`: its first line alone, without the keys.
    void showStripText(bool brief);
    // Puts the strip where it hides the least of the chart: in the plot, whole or its first
    // line alone, else in the figure's margin beside the plot, whole or its first line.
    void placeStrip();
    // The room the strip was placed in, now: the plot, or the whole chart.
    QRect stripRoom() const;

    QMainWindow *m_window;
    app::Document *m_document;
    RooflineChart *m_chart;
    QLabel *m_strip;
    QString m_stripText; // both lines: what is set, then the keys
    bool m_stripBrief = false;
    bool m_stripBesidePlot = false; // placed clear of the plot, in the figure's margin
    QPointer<LessonDock> m_lesson;
    QTimer m_hideTimer;
    bool m_active = false;
    // The strip has just appeared: it is placed again once the chart has the change that
    // brought it.
    bool m_placeOnRedraw = false;
    // What leaving restores.
    QList<QPointer<QWidget>> m_hiddenDocks;
    bool m_wasMaximized = false;
    // The window's place and size out of the presenter view (not maximized), the client area's:
    // QWidget::restoreGeometry() places the frame, which without a window manager put the
    // window 20 px lower each time.
    QRect m_normalGeometry;
    QByteArray m_dockState; // the docks' layout, tabs in front included (QMainWindow::saveState)
};

} // namespace rooflab::gui
