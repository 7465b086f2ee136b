// The CSV splitter under the measured-data importers: quoting, line numbers and the one
// error, with every expected field written out by hand.
#include "csvtable.h"

#include <QTest>

using namespace rooflab;

namespace {

QStringList fields(std::initializer_list<const char *> list)
{
    QStringList result;
    for (const char *f : list)
        result.append(QString::fromUtf8(f));
    return result;
}

} // namespace

class TestCsvTable : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void splits_data();
    void splits();
    void lineNumbers();
    void unterminatedQuote();
    void readerStartsAtItsLine();
};

void TestCsvTable::splits_data()
{
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QStringList>("expected");
    QTest::newRow("plain") << QByteArray("a,b,c\n") << fields({"a", "b", "c"});
    QTest::newRow("no final newline") << QByteArray("a,b") << fields({"a", "b"});
    QTest::newRow("quoted comma") << QByteArray("\"f(x, y)\",2\n") << fields({"f(x, y)", "2"});
    QTest::newRow("doubled quote")
        << QByteArray("a,\"say \"\"hi\"\"\",c\n") << fields({"a", "say \"hi\"", "c"});
    QTest::newRow("quote then text") << QByteArray("\"x\"y,z\n") << fields({"xy", "z"});
    QTest::newRow("empty fields") << QByteArray(",,\n") << fields({"", "", ""});
    QTest::newRow("empty quoted") << QByteArray("\"\",x\n") << fields({"", "x"});
    QTest::newRow("trailing comma") << QByteArray("a,") << fields({"a", ""});
    QTest::newRow("CRLF") << QByteArray("a,\"b\"\r\n") << fields({"a", "b"});
    QTest::newRow("spaces kept") << QByteArray("a, b \n") << fields({"a", " b "});
    QTest::newRow("newline in quotes")
        << QByteArray("\"two\nlines\",x\n") << fields({"two\nlines", "x"});
    QTest::newRow("UTF-8") << QByteArray("\"µs\",é\n") << fields({"µs", "é"});
}

void TestCsvTable::splits()
{
    QFETCH(QByteArray, bytes);
    QFETCH(QStringList, expected);
    const CsvTable table = splitCsv(bytes);
    QCOMPARE(table.error, QString());
    QCOMPARE(table.rows.size(), 1);
    QCOMPARE(table.rows.at(0).fields, expected);
}

void TestCsvTable::lineNumbers()
{
    // Line 1 a record, line 2 blank, 3 and 4 one record (a quoted newline), 5 spaces only,
    // 6 a record.
    const CsvTable table = splitCsv("a\n\n\"b\nc\",d\n   \ne,f\n");
    QCOMPARE(table.rows.size(), 3);
    QCOMPARE(table.rows.at(0).line, 1);
    QCOMPARE(table.rows.at(1).line, 3);
    QCOMPARE(table.rows.at(1).fields, fields({"b\nc", "d"}));
    QCOMPARE(table.rows.at(2).line, 6);
}

void TestCsvTable::unterminatedQuote()
{
    const CsvTable table = splitCsv("a,b\nc,\"d\ne\n");
    // The quote opens on line 2 and never closes; the record before it is kept.
    QCOMPARE(table.errorLine, 2);
    QVERIFY(table.error.contains(QStringLiteral("never closed")));
    QCOMPARE(table.rows.size(), 1);
    QCOMPARE(table.rows.at(0).fields, fields({"a", "b"}));
}

void TestCsvTable::readerStartsAtItsLine()
{
    const QByteArray bytes("x,y\nz\n");
    CsvReader reader(bytes, 7);
    CsvRow row;
    QVERIFY(reader.next(row));
    QCOMPARE(row.line, 7);
    QVERIFY(reader.next(row));
    QCOMPARE(row.line, 8);
    QCOMPARE(row.fields, fields({"z"}));
    QVERIFY(!reader.next(row));
    QCOMPARE(reader.errorLine(), 0);
}

QTEST_GUILESS_MAIN(TestCsvTable)
#include "tst_csvtable.moc"
