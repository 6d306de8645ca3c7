// Vendors' quotes (issue 39, part 1): `quotes add|import|list|remove`; a valid quote ranked as an
// offer with its minimum term and quantity paid for and its price against the list and the
// market; an expired one not ranked, and the plan says so.
#include "tests/cli/clirun.h"
#include "tests/qtstringmaker.h"
#include "tests/testsupport.h"

#include <catch2/catch.hpp>

#include <QJsonArray>
#include <QJsonObject>
#include <QSqlDatabase>
#include <QSqlQuery>

using namespace Qt::StringLiterals;
using namespace accelplan::test;

namespace {

QStringList addLambda(const QString &validUntil = u"2099-03-31"_s)
{
    return {u"quotes"_s,  u"add"_s,      u"--vendor"_s,      u"Lambda"_s,     u"--sku"_s,         u"gpu_8x_h100_sxm5"_s,
            u"--accelerator"_s, u"H100 SXM"_s, u"--count"_s,  u"8"_s,          u"--price"_s,       u"17.92"_s,
            u"--valid-until"_s, validUntil, u"--min-term-months"_s, u"3"_s,   u"--min-instances"_s, u"2"_s,
            u"--source"_s,      u"Q-2026-118"_s};
}

// The options of `train` JSON for a small run that one 8-chip instance holds.
QJsonArray smallRun(const Scratch &scratch, Run *run = nullptr)
{
    const Run r = scratch.run({u"train"_s, u"--model"_s, u"llama3-8b"_s, u"--tokens"_s, u"2B"_s, u"--format"_s, u"json"_s});
    if (run)
        *run = r;
    return jsonObject(r)[u"options"_s].toArray();
}

std::optional<QJsonObject> quoted(const QJsonArray &options)
{
    for (const auto &value : options)
        if (value.toObject()[u"quote"_s].isObject())
            return value.toObject();
    return std::nullopt;
}

} // namespace

TEST_CASE("quotes: a valid quote is ranked with its minimum term and quantity paid for, against list and market", "[cli][quotes]")
{
    Scratch scratch;
    const QJsonArray before = smallRun(scratch);
    CHECK_FALSE(quoted(before)); // list prices carry no quote
    REQUIRE_FALSE(before.isEmpty());
    CHECK(before[0][u"quote"_s].isNull());

    const Run added = scratch.run(addLambda());
    INFO(added.err.toStdString());
    REQUIRE(added.exitCode == 0);
    CHECK(added.out.contains(u"added Lambda gpu_8x_h100_sxm5 (8 × h100-sxm) on_demand 17.92 USD/h until 2099-03-31, "
                             "at least 3 month(s) and 2 instance(s): Q-2026-118"_s));
    CHECK(added.out.contains(u"quote 2.24 USD/chip-h"_s));

    const auto option = quoted(smallRun(scratch));
    REQUIRE(option);
    const QJsonObject q = (*option)[u"quote"_s].toObject();
    CHECK(q[u"min_term_months"_s].toInt() == 3);
    CHECK(q[u"min_instances"_s].toInt() == 2);
    CHECK(q[u"valid_until"_s].toString() == u"2099-03-31"_s);
    CHECK(q[u"price_per_chip"_s].toDouble() == Approx(2.24));
    CHECK(q[u"list_per_chip"_s].isNull()); // Lambda sells no such SKU in the shipped prices
    // The market: every other H100 SXM offer on demand, per chip-hour.
    REQUIRE(q[u"market_offers"_s].toInt() > 0);
    CHECK(q[u"market_low"_s].toDouble() <= q[u"market_high"_s].toDouble());
    CHECK(q[u"comparison"_s].toString().contains(u"across %1 offers"_s.arg(q[u"market_offers"_s].toInt())));
    // One instance does the run in hours; the quote is paid for 2 instances × 3 months of 730 h.
    CHECK((*option)[u"instances"_s].toInt() == 2);
    CHECK((*option)[u"cost"_s].toDouble() == Approx(2 * 17.92 * 3 * 730.0));
    CHECK((*option)[u"cost_basis"_s].toString().contains(u"the quote's minimum term of 3 month(s)"_s));
    bool warned = false;
    for (const auto &w : (*option)[u"warnings"_s].toArray())
        warned = warned || w.toString().contains(u"the quote sells at least 2 instance(s)"_s);
    CHECK(warned);

    // Against the vendor's own list price where the database has it: AWS p5.48xlarge at 55.04/h.
    const Run aws = scratch.run({u"quotes"_s, u"add"_s, u"--vendor"_s, u"AWS"_s, u"--sku"_s, u"p5.48xlarge"_s,
                                 u"--accelerator"_s, u"h100-sxm"_s, u"--count"_s, u"8"_s, u"--price"_s, u"40"_s,
                                 u"--valid-until"_s, u"2099-01-01"_s, u"--source"_s, u"AWS PPA draft"_s});
    REQUIRE(aws.exitCode == 0);
    const QJsonArray listed = jsonArray(scratch.run({u"quotes"_s, u"list"_s, u"--format"_s, u"json"_s}));
    REQUIRE(listed.size() == 2);
    CHECK(listed[1][u"list_per_chip"_s].toDouble() == Approx(55.04 / 8));
    CHECK(listed[1][u"comparison"_s].toString().contains(u"quote 5.00 USD/chip-h; list 6.88"_s));
    CHECK_FALSE(listed[0][u"expired"_s].toBool());

    // Removed, it is ranked no more.
    REQUIRE(scratch.run({u"quotes"_s, u"remove"_s, QString::number(listed[0][u"id"_s].toInteger())}).exitCode == 0);
    REQUIRE(scratch.run({u"quotes"_s, u"remove"_s, QString::number(listed[1][u"id"_s].toInteger())}).exitCode == 0);
    CHECK_FALSE(quoted(smallRun(scratch)));
    CHECK(scratch.run({u"quotes"_s, u"remove"_s, u"99"_s}).exitCode == 2);
}

