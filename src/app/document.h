#pragma once

#include "catalog.h"
#include "change.h"
#include "mergeid.h"
#include "presentation.h"
#include "results.h"
#include "scenario.h"

#include <QObject>
#include <QString>

class QUndoStack;

namespace rooflab::app {

template <typename T> class ChangeValue;

// The open document: the scenario (what is analysed), its presentation (how figures look),
// the selection and the undo stack, with the results derived from them. Every scenario and
// presentation edit is an undo command; after each change the results are brought up to
// date once and changed() says what changed (docs/architecture.md).
class Document : public QObject
{
    Q_OBJECT

public:
    // What the undo history covers.
    struct State
    {
        Scenario scenario;
        Presentation presentation;
    };

    Document(Catalog catalog, const Scenario &scenario, QObject *parent = nullptr);
    ~Document() override;

    const Catalog &catalog() const { return m_catalog; }
    const Scenario &scenario() const { return m_state.scenario; }
    const Presentation &presentation() const { return m_state.presentation; }
    const Results &results() const { return m_results; }
    // Shorthands for the results views read most.
    const Analysis &analysis() const { return m_results.analysis(); }
    const QList<ModelAnalysis> &modelAnalyses() const { return m_results.models(); }
    const ModelAnalysis *selectedModel() const { return m_results.model(m_selection.device); }
    bool showsModel() const { return !m_state.scenario.model.isEmpty(); }
    QUndoStack *undoStack() const { return m_undoStack; }

    // Scenario edits; each pushes one undo command (continuous ones merge within a gesture).
    void setBatch(double batch, EditMode mode = EditMode::Single);
    void setSequenceLength(double seq, EditMode mode = EditMode::Single);
    void setPromptLength(double prompt, EditMode mode = EditMode::Single);
    // A model preset id, or empty to show the scenario's operators instead.
    void setModel(const QString &modelId);
    void setPhase(Phase phase);
    void setScheme(const PrecisionScheme &scheme);
    void setKvFormat(const QString &formatId);
    void setRoofMode(RoofMode mode);
    // How a model is served (TP, PP, headroom, price); refused when its values are not
    // possible (deploymentValueProblems()).
    void setDeployment(const Deployment &deployment);
    void setDevices(const QStringList &deviceIds);
    void setDeviceShown(const QString &deviceId, bool shown);
    void setOperators(const QList<OperatorSpec> &operators);
    void setOperatorShown(const QString &operatorId, bool shown);
    // The kernels a profiler measured, drawn where they ran (docs/measured-data.md).
    void setMeasured(const QList<MeasuredKernel> &kernels, const QString &undoText);
    // Replaces the whole scenario in one undo step (applying a recommended move).
    void replaceScenario(const Scenario &scenario, const QString &undoText);
    // Presentation edits (theme, text scale, legend, zones, axis ranges...), undoable too.
    void setPresentation(const Presentation &presentation, const QString &undoText);
    // The axis ranges the user zoomed or panned to: kept with the presentation but not an
    // undo step of its own (a drag would flood the history).
    void setViewRange(double xMin, double xMax, double yMin, double yMax);
    // Starts a new gesture: continuous edits made until the next call merge together.
    void beginGesture() { ++m_gesture; }

    // Starts over (New, Open): clears the history and marks it unmodified.
    void reset(const Scenario &scenario, const QString &filePath = QString());
    void reset(const Scenario &scenario, const Presentation &presentation,
               const Selection &selection, const QString &filePath);
    QString filePath() const { return m_filePath; }
    void setFilePath(const QString &path);
    bool isModified() const;
    void markSaved();

    // The selected point; selection is not part of the undo history.
    const Selection &selection() const { return m_selection; }
    QString selectedDevice() const { return m_selection.device; }
    QString selectedOperator() const { return m_selection.op; }
    const PointAnalysis *selectedPoint() const;
    void select(const QString &deviceId, const QString &operatorId);
    // Moves the selection `step` points along the analysis order, wrapping around.
    void selectNext(int step);

Q_SIGNALS:
    // Something changed and results() is up to date; `change` says what.
    void changed(rooflab::app::Change change);

private:
    template <typename T> friend class ChangeValue;

    template <typename T>
    void push(const QString &text, T &(*access)(State &), T value, Change change,
              MergeId mergeId = MergeId::None);
    // Called by undo commands after they changed m_state, and by the setters that do not
    // go through the history: updates the results, keeps the selection valid, notifies.
    void edited(Change change);
    bool keepSelectionValid();

    Catalog m_catalog;
    State m_state;
    Selection m_selection;
    Results m_results;
    QUndoStack *m_undoStack;
    int m_gesture = 0;
    QString m_filePath;
};

} // namespace rooflab::app
