#include "fileactions.h"

#include "appsettings.h"
#include "chartoptions.h"
#include "document.h"
#include "figureexport.h"
#include "figuremetadata.h"
#include "scenarioanalysis.h"
#include "scenariofile.h"

#include <QAction>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QMainWindow>
#include <QMenu>
#include <QMessageBox>
#include <QStandardPaths>
#include <QStatusBar>
#include <QWidget>

#include <algorithm>

namespace rooflab::gui {

namespace {

QString scenarioFilter()
{
    return QObject::tr("RoofLab scenarios (*%1 *.json);;All files (*)")
        .arg(QLatin1String(scenarioFileSuffix));
}

QString openFilter()
{
    return QObject::tr("Scenarios and exported charts (*%1 *.json *.png *.svg *.pdf);;"
                       "RoofLab scenarios (*%1 *.json);;"
                       "Charts exported by RoofLab (*.png *.svg *.pdf);;All files (*)")
        .arg(QLatin1String(scenarioFileSuffix));
}

// The first of `folders` that exists, else the home folder.
QString firstExistingFolder(const QStringList &folders)
{
    for (const QString &folder : folders) {
        if (!folder.isEmpty() && QFileInfo(folder).isDir())
            return folder;
    }
    return QDir::homePath();
}

// "runs/b512" for "runs/b512.rooflab.json" or "runs/b512.png": the name without its
// scenario or image suffix.
QString withoutSuffix(const QString &path)
{
    QString stem = path;
    if (stem.endsWith(QLatin1String(scenarioFileSuffix), Qt::CaseInsensitive))
        stem.chop(qsizetype(sizeof(scenarioFileSuffix)) - 1);
    else if (!QFileInfo(stem).suffix().isEmpty())
        stem.chop(QFileInfo(stem).suffix().size() + 1);
    return stem;
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
    m_open->setStatusTip(tr("Open a scenario file, or the scenario of a chart RoofLab exported"));
    m_export->setStatusTip(tr("Write the chart as PNG, SVG or PDF, exactly as shown"));
    connect(m_new, &QAction::triggered, this, &FileActions::newScenario);
    connect(m_open, &QAction::triggered, this, [this] {
        if (!maybeSave())
            return;
        const QString path = QFileDialog::getOpenFileName(
            m_window, tr("Open scenario or exported chart"), startDirectory(), openFilter());
        if (!path.isEmpty())
            open(path);
    });
    connect(m_save, &QAction::triggered, this, &FileActions::save);
    connect(m_saveAs, &QAction::triggered, this, &FileActions::saveAs);
    connect(m_export, &QAction::triggered, this, &FileActions::exportImage);
    rebuildRecentMenu();
}

void FileActions::setChartSizeProvider(std::function<QSize()> provider)
{
    m_chartSize = std::move(provider);
}

bool FileActions::isChartImage(const QString &path)
{
    return !ExportDialog::formatOfPath(path).isEmpty();
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
    if (maybeSave()) {
        m_document->reset(defaultScenario(m_document->catalog()));
        m_openedImage.clear();
    }
}

bool FileActions::open(const QString &path)
{
    QStringList errors;
    std::optional<ScenarioDocument> file;
    const bool image = isChartImage(path);
    if (image) {
        QString error;
        const QByteArray scenario = readEmbeddedMetadata(path, &error);
        if (scenario.isEmpty()) {
            QMessageBox::warning(m_window, tr("Cannot open chart"),
                                 tr("%1 could not be opened:\n\n%2\n\nOnly charts exported by "
                                    "RoofLab carry their scenario. The current scenario stays.")
                                     .arg(QDir::toNativeSeparators(path), error));
            return false;
        }
        file = readScenarioFile(scenario, path, m_document->catalog(), &errors);
    } else {
        file = loadScenarioFile(path, m_document->catalog(), &errors);
    }
    if (!file) {
        QMessageBox::warning(
            m_window, tr("Cannot open scenario"),
            tr("%1 could not be opened:\n\n%2")
                .arg(QDir::toNativeSeparators(path), errors.join(QLatin1Char('\n'))));
        return false;
    }
    // A file that does not say how to look (written by hand, or by an older RoofLab) takes
    // the window's theme and text size, not the defaults.
    if (!file->themeNamed)
        file->presentation.theme = m_document->presentation().theme;
    if (!file->textScaleNamed)
        file->presentation.textScale = m_document->presentation().textScale;
    // A figure's theme was chosen for the document it went into, not for this window: the
    // scenario opens in the window's theme first, so that the question is asked over the
    // figure's own scenario; Yes opens it again in the figure's theme, as a file just opened
    // (nothing to undo or save).
    const QString figureTheme = file->presentation.theme;
    if (image)
        file->presentation.theme = m_document->presentation().theme;
    // A chart is not a scenario file: the document stays untitled so Save asks for one.
    const QString absolute = QFileInfo(path).absoluteFilePath();
    m_document->reset(file->scenario, file->presentation, file->selection,
                      image ? QString() : absolute);
    m_openedImage = image ? absolute : QString();
    if (image && figureTheme != file->presentation.theme) {
        const ThemeInfo *theme = themeInfo(figureTheme);
        const auto answer = QMessageBox::question(
            m_window, tr("Theme of the chart"),
            tr("The chart was exported with the %1 theme. Use it for the window too?")
                .arg(theme ? theme->displayName : figureTheme),
            QMessageBox::Yes | QMessageBox::No, QMessageBox::No);
        if (answer == QMessageBox::Yes) {
            file->presentation.theme = figureTheme;
            m_document->reset(file->scenario, file->presentation, file->selection, QString());
        }
    }
    addRecent(absolute);
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
    QString path = QFileDialog::getSaveFileName(m_window, tr("Save scenario"),
                                                suggestedScenarioPath(), scenarioFilter());
    if (path.isEmpty())
        return false;
    if (!path.endsWith(QLatin1String(".json"), Qt::CaseInsensitive))
        path += QLatin1String(scenarioFileSuffix);
    return saveTo(path);
}

bool FileActions::saveTo(const QString &path)
{
    QString error;
    if (!saveScenarioFile(path, m_document->scenario(), m_document->presentation(),
                          m_document->selection(), &error)) {
        QMessageBox::warning(m_window, tr("Cannot save scenario"), error);
        return false;
    }
    m_document->setFilePath(QFileInfo(path).absoluteFilePath());
    m_document->markSaved();
    m_openedImage.clear();
    addRecent(m_document->filePath());
    return true;
}

void FileActions::exportImage()
{
    ExportDialog dialog(exportChoices(), m_chartSize ? m_chartSize() : QSize(), m_window);
    dialog.setCompareAvailable(!m_document->scenario().model.isEmpty());
    if (dialog.exec() != QDialog::Accepted)
        return;
    const ExportChoices choices = dialog.choices();
    rememberExportChoices(choices);
    QString error;
    QStringList notes;
    if (!exportTo(choices, &error, &notes)) {
        QMessageBox::warning(m_window, tr("Cannot export chart"),
                             tr("The chart was not exported.\n\n%1").arg(error));
        return;
    }
    const QString written = tr("Chart written to %1").arg(QDir::toNativeSeparators(choices.path));
    // Something asked for is not in the file: said where it cannot be missed.
    if (!notes.isEmpty()) {
        QMessageBox::information(m_window, tr("Chart exported without a table"),
                                 tr("%1, but %2.").arg(written, notes.join(tr("; "))));
        return;
    }
    if (auto *window = qobject_cast<QMainWindow *>(m_window))
        window->statusBar()->showMessage(written, 8000);
}

ExportChoices FileActions::exportChoices() const
{
    const QSize chart = m_chartSize ? m_chartSize() : QSize();
    ExportChoices c;
    const QString format = app::settings::exportFormat.get();
    if (ExportDialog::formats().contains(format))
        c.format = format;
    Presentation &p = c.presentation;
    p = m_document->presentation();
    const auto side = [](int stored, int shown, int fallback) {
        return std::clamp(stored > 0  ? stored
                          : shown > 0 ? shown
                                      : fallback,
                          figurelimits::minSide, figurelimits::maxSide);
    };
    p.width = side(app::settings::exportWidth.get(), chart.width(), p.width);
    p.height = side(app::settings::exportHeight.get(), chart.height(), p.height);
    p.scale = app::settings::exportScale.get();
    if (const ThemeInfo *theme = themeInfo(app::settings::exportTheme.get()))
        p.theme = theme->id;
    p.caption = app::settings::exportCaption.get();
    p.compareTable = app::settings::exportCompareTable.get();
    // Named after the scenario file when there is one, else the last export, else a default.
    const QString last = app::settings::exportPath.get();
    QString stem;
    if (!m_document->filePath().isEmpty())
        stem = withoutSuffix(m_document->filePath());
    else if (!last.isEmpty())
        stem = withoutSuffix(last);
    else
        stem = QDir(firstExistingFolder({startDirectory(), QStandardPaths::writableLocation(
                                                               QStandardPaths::PicturesLocation)}))
                   .filePath(QStringLiteral("roofline"));
    c.path = stem + QLatin1Char('.') + c.format;
    return c;
}

void FileActions::rememberExportChoices(const ExportChoices &choices) const
{
    // Size and theme are kept only when they differ from the window's, so the next export
    // follows the window again unless the user chose otherwise.
    const QSize chart = m_chartSize ? m_chartSize() : QSize();
    const Presentation &p = choices.presentation;
    const bool chartSized = chart == QSize(p.width, p.height);
    app::settings::exportPath.set(choices.path);
    app::settings::exportFormat.set(choices.format);
    app::settings::exportWidth.set(chartSized ? 0 : p.width);
    app::settings::exportHeight.set(chartSized ? 0 : p.height);
    app::settings::exportScale.set(p.scale);
    app::settings::exportTheme.set(p.theme == m_document->presentation().theme ? QString()
                                                                               : p.theme);
    app::settings::exportCaption.set(p.caption);
    app::settings::exportCompareTable.set(p.compareTable);
    app::settings::lastDirectory.set(QFileInfo(choices.path).absolutePath());
}

bool FileActions::exportTo(const ExportChoices &choices, QString *error, QStringList *notes) const
{
    const FigureRequest request{
        .path = choices.path,
        .format = choices.format,
        .presentation = choices.presentation,
        .selection = m_document->selection(),
        // The window's title forms, so that the file draws the title the window draws.
        .titles = modelChartTitles(m_document->modelAnalyses(), choices.presentation.captionLine),
        .captionLine = scenarioCaptionLine(m_document->catalog(), m_document->scenario()),
        .models = m_document->modelAnalyses(),
        .compareRows = m_document->results().compareRows(),
        // The embedded scenario reopens the figure as exported.
        .metadata = writeScenarioFile(m_document->scenario(), choices.presentation,
                                      m_document->selection()),
    };
    return exportFigure(m_document->analysis(), request, error, notes);
}

void FileActions::addRecent(const QString &path)
{
    QStringList recent = app::settings::recentFiles.get();
    recent.removeAll(path);
    recent.prepend(path);
    while (recent.size() > app::settings::maxRecentFiles)
        recent.removeLast();
    app::settings::recentFiles.set(recent);
    app::settings::lastDirectory.set(QFileInfo(path).absolutePath());
    rebuildRecentMenu();
}

void FileActions::rebuildRecentMenu()
{
    m_recent->clear();
    const QStringList recent = app::settings::recentFiles.get();
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
    return app::settings::lastDirectory.get();
}

QString FileActions::suggestedScenarioPath() const
{
    // A scenario opened from a chart is offered a scenario file beside it, of the same name.
    if (m_document->filePath().isEmpty() && !m_openedImage.isEmpty())
        return withoutSuffix(m_openedImage) + QLatin1String(scenarioFileSuffix);
    return startDirectory();
}

} // namespace rooflab::gui
