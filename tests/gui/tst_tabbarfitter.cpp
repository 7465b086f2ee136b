// TabBarFitter on a bare main window (issue #12: "the Controls dock loses …", a tab hidden
// behind the bar's scroll arrows at large text). The window's own bars are checked on every
// screen in tst_dockscroll; here the fitter's rules are checked one at a time, among them the
// re-layout a bar asks for without being resized (under X a bar lays its tabs out again after
// its last resize; a renamed tab asks for one on any platform).
#include "tabbarfitter.h"

#include <QApplication>
#include <QMainWindow>
#include <QTabBar>
#include <QTest>

#include <cmath>
#include <memory>

using namespace rooflab::gui;

namespace {

QString s(const char *text)
{
    return QString::fromUtf8(text);
}

// The bar's font as a share of the window's, in the points asked for (the screen rounds
// them to whole pixels).
double share(const QTabBar &bar, const QMainWindow &window)
{
    return bar.font().pointSizeF() / window.font().pointSizeF();
}

// Whether every tab lies across the bar: no name behind the scroll arrows. (Its height is
// the one the test set.)
bool allTabsShown(const QTabBar &bar)
{
    for (int i = 0; i < bar.count(); ++i) {
        if (bar.tabRect(i).left() < 0 || bar.tabRect(i).right() >= bar.width())
            return false;
    }
    return true;
}

// A width of the bar's tabs at `scale` of the window's font, from the tabs as laid out now:
// each tab's frame (its rectangle less its text) plus its text measured in the scaled font.
int tabsWidthAt(const QTabBar &bar, const QMainWindow &window, double scale)
{
    QFont font = window.font();
    font.setPointSizeF(font.pointSizeF() * scale);
    const QFontMetricsF now(bar.font());
    const QFontMetricsF then(font);
    double width = 0;
    for (int i = 0; i < bar.count(); ++i)
        width += bar.tabRect(i).width() - now.horizontalAdvance(bar.tabText(i)) +
                 std::ceil(then.horizontalAdvance(bar.tabText(i)));
    return static_cast<int>(std::ceil(width));
}

} // namespace

class TestTabBarFitter : public QObject
{
    Q_OBJECT

    struct Rig
    {
        QMainWindow window;
        QTabBar *bar = nullptr;
    };

    // A window with a bar of three tabs as its direct child (as the window makes them for
    // tabbed docks), the fitter on it, shown, the bar `width` px wide.
    static std::unique_ptr<Rig> rig(int width)
    {
        auto r = std::make_unique<Rig>();
        QFont font = r->window.font();
        font.setPointSizeF(12);
        r->window.setFont(font);
        r->bar = new QTabBar(&r->window);
        r->bar->setExpanding(false); // as the window's own bars: tabs as wide as their names
        for (const char *name : {"Controls", "Diagnosis", "Model step"})
            r->bar->addTab(s(name));
        new TabBarFitter(&r->window);
        r->window.resize(900, 300);
        r->window.show();
        r->bar->setGeometry(0, 0, width, r->bar->sizeHint().height());
        QApplication::processEvents();
        return r;
    }

private Q_SLOTS:
    // Room for every tab: the window's font, unset on the bar so a new text scale reaches it.
    void aBarWithRoomKeepsTheWindowsFont()
    {
        const auto r = rig(800);
        QVERIFY(r->bar->sizeHint().width() < 800); // the premise: the tabs fit
        QVERIFY(!r->bar->testAttribute(Qt::WA_SetFont));
        QVERIFY(allTabsShown(*r->bar));
    }

    // A bar narrower than its tabs: the largest font, in 5 % steps, at which they fit.
    void aNarrowBarShrinksToTheLargestStepThatFits()
    {
        const auto wide = rig(800);
        // The bar's width: the tabs at 90 % of the font, plus one pixel, so that 95 % is too
        // wide and 90 % fits.
        const int at90 = tabsWidthAt(*wide->bar, wide->window, 0.90);
        const int at95 = tabsWidthAt(*wide->bar, wide->window, 0.95);
        QVERIFY2(at95 > at90 + 1, qPrintable(s("%1 vs %2").arg(at95).arg(at90)));
        const auto r = rig(at90 + 1);
        QVERIFY(r->bar->testAttribute(Qt::WA_SetFont));
        QVERIFY2(std::abs(share(*r->bar, r->window) - 0.90) < 0.01,
                 qPrintable(s("%1 of the window's font").arg(share(*r->bar, r->window))));
        QVERIFY(allTabsShown(*r->bar));
    }

    // Far too narrow: no smaller than 80 %; the arrows show the rest.
    void noSmallerThanTheSmallestScale()
    {
        const auto r = rig(60);
        QVERIFY2(std::abs(share(*r->bar, r->window) - TabBarFitter::smallestScale) < 0.01,
                 qPrintable(s("%1 of the window's font").arg(share(*r->bar, r->window))));
    }

    // A re-layout asked for without a resize or a show (a tab renamed here: the bar posts
    // itself a LayoutRequest) is fitted again.
    void aBarIsFittedAgainWhenItLaysOutItsTabs()
    {
        const auto r = rig(800);
        const int wide = tabsWidthAt(*r->bar, r->window, 1.0);
        r->bar->setGeometry(0, 0, wide + 4, r->bar->height());
        QApplication::processEvents();
        QVERIFY(!r->bar->testAttribute(Qt::WA_SetFont));
        r->bar->setTabText(2, s("Model steps"));
        // The premise: the longer name stands behind the arrows until the request arrives.
        QVERIFY(!r->bar->testAttribute(Qt::WA_SetFont));
        QVERIFY(!allTabsShown(*r->bar));
        QApplication::processEvents();
        QVERIFY(r->bar->testAttribute(Qt::WA_SetFont));
        QVERIFY2(share(*r->bar, r->window) < 1.0,
                 qPrintable(s("%1 of the window's font").arg(share(*r->bar, r->window))));
        QApplication::processEvents();
        QVERIFY(allTabsShown(*r->bar));
    }
};

QTEST_MAIN(TestTabBarFitter)
#include "tst_tabbarfitter.moc"
