// The team's negotiated discounts (issue 39, part 1): `discounts add|import|list|remove`, and every
// option priced at the effective price with its list price and the overlay named.
#include "tests/cli/clirun.h"
#include "tests/qtstringmaker.h"

#include <catch2/catch.hpp>

#include <QJsonArray>
#include <QJsonObject>

using namespace Qt::StringLiterals;
using namespace accelplan::test;

namespace {

// The AWS p5.48xlarge options of us-east-1 in `train` JSON, by price model.
QHash<QString, QJsonObject> p5Options(const Scratch &scratch)
{
    const Run run = scratch.run({u"train"_s, u"--model"_s, u"llama3-70b"_s, u"--tokens"_s, u"2T"_s, u"--deadline-days"_s,
                                 u"60"_s, u"--provider"_s, u"AWS"_s, u"--format"_s, u"json"_s});
    QHash<QString, QJsonObject> options;
    for (const auto &value : jsonObject(run)[u"options"_s].toArray()) {
        const QJsonObject o = value.toObject();
        if (o[u"sku"_s].toString() == u"p5.48xlarge"_s && o[u"region"_s].toString() == u"us-east-1"_s)
            options.insert(o[u"price_model"_s].toString(), o);
    }
    return options;
}

QStringList addEdp(const QString &percent = u"22"_s, const QString &to = u"2099-12-31"_s)
{
    return {u"discounts"_s, u"add"_s, u"--provider"_s, u"AWS"_s, u"--sku"_s, u"p5*"_s, u"--price-model"_s,
            u"on_demand"_s, u"--from"_s, u"2026-01-01"_s, u"--to"_s, to, u"--percent"_s, percent, u"--source"_s,
            u"EDP 2026"_s};
}

} // namespace

TEST_CASE("discounts: an overlay prices the offers it covers at the effective price, naming list price and source", "[cli][discounts]")
{
    Scratch scratch;
    const auto before = p5Options(scratch);
    REQUIRE(before.contains(u"on_demand"_s));
    REQUIRE(before.contains(u"spot"_s));
    // Without overlays the list price is what is paid.
    CHECK(before[u"on_demand"_s][u"list_price"_s].toDouble() == before[u"on_demand"_s][u"effective_price"_s].toDouble());
    CHECK(before[u"on_demand"_s][u"discount_source"_s].isNull());

    const Run added = scratch.run(addEdp());
    INFO(added.err.toStdString());
    REQUIRE(added.exitCode == 0);
    CHECK(added.out.contains(u"-22 % AWS p5* on_demand 2026-01-01..2099-12-31: EDP 2026"_s));
    const auto after = p5Options(scratch);
    const QJsonObject onDemand = after[u"on_demand"_s];
    CHECK(onDemand[u"list_price"_s].toDouble() == 55.04);
    CHECK(onDemand[u"effective_price"_s].toDouble() == Approx(42.9312)); // 55.04 × 0.78, exact
    CHECK(onDemand[u"price"_s].toDouble() == Approx(42.9312));
    CHECK(onDemand[u"discount_source"_s].toString().contains(u"EDP 2026"_s));
    CHECK(onDemand[u"cost_basis"_s].toString().contains(u"42.9312 USD/h (list 55.04, the team's discount)"_s));
    // The cost follows the price; another price model is not covered.
    CHECK(onDemand[u"cost"_s].toDouble() == Approx(before[u"on_demand"_s][u"cost"_s].toDouble() * 0.78).epsilon(1e-6));
    CHECK(after[u"spot"_s][u"effective_price"_s].toDouble() == before[u"spot"_s][u"effective_price"_s].toDouble());
    CHECK(after[u"spot"_s][u"discount_source"_s].isNull());

    // Listed with who entered it and how many offers it covers today.
    const QJsonArray listed = jsonArray(scratch.run({u"discounts"_s, u"list"_s, u"--format"_s, u"json"_s}));
    REQUIRE(listed.size() == 1);
    CHECK(listed[0][u"provider"_s].toString() == u"AWS"_s);
    CHECK(listed[0][u"percent"_s].toDouble() == 22);
    CHECK(listed[0][u"offers_today"_s].toInt() > 0);
    CHECK_FALSE(listed[0][u"entered_at"_s].toString().isEmpty());

    // A later overlay on the same offers wins; removing it brings the first back, then the list price.
    REQUIRE(scratch.run(addEdp(u"30"_s)).exitCode == 0);
    CHECK(p5Options(scratch)[u"on_demand"_s][u"effective_price"_s].toDouble() == Approx(38.528));
    const QJsonArray two = jsonArray(scratch.run({u"discounts"_s, u"list"_s, u"--format"_s, u"json"_s}));
    REQUIRE(two.size() == 2);
    REQUIRE(scratch.run({u"discounts"_s, u"remove"_s, QString::number(two[1][u"id"_s].toInteger())}).exitCode == 0);
    CHECK(p5Options(scratch)[u"on_demand"_s][u"effective_price"_s].toDouble() == Approx(42.9312));
    REQUIRE(scratch.run({u"discounts"_s, u"remove"_s, QString::number(two[0][u"id"_s].toInteger())}).exitCode == 0);
    CHECK(p5Options(scratch)[u"on_demand"_s][u"effective_price"_s].toDouble() == 55.04);
    CHECK(scratch.run({u"discounts"_s, u"remove"_s, u"99"_s}).exitCode == 2);
}

