// One Presentation for the window, the export dialog, the command line and scenario files:
// it round-trips through all of them, the window and `rooflab export` draw byte-identical
// figures from it, and one change rebuilds the chart once.
#include "catalog.h"
#include "diagnosispanel.h"
#include "document.h"
#include "figure.h"
#include "fileactions.h"
#include "mainwindow.h"
#include "rooflinechart.h"
#include "runrooflab.h"
#include "scenariofile.h"
#include "windowtest.h"

#include <QAction>
#include <QFile>
#include <QMenuBar>
#include <QPushButton>
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

QByteArray readAll(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

// Every field away from its default, as a lecturer's projector figure would be.
Presentation projectorPresentation()
{
    Presentation p;
    p.theme = s("print");
    p.textScale = 1.35;
    p.showZones = false;
    p.highlightSelection = false;
    p.width = 1200;
    p.height = 800;
    return p;
}

} // namespace

class TestPresentation : public QObject
{
    Q_OBJECT

    const Catalog m_catalog = Catalog::builtin();
    std::unique_ptr<rooflab::test::ShownWindow> m_shown;
    app::Document *m_doc = nullptr;
    MainWindow *m_window = nullptr;
    std::unique_ptr<QTemporaryDir> m_dir;

    QString path(const char *name) const { return m_dir->filePath(s(name)); }
    int builds() const { return m_window->chart()->contentBuilds(); }

private Q_SLOTS:
    void initTestCase() { rooflab::test::isolateSettings("rooflab-presentation-tests"); }

    void init()
    {
        m_dir = std::make_unique<QTemporaryDir>();
        QVERIFY(m_dir->isValid());
        m_shown = std::make_unique<rooflab::test::ShownWindow>(
            m_catalog, rooflab::test::twoOperatorScenario(m_catalog), QSize(1400, 900));
        QVERIFY(m_shown->exposed());
        m_doc = m_shown->document();
        m_window = m_shown->window();
    }

    void cleanup()
    {
        m_shown.reset();
        m_doc = nullptr;
        m_window = nullptr;
    }

    void oneChangeRebuildsTheChartOnce()
    {
        int before = builds();
        m_doc->setBatch(128);
        QCOMPARE(builds(), before + 1);
        before = builds();
        m_doc->select(s("h200-sxm"), s("attn-decode-8b"));
        QCOMPARE(builds(), before + 1);
        before = builds();
        Presentation p = m_doc->presentation();
        p.theme = s("dark");
        m_doc->setPresentation(p, s("Dark"));
        QCOMPARE(builds(), before + 1);
        // Applying a recommended move changes the scenario and may move the selection: still
        // one rebuild.
        m_doc->select(s("h100-sxm5"), s("decode-mlp-up-8b"));
        QVERIFY(!m_doc->results().moves().isEmpty());
        QVERIFY(m_window->diagnosis()->applyButton()->isEnabled());
        const Scenario unmoved = m_doc->scenario();
        before = builds();
        m_window->diagnosis()->applyButton()->click();
        QVERIFY(!(m_doc->scenario() == unmoved));
        QCOMPARE(builds(), before + 1);
        // The file state alone (saved, modified) draws nothing.
        before = builds();
        m_doc->markSaved();
        QCOMPARE(builds(), before);
    }

    void windowMenusEditThePresentation()
    {
        QAction *larger = nullptr, *zones = nullptr;
        const QList<QAction *> actions = m_window->findChildren<QAction *>();
        for (QAction *action : actions) {
            if (action->text() == s("&Larger text"))
                larger = action;
            if (action->text() == s("Show &zones"))
                zones = action;
        }
        QVERIFY(larger && zones);
        larger->trigger();
        QCOMPARE(m_doc->presentation().textScale, 1.35);
        QCOMPARE(m_window->chartOptions().fontScale, 1.35);
        zones->trigger();
        QCOMPARE(m_doc->presentation().showZones, false);
        QCOMPARE(m_doc->undoStack()->count(), 2); // both are undo steps
        m_doc->undoStack()->undo();
        QCOMPARE(m_doc->presentation().showZones, true);
        QVERIFY(zones->isChecked());
    }

    void presentationSurvivesSaveAndOpen()
    {
        Presentation p = projectorPresentation();
        m_doc->setPresentation(p, s("Projector"));
        const QString file = path("lecture.rooflab.json");
        QString error;
        QVERIFY2(saveScenarioFile(file, m_doc->scenario(), m_doc->presentation(),
                                  m_doc->selection(), &error),
                 qPrintable(error));
        m_doc->setPresentation(Presentation(), s("Plain"));
        m_doc->markSaved();
        QVERIFY(m_window->openFile(file));
        QCOMPARE(m_doc->presentation(), p);
    }

