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
        const QString share = formatNumber(point.pctOfPeak, 3) + s("% of ");
        QVERIFY2(shownText.contains(share + (shownText == selection ? s("the ") : QString()) +
                                    s("BF16 peak")),
                 qPrintable(shownText + s(" / ") + share));
    }

    // The brief form names the device as the chart's key does and drops the ridge; the
    // figures are the whole form's (the selected point: the H100's attention projections).
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
        // "intensity 15.94 FLOP/B (ridge 295.4 FLOP/B), memory-bound, 7.24 ms, 5.4% of the BF16
        // peak" loses "intensity", the parenthesis and "the"; the rest is the same text.
        const qsizetype ridge = whole.indexOf(s(" (ridge"));
        const qsizetype ridgeEnd = whole.indexOf(QLatin1Char(')'), ridge);
        QVERIFY(ridge > 0 && ridgeEnd > ridge);
        const QString figures = whole.mid(whole.indexOf(s("intensity ")) + 10,
                                          ridge - whole.indexOf(s("intensity ")) - 10);
        QString rest = whole.mid(ridgeEnd + 1);
        QVERIFY(rest.endsWith(s(" of the BF16 peak")));
        rest.replace(s(" of the BF16 peak"), s(" of BF16 peak"));
        QVERIFY2(brief.endsWith(figures + rest), qPrintable(brief + s(" / ") + whole));
        // The shortest leaves the time out too: ", 7.24 ms".
        QString withoutTime = brief;
        withoutTime.remove(s(", ") + formatDuration(point.time));
        QCOMPARE(briefs.last(), withoutTime);
        QVERIFY(withoutTime.size() < brief.size());
        // A norm's share is of another peak: the H100 has no BF16 vector roof, so RMSNorm
        // runs on its FP32 vector roof (docs/roofline.md), and the brief form says so.
        const PointAnalysis *norm = nullptr;
        for (const PointAnalysis &p : doc->analysis().points) {
            if (p.deviceId == s("h100-sxm5") && p.kind == OperatorKind::RmsNorm)
                norm = &p;
        }
        QVERIFY(norm);
        for (const QString &form : pointtext::briefSummaries(doc->analysis(), *norm))
            QVERIFY2(form.endsWith(s("% of FP32 peak")), qPrintable(form));
    }

    // Narrower than every form: the shortest, ending in "…"; where a middle form fits, that
    // one, not the shortest.
    void theShortestFormIsElidedLast()
    {
        StatusLine line;
        line.show(); // a hidden widget gets its resize events only when shown
        const QString whole = s("Alpha beta gamma delta epsilon zeta eta theta iota kappa");
        const QStringList shorter = {s("Alpha beta gamma delta"), s("Alpha beta")};
        line.setLine(whole, shorter);
        const QFontMetrics metrics = line.fontMetrics();
        // Room for the middle form but not the whole line.
        line.resize(metrics.horizontalAdvance(shorter.first()) + 4, 20);
        QCOMPARE(line.shownText(), shorter.first());
        // Room for none: the shortest form, elided.
        line.resize(metrics.horizontalAdvance(shorter.last()) / 2, 20);
        const QString shown = line.shownText();
        QVERIFY2(shown.endsWith(QChar(0x2026)) && shorter.last().startsWith(shown.chopped(1)),
                 qPrintable(shown));
        QCOMPARE(line.line(), whole);
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
