// Large text (175 % and 225 %) on the window at a laptop's, a 1600 x 1000 and a 1920 x 1080
// screen's first-start size (90 % of each): the roofline chart keeps 55 % of the width at
// 1280 x 800, the Controls scroll rather than clip, and the two Qt Charts charts draw every
// piece of text whole (docs/architecture.md, "Window layout"). Every expectation is read from
// the laid-out widgets and the charts' own text items, not from the layout's decisions.
#include "batchcurvechart.h"
#include "catalog.h"
#include "chartheader.h"
#include "chartneeds.h"
#include "document.h"
#include "mainwindow.h"
#include "rooflinechart.h"
#include "sharebarchart.h"
#include "windowlayout.h"
#include "windowtest.h"

#include <QAbstractAxis>
#include <QApplication>
#include <QChart>
#include <QChartView>
#include <QDockWidget>
#include <QFontMetricsF>
#include <QGraphicsScene>
#include <QGraphicsSimpleTextItem>
#include <QGraphicsTextItem>
#include <QScrollArea>
#include <QTest>
#include <QUndoStack>

#include <memory>

using namespace rooflab;
using namespace rooflab::gui;

namespace {

QString s(const char *text)
{
    return QString::fromUtf8(text);
}

// The README's model screenshots, where the defects were seen (windowtest.h).
Scenario modelScenario()
{
    return rooflab::test::llama70bOnThreeDevices();
}

// A first start at `textScale`: the presentation carries the scale before the window exists,
// as when the settings or a scenario file give it.
class LargeTextWindow
{
public:
    LargeTextWindow(const Catalog &catalog, double textScale, QSize size,
                    const Scenario &scenario = modelScenario(),
                    const Selection &selection = {.device = s("h100-sxm5"), .op = s("mlp")})
        : m_document(catalog, scenario)
    {
        Presentation p;
        p.animate = false;
        p.textScale = textScale;
        m_document.reset(scenario, p, selection, QString());
        m_window = std::make_unique<MainWindow>(&m_document);
        m_window->resize(size);
        m_window->show();
        m_exposed = QTest::qWaitForWindowExposed(m_window.get());
        QApplication::processEvents();
    }
    ~LargeTextWindow()
    {
        m_document.undoStack()->setClean();
        m_window.reset();
        // The next window starts at 100 % again.
        if (auto *app = qobject_cast<QApplication *>(QCoreApplication::instance()))
            app->setFont(QFont());
    }
    bool exposed() const { return m_exposed; }
    MainWindow *window() { return m_window.get(); }
    app::Document *document() { return &m_document; }

private:
    app::Document m_document;
    std::unique_ptr<MainWindow> m_window;
    bool m_exposed = false;
};

bool elided(const QString &text)
{
    return text.contains(s("...")) || text.contains(QChar(0x2026));
}

// Every piece of text a Qt Charts chart under `content` draws that it cut short: the text
// items of its title, axis labels and titles and legend (Qt Charts ends a cut one with
// "..."), free text items over it, and its axes' own account of truncated labels.
QStringList elidedChartText(const QWidget *content)
{
    const auto *view = content->findChild<QChartView *>();
    if (!view)
        return {s("no chart view")};
    QStringList cut;
    const QList<QGraphicsItem *> items = view->scene()->items();
    for (const QGraphicsItem *item : items) {
        if (!item->isVisible())
            continue;
        QString text;
        if (const auto *rich = dynamic_cast<const QGraphicsTextItem *>(item))
            text = rich->toPlainText();
        else if (const auto *plain = dynamic_cast<const QGraphicsSimpleTextItem *>(item))
            text = plain->text();
        if (elided(text))
            cut << QStringLiteral("\"%1\"").arg(text);
    }
    const QList<QAbstractAxis *> axes = view->chart()->axes();
    for (const QAbstractAxis *axis : axes) {
        // (An axis whose labels the chart draws itself still counts its hidden ones.)
        if (axis->isVisible() && axis->labelsVisible() && axis->labelsTruncated())
            cut << QStringLiteral("labels of the axis \"%1\"").arg(axis->titleText());
    }
    return cut;
}

// The batch curve's header: its title's lines hold every word, each line fits the header's
// width, and each legend entry is inside the header, on a place of its own.
QStringList cutHeaderText(const ChartHeader *header)
{
    QStringList cut;
    const int width = header->width();
    const QStringList lines = header->titleLines(width);
    if (lines.join(QLatin1Char(' ')) != header->title().simplified())
        cut << QStringLiteral("title \"%1\" laid out as \"%2\"")
                   .arg(header->title(), lines.join(s(" / ")));
    const QFontMetricsF title(header->titleFont());
    for (const QString &line : lines) {
        if (title.horizontalAdvance(line) > width)
            cut << QStringLiteral("title line \"%1\" needs %2 px, has %3")
                       .arg(line)
                       .arg(title.horizontalAdvance(line))
                       .arg(width);
    }
    const QList<QRect> rects = header->entryRects(width);
    const QStringList names = header->names();
    if (rects.size() != names.size())
        cut << s("an entry without its place");
    for (int i = 0; i < rects.size() && i < names.size(); ++i) {
        if (!header->rect().contains(rects.at(i)))
            cut << QStringLiteral("entry \"%1\" at %2,%3 %4 px wide in a header %5 x %6")
                       .arg(names.at(i))
                       .arg(rects.at(i).x())
                       .arg(rects.at(i).y())
                       .arg(rects.at(i).width())
                       .arg(width)
                       .arg(header->height());
        // Two entries on one place would draw their names over each other.
        for (int j = i + 1; j < rects.size() && j < names.size(); ++j) {
            if (rects.at(i).intersects(rects.at(j)))
                cut << QStringLiteral("entries \"%1\" and \"%2\" overlap")
                           .arg(names.at(i), names.at(j));
        }
    }
    return cut;
}

QDockWidget *dock(MainWindow *window, const char *name)
{
    return window->findChild<QDockWidget *>(s(name));
}

} // namespace

