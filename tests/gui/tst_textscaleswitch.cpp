// Going back from large text to 100 % leaves nothing of the large size behind: the roofline
// chart draws as in a window that was at 100 % all along, and the smaller notes of the
// Diagnosis sheet follow the window's font. (Opening a file saved at 100 % from a window at
// 225 % is this path: the file's text scale replaces the window's.)
#include "mainwindow.h"
#include "rooflinechart.h"
#include "windowtest.h"

#include <QApplication>
#include <QDockWidget>
#include <QImage>
#include <QLabel>
#include <QTest>

#include <cmath>

#include <memory>

using namespace rooflab;
using namespace rooflab::gui;

namespace {

QString s(const char *text)
{
    return QString::fromUtf8(text);
}

// How many pixels of `a` and `b` differ (all of them when the sizes differ).
qsizetype differingPixels(const QImage &a, const QImage &b)
{
    if (a.size() != b.size())
        return qsizetype(a.width()) * a.height();
    qsizetype count = 0;
    for (int y = 0; y < a.height(); ++y) {
        for (int x = 0; x < a.width(); ++x)
            count += a.pixel(x, y) != b.pixel(x, y);
    }
    return count;
}

} // namespace

class TestTextScaleSwitch : public QObject
{
    Q_OBJECT

    Catalog m_catalog = Catalog::builtin();

private Q_SLOTS:
    void initTestCase() { rooflab::test::isolateSettings("rooflab-textscaleswitch-tests"); }

    // The chart of a window that went 100 % → 225 % → 100 % is, pixel for pixel, the chart
    // of a window at 100 % of the same size. At 1152×720 (a 1280×800 screen) the 225 % step
    // rearranges the docks, so the chart changes size twice on the way.
    void theChartForgetsTheLargeText()
    {
        const QSize size(1152, 720);
        QImage travelled;
        QSize travelledSize;
        {
            rooflab::test::ShownWindow shown(m_catalog, rooflab::test::llama70bOnThreeDevices(),
                                             size);
            QVERIFY(shown.exposed());
            rooflab::test::setTextScale(shown.document(), 2.25);
            rooflab::test::setTextScale(shown.document(), 1.0);
            travelledSize = shown.window()->chart()->size();
            travelled = shown.window()->chart()->grab().toImage();
        }
        rooflab::test::ShownWindow fresh(m_catalog, rooflab::test::llama70bOnThreeDevices(), size);
        QVERIFY(fresh.exposed());
        rooflab::test::setTextScale(fresh.document(), 1.0);
        RooflineChart *chart = fresh.window()->chart();
        if (chart->size() != travelledSize) // the docks may settle a pixel apart: same size
            chart->window()->resize(chart->window()->size() + travelledSize - chart->size());
        QApplication::processEvents();
        QTest::qWait(50);
        QCOMPARE(chart->size(), travelledSize);
        const QImage stayed = chart->grab().toImage();
        const qsizetype differ = differingPixels(travelled, stayed);
        if (differ != 0) {
            travelled.save(s("textscaleswitch-travelled.png"));
            stayed.save(s("textscaleswitch-stayed.png"));
        }
        QVERIFY2(differ == 0,
                 qPrintable(s("%1 pixels differ (images saved beside the test)").arg(differ)));
    }

    // A note of the Diagnosis sheet ("Speed: throughput there ÷ …") is drawn at 85 % of the
    // sheet's font at every text scale, including after the scale went down again.
    void diagnosisNotesFollowTheTextScale()
    {
        rooflab::test::ShownWindow shown(m_catalog, rooflab::test::llama70bOnThreeDevices(),
                                         QSize(1600, 1000));
        QVERIFY(shown.exposed());
        for (const double scale : {2.25, 1.0}) {
            rooflab::test::setTextScale(shown.document(), scale);
            const auto *dock = shown.window()->findChild<QDockWidget *>(s("diagnosisDock"));
            QVERIFY(dock);
            const QLabel *note = nullptr;
            const QList<QLabel *> labels = dock->findChildren<QLabel *>();
            for (const QLabel *label : labels) {
                if (label->text().startsWith(s("Speed: throughput there")))
                    note = label;
            }
            QVERIFY2(note, "no speed note in the Diagnosis dock");
            const double sheet = note->parentWidget()->font().pointSizeF();
            const double expected = 0.85 * sheet; // the note's 85 % of the sheet's font
            QVERIFY2(std::abs(note->font().pointSizeF() - expected) < 0.05,
                     qPrintable(s("at %1 %: note %2 pt, expected %3 pt (85 % of %4 pt)")
                                    .arg(scale * 100)
                                    .arg(note->font().pointSizeF())
                                    .arg(expected)
                                    .arg(sheet)));
        }
    }

    // Every widget drawn at a multiple of its parent's size (the lesson's title at 125 %, its
    // question at 115 %, the sheets' notes at 85 %) is at that multiple at each text scale,
    // including after the scale went down again.
    void relativeSizesKeepTheirMultiple()
    {
        rooflab::test::ShownWindow shown(m_catalog, rooflab::test::llama70bOnThreeDevices(),
                                         QSize(1600, 1000));
        QVERIFY(shown.exposed());
        for (const double scale : {1.0, 2.25, 1.75, 1.0}) {
            rooflab::test::setTextScale(shown.document(), scale);
            int checked = 0;
            const QList<QWidget *> widgets = shown.window()->findChildren<QWidget *>();
            for (const QWidget *w : widgets) {
                const QVariant factor = w->property("rooflabFontFactor");
                if (!factor.isValid() || !w->parentWidget())
                    continue;
                const double ratio =
                    w->font().pointSizeF() / w->parentWidget()->font().pointSizeF();
                QVERIFY2(std::abs(ratio - factor.toDouble()) < 0.01,
                         qPrintable(s("at %1 %: \"%2\" is %3 of its parent, not %4")
                                        .arg(scale * 100)
                                        .arg(w->property("text").toString().left(40))
                                        .arg(ratio)
                                        .arg(factor.toDouble())));
                ++checked;
            }
            // The lesson dock's four and the Diagnosis sheet's notes and bold cells at least.
            QVERIFY2(checked >= 6, qPrintable(s("%1 widgets").arg(checked)));
        }
    }
};

QTEST_MAIN(TestTextScaleSwitch)
#include "tst_textscaleswitch.moc"
