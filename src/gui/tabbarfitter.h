#pragma once

#include <QObject>

class QMainWindow;
class QTabBar;

namespace rooflab::gui {

// Keeps the names on the tab bars of a main window's tabbed docks whole. Where the tabs of
// a bar are wider than the bar (three tabs in a 500 px column at 225 % text), the bar's font
// shrinks in steps of 5 %, to no less than `smallestScale` of the window's, rather than
// hiding a tab behind the bar's scroll arrows; where they fit, the bar keeps the window's
// font. The bars are found as the window makes them (it does so when docks are tabified).
class TabBarFitter : public QObject
{
    Q_OBJECT

public:
    static constexpr double smallestScale = 0.8;

    explicit TabBarFitter(QMainWindow *window);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void watch(QTabBar *bar);
    void fit(QTabBar *bar);

    QMainWindow *m_window;
    bool m_fitting = false; // fit() changes the font, which sends the events that call it
};

} // namespace rooflab::gui
