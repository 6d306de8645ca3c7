#pragma once

#include "core/common/diagnostic.h"
#include "core/pricing/discount.h"

#include <QDialog>

class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QTableWidget;

namespace accelplan::pricing {
class PriceDatabase;
}

namespace accelplan::ui {

/// Prices > Discounts: the team's negotiated discounts (issue 39), a row each with what it covers,
/// its dates, percent, source and who entered it; a form below adds one (validated as the CLI
/// validates it), the selected one can be removed. Each change is written at once and announced by
/// discountsChanged(), on which the window replans.
class DiscountsDialog : public QDialog
{
    Q_OBJECT

public:
    enum Column { IdColumn, ProviderColumn, SkuColumn, ModelColumn, FromColumn, ToColumn, PercentColumn,
                  SourceColumn, EnteredColumn, ColumnCount };

    explicit DiscountsDialog(pricing::PriceDatabase &database, QWidget *parent = nullptr);

    QTableWidget *table() const { return m_table; }
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
        QPushButton *add;
        QLabel *error; ///< why the last Add was refused
    };
    const Form &form() const { return m_form; }
    /// Removes discount \a id, refreshes the list and announces it.
    Status removeDiscount(qint64 id);

public Q_SLOTS:
    /// Reads the list (and the providers with prices) from the database again.
    void refresh();
    /// Adds the discount the form describes; refused with the field at fault in the form's error label.
    bool addFromForm();

Q_SIGNALS:
    void discountsChanged();

private:
    qint64 selectedId() const;
    void removeSelected();
    void updateButtons();

    pricing::PriceDatabase &m_database;
    QTableWidget *m_table = nullptr;
    QLabel *m_summary = nullptr;
    QPushButton *m_remove = nullptr;
    Form m_form{};
};

} // namespace accelplan::ui
