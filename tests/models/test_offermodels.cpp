#include "core/pricing/fxtable.h"
#include "tests/models/modelsupport.h"
#include "tests/qtstringmaker.h"
#include "tests/seededdatabase.h"
#include "ui/models/offerfilterproxymodel.h"
#include "ui/models/offertablemodel.h"

#include <catch2/catch.hpp>

#include <QAbstractItemModelTester>
#include <QFont>
#include <QLocale>

using namespace Qt::StringLiterals;
using namespace accelplan;
using namespace accelplan::pricing;
using accelplan::test::rate;
using accelplan::test::record;
using accelplan::test::SeededDatabase;
using accelplan::test::shownSourceRows;
using accelplan::ui::OfferFilterProxyModel;
using accelplan::ui::OfferTableModel;

TEST_CASE("gui: OfferTableModel passes QAbstractItemModelTester with the shipped prices", "[gui][model]")
{
    SeededDatabase db;
    const auto fx = db.database->fxTable();
    REQUIRE(fx.ok());

    OfferTableModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    model.setOffers(db.prices(), fx.value(), u"USD"_s);
    REQUIRE(model.rowCount() == db.prices().size());
    REQUIRE(model.columnCount() == OfferTableModel::ColumnCount);
    model.setDisplayCurrency(u"EUR"_s);
    model.setOffers({}, fx.value(), u"USD"_s);
    CHECK(model.rowCount() == 0);

    // Every row's raw price is the stored decimal, and its tooltip carries the provenance.
    model.setOffers(db.prices(), fx.value(), u"USD"_s);
    for (int row = 0; row < model.rowCount(); ++row) {
        const PriceRecord &offer = model.offer(row);
        CHECK(model.index(row, OfferTableModel::Price).data(OfferTableModel::RawValueRole).toDouble()
              == Approx(offer.price.toDouble()));
        const QString tip = model.index(row, OfferTableModel::Sku).data(Qt::ToolTipRole).toString();
        CHECK(tip.contains(offer.sourceUrl));
        CHECK(tip.contains(QString::number(offer.sheetId)));
    }
}

TEST_CASE("gui: the prices table shows each price's age and marks one older than 180 days stale", "[gui][model]")
{
    SeededDatabase db;
    QList<PriceRecord> prices = db.prices();
    REQUIRE(prices.size() >= 2);
    prices[0].asOf = QDate::currentDate().addDays(-30);
    prices[1].asOf = QDate::currentDate().addDays(-200);
    OfferTableModel model;
    model.setOffers(prices.mid(0, 2), db.database->fxTable().value(), u"USD"_s);
    CHECK(model.headerData(OfferTableModel::Age, Qt::Horizontal).toString() == u"Age"_s);
    CHECK(model.index(0, OfferTableModel::Age).data().toString() == u"30 d"_s);
    CHECK(model.index(0, OfferTableModel::Age).data(OfferTableModel::RawValueRole).toInt() == 30);
    CHECK(model.index(1, OfferTableModel::Age).data().toString() == u"200 d, stale"_s);
    CHECK(model.index(1, OfferTableModel::Age).data(Qt::FontRole).value<QFont>().italic());
    CHECK_FALSE(model.index(0, OfferTableModel::Age).data(Qt::FontRole).isValid());
}

TEST_CASE("gui: OfferFilterProxyModel passes QAbstractItemModelTester while filtering and sorting", "[gui][model]")
{
    SeededDatabase db;
    const QList<PriceRecord> prices = db.prices();
    OfferTableModel model;
    model.setOffers(prices, db.database->fxTable().value(), u"USD"_s);
    OfferFilterProxyModel proxy;
    QAbstractItemModelTester tester(&proxy, QAbstractItemModelTester::FailureReportingMode::Fatal);
    proxy.setSourceModel(&model);
    REQUIRE(proxy.rowCount() == prices.size());

    proxy.sort(OfferTableModel::PricePerChipHour, Qt::AscendingOrder);
    proxy.setProviderFilter(prices.first().key.provider);
    CHECK(proxy.rowCount() < prices.size());
    proxy.setSearchText(u"no such offer anywhere"_s);
    CHECK(proxy.rowCount() == 0);
    proxy.setSearchText({});
    proxy.setProviderFilter({});
    CHECK(proxy.rowCount() == prices.size());
    model.setDisplayCurrency(u"EUR"_s);
    proxy.sort(OfferTableModel::Price, Qt::DescendingOrder);
    model.setOffers(prices.mid(0, 5), db.database->fxTable().value(), u"USD"_s);
    CHECK(proxy.rowCount() == 5);

    // Rows without a per-chip-hour price (monthly, purchase) stay last in both orders.
    model.setOffers(prices, db.database->fxTable().value(), u"USD"_s);
    for (Qt::SortOrder order : {Qt::AscendingOrder, Qt::DescendingOrder}) {
        proxy.sort(OfferTableModel::PricePerChipHour, order);
        bool seenMissing = false;
        for (int row = 0; row < proxy.rowCount(); ++row) {
            const bool missing = !proxy.index(row, OfferTableModel::PricePerChipHour)
                                      .data(OfferTableModel::RawValueRole).isValid();
            if (seenMissing)
                CHECK(missing);
            seenMissing = seenMissing || missing;
        }
        CHECK(seenMissing);
    }
}

