#pragma once
// The team's negotiated discounts (issue 39): overlays on the list prices by provider, SKU pattern,
// price model and date range ("AWS p5*: -22 % on demand from 2026-01 to 2027-12, EDP"), stored in
// the price database with their source and who entered them, applied when a plan's inputs are read.
#include "core/common/csvtable.h"
#include "core/common/decimal.h"
#include "core/common/diagnostic.h"
#include "core/pricing/pricetypes.h"

#include <QDate>
#include <QIODevice>
#include <QList>
#include <QString>

#include <optional>

namespace accelplan::pricing {

struct Discount
{
    qint64 id = 0;                          ///< as stored; 0 before it is
    QString provider;                       ///< as the offers name it, case ignored
    QString skuPattern;                     ///< a wildcard ("p5*", "*"), case ignored
    std::optional<PriceModel> priceModel{}; ///< none: every price model
    QDate from{};                           ///< first day it applies; invalid: since ever
    QDate to{};                             ///< last day it applies; invalid: no end
    Decimal percent;                        ///< off the list price: 22 is -22 %
    QString source;                         ///< the contract or agreement ("EDP 2026")
    QString enteredBy{};                    ///< the login that entered it
    QString enteredAt{};                    ///< ISO 8601, UTC

    /// \a listPrice with the discount taken off, exact to the nano-unit.
    Decimal apply(Decimal listPrice) const;
    /// "-22 % AWS p5* on_demand 2026-01-01..2027-12-31: EDP 2026 (entered by alice, 2026-11-29)"
    QString describe() const;
    /// An error text naming the field at fault, empty when the overlay is well formed.
    QString problem() const;
};

/// Sets each offer's price to its effective price under the overlay that matches it on \a on (the
/// one entered last where several do), keeping the list price and the overlay's description;
/// returns how many offers it discounted.
qsizetype applyDiscounts(QList<PriceRecord> &offers, const QList<Discount> &discounts, QDate on);

/// Reads overlays from a CSV file (provider,sku_pattern,price_model,from,to,percent,source); a
/// bad row, or a provider not among \a providers (those with prices), is an error naming the file,
/// its line and the field, and nothing is kept.
Result<QList<Discount>> readDiscounts(QIODevice *device, const QString &fileName, const QStringList &providers);

/// Who is entering a discount: the login ($USER, else $LOGNAME), "unknown" without one.
QString loginName();

/// Whether \a provider is one of \a providers, case ignored; an error text naming them when not.
QString unknownProvider(const QString &provider, const QStringList &providers);

} // namespace accelplan::pricing
