#include "document.h"

#include "changevalue.h"

#include <QUndoStack>

#include <cmath>

namespace rooflab::gui {

namespace {

double &batchOf(Scenario &s)
{
    return s.batch;
}
double &seqOf(Scenario &s)
{
    return s.seq;
}
double &promptOf(Scenario &s)
{
    return s.prompt;
}
QString &modelOf(Scenario &s)
{
    return s.model;
}
Phase &phaseOf(Scenario &s)
{
    return s.phase;
}
PrecisionScheme &schemeOf(Scenario &s)
{
    return s.scheme;
}
QString &kvOf(Scenario &s)
{
    return s.scheme.kv;
}
RoofMode &roofOf(Scenario &s)
{
    return s.roof;
}
QStringList &devicesOf(Scenario &s)
{
    return s.devices;
}
QList<OperatorSpec> &operatorsOf(Scenario &s)
{
    return s.operators;
}
Scenario &wholeOf(Scenario &s)
{
    return s;
}

bool validCount(double value)
{
    return std::isfinite(value) && value >= 1;
}

} // namespace

Document::Document(Catalog catalog, const Scenario &scenario, QObject *parent)
    : QObject(parent), m_catalog(std::move(catalog)), m_scenario(scenario),
      m_undoStack(new QUndoStack(this))
{
    analyse();
    keepSelectionValid();
    connect(m_undoStack, &QUndoStack::cleanChanged, this, &Document::fileStateChanged);
}

Document::~Document() = default;

template <typename T>
void Document::push(const QString &text, T &(*access)(Scenario &), T value, MergeId mergeId)
{
    if (access(m_scenario) == value)
        return;
    m_undoStack->push(new ChangeValue<T>(this, text, access, std::move(value), mergeId, m_gesture));
}

void Document::setBatch(double batch, EditMode mode)
{
    if (!validCount(batch))
        return;
    push(tr("Change batch size"), &batchOf, batch,
         mode == EditMode::Continuous ? MergeId::Batch : MergeId::None);
}

void Document::setSequenceLength(double seq, EditMode mode)
{
    if (!validCount(seq))
        return;
    push(tr("Change sequence length"), &seqOf, seq,
         mode == EditMode::Continuous ? MergeId::SequenceLength : MergeId::None);
}

void Document::setPromptLength(double prompt, EditMode mode)
{
    if (!validCount(prompt))
        return;
    push(tr("Change prompt length"), &promptOf, prompt,
         mode == EditMode::Continuous ? MergeId::PromptLength : MergeId::None);
}

void Document::setModel(const QString &modelId)
{
    if (!modelId.isEmpty() && !m_catalog.model(modelId))
        return;
    push(modelId.isEmpty() ? tr("Show operators") : tr("Show model"), &modelOf, modelId);
}

void Document::setPhase(Phase phase)
{
    push(tr("Change phase"), &phaseOf, phase);
}

void Document::setScheme(const PrecisionScheme &scheme)
{
    push(tr("Change precision scheme"), &schemeOf, scheme);
}

void Document::setKvFormat(const QString &formatId)
{
    if (!m_catalog.format(formatId))
        return;
    push(tr("Change KV-cache format"), &kvOf, formatId);
}

void Document::setRoofMode(RoofMode mode)
{
    push(tr("Change roof mode"), &roofOf, mode);
}

void Document::setDevices(const QStringList &deviceIds)
{
    push(tr("Change devices"), &devicesOf, deviceIds);
}

void Document::setDeviceShown(const QString &deviceId, bool shown)
{
    QStringList devices = m_scenario.devices;
    if (shown && !devices.contains(deviceId) && m_catalog.device(deviceId))
        devices.append(deviceId);
    else if (!shown)
        devices.removeAll(deviceId);
    push(shown ? tr("Show device") : tr("Hide device"), &devicesOf, devices);
}

void Document::setOperators(const QList<OperatorSpec> &operators)
{
    push(tr("Change operators"), &operatorsOf, operators);
}

void Document::setOperatorShown(const QString &operatorId, bool shown)
{
    // Catalog operators keep the catalog's order; operators from elsewhere follow them.
    QList<OperatorSpec> operators;
    const auto present = [this](const QString &id) {
        for (const OperatorSpec &op : m_scenario.operators) {
            if (op.id == id)
                return true;
        }
        return false;
    };
    for (const OperatorSpec &op : m_catalog.operators()) {
        const bool wanted = op.id == operatorId ? shown : present(op.id);
        if (wanted)
            operators.append(op);
    }
    for (const OperatorSpec &op : m_scenario.operators) {
        if (!m_catalog.operatorSpec(op.id) && (op.id != operatorId || shown))
            operators.append(op);
    }
    push(shown ? tr("Show operator") : tr("Hide operator"), &operatorsOf, operators);
}

void Document::replaceScenario(const Scenario &scenario, const QString &undoText)
{
    push(undoText, &wholeOf, scenario);
}

void Document::reset(const Scenario &scenario, const QString &filePath)
{
    m_undoStack->clear();
    m_scenario = scenario;
    m_filePath = filePath;
    m_selectedDevice.clear();
    m_selectedOperator.clear();
    scenarioEdited();
    m_undoStack->setClean();
    Q_EMIT selectionChanged();
    Q_EMIT fileStateChanged();
}

void Document::setFilePath(const QString &path)
{
    if (path == m_filePath)
        return;
    m_filePath = path;
    Q_EMIT fileStateChanged();
}

bool Document::isModified() const
{
    return !m_undoStack->isClean();
}

void Document::markSaved()
{
    m_undoStack->setClean();
}

const PointAnalysis *Document::selectedPoint() const
{
    return m_result.chart.point(m_selectedDevice, m_selectedOperator);
}

void Document::select(const QString &deviceId, const QString &operatorId)
{
    if (!m_result.chart.point(deviceId, operatorId))
        return;
    if (deviceId == m_selectedDevice && operatorId == m_selectedOperator)
        return;
    m_selectedDevice = deviceId;
    m_selectedOperator = operatorId;
    Q_EMIT selectionChanged();
}

void Document::selectNext(int step)
{
    const qsizetype count = m_result.chart.points.size();
    if (count == 0)
        return;
    qsizetype index = 0;
    for (qsizetype i = 0; i < count; ++i) {
        const PointAnalysis &p = m_result.chart.points.at(i);
        if (p.deviceId == m_selectedDevice && p.operatorId == m_selectedOperator) {
            index = ((i + step) % count + count) % count;
            break;
        }
    }
    const PointAnalysis &next = m_result.chart.points.at(index);
    select(next.deviceId, next.operatorId);
}

void Document::setDisplay(const DisplayOptions &display)
{
    if (display == m_display)
        return;
    m_display = display;
    Q_EMIT displayChanged();
}

void Document::analyse()
{
    Scenario key = m_scenario;
    key.batch = 1;
    const bool known = m_boundKey == key;
    ModelOptions options;
    options.solveComputeBoundBatch = !known;
    m_result = analyzeScenario(m_catalog, m_scenario, options);
    if (!known) {
        m_boundKey = key;
        m_boundBatch.clear();
    }
    for (ModelAnalysis &model : m_result.models) {
        if (known)
            model.totals.computeBoundBatch = m_boundBatch.value(model.deviceId);
        else
            m_boundBatch.insert(model.deviceId, model.totals.computeBoundBatch);
    }
}

void Document::scenarioEdited()
{
    analyse();
    const QString device = m_selectedDevice;
    const QString op = m_selectedOperator;
    keepSelectionValid();
    Q_EMIT changed();
    if (device != m_selectedDevice || op != m_selectedOperator)
        Q_EMIT selectionChanged();
}

// A selection whose point vanished moves to the same operator on another device, then to
// the first batch-dependent point, then to any point.
void Document::keepSelectionValid()
{
    if (selectedPoint())
        return;
    const PointAnalysis *choice = nullptr;
    for (const PointAnalysis &p : m_result.chart.points) {
        if (p.operatorId == m_selectedOperator) {
            choice = &p;
            break;
        }
    }
    for (const PointAnalysis &p : m_result.chart.points) {
        if (!choice && p.batchDependent)
            choice = &p;
    }
    if (!choice && !m_result.chart.points.isEmpty())
        choice = &m_result.chart.points.first();
    m_selectedDevice = choice ? choice->deviceId : QString();
    m_selectedOperator = choice ? choice->operatorId : QString();
}

} // namespace rooflab::gui
