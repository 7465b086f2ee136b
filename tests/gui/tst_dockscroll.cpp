// The Diagnosis and Model step docks scroll as a whole (issue #12: "the Diagnosis dock is
// three tiny scroll areas"). Their panels were splitters of scroll areas inside a dock that
// scrolled too: at 1920×1080 the moves list showed one move above the dock's edge, and each
// section had a scroll bar of its own. Now every section is as tall as its content and only
// the dock scrolls; checked on the three screens of the issue at every text scale, with
// Llama 3.1 70B on three devices, from the widgets' own scroll ranges.
#include "controlspanel.h"
#include "diagnosispanel.h"
#include "mainwindow.h"
#include "modelpanel.h"
#include "windowtest.h"

#include <QAbstractItemView>
#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QDockWidget>
#include <QFontInfo>
#include <QLabel>
#include <QListWidget>
#include <QScrollArea>
#include <QScrollBar>
#include <QSpinBox>
#include <QTabBar>
#include <QTableWidget>
#include <QTest>

#include <algorithm>
#include <memory>

using namespace rooflab;
using namespace rooflab::gui;

namespace {

QString s(const char *text)
{
    return QString::fromUtf8(text);
}

// The views inside `panel` that scroll vertically (an empty list when only the dock does).
QStringList innerScrolling(const QWidget *panel)
{
    QStringList found;
    for (const QAbstractScrollArea *area : panel->findChildren<QAbstractScrollArea *>()) {
        if (area->isVisible() && area->verticalScrollBar()->maximum() > 0)
            found << s("%1 (%2: %3 px more)")
                         .arg(area->objectName(),
                              QString::fromLatin1(area->metaObject()->className()))
                         .arg(area->verticalScrollBar()->maximum());
    }
    return found;
}

// The three screens' windows (90 % of 1280 x 800, 1600 x 1000 and 1920 x 1080) at 100, 175
// and 225 % text.
void addScreenRows()
{
    QTest::addColumn<QSize>("window");
    QTest::addColumn<double>("textScale");
    for (const QSize window : {QSize(1152, 720), QSize(1440, 900), QSize(1728, 972)}) {
        for (const double scale : {1.0, 1.75, 2.25})
            QTest::addRow("%dx%d at %d %%", window.width(), window.height(), int(scale * 100))
                << window << scale;
    }
}

// Llama 3.1 70B on three devices in a window of `size` at `textScale`, laid out.
std::unique_ptr<rooflab::test::ShownWindow> shownAt(const Catalog &catalog, QSize size,
                                                    double textScale)
{
    auto shown = std::make_unique<rooflab::test::ShownWindow>(
        catalog, rooflab::test::llama70bOnThreeDevices(), size);
    rooflab::test::setTextScale(shown->document(), textScale);
    QApplication::processEvents();
    QApplication::processEvents();
    return shown;
}

} // namespace

class TestDockScroll : public QObject
{
    Q_OBJECT

    Catalog m_catalog = Catalog::builtin();

private Q_SLOTS:
    void initTestCase() { rooflab::test::isolateSettings("rooflab-dockscroll-tests"); }

    void onlyTheDockScrolls_data() { addScreenRows(); }

    void onlyTheDockScrolls()
    {
        QFETCH(QSize, window);
        QFETCH(double, textScale);
        const auto shown = shownAt(m_catalog, window, textScale);
        QVERIFY(shown->exposed());
        const auto *diagnosis = shown->window()->findChild<DiagnosisPanel *>();
        const ModelPanel *model = shown->window()->modelPanel();
        QVERIFY(diagnosis && model);
        QVERIFY(diagnosis->moves().size() >= 2); // a list that can be cut
        for (const QWidget *panel :
             {static_cast<const QWidget *>(diagnosis), static_cast<const QWidget *>(model)}) {
            // Settled: a list refits on the turn of the event loop after its font or width
            // changed, and a loaded machine takes more turns to lay the window out.
            QTRY_VERIFY2(innerScrolling(panel).isEmpty(),
                         qPrintable(innerScrolling(panel).join(s("; "))));
            QVERIFY(panel->findChildren<QScrollArea *>().isEmpty());
        }
        // Every move and every operator row is in its view, not behind a scroll bar.
        const QListWidget *moves = diagnosis->movesList();
        const QRect last = moves->visualItemRect(moves->item(moves->count() - 1));
        QVERIFY2(last.bottom() < moves->viewport()->height(),
                 qPrintable(s("last move ends at %1, the list shows %2 px")
                                .arg(last.bottom())
                                .arg(moves->viewport()->height())));
        const QTableWidget *table = model->layerTable();
        QVERIFY(table->rowCount() > 0);
        const int tableEnd = table->rowViewportPosition(table->rowCount() - 1) +
                             table->rowHeight(table->rowCount() - 1);
        QVERIFY2(tableEnd <= table->viewport()->height(),
                 qPrintable(s("last row ends at %1, the table shows %2 px")
                                .arg(tableEnd)
                                .arg(table->viewport()->height())));
    }

