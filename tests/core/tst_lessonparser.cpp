// Lesson files (docs/lessons.md): a good file with its chain of scenarios, every malformed
// file rejected with the file, the step and the field named, and the lesson library.
#include "catalog.h"
#include "lessonlibrary.h"
#include "lessonparser.h"
#include "testhelpers.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QTemporaryDir>
#include <QTest>

using namespace rooflab;

namespace {

// H100 SXM5 (presets/devices/h100-sxm5.json): 989.5 TFLOP/s BF16 matrix, 3.35 TB/s.
constexpr double h100Bf16Ridge = 989.5e12 / 3.35e12; // 295.3731343 FLOP/B

// Exact ridge batch of a decode GEMM [D x F], docs/roofline.md, "Ridge batch":
// 2*B*D*F = I * (D*F*b_w + B*(D+F)*b_a)  =>  B = I*D*F*b_w / (2*D*F - I*(D+F)*b_a).
double ridgeBatch(double ridge, double d, double f, double bw, double ba)
{
    return ridge * d * f * bw / (2 * d * f - ridge * (d + f) * ba);
}

QString dataDir()
{
    return qEnvironmentVariable("ROOFLAB_TEST_DATA");
}

} // namespace

class TestLessonParser : public QObject
{
    Q_OBJECT

private:
    Catalog m_catalog;

private Q_SLOTS:
    void initTestCase();
    void goodFile();
    void chainOfChanges();
    void controlsAStepUnlocks();
    void applyChanges();
    void badFile_data();
    void badFile();
    void everyBadFileIsCovered();
    void missingFileAndFolder();
    void libraryBuiltin();
    void libraryExtraAndUserFolders();
};

void TestLessonParser::initTestCase()
{
    m_catalog = Catalog::builtin();
    QVERIFY2(m_catalog.problems().isEmpty(), qPrintable(m_catalog.problems().join(u'\n')));
    QVERIFY(!dataDir().isEmpty());
}

void TestLessonParser::goodFile()
{
    QStringList errors;
    const auto lesson = loadLessonFile(dataDir() + QStringLiteral("/lessons-good/four-steps.json"),
                                       m_catalog, &errors);
    QVERIFY2(lesson, qPrintable(errors.join(u'\n')));
    QCOMPARE(lesson->id, QStringLiteral("test-four-steps"));
    QCOMPARE(lesson->title, QStringLiteral("Four steps"));
    QCOMPARE(lesson->audience, QStringLiteral("The test suite"));
    QCOMPARE(lesson->steps.size(), 4);

    const LessonStep &first = lesson->steps.at(0);
    QCOMPARE(first.title, QStringLiteral("The ridge"));
    QCOMPARE(first.controls, QStringList{QStringLiteral("batch")});
    QCOMPARE(first.notes, QStringLiteral("Presenter only."));
    QCOMPARE(first.focusDevice, QStringLiteral("h100-sxm5")); // default: the first device
    QCOMPARE(first.focusOperator, QStringLiteral("decode-mlp-up-8b"));
    QCOMPARE(first.presentation.xMin, 0.1);
    QCOMPARE(first.presentation.xMax, 10000.0);
    QCOMPARE(first.presentation.textScale, 1.5);
    QCOMPARE(first.presentation.roofs, QStringList{QStringLiteral("bf16")});
    QCOMPARE(first.annotations.size(), 3);
    QCOMPARE(first.annotations.at(1).kind, AnnotationKind::Band);
    QCOMPARE(first.annotations.at(1).from.value, 1.0);
    QCOMPARE(first.annotations.at(1).to.figure, QStringLiteral("ridge"));
    QCOMPARE(first.question.answer, AnswerKind::Number);
    QCOMPARE(first.question.expect, QStringLiteral("ridge"));
    QCOMPARE(first.question.tolerance, 0.1);
    QCOMPARE(first.scenario.scenario.batch, 16.0);

    // The reveal moves the batch to the exact ridge batch of the 8B MLP up-projection
    // [4096 x 14336] with BF16 weights and activations:
    // 295.373 * 58720256 * 2 / (117440512 - 295.373 * 18432 * 2) = 325.56.
    ROOFLAB_COMPARE_NEAR(first.reveal.scenario.scenario.batch,
                         ridgeBatch(h100Bf16Ridge, 4096, 14336, 2, 2), 1e-9);
    ROOFLAB_COMPARE_NEAR(first.reveal.scenario.scenario.batch, 325.56, 1e-4);

    const LessonStep &second = lesson->steps.at(1);
    QCOMPARE(second.question.answer, AnswerKind::Choice);
    QCOMPARE(second.question.choices, (QStringList{QStringLiteral("a"), QStringLiteral("b")}));
    QCOMPARE(second.question.correctChoice, 1);
    QCOMPARE(lesson->steps.at(2).question.answer, AnswerKind::Region);
    QCOMPARE(lesson->steps.at(3).question.answer, AnswerKind::Point);
    QCOMPARE(lesson->steps.at(3).focusOperator, QStringLiteral("rmsnorm-8b"));
}

