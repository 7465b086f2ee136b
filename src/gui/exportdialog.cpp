#include "exportdialog.h"
#include "ui_exportdialog.h"

#include "figureexport.h"
#include "printsize.h"
#include "scenemodel.h"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QPushButton>
#include <QSignalBlocker>

#include <cmath>

namespace rooflab::gui {

namespace {

QString formatLabel(const QString &id)
{
    const FigureFormat *format = figureFormat(id);
    return ExportDialog::tr("%1 (*.%2)").arg(format ? format->displayName : id, id);
}

void selectData(QComboBox *combo, const QVariant &value)
{
    const int index = combo->findData(value);
    if (index >= 0)
        combo->setCurrentIndex(index);
}

} // namespace

const QStringList &ExportDialog::formats()
{
    static const QStringList names = [] {
        QStringList ids;
        for (const FigureFormat &format : figureFormats()) {
            if (!format.table)
                ids.append(format.id);
        }
        return ids;
    }();
    return names;
}

const QList<ExportDialog::PrintPreset> &ExportDialog::printPresets()
{
    // A paper's column widths, 4:3 as a plotting library's default figure: 3.5 in = 336 px,
    // 2.625 in = 252 px; 7 in = 672 px, 5.25 in = 504 px.
    static const QList<PrintPreset> presets = {
        {tr("Single column, 3.5 in"), 336, 252},
        {tr("Two columns, 7 in"), 672, 504},
    };
    return presets;
}

QString ExportDialog::formatOfPath(const QString &path)
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    return formats().contains(suffix) ? suffix : QString();
}