    void windowAndCommandLineDrawTheSameSvg()
    {
        // A scenario file with a projector presentation and a selection, exported from the
        // window (File › Export with the file's own choices) and by `rooflab export`.
        const Scenario scenario = rooflab::test::twoOperatorScenario(m_catalog);
        const Presentation p = projectorPresentation();
        const Selection selection{.device = s("h200-sxm"), .op = s("decode-mlp-up-8b")};
        const QString file = path("figure.rooflab.json");
        QString error;
        QVERIFY2(saveScenarioFile(file, scenario, p, selection, &error), qPrintable(error));

        m_doc->markSaved();
        QVERIFY(m_window->openFile(file));
        const ExportChoices choices{
            .path = path("window.svg"), .format = s("svg"), .presentation = m_doc->presentation()};
        QVERIFY2(m_window->fileActions()->exportTo(choices, &error), qPrintable(error));

        const rooflab::test::Run run = rooflab::test::runRooflab(
            s(ROOFLAB_EXE), {s("export"), file, s("-o"), path("cli.svg")}, m_dir->path(), 60000);
        QVERIFY2(run.finished && run.exitCode == 0, run.err.constData());
        const QByteArray window = readAll(path("window.svg"));
        QVERIFY(window.size() > 10000);
        QVERIFY(window == readAll(path("cli.svg")));

        // Larger text is the same 1.35 on both sides: the window's View › Larger text over a
        // plain file, and `rooflab export --text-scale 1.35` of that file, give the same bytes.
        Presentation plain;
        plain.width = 1200;
        plain.height = 800;
        QVERIFY2(saveScenarioFile(file, scenario, plain, selection, &error), qPrintable(error));
        m_doc->markSaved();
        QVERIFY(m_window->openFile(file));
        for (QAction *action : m_window->findChildren<QAction *>()) {
            if (action->text() == s("&Larger text"))
                action->trigger();
        }
        QCOMPARE(m_doc->presentation().textScale, 1.35);
        ExportChoices larger{.path = path("window-large.svg"),
                             .format = s("svg"),
                             .presentation = m_doc->presentation()};
        // As the export dialog offers it and `rooflab export` draws a file that does not name
        // highlight_selection: no selection ring.
        larger.presentation.highlightSelection = false;
        QVERIFY2(m_window->fileActions()->exportTo(larger, &error), qPrintable(error));
        const rooflab::test::Run large = rooflab::test::runRooflab(
            s(ROOFLAB_EXE),
            {s("export"), file, s("-o"), path("cli-large.svg"), s("--text-scale"), s("1.35")},
            m_dir->path(), 60000);
        QVERIFY2(large.finished && large.exitCode == 0, large.err.constData());
        const QByteArray windowLarge = readAll(path("window-large.svg"));
        QVERIFY(windowLarge.size() > 10000);
        QVERIFY(windowLarge == readAll(path("cli-large.svg")));
        QVERIFY(windowLarge != readAll(path("window.svg")));
    }

    void windowAndCommandLineWriteTheSamePdf()
    {
        // The same state written as PDF by File › Export and by `rooflab export`: the same
        // bytes (no creation date, the fonts in a stable order), as for SVG above.
        const Scenario scenario = rooflab::test::twoOperatorScenario(m_catalog);
        Presentation p;
        p.width = 900;
        p.height = 600;
        p.highlightSelection = false;
        const Selection selection{.device = s("h200-sxm"), .op = s("decode-mlp-up-8b")};
        const QString file = path("pdf.rooflab.json");
        QString error;
        QVERIFY2(saveScenarioFile(file, scenario, p, selection, &error), qPrintable(error));
        m_doc->markSaved();
        QVERIFY(m_window->openFile(file));
        const ExportChoices choices{
            .path = path("window.pdf"), .format = s("pdf"), .presentation = m_doc->presentation()};
        QVERIFY2(m_window->fileActions()->exportTo(choices, &error), qPrintable(error));
        const rooflab::test::Run run = rooflab::test::runRooflab(
            s(ROOFLAB_EXE), {s("export"), file, s("-o"), path("cli.pdf")}, m_dir->path(), 60000);
        QVERIFY2(run.finished && run.exitCode == 0, run.err.constData());
        const QByteArray window = readAll(path("window.pdf"));
        QVERIFY(window.startsWith("%PDF-"));
        QVERIFY(window == readAll(path("cli.pdf")));
    }

