#pragma once

#include "catalog.h"
#include "scenario.h"

#include <QMap>
#include <QStringList>
#include <QWidget>

class QComboBox;
class QFormLayout;
class QSpinBox;
class QToolButton;

namespace rooflab::gui {

// The controls a lesson step may unlock (lessonControlNames(), docs/lessons.md, "In the
// window"): the devices, batch, sequence, prompt, phase, tensor-parallel degree, the
// precision preset, each format of the scheme and the roof. They show the lesson's scenario
// on screen; the ones the step unlocks can be moved, the others are shown disabled. A move
// gives the whole edited scenario; the dock draws it instead of the step's.
class LessonControls : public QWidget
{
    Q_OBJECT

public:
    explicit LessonControls(QWidget *parent = nullptr);

    // The devices and formats offered come from `catalog`.
    void setCatalog(const Catalog &catalog);
    // Shows `scenario` with the controls named in `unlocked` enabled. The phase and the
    // tensor-parallel degree belong to a model: their rows show only with one.
    void showScenario(const Scenario &scenario, const QStringList &unlocked);

    // The control of `name` (a QSpinBox, QComboBox or, for the devices, a QToolButton with a
    // menu of checkable devices); nullptr for an unknown name. For tests.
    QWidget *control(const QString &name) const { return m_controls.value(name); }
    // Whether the row of `name` is shown.
    bool isRowShown(const QString &name) const;

Q_SIGNALS:
    // The learner moved a control: the scenario on screen with that move.
    void edited(const Scenario &scenario);

private:
    void add(const QString &name, const QString &label, QWidget *control);
    QComboBox *formatCombo(QString PrecisionScheme::*field, const QString &name);
    void refreshDevices();
    void emitEdit();

    QFormLayout *m_form;
    QMap<QString, QWidget *> m_controls;
    QList<QComboBox *> m_formatCombos;
    QToolButton *m_devices;
    QSpinBox *m_batch;
    QSpinBox *m_seq;
    QSpinBox *m_prompt;
    QComboBox *m_phase;
    QComboBox *m_tp;
    QComboBox *m_precision;
    QComboBox *m_roof;
    Catalog m_catalog;
    Scenario m_shown;
};

} // namespace rooflab::gui
