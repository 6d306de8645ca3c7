#pragma once

#include "core/common/diagnostic.h"

#include <QDialog>

class QFormLayout;
class QGroupBox;
class QLabel;
class QPushButton;
class QTableWidget;

namespace accelplan::pricing {
class PriceDatabase;
}

namespace accelplan::ui {

/// A dialog over one of the team's own price books (negotiated discounts, vendors' quotes): a
/// summary, a sortable table with a row per record (its id first), a form below that adds one
/// (validated as the CLI validates it) and Remove for the selected one. Each change is written at
/// once and announced by changed(), on which the window replans.
class BookDialog : public QDialog
{
    Q_OBJECT

public:
    QTableWidget *table() const { return m_table; }
    QPushButton *addButton() const { return m_add; }
    QLabel *formError() const { return m_error; } ///< why the last Add was refused
    /// Removes record \a id, refreshes the list and announces it.
    Status remove(qint64 id);

public Q_SLOTS:
    /// Reads the records from the database again.
    void refresh();
    /// Adds the record the form describes; refused with the field at fault in formError().
    bool addFromForm();

Q_SIGNALS:
    void changed();

protected:
    struct Names
    {
        QString objectName; ///< the dialog's; its table, add and remove buttons get suffixes
        QString title;
        QString formTitle;  ///< "Add a discount"
        QString removeTitle; ///< "Remove Discount"
    };
    BookDialog(pricing::PriceDatabase &database, const Names &names, const QStringList &headers, QWidget *parent);
    /// Ends the subclass's constructor: the form's error and Add button, then the first refresh.
    void finish();

    pricing::PriceDatabase &database() const { return m_database; }
    QGroupBox *formBox() const { return m_formBox; }
    QFormLayout *formLayout() const { return m_formLayout; }
    /// Appends a row: the id in the first column, then \a cells.
    void appendRow(qint64 id, const QStringList &cells);

    /// Fills the table through appendRow(); the summary to show, or why nothing could be read.
    virtual Result<QString> load() = 0;
    /// Writes the record the form describes: empty when stored (the form then cleared), else the
    /// problem naming the field.
    virtual QString addRecord() = 0;
    virtual Result<bool> removeRecord(qint64 id) = 0;
    /// The question Remove asks, saying what removing \a id changes in the plans.
    virtual QString removeQuestion(qint64 id) const = 0;

private:
    qint64 selectedId() const;
    void removeSelected();
    void updateButtons();

    pricing::PriceDatabase &m_database;
    Names m_names;
    QTableWidget *m_table = nullptr;
    QLabel *m_summary = nullptr;
    QGroupBox *m_formBox = nullptr;
    QFormLayout *m_formLayout = nullptr;
    QLabel *m_error = nullptr;
    QPushButton *m_add = nullptr;
    QPushButton *m_remove = nullptr;
};

} // namespace accelplan::ui
