#pragma once

#include "core/common/diagnostic.h"

#include <QObject>

class QAction;
class QMenu;
class QTableView;
class QWidget;

namespace accelplan::ui {

/// What every table of the window offers, installed once per table: a context menu with Copy
/// (the selected rows as tab-separated text under a header line; also Ctrl+C) and Export CSV (the
/// table as shown); a header menu that hides and shows columns; movable columns. The columns'
/// order, visibility and widths persist in QSettings under the table's objectName; a saved layout
/// of another column count (the model changed) is ignored, and so is one of other columns where
/// the model names its columns in ColumnKeyRole (a table whose columns come and go, as Compare's
/// scenarios).
class TableActions : public QObject
{
    Q_OBJECT

public:
    /// The horizontal header data role that names a column for its saved layout (a string).
    static constexpr int ColumnKeyRole = Qt::UserRole + 0x100;

    /// Installs the actions on \a table, which must have its model and a unique objectName, and
    /// restores its saved column layout. The TableActions is a child of \a table.
    static TableActions *install(QTableView *table);
    /// The actions installed on \a table, or null.
    static TableActions *of(const QTableView *table);

    QTableView *table() const { return m_table; }
    QAction *copyAction() const { return m_copy; }
    QAction *exportAction() const { return m_export; }

    /// The menu a right click on the cells opens (Copy, Export CSV); owned by \a parent.
    QMenu *createContextMenu(QWidget *parent);
    /// The menu a right click on the header opens: a check per column, in view order, and Reset
    /// Columns; owned by \a parent.
    QMenu *createColumnMenu(QWidget *parent);

    /// The rows that hold a selected cell, in view order, as tab-separated lines under a header
    /// line: the shown columns in view order (of a table that selects columns, those selected),
    /// led by the row names when the table shows them. Empty with no selection.
    QString selectionText() const;
    /// The table as shown — the rows its model gives, the shown columns in view order, the row
    /// names when the table shows them — as CSV (RFC 4180 quoting) under a header line.
    QString csvText() const;
    /// Writes csvText() to \a path atomically (writeFileAtomically()).
    Status exportCsv(const QString &path) const;

    /// Hides or shows a column (by the model's column number) and saves the layout; the last
    /// shown column cannot be hidden.
    void setColumnShown(int column, bool shown);
    /// Every column shown, in the model's order, and the saved layout forgotten.
    void resetColumns();
    /// Applies the saved layout again, for a model that makes its columns anew (the header then
    /// forgets their order and visibility); nothing when it was saved for other columns.
    void restoreColumns();

private:
    explicit TableActions(QTableView *table);

    void copy() const;
    void exportDialog() const;
    void saveColumns() const;
    /// The model's ColumnKeyRole names of the columns; empty when it names none.
    QStringList columnKeys() const;
    QList<int> shownColumns() const;
    QList<int> copiedColumns() const;
    /// The shown text of \a rows and \a columns (model numbers), the header first.
    QList<QStringList> records(const QList<int> &rows, const QList<int> &columns) const;

    QTableView *m_table;
    QAction *m_copy = nullptr;
    QAction *m_export = nullptr;
    bool m_restoring = false; ///< the header's changes are the saved layout's, not the user's
};

} // namespace accelplan::ui