void TestLessonParser::controlsAStepUnlocks()
{
    const auto lesson = loadLessonFile(dataDir() + QStringLiteral("/lessons-good/four-steps.json"),
                                       m_catalog, nullptr);
    QVERIFY(lesson);
    QCOMPARE(lesson->steps.at(1).controls,
             (QStringList{QStringLiteral("devices"), QStringLiteral("precision"),
                          QStringLiteral("kv")}));
    QCOMPARE(lesson->steps.at(2).controls, QStringList{QStringLiteral("roof")});
    QVERIFY(lesson->steps.at(3).controls.isEmpty()); // absent: none

    // A model's step may unlock its phase and tensor-parallel degree.
    const QByteArray model = R"({"schema": "rooflab-lesson", "version": 1, "id": "m",
        "title": "M", "audience": "A", "steps": [{"title": "T",
        "scenario": {"devices": ["h100-sxm5"], "operators": [], "model": "llama-2-70b",
        "batch": 1},
        "controls": ["tp", "phase", "precision", "devices", "batch"],
        "question": {"text": "Q"}, "reveal": {"text": "R"}}]})";
    QStringList errors;
    const auto withModel = readLessonFile(model, QStringLiteral("m.json"), m_catalog, &errors);
    QVERIFY2(withModel, qPrintable(errors.join(u'\n')));
    QCOMPARE(withModel->steps.constFirst().controls.size(), 5);

    // Listed twice, and not an array: each named at its field.
    QByteArray twice = model;
    twice.replace(R"("tp", "phase")", R"("tp", "tp")");
    errors.clear();
    QVERIFY(!readLessonFile(twice, QStringLiteral("m.json"), m_catalog, &errors));
    QVERIFY2(errors.join(u'\n').contains(
                 QStringLiteral("m.json: step 1.controls[1]: \"tp\" is listed twice")),
             qPrintable(errors.join(u'\n')));
    QByteArray notArray = model;
    notArray.replace(R"(["tp", "phase", "precision", "devices", "batch"])", R"("tp")");
    errors.clear();
    QVERIFY(!readLessonFile(notArray, QStringLiteral("m.json"), m_catalog, &errors));
    QVERIFY2(errors.join(u'\n').contains(
                 QStringLiteral("m.json: step 1.controls: must be an array of strings")),
             qPrintable(errors.join(u'\n')));
}

void TestLessonParser::chainOfChanges()
{
    const auto lesson = loadLessonFile(dataDir() + QStringLiteral("/lessons-good/four-steps.json"),
                                       m_catalog, nullptr);
    QVERIFY(lesson);
    // Step 2 changes the weights and the batch; the rest comes from step 1.
    const Scenario &second = lesson->steps.at(1).scenario.scenario;
    QCOMPARE(second.devices, QStringList{QStringLiteral("h100-sxm5")});
    QCOMPARE(second.scheme.weights, QStringLiteral("fp8-e4m3"));
    QCOMPARE(second.scheme.act, QStringLiteral("bf16")); // the scheme merges field by field
    QCOMPARE(second.batch, 32.0);
    QCOMPARE(second.operators.size(), 1);
    QVERIFY(!lesson->steps.at(1).scenario.achievable);
    // Its reveal sets lesson fractions; the next step builds on the question, not the reveal.
    const LessonScenario &revealed = lesson->steps.at(1).reveal.scenario;
    QCOMPARE(revealed.scenario.roof, RoofMode::Achievable);
    QVERIFY(revealed.achievable);
    QCOMPARE(revealed.achievable->compute, 0.8);
    QCOMPARE(revealed.achievable->bandwidth, 1.0);

    const LessonStep &third = lesson->steps.at(2);
    QCOMPARE(third.scenario.scenario.batch, 32.0);
    QVERIFY(third.scenario.achievable);
    QCOMPARE(third.scenario.achievable->compute, 0.5);
    // A null "achievable" takes the lesson's fractions away again.
    QVERIFY(!third.reveal.scenario.achievable);
    QCOMPARE(third.reveal.scenario.scenario.roof, RoofMode::Achievable);

    const Scenario &fourth = lesson->steps.at(3).scenario.scenario;
    QCOMPARE(fourth.operators.size(), 2);
    QCOMPARE(fourth.roof, RoofMode::Datasheet);
    QVERIFY(lesson->steps.at(3).scenario.achievable); // still set, but unused on datasheet roofs
}

