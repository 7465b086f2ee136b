#pragma once

#include "catalog.h"
#include "lesson.h"
#include "lessonchart.h"
#include "lessonplayer.h"

#include <QWidget>

#include <optional>

class QAction;
class QButtonGroup;
class QEvent;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;
class QStackedWidget;
class QVBoxLayout;

namespace rooflab::gui {

class LessonControls;

// The Lessons dock: plays one lesson step by step beside the chart (docs/lessons.md,
// "Playing a lesson"). It shows the lesson's title, "Step 3 of 10", the question with an
// input for its answer (a number, a choice, or a click on the chart), the verdict, the
// reveal, and the buttons to move on. It holds the lesson's own scenarios (a LessonPlayer)
// and never sees the user's document: the window draws chart() instead of the document
// while a lesson runs.
class LessonDock : public QWidget
{
    Q_OBJECT

public:
    explicit LessonDock(QWidget *parent = nullptr);
    ~LessonDock() override;

    // Loads the lessons the Lessons menu offers: the built-in ones, the user's folder, then
    // `folders`, checked against `catalog`. Returns the problems of the lessons skipped.
    QStringList loadLessons(const Catalog &catalog, const QStringList &folders);
    const QList<Lesson> &lessons() const { return m_lessons; }

    // Plays the loaded lesson `id` from its first step; false when there is none.
    bool start(const QString &id, Theme theme);
    // Plays `lesson` from its first step; `catalog`: the presets it was checked against.
    void start(const Lesson &lesson, const Catalog &catalog, Theme theme);
    bool isActive() const { return m_player.has_value(); }
    // The player, while a lesson runs (for tests).
    const LessonPlayer *player() const { return m_player ? &*m_player : nullptr; }
    // What the chart shows for the step on screen; empty when no lesson runs.
    const LessonChart &chart() const { return m_chart; }

    // The presenter view shows the step's question and reveal as notes on the chart, in
    // presenter-sized text (presenterlesson.h); its keys answer through the calls below.
    void setPresenting(bool presenting);
    bool isPresenting() const { return m_presenting; }
    // The number the presenter is typing, shown in the question note.
    const QString &typedAnswer() const { return m_typed; }
    void setTypedAnswer(const QString &typed);
    // Judges `text` as the number answer, or choice `index` (0 is the first), as the dock's
    // Check button would.
    void submitNumber(const QString &text);
    void submitChoice(int index);

    // The keys a presenter's clicker sends: PageDown, PageUp, Space. Enabled while a lesson
    // runs; the window adds them so they work wherever the focus is.
    QList<QAction *> keyActions() const;

    // The parts of the dock, for tests.
    QLabel *progressLabel() const { return m_progress; }
    QLabel *questionLabel() const { return m_question; }
    QLabel *feedbackLabel() const { return m_feedback; }
    QLabel *revealLabel() const { return m_reveal; }
    QLineEdit *numberEdit() const { return m_number; }
    QPushButton *checkButton() const { return m_check; }
    QPushButton *revealButton() const { return m_revealButton; }
    QPushButton *nextButton() const { return m_next; }
    QPushButton *previousButton() const { return m_previous; }
    QPushButton *restartButton() const { return m_restart; }
    QPushButton *leaveButton() const { return m_leave; }
    QButtonGroup *choiceGroup() const { return m_choices; }
    // The controls a step may unlock; shown when it unlocks any, the locked ones disabled.
    LessonControls *controls() const { return m_controls; }
    // The batch, sequence or prompt input of the controls.
    QSpinBox *controlSpin(const QString &name) const;

public Q_SLOTS:
    void next();
    void previous();
    void reveal();
    void restart();
    // Shows step `index` (0 is the first), as asked.
    void goTo(int index);
    // Ends the lesson; the window then shows the user's document again.
    void leave();
    // A click on the chart: answers a point or region question.
    void pointClicked(const QString &deviceId, const QString &operatorId);
    void chartClicked(double intensity, double performance);

Q_SIGNALS:
    // The step, its reveal or a control moved: the chart has to be redrawn from chart().
    void chartChanged();
    // The lesson ended.
    void left();

protected:
    void changeEvent(QEvent *event) override;

private:
    void checkAnswer();
    void showFeedback(const AnswerFeedback &feedback);
    void refresh();
    void refreshChart();
    void rebuildChoices();
    void controlMoved(const Scenario &scenario);

    QList<Lesson> m_lessons;
    Catalog m_lessonsCatalog; // the presets the loaded lessons were checked against
    std::optional<LessonPlayer> m_player;
    Catalog m_catalog;
    Theme m_theme = Theme::Light;
    std::optional<LessonScenario> m_moved; // the learner's change to the step's scenario
    LessonChart m_chart;
    bool m_presenting = false;
    QString m_typed;

    QLabel *m_lessonTitle;
    QLabel *m_progress;
    QLabel *m_stepTitle;
    QLabel *m_question;
    QStackedWidget *m_answer;
    QLineEdit *m_number;
    QPushButton *m_check;
    QWidget *m_choicePage;
    QVBoxLayout *m_choiceLayout;
    QButtonGroup *m_choices;
    QLabel *m_clickHint;
    LessonControls *m_controls;
    QLabel *m_feedback;
    QLabel *m_reveal;
    QPushButton *m_previous;
    QPushButton *m_revealButton;
    QPushButton *m_next;
    QPushButton *m_restart;
    QPushButton *m_leave;
    QAction *m_nextKey;
    QAction *m_previousKey;
    QAction *m_revealKey;
};

} // namespace rooflab::gui
