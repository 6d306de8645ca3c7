#include "ui/prices/bookdialog.h"

#include "core/pricing/pricedatabase.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHeaderView>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace accelplan::ui {

namespace {
constexpr int kIdRole = Qt::UserRole + 1;
} // namespace

BookDialog::BookDialog(pricing::PriceDatabase &database, const Names &names, const QStringList &headers, QWidget *parent)
    : QDialog(parent), m_database(database), m_names(names)
{
    setObjectName(names.objectName);
    setWindowTitle(names.title);
    auto *layout = new QVBoxLayout(this);
    m_summary = new QLabel(this);
    m_summary->setWordWrap(true);
    layout->addWidget(m_summary);
    m_table = new QTableWidget(0, int(headers.size()), this);
    m_table->setObjectName(names.objectName + u"Table"_s);
    m_table->setHorizontalHeaderLabels(headers);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSortingEnabled(true);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);
    layout->addWidget(m_table, 1);
    m_formBox = new QGroupBox(names.formTitle, this);
    m_formLayout = new QFormLayout(m_formBox);
    layout->addWidget(m_formBox);
}

void BookDialog::finish()
{
    m_add = new QPushButton(tr("&Add"), m_formBox);
    m_add->setObjectName(m_names.objectName + u"Add"_s);
    m_error = new QLabel(m_formBox);
    m_error->setObjectName(m_names.objectName + u"Error"_s);
    m_error->setStyleSheet(u"color: #b00020;"_s);
    m_error->setWordWrap(true);
    m_formLayout->addRow(m_error, m_add);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    m_remove = buttons->addButton(tr("&Remove…"), QDialogButtonBox::ActionRole);
    m_remove->setObjectName(m_names.objectName + u"Remove"_s);
    layout()->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_remove, &QPushButton::clicked, this, &BookDialog::removeSelected);
    connect(m_add, &QPushButton::clicked, this, &BookDialog::addFromForm);
    connect(m_table, &QTableWidget::itemSelectionChanged, this, &BookDialog::updateButtons);
    resize(900, 560);
    refresh();
}

void BookDialog::appendRow(qint64 id, const QStringList &cells)
{
    const int row = m_table->rowCount();
    m_table->insertRow(row);
    auto *idItem = new QTableWidgetItem;
    idItem->setData(Qt::DisplayRole, id);
    idItem->setData(kIdRole, id);
    m_table->setItem(row, 0, idItem);
    for (int column = 0; column < cells.size(); ++column)
        m_table->setItem(row, column + 1, new QTableWidgetItem(cells.at(column)));
}

void BookDialog::refresh()
{
    const qint64 selected = selectedId();
    m_table->setSortingEnabled(false);
    m_table->setRowCount(0);
    const Result<QString> summary = load();
    m_summary->setText(summary ? *summary : summary.error().message);
    m_table->setSortingEnabled(true);
    m_table->resizeColumnsToContents();
    for (int row = 0; row < m_table->rowCount(); ++row)
        if (m_table->item(row, 0)->data(kIdRole).toLongLong() == selected)
            m_table->selectRow(row);
    updateButtons();
}

bool BookDialog::addFromForm()
{
    const QString problem = addRecord();
    m_error->setText(problem);
    if (!problem.isEmpty())
        return false;
    refresh();
    Q_EMIT changed();
    return true;
}

qint64 BookDialog::selectedId() const
{
    const QList<QTableWidgetItem *> items = m_table->selectedItems();
    for (const QTableWidgetItem *item : items)
        if (item->column() == 0)
            return item->data(kIdRole).toLongLong();
    return 0;
}

Status BookDialog::remove(qint64 id)
{
    const auto removed = removeRecord(id);
    if (!removed)
        return removed.error();
    if (!*removed)
        return Error::badInput(tr("There is no record with id %1.").arg(id));
    refresh();
    Q_EMIT changed();
    return Done{};
}

void BookDialog::removeSelected()
{
    const qint64 id = selectedId();
    if (id == 0)
        return;
    if (QMessageBox::question(this, m_names.removeTitle, removeQuestion(id)) != QMessageBox::Yes)
        return;
    if (Status removed = remove(id); !removed)
        QMessageBox::warning(this, tr("Cannot Remove"), removed.error().message);
}

void BookDialog::updateButtons()
{
    const bool writable = !m_database.isReadOnly();
    m_remove->setEnabled(selectedId() != 0 && writable);
    m_add->setEnabled(writable);
}

} // namespace accelplan::ui
