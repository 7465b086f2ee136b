#include "lessondock.h"

#include "lessoncontrols.h"
#include "lessonlibrary.h"
#include "presenterlesson.h"
#include "presenterview.h"
#include "relativefont.h"

#include <QAction>
#include <QButtonGroup>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QRadioButton>
#include <QSpinBox>
#include <QStackedWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace rooflab::gui {

namespace {

enum AnswerPage { NoAnswerPage, NumberPage, ChoicePage, ClickPage };

QLabel *wrappedLabel(QWidget *parent)
{
    auto *label = new QLabel(parent);
    label->setWordWrap(true);
    label->setTextFormat(Qt::PlainText);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return label;
}

// A number as the learner typed it: in their locale, or with a decimal point.
std::optional<double> parseNumber(const QString &text)
{
    bool ok = false;
    double value = QLocale().toDouble(text.trimmed(), &ok);
    if (!ok)
        value = QLocale::c().toDouble(text.trimmed(), &ok);
    return ok ? std::optional<double>(value) : std::nullopt;
}

} // namespace

LessonDock::LessonDock(QWidget *parent)
    : QWidget(parent), m_lessonTitle(new QLabel), m_progress(new QLabel), m_stepTitle(new QLabel),
      m_question(wrappedLabel(this)), m_answer(new QStackedWidget), m_number(new QLineEdit),
      m_check(new QPushButton(tr("Check"))), m_choicePage(new QWidget),
      m_choiceLayout(new QVBoxLayout(m_choicePage)), m_choices(new QButtonGroup(this)),
      m_clickHint(wrappedLabel(this)), m_controls(new LessonControls),
      m_feedback(wrappedLabel(this)), m_reveal(wrappedLabel(this)),
      m_previous(new QPushButton(tr("Previous"))), m_revealButton(new QPushButton(tr("Reveal"))),
      m_next(new QPushButton(tr("Next"))), m_restart(new QPushButton(tr("Restart"))),
      m_leave(new QPushButton(tr("Leave lesson"))), m_nextKey(new QAction(tr("Next step"), this)),
      m_previousKey(new QAction(tr("Previous step"), this)),
      m_revealKey(new QAction(tr("Reveal"), this))
{
    setObjectName(QStringLiteral("lessonDock"));
    setRelativeFont(m_lessonTitle, 1.25, true);
    m_lessonTitle->setWordWrap(true);
    setRelativeFont(m_stepTitle, 1.0, true);
    m_stepTitle->setWordWrap(true);
    m_progress->setAccessibleName(tr("Lesson progress"));
    // The question and the reveal are read from across a room: a little larger.
    for (QLabel *label : {m_question, m_feedback, m_reveal})
        setRelativeFont(label, 1.15);

    m_number->setPlaceholderText(tr("Your answer, e.g. 295"));
    m_number->setAccessibleName(tr("Answer"));
    auto *numberPage = new QWidget;
    auto *numberLayout = new QHBoxLayout(numberPage);
    numberLayout->setContentsMargins(0, 0, 0, 0);
    numberLayout->addWidget(m_number, 1);
    m_choiceLayout->setContentsMargins(0, 0, 0, 0);
    m_answer->addWidget(new QWidget);
    m_answer->addWidget(numberPage);
    m_answer->addWidget(m_choicePage);
    m_answer->addWidget(m_clickHint);

    connect(m_controls, &LessonControls::edited, this, &LessonDock::controlMoved);

    m_feedback->setTextFormat(Qt::PlainText);
    m_reveal->setFrameShape(QFrame::StyledPanel);
    m_reveal->setMargin(6);

    auto *steps = new QHBoxLayout;
    steps->addWidget(m_previous);
    steps->addWidget(m_revealButton);
    steps->addWidget(m_next);
    auto *session = new QHBoxLayout;
    session->addWidget(m_restart);
    session->addStretch();
    session->addWidget(m_leave);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_lessonTitle);
    layout->addWidget(m_progress);
    layout->addSpacing(6);
    layout->addWidget(m_stepTitle);
    layout->addWidget(m_question);
    layout->addWidget(m_answer);
    layout->addWidget(m_check, 0, Qt::AlignLeft);
    layout->addWidget(m_controls);
    layout->addWidget(m_feedback);
    layout->addWidget(m_reveal);
    layout->addStretch(1);
    layout->addLayout(steps);
    layout->addLayout(session);

    connect(m_check, &QPushButton::clicked, this, &LessonDock::checkAnswer);
    connect(m_number, &QLineEdit::returnPressed, this, &LessonDock::checkAnswer);
    connect(m_previous, &QPushButton::clicked, this, &LessonDock::previous);
    connect(m_revealButton, &QPushButton::clicked, this, &LessonDock::reveal);
    connect(m_next, &QPushButton::clicked, this, &LessonDock::next);
    connect(m_restart, &QPushButton::clicked, this, &LessonDock::restart);
    connect(m_leave, &QPushButton::clicked, this, &LessonDock::leave);

    // A presentation clicker sends PageDown and PageUp; Space reveals.
    m_nextKey->setShortcut(QKeySequence(Qt::Key_PageDown));
    m_previousKey->setShortcut(QKeySequence(Qt::Key_PageUp));
    m_revealKey->setShortcut(QKeySequence(Qt::Key_Space));
    connect(m_nextKey, &QAction::triggered, this, &LessonDock::next);
    connect(m_previousKey, &QAction::triggered, this, &LessonDock::previous);
    connect(m_revealKey, &QAction::triggered, this, &LessonDock::reveal);
    for (QAction *action : keyActions()) {
        action->setShortcutContext(Qt::WindowShortcut);
        action->setEnabled(false);
    }
    refreshRelativeFonts(this); // the labels are in the layouts now: sized from the dock's font
    refresh();
}

