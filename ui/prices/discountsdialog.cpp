#include "ui/prices/discountsdialog.h"

#include "core/pricing/pricedatabase.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace accelplan::ui {

namespace {
constexpr int kIdRole = Qt::UserRole + 1;
} // namespace

DiscountsDialog::DiscountsDialog(pricing::PriceDatabase &database, QWidget *parent)
    : QDialog(parent), m_database(database)
{
    setObjectName(u"discountsDialog"_s);
    setWindowTitle(tr("Negotiated Discounts"));
    auto *layout = new QVBoxLayout(this);
    m_summary = new QLabel(this);
    m_summary->setWordWrap(true);
    layout->addWidget(m_summary);
    m_table = new QTableWidget(0, ColumnCount, this);
    m_table->setObjectName(u"discountsTable"_s);
    m_table->setHorizontalHeaderLabels({tr("Id"), tr("Provider"), tr("SKUs"), tr("Price model"), tr("From"), tr("To"),
                                        tr("Off list"), tr("Source"), tr("Entered")});
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSortingEnabled(true);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);
    layout->addWidget(m_table, 1);

    auto *group = new QGroupBox(tr("Add a discount"), this);
    auto *form = new QFormLayout(group);
    m_form.provider = new QComboBox(group);
    m_form.sku = new QLineEdit(u"*"_s, group);
    m_form.sku->setToolTip(tr("The SKUs it covers, a wildcard: p5* is every SKU starting p5, * every SKU."));
    m_form.priceModel = new QComboBox(group);
    m_form.priceModel->addItem(tr("Every price model"), QString());
    for (pricing::PriceModel model : {pricing::PriceModel::OnDemand, pricing::PriceModel::Spot, pricing::PriceModel::Commit1y,
                                      pricing::PriceModel::Commit3y, pricing::PriceModel::Monthly,
                                      pricing::PriceModel::CapacityBlock, pricing::PriceModel::Purchase})
        m_form.priceModel->addItem(pricing::toString(model), pricing::toString(model));
    m_form.from = new QLineEdit(group);
    m_form.from->setPlaceholderText(tr("YYYY-MM-DD; empty: already in force"));
    m_form.to = new QLineEdit(group);
    m_form.to->setPlaceholderText(tr("YYYY-MM-DD; empty: no end"));
    m_form.percent = new QLineEdit(group);
    m_form.percent->setPlaceholderText(tr("22 is 22 % off the list price"));
    m_form.source = new QLineEdit(group);
    m_form.source->setPlaceholderText(tr("The contract or agreement: EDP 2026, quote Q-17…"));
    m_form.add = new QPushButton(tr("&Add"), group);
    m_form.add->setObjectName(u"addDiscountButton"_s);
    m_form.error = new QLabel(group);
    m_form.error->setObjectName(u"discountError"_s);
    m_form.error->setStyleSheet(u"color: #b00020;"_s);
    m_form.error->setWordWrap(true);
    form->addRow(tr("&Provider:"), m_form.provider);
    form->addRow(tr("&SKUs:"), m_form.sku);
    form->addRow(tr("Price &model:"), m_form.priceModel);
    form->addRow(tr("&From:"), m_form.from);
    form->addRow(tr("&To:"), m_form.to);
    form->addRow(tr("Percent &off:"), m_form.percent);
    form->addRow(tr("S&ource:"), m_form.source);
    form->addRow(m_form.error, m_form.add);
    layout->addWidget(group);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    m_remove = buttons->addButton(tr("&Remove…"), QDialogButtonBox::ActionRole);
    m_remove->setObjectName(u"removeDiscountButton"_s);
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_remove, &QPushButton::clicked, this, &DiscountsDialog::removeSelected);
    connect(m_form.add, &QPushButton::clicked, this, &DiscountsDialog::addFromForm);
    connect(m_table, &QTableWidget::itemSelectionChanged, this, &DiscountsDialog::updateButtons);
    resize(900, 520);
    refresh();
}

