// The window on small and large screens: the chart's share of the width, controls that are
// never clipped, docks that follow the window and the model, menu shortcuts from any field,
// one status line, and Quit › Discard that really discards.
#include "appsettings.h"
#include "controlspanel.h"
#include "document.h"
#include "exportdialog.h"
#include "fileactions.h"
#include "mainwindow.h"
#include "rooflinechart.h"
#include "scenariofile.h"
#include "windowtest.h"

#include <QAbstractButton>
#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QFile>
#include <QMessageBox>
#include <QScopeGuard>
#include <QScrollArea>
#include <QScrollBar>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStatusBar>
#include <QStyle>
#include <QStyleOption>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <functional>
#include <memory>

using namespace rooflab;
using namespace rooflab::gui;

namespace {

QString s(const char *text)
{
    return QString::fromUtf8(text);
}

// Every visible widget under `root` whose rectangle leaves its parent's: a clipped control.
QStringList clippedChildren(const QWidget *root)
{
    QStringList clipped;
    const QList<QWidget *> children = root->findChildren<QWidget *>();
    for (const QWidget *child : children) {
        const QWidget *parent = child->parentWidget();
        if (!child->isVisible() || child->isWindow() || !parent)
            continue;
        if (!QRect(QPoint(), parent->size()).contains(child->geometry()))
            clipped << QStringLiteral("%1 %2 in %3 %4x%5")
                           .arg(QString::fromLatin1(child->metaObject()->className()),
                                child->objectName(), parent->objectName())
                           .arg(parent->width())
                           .arg(parent->height());
    }
    return clipped;
}

// Every visible control under `root` whose text is wider than the room the style gives it:
// a combo box item or spin box value that would be cut, a button narrower than its text.
QStringList cutTexts(const QWidget *root)
{
    QStringList cut;
    const auto say = [&](const QWidget *w, const QString &text, int need, int room) {
        cut << QStringLiteral("%1 %2 \"%3\": %4 px in %5")
                   .arg(QString::fromLatin1(w->metaObject()->className()), w->objectName(), text)
                   .arg(need)
                   .arg(room);
    };
    for (const QComboBox *combo : root->findChildren<QComboBox *>()) {
        if (!combo->isVisible())
            continue;
        QStyleOptionComboBox option;
        option.initFrom(combo);
        option.editable = combo->isEditable();
        const int room =
            combo->style()
                ->subControlRect(QStyle::CC_ComboBox, &option, QStyle::SC_ComboBoxEditField, combo)
                .width();
        for (int i = 0; i < combo->count(); ++i) {
            const int need = combo->fontMetrics().horizontalAdvance(combo->itemText(i));
            if (need > room)
                say(combo, combo->itemText(i), need, room);
        }
    }
    for (const QAbstractSpinBox *spin : root->findChildren<QAbstractSpinBox *>()) {
        if (!spin->isVisible())
            continue;
        QStyleOptionSpinBox option;
        option.initFrom(spin);
        option.buttonSymbols = spin->buttonSymbols();
        option.subControls = QStyle::SC_SpinBoxFrame | QStyle::SC_SpinBoxEditField |
                             QStyle::SC_SpinBoxUp | QStyle::SC_SpinBoxDown;
        option.frame = spin->hasFrame();
        const int room =
            spin->style()
                ->subControlRect(QStyle::CC_SpinBox, &option, QStyle::SC_SpinBoxEditField, spin)
                .width();
        // The widest value it can show: its maximum with prefix and suffix.
        QString widest;
        if (const auto *i = qobject_cast<const QSpinBox *>(spin))
            widest = i->prefix() + i->locale().toString(i->maximum()) + i->suffix();
        else if (const auto *d = qobject_cast<const QDoubleSpinBox *>(spin))
            widest =
                d->prefix() + d->locale().toString(d->maximum(), 'f', d->decimals()) + d->suffix();
        // The edit field's line edit keeps 2 px either side of the text.
        const int need = spin->fontMetrics().horizontalAdvance(widest) + 4;
        if (need > room)
            say(spin, widest, need, room);
        if (spin->width() < spin->minimumSizeHint().width())
            say(spin, QStringLiteral("(arrows)"), spin->minimumSizeHint().width(), spin->width());
    }
    for (const QAbstractButton *button : root->findChildren<QAbstractButton *>()) {
        if (!button->isVisible() || button->text().isEmpty())
            continue;
        const int need = button->sizeHint().width();
        if (need > button->width())
            say(button, button->text(), need, button->width());
    }
    return cut;
}

// Answers the next message box with `button` once it is shown, after calling `whenShown`.
void answerNextMessageBox(QMessageBox::StandardButton button,
                          const std::function<void()> &whenShown = {})
{
    auto *timer = new QTimer;
    timer->setInterval(20);
    QObject::connect(timer, &QTimer::timeout, timer, [timer, button, whenShown] {
        if (auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget())) {
            if (whenShown)
                whenShown();
            box->button(button)->click();
            timer->deleteLater();
        }
    });
    timer->start();
}

} // namespace

