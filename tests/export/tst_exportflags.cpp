// `rooflab export`'s figure flags edit the one Presentation: what they set is embedded in
// the file, and every refusal names the flag and the real range (exit status 2).
#include "catalog.h"
#include "figuremetadata.h"
#include "runrooflab.h"
#include "scenariofile.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace rooflab;

namespace {

QString s(const char *text)
{
    return QString::fromUtf8(text);
}

// The scenario document `file` carries in its metadata, read back as the window would;
// nothing, with the reason in `why`, when it carries none that reads.
std::optional<ScenarioDocument> embeddedDocument(const QString &file, const Catalog &catalog,
                                                 QString *why)
{
    QString error;
    QStringList errors;
    auto doc = readScenarioFile(readEmbeddedMetadata(file, &error), file, catalog, &errors);
    *why = error + errors.join(s("; "));
    return doc;
}

} // namespace

class TestExportFlags : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;

    rooflab::test::Run rooflab(const QStringList &arguments)
    {
        return rooflab::test::runRooflab(s(ROOFLAB_EXE), QStringList{s("export")} + arguments,
                                         m_dir.path(), 60000);
    }

private Q_SLOTS:
    void flagsReachTheEmbeddedPresentation()
    {
        const QString file = m_dir.filePath(s("flags.svg"));
        const auto run =
            rooflab({s("-o"), file, s("--text-scale"), s("1.75"), s("--no-zones"), s("--theme"),
                     s("dark"), s("--width"), s("900"), s("--height"), s("600")});
        QVERIFY2(run.finished && run.exitCode == 0, run.err.constData());
        QString why;
        const auto doc = embeddedDocument(file, Catalog::builtin(), &why);
        QVERIFY2(doc, qPrintable(why));
        Presentation expected;
        expected.textScale = 1.75;
        expected.showZones = false;
        expected.theme = s("dark");
        expected.width = 900;
        expected.height = 600;
        // An export leaves the selection ring out unless asked (docs/scenario-files.md).
        expected.highlightSelection = false;
        QCOMPARE(doc->presentation, expected);
    }

    void captionLineAndHighlightAreAskedFor()
    {
        const QString file = m_dir.filePath(s("asked.svg"));
        const auto run = rooflab({s("-o"), file, s("--caption-line"), s("--highlight")});
        QVERIFY2(run.finished && run.exitCode == 0, run.err.constData());
        QString why;
        const auto doc = embeddedDocument(file, Catalog::builtin(), &why);
        QVERIFY2(doc, qPrintable(why));
        QVERIFY(doc->presentation.captionLine);
        QVERIFY(doc->presentation.highlightSelection);
    }

    void theCompareTableNeedsAModel()
    {
        const QString file = m_dir.filePath(s("compare.svg"));
        const auto refused = rooflab({s("-o"), file, s("--compare-table")});
        QVERIFY(refused.finished);
        QCOMPARE(refused.exitCode, 2);
        QVERIFY2(refused.err.contains("--compare-table") && refused.err.contains("--model"),
                 refused.err.constData());
        QVERIFY(!QFile::exists(file));
        const auto run =
            rooflab({s("-o"), file, s("--compare-table"), s("--model"), s("llama-3.1-8b"),
                     s("--device"), s("h100-sxm5"), s("--device"), s("h200-sxm")});
        QVERIFY2(run.finished && run.exitCode == 0, run.err.constData());
        QString why;
        const auto doc = embeddedDocument(file, Catalog::builtin(), &why);
        QVERIFY2(doc, qPrintable(why));
        QVERIFY(doc->presentation.compareTable);
    }

    // With --caption and --compare-table at 800 x 400 and 135 % the caption table has no
    // room (the comparison keeps its least, the plot its third) and was left out with
    // nothing said. The file is still written (exit 0), and stderr names the file, the
    // table, the height and what to do.
    void aTableWithNoRoomIsNamedOnStderr()
    {
        const QString file = m_dir.filePath(s("short.png"));
        const QStringList scenario = {s("--model"),   s("llama-3.1-70b"), s("--device"),
                                      s("h100-sxm5"), s("--device"),      s("h200-sxm"),
                                      s("--device"),  s("mi300x"),        s("--batch"),
                                      s("16"),        s("--text-scale"),  s("1.35")};
        const auto run = rooflab(QStringList{s("-o"), file, s("--caption"), s("--compare-table"),
                                             s("--width"), s("800"), s("--height"), s("400")} +
                                 scenario);
        QVERIFY2(run.finished && run.exitCode == 0, run.err.constData());
        QVERIFY(QFile::exists(file));
        const QString err = QString::fromUtf8(run.err);
        QVERIFY2(err.contains(s("warning: ") + file) && err.contains(s("the caption table")) &&
                     err.contains(s("400 px tall")) && err.contains(s("taller")) &&
                     !err.contains(s("comparison table")),
                 qPrintable(err));
        // At --scale 2 the PNG is 800 px tall, but the layout, which has no room, is the
        // same 400: the warning says which height it means.
        const auto scaled =
            rooflab(QStringList{s("-o"), file, s("--caption"), s("--compare-table"), s("--width"),
                                s("800"), s("--height"), s("400"), s("--scale"), s("2")} +
                    scenario);
        QVERIFY2(scaled.finished && scaled.exitCode == 0, scaled.err.constData());
        QVERIFY2(QString::fromUtf8(scaled.err).contains(s("400 px tall (before its scale of 2)")),
                 scaled.err.constData());
        // An SVG ignores the scale: its warning does not name one.
        const QString svg = m_dir.filePath(s("short.svg"));
        const auto vector =
            rooflab(QStringList{s("-o"), svg, s("--caption"), s("--compare-table"), s("--width"),
                                s("800"), s("--height"), s("400"), s("--scale"), s("2")} +
                    scenario);
        QVERIFY2(vector.finished && vector.exitCode == 0, vector.err.constData());
        const QString vectorErr = QString::fromUtf8(vector.err);
        QVERIFY2(vectorErr.contains(s("400 px tall has no room")) &&
                     !vectorErr.contains(s("scale")),
                 vector.err.constData());
        // Tall enough for both: nothing to say.
        const auto tall = rooflab(QStringList{s("-o"), file, s("--caption"), s("--compare-table"),
                                              s("--width"), s("800"), s("--height"), s("900")} +
                                  scenario);
        QVERIFY2(tall.finished && tall.exitCode == 0, tall.err.constData());
        QVERIFY2(tall.err.isEmpty(), tall.err.constData());
    }

    void aScenarioThatNamesTheHighlightKeepsIt()
    {
        // A file whose view says highlight_selection true keeps the ring in its export.
        const Catalog catalog = Catalog::builtin();
        QJsonObject root =
            QJsonDocument::fromJson(writeScenarioFile(defaultScenario(catalog), Presentation()))
                .object();
        QJsonObject view = root.value(s("view")).toObject();
        view.insert(s("highlight_selection"), true);
        root.insert(s("view"), view);
        const QString input = m_dir.filePath(s("ring.rooflab.json"));
        QFile f(input);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QJsonDocument(root).toJson());
        f.close();
        const QString file = m_dir.filePath(s("ring.svg"));
        const auto run = rooflab({input, s("-o"), file});
        QVERIFY2(run.finished && run.exitCode == 0, run.err.constData());
        QString why;
        const auto doc = embeddedDocument(file, catalog, &why);
        QVERIFY2(doc, qPrintable(why));
        QVERIFY(doc->presentation.highlightSelection);
    }

    void filesCarryNoScreenNotesUnlessAsked()
    {
        // Llama 3.1 8B decode on the H100 and the MI300X in a single-column figure (3.5 ×
        // 2.625 in = 336 × 252 px): the legend had no room for every label and said so
        // ("Left out: 12 labels · 1 note"), which a printed figure's reader can do nothing
        // about. Without --notes no such count is written; with it, the window's count is.
        const QStringList figure{s("--model"),   s("llama-3.1-8b"), s("--device"),
                                 s("h100-sxm5"), s("--device"),     s("mi300x"),
                                 s("--size"),    s("3.5inx2.625in")};
        const QString plain = m_dir.filePath(s("column.svg"));
        auto run = rooflab(QStringList{s("-o"), plain} + figure);
        QVERIFY2(run.finished && run.exitCode == 0, run.err.constData());
        QFile plainFile(plain);
        QVERIFY(plainFile.open(QIODevice::ReadOnly));
        const QByteArray withoutNotes = plainFile.readAll().toLower();
        QVERIFY(withoutNotes.contains("h100 · fits"));
        QVERIFY(!withoutNotes.contains("left out"));
        const QString noted = m_dir.filePath(s("column-notes.svg"));
        run = rooflab(QStringList{s("-o"), noted, s("--notes")} + figure);
        QVERIFY2(run.finished && run.exitCode == 0, run.err.constData());
        QFile notedFile(noted);
        QVERIFY(notedFile.open(QIODevice::ReadOnly));
        QVERIFY(notedFile.readAll().toLower().contains("left out"));
    }

    void refusalsNameTheFlag_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("message");
        QTest::addColumn<QString>("output");
        QTest::newRow("text scale")
            << QStringList{s("--text-scale"), s("9")}
            << s("rooflab: --text-scale: must be from 0.5 to 3, got 9") << s("refused.png");
        QTest::newRow("narrow")
            << QStringList{s("--width"), s("15")}
            << s("rooflab: --width: must be a whole number of pixels from 16 to 20000, got 15")
            << s("refused.png");
        QTest::newRow("scale") << QStringList{s("--scale"), s("0.05")}
                               << s("rooflab: --scale: must be from 0.1 to 8, got 0.05")
                               << s("refused.png");
        // 20000 x 20000 at scale 1 = 4e8 pixels: 400 million, over 256 million. The size is
        // to blame, not the scale.
        QTest::newRow("huge") << QStringList{s("--width"), s("20000"), s("--height"), s("20000")}
                              << s("rooflab: --width/--height: 20000 x 20000 at scale 1 is "
                                   "400 million pixels, more than 256 million")
                              << s("refused.png");
        QTest::newRow("theme") << QStringList{s("--theme"), s("neon")}
                               << s("rooflab: --theme: must be one of light, dark, print, "
                                    "colorblind, got \"neon\"")
                               << s("refused.png");
        QTest::newRow("table text scale")
            << QStringList{s("--text-scale"), s("2")}
            << s("rooflab: --text-scale: applies to png, svg and pdf, not to a csv table")
            << s("refused.csv");
    }

    void refusalsNameTheFlag()
    {
        QFETCH(QStringList, arguments);
        QFETCH(QString, message);
        QFETCH(QString, output);
        const QString file = m_dir.filePath(output);
        const auto run = rooflab(QStringList{s("-o"), file} + arguments);
        QVERIFY(run.finished);
        QCOMPARE(run.exitCode, 2);
        QCOMPARE(QString::fromUtf8(run.err).trimmed(), message);
        QVERIFY(!QFile::exists(file));
    }
};

QTEST_GUILESS_MAIN(TestExportFlags)
#include "tst_exportflags.moc"