    void everyTabNameShowsWhole_data() { addScreenRows(); }

    // The tabs of docks in one place: each name whole, none behind the tab bar's scroll
    // arrows ("Compare devices" was cut behind them at 225 % on a 1920 x 1080 screen, and
    // "Compare" on the 1280 x 800 laptop's). A bar's font is the window's where its tabs fit
    // (at 100 % everywhere), and no smaller than 80 % of it where they do not.
    void everyTabNameShowsWhole()
    {
        QFETCH(QSize, window);
        QFETCH(double, textScale);
        const auto shown = shownAt(m_catalog, window, textScale);
        QVERIFY(shown->exposed());
        QStringList cut;
        const auto bars = shown->window()->findChildren<QTabBar *>(Qt::FindDirectChildrenOnly);
        const QFontInfo windowFont(shown->window()->font());
        int visible = 0;
        for (const QTabBar *bar : bars) {
            if (!bar->isVisible())
                continue;
            ++visible;
            for (int i = 0; i < bar->count(); ++i) {
                if (!bar->rect().contains(bar->tabRect(i)))
                    cut << s("\"%1\" at %2..%3 in a bar %4 px wide")
                               .arg(bar->tabText(i))
                               .arg(bar->tabRect(i).left())
                               .arg(bar->tabRect(i).right())
                               .arg(bar->width());
            }
            const double share = QFontInfo(bar->font()).pointSizeF() / windowFont.pointSizeF();
            QVERIFY2(share >= 0.8 - 1e-6, qPrintable(s("font at %1 of the window's").arg(share)));
            if (textScale == 1.0)
                QCOMPARE(bar->font(), shown->window()->font());
        }
        QVERIFY(visible >= 1); // the charts' tabs at least
        QVERIFY2(cut.isEmpty(), qPrintable(cut.join(s("; "))));
    }

    // Short on its tab, whole in the View menu and for a screen reader.
    void theCompareTabIsShortItsMenuEntryIsNot()
    {
        rooflab::test::ShownWindow shown(m_catalog, rooflab::test::llama70bOnThreeDevices(),
                                         QSize(1440, 900));
        const auto *dock = shown.window()->findChild<QDockWidget *>(s("compareDock"));
        QVERIFY(dock);
        QCOMPARE(dock->windowTitle(), s("Compare"));
        QCOMPARE(dock->accessibleName(), s("Compare devices"));
        QStringList entries;
        for (const QAction *action : shown.window()->findChildren<QAction *>())
            entries << action->text();
        QVERIFY2(entries.contains(s("Compare devices")), qPrintable(entries.join(s(", "))));
    }

