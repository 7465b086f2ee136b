// CSV and Markdown tables: quoting, escaping, and rows that carry hand-derived figures.
#include "catalog.h"
#include "evaluate.h"
#include "tableexport.h"
#include "testhelpers.h"

#include <QTest>

using namespace rooflab;

namespace {

QString s(const char *text)
{
    return QString::fromUtf8(text);
}

// Splits RFC 4180 text into records of fields: the test's own reader, written from the RFC.
QList<QStringList> parseCsv(const QString &text)
{
    QList<QStringList> records;
    QStringList record;
    QString field;
    bool quoted = false;
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text.at(i);
        if (quoted) {
            if (c == QLatin1Char('"') && i + 1 < text.size() &&
                text.at(i + 1) == QLatin1Char('"')) {
                field += c;
                ++i;
            } else if (c == QLatin1Char('"')) {
                quoted = false;
            } else {
                field += c;
            }
        } else if (c == QLatin1Char('"')) {
            quoted = true;
        } else if (c == QLatin1Char(',')) {
            record.append(field);
            field.clear();
        } else if (c == QLatin1Char('\r') && i + 1 < text.size() &&
                   text.at(i + 1) == QLatin1Char('\n')) {
            record.append(field);
            records.append(record);
            record.clear();
            field.clear();
            ++i;
        } else {
            field += c;
        }
    }
    return records;
}

// One H100 SXM5 and one custom operator of 1e12 FLOP over 1e9 bytes, bf16 math.
Analysis customOnH100(const Catalog &catalog)
{
    Scenario scenario;
    scenario.devices = {s("h100-sxm5")};
    OperatorSpec op;
    op.id = s("big");
    op.name = s("Big, \"custom\" | op");
    op.kind = OperatorKind::Custom;
    op.flops = 1e12;
    op.bytes = 1e9;
    scenario.operators = {op};
    return evaluate(catalog, scenario);
}

// The value of column `name` in `record`, by the header's order.
QString column(const QList<QStringList> &rows, qsizetype record, const char *name)
{
    return rows.at(record).value(rows.at(0).indexOf(s(name)));
}

} // namespace