void TestLessonParser::applyChanges()
{
    const QJsonObject base{
        {QStringLiteral("batch"), 4},
        {QStringLiteral("scheme"), QJsonObject{{QStringLiteral("weights"), QStringLiteral("bf16")},
                                               {QStringLiteral("act"), QStringLiteral("bf16")}}},
        {QStringLiteral("achievable"), QJsonObject{{QStringLiteral("compute"), 0.5}}}};
    const QJsonObject changed = applyScenarioChanges(
        base, {{QStringLiteral("batch"), 8},
               {QStringLiteral("scheme"),
                QJsonObject{{QStringLiteral("weights"), QStringLiteral("fp8")}}},
               {QStringLiteral("achievable"), QJsonValue::Null}});
    QCOMPARE(changed.value(QStringLiteral("batch")).toDouble(), 8.0);
    const QJsonObject scheme = changed.value(QStringLiteral("scheme")).toObject();
    QCOMPARE(scheme.value(QStringLiteral("weights")).toString(), QStringLiteral("fp8"));
    QCOMPARE(scheme.value(QStringLiteral("act")).toString(), QStringLiteral("bf16"));
    QVERIFY(!changed.contains(QStringLiteral("achievable")));
}

void TestLessonParser::badFile_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("reason");
    const auto row = [](const char *file, const char *field, const char *reason) {
        QTest::newRow(file) << QString::fromLatin1(file) << QString::fromLatin1(field)
                            << QString::fromUtf8(reason);
    };
    row("newer-version", "version", "newer than this RoofLab reads");
    row("wrong-schema", "schema", "expected \"rooflab-lesson\"");
    row("bad-id", "id", "not a valid id");
    row("no-steps", "steps", "at least one step");
    row("unknown-step-field", "step 2.questoin", "unknown field");
    row("first-step-changes", "step 1.scenario", "the first step has no scenario to change");
    row("scenario-and-changes", "step 2", "not both");
    row("unknown-device", "step 2.changes.devices[0]", "unknown device \"h900\"");
    row("unknown-format", "step 2.changes.scheme.weights", "unknown format \"fp9\"");
    row("bad-batch", "step 2.changes.batch", "greater than zero");
    row("bad-achievable", "step 3.changes.achievable.compute", "must be in (0, 1]");
    row("unknown-figure", "step 1.question.text", "unknown figure \"ridgee\"");
    row("previous-on-first-step", "step 1.reveal.text", "no previous scenario");
    row("figure-of-missing-point", "step 4.reveal.text", "no point of \"silu-8b\"");
    row("model-figure-without-model", "step 4.reveal.text", "needs a model");
    row("unclosed-brace", "step 2.question.text", "never closed");
    row("tolerance-too-large", "step 1.question.answer.tolerance", "must be below 1");
    row("expect-missing", "step 1.question.answer.expect", "missing");
    row("choice-not-listed", "step 2.question.answer.correct", "not one of the choices");
    row("point-not-in-scenario", "step 4.question.answer.operator", "not a point of the step");
    row("unknown-answer-kind", "step 4.question.answer.kind", "found \"essay\"");
    row("unknown-control", "step 1.controls[1]", "unknown control \"zoom\"");
    // The window has no control for a lesson's operator list.
    row("control-operators", "step 1.controls[1]", "unknown control \"operators\"");
    row("control-needs-model", "step 1.controls[1]", "\"tp\" belongs to a model");
    row("unknown-annotation-kind", "step 1.annotations[1].kind", "found \"arrow\"");
    row("callout-without-target", "step 1.annotations[0]", "either \"operator\" or \"at\"");
    row("bad-band-range", "step 1.annotations[1].range", "needs from < to");
    row("bad-text-scale", "step 1.presentation.text_scale", "from 0.5 to 4");
    row("bad-roof-family", "step 1.presentation.roofs[0]", "not a math family");
    row("no-ridge-batch", "step 4.reveal.batch_to_ridge", "reaches the ridge at no batch");
    row("reveal-bad-change", "step 2.reveal.changes.roof", "\"datasheet\" or \"achievable\"");
    row("missing-question", "step 3.question", "missing");
    row("focus-not-a-device", "step 4.focus.device", "not one of the step's devices");
    // [ridge, 10] with lesson fractions 0.5 / 0.25: the ridge is 590.75, so from > to.
    row("region-reversed", "step 3.question.answer.intensity", "needs from < to, but it is [590.7");
    row("not-json", "line 5, column 2", "not valid JSON");
    // Step 2 has three problems; a broken scenario no longer hides the others (the CLI test
    // checks that all three are printed).
    row("three-errors-one-step", "step 2.question", "missing");
}

