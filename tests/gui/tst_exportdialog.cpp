// File › Export and File › Open as a user drives them: the export dialog's fields and what
// it writes, the caption table, themes, and opening (or dropping) an exported chart.
#include "appsettings.h"
#include "catalog.h"
#include "document.h"
#include "exportdialog.h"
#include "figuremetadata.h"
#include "fileactions.h"
#include "mainwindow.h"
#include "rooflinechart.h"
#include "scenariofile.h"
#include "windowtest.h"

#include <QAbstractButton>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDropEvent>
#include <QFile>
#include <QImage>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QMimeData>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QUndoStack>
#include <QXmlStreamReader>

#include <memory>

using namespace rooflab;
using namespace rooflab::gui;

namespace {

QString s(const char *text)
{
    return QString::fromUtf8(text);
}

const QString h100 = s("h100-sxm5");
const QString h200 = s("h200-sxm");
const QString gemm = s("decode-mlp-up-8b");
const QString attention = s("attn-decode-8b");
// The windows start from rooflab::test::twoOperatorScenario (windowtest.h): these two
// operators on these two devices, BF16, batch 64, sequence 4096.

QByteArray readAll(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

// The text of every <text> element of an SVG.
QStringList svgTexts(const QByteArray &svg)
{
    QStringList texts;
    QXmlStreamReader xml(svg);
    while (!xml.atEnd()) {
        if (xml.readNext() == QXmlStreamReader::StartElement && xml.name() == QLatin1String("text"))
            texts.append(xml.readElementText(QXmlStreamReader::IncludeChildElements));
    }
    return xml.hasError() ? QStringList{s("XML error: ") + xml.errorString()} : texts;
}

// Closes the next message box the code under test shows and keeps its text. Polls, and stops
// after 20 s, so a box that never comes fails the test's check instead of hanging it.
class MessageBoxCloser : public QObject
{
public:
    MessageBoxCloser()
    {
        m_timer.setInterval(20);
        connect(&m_timer, &QTimer::timeout, this, [this] {
            if (++m_ticks > 1000)
                m_timer.stop();
            const QWidgetList widgets = QApplication::topLevelWidgets();
            for (QWidget *widget : widgets) {
                auto *box = qobject_cast<QMessageBox *>(widget);
                if (box && box->isVisible()) {
                    m_title = box->windowTitle();
                    m_text = box->text();
                    box->done(QMessageBox::Ok);
                    m_timer.stop();
                    return;
                }
            }
        });
        m_timer.start();
    }
    QString title() const { return m_title; }
    QString text() const { return m_text; }

private:
    QTimer m_timer;
    int m_ticks = 0;
    QString m_title, m_text;
};

} // namespace

class TestExportDialog : public QObject
{
    Q_OBJECT

    Catalog m_catalog = Catalog::builtin();
    std::unique_ptr<rooflab::test::ShownWindow> m_shown;
    Document *m_doc = nullptr;
    MainWindow *m_window = nullptr;
    std::unique_ptr<QTemporaryDir> m_dir;

    FileActions *files() const { return m_window->fileActions(); }
    QString path(const char *name) const { return m_dir->filePath(s(name)); }

    // The choices of the window as it is, to path `file`.
    ExportChoices choicesFor(const QString &file) const
    {
        ExportChoices c = files()->exportChoices();
        c.path = file;
        c.format = ExportDialog::formatOfPath(file);
        return c;
    }

    template <typename T> static T *field(QWidget *dialog, const char *name)
    {
        return dialog->findChild<T *>(s(name));
    }

private Q_SLOTS:
    void initTestCase() { rooflab::test::isolateSettings("rooflab-export-tests"); }

