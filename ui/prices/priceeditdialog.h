#pragma once

#include "core/pricing/pricesheetparser.h"

#include <QDialog>

class QDateEdit;
class QLabel;
class QLineEdit;
class QPushButton;

namespace accelplan::ui {

/// Sets a new price for one offer. The result is a one-row manual sheet (its own version in
/// the sheet history), built by core; the dialog only collects the price, date and source and
/// shows what is wrong with them as they are typed.
class PriceEditDialog : public QDialog
{
    Q_OBJECT

public:
    explicit PriceEditDialog(const pricing::PriceRecord &offer, QWidget *parent = nullptr);

    /// The manual sheet for the values entered (check ok() before importing it).
    pricing::ParsedSheet sheet() const;
    QLineEdit *priceEdit() const { return m_price; }
    QLineEdit *sourceEdit() const { return m_source; }
    QDateEdit *dateEdit() const { return m_date; }

private:
    void validate();

    pricing::PriceRecord m_offer;
    QLineEdit *m_price = nullptr;
    QDateEdit *m_date = nullptr;
    QLineEdit *m_source = nullptr;
    QLabel *m_problems = nullptr;
    QPushButton *m_ok = nullptr;
};

} // namespace accelplan::ui