class TestWindowLayout : public QObject
{
    Q_OBJECT

    Catalog m_catalog = Catalog::builtin();

    std::unique_ptr<rooflab::test::ShownWindow> show(QSize size)
    {
        return std::make_unique<rooflab::test::ShownWindow>(
            m_catalog, rooflab::test::twoOperatorScenario(m_catalog), size);
    }

private Q_SLOTS:
    void initTestCase() { rooflab::test::isolateSettings("rooflab-windowlayout-tests"); }

    void smallScreenKeepsThePlotWideAndNothingClipped()
    {
        auto shown = show(QSize(1280, 800));
        QVERIFY(shown->exposed());
        MainWindow *window = shown->window();
        QVERIFY2(window->chart()->width() >= 0.55 * window->width(),
                 qPrintable(QStringLiteral("chart %1 of %2 px")
                                .arg(window->chart()->width())
                                .arg(window->width())));
        const QStringList clipped = clippedChildren(window->controls());
        QVERIFY2(clipped.isEmpty(), qPrintable(clipped.join(s("; "))));
        // The panel itself fits the dock's viewport across: nothing cut at the right edge.
        QVERIFY(window->controls()->width() <= window->controlsScroll()->viewport()->width());
    }

    void largestTextScrollsRatherThanClips()
    {
        auto shown = show(QSize(1280, 800));
        Presentation p = shown->document()->presentation();
        p.textScale = 2.25;
        shown->document()->setPresentation(p, s("Largest text"));
        QApplication::processEvents();
        MainWindow *window = shown->window();
        const QStringList clipped = clippedChildren(window->controls());
        QVERIFY2(clipped.isEmpty(), qPrintable(clipped.join(s("; "))));
        // Wider than the dock now, the panel scrolls: a scroll bar, not a cut edge.
        QScrollArea *scroll = window->controlsScroll();
        QVERIFY(window->controls()->width() >= window->controls()->minimumSizeHint().width());
        if (window->controls()->width() > scroll->viewport()->width())
            QVERIFY(scroll->horizontalScrollBar()->isVisible());
        // The chart keeps its share: the docks scroll rather than push it aside.
        QVERIFY2(window->chart()->width() >= 0.55 * window->width(),
                 qPrintable(QStringLiteral("chart %1 of %2 px")
                                .arg(window->chart()->width())
                                .arg(window->width())));
        p.textScale = 1;
        shown->document()->setPresentation(p, s("Normal text"));
    }