    void init()
    {
        m_dir = std::make_unique<QTemporaryDir>();
        QVERIFY(m_dir->isValid());
        m_shown = std::make_unique<rooflab::test::ShownWindow>(
            m_catalog, rooflab::test::twoOperatorScenario(m_catalog), QSize(1400, 900));
        QVERIFY(m_shown->exposed());
        m_doc = m_shown->document();
        m_window = m_shown->window();
        m_doc->select(h100, gemm);
    }

    void cleanup()
    {
        m_shown.reset(); // no unsaved-changes prompt; settings emptied
        m_doc = nullptr;
        m_window = nullptr;
    }

    void dialogStartsWithTheWindowsChart()
    {
        Presentation p = m_doc->presentation();
        p.theme = s("dark");
        p.showLegend = false;
        m_doc->setPresentation(p, s("Dark, no legend"));
        const ExportChoices c = files()->exportChoices();
        QCOMPARE(QSize(c.presentation.width, c.presentation.height), m_window->chart()->size());
        QCOMPARE(c.presentation.theme, s("dark"));
        QCOMPARE(c.presentation.showLegend, false);
        QCOMPARE(c.presentation.scale, 1.0);
        QCOMPARE(c.format, s("png"));
        QVERIFY(c.path.endsWith(s(".png")));
    }

    void captionLineAndHighlightChecks()
    {
        // The caption line follows the presentation; the highlight starts off whatever the
        // window shows (a figure for a document has no selection ring unless asked).
        ExportChoices initial;
        initial.path = path("chart.svg");
        initial.presentation.captionLine = true;
        initial.presentation.highlightSelection = true;
        ExportDialog dialog(initial, QSize(800, 500));
        auto *line = field<QCheckBox>(&dialog, "captionLineCheck");
        auto *ring = field<QCheckBox>(&dialog, "highlightCheck");
        QVERIFY(line && ring);
        QVERIFY(line->isChecked());
        QVERIFY(!ring->isChecked());
        QVERIFY(dialog.choices().presentation.captionLine);
        QVERIFY(!dialog.choices().presentation.highlightSelection);
        ring->click();
        line->click();
        QVERIFY(dialog.choices().presentation.highlightSelection);
        QVERIFY(!dialog.choices().presentation.captionLine);
    }

    void okNeedsAWritablePath()
    {
        ExportChoices initial;
        initial.path.clear();
        ExportDialog dialog(initial, QSize(800, 500));
        auto *edit = field<QLineEdit>(&dialog, "pathEdit");
        auto *format = field<QComboBox>(&dialog, "formatCombo");
        auto *reason = field<QLabel>(&dialog, "problemLabel");
        QPushButton *ok = field<QDialogButtonBox>(&dialog, "buttons")->button(QDialogButtonBox::Ok);
        QVERIFY(edit && format && reason && ok);

        QVERIFY(!ok->isEnabled());
        QVERIFY(!reason->text().isEmpty());
        QCOMPARE(reason->text(), dialog.problem());

        // A folder that does not exist is named in the reason.
        edit->setFocus();
        QTest::keyClicks(edit, path("missing/chart.png"));
        QVERIFY(!ok->isEnabled());
        QVERIFY2(reason->text().contains(s("missing")), qPrintable(reason->text()));

        // Typing an extension picks the format; choosing a format renames the extension.
        edit->clear();
        QTest::keyClicks(edit, path("chart.svg"));
        QVERIFY(ok->isEnabled());
        QCOMPARE(format->currentData().toString(), s("svg"));
        QCOMPARE(dialog.choices().format, s("svg"));
        format->setFocus();
        QTest::keyClick(format, Qt::Key_Down); // svg -> pdf
        QCOMPARE(dialog.choices().path, path("chart.pdf"));
        // The scale applies to PNG only.
        QVERIFY(!field<QComboBox>(&dialog, "scaleCombo")->isEnabled());

        // An extension RoofLab cannot write.
        edit->clear();
        QTest::keyClicks(edit, path("chart.jpg"));
        QVERIFY(!ok->isEnabled());
        QVERIFY2(reason->text().contains(s(".jpg")), qPrintable(reason->text()));

        // No extension: the format's is added.
        edit->clear();
        QTest::keyClicks(edit, path("plain"));
        QVERIFY(ok->isEnabled());
        QCOMPARE(dialog.choices().path, path("plain.pdf"));

        // "As in the window" takes the chart's size.
        field<QSpinBox>(&dialog, "widthSpin")->setValue(300);
        field<QPushButton>(&dialog, "chartSizeButton")->click();
        QCOMPARE(dialog.choices().presentation.width, 800);
        QCOMPARE(dialog.choices().presentation.height, 500);
    }

