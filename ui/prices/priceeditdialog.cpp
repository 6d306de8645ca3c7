#include "ui/prices/priceeditdialog.h"

#include "core/pricing/manualprice.h"

#include <QDateEdit>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace accelplan::ui {

PriceEditDialog::PriceEditDialog(const pricing::PriceRecord &offer, QWidget *parent)
    : QDialog(parent), m_offer(offer)
{
    setWindowTitle(tr("Edit Price"));
    setObjectName(u"priceEditDialog"_s);
    auto *form = new QFormLayout;
    form->addRow(tr("Offer"), new QLabel(tr("%1 %2, %3, %4")
                                             .arg(offer.key.provider, offer.key.sku, offer.key.region,
                                                  pricing::toString(offer.key.priceModel)),
                                         this));
    form->addRow(tr("Current price"), new QLabel(tr("%1 %2 per %3 since %4")
                                                     .arg(offer.price.toString(), offer.currency,
                                                          pricing::toString(offer.unit),
                                                          offer.effectiveDate.toString(Qt::ISODate)),
                                                 this));
    m_price = new QLineEdit(offer.price.toString(), this);
    m_price->setObjectName(u"newPrice"_s);
    m_price->setAccessibleName(tr("New price"));
    form->addRow(tr("New &price (%1 per %2)").arg(offer.currency, pricing::toString(offer.unit)), m_price);
    m_date = new QDateEdit(QDate::currentDate(), this);
    m_date->setObjectName(u"effectiveDate"_s);
    m_date->setAccessibleName(tr("Effective date"));
    m_date->setCalendarPopup(true);
    m_date->setDisplayFormat(u"yyyy-MM-dd"_s);
    form->addRow(tr("&Effective from"), m_date);
    m_source = new QLineEdit(this);
    m_source->setObjectName(u"priceSource"_s);
    m_source->setAccessibleName(tr("Source of the new price"));
    m_source->setPlaceholderText(tr("URL of the price page, or a note such as “quote from sales, 2026-11-20”"));
    form->addRow(tr("&Source"), m_source);
    m_problems = new QLabel(this);
    m_problems->setObjectName(u"priceProblems"_s);
    m_problems->setStyleSheet(u"color: #b02a37;"_s);
    m_problems->setWordWrap(true);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    m_ok = buttons->button(QDialogButtonBox::Ok);
    m_ok->setText(tr("Save as Manual Sheet"));
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_problems);
    layout->addWidget(buttons);

    connect(m_price, &QLineEdit::textChanged, this, &PriceEditDialog::validate);
    connect(m_source, &QLineEdit::textChanged, this, &PriceEditDialog::validate);
    connect(m_date, &QDateEdit::dateChanged, this, &PriceEditDialog::validate);
    validate();
}

pricing::ParsedSheet PriceEditDialog::sheet() const
{
    return pricing::manualPriceSheet(m_offer, m_price->text(), m_date->date(), m_source->text(),
                                     QDateTime::currentDateTimeUtc());
}

void PriceEditDialog::validate()
{
    const pricing::ParsedSheet parsed = sheet();
    QStringList problems;
    for (const Diagnostic &d : parsed.diagnostics)
        problems.append(d.field + u": "_s + d.message);
    m_problems->setText(problems.join(u'\n'));
    m_ok->setEnabled(parsed.ok());
}

} // namespace accelplan::ui
