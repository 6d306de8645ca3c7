#pragma once

#include "ui/prices/bookdialog.h"

class QComboBox;
class QLineEdit;

namespace accelplan::ui {

/// Prices > Negotiated Discounts: the team's negotiated discounts (issue 39), a row each with what
/// it covers, its dates, percent, source and who entered it.
class DiscountsDialog : public BookDialog
{
    Q_OBJECT

public:
    enum Column { IdColumn, ProviderColumn, SkuColumn, ModelColumn, FromColumn, ToColumn, PercentColumn,
                  SourceColumn, EnteredColumn, ColumnCount };

    explicit DiscountsDialog(pricing::PriceDatabase &database, QWidget *parent = nullptr);

    /// The form's fields, as a user fills them.
    struct Form
    {
        QComboBox *provider;
        QLineEdit *sku;
        QComboBox *priceModel;
        QLineEdit *from;
        QLineEdit *to;
        QLineEdit *percent;
        QLineEdit *source;
    };
    const Form &form() const { return m_form; }

protected:
    Result<QString> load() override;
    QString addRecord() override;
    Result<bool> removeRecord(qint64 id) override;
    QString removeQuestion(qint64 id) const override;

private:
    Form m_form{};
};

} // namespace accelplan::ui
