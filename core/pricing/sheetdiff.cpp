#include "core/pricing/sheetdiff.h"

#include "core/common/decimal.h"
#include "core/common/tr.h"

#include <algorithm>
#include <cmath>

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
        change.newConfidence = r.confidence;
        const auto it = stored.constFind(r.key);
        if (it == stored.cend()) {
            change.kind = PriceChange::Kind::Added;
            ++summary->added;
        } else {
            change.oldPrice = priceText(it->price, it->currency, it->unit);
            change.oldEffectiveDate = it->effectiveDate;
            change.oldConfidence = it->confidence;
            const bool newApproximate = isApproximate(r.confidence);
            const bool storedApproximate = isApproximate(it->confidence);
            change.supersedesApproximate = !newApproximate && storedApproximate;
            const bool outranked = newApproximate == storedApproximate ? r.effectiveDate < it->effectiveDate
                                                                        : newApproximate;
            const std::optional<Decimal> storedPrice = Decimal::parse(it->price);
            const bool sameUnit = it->currency == r.currency && it->unit == toString(r.unit);
            const bool samePrice = storedPrice == r.price && sameUnit;
            const bool sameOffer = it->offerKind == toString(r.offerKind) && it->accelerator == r.accelerator
                                   && it->acceleratorCount == r.acceleratorCount;
            if (change.supersedesApproximate)
                ++summary->supersededApproximate;
            if (outranked) {
                change.kind = PriceChange::Kind::Historical;
                ++summary->historical;
            } else if (samePrice && sameOffer) {
                change.kind = PriceChange::Kind::Unchanged;
                ++summary->unchanged;
            } else {
                change.kind = PriceChange::Kind::Changed;
                ++summary->changed;
                if (sameUnit && storedPrice && storedPrice->toDouble() > 0)
                    change.move = r.price.toDouble() / storedPrice->toDouble() - 1.0;
            }
        }
        summary->changes.append(change);
    }
}

QString supersededText(const ImportSummary &summary)
{
    if (summary.supersededApproximate == 0)
        return {};
    return Tr::tr("supersedes %n approximate third-party row(s)", nullptr, summary.supersededApproximate);
}

QList<PriceChange> biggestMoves(const ImportSummary &summary, int count)
{
    QList<PriceChange> moved;
    for (const PriceChange &c : summary.changes)
        if (c.kind == PriceChange::Kind::Changed && c.move)
            moved.append(c);
    std::stable_sort(moved.begin(), moved.end(),
                     [](const PriceChange &a, const PriceChange &b) { return std::abs(*a.move) > std::abs(*b.move); });
    return moved.mid(0, count);
}

} // namespace accelplan::pricing
