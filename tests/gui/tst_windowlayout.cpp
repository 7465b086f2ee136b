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
#include <QDockWidget>
#include <QMessageBox>
#include <QScrollArea>
#include <QScrollBar>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QUndoStack>

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

// Answers the next message box with `button` once it is shown.
void answerNextMessageBox(QMessageBox::StandardButton button)
{
    auto *timer = new QTimer;
    timer->setInterval(20);
    QObject::connect(timer, &QTimer::timeout, timer, [timer, button] {
        if (auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget())) {
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

    void docksGrowWithTheWindow()
    {
        auto shown = show(QSize(1280, 800));
        MainWindow *window = shown->window();
        auto *controls = window->findChild<QDockWidget *>(s("controlsDock"));
        QVERIFY(controls);
        const int before = controls->width();
        window->resize(1920, 1080);
        QTRY_VERIFY(window->width() == 1920);
        QApplication::processEvents();
        // 1920 / 1280 = 1.5: the dock keeps its share of the width, within a few pixels.
        QVERIFY2(std::abs(controls->width() - before * 1.5) <= 0.05 * before * 1.5,
                 qPrintable(QStringLiteral("%1 -> %2").arg(before).arg(controls->width())));
        QVERIFY(window->chart()->width() >= 0.55 * window->width());
    }

    void modelDocksOnlyWithAModel()
    {
        auto shown = show(QSize(1600, 1000));
        MainWindow *window = shown->window();
        auto *model = window->findChild<QDockWidget *>(s("modelDock"));
        auto *share = window->findChild<QDockWidget *>(s("shareDock"));
        QVERIFY(model && share);
        QVERIFY(!model->isVisible());
        QVERIFY(!share->isVisible());
        shown->document()->setModel(s("llama-3.1-8b"));
        QVERIFY(model->isVisible());
        QVERIFY(share->isVisible());
        shown->document()->setModel(QString());
        QVERIFY(!model->isVisible());
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
        // No: the scenario comes back, the window stays light.
        answerNextMessageBox(QMessageBox::No);
        QVERIFY(shown->window()->openFile(choices.path));
        QCOMPARE(doc->presentation().theme, s("light"));
        QCOMPARE(doc->scenario().batch, 64.0);
        // Yes: the window takes the figure's theme.
        answerNextMessageBox(QMessageBox::Yes);
        QVERIFY(shown->window()->openFile(choices.path));
        QCOMPARE(doc->presentation().theme, s("dark"));
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