    void controlsFitAtEveryScaleAndSize_data()
    {
        QTest::addColumn<QSize>("size");
        QTest::addColumn<double>("scale");
        for (const QSize size : {QSize(1280, 800), QSize(1600, 1000), QSize(1920, 1080)}) {
            for (const double scale : {1.0, 1.35, 1.75, 2.25}) {
                const QByteArray name = QStringLiteral("%1x%2 at %3 %")
                                            .arg(size.width())
                                            .arg(size.height())
                                            .arg(qRound(scale * 100))
                                            .toLatin1();
                QTest::newRow(name.constData()) << size << scale;
            }
        }
    }

    void controlsFitAtEveryScaleAndSize()
    {
        QFETCH(QSize, size);
        QFETCH(double, scale);
        auto shown = show(size);
        QVERIFY(shown->exposed());
        MainWindow *window = shown->window();
        Presentation p = shown->document()->presentation();
        p.textScale = scale;
        shown->document()->setPresentation(p, s("Text size"));
        // Normal text again for the next test, also when this one fails.
        const auto normal = qScopeGuard([&] {
            p.textScale = 1;
            shown->document()->setPresentation(p, s("Normal text"));
        });
        QApplication::processEvents();
        ControlsPanel *controls = window->controls();
        const QStringList clipped = clippedChildren(controls);
        QVERIFY2(clipped.isEmpty(), qPrintable(clipped.join(s("; "))));
        const QStringList cut = cutTexts(controls);
        QVERIFY2(cut.isEmpty(), qPrintable(cut.join(s("; "))));
        // The panel is never narrower than it needs; wider than the dock's viewport only
        // with a scroll bar to reach the rest.
        QScrollArea *scroll = window->controlsScroll();
        QVERIFY(controls->width() >= controls->minimumSizeHint().width());
        if (controls->width() > scroll->viewport()->width())
            QVERIFY(scroll->horizontalScrollBar()->isVisible());
        if (controls->height() > scroll->viewport()->height())
            QVERIFY(scroll->verticalScrollBar()->isVisible());
        // Where the docks' share of the width holds the controls, a new text size widens
        // their dock so they show whole: nothing cut at the right edge behind a scroll bar.
        if (size.width() >= 1600 && scale <= 1.35)
            QVERIFY2(controls->width() <= scroll->viewport()->width(),
                     qPrintable(QStringLiteral("panel %1 in a viewport of %2 px")
                                    .arg(controls->width())
                                    .arg(scroll->viewport()->width())));
        QVERIFY2(window->chart()->width() >= 0.55 * window->width(),
                 qPrintable(QStringLiteral("chart %1 of %2 px")
                                .arg(window->chart()->width())
                                .arg(window->width())));
    }

    void docksGrowWithTheWindow()
    {
        // From 1600 to 1920 px the side columns fit side by side at either width, so the
        // arrangement stays (a resize into or out of the compact one: tst_windowcompact).
        auto shown = show(QSize(1600, 1000));
        MainWindow *window = shown->window();
        auto *controls = window->findChild<QDockWidget *>(s("controlsDock"));
        QVERIFY(controls);
        const int before = controls->width();
        window->resize(1920, 1080);
        QTRY_VERIFY(window->width() == 1920);
        QApplication::processEvents();
        // 1920 / 1600 = 1.2: the dock keeps its share of the width, within a few pixels.
        QVERIFY2(std::abs(controls->width() - before * 1.2) <= 0.05 * before * 1.2,
                 qPrintable(QStringLiteral("%1 -> %2").arg(before).arg(controls->width())));
        QVERIFY(window->chart()->width() >= 0.55 * window->width());
    }

    void modelDocksOnlyWithAModel()
    {
        auto shown = show(QSize(1600, 1000));
        MainWindow *window = shown->window();
        auto *model = window->findChild<QDockWidget *>(s("modelDock"));
        auto *share = window->findChild<QDockWidget *>(s("shareDock"));
        auto *compare = window->findChild<QDockWidget *>(s("compareDock"));
        QVERIFY(model && share && compare);
        QVERIFY(!model->isVisible());
        QVERIFY(!share->isVisible());
        QVERIFY(compare->isHidden()); // not even as a tab behind the batch curve
        shown->document()->setModel(s("llama-3.1-8b"));
        QVERIFY(model->isVisible());
        QVERIFY(share->isVisible());
        QVERIFY(!compare->isHidden());
        shown->document()->setModel(QString());
        QVERIFY(!model->isVisible());
        QVERIFY(compare->isHidden());
    }

