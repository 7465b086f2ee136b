// The status bar's one line on a laptop (issue #12: "text that loses facts"). The model's
// line (the selection's figures, then the fit sentence) is wider than a 1152 px window: the
// line shows the selection's figures whole where they fit, and at large text a shorter form
// of them, so that the point's bound, time and share of the peak are never elided away.
#include "document.h"
#include "mainwindow.h"
#include "pointtext.h"
#include "rooflinechart.h"
#include "statusline.h"
#include "units.h"
#include "windowtest.h"

#include <QStatusBar>
#include <QTest>

using namespace rooflab;
using namespace rooflab::gui;

namespace {

QString s(const char *text)
{
    return QString::fromUtf8(text);
}

} // namespace

class TestStatusLine : public QObject
{
    Q_OBJECT

    Catalog m_catalog = Catalog::builtin();

private Q_SLOTS:
    void initTestCase() { rooflab::test::isolateSettings("rooflab-statusline-tests"); }

    void aLongLineKeepsTheSelectionsFacts_data()
    {
        QTest::addColumn<double>("textScale");
        QTest::newRow("text 1") << 1.0;
        QTest::newRow("text 2.25") << 2.25;
    }

    void aLongLineKeepsTheSelectionsFacts()
    {
        QFETCH(double, textScale);
        rooflab::test::ShownWindow shown(m_catalog, rooflab::test::llama70bOnThreeDevices(),
                                         QSize(1152, 720));
        QVERIFY(shown.exposed());
        rooflab::test::setTextScale(shown.document(), textScale);
        const auto *line = shown.window()->statusBar()->findChild<StatusLine *>();
        QVERIFY(line);
        const app::Document *doc = shown.document();
        QVERIFY(doc->selectedPoint());
        const PointAnalysis &point = *doc->selectedPoint();
        const QString whole = shown.window()->statusLine();
        const QString selection = pointtext::summary(doc->analysis(), point);
        const QFontMetrics metrics = line->fontMetrics();
        // The premise: the whole line (figures, then "Does not fit …") is too wide.
        QVERIFY2(whole.startsWith(selection) && whole.contains(s("Does not fit")),
                 qPrintable(whole));
        QVERIFY2(metrics.horizontalAdvance(whole) > line->width(),
                 qPrintable(s("\"%1\" fits %2 px").arg(whole).arg(line->width())));
        QVERIFY(line->toolTip().startsWith(whole));
        // Shown: the longest of the selection's forms that fits, whole.
        const QString shownText = line->shownText();
        QVERIFY2(metrics.horizontalAdvance(shownText) <= line->width(), qPrintable(shownText));
        const QStringList forms =
            QStringList{selection} + pointtext::briefSummaries(doc->analysis(), point);
        const qsizetype at = forms.indexOf(shownText);
        QVERIFY2(at >= 0, qPrintable(shownText + s(" / ") + forms.join(s(" / "))));
        for (qsizetype i = 0; i < at; ++i)
            QVERIFY2(metrics.horizontalAdvance(forms.at(i)) > line->width(),
                     qPrintable(forms.at(i)));
        // Whichever form is shown, the facts a reader looks for are there in full.
        QVERIFY2(shownText.contains(pointtext::boundText(point.bound)), qPrintable(shownText));
        const QString share = s("%1% of").arg(point.pctOfPeak, 0, 'g', 2);
        QVERIFY2(
            shownText.contains(share + (shownText == selection ? s(" the BF16 peak") : s(" peak"))),
            qPrintable(shownText + s(" / ") + share));
    }

    // The brief form names the device as the chart's key does and drops the ridge: the
    // selected H100's MLP projections, figures as in the whole form.
    void theBriefFormIsTheSameFactsInFewerWords()
    {
        rooflab::test::ShownWindow shown(m_catalog, rooflab::test::llama70bOnThreeDevices(),
                                         QSize(1152, 720));
        const app::Document *doc = shown.document();
        QVERIFY(doc->selectedPoint());
        const PointAnalysis &point = *doc->selectedPoint();
        QCOMPARE(point.deviceId, s("h100-sxm5"));
        const QString whole = pointtext::summary(doc->analysis(), point);
        const QStringList briefs = pointtext::briefSummaries(doc->analysis(), point);
        QCOMPARE(briefs.size(), 2);
        const QString &brief = briefs.first();
        QVERIFY2(brief.startsWith(point.operatorName + s(" on H100: ")), qPrintable(brief));
        QVERIFY2(!brief.contains(s("ridge")), qPrintable(brief));
        // "intensity 15.96 FLOP/B (ridge 295.4 FLOP/B), memory-bound, 33.7 ms, 5.4% of the BF16
        // peak" loses "intensity", the parenthesis and "the BF16"; the rest is the same text.
        const qsizetype ridge = whole.indexOf(s(" (ridge"));
        const qsizetype ridgeEnd = whole.indexOf(QLatin1Char(')'), ridge);
        QVERIFY(ridge > 0 && ridgeEnd > ridge);
        const QString figures = whole.mid(whole.indexOf(s("intensity ")) + 10,
                                          ridge - whole.indexOf(s("intensity ")) - 10);
        QString rest = whole.mid(ridgeEnd + 1);
        QVERIFY(rest.endsWith(s(" of the BF16 peak")));
        rest.replace(s(" of the BF16 peak"), s(" of peak"));
        QVERIFY2(brief.endsWith(figures + rest), qPrintable(brief + s(" / ") + whole));
        // The shortest leaves the time out too: ", 33.7 ms".
        QString withoutTime = brief;
        withoutTime.remove(s(", ") + formatDuration(point.time));
        QCOMPARE(briefs.last(), withoutTime);
        QVERIFY(withoutTime.size() < brief.size());
    }

    // A hovered point takes the line with its own shorter form; leaving it brings back the
    // selection's forms.
    void aHoveredPointIsShortenedToo()
    {
        rooflab::test::ShownWindow shown(m_catalog, rooflab::test::llama70bOnThreeDevices(),
                                         QSize(1152, 720));
        QVERIFY(shown.exposed());
        rooflab::test::setTextScale(shown.document(), 2.25);
        const auto *line = shown.window()->statusBar()->findChild<StatusLine *>();
        QVERIFY(line);
        const QString before = line->shownText();
        const PointAnalysis *hovered = nullptr;
        for (const PointAnalysis &p : shown.document()->analysis().points) {
            if (p.deviceId == s("h200-sxm") && !hovered)
                hovered = &p;
        }
        QVERIFY(hovered);
        Q_EMIT shown.window()->chart()->pointHovered(hovered->deviceId, hovered->operatorId);
        const QStringList briefs =
            pointtext::briefSummaries(shown.document()->analysis(), *hovered);
        QVERIFY2(briefs.contains(line->shownText()), qPrintable(line->shownText()));
        QVERIFY2(line->shownText().contains(pointtext::boundText(hovered->bound)),
                 qPrintable(line->shownText()));
        Q_EMIT shown.window()->chart()->pointHovered(QString(), QString());
        QCOMPARE(line->shownText(), before);
    }
};

QTEST_MAIN(TestStatusLine)
#include "tst_statusline.moc"
