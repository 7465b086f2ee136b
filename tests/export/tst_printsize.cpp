// Print sizes: `rooflab export --size 3.5in --dpi 300` gives a figure that measures what the
// writer asked for, in every format, and warns when its text prints too small.
#include "printsize.h"
#include "runrooflab.h"
#include "testhelpers.h"

#include <QFile>
#include <QImage>
#include <QSvgRenderer>
#include <QTemporaryDir>
#include <QTest>

using namespace rooflab;

namespace {

QString s(const char *text)
{
    return QString::fromUtf8(text);
}

} // namespace

class TestPrintSize : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;

    rooflab::test::Run rooflab(const QStringList &arguments)
    {
        return rooflab::test::runRooflab(s(ROOFLAB_EXE), QStringList{s("export")} + arguments,
                                         m_dir.path(), 60000);
    }

    QByteArray readAll(const QString &path)
    {
        QFile file(path);
        return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
    }

private Q_SLOTS:
    void sizesParse_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("width");
        QTest::addColumn<int>("height");
        QTest::addColumn<bool>("physical");
        // 96 figure pixels to the inch; the default figure is 1600 × 1000, aspect 1.6.
        // 3.5 in × 96 = 336 px; 336 / 1.6 = 210 px.
        QTest::newRow("single column") << s("3.5in") << 336 << 210 << true;
        // 7 in × 96 = 672; 4.5 in × 96 = 432.
        QTest::newRow("two columns") << s("7inx4.5in") << 672 << 432 << true;
        // The height's unit serves the width: 3.5 in = 336, 2.625 in = 252.
        QTest::newRow("one unit") << s("3.5x2.625in") << 336 << 252 << true;
        // 8.89 cm = 3.5 in = 336 px; 66.675 mm = 2.625 in = 252 px.
        QTest::newRow("cm and mm") << s("8.89cmx66.675mm") << 336 << 252 << true;
        // 2.6 in × 96 = 249.6 px, laid out on 250 whole pixels.
        QTest::newRow("rounded") << s("3.5inx2.6in") << 336 << 250 << true;
        QTest::newRow("pixels") << s("1200x800") << 1200 << 800 << false;
        QTest::newRow("pixels named") << s("1200pxx800px") << 1200 << 800 << false;
    }

    void sizesParse()
    {
        QFETCH(QString, text);
        QFETCH(int, width);
        QFETCH(int, height);
        QFETCH(bool, physical);
        PrintSize size;
        QString error;
        QVERIFY2(parsePrintSize(text, 1.6, &size, &error), qPrintable(error));
        QCOMPARE(size.width, width);
        QCOMPARE(size.height, height);
        QCOMPARE(size.physical, physical);
    }

    void singleColumnPngAtPrintResolution()
    {
        const QString file = m_dir.filePath(s("column.png"));
        const auto run = rooflab({s("-o"), file, s("--size"), s("3.5inx2.625in"), s("--dpi"),
                                  s("300"), s("--device"), s("h100-sxm5")});
        QVERIFY2(run.finished && run.exitCode == 0, run.err.constData());
        QVERIFY2(run.err.isEmpty(), run.err.constData());
        const QImage image(file);
        // 3.5 in × 300 dpi = 1050 px; 2.625 in × 300 = 787.5, drawn on 788 (252 figure px
        // × 300/96 = 787.5, rounded half up).
        QCOMPARE(image.size(), QSize(1050, 788));
        // 300 dots per inch / 0.0254 m per inch = 11811.02 dots per metre, stored whole.
        QCOMPARE(image.dotsPerMeterX(), 11811);
        QCOMPARE(image.dotsPerMeterY(), 11811);
    }

    void physicalSizeDefaultsToPrintResolution()
    {
        const QString file = m_dir.filePath(s("default-dpi.png"));
        const auto run = rooflab({s("-o"), file, s("--size"), s("7in")});
        QVERIFY2(run.finished && run.exitCode == 0, run.err.constData());
        // 7 in at the default 300 dpi: 2100 px; the height keeps 1600:1000, so 672 / 1.6 =
        // 420 figure px, × 300/96 = 1312.5, drawn on 1313.
        QCOMPARE(QImage(file).size(), QSize(2100, 1313));
    }

    void vectorFilesMeasureThePrintSize()
    {
        const QString svg = m_dir.filePath(s("column.svg"));
        auto run = rooflab({s("-o"), svg, s("--size"), s("3.5inx2.625in")});
        QVERIFY2(run.finished && run.exitCode == 0, run.err.constData());
        // 336 × 252 px at 96 px/in is 3.5 × 2.625 in.
        QSvgRenderer renderer(readAll(svg));
        QCOMPARE(renderer.defaultSize(), QSize(336, 252));
        const QString pdf = m_dir.filePath(s("column.pdf"));
        run = rooflab({s("-o"), pdf, s("--size"), s("3.5inx2.625in")});
        QVERIFY2(run.finished && run.exitCode == 0, run.err.constData());
        // 3.5 in × 72 pt = 252 pt, 2.625 in × 72 = 189 pt.
        QVERIFY(readAll(pdf).contains("/MediaBox [0 0 252.000000 189.000000]"));
    }

    void smallTextIsWarnedOf()
    {
        const QString file = m_dir.filePath(s("small.png"));
        const auto run =
            rooflab({s("-o"), file, s("--size"), s("3.5in"), s("--text-scale"), s("0.5")});
        QVERIFY2(run.finished && run.exitCode == 0, run.err.constData());
        // The smallest font is 12 px at text scale 1; × 0.5 = 6 px; × 72/96 = 4.5 pt. 6 pt
        // is 8 px, 8 / 12 = 0.667, so 0.67 is the scale to ask for. 336 × 210 px = 3.5 ×
        // 2.1875 in, printed with three significant digits.
        QCOMPARE(QString::fromUtf8(run.err).trimmed(),
                 s("rooflab: warning: %1: its smallest text is 4.5 pt at its printed size of 3.5 "
                   "x 2.19 in, under the 6 pt a printed figure should keep; use --text-scale "
                   "0.67 or more")
                     .arg(file));
        QVERIFY(QFile::exists(file));
        // At 0.75 the smallest text is 9 px = 6.75 pt: no warning.
        const auto fine =
            rooflab({s("-o"), file, s("--size"), s("3.5in"), s("--text-scale"), s("0.75")});
        QVERIFY2(fine.finished && fine.exitCode == 0, fine.err.constData());
        QVERIFY2(fine.err.isEmpty(), fine.err.constData());
    }

    void badSizesAreRefused_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("message");
        QTest::newRow("not a size")
            << QStringList{s("--size"), s("wide")} << s("rooflab: --size: \"wide\" is not a size");
        QTest::newRow("unknown unit") << QStringList{s("--size"), s("3.5ft")}
                                      << s("rooflab: --size: unknown unit \"ft\" in \"3.5ft\"");
        QTest::newRow("with --width")
            << QStringList{s("--size"), s("3.5in"), s("--width"), s("400")}
            << s("rooflab: --size: gives the width and height; drop "
                 "--width");
        QTest::newRow("dpi and scale") << QStringList{s("--dpi"), s("300"), s("--scale"), s("2")}
                                       << s("rooflab: --dpi: sets the PNG's scale");
        // 0.1 × 96 = 9.6 to 8 × 96 = 768 dpi, the --scale range.
        QTest::newRow("dpi too high") << QStringList{s("--dpi"), s("1200")}
                                      << s("rooflab: --dpi: must be from 9.6 to 768, got 1200");
        QTest::newRow("dpi not a number")
            << QStringList{s("--dpi"), s("high")} << s("rooflab: --dpi: expected a number");
        // 0.1 in × 96 = 9.6 px, drawn on 10: under the 16 px least side.
        QTest::newRow("too small") << QStringList{s("--size"), s("0.1in")} << s("rooflab: --size");
    }

    void badSizesAreRefused()
    {
        QFETCH(QStringList, arguments);
        QFETCH(QString, message);
        const QString file = m_dir.filePath(s("refused.png"));
        const auto run = rooflab(QStringList{s("-o"), file} + arguments);
        QVERIFY(run.finished);
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(QString::fromUtf8(run.err).startsWith(message), run.err.constData());
        QVERIFY(!QFile::exists(file));
    }
};

QTEST_MAIN(TestPrintSize)
#include "tst_printsize.moc"