    void ctrlShortcutsWorkFromASpinBox()
    {
        auto shown = show(QSize(1600, 1000));
        MainWindow *window = shown->window();
        QSpinBox *spin = window->controls()->batchSpin();
        spin->setFocus();
        QTRY_VERIFY(spin->hasFocus());
        // Edit › Double the batch while the spin box has the focus: 64 x 2 = 128.
        QTest::keyClick(spin, Qt::Key_Up, Qt::ControlModifier);
        QCOMPARE(shown->document()->scenario().batch, 128.0);
        // File › Export (Ctrl+E), which a line edit would keep as "end of line".
        QSignalSpy exported(window->fileActions()->exportAction(), &QAction::triggered);
        auto *closer = new QTimer;
        closer->setInterval(20);
        connect(closer, &QTimer::timeout, closer, [closer] {
            if (QWidget *dialog = QApplication::activeModalWidget()) {
                dialog->close();
                closer->deleteLater();
            }
        });
        closer->start();
        QTest::keyClick(spin, Qt::Key_E, Qt::ControlModifier);
        QCOMPARE(exported.count(), 1);
    }

    void oneStatusLineForTheSelection()
    {
        auto shown = show(QSize(1600, 1000));
        MainWindow *window = shown->window();
        app::Document *doc = shown->document();
        const QString selected = window->selectionText();
        Q_EMIT window->chart()->pointHovered(s("h200-sxm"), s("attn-decode-8b"));
        QVERIFY(window->statusLine() != selected);
        QVERIFY(window->statusBar()->currentMessage().isEmpty());
        // A scenario change while hovering: the line is the selection's again, and new.
        doc->setBatch(128);
        QCOMPARE(window->statusLine(), window->selectionText());
        QVERIFY(window->selectionText() != selected);
        Q_EMIT window->chart()->pointHovered(s("h200-sxm"), s("attn-decode-8b"));
        doc->selectNext(1);
        QCOMPARE(window->statusLine(), window->selectionText());
    }

    void openingADarkFigureAsksBeforeTheTheme()
    {
        auto shown = show(QSize(1280, 800));
        app::Document *doc = shown->document();
        QTemporaryDir dir;
        ExportChoices choices = shown->window()->fileActions()->exportChoices();
        choices.path = dir.filePath(s("dark.png"));
        choices.format = s("png");
        choices.presentation.theme = s("dark");
        choices.presentation.width = 400;
        choices.presentation.height = 300;
        QString error;
        QVERIFY2(shown->window()->fileActions()->exportTo(choices, &error), qPrintable(error));
        QCOMPARE(doc->presentation().theme, s("light"));
        // The window moves on (batch 8) before the figure is opened again.
        doc->setBatch(8);
        doc->markSaved(); // nothing to ask about before opening another file
        // No: the scenario comes back, the window stays light. The question is asked over
        // the figure's scenario (batch 64), not over the one it replaces.
        double batchAsked = 0;
        const auto noteBatch = [&] { batchAsked = doc->scenario().batch; };
        answerNextMessageBox(QMessageBox::No, noteBatch);
        QVERIFY(shown->window()->openFile(choices.path));
        QCOMPARE(batchAsked, 64.0);
        QCOMPARE(doc->presentation().theme, s("light"));
        QCOMPARE(doc->scenario().batch, 64.0);
        // Yes: the window takes the figure's theme, still a file just opened.
        doc->setBatch(8);
        doc->markSaved();
        answerNextMessageBox(QMessageBox::Yes);
        QVERIFY(shown->window()->openFile(choices.path));
        QCOMPARE(doc->presentation().theme, s("dark"));
        QCOMPARE(doc->scenario().batch, 64.0);
        QVERIFY(!doc->isModified());
    }

