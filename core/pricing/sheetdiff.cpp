#include "core/pricing/sheetdiff.h"

#include "core/common/decimal.h"

using namespace Qt::StringLiterals;

namespace accelplan::pricing {

namespace {

QString priceText(const QString &price, const QString &currency, const QString &unit)
{
    return price + u' ' + currency + u'/' + unit;
}

} // namespace

void diffSheet(const QList<PriceRecord> &records, const QHash<OfferKey, StoredOffer> &stored, ImportSummary *summary)
{
    summary->changes.reserve(records.size());
    for (const PriceRecord &r : records) {
        PriceChange change;
        change.key = r.key;
        change.line = r.sheetLine;
        change.newPrice = priceText(r.price.toString(), r.currency, toString(r.unit));
        const auto it = stored.constFind(r.key);
        if (it == stored.cend()) {
            change.kind = PriceChange::Kind::Added;
            ++summary->added;
        } else {
            change.oldPrice = priceText(it->price, it->currency, it->unit);
            change.oldEffectiveDate = it->effectiveDate;
            const bool samePrice = Decimal::parse(it->price) == r.price && it->currency == r.currency
                                   && it->unit == toString(r.unit);
            const bool sameOffer = it->offerKind == toString(r.offerKind) && it->accelerator == r.accelerator
                                   && it->acceleratorCount == r.acceleratorCount;
            if (r.effectiveDate < it->effectiveDate) {
                change.kind = PriceChange::Kind::Historical;
                ++summary->historical;
            } else if (samePrice && sameOffer) {
                change.kind = PriceChange::Kind::Unchanged;
                ++summary->unchanged;
            } else {
                change.kind = PriceChange::Kind::Changed;
                ++summary->changed;
            }
        }
        summary->changes.append(change);
    }
}

} // namespace accelplan::pricing
