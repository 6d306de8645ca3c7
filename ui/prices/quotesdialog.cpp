#include "ui/prices/quotesdialog.h"

#include "core/catalog/acceleratorcatalog.h"
#include "core/pricing/discount.h"
#include "core/pricing/pricedatabase.h"
#include "core/pricing/quote.h"

#include <QComboBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLineEdit>
#include <QSpinBox>

using namespace Qt::StringLiterals;

namespace accelplan::ui {

QuotesDialog::QuotesDialog(pricing::PriceDatabase &database, const catalog::AcceleratorCatalog &accelerators,
                           QWidget *parent)
    : BookDialog(database, {u"quotesDialog"_s, tr("Vendor Quotes"), tr("Add a quote"), tr("Remove Quote")},
                 {tr("Id"), tr("Vendor"), tr("SKU"), tr("Chips"), tr("Price model"), tr("Price"), tr("Valid until"),
                  tr("At least"), tr("Against list and market"), tr("Source"), tr("Entered")},
                 parent),
      m_accelerators(accelerators)
{
    QGroupBox *group = formBox();
    m_form.vendor = new QLineEdit(group);
    m_form.vendor->setPlaceholderText(tr("Who quoted: a cloud, neocloud, colocation firm or reseller"));
    m_form.kind = new QComboBox(group);
    for (const QString &kind : pricing::offerKindNames())
        m_form.kind->addItem(kind, kind);
    m_form.sku = new QLineEdit(group);
    m_form.sku->setPlaceholderText(tr("The instance, server or system quoted"));
    m_form.accelerator = new QComboBox(group);
    for (const catalog::Accelerator &a : accelerators.accelerators())
        m_form.accelerator->addItem(a.name, a.id);
    m_form.count = new QSpinBox(group);
    m_form.count->setRange(1, 4096);
    m_form.count->setValue(8);
    m_form.count->setSuffix(tr(" per instance"));
    m_form.priceModel = new QComboBox(group);
    for (pricing::PriceModel model : {pricing::PriceModel::OnDemand, pricing::PriceModel::Commit1y,
                                      pricing::PriceModel::Commit3y, pricing::PriceModel::Monthly,
                                      pricing::PriceModel::Purchase})
        m_form.priceModel->addItem(pricing::toString(model), pricing::toString(model));
    m_form.price = new QLineEdit(group);
    m_form.price->setPlaceholderText(tr("Per instance-hour, server-month or unit bought"));
    m_form.currency = new QLineEdit(u"USD"_s, group);
    m_form.currency->setMaxLength(3);
    m_form.validUntil = new QLineEdit(group);
    m_form.validUntil->setPlaceholderText(tr("YYYY-MM-DD: the last day the price holds"));
    m_form.minimumMonths = new QSpinBox(group);
    m_form.minimumMonths->setRange(0, 120);
    m_form.minimumMonths->setSuffix(tr(" months"));
    m_form.minimumInstances = new QSpinBox(group);
    m_form.minimumInstances->setRange(0, 100000);
    m_form.minimumInstances->setSuffix(tr(" instances"));
    m_form.source = new QLineEdit(group);
    m_form.source->setPlaceholderText(tr("The quote's reference: Q-2026-118…"));
    auto row = [group](QWidget *a, QWidget *b) {
        auto *box = new QWidget(group);
        auto *layout = new QHBoxLayout(box);
        layout->setContentsMargins(0, 0, 0, 0);
        layout->addWidget(a, 1);
        layout->addWidget(b);
        return box;
    };
    QFormLayout *form = formLayout();
    form->addRow(tr("&Vendor:"), row(m_form.vendor, m_form.kind));
    form->addRow(tr("&SKU:"), m_form.sku);
    form->addRow(tr("&Chip:"), row(m_form.accelerator, m_form.count));
    form->addRow(tr("Price &model:"), m_form.priceModel);
    form->addRow(tr("&Price:"), row(m_form.price, m_form.currency));
    form->addRow(tr("Valid &until:"), m_form.validUntil);
    form->addRow(tr("At &least:"), row(m_form.minimumMonths, m_form.minimumInstances));
    form->addRow(tr("S&ource:"), m_form.source);
    finish();
}

Result<QString> QuotesDialog::load()
{
    const auto quotes = database().quotes();
    const auto prices = quotes ? database().prices() : Result<QList<pricing::PriceRecord>>(quotes.error());
    const auto fx = prices ? database().fxTable() : Result<pricing::FxTable>(prices.error());
    if (!fx)
        return Error{fx.error().kind, tr("The quotes cannot be read: %1").arg(fx.error().message), {}};
    const QDate today = QDate::currentDate();
    int expired = 0;
    for (const pricing::Quote &q : *quotes) {
        QStringList minimums;
        if (q.minimumTermMonths > 0)
            minimums << tr("%1 months").arg(q.minimumTermMonths);
        if (q.minimumInstances > 0)
            minimums << tr("%1 instances").arg(q.minimumInstances);
        expired += q.expired(today);
        appendRow(q.id, {q.vendor, q.sku, tr("%1 × %2").arg(q.acceleratorCount).arg(q.accelerator),
                         pricing::toString(q.priceModel), u"%1 %2"_s.arg(q.price.toString(), q.currency),
                         q.expired(today) ? tr("%1 (expired)").arg(q.validUntil.toString(Qt::ISODate))
                                          : q.validUntil.toString(Qt::ISODate),
                         minimums.join(u", "_s), pricing::compareQuote(q, *prices, *fx).text(), q.source,
                         tr("%1, %2").arg(q.enteredBy, q.enteredAt.left(10))});
    }
    if (quotes->isEmpty())
        return tr("No quotes: plans rank the providers' list prices. Add a price a vendor quoted you; plans rank "
                  "it as an offer until it expires, with its minimum term and instances paid for.");
    const QString summary = tr("Plans rank each valid quote as an offer, paying for its minimum term and instances.");
    return expired == 0 ? summary
                        : summary + u' ' + tr("%n expired quote(s) no longer ranked (the plans say so).", nullptr, expired);
}

QString QuotesDialog::addRecord()
{
    pricing::Quote q;
    q.vendor = m_form.vendor->text().trimmed();
    q.kind = pricing::offerKindFromString(m_form.kind->currentData().toString()).value_or(pricing::OfferKind::CloudVm);
    q.sku = m_form.sku->text().trimmed();
    q.accelerator = m_form.accelerator->currentData().toString();
    q.acceleratorCount = m_form.count->value();
    q.priceModel = pricing::priceModelFromString(m_form.priceModel->currentData().toString()).value_or(pricing::PriceModel::OnDemand);
    q.currency = m_form.currency->text().trimmed().toUpper();
    q.minimumTermMonths = m_form.minimumMonths->value();
    q.minimumInstances = m_form.minimumInstances->value();
    q.source = m_form.source->text().trimmed();
    QString why;
    const auto price = Decimal::parse(m_form.price->text().trimmed(), &why);
    if (!price)
        return tr("price: %1").arg(m_form.price->text().trimmed().isEmpty() ? tr("needed") : why);
    q.price = *price;
    const QString until = m_form.validUntil->text().trimmed();
    q.validUntil = QDate::fromString(until, Qt::ISODate);
    if (!until.isEmpty() && (!q.validUntil.isValid() || until.size() != 10))
        return tr("valid_until: '%1' is not a date (YYYY-MM-DD)").arg(until);
    if (QString problem = pricing::entryProblem(q, m_accelerators, QDate::currentDate()); !problem.isEmpty())
        return problem;
    if (const auto ids = database().addQuotes({q}, pricing::loginName()); !ids)
        return ids.error().message;
    m_form.price->clear();
    m_form.source->clear();
    return {};
}

Result<bool> QuotesDialog::removeRecord(qint64 id)
{
    return database().removeQuote(id);
}

QString QuotesDialog::removeQuestion(qint64 id) const
{
    return tr("Remove quote %1? Plans no longer rank it.").arg(id);
}

} // namespace accelplan::ui
