#pragma once

#include "catalog.h"
#include "scenario.h"

#include <QDialog>

#include <memory>

class QComboBox;

namespace Ui {
class SchemeDialog;
}

namespace rooflab::gui {

// Edits every format of a precision scheme separately (weights, activations, KV cache and
// math), for schemes the stepped selector does not name. Lists the catalog's formats and
// warns, without refusing, when no shown device has a roof for the chosen math.
class SchemeDialog : public QDialog
{
    Q_OBJECT

public:
    SchemeDialog(const Catalog &catalog, const QStringList &deviceIds,
                 const PrecisionScheme &scheme, QWidget *parent = nullptr);
    ~SchemeDialog() override;

    // The scheme as chosen now.
    PrecisionScheme scheme() const;

    QComboBox *weightsCombo() const;
    QComboBox *actCombo() const;
    QComboBox *kvCombo() const;
    QComboBox *mathCombo() const;
    // The warning under the form; empty when some shown device has the chosen math.
    QString note() const;

private:
    void refreshNote();

    std::unique_ptr<Ui::SchemeDialog> m_ui;
    const Catalog &m_catalog;
    QStringList m_devices;
};

} // namespace rooflab::gui
