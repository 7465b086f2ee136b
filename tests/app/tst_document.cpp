// The document: undoable edits, merging of continuous gestures, one analysis per change,
// selection.
#include "catalog.h"
#include "document.h"
#include "testhelpers.h"

#include <QSignalSpy>
#include <QTest>
#include <QUndoStack>

using namespace rooflab;
using namespace rooflab::app;

namespace {

QString s(const char *text)
{
    return QString::fromUtf8(text);
}

// H100 SXM5 and H200 SXM with the 8B MLP up projection (decode) and the 8B decode attention,
// BF16 everywhere, batch 64.
Scenario testScenario(const Catalog &catalog)
{
    Scenario sc;
    sc.devices = {s("h100-sxm5"), s("h200-sxm")};
    for (const char *id : {"decode-mlp-up-8b", "attn-decode-8b"})
        sc.operators.append(*catalog.operatorSpec(s(id)));
    sc.batch = 64;
    return sc;
}

double intensityOf(const Document &doc, const char *device, const char *op)
{
    const PointAnalysis *p = doc.analysis().point(s(device), s(op));
    return p ? p->intensity : -1;
}

} // namespace

class TestDocument : public QObject
{
    Q_OBJECT

    Catalog m_catalog = Catalog::builtin();

private Q_SLOTS:
    void analysisFollowsEdits()
    {
        Document doc(m_catalog, testScenario(m_catalog));
        QSignalSpy changed(&doc, &Document::changed);
        // decode GEMM, D = 4096, F = 14336, 2-byte weights and activations:
        // I(B) = 2·B·D·F / (2·D·F + 2·B·(D+F)); D·F = 58,720,256, D+F = 18,432.
        // B = 64: 7,516,192,768 / 119,799,808 = 62.7396 FLOP/byte.
        ROOFLAB_COMPARE_NEAR(intensityOf(doc, "h100-sxm5", "decode-mlp-up-8b"), 62.7396061, 1e-8);
        doc.setBatch(128);
        // One change, one recomputed analysis; the first edit also makes the document
        // modified, a change of its own that touches no figure.
        QCOMPARE(changed.count(), 2);
        QCOMPARE(changed.at(0).at(0).value<Change>(), ChangeFlag::Scenario | ChangeFlag::BatchOnly);
        QCOMPARE(changed.at(1).at(0).value<Change>(), Change(ChangeFlag::File));
        // B = 128: 15,032,385,536 / 122,159,104 = 123.0558 FLOP/byte.
        ROOFLAB_COMPARE_NEAR(intensityOf(doc, "h100-sxm5", "decode-mlp-up-8b"), 123.0557940, 1e-8);
        doc.setBatch(128); // no change, no command, no signal
        QCOMPARE(changed.count(), 2);
        QCOMPARE(doc.undoStack()->count(), 1);
    }

    void undoRedoRestoresBatch()
    {
        Document doc(m_catalog, testScenario(m_catalog));
        doc.setBatch(128);
        doc.setBatch(512);
        QCOMPARE(doc.undoStack()->count(), 2);
        doc.undoStack()->undo();
        QCOMPARE(doc.scenario().batch, 128.0);
        doc.undoStack()->undo();
        QCOMPARE(doc.scenario().batch, 64.0);
        ROOFLAB_COMPARE_NEAR(intensityOf(doc, "h100-sxm5", "decode-mlp-up-8b"), 62.7396061, 1e-8);
        doc.undoStack()->redo();
        QCOMPARE(doc.scenario().batch, 128.0);
        QVERIFY(doc.isModified());
    }

    void continuousEditsMergePerGesture()
    {
        Document doc(m_catalog, testScenario(m_catalog));
        doc.beginGesture();
        for (double b : {80.0, 96.0, 112.0, 128.0})
            doc.setBatch(b, EditMode::Continuous);
        QCOMPARE(doc.undoStack()->count(), 1); // one drag, one undo step
        doc.beginGesture();
        doc.setBatch(256, EditMode::Continuous);
        QCOMPARE(doc.undoStack()->count(), 2); // a second drag is its own step
        doc.undoStack()->undo();
        QCOMPARE(doc.scenario().batch, 128.0);
        doc.undoStack()->undo();
        QCOMPARE(doc.scenario().batch, 64.0);
    }

    void gestureBackToStartLeavesNothing()
    {
        Document doc(m_catalog, testScenario(m_catalog));
        doc.beginGesture();
        doc.setBatch(80, EditMode::Continuous);
        doc.setBatch(64, EditMode::Continuous);
        QCOMPARE(doc.undoStack()->count(), 0);
        QVERIFY(!doc.isModified());
    }

    void singleEditsDoNotMerge()
    {
        Document doc(m_catalog, testScenario(m_catalog));
        doc.setBatch(80);
        doc.setBatch(96);
        QCOMPARE(doc.undoStack()->count(), 2);
    }

    void schemeEditIsUndoable()
    {
        Document doc(m_catalog, testScenario(m_catalog));
        PrecisionScheme fp8;
        fp8.weights = fp8.act = fp8.math = s("fp8-e4m3");
        doc.setScheme(fp8);
        const PointAnalysis *p = doc.analysis().point(s("h100-sxm5"), s("decode-mlp-up-8b"));
        QVERIFY(p);
        QCOMPARE(p->math, s("fp8"));
        // H100 FP8 matrix 1979 TFLOP/s over 3.35 TB/s: ridge 590.75 FLOP/byte.
        ROOFLAB_COMPARE_NEAR(p->ridge, 590.7462687, 1e-8);
        doc.undoStack()->undo();
        QCOMPARE(doc.analysis().point(s("h100-sxm5"), s("decode-mlp-up-8b"))->math, s("bf16"));
    }