class TestLargeText : public QObject
{
    Q_OBJECT

    Catalog m_catalog = Catalog::builtin();

    static void addSizes()
    {
        QTest::addColumn<double>("scale");
        QTest::addColumn<QSize>("size");
        // 90 % of 1280 x 800, 1600 x 1000 and 1920 x 1080 (firstStartSize()).
        for (const double scale : {1.0, 1.35, 1.75, 2.25}) {
            for (const QSize size : {QSize(1152, 720), QSize(1440, 900), QSize(1728, 972)}) {
                const QByteArray name = QStringLiteral("%1 %, %2 x %3")
                                            .arg(scale * 100)
                                            .arg(size.width())
                                            .arg(size.height())
                                            .toUtf8();
                QTest::newRow(name.constData()) << scale << size;
            }
        }
    }

private Q_SLOTS:
    void initTestCase() { rooflab::test::isolateSettings("rooflab-largetext-tests"); }

    void chartsDrawTheirTextWhole_data() { addSizes(); }
    void chartsDrawTheirTextWhole()
    {
        QFETCH(double, scale);
        QFETCH(QSize, size);
        LargeTextWindow shown(m_catalog, scale, size);
        QVERIFY(shown.exposed());
        MainWindow *window = shown.window();
        // The batch curve in front of its tab group, then the time share.
        dock(window, "batchCurveDock")->raise();
        QApplication::processEvents();
        QVERIFY(window->batchCurve()->isVisible());
        QStringList cut = elidedChartText(window->batchCurve());
        cut += cutHeaderText(window->batchCurve()->header());
        QVERIFY2(cut.isEmpty(), qPrintable(cut.join(s("; "))));
        dock(window, "shareDock")->raise();
        QApplication::processEvents();
        QVERIFY(window->shareChart()->isVisible());
        cut = elidedChartText(window->shareChart());
        QVERIFY2(cut.isEmpty(), qPrintable(cut.join(s("; "))));
    }

