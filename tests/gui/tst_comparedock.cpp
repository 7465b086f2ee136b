// The Compare dock (docs/models.md, "Comparing devices"): its rows are compareDevices()'s for
// the shown devices, one of them derived by hand; it sorts figures as numbers with the rows
// that have none last; it refreshes on scenario changes only; it adds devices as undo steps
// and writes what it shows, in the order shown, as CSV and Markdown.
//
// Llama 3.1 70B (L = 80, D = 8192, H = 64, H_kv = 8, d = 128, F = 28672, V = 128256), BF16,
// decode, S = 4096. H100 SXM5: 3.35e12 B/s, 80 GB (72 GB usable at 10 % headroom), NVLink
// beta 450e9 B/s per direction, alpha 19.1 us.
#include "catalog.h"
#include "comparedock.h"
#include "comparetablemodel.h"
#include "devicecompare.h"
#include "document.h"
#include "testhelpers.h"

#include <QAbstractItemModelTester>
#include <QMenu>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QTest>
#include <QToolButton>
#include <QUndoStack>

using namespace rooflab;

namespace {

Scenario llama70b(const QStringList &devices, double batch)
{
    Scenario s;
    s.model = QStringLiteral("llama-3.1-70b");
    s.phase = Phase::Decode;
    s.batch = batch;
    s.seq = 4096;
    s.devices = devices;
    s.deployment.tpAuto = true;
    return s;
}

// The device ids down the dock's sorted view.
QStringList shownOrder(const gui::CompareDock &dock)
{
    QStringList ids;
    const QAbstractItemModel *m = dock.sortedModel();
    for (int r = 0; r < m->rowCount(); ++r)
        ids.append(m->index(r, 0).data(gui::CompareTableModel::DeviceIdRole).toString());
    return ids;
}

} // namespace

class TestCompareDock : public QObject
{
    Q_OBJECT

private:
    Catalog m_catalog;

private Q_SLOTS:
    void initTestCase()
    {
        m_catalog = Catalog::builtin();
        QVERIFY(m_catalog.problems().isEmpty());
    }