    void exportActionWritesPngOfTheRequestedSize()
    {
        // The dialog is driven as a user would, once File › Export has opened it.
        const QString file = path("slide.png");
        bool seen = false;
        QTimer::singleShot(0, this, [&] {
            auto *dialog = m_window->findChild<ExportDialog *>();
            if (!dialog)
                return;
            seen = true;
            auto *edit = field<QLineEdit>(dialog, "pathEdit");
            edit->clear();
            QTest::keyClicks(edit, file);
            field<QSpinBox>(dialog, "widthSpin")->setValue(700);
            field<QSpinBox>(dialog, "heightSpin")->setValue(450);
            auto *scale = field<QComboBox>(dialog, "scaleCombo");
            scale->setCurrentIndex(scale->findData(2.0));
            // 700 x 450 at 2x: 1400 x 900 pixels, announced before writing, with the printed
            // size: 700 / 96 = 7.29 in, 450 / 96 = 4.69 in, at 2 × 96 = 192 dpi.
            QCOMPARE(field<QLabel>(dialog, "pixelsLabel")->text(),
                     s("1400 × 900 pixels, 7.29 × 4.69 in at 192 dpi"));
            field<QDialogButtonBox>(dialog, "buttons")->button(QDialogButtonBox::Ok)->click();
        });
        QTimer::singleShot(20000, this, [this] { // never hang on a dialog the test missed
            if (auto *dialog = m_window->findChild<ExportDialog *>())
                dialog->reject();
        });
        files()->exportAction()->trigger();
        QVERIFY(seen);
        const QImage image(file);
        QCOMPARE(image.size(), QSize(1400, 900));
        // Its scenario is the window's, with the figure's size.
        QString error;
        QStringList errors;
        const auto doc =
            readScenarioFile(readEmbeddedMetadata(file, &error), file, m_catalog, &errors);
        QVERIFY2(doc, qPrintable(error + errors.join(s("; "))));
        QCOMPARE(doc->scenario, m_doc->scenario());
        QCOMPARE(doc->presentation.width, 700);
        QCOMPARE(doc->presentation.height, 450);
        QCOMPARE(doc->selection.op, gemm);

        // The choices are remembered: the scale, and the size since it is not the chart's.
        const ExportChoices next = files()->exportChoices();
        QCOMPARE(next.presentation.scale, 2.0);
        QCOMPARE(next.presentation.width, 700);
        QCOMPARE(next.path, file);
    }

    void printPresetsSetAColumnAt300Dpi()
    {
        ExportDialog dialog(choicesFor(path("column.png")), QSize(800, 500));
        auto *preset = field<QComboBox>(&dialog, "printSizeCombo");
        QCOMPARE(preset->itemText(1), s("Single column, 3.5 in"));
        preset->setCurrentIndex(1);
        Q_EMIT preset->activated(1);
        // 3.5 in × 96 = 336 px, 2.625 in × 96 = 252 px; at 300 dpi the PNG is 3.5 × 300 =
        // 1050 by 2.625 × 300 = 787.5, drawn on 788 pixels.
        ExportChoices c = dialog.choices();
        QCOMPARE(c.presentation.width, 336);
        QCOMPARE(c.presentation.height, 252);
        QCOMPARE(c.presentation.scale, 300.0 / 96);
        QCOMPARE(field<QLabel>(&dialog, "pixelsLabel")->text(),
                 s("1050 × 788 pixels, 3.5 × 2.63 in at 300 dpi"));
        // Two columns: 7 in = 672 px by 5.25 in = 504 px.
        preset->setCurrentIndex(2);
        Q_EMIT preset->activated(2);
        c = dialog.choices();
        QCOMPARE(c.presentation.width, 672);
        QCOMPARE(c.presentation.height, 504);
        // A width typed by hand is a custom size again.
        field<QSpinBox>(&dialog, "widthSpin")->setValue(700);
        QCOMPARE(preset->currentIndex(), 0);
    }

