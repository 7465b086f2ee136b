#include "document.h"

#include "changevalue.h"
#include "deployment.h"

#include <QUndoStack>

#include <cmath>

namespace rooflab::app {

namespace {

double &batchOf(Document::State &s)
{
    return s.scenario.batch;
}
double &seqOf(Document::State &s)
{
    return s.scenario.seq;
}
double &promptOf(Document::State &s)
{
    return s.scenario.prompt;
}
QString &modelOf(Document::State &s)
{
    return s.scenario.model;
}
Phase &phaseOf(Document::State &s)
{
    return s.scenario.phase;
}
PrecisionScheme &schemeOf(Document::State &s)
{
    return s.scenario.scheme;
}
QString &kvOf(Document::State &s)
{
    return s.scenario.scheme.kv;
}
RoofMode &roofOf(Document::State &s)
{
    return s.scenario.roof;
}
Deployment &deploymentOf(Document::State &s)
{
    return s.scenario.deployment;
}
QStringList &devicesOf(Document::State &s)
{
    return s.scenario.devices;
}
QList<MeasuredKernel> &measuredOf(Document::State &s)
{
    return s.scenario.measured;
}
QList<OperatorSpec> &operatorsOf(Document::State &s)
{
    return s.scenario.operators;
}
Scenario &wholeOf(Document::State &s)
{
    return s.scenario;
}

Presentation &presentationOf(Document::State &s)
{
    return s.presentation;
}

bool validCount(double value)
{
    return std::isfinite(value) && value >= 1;
}

} // namespace

Document::Document(Catalog catalog, const Scenario &scenario, QObject *parent)
    : QObject(parent),
      m_catalog(std::move(catalog)), m_state{.scenario = scenario, .presentation = {}},
      m_undoStack(new QUndoStack(this))
{
    m_results.analyse(m_catalog, m_state.scenario);
    keepSelectionValid();
    m_results.describe(m_catalog, m_state.scenario, m_selection);
    connect(m_undoStack, &QUndoStack::cleanChanged, this,
            [this] { Q_EMIT changed(ChangeFlag::File); });
}

Document::~Document() = default;

template <typename T>
void Document::push(const QString &text, T &(*access)(State &), T value, Change change,
                    MergeId mergeId)
{
    if (access(m_state) == value)
        return;
    m_undoStack->push(
        new ChangeValue<T>(this, text, access, std::move(value), change, mergeId, m_gesture));
}

void Document::setBatch(double batch, EditMode mode)
{
    if (!validCount(batch))
        return;
    push(tr("Change batch size"), &batchOf, batch, ChangeFlag::Scenario | ChangeFlag::BatchOnly,
         mode == EditMode::Continuous ? MergeId::Batch : MergeId::None);
}

void Document::setSequenceLength(double seq, EditMode mode)
{
    if (!validCount(seq))
        return;
    push(tr("Change sequence length"), &seqOf, seq, ChangeFlag::Scenario,
         mode == EditMode::Continuous ? MergeId::SequenceLength : MergeId::None);
}

void Document::setPromptLength(double prompt, EditMode mode)
{
    if (!validCount(prompt))
        return;
    push(tr("Change prompt length"), &promptOf, prompt, ChangeFlag::Scenario,
         mode == EditMode::Continuous ? MergeId::PromptLength : MergeId::None);
}

void Document::setModel(const QString &modelId)
{
    if (!modelId.isEmpty() && !m_catalog.model(modelId))
        return;
    push(modelId.isEmpty() ? tr("Show operators") : tr("Show model"), &modelOf, modelId,
         ChangeFlag::Scenario);
}

void Document::setPhase(Phase phase)
{
    push(tr("Change phase"), &phaseOf, phase, ChangeFlag::Scenario);
}

void Document::setScheme(const PrecisionScheme &scheme)
{
    push(tr("Change precision scheme"), &schemeOf, scheme, ChangeFlag::Scenario);
}

void Document::setKvFormat(const QString &formatId)
{
    if (!m_catalog.format(formatId))
        return;
    push(tr("Change KV-cache format"), &kvOf, formatId, ChangeFlag::Scenario);
}

void Document::setRoofMode(RoofMode mode)
{
    push(tr("Change roof mode"), &roofOf, mode, ChangeFlag::Scenario);
}

void Document::setDeployment(const Deployment &deployment)
{
    if (!deploymentValueProblems(deployment).isEmpty())
        return;
    push(tr("Change deployment"), &deploymentOf, deployment, ChangeFlag::Scenario);
}

void Document::setDevices(const QStringList &deviceIds)
{
    push(tr("Change devices"), &devicesOf, deviceIds, ChangeFlag::Scenario);
}

void Document::setDeviceShown(const QString &deviceId, bool shown)
{
    QStringList devices = m_state.scenario.devices;
    if (shown && !devices.contains(deviceId) && m_catalog.device(deviceId))
        devices.append(deviceId);
    else if (!shown)
        devices.removeAll(deviceId);
    push(shown ? tr("Show device") : tr("Hide device"), &devicesOf, devices, ChangeFlag::Scenario);
}

void Document::setOperators(const QList<OperatorSpec> &operators)
{
    push(tr("Change operators"), &operatorsOf, operators, ChangeFlag::Scenario);
}

void Document::setOperatorShown(const QString &operatorId, bool shown)
{
    // Catalog operators keep the catalog's order; operators from elsewhere follow them.
    QList<OperatorSpec> operators;
    const auto present = [this](const QString &id) {
        for (const OperatorSpec &op : m_state.scenario.operators) {
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
    for (const OperatorSpec &op : m_state.scenario.operators) {
        if (!m_catalog.operatorSpec(op.id) && (op.id != operatorId || shown))
            operators.append(op);
    }
    push(shown ? tr("Show operator") : tr("Hide operator"), &operatorsOf, operators,
         ChangeFlag::Scenario);
}

void Document::setMeasured(const QList<MeasuredKernel> &kernels, const QString &undoText)
{
    push(undoText, &measuredOf, kernels, ChangeFlag::Scenario);
}

void Document::replaceScenario(const Scenario &scenario, const QString &undoText)
{
    push(undoText, &wholeOf, scenario, ChangeFlag::Scenario);
}

void Document::setPresentation(const Presentation &presentation, const QString &undoText)
{
    const MergeId merge = presentation.textScale != m_state.presentation.textScale
                              ? MergeId::TextScale
                              : MergeId::None;
    push(undoText, &presentationOf, presentation, ChangeFlag::Presentation, merge);
}

void Document::setViewRange(double xMin, double xMax, double yMin, double yMax)
{
    Presentation &p = m_state.presentation;
    if (p.xMin == xMin && p.xMax == xMax && p.yMin == yMin && p.yMax == yMax)
        return;
    p.xMin = xMin;
    p.xMax = xMax;
    p.yMin = yMin;
    p.yMax = yMax;
    edited(ChangeFlag::Presentation);
}

void Document::reset(const Scenario &scenario, const QString &filePath)
{
    Presentation presentation = m_state.presentation;
    presentation.followContent();
    reset(scenario, presentation, Selection(), filePath);
}

void Document::reset(const Scenario &scenario, const Presentation &presentation,
                     const Selection &selection, const QString &filePath)
{
    m_undoStack->clear();
    m_state = {.scenario = scenario, .presentation = presentation};
    m_filePath = filePath;
    m_selection = selection;
    m_results.analyse(m_catalog, m_state.scenario);
    keepSelectionValid();
    m_results.describe(m_catalog, m_state.scenario, m_selection);
    m_undoStack->setClean();
    Q_EMIT changed(ChangeFlag::Scenario | ChangeFlag::Selection | ChangeFlag::Presentation |
                   ChangeFlag::File);
}

void Document::setFilePath(const QString &path)
{
    if (path == m_filePath)
        return;
    m_filePath = path;
    Q_EMIT changed(ChangeFlag::File);
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
    return analysis().point(m_selection.device, m_selection.op);
}

void Document::select(const QString &deviceId, const QString &operatorId)
{
    if (!analysis().point(deviceId, operatorId))
        return;
    if (deviceId == m_selection.device && operatorId == m_selection.op)
        return;
    m_selection = {.device = deviceId, .op = operatorId};
    edited(ChangeFlag::Selection);
}

void Document::selectNext(int step)
{
    const QList<PointAnalysis> &points = analysis().points;
    const qsizetype count = points.size();
    if (count == 0)
        return;
    qsizetype index = 0;
    for (qsizetype i = 0; i < count; ++i) {
        const PointAnalysis &p = points.at(i);
        if (p.deviceId == m_selection.device && p.operatorId == m_selection.op) {
            index = ((i + step) % count + count) % count;
            break;
        }
    }
    const PointAnalysis &next = points.at(index);
    select(next.deviceId, next.operatorId);
}

void Document::edited(Change change)
{
    if (change.testFlag(ChangeFlag::Scenario)) {
        // Analyse first: whether the selection survives depends on the new points.
        m_results.analyse(m_catalog, m_state.scenario);
        if (keepSelectionValid())
            change |= ChangeFlag::Selection;
    }
    if (change & (ChangeFlag::Scenario | ChangeFlag::Selection))
        m_results.describe(m_catalog, m_state.scenario, m_selection);
    Q_EMIT changed(change);
}

// A selection whose point vanished moves to the same operator on another device, then to
// the first batch-dependent point, then to any point. True when it moved.
bool Document::keepSelectionValid()
{
    if (selectedPoint())
        return false;
    const QList<PointAnalysis> &points = analysis().points;
    const PointAnalysis *choice = nullptr;
    for (const PointAnalysis &p : points) {
        if (p.operatorId == m_selection.op) {
            choice = &p;
            break;
        }
    }
    for (const PointAnalysis &p : points) {
        if (!choice && p.batchDependent)
            choice = &p;
    }
    if (!choice && !points.isEmpty())
        choice = &points.first();
    const Selection before = m_selection;
    m_selection =
        choice ? Selection{.device = choice->deviceId, .op = choice->operatorId} : Selection();
    return m_selection != before;
}

} // namespace rooflab::app
