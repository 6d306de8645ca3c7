#include "ui/prices/discountsdialog.h"

#include "core/pricing/pricedatabase.h"

#include <QComboBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QLineEdit>

using namespace Qt::StringLiterals;

namespace accelplan::ui {

DiscountsDialog::DiscountsDialog(pricing::PriceDatabase &database, QWidget *parent)
    : BookDialog(database,
                 {u"discountsDialog"_s, tr("Negotiated Discounts"), tr("Add a discount"), tr("Remove Discount")},
                 {tr("Id"), tr("Provider"), tr("SKUs"), tr("Price model"), tr("From"), tr("To"), tr("Off list"),
                  tr("Source"), tr("Entered")},
                 parent)
{
    QGroupBox *group = formBox();
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
    m_form.source->setPlaceholderText(tr("The contract or agreement: EDP 2026, MACC…"));
    QFormLayout *form = formLayout();
    form->addRow(tr("&Provider:"), m_form.provider);
    form->addRow(tr("&SKUs:"), m_form.sku);
    form->addRow(tr("Price &model:"), m_form.priceModel);
    form->addRow(tr("&From:"), m_form.from);
    form->addRow(tr("&To:"), m_form.to);
    form->addRow(tr("Percent &off:"), m_form.percent);
    form->addRow(tr("S&ource:"), m_form.source);
    finish();
}

Result<QString> DiscountsDialog::load()
{
    const auto discounts = database().discounts();
    if (!discounts)
        return Error{discounts.error().kind, tr("The discounts cannot be read: %1").arg(discounts.error().message), {}};
    const auto prices = database().prices();
    if (!prices)
        return Error{prices.error().kind, tr("The discounts cannot be read: %1").arg(prices.error().message), {}};
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
    for (const pricing::Discount &d : *discounts)
        appendRow(d.id, {d.provider, d.skuPattern, d.priceModel ? pricing::toString(*d.priceModel) : tr("every"),
                         d.from.isValid() ? d.from.toString(Qt::ISODate) : QString(),
                         d.to.isValid() ? d.to.toString(Qt::ISODate) : tr("no end"), u"−%1 %"_s.arg(d.percent.toString()),
                         d.source, tr("%1, %2").arg(d.enteredBy, d.enteredAt.left(10))});
    return discounts->isEmpty()
               ? tr("No discounts: plans use the providers' list prices. Add what your team has negotiated "
                    "(an EDP, a committed-spend agreement); plans then show list and effective price.")
               : tr("Plans price each offer at the discount that covers it on the day (the one entered last "
                    "where several do), and show the list price beside it.");
}

QString DiscountsDialog::addRecord()
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
    if (problem.isEmpty())
        if (const auto ids = database().addDiscounts({d}, pricing::loginName()); !ids)
            problem = ids.error().message;
    if (problem.isEmpty()) {
        m_form.percent->clear();
        m_form.source->clear();
    }
    return problem;
}

Result<bool> DiscountsDialog::removeRecord(qint64 id)
{
    return database().removeDiscount(id);
}

QString DiscountsDialog::removeQuestion(qint64 id) const
{
    return tr("Remove discount %1? Plans go back to the list price for what it covered.").arg(id);
}

} // namespace accelplan::ui
