#pragma once
// What the plan tests share: the shipped planning catalog and prices, and a made-up offer.

#include "core/catalog/planningcatalog.h"
#include "core/common/decimal.h"
#include "core/pricing/fxtable.h"
#include "core/pricing/pricedatabase.h"
#include "tests/testsupport.h"

#include <catch2/catch.hpp>

#include <QTemporaryDir>

namespace accelplan::test {

inline const catalog::PlanningCatalog &planningCatalog()
{
    static const catalog::PlanningCatalog catalog = [] {
        auto loaded = catalog::PlanningCatalog::loadShipped();
        REQUIRE(loaded.ok());
        return std::move(loaded).value();
    }();
    return catalog;
}

struct Prices
{
    QList<pricing::PriceRecord> offers;
    pricing::FxTable fx;
    QDate asOf;
};

/// The shipped prices, from a database seeded once in a scratch directory.
inline const Prices &shippedPrices()
{
    static const Prices prices = [] {
        static QTemporaryDir dir;
        auto db = pricing::PriceDatabase::open(dir.filePath(QStringLiteral("prices.sqlite")), shippedCatalog());
        REQUIRE(db.ok());
        auto offers = (*db)->prices();
        auto fx = (*db)->fxTable();
        REQUIRE(offers.ok());
        REQUIRE(fx.ok());
        return Prices{*offers, *fx, (*db)->pricesAsOf()};
    }();
    return prices;
}

/// An offer of \a count accelerators at \a price (USD, exact), sold as "ACCELERATOR-sku" in region-1.
inline pricing::PriceRecord madeUpOffer(const QString &provider, const QString &accelerator, pricing::PriceModel model,
                                        double price, int count = 8)
{
    pricing::PriceRecord o;
    o.key = {provider, accelerator + QStringLiteral("-sku"), QStringLiteral("region-1"), model};
    o.accelerator = accelerator;
    o.acceleratorCount = count;
    o.price = *Decimal::parse(QString::number(price, 'f', 4));
    o.currency = QStringLiteral("USD");
    o.confidence = QStringLiteral("exact");
    return o;
}

} // namespace accelplan::test
