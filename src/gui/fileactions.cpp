#include "fileactions.h"

#include "appsettings.h"
#include "chartexport.h"
#include "document.h"
#include "scenariofile.h"

#include <QAction>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>
#include <QMessageBox>
#include <QWidget>

namespace rooflab::gui {

namespace {

QString scenarioFilter()
{
    return QObject::tr("RoofLab scenarios (*%1 *.json);;All files (*)")
        .arg(QLatin1String(scenarioFileSuffix));
}

} // namespace

FileActions::FileActions(Document *document, QWidget *window)
    : QObject(window), m_document(document), m_window(window), m_new(new QAction(tr("&New"), this)),
      m_open(new QAction(tr("&Open…"), this)), m_recent(new QMenu(tr("Open &recent"), window)),
      m_save(new QAction(tr("&Save"), this)), m_saveAs(new QAction(tr("Save &as…"), this)),
      m_export(new QAction(tr("&Export image…"), this))
{
    m_new->setShortcut(QKeySequence::New);
    m_open->setShortcut(QKeySequence::Open);
    m_save->setShortcut(QKeySequence::Save);
    m_saveAs->setShortcut(QKeySequence::SaveAs);
    m_export->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    m_new->setStatusTip(tr("Start over with the default scenario"));
    m_export->setStatusTip(tr("Write the chart as PNG, SVG or PDF, exactly as shown"));
    connect(m_new, &QAction::triggered, this, &FileActions::newScenario);
    connect(m_open, &QAction::triggered, this, [this] {
        if (!maybeSave())
            return;
        const QString path = QFileDialog::getOpenFileName(m_window, tr("Open scenario"),
                                                          startDirectory(), scenarioFilter());
        if (!path.isEmpty())
            open(path);
    });
    connect(m_save, &QAction::triggered, this, &FileActions::save);
    connect(m_saveAs, &QAction::triggered, this, &FileActions::saveAs);
    connect(m_export, &QAction::triggered, this, &FileActions::exportImage);
    rebuildRecentMenu();
}

void FileActions::setViewStateProvider(std::function<ViewState()> provider)
{
    m_viewState = std::move(provider);
}

void FileActions::setChartOptionsProvider(std::function<ChartOptions()> provider)
{
    m_chartOptions = std::move(provider);
}

bool FileActions::maybeSave()
{
    if (!m_document->isModified())
        return true;
    const QString name = m_document->filePath().isEmpty()
                             ? tr("The scenario")
                             : tr("“%1”").arg(QFileInfo(m_document->filePath()).fileName());
    const auto answer = QMessageBox::warning(
        m_window, tr("Unsaved changes"),
        tr("%1 has changes that are not saved. Save them?").arg(name),
        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
    if (answer == QMessageBox::Save)
        return save();
    return answer == QMessageBox::Discard;
}

void FileActions::newScenario()
{
    if (maybeSave())
        m_document->reset(defaultScenario(m_document->catalog()));
}

bool FileActions::open(const QString &path)
{
    QStringList errors;
    const std::optional<ScenarioDocument> file =
        loadScenarioFile(path, m_document->catalog(), &errors);
    if (!file) {
        QMessageBox::warning(
            m_window, tr("Cannot open scenario"),
            tr("%1 could not be opened:\n\n%2")
                .arg(QDir::toNativeSeparators(path), errors.join(QLatin1Char('\n'))));
        return false;
    }
    m_document->reset(file->scenario, QFileInfo(path).absoluteFilePath());
    addRecent(m_document->filePath());
    Q_EMIT opened(file->view);
    return true;
}

bool FileActions::save()
{
    if (m_document->filePath().isEmpty())
        return saveAs();
    return saveTo(m_document->filePath());
}

bool FileActions::saveAs()
{
    QString path = QFileDialog::getSaveFileName(m_window, tr("Save scenario"), startDirectory(),
                                                scenarioFilter());
    if (path.isEmpty())
        return false;
    if (!path.endsWith(QLatin1String(".json"), Qt::CaseInsensitive))
        path += QLatin1String(scenarioFileSuffix);
    return saveTo(path);
}

bool FileActions::saveTo(const QString &path)
{
    QString error;
    const ViewState view = m_viewState ? m_viewState() : ViewState();
    if (!saveScenarioFile(path, m_document->scenario(), view, &error)) {
        QMessageBox::warning(m_window, tr("Cannot save scenario"), error);
        return false;
    }
    m_document->setFilePath(QFileInfo(path).absoluteFilePath());
    m_document->markSaved();
    addRecent(m_document->filePath());
    return true;
}

void FileActions::exportImage()
{
    const QString path = QFileDialog::getSaveFileName(
        m_window, tr("Export chart"), startDirectory(),
        tr("PNG image (*.png);;SVG drawing (*.svg);;PDF document (*.pdf)"));
    if (path.isEmpty())
        return;
    ImageExport request;
    request.path = path;
    request.format = QFileInfo(path).suffix().toLower();
    if (request.format.isEmpty()) {
        request.format = QStringLiteral("png");
        request.path += QLatin1String(".png");
    }
    const ViewState view = m_viewState ? m_viewState() : ViewState();
    request.metadata = writeScenarioFile(m_document->scenario(), view);
    const ChartOptions options = m_chartOptions ? m_chartOptions() : ChartOptions();
    QString error;
    if (!exportChart(m_document->analysis(), options, request, &error))
        QMessageBox::warning(m_window, tr("Cannot export chart"), error);
    settings::lastDirectory.set(QFileInfo(request.path).absolutePath());
}

void FileActions::addRecent(const QString &path)
{
    QStringList recent = settings::recentFiles.get();
    recent.removeAll(path);
    recent.prepend(path);
    while (recent.size() > settings::maxRecentFiles)
        recent.removeLast();
    settings::recentFiles.set(recent);
    settings::lastDirectory.set(QFileInfo(path).absolutePath());
    rebuildRecentMenu();
}

void FileActions::rebuildRecentMenu()
{
    m_recent->clear();
    const QStringList recent = settings::recentFiles.get();
    int number = 1;
    for (const QString &path : recent) {
        QAction *action = m_recent->addAction(
            tr("&%1 %2").arg(number++).arg(QFileInfo(path).fileName()), this, [this, path] {
                if (maybeSave())
                    open(path);
            });
        action->setStatusTip(QDir::toNativeSeparators(path));
    }
    m_recent->setEnabled(!recent.isEmpty());
}

QString FileActions::startDirectory() const
{
    if (!m_document->filePath().isEmpty())
        return QFileInfo(m_document->filePath()).absolutePath();
    return settings::lastDirectory.get();
}

} // namespace rooflab::gui