    void windowAndCommandLineDrawTheSameBriefTitle()
    {
        // Llama 3.1 70B on three devices at 225 % in a 652 x 646 figure, the window's chart
        // on a 1280 x 800 screen: the whole title would wrap past two lines, so both draw
        // the brief one, "Llama 3.1 70B decode · needs 163 GB" (tst_titlebrief), with its
        // shape "batch 16 · context 4096" under it, or, with the caption line, in that line.
        const Scenario scenario = rooflab::test::llama70bOnThreeDevices();
        for (const bool captionLine : {false, true}) {
            Presentation p;
            p.textScale = 2.25;
            p.width = 652;
            p.height = 646;
            p.captionLine = captionLine;
            p.highlightSelection = false;
            // The point the window selects on its own, so that both files name it.
            const Selection selection{.device = s("h100-sxm5"), .op = s("attention-projections")};
            const QString file = path("model.rooflab.json");
            QString error;
            QVERIFY2(saveScenarioFile(file, scenario, p, selection, &error), qPrintable(error));
            m_doc->markSaved();
            QVERIFY(m_window->openFile(file));
            const ExportChoices choices{.path = path("window-model.svg"),
                                        .format = s("svg"),
                                        .presentation = m_doc->presentation()};
            QVERIFY2(m_window->fileActions()->exportTo(choices, &error), qPrintable(error));
            const rooflab::test::Run run = rooflab::test::runRooflab(
                s(ROOFLAB_EXE), {s("export"), file, s("-o"), path("cli-model.svg")}, m_dir->path(),
                60000);
            QVERIFY2(run.finished && run.exitCode == 0, run.err.constData());
            const QByteArray window = readAll(path("window-model.svg"));
            QVERIFY(window == readAll(path("cli-model.svg")));
            QVERIFY(window.contains("Llama 3.1 70B decode · needs 163 GB"));
            // The caption line, wrapped in so narrow a figure, names the formats.
            QCOMPARE(window.contains("KV cache BF16"), captionLine);
        }
    }

    void windowAndExportPickOneTitleInTheBand()
    {
        // Llama 3.1 70B on three devices at 225 % in an 800 x 646 figure: the whole title at
        // batch 16 fits two lines, but at its widest ("batch 8888888", "Needs 8.88 MB: fits
        // none of the 3 devices shown") it takes more, so the window's chart, which decides
        // on the widest forms, draws the brief title. The export of the same state and size,
        // from the window and from `rooflab export`, decides the same way: the same bytes,
        // with the brief title drawn.
        const Scenario scenario = rooflab::test::llama70bOnThreeDevices();
        Presentation p;
        p.textScale = 2.25;
        p.width = 800;
        p.height = 646;
        p.highlightSelection = false;
        const Selection selection{.device = s("h100-sxm5"), .op = s("attention-projections")};
        const QString file = path("band.rooflab.json");
        QString error;
        QVERIFY2(saveScenarioFile(file, scenario, p, selection, &error), qPrintable(error));
        m_doc->markSaved();
        QVERIFY(m_window->openFile(file));

        // The band: decided on the title as it is at batch 16, the whole title would stay.
        const QSize size(p.width, p.height);
        ChartOptions atBatch = m_window->chartOptions();
        const Figure window(m_doc->results().analysis(), atBatch, size, {},
                            Figure::Purpose::Window);
        atBatch.titleWidest.clear();
        atBatch.titleBriefWidest.clear();
        const Figure decidedAtBatch(m_doc->results().analysis(), atBatch, size);
        QVERIFY2(decidedAtBatch.layout().title.contains(s("devices shown")),
                 qPrintable(decidedAtBatch.layout().title));
        QVERIFY2(window.layout().title.startsWith(s("Llama 3.1 70B decode · needs 163 GB")),
                 qPrintable(window.layout().title));

        const ExportChoices choices{.path = path("window-band.svg"),
                                    .format = s("svg"),
                                    .presentation = m_doc->presentation()};
        QVERIFY2(m_window->fileActions()->exportTo(choices, &error), qPrintable(error));
        const rooflab::test::Run run = rooflab::test::runRooflab(
            s(ROOFLAB_EXE), {s("export"), file, s("-o"), path("cli-band.svg")}, m_dir->path(),
            60000);
        QVERIFY2(run.finished && run.exitCode == 0, run.err.constData());
        const QByteArray exported = readAll(path("window-band.svg"));
        QVERIFY(exported.size() > 10000);
        QVERIFY(exported == readAll(path("cli-band.svg")));
        // Drawn: the brief title's first line (the file's metadata title is the whole one).
        QVERIFY(exported.contains("Llama 3.1 70B decode · needs 163 GB"));
    }
};

QTEST_MAIN(TestPresentation)
#include "tst_presentation.moc"
