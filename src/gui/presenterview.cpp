#include "presenterview.h"

#include "catalog.h"
#include "document.h"
#include "lessondock.h"
#include "precisionpreset.h"
#include "presenterlesson.h"
#include "rooflinechart.h"
#include "scenario.h"
#include "theme.h"
#include "units.h"

#include <QApplication>
#include <QDockWidget>
#include <QFontMetrics>
#include <QKeyEvent>
#include <QLabel>
#include <QMainWindow>
#include <QMenuBar>
#include <QScreen>
#include <QStatusBar>

#include <algorithm>
#include <cmath>

namespace rooflab::gui {

namespace {

// How long the strip stays after a change.
constexpr int stripMs = 3500;

QString schemeLabel(const Catalog &catalog, const PrecisionScheme &scheme)
{
    if (const std::optional<qsizetype> preset = matchPreset(catalog, scheme))
        return precisionPresets().at(*preset).label;
    const auto name = [&catalog](const QString &id) {
        const Format *format = catalog.format(id);
        return format ? format->name : id;
    };
    return QCoreApplication::translate("rooflab::gui", "weights %1, activations %2")
        .arg(name(scheme.weights), name(scheme.act));
}

QString wholeNumber(double value)
{
    return QString::number(std::llround(value));
}

} // namespace

QString presenterCaption(const Catalog &catalog, const Scenario &scenario)
{
    const auto tr = [](const char *text, int n = -1) {
        return QCoreApplication::translate("rooflab::gui", text, nullptr, n);
    };
    QStringList parts;
    if (const ModelSpec *model = catalog.model(scenario.model)) {
        parts << (scenario.phase == Phase::Prefill ? tr("%1, prefill") : tr("%1, decode"))
                     .arg(model->name);
    } else {
        QStringList names;
        for (const OperatorSpec &op : scenario.operators)
            names << op.name;
        parts << (names.size() <= 2
                      ? names.join(tr(", "))
                      : countedText(names.size(), tr("%1 operator"), tr("%1 operators")));
    }
    parts << tr("batch %1").arg(wholeNumber(scenario.batch));
    parts << schemeLabel(catalog, scenario.scheme);
    if (scenario.model.isEmpty() || scenario.phase == Phase::Decode)
        parts << tr("context %1").arg(wholeNumber(scenario.seq));
    else
        parts << tr("prompt %1").arg(wholeNumber(scenario.prompt));
    // Names without the vendor, and a count beyond three: the line must fit a slide; the
    // legend names every device in full.
    QStringList devices;
    for (const QString &id : scenario.devices) {
        const Device *device = catalog.device(id);
        QString name = device ? device->name : id;
        if (device && !device->vendor.isEmpty() &&
            name.startsWith(device->vendor + QLatin1Char(' ')))
            name = name.mid(device->vendor.size() + 1);
        devices << name;
    }
    if (devices.size() > 3)
        parts << tr("%n devices", static_cast<int>(devices.size()));
    else if (!devices.isEmpty())
        parts << devices.join(tr(", "));
    return parts.join(tr("  ·  "));
}

void lockAxes(app::Document &document, RooflineChart &chart, bool lock)
{
    Presentation p = document.presentation();
    if (lock) {
        const ViewRange range = chart.viewRange();
        p.xMin = range.xMin;
        p.xMax = range.xMax;
        p.yMin = range.yMin;
        p.yMax = range.yMax;
        document.setPresentation(p, QCoreApplication::translate("rooflab::gui", "Lock the axes"));
        return;
    }
    p.followContent();
    document.setPresentation(p, QCoreApplication::translate("rooflab::gui", "Free the axes"));
    chart.resetView();
}

PresenterView::PresenterView(QMainWindow *window, app::Document *document, RooflineChart *chart)
    : QObject(window), m_window(window), m_document(document), m_chart(chart),
      m_strip(new QLabel(chart))
{
    m_strip->setObjectName(QStringLiteral("presenterStrip"));
    m_strip->setAttribute(Qt::WA_TransparentForMouseEvents);
    m_strip->setAutoFillBackground(true);
    m_strip->setMargin(6); // small: it stands over the plot
    m_strip->hide();
    m_hideTimer.setSingleShot(true);
    m_hideTimer.setInterval(stripMs);
    connect(&m_hideTimer, &QTimer::timeout, m_strip, &QWidget::hide);
    connect(m_document, &app::Document::changed, this, [this] {
        if (m_active)
            refreshStrip();
    });
    // A new size: a new place, laid out for it.
    connect(m_chart, &RooflineChart::plotResized, this, [this] {
        if (m_strip->isVisible())
            placeStrip();
    });
    // The document tells this view of a change before the window redraws the chart: a strip
    // that has just appeared takes its place again from the figure that change brings.
    // Beside the plot it stood where nothing was drawn; a new figure (a wider text, new tick
    // labels) may draw there now: then it moves.
    connect(m_chart, &RooflineChart::analysisShown, this, [this] {
        if (!m_strip->isVisible())
            return;
        if (m_placeOnRedraw ||
            (m_stripBesidePlot &&
             m_chart->hiddenAt(m_strip->geometry(), RooflineChart::Room::Figure) > 0))
            placeStrip();
    });
}

PresenterView::~PresenterView()
{
    if (m_active)
        qApp->removeEventFilter(this);
}

void PresenterView::enter(QScreen *screen)
{
    if (m_active)
        return;
    m_active = true;
    m_wasMaximized = m_window->isMaximized();
    m_normalGeometry = m_window->normalGeometry();
    m_dockState = m_window->saveState();
    m_hiddenDocks.clear();
    const QList<QDockWidget *> docks = m_window->findChildren<QDockWidget *>();
    for (QDockWidget *dock : docks) {
        if (dock->isVisible()) {
            m_hiddenDocks.append(dock);
            dock->hide();
        }
    }
    m_window->menuBar()->hide();
    m_window->statusBar()->hide();
    if (screen && screen != m_window->screen()) {
        m_window->showNormal();
        m_window->setGeometry(screen->availableGeometry());
    }
    const QRect target = (screen ? screen : m_window->screen())->geometry();
    m_window->showFullScreen();
    m_window->setGeometry(target); // where no window manager applies the full-screen state
    qApp->installEventFilter(this);
    m_chart->setFocus(Qt::OtherFocusReason);
    Q_EMIT activeChanged(true);
    refreshStrip();
}

void PresenterView::leave()
{
    if (!m_active)
        return;
    m_active = false;
    qApp->removeEventFilter(this);
    m_hideTimer.stop();
    m_strip->hide();
    m_window->menuBar()->show();
    m_window->statusBar()->show();
    for (const QPointer<QWidget> &dock : std::as_const(m_hiddenDocks)) {
        if (dock)
            dock->show();
    }
    m_hiddenDocks.clear();
    // Shown one by one, tabbed docks would each come to the front in turn: the layout as it
    // was puts back the tabs that were in front (Controls, not Diagnosis).
    m_window->restoreState(m_dockState);
    m_window->showNormal();
    m_window->setGeometry(m_normalGeometry);
    if (m_wasMaximized)
        m_window->showMaximized();
    Q_EMIT activeChanged(false);
}

void PresenterView::setLessonDock(LessonDock *dock)
{
    m_lesson = dock;
    // A step moves the lesson's own chart, not the document: the strip's "Step 2 of 7" would
    // lag a step behind the title.
    connect(dock, &LessonDock::chartChanged, this, [this] {
        if (m_active && inLesson())
            refreshStrip();
    });
}

bool PresenterView::inLesson() const
{
    return m_lesson && m_lesson->isActive();
}

bool PresenterView::handleLessonKey(const QKeyEvent *key, bool press)
{
    const LessonPlayer *player = m_lesson->player();
    if (!player || player->isRevealed())
        return false;
    const AnswerKind kind = player->step().question.answer;
    if (kind == AnswerKind::Choice && key->key() >= Qt::Key_1 && key->key() <= Qt::Key_9) {
        const int index = key->key() - Qt::Key_1;
        if (index >= player->step().question.choices.size())
            return false;
        if (press)
            m_lesson->submitChoice(index);
        return true;
    }
    if (kind != AnswerKind::Number)
        return false;
    const QString typed = m_lesson->typedAnswer();
    if (isNumberKeyText(key->text())) {
        if (press && typed.size() < 24)
            m_lesson->setTypedAnswer(typed + key->text());
        return true;
    }
    if (key->key() == Qt::Key_Backspace && !typed.isEmpty()) {
        if (press)
            m_lesson->setTypedAnswer(typed.chopped(1));
        return true;
    }
    if ((key->key() == Qt::Key_Return || key->key() == Qt::Key_Enter) && !typed.isEmpty()) {
        if (press)
            m_lesson->submitNumber(typed);
        return true;
    }
    return false;
}

bool PresenterView::eventFilter(QObject *watched, QEvent *event)
{
    if (!m_active || !watched->isWidgetType() ||
        static_cast<QWidget *>(watched)->window() != m_window)
        return QObject::eventFilter(watched, event);
    if (event->type() == QEvent::ShortcutOverride || event->type() == QEvent::KeyPress) {
        auto *key = static_cast<QKeyEvent *>(event);
        const bool plain = (key->modifiers() & ~Qt::KeypadModifier) == Qt::NoModifier;
        if (plain && inLesson() && key->key() != Qt::Key_Escape) {
            // A lesson's answer keys; the keys that edit the document are swallowed.
            static const QList<int> documentKeys = {Qt::Key_Up, Qt::Key_Down, Qt::Key_P, Qt::Key_L};
            if (handleLessonKey(key, event->type() == QEvent::KeyPress) ||
                documentKeys.contains(key->key())) {
                event->accept();
                return true;
            }
            return QObject::eventFilter(watched, event);
        }
        static const QList<int> keys = {Qt::Key_Up, Qt::Key_Down, Qt::Key_P, Qt::Key_L,
                                        Qt::Key_Escape};
        if (plain && keys.contains(key->key())) {
            // Overriding the shortcut keeps P and L from the Edit and View menus.
            if (event->type() == QEvent::KeyPress)
                handleKey(key->key());
            event->accept();
            return true;
        }
    }
    return QObject::eventFilter(watched, event);
}

bool PresenterView::handleKey(int key)
{
    switch (key) {
    case Qt::Key_Up:
    case Qt::Key_Down: {
        const double factor = key == Qt::Key_Up ? 2.0 : 0.5;
        // The bounds of Edit › Double the batch.
        m_document->setBatch(
            std::clamp(std::round(m_document->scenario().batch * factor), 1.0, 4096.0));
        return true;
    }
    case Qt::Key_P:
        cycleScheme();
        return true;
    case Qt::Key_L:
        lockAxes(*m_document, *m_chart, !m_document->presentation().fixedRange());
        return true;
    case Qt::Key_Escape:
        leave();
        return true;
    default:
        return false;
    }
}

// The next preset every shown device can run, after the current one.
void PresenterView::cycleScheme()
{
    const Catalog &catalog = m_document->catalog();
    const Scenario &scenario = m_document->scenario();
    const QList<PrecisionPreset> &presets = precisionPresets();
    const qsizetype current = matchPreset(catalog, scenario.scheme).value_or(-1);
    for (qsizetype step = 1; step <= presets.size(); ++step) {
        const PrecisionPreset &next = presets.at((current + step) % presets.size());
        if (presetUnavailableReason(catalog, next, scenario.devices).isEmpty()) {
            m_document->setScheme(schemeFor(next, scenario.scheme.kv));
            return;
        }
    }
}

void PresenterView::refreshStrip()
{
    // Two lines, what is set over the keys: narrow enough for the top left of the plot.
    if (inLesson()) {
        m_stripText = tr("%1\nPgDn next   PgUp previous   Space reveal   Esc leave")
                          .arg(m_lesson->player()->progressText());
    } else {
        const Scenario &scenario = m_document->scenario();
        const QString axes =
            m_document->presentation().fixedRange() ? tr("axes locked") : tr("axes follow");
        m_stripText = tr("Batch %1   ·   %2   ·   %3\n↑ ↓ batch   P precision   L lock   "
                         "Esc leave")
                          .arg(wholeNumber(scenario.batch),
                               schemeLabel(m_document->catalog(), scenario.scheme), axes);
    }
    // As large as the chart's text: read from the back of the room too.
    QFont font = unscaledFont();
    font.setPointSizeF(font.pointSizeF() *
                       std::max(m_document->presentation().textScale, presenterTextScale));
    m_strip->setFont(font);
    const QRect before = m_strip->geometry();
    showStripText(m_stripBrief);
    // Up already, it keeps its form, middle and top: a batch step does not send it across the
    // chart, unless its new width would take it out of the room it was placed in or, beside
    // the plot, over something drawn there. A lesson's step brings new notes, which do not
    // know of the strip: there it is placed anew each time.
    if (m_strip->isVisible() && !inLesson()) {
        m_strip->move(before.center().x() - m_strip->width() / 2, before.y());
        if (!stripRoom().contains(m_strip->geometry()) ||
            (m_stripBesidePlot &&
             m_chart->hiddenAt(m_strip->geometry(), RooflineChart::Room::Figure) > 0))
            placeStrip();
    } else {
        placeStrip();
        m_placeOnRedraw = true;
        QTimer::singleShot(0, this, [this] { m_placeOnRedraw = false; });
    }
    m_strip->show();
    m_strip->raise();
    m_hideTimer.start();
}

void PresenterView::placeStrip()
{
    // In the plot, where it hides the least of the figure: a fixed corner stood over the
    // compute-bound caption or a legend below the plot. Most often it is the top left,
    // above the memory slopes. Where the plot has no free place for the whole strip (the
    // 70B model on three devices on a small screen), its first line alone, the scenario
    // without the keys; where the plot has no free place for that either, the figure's
    // margin, beside the title or under a legend beside the plot, may have one. The first of
    // those that hides nothing, else the one that hides the least.
    const int margin = 12;
    struct Choice
    {
        bool brief = false;
        QRect place;
        double hidden = 0;
    };
    Choice best{};
    bool found = false;
    for (const RooflineChart::Room room :
         {RooflineChart::Room::Plot, RooflineChart::Room::Figure}) {
        for (const bool brief : {false, true}) {
            showStripText(brief);
            Choice choice;
            choice.brief = brief;
            choice.place = m_chart->quietestPlace(m_strip->size(), margin, &choice.hidden, room);
            if (!found || choice.hidden < best.hidden) {
                best = choice;
                found = true;
            }
            if (best.hidden <= 0)
                break;
        }
        if (best.hidden <= 0)
            break;
    }
    showStripText(best.brief);
    // The whole chart's search may still find its place over the plot.
    m_stripBesidePlot = !best.place.intersects(m_chart->plotArea());
    m_strip->move(best.place.topLeft());
}

QRect PresenterView::stripRoom() const
{
    return m_stripBesidePlot ? m_chart->rect() : m_chart->plotArea();
}

void PresenterView::showStripText(bool brief)
{
    m_stripBrief = brief;
    m_strip->setText(brief ? m_stripText.section(QLatin1Char('\n'), 0, 0) : m_stripText);
    m_strip->adjustSize();
}

} // namespace rooflab::gui
