#pragma once

// What the window tests share: settings kept apart from the user's, the two-operator
// scenario most of them start from, and a window shown offscreen with animations off.

#include "catalog.h"
#include "document.h"
#include "mainwindow.h"

#include <QCoreApplication>
#include <QSettings>
#include <QStandardPaths>
#include <QTest>
#include <QUndoStack>

namespace rooflab::test {

// Test-mode folders and an application name of the test's own, so QSettings never reads or
// writes the user's; starts empty.
inline void isolateSettings(const char *applicationName)
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setApplicationName(QString::fromUtf8(applicationName));
    QCoreApplication::setOrganizationName(QStringLiteral("rooflab-tests"));
    QSettings().clear();
}

// H100 SXM5 (BF16 matrix 989.5 TFLOP/s, FP8 1979, HBM3 3.35 TB/s) and H200 SXM (same
// compute, 4.8 TB/s); the 8B MLP up projection in decode (decode-mlp-up-8b: D = 4096,
// F = 14336) and 8B decode attention (attn-decode-8b: H = 32, H_kv = 8, d = 128); BF16
// everywhere, batch 64, sequence 4096.
inline Scenario twoOperatorScenario(const Catalog &catalog)
{
    Scenario sc;
    sc.devices = {QStringLiteral("h100-sxm5"), QStringLiteral("h200-sxm")};
    sc.operators = {*catalog.operatorSpec(QStringLiteral("decode-mlp-up-8b")),
                    *catalog.operatorSpec(QStringLiteral("attn-decode-8b"))};
    sc.batch = 64;
    sc.seq = 4096;
    return sc;
}

// The intensity of twoOperatorScenario's GEMM (decode-mlp-up-8b, D = 4096, F = 14336) at
// `batch` with 2-byte weights and activations: FLOPs 2·B·D·F over bytes 2·D·F (weights)
// + 2·B·(D+F) (activations in and out), D·F = 58,720,256, D+F = 18,432.
inline double gemmIntensity(double batch)
{
    const double df = 4096.0 * 14336.0, dPlusF = 4096.0 + 14336.0;
    return 2 * batch * df / (2 * df + 2 * batch * dPlusF);
}

// The lessons of tests/data/lessons-good, where the window looks for lessons.
inline void useTestLessons(gui::MainWindow *window)
{
    window->setLessonFolders(
        {qEnvironmentVariable("ROOFLAB_TEST_DATA") + QStringLiteral("/lessons-good")});
}

// Llama 3.1 70B decoding at batch 16, context 4096, on H100 SXM5, H200 SXM and MI300X: the
// README's model screenshots.
inline Scenario llama70bOnThreeDevices()
{
    Scenario sc;
    sc.devices = {QStringLiteral("h100-sxm5"), QStringLiteral("h200-sxm"),
                  QStringLiteral("mi300x")};
    sc.model = QStringLiteral("llama-3.1-70b");
    sc.phase = Phase::Decode;
    sc.batch = 16;
    sc.seq = 4096;
    return sc;
}

// `document`'s text scale set to `scale` as View > Text size does, and the events it posts
// (the window's restyle, the docks' refit, queued replots) handled.
inline void setTextScale(app::Document *document, double scale)
{
    Presentation p = document->presentation();
    p.textScale = scale;
    document->setPresentation(p, QStringLiteral("Text size"));
    QCoreApplication::processEvents();
    QTest::qWait(50);
    QCoreApplication::processEvents();
}

// A window on a new document of `scenario`, shown at `size` with animations off (tests read
// where points are, not where they glide). Owns both; closes without the unsaved-changes
// prompt and empties the settings again.
class ShownWindow
{
public:
    ShownWindow(const Catalog &catalog, const Scenario &scenario, QSize size)
        : m_document(catalog, scenario), m_window(&m_document)
    {
        Presentation still;
        still.animate = false;
        m_document.reset(scenario, still, Selection(), QString());
        m_window.resize(size);
        m_window.show();
        m_exposed = QTest::qWaitForWindowExposed(&m_window);
    }
    ~ShownWindow()
    {
        m_document.undoStack()->setClean();
        QSettings().clear();
    }
    ShownWindow(const ShownWindow &) = delete;
    ShownWindow &operator=(const ShownWindow &) = delete;

    bool exposed() const { return m_exposed; }
    app::Document *document() { return &m_document; }
    gui::MainWindow *window() { return &m_window; }

private:
    app::Document m_document;
    gui::MainWindow m_window;
    bool m_exposed = false;
};

} // namespace rooflab::test