    // The explanation is a plain label (a selectable one is laid out through a whole text
    // document each time it is measured, on every batch tick): it copies from its menu.
    void theExplanationCopiesWhole()
    {
        rooflab::test::ShownWindow shown(m_catalog, rooflab::test::llama70bOnThreeDevices(),
                                         QSize(1440, 900));
        QVERIFY(shown.exposed());
        const auto *diagnosis = shown.window()->findChild<DiagnosisPanel *>();
        QVERIFY(diagnosis);
        const auto *label = diagnosis->findChild<QLabel *>(s("explanationLabel"));
        QVERIFY(label && label->isVisible());
        QCOMPARE(label->contextMenuPolicy(), Qt::ActionsContextMenu);
        QCOMPARE(label->actions().size(), 1);
        QApplication::clipboard()->clear();
        label->actions().constFirst()->trigger();
        const QString copied = QApplication::clipboard()->text();
        // The memory-bound MLP projections on the H100 (the selection): their explanation.
        QVERIFY2(copied.startsWith(s("Memory-bound")), qPrintable(copied));
        QCOMPARE(copied, diagnosis->diagnosis().explanation);
    }
    // On the laptop at 225 % the charts' bar is shrunk (its column is 494 px, its tabs at the
    // window's font 506); back at 100 % it has the window's font again, not the shrunk one.
    void aShrunkTabBarGrowsBackWithTheText()
    {
        const auto shown = shownAt(m_catalog, QSize(1152, 720), 2.25);
        const auto smallest = [&] {
            double least = 1;
            const QFontInfo window(shown->window()->font());
            for (const QTabBar *bar :
                 shown->window()->findChildren<QTabBar *>(Qt::FindDirectChildrenOnly)) {
                if (bar->isVisible())
                    least =
                        std::min(least, QFontInfo(bar->font()).pointSizeF() / window.pointSizeF());
            }
            return least;
        };
        QVERIFY2(smallest() < 1, qPrintable(QString::number(smallest())));
        rooflab::test::setTextScale(shown->document(), 1.0);
        QCOMPARE(smallest(), 1.0);
    }

    // The panels' labels take no focus, so their context menus are the mouse's; the whole
    // diagnosis copies from Edit › Copy diagnosis (Ctrl+Shift+C), from any focused field.
    void theDiagnosisCopiesFromTheKeyboard()
    {
        rooflab::test::ShownWindow shown(m_catalog, rooflab::test::llama70bOnThreeDevices(),
                                         QSize(1440, 900));
        QVERIFY(shown.exposed());
        QSpinBox *spin = shown.window()->controls()->batchSpin();
        spin->setFocus();
        QTRY_VERIFY(spin->hasFocus());
        QApplication::clipboard()->clear();
        QTest::keyClick(spin, Qt::Key_C, Qt::ControlModifier | Qt::ShiftModifier);
        const QString copied = QApplication::clipboard()->text();
        const QStringList paragraphs = copied.split(s("\n\n"));
        // In the panel's order: the selection (the H100's attention projections, the first
        // class, memory-bound at batch 16) in plain text, its moves (a line for each title,
        // one for its effect), the other two devices, then the explanation (a paragraph or
        // more).
        QVERIFY2(paragraphs.size() >= 4, qPrintable(copied));
        QVERIFY2(paragraphs.at(0).startsWith(s("Attention projections on NVIDIA H100 SXM5 80GB\n")),
                 qPrintable(paragraphs.at(0)));
        QVERIFY(paragraphs.at(0).contains(s("memory-bound")));
        QVERIFY(!copied.contains(QLatin1Char('<')));
        const QStringList moves = paragraphs.at(1).split(QLatin1Char('\n'));
        QCOMPARE(moves.first(), s("Recommended moves for the model:"));
        const auto *panel = shown.window()->diagnosis();
        QVERIFY(!panel->moves().isEmpty());
        QCOMPARE(moves.size(), 1 + 2 * panel->movesList()->count());
        for (qsizetype i = 1; i < moves.size(); ++i)
            QVERIFY2(moves.at(i).startsWith(i % 2 == 1 ? s("- ") : s("  ")) &&
                         moves.at(i).size() > 6,
                     qPrintable(moves.at(i)));
        QVERIFY2(paragraphs.at(2).startsWith(s("On the other devices\n")) &&
                     paragraphs.at(2).contains(s("NVIDIA H200 SXM 141GB")) &&
                     paragraphs.at(2).contains(s("AMD Instinct MI300X")),
                 qPrintable(paragraphs.at(2)));
        QVERIFY2(paragraphs.at(3).startsWith(s("Memory-bound")), qPrintable(paragraphs.at(3)));
    }
};

QTEST_MAIN(TestDockScroll)
#include "tst_dockscroll.moc"
