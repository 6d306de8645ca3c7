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

StoredOffer stored(const QString &price, QDate effective, int count = 8, const QString &confidence = {})
{
    return StoredOffer{1, u"cloud_vm"_s, u"h100-sxm"_s, count, {}, {}, price, u"USD"_s, u"hour"_s, effective, confidence};
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

TEST_CASE("Sheet diff: a price not approximate outranks an approximate one whatever the dates", "[sheetdiff]")
{
    const QDate older{2025, 6, 1}, newer{2026, 9, 27};
    using Kind = PriceChange::Kind;
    struct Case
    {
        const char *name;
        QString storedConfidence;
        QDate storedEffective;
        QString newConfidence;
        QDate newEffective;
        Kind kind;
        bool supersedes;
    };
    const QList<Case> cases = {
        {"provider file under a later approximate snapshot", u"approximate"_s, newer, u"exact"_s, older, Kind::Changed, true},
        {"provider file under a later remembered price", u"remembered"_s, newer, u"exact"_s, older, Kind::Changed, true},
        {"unmarked row under a later approximate one", u"approximate"_s, newer, QString(), older, Kind::Changed, true},
        {"later approximate snapshot over a provider price", u"exact"_s, older, u"approximate"_s, newer, Kind::Historical, false},
        {"older exact row under an exact one", u"exact"_s, newer, u"exact"_s, older, Kind::Historical, false},
        {"later exact row over an exact one", u"exact"_s, older, u"exact"_s, newer, Kind::Changed, false},
        {"older approximate row under an approximate one", u"approximate"_s, newer, u"remembered"_s, older, Kind::Historical, false},
        {"later approximate row over an approximate one", u"approximate"_s, older, u"approximate"_s, newer, Kind::Changed, false},
    };
    for (const Case &c : cases) {
        CAPTURE(c.name);
        PriceRecord r = row(u"p5"_s, u"55.04"_s, c.newEffective, 7);
        r.confidence = c.newConfidence;
        QHash<OfferKey, StoredOffer> offers;
        offers.insert(r.key, stored(u"60"_s, c.storedEffective, 8, c.storedConfidence));
        ImportSummary summary;
        diffSheet({r}, offers, &summary);
        REQUIRE(summary.changes.size() == 1);
        CHECK(summary.changes[0].kind == c.kind);
        CHECK(summary.changes[0].supersedesApproximate == c.supersedes);
        CHECK(summary.changes[0].oldConfidence == c.storedConfidence);
        CHECK(summary.supersededApproximate == (c.supersedes ? 1 : 0));
        CHECK(supersededText(summary).isEmpty() == !c.supersedes);
    }
}