TEST_CASE("quotes: a stored quote past its expiry stops ranking and the plan says so", "[cli][quotes]")
{
    Scratch scratch;
    REQUIRE(scratch.run(addLambda()).exitCode == 0);
    REQUIRE(quoted(smallRun(scratch)));
    {
        // Time passes: the quote's last day is behind us.
        QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"expire"_s);
        db.setDatabaseName(scratch.db);
        REQUIRE(db.open());
        QSqlQuery query(db);
        REQUIRE(query.exec(u"UPDATE quotes SET valid_until = '2026-01-31'"_s));
        db.close();
    }
    QSqlDatabase::removeDatabase(u"expire"_s);
    Run run;
    CHECK_FALSE(quoted(smallRun(scratch, &run)));
    CHECK(run.err.contains(u"note: quote 1 expired on 2026-01-31; not ranked"_s));
    const QJsonObject plan = jsonObject(scratch.run({u"plan"_s, examplePath(u"llama-70b.accelplan"_s), u"--format"_s, u"json"_s}));
    bool said = false;
    for (const auto &w : plan[u"warnings"_s].toArray())
        said = said || w.toString().contains(u"quote 1 expired on 2026-01-31; not ranked"_s);
    CHECK(said);
    const QJsonArray listed = jsonArray(scratch.run({u"quotes"_s, u"list"_s, u"--format"_s, u"json"_s}));
    REQUIRE(listed.size() == 1);
    CHECK(listed[0][u"expired"_s].toBool());
}

