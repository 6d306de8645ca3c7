#include "core/pricing/sheetdiff.h"

#include "tests/qtstringmaker.h"

#include <catch2/catch.hpp>

using namespace accelplan;
using namespace accelplan::pricing;
using namespace Qt::StringLiterals;

namespace {

PriceRecord row(const QString &sku, const QString &price, QDate effective, int line)
{
    PriceRecord r;
    r.key = OfferKey{u"AWS"_s, sku, u"us-east-1"_s, PriceModel::OnDemand};
    r.offerKind = OfferKind::CloudVm;
    r.accelerator = u"h100-sxm"_s;
    r.acceleratorCount = 8;
    r.price = *Decimal::parse(price);
    r.currency = u"USD"_s;
    r.unit = PriceUnit::Hour;
    r.effectiveDate = effective;
    r.sheetLine = line;
    return r;
}

StoredOffer stored(const QString &price, QDate effective, int count = 8)
{
    return StoredOffer{1, u"cloud_vm"_s, u"h100-sxm"_s, count, {}, {}, price, u"USD"_s, u"hour"_s, effective};
}

} // namespace

TEST_CASE("Sheet diff: each row is added, changed, unchanged or historical against the stored offers", "[sheetdiff]")
{
    const QDate june{2026, 6, 1}, july{2026, 7, 1};
    QHash<OfferKey, StoredOffer> offers;
    offers.insert(row(u"same"_s, u"98.32"_s, july, 0).key, stored(u"98.32"_s, june));
    offers.insert(row(u"dearer"_s, u"1"_s, july, 0).key, stored(u"90"_s, june));
    offers.insert(row(u"older"_s, u"1"_s, july, 0).key, stored(u"90"_s, july));
    offers.insert(row(u"recounted"_s, u"1"_s, july, 0).key, stored(u"50.00"_s, june, 4));

    const QList<PriceRecord> sheet{row(u"new"_s, u"10"_s, july, 2), row(u"same"_s, u"98.320"_s, july, 3),
                                   row(u"dearer"_s, u"99"_s, july, 4), row(u"older"_s, u"80"_s, june, 5),
                                   row(u"recounted"_s, u"50"_s, july, 6)};
    ImportSummary summary;
    diffSheet(sheet, offers, &summary);

    REQUIRE(summary.changes.size() == 5);
    using Kind = PriceChange::Kind;
    CHECK(summary.changes[0].kind == Kind::Added);
    CHECK(summary.changes[0].oldPrice.isEmpty());
    CHECK(summary.changes[1].kind == Kind::Unchanged); // 98.320 is 98.32
    CHECK(summary.changes[2].kind == Kind::Changed);
    CHECK(summary.changes[2].oldPrice == u"90 USD/hour"_s);
    CHECK(summary.changes[2].newPrice == u"99 USD/hour"_s);
    CHECK(summary.changes[2].oldEffectiveDate == june);
    CHECK(summary.changes[3].kind == Kind::Historical);
    CHECK(summary.changes[4].kind == Kind::Changed); // same price, 8 accelerators instead of 4
    for (int i = 0; i < 5; ++i)
        CHECK(summary.changes[i].line == i + 2);
    CHECK(summary.added == 1);
    CHECK(summary.unchanged == 1);
    CHECK(summary.changed == 2);
    CHECK(summary.historical == 1);
}
