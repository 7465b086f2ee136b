// File › Import measured kernels in the window: the kernels drawn where they ran, the
// Diagnosis of one, undo, Clear, and a bad file refused with the chart as it was.
//
// tests/data/measured/kernels.csv: "gemm_128(float, float)" names the A100 SXM4 40GB, which
// the window does not show; "stream_triad" names no device, so it goes on the first shown,
// the H100 SXM5: 1e8 FLOP in 2e-3 s = 5e10 FLOP/s over 2.4e9 B, 1/24 FLOP/B, under a DRAM
// roof of 3.35e12 / 24 = 1.3958e11 FLOP/s: 35.8 % of it.
#include "catalog.h"
#include "diagnosispanel.h"
#include "document.h"
#include "mainwindow.h"
#include "measuredactions.h"
#include "testhelpers.h"
#include "windowtest.h"

#include <QAction>
#include <QDir>
#include <QFile>
#include <QTemporaryDir>
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

QString data(const char *name)
{
    return qEnvironmentVariable("ROOFLAB_TEST_DATA") + s("/measured/") + s(name);
}

const QString h100 = s("h100-sxm5");

} // namespace

class TestMeasuredWindow : public QObject
{
    Q_OBJECT

    Catalog m_catalog = Catalog::builtin();
    std::unique_ptr<rooflab::test::ShownWindow> m_shown;
    app::Document *m_doc = nullptr;
    MainWindow *m_window = nullptr;

private Q_SLOTS:
    void initTestCase() { rooflab::test::isolateSettings("rooflab-measured-window-tests"); }

    void init()
    {
        m_shown = std::make_unique<rooflab::test::ShownWindow>(
            m_catalog, rooflab::test::twoOperatorScenario(m_catalog), QSize(1600, 1000));
        QVERIFY(m_shown->exposed());
        m_doc = m_shown->document();
        m_window = m_shown->window();
    }

    void cleanup() { m_shown.reset(); }

    void importedKernelsAreDrawnAndDiagnosed()
    {
        MeasuredActions *actions = m_window->measuredActions();
        QVERIFY(!actions->clearAction()->isEnabled());
        const qsizetype before = m_doc->analysis().points.size();
        QVERIFY(actions->importFile(data("kernels.csv")).isEmpty());
        QCOMPARE(m_doc->scenario().measured.size(), 2);
        QVERIFY(actions->clearAction()->isEnabled());
        // Only the stream is on a shown device: one point more.
        QCOMPARE(m_doc->analysis().points.size(), before + 1);
        const PointAnalysis *triad = m_doc->analysis().point(h100, s("measured-1-dram"));
        QVERIFY(triad && triad->measured);
        ROOFLAB_COMPARE_NEAR(*triad->measured->pctOfRoof, 100.0 * 5e10 * 24.0 / 3.35e12, 1e-9);

        m_doc->select(h100, s("measured-1-dram"));
        const QString explanation = m_window->diagnosis()->explanationText();
        QVERIFY2(explanation.contains(s("35.8 % of its roof")), qPrintable(explanation));
        const QString figures = m_window->diagnosis()->figuresText();
        QVERIFY2(figures.contains(s("stream_triad")), qPrintable(figures));

        // One undo step takes them off; Clear does too, as a step of its own.
        m_doc->undoStack()->undo();
        QVERIFY(m_doc->scenario().measured.isEmpty());
        QCOMPARE(m_doc->analysis().points.size(), before);
        m_doc->undoStack()->redo();
        QCOMPARE(m_doc->scenario().measured.size(), 2);
        actions->clearAction()->trigger();
        QVERIFY(m_doc->scenario().measured.isEmpty());
        m_doc->undoStack()->undo();
        QCOMPARE(m_doc->scenario().measured.size(), 2);
    }

    void aBadFileChangesNothing()
    {
        MeasuredActions *actions = m_window->measuredActions();
        QVERIFY(actions->importFile(data("kernels.csv")).isEmpty());
        QTemporaryDir dir;
        const QString bad = dir.filePath(s("bad.csv"));
        QFile file(bad);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("name,flops,time_s,bytes_dram\nk,1e9,-1,1e6\n");
        file.close();
        const int steps = m_doc->undoStack()->count();
        const QStringList problems = actions->importFile(bad);
        QVERIFY(!problems.isEmpty());
        QVERIFY2(problems.first().startsWith(bad + s(":2:")), qPrintable(problems.first()));
        QCOMPARE(m_doc->scenario().measured.size(), 2); // what was there stays
        QCOMPARE(m_doc->undoStack()->count(), steps);
        const QStringList missing = actions->importFile(dir.filePath(s("none.csv")));
        QVERIFY(!missing.isEmpty());
        QCOMPARE(m_doc->scenario().measured.size(), 2);
    }
};

QTEST_MAIN(TestMeasuredWindow)
#include "tst_measuredwindow.moc"