TEST_CASE("quotes: bad input is refused with the field, or the file, line and field, and nothing is stored", "[cli][quotes]")
{
    Scratch scratch;
    const Run expired = scratch.run(addLambda(u"2020-01-31"_s));
    CHECK(expired.exitCode == 2);
    CHECK(expired.err.contains(u"--valid-until: the quote expired on 2020-01-31"_s));
    QStringList unknownChip = addLambda();
    unknownChip.replace(unknownChip.indexOf(u"H100 SXM"_s), u"zz100"_s);
    const Run unknown = scratch.run(unknownChip);
    CHECK(unknown.exitCode == 2);
    CHECK(unknown.err.contains(u"--accelerator: unknown accelerator 'zz100'"_s));
    const Run spot = scratch.run(addLambda() << u"--price-model"_s << u"spot"_s);
    CHECK(spot.exitCode == 2);
    CHECK(spot.err.contains(u"--price-model: spot is not quoted"_s));

    const QString file = scratch.write(u"quotes.csv"_s,
                                       "vendor,kind,sku,region,accelerator,accelerator_count,price_model,price,currency,"
                                       "valid_until,min_term_months,min_instances,source\n"
                                       "Lambda,cloud_vm,gpu_8x_h100,,h100-sxm,8,on_demand,17.92,USD,2099-03-31,3,2,Q-1\n"
                                       "Colo Nord,owned,HGX B200,,b200,8,purchase,390000,EUR,2020-06-30,,,Q-2\n"
                                       "Nebius,cloud_vm,8x H200,,h200,eight,on_demand,23,USD,2099-01-01,,,Q-3\n"
                                       "Crusoe,cloud_vm,8x H100,,h100-sxm,8,on_demand,18,USD,2099-01-01,-1,,Q-4\n"
                                       "Vultr,cloud_vm,8x MI300X,,mi300x,8,on_demand,20,USD,,,,Q-5\n");
    const Run bad = scratch.run({u"quotes"_s, u"import"_s, file});
    INFO(bad.err.toStdString());
    CHECK(bad.exitCode == 2);
    CHECK(bad.err.contains(u"quotes.csv:3"_s));
    CHECK(bad.err.contains(u"the quote expired on 2020-06-30"_s));
    CHECK(bad.err.contains(u"quotes.csv:4"_s));
    CHECK(bad.err.contains(u"'eight' is not a whole number"_s));
    CHECK(bad.err.contains(u"quotes.csv:5"_s));
    CHECK(bad.err.contains(u"min_term_months: -1 is negative"_s));
    CHECK(bad.err.contains(u"quotes.csv:6"_s));
    CHECK(bad.err.contains(u"valid_until"_s));
    CHECK(jsonArray(scratch.run({u"quotes"_s, u"list"_s, u"--format"_s, u"json"_s})).isEmpty());

    // The good row alone, a dry run first.
    const QString good = scratch.write(u"good.csv"_s,
                                       "vendor,kind,sku,region,accelerator,accelerator_count,price_model,price,currency,"
                                       "valid_until,min_term_months,min_instances,source\n"
                                       "Colo Nord,owned,HGX B200,,b200,8,purchase,390000,EUR,2099-06-30,,,Q-2\n");
    const Run dry = scratch.run({u"quotes"_s, u"import"_s, good, u"--dry-run"_s});
    CHECK(dry.exitCode == 0);
    CHECK(dry.out.contains(u"would add Colo Nord HGX B200"_s));
    CHECK(jsonArray(scratch.run({u"quotes"_s, u"list"_s, u"--format"_s, u"json"_s})).isEmpty());
    REQUIRE(scratch.run({u"quotes"_s, u"import"_s, good}).exitCode == 0);
    const QJsonArray listed = jsonArray(scratch.run({u"quotes"_s, u"list"_s, u"--format"_s, u"json"_s}));
    REQUIRE(listed.size() == 1);
    CHECK(listed[0][u"price_per_chip_unit"_s].toString() == u"EUR/chip"_s);
    CHECK(listed[0][u"price_per_chip"_s].toDouble() == Approx(390000.0 / 8));
}

TEST_CASE("quotes: a serving plan shorter than a quote's minimum term pays the rest of the term", "[cli][quotes]")
{
    Scratch scratch;
    REQUIRE(scratch.run(addLambda()).exitCode == 0); // 2 instances, 3 months at least
    const QString scenario = scratch.write(u"serve.accelplan"_s, R"({
  "format": "accelplan-scenario",
  "version": 1,
  "name": "two months of serving",
  "currency": "USD",
  "inference": {"model": "llama3.1-8b", "input_tokens": 1000, "output_tokens": 200,
                "requests_per_second": 1, "months": 2}
})");
    const Run run = scratch.run({u"plan"_s, scenario, u"--format"_s, u"json"_s});
    INFO(run.err.toStdString());
    REQUIRE(run.exitCode == 0);
    bool seen = false;
    for (const auto &value : jsonObject(run)[u"inference"_s][u"options"_s].toArray()) {
        const QJsonObject o = value.toObject();
        if (!o[u"quote"_s].isObject())
            continue;
        seen = true;
        REQUIRE(o[u"runnable"_s].toBool());
        CHECK(o[u"instances"_s].toInt() >= 2);
        // Three months of the monthly cost, not the two the plan serves.
        CHECK(o[u"plan_cost"_s].toDouble() == Approx(3 * o[u"monthly_cost"_s].toDouble()));
    }
    CHECK(seen);
}