    void smallPrintedTextIsNoted()
    {
        // At text scale 0.5 the smallest font is 12 × 0.5 = 6 px = 6 × 72 / 96 = 4.5 pt.
        ExportChoices c = choicesFor(path("small.png"));
        c.presentation.textScale = 0.5;
        ExportDialog dialog(c, QSize(800, 500));
        const QString note = field<QLabel>(&dialog, "problemLabel")->text();
        QVERIFY2(note.startsWith(s("Its smallest text prints at 4.5 pt, under the 6 pt")),
                 qPrintable(note));
        QVERIFY(
            field<QDialogButtonBox>(&dialog, "buttons")->button(QDialogButtonBox::Ok)->isEnabled());
        // At the window's own text scale, 12 px = 9 pt: nothing to say.
        c.presentation.textScale = 1;
        dialog.setChoices(c);
        QVERIFY2(field<QLabel>(&dialog, "problemLabel")->text().isEmpty(),
                 qPrintable(field<QLabel>(&dialog, "problemLabel")->text()));
    }

    void captionTableCarriesTheSelectedFigures()
    {
        ExportChoices c = choicesFor(path("caption.svg"));
        c.presentation.width = 1600;
        c.presentation.height = 1000;
        c.presentation.caption = true;
        QString error;
        QVERIFY2(files()->exportTo(c, &error), qPrintable(error));
        const QStringList texts = svgTexts(readAll(c.path));
        // H100, 8B MLP up in decode at batch 64, BF16 (2-byte weights and activations):
        //   FLOPs = 2·B·D·F = 2·64·4096·14336 = 7,516,192,768            -> 7.516 GFLOP
        //   bytes = 2·D·F + 2·B·(D+F) = 117,440,512 + 2,359,296 = 119,799,808 -> 119.8 MB
        //   intensity = 7,516,192,768 / 119,799,808 = 62.740              -> 62.74 FLOP/B
        //   below the ridge 989.5e12 / 3.35e12 = 295.4: memory-bound,
        //   attainable = 3.35e12 · 62.740 = 210.18e12                    -> 210.2 TFLOP/s
        //   time = 119,799,808 B / 3.35e12 B/s = 35.76 µs                -> 35.8 µs
        for (const char *expected :
             {"Device", "Operator", "Formats", "FLOPs", "Bytes", "Intensity", "Attainable", "Bound",
              "Time", "NVIDIA H100 SXM5 80GB", "NVIDIA H200 SXM 141GB", "W bf16, A bf16",
              "7.516 GFLOP", "119.8 MB", "62.74 FLOP/B", "210.2 TFLOP/s", "memory", "35.8 µs"})
            QVERIFY2(texts.contains(s(expected)),
                     qPrintable(s(expected) + s(" missing from: ") + texts.join(s(" | "))));
        // The H200 row: the same work over 4.8 TB/s takes 119,799,808 / 4.8e12 = 24.96 µs.
        QVERIFY2(texts.contains(s("25 µs")), qPrintable(texts.join(s(" | "))));

        // Without the caption none of the table is drawn, and the file keeps its size either way.
        c.presentation.caption = false;
        c.path = path("plain.svg");
        QVERIFY2(files()->exportTo(c, &error), qPrintable(error));
        const QByteArray plain = readAll(c.path);
        const QStringList plainTexts = svgTexts(plain);
        QVERIFY(!plainTexts.contains(s("62.74 FLOP/B")));
        QVERIFY(!plainTexts.contains(s("Attainable")));
        QVERIFY(plain.contains("viewBox=\"0 0 1600 1000\""));
        QVERIFY(readAll(path("caption.svg")).contains("viewBox=\"0 0 1600 1000\""));
        // Only the selected operator is listed, once per device: attention is left out.
        const QString gemmName = m_doc->analysis().point(h100, gemm)->operatorName;
        const QString attentionName = m_doc->analysis().point(h100, attention)->operatorName;
        QCOMPARE(texts.count(gemmName) - plainTexts.count(gemmName), 2);
        QCOMPARE(texts.count(attentionName), plainTexts.count(attentionName));

        // The same input gives the same bytes.
        c.presentation.caption = true;
        c.path = path("caption2.svg");
        QVERIFY2(files()->exportTo(c, &error), qPrintable(error));
        QVERIFY(readAll(path("caption.svg")) == readAll(c.path));
    }

