#pragma once

#include "core/common/diagnostic.h"

#include <QDialog>

class QLabel;
class QPushButton;
class QTableWidget;

namespace accelplan::pricing {
class PriceDatabase;
}

namespace accelplan::ui {

/// Catalog > Throughput Profiles: the user's profile files stored in the database (added with
/// `catalog add-profile`), one row each with its id, name, date, whether it is planned with and
/// what it holds; the selected one can be disabled (kept, not planned with), enabled again or
/// removed. Every change is written at once and announced by profilesChanged(), on which the
/// window reloads its plan inputs.
class ProfilesDialog : public QDialog
{
    Q_OBJECT

public:
    enum Column { IdColumn, FileColumn, AddedColumn, StateColumn, ContentColumn, ColumnCount };

    explicit ProfilesDialog(pricing::PriceDatabase &database, QWidget *parent = nullptr);

    QTableWidget *table() const { return m_table; }
    QPushButton *removeButton() const { return m_remove; }
    QPushButton *toggleButton() const { return m_toggle; }
    /// The stored id of the selected row; 0 when none is selected.
    qint64 selectedId() const;
    /// Selects the row of profile file \a id; false when there is none.
    bool select(qint64 id);

    /// Removes / enables / disables a profile file, refreshes the list and announces it.
    Status removeProfile(qint64 id);
    Status setProfileEnabled(qint64 id, bool enabled);

public Q_SLOTS:
    /// Reads the list from the database again.
    void refresh();

Q_SIGNALS:
    void profilesChanged();

private:
    int selectedRow() const; ///< -1 when none
    void removeSelected();
    void toggleSelected();
    void updateButtons();
    void showError(const Error &error);

    pricing::PriceDatabase &m_database;
    QTableWidget *m_table = nullptr;
    QLabel *m_summary = nullptr;
    QPushButton *m_remove = nullptr;
    QPushButton *m_toggle = nullptr;
};

} // namespace accelplan::ui
