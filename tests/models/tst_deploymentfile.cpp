// The deployment of a scenario file (docs/scenario-files.md): written only when it differs
// from the defaults, read back equal, and every bad field refused with the file and the field
// named. Llama 3.1 70B has 64 query and 8 KV heads; an H100 SXM5's NVLink domain holds 8.
#include "catalog.h"
#include "scenariofile.h"

#include <QTest>

using namespace rooflab;

namespace {

Scenario llama70b(double batch)
{
    Scenario s;
    s.model = QStringLiteral("llama-3.1-70b");
    s.batch = batch;
    s.devices = QStringList{QStringLiteral("h100-sxm5")};
    return s;
}

} // namespace

class TestDeploymentFile : public QObject
{
    Q_OBJECT

private:
    Catalog m_catalog = Catalog::builtin();

private Q_SLOTS:
    void scenarioFileRoundTrip()
    {
        Scenario s = llama70b(8);
        s.deployment.tpAuto = true;
        s.deployment.pp = 2;
        s.deployment.headroom = 0.2;
        s.deployment.pricePerDeviceHour = 3.5;
        s.deployment.prices = {{QStringLiteral("h100-sxm5"), 2.25}, {QStringLiteral("b200"), 0}};
        s.deployment.expertParallel = true;
        s.model = QStringLiteral("qwen3-30b-a3b");
        const QByteArray bytes = writeScenarioFile(s, Presentation{});
        QVERIFY2(bytes.contains("\"tp\": \"auto\""), bytes.constData());
        QVERIFY2(bytes.contains("\"ep\": true"), bytes.constData());
        QVERIFY2(bytes.contains("\"prices\": {"), bytes.constData());
        QVERIFY2(bytes.contains("\"h100-sxm5\": 2.25"), bytes.constData());
        QStringList errors;
        const auto doc =
            readScenarioFile(bytes, QStringLiteral("a.rooflab.json"), m_catalog, &errors);
        QVERIFY2(doc, qPrintable(errors.join(QLatin1Char('\n'))));
        QCOMPARE(doc->scenario.deployment, s.deployment);
        // At the defaults the field is left out, so older files keep their bytes.
        QVERIFY(!writeScenarioFile(llama70b(8), Presentation{}).contains("deployment"));
    }

    void scenarioFileRefusals_data()
    {
        QTest::addColumn<QString>("deployment");
        QTest::addColumn<QString>("expected");
        QTest::newRow("tp 0") << QStringLiteral("{\"tp\": 0}")
                              << QStringLiteral("scenario.deployment.tp: must be a whole number");
        QTest::newRow("tp word") << QStringLiteral("{\"tp\": \"four\"}")
                                 << QStringLiteral("scenario.deployment.tp: must be a whole "
                                                   "number of at least 1 or \"auto\", found "
                                                   "\"four\"");
        QTest::newRow("tp heads") << QStringLiteral("{\"tp\": 3}")
                                  << QStringLiteral("scenario.deployment.tp: 3 does not divide "
                                                    "the 64 query heads");
        QTest::newRow("tp domain") << QStringLiteral("{\"tp\": 16}")
                                   << QStringLiteral("scenario.deployment.tp: TP 16 x PP 1 = 16 "
                                                     "devices exceed the scale-up domain");
        QTest::newRow("headroom") << QStringLiteral("{\"headroom\": 0.95}")
                                  << QStringLiteral("scenario.deployment.headroom: must be a "
                                                    "fraction from 0 to 0.9, found 0.95");
        QTest::newRow("price") << QStringLiteral("{\"price_per_device_hour\": -2}")
                               << QStringLiteral("scenario.deployment.price_per_device_hour:");
        QTest::newRow("prices negative")
            << QStringLiteral("{\"prices\": {\"h100-sxm5\": -1}}")
            << QStringLiteral("scenario.deployment.prices.h100-sxm5: must not be negative");
        QTest::newRow("prices text")
            << QStringLiteral("{\"prices\": {\"h100-sxm5\": \"cheap\"}}")
            << QStringLiteral("scenario.deployment.prices.h100-sxm5: must be a number");
        QTest::newRow("prices unknown device")
            << QStringLiteral("{\"prices\": {\"h100\": 2}}")
            << QStringLiteral("scenario.deployment.prices.h100: unknown device");
        QTest::newRow("prices not an object")
            << QStringLiteral("{\"prices\": 2}")
            << QStringLiteral("scenario.deployment.prices: must be an object");
        // Llama 3.1 70B is dense: expert parallelism has nothing to spread.
        QTest::newRow("ep dense") << QStringLiteral("{\"tp\": 2, \"ep\": true}")
                                  << QStringLiteral("scenario.deployment.ep: Llama 3.1 70B has no "
                                                    "routed experts");
        QTest::newRow("ep text") << QStringLiteral("{\"ep\": \"yes\"}")
                                 << QStringLiteral("scenario.deployment.ep: must be true or false");
        QTest::newRow("unknown") << QStringLiteral("{\"tensor\": 2}")
                                 << QStringLiteral("scenario.deployment.tensor: unknown field");
    }

    void scenarioFileRefusals()
    {
        QFETCH(QString, deployment);
        QFETCH(QString, expected);
        const QString text =
            QStringLiteral("{\"schema\": \"rooflab-scenario\", \"version\": 1, \"scenario\": "
                           "{\"devices\": [\"h100-sxm5\"], \"operators\": [], \"model\": "
                           "\"llama-3.1-70b\", \"deployment\": %1}}")
                .arg(deployment);
        QStringList errors;
        const auto doc =
            readScenarioFile(text.toUtf8(), QStringLiteral("bad.rooflab.json"), m_catalog, &errors);
        QVERIFY(!doc);
        const QString all = errors.join(QLatin1Char('\n'));
        QVERIFY2(all.startsWith(QStringLiteral("bad.rooflab.json: ") + expected), qPrintable(all));
    }
};

QTEST_GUILESS_MAIN(TestDeploymentFile)
#include "tst_deploymentfile.moc"
