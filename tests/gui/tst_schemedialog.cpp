// The custom precision scheme: every format chosen on its own, applied as one undoable edit,
// and a warning when no shown device has a matrix roof for the chosen math.
#include "catalog.h"
#include "controlspanel.h"
#include "document.h"
#include "schemedialog.h"
#include "testhelpers.h"

#include <QAbstractButton>
#include <QApplication>
#include <QComboBox>
#include <QTest>
#include <QTimer>
#include <QUndoStack>

using namespace rooflab;
using namespace rooflab::gui;

namespace {

QString s(const char *text)
{
    return QString::fromUtf8(text);
}

void choose(QComboBox *combo, const QString &id)
{
    const int index = combo->findData(id);
    QVERIFY2(index >= 0, qPrintable(id));
    combo->setCurrentIndex(index);
}

} // namespace

class TestSchemeDialog : public QObject
{
    Q_OBJECT

    Catalog m_catalog = Catalog::builtin();

private Q_SLOTS:
    void startsFromTheScheme()
    {
        PrecisionScheme scheme;
        scheme.weights = s("int4-g128");
        scheme.kv = s("fp8-e4m3");
        SchemeDialog dialog(m_catalog, {s("h100-sxm5")}, scheme);
        QCOMPARE(dialog.scheme(), scheme); // math stays implied
        QCOMPARE(dialog.mathCombo()->currentIndex(), 0);
        QVERIFY(dialog.note().isEmpty()); // BF16 math: H100 has that roof
    }

    void warnsWithoutRoof()
    {
        // H100 SXM5 has BF16 and FP8 matrix roofs but no FP4 one (FP4 came with Blackwell).
        SchemeDialog dialog(m_catalog, {s("h100-sxm5")}, PrecisionScheme());
        choose(dialog.mathCombo(), s("fp4-e2m1"));
        QVERIFY2(dialog.note().contains(s("No device shown has a FP4 matrix roof")),
                 qPrintable(dialog.note()));
        choose(dialog.mathCombo(), s("fp8-e4m3"));
        QVERIFY(dialog.note().isEmpty());
    }

    void appliesAsOneUndoStep()
    {
        Scenario scenario;
        scenario.devices = {s("h100-sxm5")};
        Document document(m_catalog, scenario);
        ControlsPanel panel(&document);
        // The dialog is modal: fill it in once it shows, then accept it.
        QTimer::singleShot(0, this, [this] {
            auto *dialog = qobject_cast<SchemeDialog *>(QApplication::activeModalWidget());
            QVERIFY(dialog);
            choose(dialog->weightsCombo(), s("int8"));
            choose(dialog->kvCombo(), s("fp8-e4m3"));
            choose(dialog->mathCombo(), s("bf16"));
            dialog->accept();
        });
        panel.customSchemeButton()->click();
        const PrecisionScheme chosen = document.scenario().scheme;
        QCOMPARE(chosen.weights, s("int8"));
        QCOMPARE(chosen.act, s("bf16"));
        QCOMPARE(chosen.kv, s("fp8-e4m3"));
        QCOMPARE(chosen.math, s("bf16"));
        QCOMPARE(document.undoStack()->count(), 1);
        document.undoStack()->undo();
        QCOMPARE(document.scenario().scheme, PrecisionScheme());
    }

    void cancelChangesNothing()
    {
        Scenario scenario;
        scenario.devices = {s("h100-sxm5")};
        Document document(m_catalog, scenario);
        ControlsPanel panel(&document);
        QTimer::singleShot(0, this, [] {
            auto *dialog = qobject_cast<SchemeDialog *>(QApplication::activeModalWidget());
            QVERIFY(dialog);
            choose(dialog->weightsCombo(), s("int8"));
            dialog->reject();
        });
        panel.customSchemeButton()->click();
        QCOMPARE(document.scenario().scheme, PrecisionScheme());
        QCOMPARE(document.undoStack()->count(), 0);
    }
};

QTEST_MAIN(TestSchemeDialog)
#include "tst_schemedialog.moc"
