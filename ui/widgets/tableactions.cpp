#include "ui/widgets/tableactions.h"

#include "ui/settings.h"

#include "core/common/csvwriter.h"
#include "core/common/savefile.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QMenu>
#include <QMessageBox>
#include <QTableView>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace accelplan::ui {

namespace {


// The rows of \a view in view order, without hidden ones.
QList<int> rowsInViewOrder(const QTableView *view, const QList<int> &rows)
{
    QList<int> ordered;
    for (const int row : rows)
        if (!view->isRowHidden(row))
            ordered.append(row);
    const QHeaderView *header = view->verticalHeader();
    std::sort(ordered.begin(), ordered.end(),
              [header](int a, int b) { return header->visualIndex(a) < header->visualIndex(b); });
    return ordered;
}

// A field of a tab-separated line: a tab or line break inside it would start another field or row.
QString tabField(QString text)
{
    for (const QChar breaking : {u'\t', u'\r', u'\n'})
        text.replace(breaking, u' ');
    return text;
}

} // namespace

TableActions *TableActions::install(QTableView *table)
{
    Q_ASSERT(table->model() != nullptr);
    Q_ASSERT(!table->objectName().isEmpty()); // the key of its saved columns
    if (TableActions *installed = of(table))
        return installed;
    return new TableActions(table);
}

TableActions *TableActions::of(const QTableView *table)
{
    return table->findChild<TableActions *>(QString(), Qt::FindDirectChildrenOnly);
}

TableActions::TableActions(QTableView *table) : QObject(table), m_table(table)
{
    m_copy = new QAction(tr("&Copy"), this);
    m_copy->setObjectName(u"tableCopy"_s);
    m_copy->setShortcut(QKeySequence::Copy);
    // Before the view's own Ctrl+C, which copies the current cell alone.
    m_copy->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    m_copy->setToolTip(tr("Copy the selected rows as tab-separated text with the column names"));
    connect(m_copy, &QAction::triggered, this, &TableActions::copy);
    table->addAction(m_copy);
    m_export = new QAction(tr("&Export CSV…"), this);
    m_export->setObjectName(u"tableExportCsv"_s);
    m_export->setToolTip(tr("Write the table as shown (its rows and columns) to a CSV file"));
    connect(m_export, &QAction::triggered, this, &TableActions::exportDialog);

    table->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(table, &QWidget::customContextMenuRequested, this, [this](const QPoint &pos) {
        QMenu *menu = createContextMenu(m_table);
        menu->setAttribute(Qt::WA_DeleteOnClose);
        menu->popup(m_table->viewport()->mapToGlobal(pos));
    });

    QHeaderView *header = table->horizontalHeader();
    header->setSectionsMovable(true);
    header->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(header, &QWidget::customContextMenuRequested, this, [this, header](const QPoint &pos) {
        QMenu *menu = createColumnMenu(header);
        menu->setAttribute(Qt::WA_DeleteOnClose);
        menu->popup(header->viewport()->mapToGlobal(pos));
    });
    restoreColumns();
    connect(header, &QHeaderView::sectionMoved, this, &TableActions::saveColumns);
    connect(header, &QHeaderView::sectionResized, this, [this, header](int column) {
        // A width the user set; a stretched section follows the view's width instead.
        const QList<int> shown = shownColumns();
        const bool stretched = header->stretchLastSection() && !shown.isEmpty() && column == shown.constLast();
        if (header->sectionResizeMode(column) == QHeaderView::Interactive && !stretched)
            saveColumns();
    });
}

QMenu *TableActions::createContextMenu(QWidget *parent)
{
    auto *menu = new QMenu(parent);
    menu->setObjectName(u"tableContextMenu"_s);
    m_copy->setEnabled(m_table->selectionModel() && m_table->selectionModel()->hasSelection());
    menu->addAction(m_copy);
    menu->addAction(m_export);
    menu->addSeparator();
    QMenu *columns = createColumnMenu(menu);
    columns->setTitle(tr("C&olumns"));
    menu->addMenu(columns);
    return menu;
}

QMenu *TableActions::createColumnMenu(QWidget *parent)
{
    auto *menu = new QMenu(parent);
    menu->setObjectName(u"tableColumnMenu"_s);
    const QHeaderView *header = m_table->horizontalHeader();
    const QList<int> shown = shownColumns();
    for (int visual = 0; visual < header->count(); ++visual) {
        const int column = header->logicalIndex(visual);
        QString name = m_table->model()->headerData(column, Qt::Horizontal).toString();
        if (name.isEmpty())
            name = tr("Column %1").arg(column + 1);
        QAction *check = menu->addAction(name);
        check->setCheckable(true);
        check->setChecked(!header->isSectionHidden(column));
        check->setEnabled(!(shown.size() == 1 && shown.first() == column)); // one column stays
        check->setData(column);
        connect(check, &QAction::toggled, this, [this, column](bool on) { setColumnShown(column, on); });
    }
    menu->addSeparator();
    QAction *reset = menu->addAction(tr("&Reset Columns"), this, &TableActions::resetColumns);
    reset->setObjectName(u"tableResetColumns"_s);
    reset->setToolTip(tr("Show every column in its first order"));
    return menu;
}

QList<int> TableActions::shownColumns() const
{
    const QHeaderView *header = m_table->horizontalHeader();
    QList<int> columns;
    for (int visual = 0; visual < header->count(); ++visual) {
        const int column = header->logicalIndex(visual);
        if (!header->isSectionHidden(column))
            columns.append(column);
    }
    return columns;
}

