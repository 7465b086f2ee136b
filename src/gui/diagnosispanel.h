#pragma once

#include "diagnosis.h"
#include "recommend.h"

#include <QWidget>

#include <memory>

class QListWidget;
class QPushButton;

namespace Ui {
class DiagnosisPanel;
}

namespace rooflab::app {
class Document;
}

namespace rooflab::gui {

using app::Document;

// The side panel: the selected point's figures (from the core's diagnose()), the recommended
// moves, which apply as undoable edits, the other devices' figures and the explanation.
class DiagnosisPanel : public QWidget
{
    Q_OBJECT

public:
    explicit DiagnosisPanel(Document *document, QWidget *parent = nullptr);
    ~DiagnosisPanel() override;

    // What the panel shows now, for tests and for copying.
    const PointDiagnosis &diagnosis() const { return m_diagnosis; }
    const QList<Move> &moves() const { return m_moves; }
    QString figuresText() const;
    QString explanationText() const;
    // The whole diagnosis as plain text: the figures, the explanation and the moves
    // (Edit › Copy diagnosis, the keyboard's way to what the panels' menus copy).
    QString reportText() const;
    QListWidget *movesList() const;
    QPushButton *applyButton() const;

    // Applies the move in `row` of the list to the document as one undoable edit.
    void applyMove(int row);

private:
    void refresh();
    void fillMoves();

    std::unique_ptr<Ui::DiagnosisPanel> m_ui;
    Document *m_document;
    PointDiagnosis m_diagnosis;
    QList<Move> m_moves;
    bool m_movesFilled = false;
    class FigureSheet *m_figures;    // under the title
    class FigureSheet *m_comparison; // under the moves: the other devices
};

} // namespace rooflab::gui
