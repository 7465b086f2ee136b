#include "controlspanel.h"
#include "ui_controlspanel.h"

#include "batchscale.h"
#include "deploymentcontrols.h"
#include "document.h"
#include "pointtext.h"
#include "precisionpreset.h"
#include "schemedialog.h"
#include "units.h"
#include "windowlayout.h"

#include <QButtonGroup>
#include <QGridLayout>
#include <QSignalBlocker>
#include <QToolButton>

namespace rooflab::gui {

namespace {

const QStringList kvChoices = {QStringLiteral("bf16"), QStringLiteral("fp8-e4m3")};

void setChecked(QListWidgetItem *item, bool checked)
{
    item->setCheckState(checked ? Qt::Checked : Qt::Unchecked);
}

} // namespace

ControlsPanel::ControlsPanel(Document *document, QWidget *parent)
    : QWidget(parent), m_ui(std::make_unique<Ui::ControlsPanel>()), m_document(document),
      m_schemeGroup(new QButtonGroup(this))
{
    m_ui->setupUi(this);
    m_ui->batchSlider->setRange(0, batchscale::maximumPosition());
    m_ui->batchSlider->setSingleStep(1);
    m_ui->batchSlider->setPageStep(batchscale::stepsPerDoubling);
    m_ui->batchSpin->setMaximum(1 << 20);
    m_ui->batchSpin->setKeyboardTracking(false);
    m_ui->seqSpin->setKeyboardTracking(false);
    m_ui->seqSpin->setStepType(QAbstractSpinBox::AdaptiveDecimalStepType);
    m_ui->promptSpin->setKeyboardTracking(false);
    m_ui->promptSpin->setStepType(QAbstractSpinBox::AdaptiveDecimalStepType);
    m_ui->phaseCombo->addItem(tr("Decode"), phaseName(Phase::Decode));
    m_ui->phaseCombo->addItem(tr("Prefill"), phaseName(Phase::Prefill));
    m_ui->roofCombo->addItem(tr("Datasheet"), roofModeName(RoofMode::Datasheet));
    m_ui->roofCombo->addItem(tr("Achievable"), roofModeName(RoofMode::Achievable));
    // How the model is served, right below the model it serves.
    m_deployment = new DeploymentControls(document, this);
    m_ui->mainLayout->insertWidget(m_ui->mainLayout->indexOf(m_ui->workloadGroup) + 1,
                                   m_deployment);
    createSchemeButtons();
    fillLists();
    keepSpinBoxValuesWhole(this); // after the deployment controls: theirs too
    connectEdits();
    connect(m_document, &Document::changed, this, [this](app::Change change) {
        if (change.testFlag(app::ChangeFlag::Scenario))
            refresh();
    });
    refresh();
}

ControlsPanel::~ControlsPanel() = default;

QSlider *ControlsPanel::batchSlider() const
{
    return m_ui->batchSlider;
}
QSpinBox *ControlsPanel::batchSpin() const
{
    return m_ui->batchSpin;
}
QSpinBox *ControlsPanel::sequenceSpin() const
{
    return m_ui->seqSpin;
}
QSpinBox *ControlsPanel::promptSpin() const
{
    return m_ui->promptSpin;
}
QComboBox *ControlsPanel::modelCombo() const
{
    return m_ui->modelCombo;
}
QComboBox *ControlsPanel::phaseCombo() const
{
    return m_ui->phaseCombo;
}
QComboBox *ControlsPanel::kvCombo() const
{
    return m_ui->kvCombo;
}
QComboBox *ControlsPanel::roofCombo() const
{
    return m_ui->roofCombo;
}
QListWidget *ControlsPanel::deviceList() const
{
    return m_ui->deviceList;
}
QListWidget *ControlsPanel::operatorList() const
{
    return m_ui->operatorList;
}

QAbstractButton *ControlsPanel::schemeButton(qsizetype index) const
{
    return m_schemeGroup->button(static_cast<int>(index));
}

void ControlsPanel::createSchemeButtons()
{
    auto *grid = new QGridLayout(m_ui->schemeButtons);
    grid->setContentsMargins(0, 0, 0, 0);
    grid->setSpacing(2);
    const QList<PrecisionPreset> &presets = precisionPresets();
    for (qsizetype i = 0; i < presets.size(); ++i) {
        auto *button = new QToolButton(m_ui->schemeButtons);
        button->setText(presets.at(i).label);
        button->setCheckable(true);
        button->setAutoExclusive(true);
        button->setFocusPolicy(Qt::StrongFocus);
        button->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
        const int index = static_cast<int>(i);
        m_schemeGroup->addButton(button, index);
        grid->addWidget(button, index / 3, index % 3);
    }
    auto *custom = new QToolButton(m_ui->schemeButtons);
    custom->setText(tr("Custom…"));
    custom->setToolTip(tr("Choose the weight, activation, KV-cache and math formats one by one"));
    custom->setFocusPolicy(Qt::StrongFocus);
    custom->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    const int rows = static_cast<int>((presets.size() + 2) / 3);
    grid->addWidget(custom, rows, 0, 1, 3);
    m_customScheme = custom;
    connect(custom, &QToolButton::clicked, this, &ControlsPanel::editCustomScheme);
    QWidget *previous = m_ui->batchSpin;
    for (QAbstractButton *button : m_schemeGroup->buttons()) {
        setTabOrder(previous, button);
        previous = button;
    }
    setTabOrder(previous, custom);
    setTabOrder(custom, m_ui->kvCombo);
}

void ControlsPanel::editCustomScheme()
{
    SchemeDialog dialog(m_document->catalog(), m_document->scenario().devices,
                        m_document->scenario().scheme, this);
    if (dialog.exec() == QDialog::Accepted)
        m_document->setScheme(dialog.scheme());
}

void ControlsPanel::fillLists()
{
    const Catalog &catalog = m_document->catalog();
    m_ui->modelCombo->addItem(tr("None: single operators"), QString());
    for (const ModelSpec &model : catalog.models()) {
        m_ui->modelCombo->addItem(model.name, model.id);
        m_ui->modelCombo->setItemData(
            m_ui->modelCombo->count() - 1,
            tr("%1 (%2): %3 parameters")
                .arg(model.id, model.vendor, formatNumber(model.parameterCount(), 3)),
            Qt::ToolTipRole);
    }
    for (const QString &id : kvChoices) {
        if (catalog.format(id))
            m_ui->kvCombo->addItem(pointtext::formatName(catalog, id), id);
    }
    for (const Device &device : catalog.devices()) {
        auto *item = new QListWidgetItem(device.name, m_ui->deviceList);
        item->setData(Qt::UserRole, device.id);
        item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsUserCheckable);
        const MemoryLevel *main = device.memoryLevel(QStringLiteral("main"));
        item->setToolTip(
            tr("%1 (%2, %3): %4 memory")
                .arg(device.id, device.vendor, QString::number(device.year),
                     main ? formatSi(main->bandwidth, QStringLiteral("B/s")) : tr("no main")));
    }
    for (const OperatorSpec &op : catalog.operators()) {
        auto *item = new QListWidgetItem(op.name, m_ui->operatorList);
        item->setData(Qt::UserRole, op.id);
        item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsUserCheckable);
        item->setToolTip(tr("%1 (%2)").arg(op.id, operatorKindName(op.kind)));
    }
}