    void compareTableNeedsAModel()
    {
        // Without a model the box is off and disabled; the presentation never asks for it.
        ExportChoices initial;
        initial.path = path("chart.svg");
        initial.presentation.compareTable = true;
        ExportDialog dialog(initial, QSize(800, 500));
        auto *box = field<QCheckBox>(&dialog, "compareCheck");
        QVERIFY(box);
        QVERIFY(box->isChecked());
        dialog.setCompareAvailable(false);
        QVERIFY(!box->isEnabled());
        QVERIFY(!dialog.choices().presentation.compareTable);
        QVERIFY(!box->toolTip().isEmpty());

        // With a model, the window's export draws the Compare dock's rows under the plot.
        m_doc->setModel(s("llama-3.1-8b"));
        ExportChoices c = choicesFor(path("compare.svg"));
        c.presentation.width = 1400;
        c.presentation.height = 900;
        c.presentation.compareTable = true;
        QString error;
        QVERIFY2(files()->exportTo(c, &error), qPrintable(error));
        const QStringList texts = svgTexts(readAll(c.path));
        for (const char *expected : {"TP", "Tokens/s per device", "$ per 1M tokens",
                                     "NVIDIA H100 SXM5 80GB", "NVIDIA H200 SXM 141GB"})
            QVERIFY2(texts.contains(s(expected)),
                     qPrintable(s(expected) + s(" missing from: ") + texts.join(s(" | "))));
    }

    void captionKeepsThePngSize()
    {
        ExportChoices c = choicesFor(path("caption.png"));
        c.presentation.width = 900;
        c.presentation.height = 700;
        c.presentation.scale = 2;
        c.presentation.caption = true;
        QString error;
        QVERIFY2(files()->exportTo(c, &error), qPrintable(error));
        // 900 x 700 at 2x = 1800 x 1400, the table taking part of the height.
        QCOMPARE(QImage(c.path).size(), QSize(1800, 1400));
    }

    void printThemeIsGreyAndDiffersFromLight()
    {
        ExportChoices c = choicesFor(path("light.png"));
        c.presentation.width = 800;
        c.presentation.height = 500;
        c.presentation.theme = s("light");
        QString error;
        QVERIFY2(files()->exportTo(c, &error), qPrintable(error));
        c.path = path("print.png");
        c.presentation.theme = s("print");
        c.presentation.caption = true;
        QVERIFY2(files()->exportTo(c, &error), qPrintable(error));
        const QImage light(path("light.png")), print(path("print.png"));
        QCOMPARE(print.size(), light.size());
        QVERIFY(light != print);
        // Light draws devices in colour; print uses greys only (a photocopy loses nothing).
        int coloured = 0, colouredInPrint = 0;
        for (int y = 0; y < light.height(); ++y) {
            for (int x = 0; x < light.width(); ++x) {
                coloured += light.pixelColor(x, y).hslSaturation() > 100 ? 1 : 0;
                colouredInPrint += print.pixelColor(x, y).hslSaturation() > 12 ? 1 : 0;
            }
        }
        QVERIFY(coloured > 500);
        QCOMPARE(colouredInPrint, 0);
    }