ExportDialog::ExportDialog(const ExportChoices &choices, const QSize &chartSize, QWidget *parent)
    : QDialog(parent), m_ui(std::make_unique<Ui::ExportDialog>()), m_chartSize(chartSize)
{
    m_ui->setupUi(this);
    for (const QString &format : formats())
        m_ui->formatCombo->addItem(formatLabel(format), format);
    // Screen scales, then print resolutions; a figure pixel is 1/96 in.
    for (int scale : {1, 2, 3})
        m_ui->scaleCombo->addItem(tr("%1× (%2 dpi)").arg(scale).arg(scale * pixelsPerInch),
                                  double(scale));
    for (double dpi : {defaultPrintDpi, 2 * defaultPrintDpi})
        m_ui->scaleCombo->addItem(tr("%1 dpi").arg(dpi), dpi / pixelsPerInch);
    m_ui->printSizeCombo->addItem(tr("Custom size"));
    for (const PrintPreset &preset : printPresets())
        m_ui->printSizeCombo->addItem(preset.name);
    for (const ThemeInfo &theme : themes())
        m_ui->themeCombo->addItem(theme.displayName, theme.id);
    for (QSpinBox *spin : {m_ui->widthSpin, m_ui->heightSpin})
        spin->setRange(figurelimits::minSide, figurelimits::maxSide);
    m_ui->buttons->button(QDialogButtonBox::Ok)->setText(tr("&Export"));
    m_ui->chartSizeButton->setEnabled(chartSize.isValid() && !chartSize.isEmpty());
    setChoices(choices);

    connect(m_ui->pathEdit, &QLineEdit::textEdited, this, &ExportDialog::pathEdited);
    connect(m_ui->browseButton, &QPushButton::clicked, this, &ExportDialog::browse);
    connect(m_ui->formatCombo, &QComboBox::activated, this, &ExportDialog::formatChosen);
    connect(m_ui->chartSizeButton, &QPushButton::clicked, this, [this] {
        m_ui->widthSpin->setValue(m_chartSize.width());
        m_ui->heightSpin->setValue(m_chartSize.height());
    });
    for (QSpinBox *spin : {m_ui->widthSpin, m_ui->heightSpin})
        connect(spin, &QSpinBox::valueChanged, this, &ExportDialog::refresh);
    connect(m_ui->printSizeCombo, &QComboBox::activated, this, &ExportDialog::printSizeChosen);
    connect(m_ui->scaleCombo, &QComboBox::currentIndexChanged, this, &ExportDialog::refresh);
    connect(m_ui->buttons, &QDialogButtonBox::accepted, this, [this] {
        if (problem().isEmpty())
            accept();
    });
    connect(m_ui->buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    m_ui->pathEdit->setFocus();
}

ExportDialog::~ExportDialog() = default;

void ExportDialog::setCompareAvailable(bool available)
{
    m_ui->compareCheck->setEnabled(available);
    if (!available) {
        m_ui->compareCheck->setChecked(false);
        m_ui->compareCheck->setToolTip(
            tr("Only a model compares devices: choose one in the Controls dock first."));
    }
}

void ExportDialog::setChoices(const ExportChoices &choices)
{
    m_presentation = choices.presentation;
    const Presentation &p = choices.presentation;
    m_ui->pathEdit->setText(QDir::toNativeSeparators(choices.path));
    selectData(m_ui->formatCombo, choices.format);
    m_ui->widthSpin->setValue(p.width);
    m_ui->heightSpin->setValue(p.height);
    const int scale = m_ui->scaleCombo->findData(p.scale);
    if (scale < 0) // a scale the dialog does not offer (from a setting): keep it selectable
        m_ui->scaleCombo->addItem(tr("%1× (%2 dpi)").arg(p.scale).arg(p.scale * pixelsPerInch),
                                  p.scale);
    selectData(m_ui->scaleCombo, p.scale);
    selectData(m_ui->themeCombo, p.theme);
    m_ui->legendCheck->setChecked(p.showLegend);
    m_ui->captionCheck->setChecked(p.caption);
    m_ui->compareCheck->setChecked(p.compareTable);
    m_ui->captionLineCheck->setChecked(p.captionLine);
    // A figure for a document shows no selection ring unless asked (docs/scenario-files.md).
    m_ui->highlightCheck->setChecked(false);
    pathEdited();
}

ExportChoices ExportDialog::choices() const
{
    ExportChoices c;
    c.format = m_ui->formatCombo->currentData().toString();
    c.path = QDir::fromNativeSeparators(m_ui->pathEdit->text().trimmed());
    if (!c.path.isEmpty() && QFileInfo(c.path).suffix().isEmpty())
        c.path += QLatin1Char('.') + c.format;
    Presentation &p = c.presentation;
    p = m_presentation;
    p.width = m_ui->widthSpin->value();
    p.height = m_ui->heightSpin->value();
    // Vector files have no pixels to multiply.
    p.scale = c.format == QLatin1String("png") ? m_ui->scaleCombo->currentData().toDouble() : 1;
    p.theme = m_ui->themeCombo->currentData().toString();
    p.showLegend = m_ui->legendCheck->isChecked();
    p.caption = m_ui->captionCheck->isChecked();
    p.compareTable = m_ui->compareCheck->isChecked();
    p.captionLine = m_ui->captionLineCheck->isChecked();
    p.highlightSelection = m_ui->highlightCheck->isChecked();
    return c;
}

QString ExportDialog::problem() const
{
    const ExportChoices c = choices();
    if (c.path.isEmpty())
        return tr("Choose the file to write.");
    const QFileInfo info(c.path);
    if (QDir::isRelativePath(c.path))
        return tr("Give the file's full path, or choose it with Browse.");
    if (info.isDir())
        return tr("%1 is a folder; add a file name.").arg(QDir::toNativeSeparators(c.path));
    if (formatOfPath(c.path).isEmpty())
        return tr("RoofLab cannot write “.%1” files here; end the name with one of: %2.")
            .arg(info.suffix(), figureFormatIds(false));
    const QFileInfo folder(info.absolutePath());
    if (!folder.isDir())
        return tr("The folder %1 does not exist.")
            .arg(QDir::toNativeSeparators(info.absolutePath()));
    if (!folder.isWritable())
        return tr("The folder %1 cannot be written to.")
            .arg(QDir::toNativeSeparators(info.absolutePath()));
    if (!presentationProblem(c.presentation).isEmpty())
        return tr("At %1× the PNG would be too large to draw; make it smaller or use SVG or PDF.")
            .arg(c.presentation.scale);
    return {};
}

QString ExportDialog::outputSizeText() const
{
    const ExportChoices c = choices();
    // The printed size: 96 figure pixels to the inch in every format.
    const QString inches = tr("%1 × %2 in")
                               .arg(c.presentation.width / pixelsPerInch, 0, 'g', 3)
                               .arg(c.presentation.height / pixelsPerInch, 0, 'g', 3);
    if (c.format == QLatin1String("png")) {
        // As Figure::image rounds them.
        return tr("%1 × %2 pixels, %3 at %4 dpi")
            .arg(std::lround(c.presentation.width * c.presentation.scale))
            .arg(std::lround(c.presentation.height * c.presentation.scale))
            .arg(inches)
            .arg(c.presentation.scale * pixelsPerInch, 0, 'g', 4);
    }
    // 25.4 mm to the inch.
    return tr("vector, %1 (%2 × %3 mm)")
        .arg(inches)
        .arg(std::lround(c.presentation.width * 25.4 / pixelsPerInch))
        .arg(std::lround(c.presentation.height * 25.4 / pixelsPerInch));
}

QString ExportDialog::smallTextNote(const ExportChoices &c) const
{
    const double points = smallestTextPoints(c.presentation.textScale);
    if (points >= leastPrintPoints)
        return {};
    return tr("Its smallest text prints at %1 pt, under the %2 pt a printed figure should keep: "
              "use View › Larger text.")
        .arg(points, 0, 'g', 3)
        .arg(leastPrintPoints);
}

void ExportDialog::printSizeChosen()
{
    const int index = m_ui->printSizeCombo->currentIndex() - 1; // 0 is "Custom size"
    if (index < 0 || index >= printPresets().size())
        return;
    const PrintPreset &preset = printPresets().at(index);
    {
        const QSignalBlocker width(m_ui->widthSpin), height(m_ui->heightSpin);
        m_ui->widthSpin->setValue(preset.width);
        m_ui->heightSpin->setValue(preset.height);
    }
    selectData(m_ui->scaleCombo, defaultPrintDpi / pixelsPerInch);
    refresh();
    m_ui->printSizeCombo->setCurrentIndex(index + 1);
}

void ExportDialog::browse()
{
    const ExportChoices c = choices();
    QStringList filters;
    for (const QString &format : formats())
        filters.append(formatLabel(format));
    QString filter = formatLabel(c.format);
    QString path = QFileDialog::getSaveFileName(this, tr("Export chart"), c.path,
                                                filters.join(QLatin1String(";;")), &filter);
    if (path.isEmpty())
        return;
    if (formatOfPath(path).isEmpty()) // the chosen filter names the format
        path += QLatin1Char('.') + formats().value(filters.indexOf(filter), c.format);
    m_ui->pathEdit->setText(QDir::toNativeSeparators(path));
    pathEdited();
}

void ExportDialog::pathEdited()
{
    // The format follows the extension as it is typed.
    const QString format = formatOfPath(m_ui->pathEdit->text());
    if (!format.isEmpty())
        selectData(m_ui->formatCombo, format);
    refresh();
}

void ExportDialog::formatChosen()
{
    // A new format replaces the file's image extension, or is added after the name.
    QString path = m_ui->pathEdit->text().trimmed();
    if (!path.isEmpty()) {
        if (!formatOfPath(path).isEmpty())
            path.chop(QFileInfo(path).suffix().size() + 1);
        m_ui->pathEdit->setText(path + QLatin1Char('.') +
                                m_ui->formatCombo->currentData().toString());
    }
    refresh();
}

void ExportDialog::refresh()
{
    const bool png = m_ui->formatCombo->currentData().toString() == QLatin1String("png");
    m_ui->scaleCombo->setEnabled(png);
    m_ui->scaleLabel->setEnabled(png);
    m_ui->pixelsLabel->setText(outputSizeText());
    // A size typed by hand is no longer a preset's.
    const int preset = m_ui->printSizeCombo->currentIndex() - 1;
    if (preset >= 0 && (printPresets().at(preset).width != m_ui->widthSpin->value() ||
                        printPresets().at(preset).height != m_ui->heightSpin->value()))
        m_ui->printSizeCombo->setCurrentIndex(0);
    const QString why = problem();
    QString note = why;
    if (why.isEmpty()) {
        QStringList notes;
        if (const QString small = smallTextNote(choices()); !small.isEmpty())
            notes.append(small);
        if (QFileInfo(choices().path).isFile())
            notes.append(
                tr("%1 exists and will be replaced.").arg(QFileInfo(choices().path).fileName()));
        note = notes.join(QLatin1Char(' '));
    }
    m_ui->problemLabel->setText(note);
    QPushButton *ok = m_ui->buttons->button(QDialogButtonBox::Ok);
    ok->setEnabled(why.isEmpty());
    ok->setToolTip(why);
}

} // namespace rooflab::gui
