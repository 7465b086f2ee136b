#include "measuredactions.h"

#include "document.h"
#include "measuredimport.h"

#include <QAction>
#include <QDir>
#include <QFileDialog>
#include <QMessageBox>
#include <QStringList>
#include <QWidget>

namespace rooflab::gui {

namespace {

// The most problems one message lists; the rest are counted.
constexpr qsizetype listedProblems = 8;

} // namespace

MeasuredActions::MeasuredActions(app::Document *document, QWidget *window)
    : QObject(window), m_document(document), m_window(window),
      m_import(new QAction(tr("&Import measured kernels…"), this)),
      m_clear(new QAction(tr("C&lear measured kernels"), this))
{
    m_import->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_I));
    m_import->setStatusTip(tr("Draw the kernels a profiler measured where they ran: Nsight "
                              "Compute raw CSV, rocprof-compute or RoofLab CSV"));
    m_clear->setStatusTip(tr("Take the measured kernels off the chart"));
    connect(m_import, &QAction::triggered, this, &MeasuredActions::chooseAndImport);
    connect(m_clear, &QAction::triggered, this,
            [this] { m_document->setMeasured({}, tr("Clear measured kernels")); });
    connect(m_document, &app::Document::changed, this, &MeasuredActions::updateClear);
    updateClear();
}

QStringList MeasuredActions::importFile(const QString &path)
{
    const MeasuredKernelsFile file = readMeasuredKernels(path);
    if (!file.problems.isEmpty())
        return file.problems;
    QList<MeasuredKernel> kernels = m_document->scenario().measured;
    kernels.append(file.kernels);
    m_document->setMeasured(kernels, tr("Import measured kernels"));
    return {};
}

void MeasuredActions::chooseAndImport()
{
    const QString path = QFileDialog::getOpenFileName(
        m_window, tr("Import measured kernels"), QString(), tr("Profiles (*.csv);;All files (*)"));
    if (path.isEmpty())
        return;
    const QStringList problems = importFile(path);
    if (problems.isEmpty())
        return;
    QStringList lines = problems.mid(0, listedProblems);
    if (problems.size() > listedProblems)
        lines.append(tr("… and %1 more").arg(problems.size() - listedProblems));
    QMessageBox box(QMessageBox::Warning, tr("Import measured kernels"),
                    tr("No kernel of %1 was imported; the chart is as it was.")
                        .arg(QDir::toNativeSeparators(path)),
                    QMessageBox::Ok, m_window);
    box.setInformativeText(lines.join(QLatin1Char('\n')));
    box.exec();
}

void MeasuredActions::updateClear()
{
    m_clear->setEnabled(!m_document->scenario().measured.isEmpty());
}

} // namespace rooflab::gui