LessonDock::~LessonDock() = default;

QList<QAction *> LessonDock::keyActions() const
{
    return {m_nextKey, m_previousKey, m_revealKey};
}

QSpinBox *LessonDock::controlSpin(const QString &name) const
{
    return qobject_cast<QSpinBox *>(m_controls->control(name));
}

QStringList LessonDock::loadLessons(const Catalog &catalog, const QStringList &folders)
{
    const LessonLibrary library = LessonLibrary::standard(catalog, folders);
    m_lessons = library.lessons();
    m_lessonsCatalog = catalog;
    return library.problems();
}

bool LessonDock::start(const QString &id, Theme theme)
{
    for (const Lesson &lesson : std::as_const(m_lessons)) {
        if (lesson.id == id) {
            start(lesson, m_lessonsCatalog, theme);
            return true;
        }
    }
    return false;
}

void LessonDock::start(const Lesson &lesson, const Catalog &catalog, Theme theme)
{
    m_catalog = catalog;
    m_controls->setCatalog(catalog);
    m_theme = theme;
    m_player.emplace(lesson, catalog);
    m_moved.reset();
    for (QAction *action : keyActions())
        action->setEnabled(true);
    refresh();
    refreshChart();
}

void LessonDock::leave()
{
    if (!m_player)
        return;
    m_player.reset();
    m_moved.reset();
    m_chart = LessonChart();
    for (QAction *action : keyActions())
        action->setEnabled(false);
    refresh();
    Q_EMIT left();
}

void LessonDock::next()
{
    if (m_player && m_player->next()) {
        m_moved.reset();
        refresh();
        refreshChart();
    }
}

void LessonDock::previous()
{
    if (m_player && m_player->previous()) {
        m_moved.reset();
        refresh();
        refreshChart();
    }
}

void LessonDock::reveal()
{
    if (m_player && m_player->reveal()) {
        m_moved.reset(); // the reveal shows its own scenario
        refresh();
        refreshChart();
    }
}

void LessonDock::goTo(int index)
{
    if (m_player && m_player->goTo(index)) {
        m_moved.reset();
        refresh();
        refreshChart();
    }
}

void LessonDock::restart()
{
    if (!m_player)
        return;
    m_player->restart();
    m_moved.reset();
    refresh();
    refreshChart();
}

void LessonDock::pointClicked(const QString &deviceId, const QString &operatorId)
{
    if (m_player && !m_player->isRevealed() &&
        m_player->step().question.answer == AnswerKind::Point)
        showFeedback(m_player->answerPoint(deviceId, operatorId));
}

void LessonDock::chartClicked(double intensity, double performance)
{
    Q_UNUSED(performance); // a region is a range of intensity
    if (m_player && !m_player->isRevealed() &&
        m_player->step().question.answer == AnswerKind::Region)
        showFeedback(m_player->answerRegion(intensity));
}

void LessonDock::setPresenting(bool presenting)
{
    if (m_presenting == presenting)
        return;
    m_presenting = presenting;
    m_typed.clear();
    refreshChart();
}

void LessonDock::setTypedAnswer(const QString &typed)
{
    m_typed = typed;
    refreshChart();
}

void LessonDock::submitNumber(const QString &text)
{
    m_number->setText(text);
    m_typed.clear();
    checkAnswer();
    refreshChart(); // the verdict, or the hint again, in the question note
}

void LessonDock::submitChoice(int index)
{
    if (QAbstractButton *button = m_choices->button(index)) {
        button->setChecked(true);
        checkAnswer();
    }
}

void LessonDock::checkAnswer()
{
    if (!m_player || m_player->isRevealed())
        return;
    const AnswerKind kind = m_player->step().question.answer;
    if (kind == AnswerKind::Number) {
        const std::optional<double> value = parseNumber(m_number->text());
        if (!value) {
            m_feedback->setStyleSheet(QString());
            m_feedback->setText(tr("Type a number, e.g. 295 or 2.95e2."));
            return;
        }
        showFeedback(m_player->answerNumber(*value));
    } else if (kind == AnswerKind::Choice) {
        if (m_choices->checkedId() < 0) {
            m_feedback->setStyleSheet(QString());
            m_feedback->setText(tr("Pick one of the choices first."));
            return;
        }
        showFeedback(m_player->answerChoice(m_choices->checkedId()));
    }
}

