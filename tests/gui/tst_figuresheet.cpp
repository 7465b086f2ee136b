// FigureSheet: the panels' figures as plain labels. A batch tick (same rows, new numbers)
// keeps the labels and changes their text; the cells are plain, unselectable labels (a
// selectable label is measured through a whole text document, most of a tick's work) and
// the sheet copies as a whole from its context menu.
#include "figuresheet.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QLabel>
#include <QTest>

using namespace rooflab::gui;

namespace {

QString s(const char *text)
{
    return QString::fromUtf8(text);
}

QList<SheetBlock> figures(const QString &time)
{
    return {SheetBlock::paragraph(SheetBlock::Kind::Heading, s("Step")),
            SheetBlock::table({{s("Time"), time}, {s("Bound"), s("memory")}}, 0)};
}

} // namespace

class TestFigureSheet : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void tickKeepsTheLabels()
    {
        FigureSheet sheet;
        sheet.setBlocks(figures(s("4.64 ms")));
        const QList<QLabel *> before = sheet.findChildren<QLabel *>();
        QCOMPARE(before.size(), 5); // the heading and four cells
        sheet.setBlocks(figures(s("4.81 ms")));
        QCOMPARE(sheet.findChildren<QLabel *>(), before);
        QCOMPARE(sheet.plainText(), s("Step\nTime\n4.81 ms\nBound\nmemory"));
        bool shown = false;
        for (const QLabel *label : before) {
            shown = shown || label->text() == s("4.81\u00a0ms"); // a unit kept with its number
            QVERIFY(!(label->textInteractionFlags() & Qt::TextSelectableByMouse));
            QCOMPARE(label->textFormat(), Qt::PlainText);
        }
        QVERIFY(shown);
        // Another shape (a third row) builds new labels.
        QList<SheetBlock> more = figures(s("4.81 ms"));
        more[1].rows.append({s("Share"), s("62 %")});
        sheet.setBlocks(more);
        QCOMPARE(sheet.findChildren<QLabel *>().size(), 7);
    }

    // In a sheet narrower than its table a cell of several words wraps between them, but a
    // number stays whole: Qt broke "0.979×" after its point, "0." over "979×".
    void aNarrowSheetKeepsNumbersWhole()
    {
        FigureSheet sheet;
        const QStringList row = {s("NVIDIA H200 SXM 141GB"), s("3.76 ms"), s("0.979×"),
                                 s("compute-bound")};
        sheet.setBlocks({SheetBlock::table({row}, -1)});
        sheet.resize(120, 400);
        sheet.show();
        QVERIFY(QTest::qWaitForWindowExposed(&sheet));
        for (const QLabel *label : sheet.findChildren<QLabel *>()) {
            const QString text = label->text();
            QCOMPARE(label->wordWrap(), text.contains(QLatin1Char(' ')));
            if (!label->wordWrap())
                QVERIFY2(label->width() >= label->fontMetrics().horizontalAdvance(text),
                         qPrintable(s("\"%1\" in %2 px").arg(text).arg(label->width())));
        }
        // A tick that gives a cell words (or takes them away) changes how it wraps.
        sheet.setBlocks({SheetBlock::table({{row.at(0), row.at(1), s("1.02 ×"), row.at(3)}}, -1)});
        bool spaced = false;
        for (const QLabel *label : sheet.findChildren<QLabel *>())
            spaced = spaced || (label->text() == s("1.02 ×") && label->wordWrap());
        QVERIFY(spaced);
    }

    // A number keeps its unit on its line: a narrow Diagnosis dock showed "113 GB · 262 MB ·
    // 0" over a lone "B", and "23.5" over "ms".
    void aNarrowSheetKeepsUnitsWithNumbers()
    {
        FigureSheet sheet;
        sheet.setBlocks(
            {SheetBlock::table({{s("Weights · activations · KV"), s("113 GB · 262 MB · 0 B")},
                                {s("Time"), s("23.5 ms")},
                                {s("Needs / holds"), s("163 GB / 80 GB")},
                                {s("Share"), s("62 %")}},
                               0)});
        sheet.resize(120, 400);
        sheet.show();
        QVERIFY(QTest::qWaitForWindowExposed(&sheet));
        QStringList shown;
        for (const QLabel *label : sheet.findChildren<QLabel *>())
            shown.append(label->text());
        const QChar nbsp(0x00A0);
        for (const QString &want :
             {s("113%1GB · 262%1MB · 0%1B"), s("23.5%1ms"), s("163%1GB / 80%1GB"), s("62%1%")})
            QVERIFY2(shown.contains(want.arg(nbsp)), qPrintable(shown.join(s(" | "))));
        // "23.5 ms" is one word now: it does not wrap, and the 120 px sheet gives it its
        // whole width.
        for (const QLabel *label : sheet.findChildren<QLabel *>()) {
            if (label->text() == s("23.5%1ms").arg(nbsp)) {
                QVERIFY(!label->wordWrap());
                QVERIFY2(label->width() >= label->fontMetrics().horizontalAdvance(label->text()),
                         qPrintable(s("%1 px").arg(label->width())));
            }
        }
        // The copy keeps ordinary spaces.
        QVERIFY(sheet.plainText().contains(s("23.5 ms")));
    }

    void copiesAsPlainText()
    {
        FigureSheet sheet;
        sheet.setBlocks(figures(s("4.64 ms")));
        QCOMPARE(sheet.contextMenuPolicy(), Qt::ActionsContextMenu);
        QVERIFY(sheet.actions().contains(sheet.copyAction()));
        sheet.copyAction()->trigger();
        QCOMPARE(QApplication::clipboard()->text(), s("Step\nTime\n4.64 ms\nBound\nmemory"));
    }
};

QTEST_MAIN(TestFigureSheet)
#include "tst_figuresheet.moc"