void DiscountsDialog::refresh()
{
    const qint64 selected = selectedId();
    m_table->setSortingEnabled(false);
    m_table->setRowCount(0);
    const auto discounts = m_database.discounts();
    const auto prices = m_database.prices();
    if (!discounts || !prices) {
        m_summary->setText(tr("The discounts cannot be read: %1")
                               .arg(!discounts ? discounts.error().message : prices.error().message));
        updateButtons();
        return;
    }
    QStringList providers;
    for (const pricing::PriceRecord &r : *prices)
        if (!providers.contains(r.key.provider))
            providers.append(r.key.provider);
    providers.sort(Qt::CaseInsensitive);
    const QString chosen = m_form.provider->currentText();
    m_form.provider->clear();
    m_form.provider->addItems(providers);
    if (!chosen.isEmpty())
        m_form.provider->setCurrentText(chosen);
    m_summary->setText(discounts->isEmpty()
                           ? tr("No discounts: plans use the providers' list prices. Add what your team has negotiated "
                                "(an EDP, a committed-spend agreement, a quote); plans then show list and effective price.")
                           : tr("Plans price each offer at the discount that covers it on the day (the one entered last "
                                "where several do), and show the list price beside it."));
    for (const pricing::Discount &d : *discounts) {
        const int row = m_table->rowCount();
        m_table->insertRow(row);
        auto *id = new QTableWidgetItem;
        id->setData(Qt::DisplayRole, d.id);
        id->setData(kIdRole, d.id);
        m_table->setItem(row, IdColumn, id);
        m_table->setItem(row, ProviderColumn, new QTableWidgetItem(d.provider));
        m_table->setItem(row, SkuColumn, new QTableWidgetItem(d.skuPattern));
        m_table->setItem(row, ModelColumn, new QTableWidgetItem(d.priceModel ? pricing::toString(*d.priceModel) : tr("every")));
        m_table->setItem(row, FromColumn, new QTableWidgetItem(d.from.isValid() ? d.from.toString(Qt::ISODate) : QString()));
        m_table->setItem(row, ToColumn, new QTableWidgetItem(d.to.isValid() ? d.to.toString(Qt::ISODate) : tr("no end")));
        m_table->setItem(row, PercentColumn, new QTableWidgetItem(u"−%1 %"_s.arg(d.percent.toString())));
        m_table->setItem(row, SourceColumn, new QTableWidgetItem(d.source));
        m_table->setItem(row, EnteredColumn, new QTableWidgetItem(tr("%1, %2").arg(d.enteredBy, d.enteredAt.left(10))));
    }
    m_table->setSortingEnabled(true);
    m_table->resizeColumnsToContents();
    for (int row = 0; row < m_table->rowCount(); ++row)
        if (m_table->item(row, IdColumn)->data(kIdRole).toLongLong() == selected)
            m_table->selectRow(row);
    updateButtons();
}

bool DiscountsDialog::addFromForm()
{
    pricing::Discount d;
    d.provider = m_form.provider->currentText();
    d.skuPattern = m_form.sku->text().trimmed();
    if (const QString model = m_form.priceModel->currentData().toString(); !model.isEmpty())
        d.priceModel = pricing::priceModelFromString(model);
    QString problem;
    for (const auto &[field, edit, date] : {std::tuple{tr("From"), m_form.from, &d.from}, std::tuple{tr("To"), m_form.to, &d.to}}) {
        const QString text = edit->text().trimmed();
        *date = QDate::fromString(text, Qt::ISODate);
        if (!text.isEmpty() && !date->isValid() && problem.isEmpty())
            problem = tr("%1: '%2' is not a date (YYYY-MM-DD)").arg(field, text);
    }
    QString why;
    const auto percent = Decimal::parse(m_form.percent->text().trimmed(), &why);
    if (!percent && problem.isEmpty())
        problem = tr("Percent off: %1").arg(m_form.percent->text().trimmed().isEmpty() ? tr("needed") : why);
    d.percent = percent.value_or(Decimal());
    d.source = m_form.source->text().trimmed();
    if (problem.isEmpty())
        problem = d.problem();
    if (problem.isEmpty()) {
        const auto ids = m_database.addDiscounts({d}, pricing::loginName());
        if (!ids)
            problem = ids.error().message;
    }
    m_form.error->setText(problem);
    if (!problem.isEmpty())
        return false;
    m_form.percent->clear();
    m_form.source->clear();
    refresh();
    Q_EMIT discountsChanged();
    return true;
}

qint64 DiscountsDialog::selectedId() const
{
    const QList<QTableWidgetItem *> items = m_table->selectedItems();
    for (const QTableWidgetItem *item : items)
        if (item->column() == IdColumn)
            return item->data(kIdRole).toLongLong();
    return 0;
}

Status DiscountsDialog::removeDiscount(qint64 id)
{
    const auto removed = m_database.removeDiscount(id);
    if (!removed)
        return removed.error();
    if (!*removed)
        return Error::badInput(tr("There is no discount with id %1.").arg(id));
    refresh();
    Q_EMIT discountsChanged();
    return Done{};
}

void DiscountsDialog::removeSelected()
{
    const qint64 id = selectedId();
    if (id == 0)
        return;
    if (QMessageBox::question(this, tr("Remove Discount"),
                              tr("Remove discount %1? Plans go back to the list price for what it covered.").arg(id))
        != QMessageBox::Yes)
        return;
    if (Status removed = removeDiscount(id); !removed)
        QMessageBox::warning(this, tr("Cannot Remove Discount"), removed.error().message);
}

void DiscountsDialog::updateButtons()
{
    const bool writable = !m_database.isReadOnly();
    m_remove->setEnabled(selectedId() != 0 && writable);
    m_form.add->setEnabled(writable);
}

} // namespace accelplan::ui
