#pragma once

#include "presentation.h"

#include <QDialog>
#include <QList>
#include <QSize>
#include <QString>

#include <memory>

namespace Ui {
class ExportDialog;
}

namespace rooflab::gui {

// What File › Export writes: the file, and the presentation it is drawn with (the window's,
// with the dialog's size, scale, theme, legend and caption).
struct ExportChoices
{
    QString path;
    QString format = QStringLiteral("png"); // an image id of figureFormats()
    Presentation presentation;

    bool operator==(const ExportChoices &other) const = default;
};

// File › Export's options: file (the format follows its extension), size, PNG scale, theme,
// legend and caption table. OK stays disabled, with the reason shown, until the choices can
// be written.
class ExportDialog : public QDialog
{
    Q_OBJECT

public:
    // Starts with `choices`; `chartSize` is the window's chart size, offered by a button.
    ExportDialog(const ExportChoices &choices, const QSize &chartSize, QWidget *parent = nullptr);
    ~ExportDialog() override;

    // The choices as they stand, the path with the format's extension when it had none.
    ExportChoices choices() const;
    void setChoices(const ExportChoices &choices);
    // The comparison table needs a model; without one its box is off and says why.
    void setCompareAvailable(bool available);

    // Why the choices cannot be written, or empty when they can.
    QString problem() const;
    // The line beside the scale: the PNG's pixel size, or the vector page size, with the
    // printed size in inches.
    QString outputSizeText() const;

    // A print size the dialog offers: its name and its figure pixels (96 to the inch).
    struct PrintPreset
    {
        QString name;
        int width = 0, height = 0;
    };
    static const QList<PrintPreset> &printPresets();

    // The image formats offered, and the one a file name's extension names (empty: none).
    static const QStringList &formats();
    static QString formatOfPath(const QString &path);

private:
    void browse();
    void pathEdited();
    void formatChosen();
    void refresh();
    void printSizeChosen();
    // The small-text note for the choices, or empty (rooflab::smallTextNote's rule).
    QString smallTextNote(const ExportChoices &c) const;

    std::unique_ptr<Ui::ExportDialog> m_ui;
    Presentation m_presentation; // what the dialog does not offer to change
    QSize m_chartSize;
};

} // namespace rooflab::gui
