#pragma once

#include "change.h"

#include <QGroupBox>

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QSpinBox;

namespace rooflab::app {
class Document;
}

namespace rooflab::gui {

// How the model is served (docs/models.md, "Deployments"): tensor-parallel degree (auto or a
// power of two), pipeline stages, the headroom kept free on each device and an optional price
// per device-hour. Each edit is one undo step through Document::setDeployment(); the group
// mirrors the document on scenario changes and says which t `auto` picked.
class DeploymentControls : public QGroupBox
{
    Q_OBJECT

public:
    explicit DeploymentControls(app::Document *document, QWidget *parent = nullptr);

    // The widgets, for tests.
    QComboBox *tpCombo() const { return m_tp; }
    QSpinBox *ppSpin() const { return m_pp; }
    QDoubleSpinBox *headroomSpin() const { return m_headroom; }
    QLineEdit *priceEdit() const { return m_price; }
    // "auto: TP 4 on NVIDIA H100 SXM5 80GB", what the deployment resolved to.
    QLabel *resolvedLabel() const { return m_resolved; }
    // Why the last price typed was refused; hidden when it was taken.
    QLabel *priceError() const { return m_priceError; }

private:
    void connectEdits();
    void refresh();
    void applyPrice();

    app::Document *m_document;
    QComboBox *m_tp;
    QSpinBox *m_pp;
    QDoubleSpinBox *m_headroom;
    QLineEdit *m_price;
    QLabel *m_resolved;
    QLabel *m_priceError;
};

} // namespace rooflab::gui