QList<int> TableActions::copiedColumns() const
{
    if (m_table->selectionBehavior() == QAbstractItemView::SelectRows)
        return shownColumns();
    // Selected columns (the Compare table) or cells: the shown ones holding a selected cell.
    QList<int> selected;
    for (const QModelIndex &index : m_table->selectionModel()->selectedIndexes())
        selected.append(index.column());
    QList<int> columns = shownColumns();
    columns.removeIf([&selected](int column) { return !selected.contains(column); });
    return columns;
}

QList<QStringList> TableActions::records(const QList<int> &rows, const QList<int> &columns) const
{
    const QAbstractItemModel *model = m_table->model();
    // A table whose rows are named in the vertical header (Compare) keeps the names.
    const bool rowNames = !m_table->verticalHeader()->isHidden();
    QList<QStringList> out;
    QStringList header;
    if (rowNames)
        header.append(QString());
    for (const int column : columns)
        header.append(model->headerData(column, Qt::Horizontal).toString());
    out.append(header);
    for (const int row : rows) {
        QStringList fields;
        if (rowNames)
            fields.append(model->headerData(row, Qt::Vertical).toString());
        for (const int column : columns)
            fields.append(model->index(row, column).data().toString());
        out.append(fields);
    }
    return out;
}

QString TableActions::selectionText() const
{
    const QItemSelectionModel *selection = m_table->selectionModel();
    if (!selection || !selection->hasSelection())
        return {};
    QList<int> rows;
    for (const QModelIndex &index : selection->selectedIndexes())
        if (!rows.contains(index.row()))
            rows.append(index.row());
    rows = rowsInViewOrder(m_table, rows);
    const QList<int> columns = copiedColumns();
    if (rows.isEmpty() || columns.isEmpty())
        return {};
    QString text;
    for (const QStringList &record : records(rows, columns)) {
        QStringList fields;
        for (const QString &field : record)
            fields.append(tabField(field));
        text += fields.join(u'\t') + u'\n';
    }
    return text;
}

QString TableActions::csvText() const
{
    QList<int> rows;
    for (int row = 0; row < m_table->model()->rowCount(); ++row)
        rows.append(row);
    QString text;
    for (const QStringList &record : records(rowsInViewOrder(m_table, rows), shownColumns()))
        text += csvRecord(record);
    return text;
}

Status TableActions::exportCsv(const QString &path) const
{
    return writeFileAtomically(path, csvText().toUtf8());
}

void TableActions::copy() const
{
    const QString text = selectionText();
    if (!text.isEmpty())
        QApplication::clipboard()->setText(text);
}

void TableActions::exportDialog() const
{
    const QString name = m_table->accessibleName().isEmpty() ? m_table->objectName() : m_table->accessibleName();
    const QString directory = Settings::exportDirectory();
    const QString path = QFileDialog::getSaveFileName(m_table->window(), tr("Export CSV"),
                                                      QDir(directory).filePath(name + u".csv"_s),
                                                      tr("CSV files (*.csv)"));
    if (path.isEmpty())
        return;
    Settings::setExportDirectory(QFileInfo(path).absolutePath());
    if (const Status exported = exportCsv(path); !exported.ok())
        QMessageBox::warning(m_table->window(), tr("Cannot Export"), exported.error().message);
}

void TableActions::setColumnShown(int column, bool shown)
{
    const QList<int> before = shownColumns();
    if (!shown && before.size() == 1 && before.first() == column)
        return;
    m_table->setColumnHidden(column, !shown);
    saveColumns();
}

void TableActions::resetColumns()
{
    QHeaderView *header = m_table->horizontalHeader();
    for (int column = 0; column < header->count(); ++column) {
        header->showSection(column);
        header->moveSection(header->visualIndex(column), column);
    }
    Settings::removeTableLayout(m_table->objectName()); // after the moves, each of which saved the layout
}

QStringList TableActions::columnKeys() const
{
    QStringList keys;
    bool named = false;
    for (int column = 0; column < m_table->model()->columnCount(); ++column) {
        keys.append(m_table->model()->headerData(column, Qt::Horizontal, ColumnKeyRole).toString());
        named = named || !keys.constLast().isEmpty();
    }
    return named ? keys : QStringList();
}

void TableActions::saveColumns() const
{
    if (m_restoring || m_table->horizontalHeader()->count() == 0)
        return;
    Settings::setTableLayout(m_table->objectName(), {m_table->horizontalHeader()->saveState(),
                                                      m_table->horizontalHeader()->count(), columnKeys()});
}

void TableActions::restoreColumns()
{
    const Settings::TableLayout saved = Settings::tableLayout(m_table->objectName());
    const QByteArray state = saved.headerState;
    QHeaderView *header = m_table->horizontalHeader();
    // Another column count: the model changed since (a column added or removed), and the saved
    // order and visibility would land on the wrong columns; so would they on other named columns.
    if (state.isEmpty() || saved.columnCount != header->count() || saved.columnKeys != columnKeys())
        return;
    // Only the columns are restored: the sort stays the one the table shows.
    const int sortColumn = header->sortIndicatorSection();
    const Qt::SortOrder sortOrder = header->sortIndicatorOrder();
    m_restoring = true;
    header->restoreState(state);
    header->setSortIndicator(sortColumn, sortOrder);
    m_restoring = false;
}

} // namespace accelplan::ui