TEST_CASE("discounts: an overlay outside its dates leaves the list price", "[cli][discounts]")
{
    Scratch scratch;
    const Run backwards = scratch.run(addEdp(u"22"_s, u"2020-12-31"_s));
    CHECK(backwards.exitCode == 1);
    CHECK(backwards.err.contains(u"--to: 2020-12-31 is before from, 2026-01-01"_s));
    QStringList ended = addEdp();
    ended.replace(ended.indexOf(u"2026-01-01"_s), u"2019-01-01"_s);
    ended.replace(ended.indexOf(u"2099-12-31"_s), u"2020-12-31"_s);
    const Run run = scratch.run(ended);
    REQUIRE(run.exitCode == 0);
    CHECK(run.out.contains(u"0 current offer(s) priced under it today"_s));
    CHECK(p5Options(scratch)[u"on_demand"_s][u"effective_price"_s].toDouble() == 55.04);
}

TEST_CASE("discounts: bad input is refused with the field, or the file, line and field, and nothing is stored", "[cli][discounts]")
{
    Scratch scratch;
    const Run unknown = scratch.run({u"discounts"_s, u"add"_s, u"--provider"_s, u"Nope"_s, u"--percent"_s, u"10"_s,
                                     u"--source"_s, u"x"_s});
    CHECK(unknown.exitCode == 2);
    CHECK(unknown.err.contains(u"--provider: 'Nope' has no prices here"_s));
    const Run percent = scratch.run({u"discounts"_s, u"add"_s, u"--provider"_s, u"AWS"_s, u"--percent"_s, u"120"_s,
                                     u"--source"_s, u"x"_s});
    CHECK(percent.exitCode == 1);
    CHECK(percent.err.contains(u"--percent: 120 is not between 0 and 100"_s));
    const Run noSource = scratch.run({u"discounts"_s, u"add"_s, u"--provider"_s, u"AWS"_s, u"--percent"_s, u"10"_s});
    CHECK(noSource.exitCode == 1);
    CHECK(noSource.err.contains(u"--source: empty"_s));

    const QString file = scratch.write(u"book.csv"_s,
                                       "provider,sku_pattern,price_model,from,to,percent,source\n"
                                       "AWS,p5*,on_demand,2026-01-01,2027-12-31,22,EDP 2026\n"
                                       "Nope,*,,,,10,reseller\n"
                                       "Azure,*ND*,commit_9y,,,15,MACC\n"
                                       "Lambda,*,,2027-01-01,2026-01-01,5,quote\n");
    const Run bad = scratch.run({u"discounts"_s, u"import"_s, file});
    INFO(bad.err.toStdString());
    CHECK(bad.exitCode == 2);
    CHECK(bad.err.contains(u"book.csv:3"_s));
    CHECK(bad.err.contains(u"provider"_s));
    CHECK(bad.err.contains(u"book.csv:4"_s));
    CHECK(bad.err.contains(u"'commit_9y' is not a price model"_s));
    CHECK(bad.err.contains(u"book.csv:5"_s));
    CHECK(bad.err.contains(u"is before from"_s));
    CHECK(jsonArray(scratch.run({u"discounts"_s, u"list"_s, u"--format"_s, u"json"_s})).isEmpty());

    // The good rows alone are stored together.
    const QString good = scratch.write(u"good.csv"_s,
                                       "provider,sku_pattern,price_model,from,to,percent,source\n"
                                       "AWS,p5*,on_demand,2026-01-01,2099-12-31,22,EDP 2026\n"
                                       "Azure,*,,,,15,MACC\n");
    const Run dry = scratch.run({u"discounts"_s, u"import"_s, good, u"--dry-run"_s});
    CHECK(dry.exitCode == 0);
    CHECK(dry.out.contains(u"would add"_s));
    CHECK(jsonArray(scratch.run({u"discounts"_s, u"list"_s, u"--format"_s, u"json"_s})).isEmpty());
    REQUIRE(scratch.run({u"discounts"_s, u"import"_s, good}).exitCode == 0);
    CHECK(jsonArray(scratch.run({u"discounts"_s, u"list"_s, u"--format"_s, u"json"_s})).size() == 2);
    CHECK(p5Options(scratch)[u"on_demand"_s][u"effective_price"_s].toDouble() == Approx(42.9312));
}
