// A focus frame that can be seen (issue 12): the control with the keyboard focus is drawn
// with a 2 px outline in the theme's focus colour, spin boxes and combo boxes included, in
// the light and the dark theme.
#include "theme.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QImage>
#include <QLineEdit>
#include <QSlider>
#include <QSpinBox>
#include <QTest>
#include <QVBoxLayout>

using namespace rooflab;

namespace {

// How many pixels of the control's outer 3 px ring have about `color`.
int ringPixels(const QImage &image, const QColor &color)
{
    int count = 0;
    const auto near = [&](QRgb pixel) {
        return std::abs(qRed(pixel) - color.red()) < 40 &&
               std::abs(qGreen(pixel) - color.green()) < 40 &&
               std::abs(qBlue(pixel) - color.blue()) < 40;
    };
    for (int y = 0; y < image.height(); ++y) {
        for (int x = 0; x < image.width(); ++x) {
            const bool ring = x < 3 || y < 3 || x >= image.width() - 3 || y >= image.height() - 3;
            if (ring && near(image.pixel(x, y)))
                ++count;
        }
    }
    return count;
}

QImage grabbed(QWidget *widget)
{
    return widget->grab().toImage().convertToFormat(QImage::Format_RGB32);
}

} // namespace

class TestFocusFrame : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void focusedControlsAreFramed_data()
    {
        QTest::addColumn<QString>("theme");
        QTest::addColumn<QColor>("focus");
        // The colours of src/gui/theme.cpp, the same as the sheets' list and button frames.
        QTest::newRow("light") << QStringLiteral("light") << QColor(0x1a, 0x6f, 0xd8);
        QTest::newRow("dark") << QStringLiteral("dark") << QColor(0x6a, 0xa8, 0xff);
    }

    void focusedControlsAreFramed()
    {
        QFETCH(QString, theme);
        QFETCH(QColor, focus);
        gui::applyTheme(*qApp, theme, 1.0);
        QWidget window;
        auto *layout = new QVBoxLayout(&window);
        auto *spin = new QSpinBox;
        auto *doubleSpin = new QDoubleSpinBox;
        auto *combo = new QComboBox;
        combo->addItems({QStringLiteral("Decode"), QStringLiteral("Prefill")});
        auto *slider = new QSlider(Qt::Horizontal);
        auto *edit = new QLineEdit;
        auto *check = new QCheckBox(QStringLiteral("Lock axes"));
        auto *last = new QSpinBox; // takes the focus away from the others
        const QList<QWidget *> controls = {spin, doubleSpin, combo, slider, edit, check};
        for (QWidget *control : controls) {
            control->setFocusPolicy(Qt::StrongFocus);
            layout->addWidget(control);
        }
        layout->addWidget(last);
        window.show();
        window.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        for (QWidget *control : controls) {
            last->setFocus();
            QTRY_VERIFY(last->hasFocus());
            const QImage before = grabbed(control);
            control->setFocus();
            QTRY_VERIFY(control->hasFocus());
            const QImage after = grabbed(control);
            const char *name = control->metaObject()->className();
            QVERIFY2(before != after, name);
            // Without the focus hardly any of the ring is the focus colour (Fusion's own
            // outline is a paler, thinner blue); with it, most of the ring is. A check box's
            // frame is around its text, so it is counted over the whole control.
            const int ring = 2 * (before.width() + before.height()) * 3;
            const int unfocused = ringPixels(before, focus), focused = ringPixels(after, focus);
            if (qobject_cast<QCheckBox *>(control)) {
                QVERIFY2(focused > unfocused + 40, qPrintable(QStringLiteral("%1: %2 -> %3")
                                                                  .arg(QLatin1String(name))
                                                                  .arg(unfocused)
                                                                  .arg(focused)));
                continue;
            }
            QVERIFY2(unfocused < ring / 5 && focused > ring / 2,
                     qPrintable(QStringLiteral("%1: %2 -> %3 of %4 ring pixels")
                                    .arg(QLatin1String(name))
                                    .arg(unfocused)
                                    .arg(focused)
                                    .arg(ring)));
        }
    }
};

QTEST_MAIN(TestFocusFrame)
#include "tst_focusframe.moc"