void TestLessonParser::badFile()
{
    QFETCH(QString, file);
    QFETCH(QString, field);
    QFETCH(QString, reason);
    const QString path =
        dataDir() + QStringLiteral("/lessons-bad/") + file + QStringLiteral(".json");
    QStringList errors;
    QVERIFY(!loadLessonFile(path, m_catalog, &errors));
    QVERIFY(!errors.isEmpty());
    const QString expectedStart = path + QStringLiteral(": ") + field + QStringLiteral(": ");
    bool found = false;
    for (const QString &error : errors)
        found = found || (error.startsWith(expectedStart) && error.contains(reason));
    QVERIFY2(found, qPrintable(QStringLiteral("expected \"%1...%2\", got:\n%3")
                                   .arg(expectedStart, reason, errors.join(u'\n'))));
}

void TestLessonParser::everyBadFileIsCovered()
{
    // A file added to the bad folder without a row above would test nothing.
    const QStringList files =
        QDir(dataDir() + QStringLiteral("/lessons-bad")).entryList({QStringLiteral("*.json")});
    QCOMPARE(files.size(), 36);
}

void TestLessonParser::missingFileAndFolder()
{
    QStringList errors;
    QVERIFY(!loadLessonFile(QStringLiteral("/nonexistent/lesson.json"), m_catalog, &errors));
    QCOMPARE(errors, QStringList{QStringLiteral("/nonexistent/lesson.json: no such file")});
    errors.clear();
    QVERIFY(!loadLessonFile(dataDir(), m_catalog, &errors));
    QVERIFY(errors.value(0).endsWith(QStringLiteral("is a folder, not a lesson file")));
}

void TestLessonParser::libraryBuiltin()
{
    const LessonLibrary library = LessonLibrary::builtin(m_catalog);
    QVERIFY2(library.problems().isEmpty(), qPrintable(library.problems().join(u'\n')));
    QCOMPARE(library.lessons().size(), 3); // the files under lessons/
    QVERIFY(library.lesson(QStringLiteral("hardware-for-70b")));
    const Lesson *ten = library.lesson(QStringLiteral("roofline-in-ten-steps"));
    QVERIFY(ten);
    QCOMPARE(ten->title, QStringLiteral("The roofline in ten steps"));
    QCOMPARE(ten->steps.size(), 10);
    const Lesson *llm = library.lesson(QStringLiteral("llm-inference"));
    QVERIFY(llm);
    QCOMPARE(llm->title, QStringLiteral("LLM inference on the roofline"));
}

void TestLessonParser::libraryExtraAndUserFolders()
{
    QTemporaryDir home;
    QVERIFY(home.isValid());
    qputenv("XDG_DATA_HOME", home.path().toUtf8());
    QCOMPARE(LessonLibrary::userLessonDir(), home.path() + QStringLiteral("/rooflab/lessons"));
    QVERIFY(QDir().mkpath(LessonLibrary::userLessonDir()));
    QVERIFY(QFile::copy(dataDir() + QStringLiteral("/lessons-good/four-steps.json"),
                        LessonLibrary::userLessonDir() + QStringLiteral("/mine.json")));

    // The same lesson again from an extra folder: its id is taken, so it is reported.
    const QString extra = dataDir() + QStringLiteral("/lessons-good");
    const QString missing = home.path() + QStringLiteral("/absent");
    const LessonLibrary library = LessonLibrary::standard(m_catalog, {extra, missing});
    QCOMPARE(library.lessons().size(), 4); // three built in, one from the user's folder
    QVERIFY(library.lesson(QStringLiteral("test-four-steps")));
    QCOMPARE(library.lesson(QStringLiteral("test-four-steps"))->origin,
             LessonLibrary::userLessonDir() + QStringLiteral("/mine.json"));
    QCOMPARE(library.problems().size(), 2);
    QVERIFY(library.problems().at(0).contains(QStringLiteral("is defined already by")));
    QCOMPARE(library.problems().at(1), missing + QStringLiteral(": lesson folder does not exist"));
    qunsetenv("XDG_DATA_HOME");
}

QTEST_GUILESS_MAIN(TestLessonParser)
#include "tst_lessonparser.moc"