    void operatorsKeepCatalogOrder()
    {
        Document doc(m_catalog, testScenario(m_catalog));
        doc.setOperatorShown(s("rmsnorm-8b"), true); // first in llm-common.json
        QCOMPARE(doc.scenario().operators.size(), 3);
        QCOMPARE(doc.scenario().operators.at(0).id, s("rmsnorm-8b"));
        doc.setOperatorShown(s("decode-mlp-up-8b"), false);
        QCOMPARE(doc.scenario().operators.size(), 2);
        QCOMPARE(doc.scenario().operators.at(1).id, s("attn-decode-8b"));
        doc.undoStack()->undo();
        doc.undoStack()->undo();
        QCOMPARE(doc.scenario().operators.size(), 2);
        QCOMPARE(doc.scenario().operators.at(0).id, s("decode-mlp-up-8b"));
    }

    void selection()
    {
        Document doc(m_catalog, testScenario(m_catalog));
        // Nothing chosen yet: the first batch-dependent point.
        QCOMPARE(doc.selectedDevice(), s("h100-sxm5"));
        QCOMPARE(doc.selectedOperator(), s("decode-mlp-up-8b"));
        QSignalSpy changed(&doc, &Document::changed);
        doc.selectNext(1); // points run device by device: H100 GEMM, H100 attention, H200...
        QCOMPARE(doc.selectedOperator(), s("attn-decode-8b"));
        doc.selectNext(-2); // wraps backwards to the last point
        QCOMPARE(doc.selectedDevice(), s("h200-sxm"));
        QCOMPARE(doc.selectedOperator(), s("attn-decode-8b"));
        QCOMPARE(changed.count(), 2);
        for (const QList<QVariant> &arguments : std::as_const(changed))
            QCOMPARE(arguments.at(0).value<Change>(), Change(ChangeFlag::Selection));
        // Hiding the selected device moves the selection to the same operator elsewhere.
        doc.setDeviceShown(s("h200-sxm"), false);
        QCOMPARE(doc.selectedDevice(), s("h100-sxm5"));
        QCOMPARE(doc.selectedOperator(), s("attn-decode-8b"));
        doc.select(s("nowhere"), s("nothing")); // unknown points are ignored
        QCOMPARE(doc.selectedDevice(), s("h100-sxm5"));
    }

    void resetClearsHistory()
    {
        Document doc(m_catalog, testScenario(m_catalog));
        doc.setBatch(256);
        Scenario other = testScenario(m_catalog);
        other.batch = 8;
        doc.reset(other, s("example.rooflab.json"));
        QCOMPARE(doc.undoStack()->count(), 0);
        QVERIFY(!doc.isModified());
        QCOMPARE(doc.scenario().batch, 8.0);
        QCOMPARE(doc.filePath(), s("example.rooflab.json"));
    }

    void presentationEditsAreUndoable()
    {
        Document doc(m_catalog, testScenario(m_catalog));
        QSignalSpy changed(&doc, &Document::changed);
        Presentation p = doc.presentation();
        p.showZones = false;
        p.theme = s("dark");
        doc.setPresentation(p, s("Dark, no zones"));
        QCOMPARE(changed.count(), 2); // the presentation, then the modified flag
        QCOMPARE(changed.at(0).at(0).value<Change>(), Change(ChangeFlag::Presentation));
        QVERIFY(doc.isModified());
        doc.undoStack()->undo();
        QCOMPARE(doc.presentation(), Presentation());
        doc.undoStack()->redo();
        QCOMPARE(doc.presentation().theme, s("dark"));
        QCOMPARE(doc.presentation().showZones, false);
    }

    void textScaleStepsMergeInOneGesture()
    {
        Document doc(m_catalog, testScenario(m_catalog));
        doc.beginGesture();
        for (double scale : {1.35, 1.75, 2.25}) {
            Presentation p = doc.presentation();
            p.textScale = scale;
            doc.setPresentation(p, s("Text size"));
        }
        QCOMPARE(doc.undoStack()->count(), 1);
        doc.undoStack()->undo();
        QCOMPARE(doc.presentation().textScale, 1.0);
    }

    void viewRangeIsNotAnUndoStep()
    {
        // A zoom or pan is saved with the presentation, but a drag must not flood the history.
        Document doc(m_catalog, testScenario(m_catalog));
        QSignalSpy changed(&doc, &Document::changed);
        doc.setViewRange(0.1, 1000, 1e11, 1e16);
        QCOMPARE(doc.undoStack()->count(), 0);
        QVERIFY(doc.presentation().fixedRange());
        QCOMPARE(changed.count(), 1);
        doc.setViewRange(0.1, 1000, 1e11, 1e16); // no change, no signal
        QCOMPARE(changed.count(), 1);
    }

    void resetTakesPresentationAndSelection()
    {
        Document doc(m_catalog, testScenario(m_catalog));
        QSignalSpy changed(&doc, &Document::changed);
        Presentation p;
        p.textScale = 1.75;
        doc.reset(testScenario(m_catalog), p, {.device = s("h200-sxm"), .op = s("attn-decode-8b")},
                  QString());
        QCOMPARE(doc.presentation().textScale, 1.75);
        QCOMPARE(doc.selectedDevice(), s("h200-sxm"));
        QCOMPARE(doc.selectedOperator(), s("attn-decode-8b"));
        QCOMPARE(changed.count(), 1);
        QVERIFY(!doc.isModified());
    }
};

QTEST_MAIN(TestDocument)
#include "tst_document.moc"