class TestTableExport : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void csvField_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("expected");
        QTest::newRow("plain") << s("h100-sxm5") << s("h100-sxm5");
        QTest::newRow("empty") << QString() << QString();
        QTest::newRow("comma") << s("a,b") << s("\"a,b\"");
        QTest::newRow("quote") << s("say \"hi\"") << s("\"say \"\"hi\"\"\"");
        QTest::newRow("newline") << s("two\nlines") << s("\"two\nlines\"");
        QTest::newRow("carriage return") << s("a\rb") << s("\"a\rb\"");
        QTest::newRow("markup stays") << s("<b>x</b>") << s("<b>x</b>");
    }

    void csvField()
    {
        QFETCH(QString, text);
        QFETCH(QString, expected);
        QCOMPARE(rooflab::csvField(text), expected);
    }

    void markdownCell_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("expected");
        QTest::newRow("plain") << s("8B MLP up (decode)") << s("8B MLP up (decode)");
        QTest::newRow("pipe") << s("a|b") << s("a\\|b");
        QTest::newRow("html") << s("<script>alert(1)</script>")
                              << s("\\<script\\>alert(1)\\</script\\>");
        QTest::newRow("emphasis and code") << s("*x* _y_ `z`") << s("\\*x\\* \\_y\\_ \\`z\\`");
        QTest::newRow("backslash") << s("a\\|") << s("a\\\\\\|");
        QTest::newRow("link") << s("[a](b)") << s("\\[a\\](b)");
        QTest::newRow("entity") << s("&lt;") << s("\\&lt;");
        QTest::newRow("line breaks") << s("a\r\nb\tc") << s("a  b c");
    }

    void markdownCell()
    {
        QFETCH(QString, text);
        QFETCH(QString, expected);
        QCOMPARE(rooflab::markdownCell(text), expected);
    }

    void formatNames()
    {
        QCOMPARE(tableFormatFromName(s("CSV")), std::optional(TableFormat::Csv));
        QCOMPARE(tableFormatFromName(s("md")), std::optional(TableFormat::Markdown));
        QCOMPARE(tableFormatFromName(s("markdown")), std::optional(TableFormat::Markdown));
        QVERIFY(!tableFormatFromName(s("png")));
    }

    void csvRows()
    {
        const Catalog catalog = Catalog::builtin();
        const Analysis analysis = customOnH100(catalog);
        QVERIFY2(analysis.problems.isEmpty(), qPrintable(analysis.problems.join(s("; "))));
        const QByteArray bytes = writeCsvTable(analysis);
        QVERIFY(bytes.endsWith("\r\n"));
        const QList<QStringList> rows = parseCsv(QString::fromUtf8(bytes));
        // Header, 1 point, then the H100's roofs: 1 memory level (main) and 8 compute
        // ceilings (vector fp64/fp32, matrix fp64/tf32/bf16/fp16/fp8/int8) = 11 records.
        QCOMPARE(rows.size(), 11);
        for (const QStringList &row : rows)
            QCOMPARE(row.size(), rows.at(0).size());

        QCOMPARE(column(rows, 1, "record"), s("point"));
        QCOMPARE(column(rows, 1, "device"), s("h100-sxm5"));
        QCOMPARE(column(rows, 1, "device_name"), s("NVIDIA H100 SXM5 80GB"));
        QCOMPARE(column(rows, 1, "operator"), s("Big, \"custom\" | op"));
        QCOMPARE(column(rows, 1, "math"), s("bf16"));
        QCOMPARE(column(rows, 1, "bound"), s("compute"));
        ROOFLAB_COMPARE_DOUBLE(column(rows, 1, "flops").toDouble(), 1e12);
        ROOFLAB_COMPARE_DOUBLE(column(rows, 1, "bytes").toDouble(), 1e9);
        // 1e12 FLOP / 1e9 B = 1000 FLOP/B
        ROOFLAB_COMPARE_DOUBLE(column(rows, 1, "intensity_flop_per_byte").toDouble(), 1000);
        // min(989.5e12, 3.35e12 B/s * 1000 FLOP/B = 3.35e15) = 989.5e12 FLOP/s
        ROOFLAB_COMPARE_DOUBLE(column(rows, 1, "attainable_flop_per_s").toDouble(), 989.5e12);
        // t_math = 1e12 / 989.5e12 = 1.0106114199e-3 s; t_mem = 1e9 / 3.35e12 = 2.98507e-4 s
        ROOFLAB_COMPARE_NEAR(column(rows, 1, "t_math_s").toDouble(), 1.0106114199e-3, 1e-9);
        ROOFLAB_COMPARE_NEAR(column(rows, 1, "t_mem_s").toDouble(), 2.9850746269e-4, 1e-9);
        ROOFLAB_COMPARE_NEAR(column(rows, 1, "t_s").toDouble(), 1.0106114199e-3, 1e-9);
        // bf16 ridge = 989.5e12 / 3.35e12 = 295.3731343 FLOP/B
        ROOFLAB_COMPARE_NEAR(column(rows, 1, "ridge_flop_per_byte").toDouble(), 295.3731343, 1e-9);

        QCOMPARE(column(rows, 2, "record"), s("roof"));
        QCOMPARE(column(rows, 2, "roof_kind"), s("memory"));
        QCOMPARE(column(rows, 2, "memory_level"), s("main"));
        QCOMPARE(column(rows, 2, "memory_name"), s("HBM3"));
        QCOMPARE(column(rows, 2, "value_unit"), s("B/s"));
        ROOFLAB_COMPARE_DOUBLE(column(rows, 2, "value").toDouble(), 3.35e12);
        QVERIFY(column(rows, 2, "ridge_flop_per_byte").isEmpty());

        bool sawFp8 = false;
        for (qsizetype r = 3; r < rows.size(); ++r) {
            QCOMPARE(column(rows, r, "roof_kind"), s("compute"));
            QCOMPARE(column(rows, r, "value_unit"), s("FLOP/s"));
            // Only the matrix bf16 roof answers to the bf16 custom operator.
            const bool bf16Matrix =
                column(rows, r, "math") == s("bf16") && column(rows, r, "unit") == s("matrix");
            QCOMPARE(column(rows, r, "used_by_points"), bf16Matrix ? s("true") : s("false"));
            if (column(rows, r, "math") != s("fp8"))
                continue;
            sawFp8 = true;
            QCOMPARE(column(rows, r, "unit"), s("matrix"));
            ROOFLAB_COMPARE_DOUBLE(column(rows, r, "value").toDouble(), 1979e12);
            // 1979e12 / 3.35e12 = 590.7462687 FLOP/B
            ROOFLAB_COMPARE_NEAR(column(rows, r, "ridge_flop_per_byte").toDouble(), 590.7462687,
                                 1e-9);
        }
        QVERIFY(sawFp8);
    }

    void cellsCarryNoRoundingNoise()
    {
        // The A100 80GB's achievable HBM roof: 2039e9 B/s × 0.85 = 1.73315e12 B/s. In doubles
        // the product is 1733150000000.0002; a table shows 15 significant digits, so the
        // cell reads the figure itself.
        const Catalog catalog = Catalog::builtin();
        Scenario scenario;
        scenario.devices = {s("a100-sxm4-80gb")};
        scenario.roof = RoofMode::Achievable;
        OperatorSpec op;
        op.id = s("stream");
        op.name = s("Stream");
        op.kind = OperatorKind::Custom;
        op.flops = 1e9;
        op.bytes = 1e9;
        scenario.operators = {op};
        const Analysis analysis = evaluate(catalog, scenario);
        QVERIFY2(analysis.problems.isEmpty(), qPrintable(analysis.problems.join(s("; "))));
        const QList<QStringList> rows = parseCsv(QString::fromUtf8(writeCsvTable(analysis)));
        QCOMPARE(column(rows, 2, "roof_kind"), s("memory"));
        QCOMPARE(column(rows, 2, "value"), s("1733150000000"));
        // The point: 1 FLOP/B on that slope attains 1.73315e12 FLOP/s; its time is
        // 1e9 B / 1.73315e12 B/s = 5.76984104087932e-4 s, to 15 significant digits.
        QCOMPARE(column(rows, 1, "attainable_flop_per_s"), s("1733150000000"));
        QCOMPARE(column(rows, 1, "t_mem_s"), s("0.000576984104087932"));
    }

    void markdownRows()
    {
        const Catalog catalog = Catalog::builtin();
        const QString text = QString::fromUtf8(writeMarkdownTable(customOnH100(catalog)));
        const QStringList lines = text.split(QLatin1Char('\n'));
        QVERIFY(lines.contains(s("## Points (datasheet roofs)")));
        QVERIFY(lines.contains(s("## Roofs (datasheet)")));
        QStringList tableLines;
        for (const QString &line : lines) {
            if (line.startsWith(QLatin1Char('|')))
                tableLines.append(line);
        }
        // Points: header, rule, 1 row; roofs: header, rule, 1 memory + 8 compute rows.
        QCOMPARE(tableLines.size(), 3 + 11);
        const QString point = tableLines.at(2);
        QVERIFY2(point.startsWith(s("| NVIDIA H100 SXM5 80GB | Big, \"custom\" \\| op | bf16 |")),
                 qPrintable(point));
        // 1e12 FLOP, 1 GB, intensity 1000, 989.5 TFLOP/s, compute-bound.
        QVERIFY2(point.contains(s("| 1 TFLOP | 1 GB | 1000 | 989.5 TFLOP/s | compute |")),
                 qPrintable(point));
        // Every row has as many unescaped pipes as its header: the escaped one is not a cell.
        auto cells = [](const QString &line) {
            return line.count(QLatin1Char('|')) - line.count(s("\\|"));
        };
        QCOMPARE(cells(point), cells(tableLines.at(0)));
        QVERIFY2(
            text.contains(s("| NVIDIA H100 SXM5 80GB | memory | main (HBM3) |  | 3.35 TB/s |")),
            qPrintable(text));
    }
};

QTEST_GUILESS_MAIN(TestTableExport)
#include "tst_tableexport.moc"
