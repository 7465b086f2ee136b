#include "schemedialog.h"
#include "ui_schemedialog.h"

#include <QComboBox>

namespace rooflab::gui {

namespace {

void fillFormats(QComboBox *combo, const Catalog &catalog, const QString &current)
{
    for (const Format &format : catalog.formats())
        combo->addItem(format.name, format.id);
    combo->setCurrentIndex(std::max(0, combo->findData(current)));
}

QString selected(const QComboBox *combo)
{
    return combo->currentData().toString();
}

} // namespace

SchemeDialog::SchemeDialog(const Catalog &catalog, const QStringList &deviceIds,
                           const PrecisionScheme &scheme, QWidget *parent)
    : QDialog(parent), m_ui(std::make_unique<Ui::SchemeDialog>()), m_catalog(catalog),
      m_devices(deviceIds)
{
    m_ui->setupUi(this);
    fillFormats(m_ui->weightsCombo, catalog, scheme.weights);
    fillFormats(m_ui->actCombo, catalog, scheme.act);
    fillFormats(m_ui->kvCombo, catalog, scheme.kv);
    m_ui->mathCombo->addItem(tr("Implied (the wider operand)"), QString());
    fillFormats(m_ui->mathCombo, catalog, scheme.math);
    if (scheme.math.isEmpty())
        m_ui->mathCombo->setCurrentIndex(0);
    for (QComboBox *combo : {m_ui->weightsCombo, m_ui->actCombo, m_ui->mathCombo})
        connect(combo, &QComboBox::currentIndexChanged, this, &SchemeDialog::refreshNote);
    refreshNote();
}

SchemeDialog::~SchemeDialog() = default;

PrecisionScheme SchemeDialog::scheme() const
{
    PrecisionScheme scheme;
    scheme.weights = selected(m_ui->weightsCombo);
    scheme.act = selected(m_ui->actCombo);
    scheme.kv = selected(m_ui->kvCombo);
    scheme.math = selected(m_ui->mathCombo);
    return scheme;
}

QComboBox *SchemeDialog::weightsCombo() const
{
    return m_ui->weightsCombo;
}
QComboBox *SchemeDialog::actCombo() const
{
    return m_ui->actCombo;
}
QComboBox *SchemeDialog::kvCombo() const
{
    return m_ui->kvCombo;
}
QComboBox *SchemeDialog::mathCombo() const
{
    return m_ui->mathCombo;
}

QString SchemeDialog::note() const
{
    return m_ui->noteLabel->text();
}

// The math family the GEMMs would ask for: the named math format's, else the wider
// operand's. A device without that ceiling falls back to another roof (the analysis says
// which), so this only warns.
void SchemeDialog::refreshNote()
{
    const PrecisionScheme s = scheme();
    const Format *math = m_catalog.format(s.math);
    if (!math) {
        const Format *w = m_catalog.format(s.weights);
        const Format *a = m_catalog.format(s.act);
        math = (w && a && w->bits > a->bits) ? w : a;
    }
    QString note;
    if (math) {
        bool supported = m_devices.isEmpty();
        for (const QString &id : m_devices) {
            const Device *device = m_catalog.device(id);
            if (device && device->ceiling(UnitKind::Matrix, math->math))
                supported = true;
        }
        if (!supported)
            note = tr("No device shown has a %1 matrix roof: GEMMs will fall back to another "
                      "roof, and the diagnosis will say which.")
                       .arg(math->math.toUpper());
    }
    m_ui->noteLabel->setText(note);
    m_ui->noteLabel->setVisible(!note.isEmpty());
}

} // namespace rooflab::gui
