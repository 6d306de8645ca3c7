#pragma once

#include "ui/prices/bookdialog.h"

class QComboBox;
class QLineEdit;
class QSpinBox;

namespace accelplan::catalog {
class AcceleratorCatalog;
}

namespace accelplan::ui {

/// Prices > Vendor Quotes: the quotes vendors gave the team (issue 39), a row each with what was
/// quoted, until when, its minimums and how its price stands against the vendor's list price and
/// the market's range for the chip; an expired one is marked so (plans no longer rank it).
class QuotesDialog : public BookDialog
{
    Q_OBJECT

public:
    enum Column { IdColumn, VendorColumn, SkuColumn, ChipColumn, ModelColumn, PriceColumn, ValidColumn,
                  MinimumsColumn, ComparisonColumn, SourceColumn, EnteredColumn, ColumnCount };

    QuotesDialog(pricing::PriceDatabase &database, const catalog::AcceleratorCatalog &accelerators,
                 QWidget *parent = nullptr);

    /// The form's fields, as a user fills them.
    struct Form
    {
        QLineEdit *vendor;
        QComboBox *kind;
        QLineEdit *sku;
        QComboBox *accelerator;
        QSpinBox *count;
        QComboBox *priceModel;
        QLineEdit *price;
        QLineEdit *currency;
        QLineEdit *validUntil;
        QSpinBox *minimumMonths;
        QSpinBox *minimumInstances;
        QLineEdit *source;
    };
    const Form &form() const { return m_form; }

protected:
    Result<QString> load() override;
    QString addRecord() override;
    Result<bool> removeRecord(qint64 id) override;
    QString removeQuestion(qint64 id) const override;

private:
    const catalog::AcceleratorCatalog &m_accelerators;
    Form m_form{};
};

} // namespace accelplan::ui
