#pragma once
// Vendors' quotes (issue 39): a price a cloud, neocloud, colocation or hardware vendor quoted the
// team, with an expiry date, a minimum term and quantity, stored in the price database with who
// entered it; while valid it is ranked as an offer of its own, compared with the vendor's list
// price and the market's prices for the same chip.
#include "core/catalog/acceleratorcatalog.h"
#include "core/common/decimal.h"
#include "core/common/diagnostic.h"
#include "core/pricing/fxtable.h"
#include "core/pricing/pricetypes.h"

#include <QDate>
#include <QIODevice>
#include <QList>
#include <QString>

namespace accelplan::pricing {

struct Quote
{
    qint64 id = 0;                          ///< as stored; 0 before it is
    QString vendor;                         ///< who quoted ("Lambda", "Colo Nord")
    OfferKind kind = OfferKind::CloudVm;    ///< cloud_vm, dedicated_server, tpu, marketplace, owned
    QString sku;                            ///< the instance, server or system quoted
    QString region{};                       ///< where; empty: "quoted"
    QString accelerator;                    ///< catalog id
    int acceleratorCount = 1;               ///< per instance or server
    PriceModel priceModel = PriceModel::OnDemand; ///< on_demand, commit_1y/3y, monthly or purchase
    Decimal price;                          ///< per instance-hour, server-month or unit bought
    QString currency;                       ///< ISO 4217
    QDate validUntil;                       ///< the last day the price holds
    int minimumTermMonths = 0;
    int minimumInstances = 0;
    QString source;                         ///< the quote's reference ("Lambda Q-2026-118")
    QString enteredBy{};
    QString enteredAt{};                    ///< ISO 8601, UTC

    bool expired(QDate on) const { return validUntil.isValid() && on > validUntil; }
    /// "Lambda 8x H100 SXM (lambda-8xh100) on_demand 21.52 USD/h until 2027-03-31, at least 6 months
    /// and 4 instances: Q-2026-118 (entered by alice, 2026-11-29)"
    QString describe() const;
    /// An error text naming the field at fault ("valid_until: …"), empty when the quote is well formed.
    QString problem() const;
    /// The offer it is ranked as while valid, carrying its terms and \a comparison.
    PriceRecord offer(const QuoteComparison &comparison) const;
};

/// How \a quote stands against the list and the market (QuoteComparison, pricetypes.h).
QuoteComparison compareQuote(const Quote &quote, const QList<PriceRecord> &offers, const FxTable &fx);

/// The offers to rank from \a quotes on \a on: those still valid, each compared with \a offers;
/// \a expired gets a line for each that is not ("quote … expired on 2026-10-31; not ranked").
QList<PriceRecord> quotedOffers(const QList<Quote> &quotes, const QList<PriceRecord> &offers, const FxTable &fx,
                                QDate on, QStringList *expired);

/// Reads quotes from a CSV file (vendor,kind,sku,region,accelerator,accelerator_count,price_model,
/// price,currency,valid_until,min_term_months,min_instances,source). A bad row, an accelerator
/// \a accelerators does not know (an alias is read as its id) or a quote already expired on \a today
/// is an error naming the file, its line and the field, and nothing is kept.
Result<QList<Quote>> readQuotes(QIODevice *device, const QString &fileName,
                                const catalog::AcceleratorCatalog &accelerators, QDate today);
/// The problem of \a quote as entered on \a today: problem(), an accelerator \a accelerators does
/// not know, or an expiry already past; empty when none. Sets the accelerator to its catalog id.
QString entryProblem(Quote &quote, const catalog::AcceleratorCatalog &accelerators, QDate today);

/// The columns readQuotes reads, in the order a template lists them.
QStringList quoteColumns();

} // namespace accelplan::pricing