TEST_CASE("gui: Sorting by price uses the raw value, not the formatted text", "[gui][model]")
{
    const QLocale previous;
    QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
    OfferTableModel model;
    model.setOffers({record(u"A"_s, u"big"_s, u"1200"_s, u"USD"_s), record(u"B"_s, u"small"_s, u"900"_s, u"USD"_s),
                     record(u"C"_s, u"tiny"_s, u"95.5"_s, u"USD"_s)},
                    FxTable(), u"USD"_s);
    // The premise: as text, "1,200.00 USD/h" sorts before "900.00 USD/h".
    const QString bigText = model.index(0, OfferTableModel::Price).data().toString();
    const QString smallText = model.index(1, OfferTableModel::Price).data().toString();
    CHECK(bigText == u"1,200.00 USD/h"_s);
    REQUIRE(bigText < smallText);

    OfferFilterProxyModel proxy;
    proxy.setSourceModel(&model);
    auto skusInOrder = [&proxy] {
        QStringList skus;
        for (int row = 0; row < proxy.rowCount(); ++row)
            skus.append(proxy.index(row, OfferTableModel::Sku).data().toString());
        return skus;
    };
    proxy.sort(OfferTableModel::Price, Qt::AscendingOrder);
    CHECK(skusInOrder() == QStringList{u"tiny"_s, u"small"_s, u"big"_s});
    proxy.sort(OfferTableModel::Price, Qt::DescendingOrder);
    CHECK(skusInOrder() == QStringList{u"big"_s, u"small"_s, u"tiny"_s});
    proxy.sort(OfferTableModel::PricePerChipHour, Qt::AscendingOrder);
    CHECK(skusInOrder() == QStringList{u"tiny"_s, u"small"_s, u"big"_s});
    CHECK(proxy.index(2, OfferTableModel::PricePerChipHour).data(OfferTableModel::RawValueRole).toDouble()
          == Approx(150.0));
    QLocale::setDefault(previous);
}

TEST_CASE("gui: An offer in a currency with no exchange rate shows 'no rate'", "[gui][model]")
{
    // EUR and USD are linked; JPY has no rate at all.
    const FxTable fx({rate(u"EUR"_s, u"USD"_s, u"1.25"_s)});
    OfferTableModel model;
    model.setOffers({record(u"Yen Cloud"_s, u"jp-8x"_s, u"4000"_s, u"JPY"_s),
                     record(u"Dollar Cloud"_s, u"us-8x"_s, u"100"_s, u"USD"_s),
                     record(u"Euro Cloud"_s, u"eu-8x"_s, u"100"_s, u"EUR"_s, 8, PriceModel::Monthly)},
                    fx, u"EUR"_s);

    const QModelIndex yen = model.index(0, OfferTableModel::PriceInDisplayCurrency);
    CHECK(yen.data().toString() == u"no rate"_s);
    CHECK_FALSE(yen.data(OfferTableModel::RawValueRole).isValid());
    CHECK_FALSE(yen.data().toString().contains(u"4"_s)); // never the unconverted number
    CHECK(model.index(0, OfferTableModel::PricePerChipHour).data().toString() == u"no rate"_s);
    CHECK(model.index(0, OfferTableModel::Price).data().toString().contains(u"JPY"_s));

    // A rate that exists converts: 100 USD at 1.25 USD per EUR is 80 EUR, 10 EUR per chip-hour.
    CHECK(model.index(1, OfferTableModel::PriceInDisplayCurrency).data(OfferTableModel::RawValueRole).toDouble()
          == Approx(80.0));
    CHECK(model.index(1, OfferTableModel::PricePerChipHour).data(OfferTableModel::RawValueRole).toDouble()
          == Approx(10.0));
    CHECK(model.index(1, OfferTableModel::PriceInDisplayCurrency).data().toString().contains(u"EUR"_s));
    // A monthly price has no per-chip-hour figure: empty, not "no rate" and not zero.
    CHECK(model.index(2, OfferTableModel::PricePerChipHour).data().toString().isEmpty());
    CHECK_FALSE(model.index(2, OfferTableModel::PricePerChipHour).data(OfferTableModel::RawValueRole).isValid());
}
