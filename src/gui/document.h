#pragma once

#include "analysis.h"
#include "catalog.h"
#include "displayoptions.h"
#include "mergeid.h"
#include "scenario.h"
#include "scenarioanalysis.h"

#include <QHash>
#include <QObject>
#include <QString>

#include <optional>

class QUndoStack;

namespace rooflab::gui {

template <typename T> class ChangeValue;

// The open scenario: the one place the window's state lives. Widgets send it edits (each an
// undoable command) and redraw from the analysis it caches after every change.
class Document : public QObject
{
    Q_OBJECT

public:
    Document(Catalog catalog, const Scenario &scenario, QObject *parent = nullptr);
    ~Document() override;

    const Catalog &catalog() const { return m_catalog; }
    const Scenario &scenario() const { return m_scenario; }
    // The chart's analysis of scenario() (operators, or a model's classes), recomputed once
    // per change.
    const Analysis &analysis() const { return m_result.chart; }
    // With a model: its step on each device shown; else empty.
    const QList<ModelAnalysis> &modelAnalyses() const { return m_result.models; }
    // The model step on the selected device, or nullptr when no model is shown.
    const ModelAnalysis *selectedModel() const { return m_result.model(m_selectedDevice); }
    bool showsModel() const { return !m_scenario.model.isEmpty(); }
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
    void setDevices(const QStringList &deviceIds);
    void setDeviceShown(const QString &deviceId, bool shown);
    void setOperators(const QList<OperatorSpec> &operators);
    void setOperatorShown(const QString &operatorId, bool shown);
    // Replaces the whole scenario in one undo step (applying a recommended move).
    void replaceScenario(const Scenario &scenario, const QString &undoText);
    // Starts a new gesture: continuous edits made until the next call merge together.
    void beginGesture() { ++m_gesture; }

    // Starts over with `scenario` (New, Open): clears the history and marks it unmodified.
    void reset(const Scenario &scenario, const QString &filePath = QString());
    QString filePath() const { return m_filePath; }
    void setFilePath(const QString &path);
    bool isModified() const;
    void markSaved();

    // The selected point; selection is not part of the undo history.
    QString selectedDevice() const { return m_selectedDevice; }
    QString selectedOperator() const { return m_selectedOperator; }
    const PointAnalysis *selectedPoint() const;
    void select(const QString &deviceId, const QString &operatorId);
    // Moves the selection `step` points along the analysis order, wrapping around.
    void selectNext(int step);

    const DisplayOptions &display() const { return m_display; }
    void setDisplay(const DisplayOptions &display);

Q_SIGNALS:
    // The scenario changed and analysis() holds its new analysis.
    void changed();
    void selectionChanged();
    void displayChanged();
    // The file path or the modified flag changed (for the window title).
    void fileStateChanged();

private:
    template <typename T> friend class ChangeValue;

    template <typename T>
    void push(const QString &text, T &(*access)(Scenario &), T value,
              MergeId mergeId = MergeId::None);
    // Called by undo commands after they changed m_scenario.
    void scenarioEdited();
    void keepSelectionValid();
    void analyse();

    Catalog m_catalog;
    Scenario m_scenario;
    ScenarioAnalysis m_result;
    // The batch at which a model step turns compute-bound does not depend on the current
    // batch: it is solved once per scenario-but-the-batch (kept here with batch 1) and device.
    std::optional<Scenario> m_boundKey;
    QHash<QString, std::optional<double>> m_boundBatch;
    QUndoStack *m_undoStack;
    int m_gesture = 0;
    QString m_filePath;
    QString m_selectedDevice;
    QString m_selectedOperator;
    DisplayOptions m_display;
};

} // namespace rooflab::gui
