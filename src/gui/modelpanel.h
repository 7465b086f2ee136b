#pragma once

#include <QWidget>

#include <memory>

class QLabel;

namespace rooflab {
struct ModelAnalysis;
}
class QTableWidget;

namespace Ui {
class ModelPanel;
}

namespace rooflab::app {
class Document;
}

namespace rooflab::gui {

using app::Document;

// The model step on the selected device: whether it fits, its totals and a table of the
// operators of one layer and the head. Shows a hint when the scenario has no model. Every figure
// comes from the document's model analysis.
class ModelPanel : public QWidget
{
    Q_OBJECT

public:
    explicit ModelPanel(Document *document, QWidget *parent = nullptr);
    ~ModelPanel() override;

    // The parts, for tests.
    QString fitText() const;
    QString totalsText() const;
    QTableWidget *layerTable() const;

private:
    void refresh();
    void fillTable();
    // The model on the selected device, else on the first device; nullptr without a model.
    const ModelAnalysis *shownModel() const;

    std::unique_ptr<Ui::ModelPanel> m_ui;
    Document *m_document;
    QString m_shape;               // model and phase shown
    QString m_tableShape;          // those of the table's rows: new rows get their columns measured
    class FigureSheet *m_totals;   // under the fit table
    class FigureSheet *m_fitTable; // below the fit label: every device's verdict
};

} // namespace rooflab::gui
