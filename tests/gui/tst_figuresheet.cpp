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
            shown = shown || label->text() == s("4.81 ms");
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
