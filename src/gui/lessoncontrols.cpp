#include "lessoncontrols.h"

#include "lesson.h"
#include "precisionpreset.h"

#include <QAction>
#include <QComboBox>
#include <QFormLayout>
#include <QMenu>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QToolButton>

#include <cmath>

namespace rooflab::gui {

namespace {

QSpinBox *countSpin(int maximum)
{
    auto *spin = new QSpinBox;
    spin->setRange(1, maximum);
    spin->setKeyboardTracking(false);
    return spin;
}

void selectData(QComboBox *combo, const QVariant &data)
{
    const QSignalBlocker block(combo);
    combo->setCurrentIndex(combo->findData(data));
}

} // namespace

LessonControls::LessonControls(QWidget *parent)
    : QWidget(parent), m_form(new QFormLayout(this)), m_devices(new QToolButton),
      m_batch(countSpin(1 << 20)), m_seq(countSpin(1 << 24)), m_prompt(countSpin(1 << 24)),
      m_phase(new QComboBox), m_tp(new QComboBox), m_precision(new QComboBox), m_roof(new QComboBox)
{
    m_form->setContentsMargins(0, 0, 0, 0);
    m_devices->setPopupMode(QToolButton::InstantPopup);
    m_devices->setMenu(new QMenu(m_devices));
    m_devices->setToolButtonStyle(Qt::ToolButtonTextOnly);
    m_phase->addItem(tr("Decode"), phaseName(Phase::Decode));
    m_phase->addItem(tr("Prefill"), phaseName(Phase::Prefill));
    m_tp->addItem(tr("auto"), 0);
    for (const int t : {1, 2, 4, 8})
        m_tp->addItem(QString::number(t), t);
    for (const PrecisionPreset &preset : precisionPresets())
        m_precision->addItem(preset.label, preset.id);
    m_roof->addItem(tr("Datasheet"), roofModeName(RoofMode::Datasheet));
    m_roof->addItem(tr("Achievable"), roofModeName(RoofMode::Achievable));

    add(QStringLiteral("devices"), tr("Devices"), m_devices);
    add(QStringLiteral("batch"), tr("Batch"), m_batch);
    add(QStringLiteral("seq"), tr("Sequence"), m_seq);
    add(QStringLiteral("prompt"), tr("Prompt"), m_prompt);
    add(QStringLiteral("phase"), tr("Phase"), m_phase);
    add(QStringLiteral("tp"), tr("Tensor parallel"), m_tp);
    add(QStringLiteral("precision"), tr("Precision"), m_precision);
    add(QStringLiteral("weights"), tr("Weights"),
        formatCombo(&PrecisionScheme::weights, QStringLiteral("weights")));
    add(QStringLiteral("act"), tr("Activations"),
        formatCombo(&PrecisionScheme::act, QStringLiteral("act")));
    add(QStringLiteral("kv"), tr("KV cache"),
        formatCombo(&PrecisionScheme::kv, QStringLiteral("kv")));
    add(QStringLiteral("math"), tr("Math"),
        formatCombo(&PrecisionScheme::math, QStringLiteral("math")));
    add(QStringLiteral("roof"), tr("Roof"), m_roof);

    for (QSpinBox *spin : {m_batch, m_seq, m_prompt}) {
        double Scenario::*field = spin == m_batch ? &Scenario::batch
                                  : spin == m_seq ? &Scenario::seq
                                                  : &Scenario::prompt;
        connect(spin, &QSpinBox::valueChanged, this, [this, field](int value) {
            m_shown.*field = value;
            emitEdit();
        });
    }
    connect(m_phase, &QComboBox::activated, this, [this](int index) {
        m_shown.phase = phaseFromName(m_phase->itemData(index).toString()).value_or(Phase::Decode);
        emitEdit();
    });
    connect(m_tp, &QComboBox::activated, this, [this](int index) {
        const int t = m_tp->itemData(index).toInt();
        m_shown.deployment.tpAuto = t == 0;
        if (t > 0)
            m_shown.deployment.tp = t;
        emitEdit();
    });
    connect(m_precision, &QComboBox::activated, this, [this](int index) {
        m_shown.scheme = schemeFor(precisionPresets().at(index), m_shown.scheme.kv);
        emitEdit();
    });
    connect(m_roof, &QComboBox::activated, this, [this](int index) {
        m_shown.roof =
            roofModeFromName(m_roof->itemData(index).toString()).value_or(RoofMode::Datasheet);
        emitEdit();
    });
}

void LessonControls::add(const QString &name, const QString &label, QWidget *control)
{
    control->setObjectName(QStringLiteral("lesson-control-") + name);
    control->setAccessibleName(label);
    m_form->addRow(label, control);
    m_controls.insert(name, control);
}

QComboBox *LessonControls::formatCombo(QString PrecisionScheme::*field, const QString &name)
{
    auto *combo = new QComboBox;
    combo->setProperty("schemeField", name);
    m_formatCombos.append(combo);
    connect(combo, &QComboBox::activated, this, [this, combo, field](int index) {
        m_shown.scheme.*field = combo->itemData(index).toString();
        emitEdit();
    });
    return combo;
}

void LessonControls::setCatalog(const Catalog &catalog)
{
    m_catalog = catalog;
    for (QComboBox *combo : std::as_const(m_formatCombos)) {
        const QSignalBlocker block(combo);
        combo->clear();
        if (combo->property("schemeField").toString() == QLatin1String("math"))
            combo->addItem(tr("Implied (the wider operand)"), QString());
        for (const Format &format : catalog.formats())
            combo->addItem(format.name, format.id);
    }
    QMenu *menu = m_devices->menu();
    menu->clear();
    for (const Device &device : catalog.devices()) {
        QAction *action = menu->addAction(device.name);
        action->setCheckable(true);
        action->setData(device.id);
        connect(action, &QAction::toggled, this, [this, action](bool on) {
            const QString id = action->data().toString();
            if (on && !m_shown.devices.contains(id)) {
                m_shown.devices.append(id);
            } else if (!on && m_shown.devices.size() > 1) {
                m_shown.devices.removeAll(id);
            } else if (!on) {
                const QSignalBlocker block(action); // the last device stays
                action->setChecked(true);
                return;
            }
            refreshDevices();
            emitEdit();
        });
    }
}

bool LessonControls::isRowShown(const QString &name) const
{
    QWidget *control = m_controls.value(name);
    return control && m_form->isRowVisible(control);
}

void LessonControls::refreshDevices()
{
    QStringList names;
    for (QAction *action : m_devices->menu()->actions()) {
        const QSignalBlocker block(action);
        action->setChecked(m_shown.devices.contains(action->data().toString()));
        if (action->isChecked())
            names.append(action->text());
    }
    m_devices->setText(names.isEmpty() ? tr("None") : names.join(QStringLiteral(", ")));
}

void LessonControls::showScenario(const Scenario &scenario, const QStringList &unlocked)
{
    m_shown = scenario;
    const bool model = !scenario.model.isEmpty();
    for (auto it = m_controls.constBegin(); it != m_controls.constEnd(); ++it) {
        const bool open = unlocked.contains(it.key());
        it.value()->setEnabled(open);
        it.value()->setToolTip(open ? QString() : tr("Locked in this step of the lesson"));
        const bool modelOnly =
            it.key() == QLatin1String("phase") || it.key() == QLatin1String("tp");
        m_form->setRowVisible(it.value(), model || !modelOnly);
    }
    refreshDevices();
    for (QSpinBox *spin : {m_batch, m_seq, m_prompt}) {
        const QSignalBlocker block(spin);
        const double value = spin == m_batch ? scenario.batch
                             : spin == m_seq ? scenario.seq
                                             : scenario.prompt;
        spin->setValue(static_cast<int>(std::lround(value)));
    }
    selectData(m_phase, phaseName(scenario.phase));
    selectData(m_tp, scenario.deployment.tpAuto ? 0 : scenario.deployment.tp);
    selectData(m_roof, roofModeName(scenario.roof));
    const std::optional<qsizetype> preset = matchPreset(m_catalog, scenario.scheme);
    {
        const QSignalBlocker block(m_precision);
        m_precision->setCurrentIndex(preset ? static_cast<int>(*preset) : -1);
    }
    for (QComboBox *combo : std::as_const(m_formatCombos)) {
        const QString field = combo->property("schemeField").toString();
        const QString id = field == QLatin1String("weights") ? scenario.scheme.weights
                           : field == QLatin1String("act")   ? scenario.scheme.act
                           : field == QLatin1String("kv")    ? scenario.scheme.kv
                                                             : scenario.scheme.math;
        selectData(combo, id);
    }
}

void LessonControls::emitEdit()
{
    Q_EMIT edited(m_shown);
}

} // namespace rooflab::gui