    void rowsAreCompareDevices()
    {
        const QStringList devices = {QStringLiteral("h100-sxm5"), QStringLiteral("h200-sxm"),
                                     QStringLiteral("l40s"), QStringLiteral("xeon-8480")};
        const Scenario s = llama70b(devices, 16);
        app::Document document(m_catalog, s);
        gui::CompareDock dock(&document);
        dock.show(); // a hidden dock does not refresh
        QAbstractItemModelTester sourceTester(
            dock.tableModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester sortedTester(
            dock.sortedModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        const QList<CompareRow> expected = compareDevices(m_catalog, s, devices);
        const QList<CompareRow> &rows = dock.tableModel()->rows();
        QCOMPARE(rows.size(), expected.size());
        for (qsizetype i = 0; i < rows.size(); ++i) {
            QCOMPARE(rows.at(i).deviceId, expected.at(i).deviceId);
            QCOMPARE(rows.at(i).tp, expected.at(i).tp);
            QCOMPARE(rows.at(i).fits, expected.at(i).fits);
            QCOMPARE(rows.at(i).problem, expected.at(i).problem);
            QCOMPARE(rows.at(i).best, expected.at(i).best);
            ROOFLAB_COMPARE_DOUBLE(rows.at(i).stepTime, expected.at(i).stepTime);
            ROOFLAB_COMPARE_DOUBLE(rows.at(i).ttft, expected.at(i).ttft);
            ROOFLAB_COMPARE_DOUBLE(rows.at(i).tokensPerSecond, expected.at(i).tokensPerSecond);
        }
        // Every cell the table shows is the files' text (or the verdict with its memory).
        QCOMPARE(dock.tableModel()->index(0, gui::CompareTableModel::Device).data().toString(),
                 m_catalog.device(QStringLiteral("h100-sxm5"))->name);
        QVERIFY(dock.tableModel()
                    ->index(0, gui::CompareTableModel::Fits)
                    .data()
                    .toString()
                    .contains(QStringLiteral(" GB of ")));
        // A batch tick rebuilds the rows (auto t follows the batch) and the model stays sane.
        document.setBatch(64);
        QCOMPARE(dock.tableModel()->rows().size(), expected.size());
    }

    void oneRowByHand()
    {
        // Four H100s, TP 4, batch 1, $2 per device-hour. Per device (docs/models.md):
        // weights 35,278,831,616 + KV 335,544,320 + activations 301,568 = 35,614,677,504 B
        // <= 72e9: fits. Bytes through memory per step 35,118,070,400 B / 3.35e12 =
        // 10.4830061e-3 s. Communication: 161 all-reduces of 8192 * 2 = 16,384 B, each
        // 19.1e-6 + 2 * 3/4 * 16384 / 450e9; one all-gather 19.1e-6 + 3/4 * 256,512 / 450e9:
        // 3.10342027e-3 s. Step 13.5864264e-3 s; 73.60 tokens/s; 18.40 per device; cost
        // 2 * 4 / 3600 / tokens/s * 1e6 = 30.19 $ per 1M tokens. Memory time 10.5 ms is
        // the largest of the three: memory-bound.
        Scenario s = llama70b({QStringLiteral("h100-sxm5")}, 1);
        s.deployment.tpAuto = false;
        s.deployment.tp = 4;
        s.deployment.pricePerDeviceHour = 2.0;
        app::Document document(m_catalog, s);
        gui::CompareDock dock(&document);
        dock.show(); // a hidden dock does not refresh
        QCOMPARE(dock.tableModel()->rows().size(), 1);
        const CompareRow &r = dock.tableModel()->rows().first();
        const double comm = 161 * (19.1e-6 + 1.5 * 16384 / 450e9) + 19.1e-6 + 0.75 * 256512 / 450e9;
        const double step = 35118070400.0 / 3.35e12 + comm;
        QCOMPARE(r.tp, 4);
        QCOMPARE(r.pp, 1);
        QCOMPARE(r.devices, 4);
        QVERIFY(r.fits);
        ROOFLAB_COMPARE_NEAR(r.stepTime, step, 1e-9);
        ROOFLAB_COMPARE_NEAR(r.tokensPerSecond, 1.0 / step, 1e-9);
        ROOFLAB_COMPARE_NEAR(r.tokensPerSecondPerDevice, 0.25 / step, 1e-9);
        QVERIFY(r.costPerMillionTokens);
        ROOFLAB_COMPARE_NEAR(*r.costPerMillionTokens, 2.0 * 4 / 3600 * step * 1e6, 1e-9);
        QCOMPARE(r.bound, QStringLiteral("memory"));
        // The verdict's memory: 35.6 GB of the 72 GB one device may use.
        QCOMPARE(dock.tableModel()->index(0, gui::CompareTableModel::Fits).data().toString(),
                 QStringLiteral("yes\n35.6 GB of 72 GB"));
        QCOMPARE(dock.tableModel()->index(0, gui::CompareTableModel::Cost).data().toString(),
                 QStringLiteral("$30.19"));
    }

    void sortsNumbersWithMissingFiguresLast()
    {
        // The Jetson AGX Orin has 64 GB and no interconnect, so auto can only try t = 1, where
        // 141 GB of weights do not fit: a refusal without figures. It sorts after every device
        // with figures, by least step time as by most tokens per second.
        const Scenario s =
            llama70b({QStringLiteral("h100-sxm5"), QStringLiteral("jetson-agx-orin-64gb"),
                      QStringLiteral("l40s"), QStringLiteral("h200-sxm"), QStringLiteral("b200")},
                     16);
        app::Document document(m_catalog, s);
        gui::CompareDock dock(&document);
        dock.show(); // a hidden dock does not refresh
        QSortFilterProxyModel *sorted = dock.sortedModel();
        // Unsorted: the scenario's order.
        QCOMPARE(shownOrder(dock), s.devices);
        QVERIFY(!dock.tableModel()->rows().at(1).problem.isEmpty());
        dock.table()->sortByColumn(gui::CompareTableModel::StepTime, Qt::AscendingOrder);
        double last = 0;
        for (int r = 0; r < sorted->rowCount(); ++r) {
            const double v = sorted->index(r, gui::CompareTableModel::StepTime)
                                 .data(gui::CompareTableModel::SortRole)
                                 .toDouble();
            QVERIFY2(v >= last, qPrintable(shownOrder(dock).join(QLatin1Char(' '))));
            last = v;
        }
        QCOMPARE(shownOrder(dock).last(), QStringLiteral("jetson-agx-orin-64gb"));
        dock.table()->sortByColumn(gui::CompareTableModel::TokensPerSecond, Qt::DescendingOrder);
        last = std::numeric_limits<double>::infinity();
        for (int r = 0; r < sorted->rowCount(); ++r) {
            const double v = sorted->index(r, gui::CompareTableModel::TokensPerSecond)
                                 .data(gui::CompareTableModel::SortRole)
                                 .toDouble();
            QVERIFY(v <= last);
            last = v;
        }
        QCOMPARE(shownOrder(dock).last(), QStringLiteral("jetson-agx-orin-64gb"));
        // The CSV follows the order shown: its second line is the first row shown.
        const QList<QByteArray> lines = dock.csv().split('\n');
        QVERIFY(lines.at(1).startsWith(shownOrder(dock).first().toUtf8() + ','));
        QVERIFY(dock.markdown().startsWith("| device | TP |"));
        // The best tokens/s is marked, and it is the first row of the descending order.
        QVERIFY(sorted->index(0, gui::CompareTableModel::TokensPerSecond)
                    .data(gui::CompareTableModel::BestRole)
                    .toBool());
    }

    void refusalsShowDashesAndSayWhy()
    {
        // TP 3 does not divide the 64 query heads: every row is a refusal.
        Scenario s = llama70b({QStringLiteral("h100-sxm5"), QStringLiteral("h200-sxm")}, 1);
        s.deployment.tpAuto = false;
        s.deployment.tp = 3;
        app::Document document(m_catalog, s);
        gui::CompareDock dock(&document);
        dock.show(); // a hidden dock does not refresh
        for (const CompareRow &r : dock.tableModel()->rows())
            QVERIFY2(!r.problem.isEmpty(), qPrintable(r.deviceId));
        QCOMPARE(dock.tableModel()->index(0, gui::CompareTableModel::StepTime).data().toString(),
                 QStringLiteral("—"));
        QVERIFY(!dock.tableModel()
                     ->index(0, gui::CompareTableModel::StepTime)
                     .data(Qt::ToolTipRole)
                     .toString()
                     .isEmpty());
    }

    void refreshesOnScenarioChangesOnly()
    {
        app::Document document(m_catalog, llama70b({QStringLiteral("h100-sxm5")}, 1));
        gui::CompareDock dock(&document);
        dock.show(); // a hidden dock does not refresh
        QCOMPARE(gui::CompareDock::concerns(), app::Change(app::ChangeFlag::Scenario));
        const int refreshes = dock.refreshes();
        const int built = document.results().counts().comparisons;
        document.select(QStringLiteral("h100-sxm5"), QString());
        QCOMPARE(dock.refreshes(), refreshes);
        Presentation p = document.presentation();
        p.showLegend = !p.showLegend;
        document.setPresentation(p, QStringLiteral("legend"));
        QCOMPARE(dock.refreshes(), refreshes);
        QCOMPARE(document.results().counts().comparisons, built);
        // A batch tick: the rows are built once and the dock refreshes once.
        document.setBatch(8);
        QCOMPARE(dock.refreshes(), refreshes + 1);
        QCOMPARE(document.results().counts().comparisons, built + 1);
        // B = 8: TP 2 needs 75.9 GB > 72 GB, TP 4 needs 38.0 GB: auto moves to 4.
        QCOMPARE(dock.tableModel()->rows().first().tp, 4);
        // Without a model there is nothing to compare.
        document.setModel(QString());
        QVERIFY(document.results().compareRows().isEmpty());
        QCOMPARE(dock.tableModel()->rowCount(), 0);
    }

    void hiddenDockCatchesUpWhenShown()
    {
        app::Document document(m_catalog, llama70b({QStringLiteral("h100-sxm5")}, 1));
        gui::CompareDock dock(&document);
        // Never shown: nothing is built, neither the dock's rows nor the results' comparison.
        QCOMPARE(dock.refreshes(), 0);
        QCOMPARE(document.results().counts().comparisons, 0);
        dock.show();
        QCOMPARE(dock.refreshes(), 1);
        QCOMPARE(document.results().counts().comparisons, 1);
        // B = 1. TP 1: 141.1e9 B of weights alone > 72e9 usable. TP 2, per device: weights
        // about 70.56e9 B (half of 141.1e9, the norms whole) + KV 2 x 80 x 8 x 128 x 4096 x
        // 2 B / 2 = 671,088,640 B + activations under 1 MB: about 71.23e9 <= 72e9, so auto
        // picks 2.
        QCOMPARE(dock.tableModel()->rows().first().tp, 2);
        // Hidden (a tab behind another dock), ticks cost the dock nothing...
        dock.hide();
        for (const double batch : {2.0, 4.0, 8.0})
            document.setBatch(batch);
        QCOMPARE(dock.refreshes(), 1);
        QCOMPARE(document.results().counts().comparisons, 1);
        // ...and shown again it refreshes once, with the rows of the batch now, B = 8:
        // TP 2 needs 75.9 GB > 72 GB, TP 4 needs 38.0 GB: auto moves to 4.
        dock.show();
        QCOMPARE(dock.refreshes(), 2);
        QCOMPARE(document.results().counts().comparisons, 2);
        QCOMPARE(dock.tableModel()->rows().first().tp, 4);
        // Shown without a change in between: nothing to catch up.
        dock.hide();
        dock.show();
        QCOMPARE(dock.refreshes(), 2);
    }

    void addsAndRemovesDevicesAsUndoSteps()
    {
        app::Document document(m_catalog, llama70b({QStringLiteral("h100-sxm5")}, 1));
        gui::CompareDock dock(&document);
        dock.show(); // a hidden dock does not refresh
        QMenu *menu = dock.addButton()->menu();
        QVERIFY(menu);
        QMetaObject::invokeMethod(menu, "aboutToShow");
        QAction *h200 = nullptr;
        for (QAction *a : menu->actions()) {
            QVERIFY(a->data().toString() != QStringLiteral("h100-sxm5")); // shown already
            if (a->data().toString() == QStringLiteral("h200-sxm"))
                h200 = a;
        }
        QVERIFY(h200);
        h200->trigger();
        QCOMPARE(document.scenario().devices,
                 QStringList({QStringLiteral("h100-sxm5"), QStringLiteral("h200-sxm")}));
        QCOMPARE(dock.tableModel()->rowCount(), 2);
        document.undoStack()->undo();
        QCOMPARE(dock.tableModel()->rowCount(), 1);
        document.undoStack()->redo();
        dock.table()->selectRow(0);
        const QString removed =
            dock.sortedModel()->index(0, 0).data(gui::CompareTableModel::DeviceIdRole).toString();
        dock.removeButton()->click();
        QCOMPARE(dock.tableModel()->rowCount(), 1);
        QVERIFY(!document.scenario().devices.contains(removed));
    }
};

QTEST_MAIN(TestCompareDock)
#include "tst_comparedock.moc"