    void aFileThatDoesNotSayHowToLookKeepsTheWindowsLook()
    {
        // The window dark at 175 %; a hand-written file whose view names neither a theme nor
        // a text size opens in that look, while one that names them brings its own.
        auto shown = show(QSize(1280, 800));
        app::Document *doc = shown->document();
        Presentation look = doc->presentation();
        look.theme = s("dark");
        look.textScale = 1.75;
        doc->setPresentation(look, s("Look"));
        doc->markSaved(); // nothing to ask about before opening another file
        QTemporaryDir dir;
        const auto write = [&](const QString &name, const QByteArray &view) {
            QFile file(dir.filePath(name));
            if (!file.open(QIODevice::WriteOnly))
                return QString();
            file.write(R"({"schema": "rooflab-scenario", "version": 1,
                "scenario": {"devices": ["mi300x"], "model": "llama-3.1-8b", "batch": 8,
                             "operators": []},
                "view": )" +
                       view + "}");
            return file.fileName();
        };
        const QString silent = write(s("silent.json"), R"({"show_legend": true})");
        QStringList errors; // a file the window would refuse with a message box
        QVERIFY2(loadScenarioFile(silent, m_catalog, &errors), qPrintable(errors.join(s("; "))));
        QVERIFY(shown->window()->openFile(silent));
        QCOMPARE(doc->scenario().batch, 8.0);
        QCOMPARE(doc->presentation().theme, s("dark"));
        QCOMPARE(doc->presentation().textScale, 1.75);
        const QString named = write(s("named.json"), R"({"theme": "light", "text_scale": 1.35})");
        QVERIFY(shown->window()->openFile(named));
        QCOMPARE(doc->presentation().theme, s("light"));
        QCOMPARE(doc->presentation().textScale, 1.35);
    }

    void discardedChangesDoNotComeBack()
    {
        // An untitled scenario changed and discarded: the next start has none to restore.
        {
            auto shown = show(QSize(1280, 800));
            shown->document()->setBatch(256);
            answerNextMessageBox(QMessageBox::Discard);
            QVERIFY(shown->window()->close());
            QVERIFY(app::settings::lastScenario.get().isEmpty());
        }
        // A saved file changed and discarded: the next start reopens what was saved (batch 64).
        QTemporaryDir dir;
        const QString path = dir.filePath(s("saved.json"));
        {
            auto shown = show(QSize(1280, 800));
            app::Document *doc = shown->document();
            QString error;
            QVERIFY2(saveScenarioFile(path, doc->scenario(), doc->presentation(), doc->selection(),
                                      &error),
                     qPrintable(error));
            doc->setFilePath(path);
            doc->markSaved();
            doc->setBatch(512);
            answerNextMessageBox(QMessageBox::Discard);
            QVERIFY(shown->window()->close());
            QStringList errors;
            const auto last =
                readScenarioFile(app::settings::lastScenario.get(), s("last"), m_catalog, &errors);
            QVERIFY2(last.has_value(), qPrintable(errors.join(s("; "))));
            QCOMPARE(last->scenario.batch, 64.0);
        }
        // Unchanged: the scenario as it is (batch 64 doubled to 128, then saved) comes back.
        {
            auto shown = show(QSize(1280, 800));
            shown->document()->setBatch(128);
            shown->document()->markSaved();
            QVERIFY(shown->window()->close());
            QStringList errors;
            const auto last =
                readScenarioFile(app::settings::lastScenario.get(), s("last"), m_catalog, &errors);
            QVERIFY(last.has_value());
            QCOMPARE(last->scenario.batch, 128.0);
        }
    }
};

QTEST_MAIN(TestWindowLayout)
#include "tst_windowlayout.moc"