    // Without a model: the H100's MLP up projection selected, the batch curve's legend with
    // its work rate and its ridge batch; the time share is hidden.
    void operatorCurveDrawsItsTextWhole_data() { addSizes(); }
    void operatorCurveDrawsItsTextWhole()
    {
        QFETCH(double, scale);
        QFETCH(QSize, size);
        LargeTextWindow shown(m_catalog, scale, size, rooflab::test::twoOperatorScenario(m_catalog),
                              {.device = s("h100-sxm5"), .op = s("decode-mlp-up-8b")});
        QVERIFY(shown.exposed());
        MainWindow *window = shown.window();
        QVERIFY(window->shareChart()->isHidden() || !window->shareChart()->isVisible());
        QVERIFY(window->batchCurve()->isVisible());
        QVERIFY2(window->batchCurve()->legendNames().size() >= 4,
                 qPrintable(window->batchCurve()->legendNames().join(s(", "))));
        QStringList cut = elidedChartText(window->batchCurve());
        cut += cutHeaderText(window->batchCurve()->header());
        QVERIFY2(cut.isEmpty(), qPrintable(cut.join(s("; "))));
        if (size.width() == 1152)
            QVERIFY(window->chart()->width() >= 0.55 * 1152);
    }

    // At 1152 x 720 the roofline chart keeps 55 % of the width, 633.6 px, whatever the text
    // size; the Controls scroll (both ways if need be) rather than squeeze their content.
    void laptopKeepsTheChartWide_data()
    {
        QTest::addColumn<double>("scale");
        QTest::newRow("175 %") << 1.75;
        QTest::newRow("225 %") << 2.25;
    }
    void laptopKeepsTheChartWide()
    {
        QFETCH(double, scale);
        LargeTextWindow shown(m_catalog, scale, QSize(1152, 720));
        QVERIFY(shown.exposed());
        MainWindow *window = shown.window();
        QCOMPARE(window->width(), 1152);
        QVERIFY2(window->chart()->width() >= 0.55 * 1152,
                 qPrintable(QStringLiteral("chart %1 of %2 px")
                                .arg(window->chart()->width())
                                .arg(window->width())));
        const QWidget *controls = window->controlsScroll()->widget();
        QVERIFY2(controls->width() >= controls->minimumSizeHint().width() &&
                     controls->height() >= controls->minimumSizeHint().height(),
                 qPrintable(QStringLiteral("controls %1 x %2, need %3 x %4")
                                .arg(controls->width())
                                .arg(controls->height())
                                .arg(controls->minimumSizeHint().width())
                                .arg(controls->minimumSizeHint().height())));
    }

    // The height the charts need counts only the charts shown and docked where the batch
    // curve is: the time share hidden (no model) or floated does not.
    void chartsNeedCountsOnlyTheChartsShown()
    {
        LargeTextWindow shown(m_catalog, 2.25, QSize(1152, 720));
        MainWindow *window = shown.window();
        auto *layout = window->findChild<DockLayout *>();
        QVERIFY(layout);
        QDockWidget *share = dock(window, "shareDock");
        // The width at which the time share, seven classes on their own lines, needs the
        // most more than the batch curve, whose title and legend wrap onto fewer lines the
        // wider it is.
        int width = 300;
        for (int w = 300; w <= 1200; w += 50) {
            if (chartHeight(window->shareChart(), w) - chartHeight(window->batchCurve(), w) >
                chartHeight(window->shareChart(), width) - chartHeight(window->batchCurve(), width))
                width = w;
        }
        const int batchNeed = chartHeight(window->batchCurve(), width);
        const int shareNeed = chartHeight(window->shareChart(), width);
        QVERIFY2(shareNeed > batchNeed,
                 qPrintable(QStringLiteral("%1 against %2").arg(shareNeed).arg(batchNeed)));
        const int both = layout->chartsNeed(width);
        QVERIFY(both >= shareNeed);
        share->hide();
        QApplication::processEvents();
        const int batchOnly = layout->chartsNeed(width);
        // The batch curve alone: its chart and what its dock puts around it (the title bar
        // and the tab bar of their group, as the time share's), less than with the time share.
        QVERIFY2(batchOnly >= batchNeed && batchOnly < both,
                 qPrintable(QStringLiteral("%1 with it, %2 without").arg(both).arg(batchOnly)));
        share->show();
        share->setFloating(true);
        QApplication::processEvents();
        QCOMPARE(layout->chartsNeed(width), batchOnly);
    }
};

QTEST_MAIN(TestLargeText)
#include "tst_largetext.moc"
