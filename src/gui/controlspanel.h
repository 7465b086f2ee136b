#pragma once

#include <QWidget>

#include <memory>

class QAbstractButton;
class QButtonGroup;
class QComboBox;
class QListWidget;
class QSlider;
class QSpinBox;

namespace Ui {
class ControlsPanel;
}

namespace rooflab::app {
class Document;
}

namespace rooflab::gui {

using app::Document;

class DeploymentControls;

// The scenario's controls: model and phase, batch, precision scheme, KV format, sequence and prompt
// length, roof mode, devices and operators. Every change is sent to the document while the user
// drags; the panel itself only mirrors the document.
class ControlsPanel : public QWidget
{
    Q_OBJECT

public:
    explicit ControlsPanel(Document *document, QWidget *parent = nullptr);
    ~ControlsPanel() override;

    // The widgets, for keyboard shortcuts and tests.
    QSlider *batchSlider() const;
    QSpinBox *batchSpin() const;
    QSpinBox *sequenceSpin() const;
    QSpinBox *promptSpin() const;
    QComboBox *modelCombo() const;
    QComboBox *phaseCombo() const;
    QComboBox *kvCombo() const;
    QComboBox *roofCombo() const;
    QListWidget *deviceList() const;
    QListWidget *operatorList() const;
    QAbstractButton *schemeButton(qsizetype index) const;
    QAbstractButton *customSchemeButton() const { return m_customScheme; }
    DeploymentControls *deploymentControls() const { return m_deployment; }

    // Asks for a custom precision scheme (every format separately) and applies it.
    void editCustomScheme();

private:
    void createSchemeButtons();
    void fillLists();
    void connectEdits();
    void refresh();
    void refreshScheme();
    void refreshLists();

    std::unique_ptr<Ui::ControlsPanel> m_ui;
    Document *m_document;
    QButtonGroup *m_schemeGroup;
    QAbstractButton *m_customScheme = nullptr;
    DeploymentControls *m_deployment = nullptr;
};

} // namespace rooflab::gui