void LessonDock::showFeedback(const AnswerFeedback &feedback)
{
    // Green for right, red for wrong, readable on the light and the dark theme alike.
    m_feedback->setStyleSheet(feedback.correct
                                  ? QStringLiteral("color: #2a9d3a; font-weight: bold")
                                  : QStringLiteral("color: #d62728; font-weight: bold"));
    m_feedback->setText((feedback.correct ? QStringLiteral("✔ ") : QStringLiteral("✘ ")) +
                        feedback.text);
    if (m_presenting)
        refreshChart(); // the verdict shows in the question note
}

void LessonDock::rebuildChoices()
{
    for (QAbstractButton *button : m_choices->buttons()) {
        m_choices->removeButton(button);
        delete button;
    }
    if (!m_player)
        return;
    const QStringList choices = m_player->choices();
    for (qsizetype i = 0; i < choices.size(); ++i) {
        auto *button = new QRadioButton(choices.at(i));
        m_choices->addButton(button, static_cast<int>(i));
        m_choiceLayout->addWidget(button);
    }
}

void LessonDock::refresh()
{
    const bool active = m_player.has_value();
    for (QWidget *w : std::initializer_list<QWidget *>{m_previous, m_revealButton, m_next,
                                                       m_restart, m_leave, m_check, m_number})
        w->setEnabled(active);
    if (!active) {
        m_lessonTitle->setText(tr("No lesson"));
        m_progress->setText(tr("Pick one from the Lessons menu."));
        for (QLabel *label : {m_stepTitle, m_question, m_feedback, m_reveal})
            label->clear();
        m_reveal->hide();
        m_answer->setCurrentIndex(NoAnswerPage);
        m_check->hide();
        m_controls->hide();
        rebuildChoices();
        return;
    }
    const LessonPlayer &player = *m_player;
    const LessonStep &step = player.step();
    m_lessonTitle->setText(player.lesson().title);
    m_progress->setText(player.progressText());
    m_stepTitle->setText(step.title);
    m_question->setText(player.questionText());
    m_number->clear();
    m_typed.clear();
    rebuildChoices();
    m_feedback->clear();
    m_feedback->setStyleSheet(QString());

    const bool revealed = player.isRevealed();
    const AnswerKind kind = step.question.answer;
    const int page = kind == AnswerKind::Number                                ? NumberPage
                     : kind == AnswerKind::Choice                              ? ChoicePage
                     : kind == AnswerKind::Point || kind == AnswerKind::Region ? ClickPage
                                                                               : NoAnswerPage;
    m_answer->setCurrentIndex(page);
    m_answer->setEnabled(!revealed);
    m_clickHint->setText(kind == AnswerKind::Point ? tr("Answer by clicking a point on the chart.")
                                                   : tr("Answer by clicking the chart."));
    m_check->setVisible(page == NumberPage || page == ChoicePage);
    m_check->setEnabled(!revealed);
    m_reveal->setVisible(revealed);
    m_reveal->setText(player.revealText());

    // The controls show when the step unlocks any; the locked ones are disabled.
    m_controls->showScenario(player.scenario().scenario, step.controls);
    m_controls->setVisible(!step.controls.isEmpty());

    m_previous->setEnabled(player.canGoPrevious());
    m_next->setEnabled(player.canGoNext());
    m_revealButton->setEnabled(!revealed);
}

void LessonDock::controlMoved(const Scenario &scenario)
{
    if (!m_player)
        return;
    // The step's achievable fractions stay; the scenario is the one the controls show.
    LessonScenario moved = m_moved ? *m_moved : m_player->scenario();
    moved.scenario = scenario;
    m_moved = moved;
    refreshChart();
}

void LessonDock::refreshChart()
{
    if (!m_player)
        return;
    m_chart = lessonChart(*m_player, m_catalog, m_theme, true, m_moved ? &*m_moved : nullptr);
    if (m_presenting) {
        // The docks are hidden: the chart says which step it is and asks the question.
        m_chart.options.fontScale = std::max(m_chart.options.fontScale, presenterTextScale);
        m_chart.options.title = presenterLessonTitle(*m_player);
        // The model's brief title is a form of its own title, not of this one: a small chart
        // would show it in the step's place.
        m_chart.options.titleBrief.clear();
        m_chart.options.annotations += presenterNotes(*m_player, m_chart.analysis, m_typed);
    }
    Q_EMIT chartChanged();
}

void LessonDock::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange || event->type() == QEvent::StyleChange)
        refreshRelativeFonts(this); // the titles and the question at a new text scale
}

} // namespace rooflab::gui