    void openingExportedChartsRestoresTheScenario_data()
    {
        QTest::addColumn<QString>("name");
        QTest::newRow("png") << s("b512.png");
        QTest::newRow("svg") << s("b512.svg");
        QTest::newRow("pdf") << s("b512.pdf");
    }

    void openingExportedChartsRestoresTheScenario()
    {
        QFETCH(QString, name);
        m_doc->setBatch(512);
        m_doc->select(h200, attention);
        Presentation display = m_doc->presentation();
        display.theme = s("print");
        m_doc->setPresentation(display, s("Print theme"));
        const Scenario exported = m_doc->scenario();
        const QString file = m_dir->filePath(name);
        QString error;
        QVERIFY2(files()->exportTo(choicesFor(file), &error), qPrintable(error));

        m_doc->setBatch(8);
        m_doc->select(h100, gemm);
        display.theme = s("light");
        m_doc->setPresentation(display, s("Light theme"));
        m_doc->markSaved();
        // The figure's theme differs from the window's: the window asks first; say yes.
        QTimer answer;
        answer.setInterval(20);
        connect(&answer, &QTimer::timeout, this, [] {
            if (auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget()))
                box->button(QMessageBox::Yes)->click();
        });
        answer.start();
        QVERIFY(m_window->openFile(file));
        answer.stop();
        QCOMPARE(m_doc->scenario(), exported);
        QCOMPARE(m_doc->selectedDevice(), h200);
        QCOMPARE(m_doc->selectedOperator(), attention);
        QCOMPARE(m_doc->presentation().theme, s("print"));
        // The chart is not the scenario's file: Save has to ask where to write one.
        QVERIFY(m_doc->filePath().isEmpty());
        QVERIFY(!m_doc->isModified());
        QCOMPARE(m_doc->undoStack()->count(), 0);
    }

    void imageWithoutScenarioKeepsTheCurrentOne()
    {
        QImage plain(64, 48, QImage::Format_RGB32);
        plain.fill(Qt::white);
        const QString file = path("holiday.png");
        QVERIFY(plain.save(file));
        m_doc->setBatch(256);
        m_doc->markSaved();
        const Scenario before = m_doc->scenario();

        MessageBoxCloser closer;
        QVERIFY(!m_window->openFile(file));
        QVERIFY2(closer.text().contains(s("holiday.png")), qPrintable(closer.text()));
        QVERIFY2(closer.text().contains(s("no RoofLab scenario")), qPrintable(closer.text()));
        QCOMPARE(m_doc->scenario(), before);
        QCOMPARE(m_doc->selectedDevice(), h100);
    }

    void droppingAnExportedSvgOpensIt()
    {
        m_doc->setBatch(16);
        const Scenario exported = m_doc->scenario();
        const QString file = path("dropped.svg");
        QString error;
        QVERIFY2(files()->exportTo(choicesFor(file), &error), qPrintable(error));
        m_doc->setBatch(1024);
        m_doc->markSaved();

        QMimeData mime;
        mime.setUrls({QUrl::fromLocalFile(file)});
        const QPoint centre = m_window->rect().center();
        QDragEnterEvent enter(centre, Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(m_window, &enter);
        QVERIFY(enter.isAccepted());
        QDropEvent drop(QPointF(centre), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(m_window, &drop);
        QCOMPARE(m_doc->scenario(), exported);
        QVERIFY(m_doc->filePath().isEmpty());
    }
};

QTEST_MAIN(TestExportDialog)
#include "tst_exportdialog.moc"