void ControlsPanel::connectEdits()
{
    QSlider *slider = m_ui->batchSlider;
    connect(slider, &QSlider::sliderPressed, m_document, &Document::beginGesture);
    connect(slider, &QSlider::valueChanged, this, [this, slider](int position) {
        m_document->setBatch(batchscale::batchAt(position), slider->isSliderDown()
                                                                ? app::EditMode::Continuous
                                                                : app::EditMode::Single);
    });
    connect(m_ui->batchSpin, &QSpinBox::valueChanged, this,
            [this](int value) { m_document->setBatch(value); });
    connect(m_ui->seqSpin, &QSpinBox::valueChanged, this,
            [this](int value) { m_document->setSequenceLength(value); });
    connect(m_ui->promptSpin, &QSpinBox::valueChanged, this,
            [this](int value) { m_document->setPromptLength(value); });
    connect(m_ui->modelCombo, &QComboBox::activated, this, [this](int index) {
        m_document->setModel(m_ui->modelCombo->itemData(index).toString());
    });
    connect(m_ui->phaseCombo, &QComboBox::activated, this, [this](int index) {
        m_document->setPhase(
            phaseFromName(m_ui->phaseCombo->itemData(index).toString()).value_or(Phase::Decode));
    });
    connect(m_schemeGroup, &QButtonGroup::idClicked, this, [this](int index) {
        const PrecisionPreset &preset = precisionPresets().at(index);
        m_document->setScheme(schemeFor(preset, m_document->scenario().scheme.kv));
    });
    connect(m_ui->kvCombo, &QComboBox::activated, this, [this](int index) {
        m_document->setKvFormat(m_ui->kvCombo->itemData(index).toString());
    });
    connect(m_ui->roofCombo, &QComboBox::activated, this, [this](int index) {
        const auto mode = roofModeFromName(m_ui->roofCombo->itemData(index).toString());
        m_document->setRoofMode(mode.value_or(RoofMode::Datasheet));
    });
    connect(m_ui->deviceList, &QListWidget::itemChanged, this, [this](QListWidgetItem *item) {
        m_document->setDeviceShown(item->data(Qt::UserRole).toString(),
                                   item->checkState() == Qt::Checked);
    });
    connect(m_ui->operatorList, &QListWidget::itemChanged, this, [this](QListWidgetItem *item) {
        m_document->setOperatorShown(item->data(Qt::UserRole).toString(),
                                     item->checkState() == Qt::Checked);
    });
}

