#include "deploymentcontrols.h"

#include "document.h"
#include "units.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QDoubleValidator>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSignalBlocker>
#include <QSpinBox>

#include <cmath>

namespace rooflab::gui {

namespace {

// The tensor-parallel degrees offered: scale-up domains hold at most 72 devices here, and
// t must divide the heads, so powers of two cover what a preset can take.
const QList<int> tpChoices = {1, 2, 4, 8, 16, 32, 64};

} // namespace

DeploymentControls::DeploymentControls(app::Document *document, QWidget *parent)
    : QGroupBox(tr("Deployment"), parent), m_document(document), m_tp(new QComboBox),
      m_pp(new QSpinBox), m_headroom(new QDoubleSpinBox), m_price(new QLineEdit),
      m_resolved(new QLabel), m_priceError(new QLabel)
{
    setObjectName(QStringLiteral("deploymentGroup"));
    m_tp->setObjectName(QStringLiteral("tpCombo"));
    m_tp->addItem(tr("auto"), 0);
    for (int t : tpChoices)
        m_tp->addItem(QString::number(t), t);
    m_tp->setToolTip(tr("Tensor-parallel degree: every GEMM split over t devices. Auto: the "
                        "smallest power of two at which the model fits with the headroom."));
    m_pp->setObjectName(QStringLiteral("ppSpin"));
    m_pp->setRange(1, 256);
    m_pp->setKeyboardTracking(false);
    m_pp->setToolTip(tr("Pipeline stages: the layers split over p groups of t devices"));
    m_headroom->setObjectName(QStringLiteral("headroomSpin"));
    m_headroom->setRange(0, maxHeadroom * 100);
    m_headroom->setDecimals(0);
    m_headroom->setSuffix(tr(" %"));
    m_headroom->setKeyboardTracking(false);
    m_headroom->setToolTip(tr("Memory kept free on each device for the runtime, temporary "
                              "buffers and fragmentation"));
    m_price->setObjectName(QStringLiteral("priceEdit"));
    m_price->setPlaceholderText(tr("—"));
    m_price->setClearButtonEnabled(true);
    // Negative numbers pass the validator so that a typed "-1" is refused with a reason
    // rather than silently read as "1".
    auto *validator = new QDoubleValidator(-1e6, 1e6, 4, m_price);
    validator->setNotation(QDoubleValidator::StandardNotation);
    m_price->setValidator(validator);
    m_price->setToolTip(tr("What one device costs per hour, in US dollars; empty: no cost is "
                           "shown (RoofLab ships no prices)"));
    m_priceError->setObjectName(QStringLiteral("priceError"));
    m_priceError->setWordWrap(true);
    m_priceError->hide();
    m_resolved->setObjectName(QStringLiteral("deploymentResolved"));
    m_resolved->setWordWrap(true);
    m_resolved->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto *form = new QFormLayout(this);
    form->addRow(tr("&Tensor parallel:"), m_tp);
    form->addRow(tr("&Pipeline stages:"), m_pp);
    form->addRow(tr("&Headroom:"), m_headroom);
    form->addRow(tr("P&rice ($/device-h):"), m_price);
    form->addRow(m_priceError);
    form->addRow(m_resolved);

    connectEdits();
    connect(m_document, &app::Document::changed, this, [this](app::Change change) {
        if (change & (app::ChangeFlag::Scenario | app::ChangeFlag::Selection))
            refresh();
    });
    refresh();
}

void DeploymentControls::connectEdits()
{
    connect(m_tp, &QComboBox::activated, this, [this](int index) {
        Deployment d = m_document->scenario().deployment;
        const int t = m_tp->itemData(index).toInt();
        d.tpAuto = t == 0;
        if (t > 0)
            d.tp = t;
        m_document->setDeployment(d);
    });
    connect(m_pp, &QSpinBox::valueChanged, this, [this](int p) {
        Deployment d = m_document->scenario().deployment;
        d.pp = p;
        m_document->setDeployment(d);
    });
    connect(m_headroom, &QDoubleSpinBox::valueChanged, this, [this](double percent) {
        Deployment d = m_document->scenario().deployment;
        d.headroom = percent / 100.0;
        m_document->setDeployment(d);
    });
    connect(m_price, &QLineEdit::editingFinished, this, &DeploymentControls::applyPrice);
}

void DeploymentControls::applyPrice()
{
    Deployment d = m_document->scenario().deployment;
    const QString text = m_price->text().trimmed();
    bool ok = true;
    const double price = m_price->locale().toDouble(text, &ok);
    if (text.isEmpty()) {
        d.pricePerDeviceHour.reset();
    } else if (ok && std::isfinite(price) && price >= 0) {
        d.pricePerDeviceHour = price;
    } else {
        m_priceError->setText(
            ok ? tr("A price cannot be negative (%1 $/device-h): the price "
                    "stays as it was.")
                     .arg(text)
               : tr("\"%1\" is not a price: the price stays as it was.").arg(text));
        m_priceError->show();
        const QSignalBlocker block(m_price);
        m_price->setText(d.pricePerDeviceHour
                             ? m_price->locale().toString(*d.pricePerDeviceHour, 'g', 6)
                             : QString());
        return;
    }
    m_priceError->hide();
    m_document->setDeployment(d);
}

void DeploymentControls::refresh()
{
    const Scenario &s = m_document->scenario();
    const Deployment &d = s.deployment;
    {
        const QSignalBlocker blockTp(m_tp);
        const QSignalBlocker blockPp(m_pp);
        const QSignalBlocker blockHeadroom(m_headroom);
        const QSignalBlocker blockPrice(m_price);
        const int index = m_tp->findData(d.tpAuto ? 0 : d.tp);
        if (index < 0) // a degree from a file that the list does not offer
            m_tp->addItem(QString::number(d.tp), d.tp);
        m_tp->setCurrentIndex(m_tp->findData(d.tpAuto ? 0 : d.tp));
        m_pp->setValue(d.pp);
        m_headroom->setValue(std::round(d.headroom * 100.0));
        if (!m_price->hasFocus())
            m_price->setText(d.pricePerDeviceHour
                                 ? m_price->locale().toString(*d.pricePerDeviceHour, 'g', 6)
                                 : QString());
    }
    const bool model = !s.model.isEmpty();
    setEnabled(model);
    setToolTip(model ? QString() : tr("A deployment spreads a model over devices: pick a model"));
    const ModelAnalysis *step = m_document->selectedModel();
    if (!model || !step) {
        m_resolved->setText(model ? tr("Tick a device to see its deployment") : QString());
        return;
    }
    if (!step->ok()) {
        m_resolved->setText(step->problems.join(QLatin1Char('\n')));
        return;
    }
    const ModelDeployment &r = step->deployment;
    const QString degrees =
        r.pp > 1        ? tr("TP %1 × PP %2 = %3 devices").arg(r.tp).arg(r.pp).arg(r.devices)
        : r.devices > 1 ? tr("TP %1 = %2 devices").arg(r.tp).arg(r.devices)
                        : tr("one device");
    m_resolved->setText(r.tpAuto ? tr("Auto on %1: %2").arg(step->deviceName, degrees)
                                 : tr("On %1: %2").arg(step->deviceName, degrees));
}

} // namespace rooflab::gui