void ControlsPanel::refresh()
{
    const Scenario &s = m_document->scenario();
    {
        const QSignalBlocker blockSlider(m_ui->batchSlider);
        const QSignalBlocker blockSpin(m_ui->batchSpin);
        const QSignalBlocker blockSeq(m_ui->seqSpin);
        const QSignalBlocker blockRoof(m_ui->roofCombo);
        const QSignalBlocker blockPrompt(m_ui->promptSpin);
        const QSignalBlocker blockModel(m_ui->modelCombo);
        const QSignalBlocker blockPhase(m_ui->phaseCombo);
        m_ui->promptSpin->setValue(static_cast<int>(std::lround(s.prompt)));
        m_ui->modelCombo->setCurrentIndex(std::max(0, m_ui->modelCombo->findData(s.model)));
        m_ui->phaseCombo->setCurrentIndex(m_ui->phaseCombo->findData(phaseName(s.phase)));
        m_ui->batchSlider->setValue(batchscale::positionOf(s.batch));
        m_ui->batchSpin->setValue(static_cast<int>(std::lround(s.batch)));
        m_ui->seqSpin->setValue(static_cast<int>(std::lround(s.seq)));
        m_ui->roofCombo->setCurrentIndex(m_ui->roofCombo->findData(roofModeName(s.roof)));
    }
    // The phase belongs to a model; the prompt sizes prefill operators and a prefill step.
    const bool model = !s.model.isEmpty();
    m_ui->phaseCombo->setEnabled(model);
    m_ui->promptSpin->setEnabled(!model || s.phase == Phase::Prefill);
    m_ui->operatorGroup->setEnabled(!model);
    m_ui->operatorGroup->setToolTip(model ? tr("A model is shown: its operators come from the "
                                               "model. Choose \"None\" to pick operators.")
                                          : QString());
    refreshScheme();
    refreshLists();
}

void ControlsPanel::refreshScheme()
{
    const Catalog &catalog = m_document->catalog();
    const Scenario &s = m_document->scenario();
    const QList<PrecisionPreset> &presets = precisionPresets();
    for (qsizetype i = 0; i < presets.size(); ++i) {
        const QString why = presetUnavailableReason(catalog, presets.at(i), s.devices);
        QAbstractButton *button = schemeButton(i);
        button->setEnabled(why.isEmpty());
        const PrecisionScheme scheme = schemeFor(presets.at(i), s.scheme.kv);
        // A device that lacks a format runs it wider (docs/roofline.md): said, not hidden.
        QStringList tip = {tr("Weights %1, activations %2, math %3")
                               .arg(pointtext::formatName(catalog, scheme.weights),
                                    pointtext::formatName(catalog, scheme.act),
                                    pointtext::formatName(catalog, scheme.math))};
        tip += presetFallbackNotes(catalog, presets.at(i), s.devices);
        button->setToolTip(why.isEmpty() ? tip.join(QLatin1Char('\n')) : why);
    }
    const std::optional<qsizetype> match = matchPreset(catalog, s.scheme);
    m_schemeGroup->setExclusive(false);
    for (QAbstractButton *button : m_schemeGroup->buttons())
        button->setChecked(match && button == schemeButton(*match));
    m_schemeGroup->setExclusive(true);

    // With no math format named, the core runs the wider operand's math: a matched preset
    // names it; otherwise say so.
    const QString math = !s.scheme.math.isEmpty() ? pointtext::formatName(catalog, s.scheme.math)
                         : match
                             ? pointtext::formatName(catalog, precisionPresets().at(*match).math)
                             : tr("that of the wider operand");
    m_ui->schemeDescription->setText(tr("%1Weights %2 · activations %3 · KV cache %4 · math %5")
                                         .arg(match ? QString() : tr("Custom scheme: "),
                                              pointtext::formatName(catalog, s.scheme.weights),
                                              pointtext::formatName(catalog, s.scheme.act),
                                              pointtext::formatName(catalog, s.scheme.kv), math));

    const QSignalBlocker blockKv(m_ui->kvCombo);
    int kvIndex = m_ui->kvCombo->findData(s.scheme.kv);
    if (kvIndex < 0) {
        m_ui->kvCombo->addItem(pointtext::formatName(catalog, s.scheme.kv), s.scheme.kv);
        kvIndex = m_ui->kvCombo->count() - 1;
    }
    m_ui->kvCombo->setCurrentIndex(kvIndex);
}

void ControlsPanel::refreshLists()
{
    const Scenario &s = m_document->scenario();
    const QSignalBlocker blockDevices(m_ui->deviceList);
    const QSignalBlocker blockOperators(m_ui->operatorList);
    for (int i = 0; i < m_ui->deviceList->count(); ++i) {
        QListWidgetItem *item = m_ui->deviceList->item(i);
        setChecked(item, s.devices.contains(item->data(Qt::UserRole).toString()));
    }
    QStringList shown;
    for (const OperatorSpec &op : s.operators)
        shown.append(op.id);
    for (int i = 0; i < m_ui->operatorList->count(); ++i) {
        QListWidgetItem *item = m_ui->operatorList->item(i);
        setChecked(item, shown.contains(item->data(Qt::UserRole).toString()));
    }
}

} // namespace rooflab::gui
