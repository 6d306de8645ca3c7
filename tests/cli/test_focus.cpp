// `plan --format focus` (issue 40): the plan's budget as a FOCUS forecast, checked against the
// specification's column rules (required columns, types, allowed values, period bounds) and
// against the plan's own budget.
#include "tests/cli/clirun.h"
#include "tests/qtstringmaker.h"
#include "tests/testsupport.h"

#include "core/common/csvtable.h"
#include "core/planning/plan/focus.h"

#include <catch2/catch.hpp>

#include <QBuffer>
#include <QDateTime>
#include <QFile>
#include <QJsonDocument>
#include <QRegularExpression>

using namespace Qt::StringLiterals;
using namespace accelplan;
using namespace accelplan::test;

namespace {

using Row = QHash<QString, QString>;

QList<Row> readForecast(const QString &path)
{
    QFile file(path);
    REQUIRE(file.open(QIODevice::ReadOnly));
    QList<Row> rows;
    // The CSV reader compares column names in lower case.
    QStringList lower;
    for (const QString &column : planning::focusColumns())
        lower.append(column.toLower());
    const Diagnostics problems = readCsvTable(&file, path, lower, [&](const CsvRecord &r) {
        Row row;
        for (const QString &column : planning::focusColumns())
            row.insert(column, r.text(column.toLower()));
        rows.append(row);
    });
    for (const Diagnostic &d : problems)
        UNSCOPED_INFO(d.toString().toStdString());
    REQUIRE_FALSE(hasErrors(problems));
    return rows;
}

// FOCUS 1.2's rules for the columns, row by row: what must be there, its type and allowed values.
void checkFocusRules(const QList<Row> &rows)
{
    const QStringList required{u"BilledCost"_s, u"BillingAccountId"_s, u"BillingCurrency"_s, u"BillingPeriodEnd"_s,
                               u"BillingPeriodStart"_s, u"ChargeCategory"_s, u"ChargePeriodEnd"_s,
                               u"ChargePeriodStart"_s, u"ContractedCost"_s, u"EffectiveCost"_s,
                               u"InvoiceIssuerName"_s, u"ListCost"_s, u"ProviderName"_s, u"PublisherName"_s,
                               u"ServiceCategory"_s, u"ServiceName"_s};
    const QStringList serviceCategories{u"AI and Machine Learning"_s, u"Analytics"_s, u"Business Applications"_s,
                                        u"Compute"_s, u"Databases"_s, u"Developer Tools"_s, u"Multicloud"_s,
                                        u"Identity"_s, u"Integration"_s, u"Internet of Things"_s, u"Management and Governance"_s,
                                        u"Media"_s, u"Migration"_s, u"Mobile"_s, u"Networking"_s, u"Security"_s,
                                        u"Storage"_s, u"Web"_s, u"Other"_s};
    static const QRegularExpression utc(uR"(^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$)"_s);
    static const QRegularExpression currency(u"^[A-Z]{3}$"_s);
    QSet<QString> keys;
    for (const Row &row : rows) {
        INFO(row.value(u"ChargeDescription"_s).toStdString());
        for (const QString &column : required)
            CHECK_FALSE(row.value(column).isEmpty());
        for (const QString &column : {u"BilledCost"_s, u"EffectiveCost"_s, u"ListCost"_s, u"ContractedCost"_s}) {
            bool ok = false;
            CHECK(row.value(column).toDouble(&ok) >= 0);
            CHECK(ok);
        }
        for (const QString &column : {u"ContractedUnitPrice"_s, u"ListUnitPrice"_s, u"PricingQuantity"_s, u"ConsumedQuantity"_s}) {
            bool ok = row.value(column).isEmpty(); // nullable
            if (!ok)
                row.value(column).toDouble(&ok);
            CHECK(ok);
        }
        CHECK(currency.match(row.value(u"BillingCurrency"_s)).hasMatch());
        for (const QString &column : {u"BillingPeriodStart"_s, u"BillingPeriodEnd"_s, u"ChargePeriodStart"_s, u"ChargePeriodEnd"_s})
            CHECK(utc.match(row.value(column)).hasMatch());
        const QDateTime start = QDateTime::fromString(row.value(u"ChargePeriodStart"_s), Qt::ISODate);
        const QDateTime end = QDateTime::fromString(row.value(u"ChargePeriodEnd"_s), Qt::ISODate);
        CHECK(start < end); // the end is exclusive
        CHECK(start.date().day() == 1);
        CHECK(start.date().addMonths(1) == end.date());
        CHECK(row.value(u"BillingPeriodStart"_s) == row.value(u"ChargePeriodStart"_s));
        CHECK(planning::focusChargeCategories().contains(row.value(u"ChargeCategory"_s)));
        CHECK(row.value(u"ChargeClass"_s).isEmpty()); // "Correction" only for corrections
        CHECK(planning::focusChargeFrequencies().contains(row.value(u"ChargeFrequency"_s)));
        CHECK(planning::focusPricingCategories().contains(row.value(u"PricingCategory"_s)));
        CHECK(QStringList{QString(), u"Spend"_s, u"Usage"_s}.contains(row.value(u"CommitmentDiscountCategory"_s)));
        CHECK(QStringList{QString(), u"Used"_s, u"Unused"_s}.contains(row.value(u"CommitmentDiscountStatus"_s)));
        // A commitment's columns come together: an id, a category and a status, or none.
        CHECK(row.value(u"CommitmentDiscountId"_s).isEmpty() == row.value(u"CommitmentDiscountStatus"_s).isEmpty());
        CHECK(serviceCategories.contains(row.value(u"ServiceCategory"_s)));
        CHECK(row.value(u"PricingQuantity"_s).isEmpty() == row.value(u"PricingUnit"_s).isEmpty());
        QJsonParseError error;
        CHECK(QJsonDocument::fromJson(row.value(u"Tags"_s).toUtf8(), &error).isObject());
        // One row per provider, SKU, region, price model and month.
        const QString key = row.value(u"ProviderName"_s) + u'|' + row.value(u"SkuPriceId"_s) + u'|'
                            + row.value(u"ChargePeriodStart"_s);
        CHECK_FALSE(keys.contains(key));
        keys.insert(key);
    }
}

double sum(const QList<Row> &rows, const QString &column)
{
    double total = 0;
    for (const Row &row : rows)
        total += row.value(column).toDouble();
    return total;
}

QString scenarioWith(const Scratch &scratch, const QString &name, const QString &priceModel)
{
    QFile example(examplePath(u"llama-70b.accelplan"_s));
    REQUIRE(example.open(QIODevice::ReadOnly));
    QJsonObject root = QJsonDocument::fromJson(example.readAll()).object();
    QJsonObject constraints = root[u"constraints"_s].toObject();
    constraints[u"price_models"_s] = QJsonArray{priceModel};
    root[u"constraints"_s] = constraints;
    return scratch.write(name, QJsonDocument(root).toJson());
}

} // namespace

TEST_CASE("focus: plan --format focus writes the budget as a FOCUS forecast that keeps the specification's rules", "[cli][focus]")
{
    Scratch scratch;
    const QString path = scratch.dir.filePath(u"forecast.csv"_s);
    const Run run = scratch.run({u"plan"_s, examplePath(u"llama-70b.accelplan"_s), u"--format"_s, u"focus"_s, u"-o"_s,
                                 path, u"--start"_s, u"2027-01"_s});
    INFO(run.err.toStdString());
    REQUIRE(run.exitCode == 0);
    const QList<Row> rows = readForecast(path);
    REQUIRE(rows.size() >= 12); // twelve months of serving at least
    checkFocusRules(rows);
    CHECK(rows.first().value(u"ChargePeriodStart"_s) == u"2027-01-01T00:00:00Z"_s);
    // The same money as the plan's budget, month for month in all.
    const QJsonObject budget = jsonObject(scratch.run({u"plan"_s, examplePath(u"llama-70b.accelplan"_s), u"--format"_s,
                                                       u"json"_s}))[u"budget"_s].toObject();
    CHECK(sum(rows, u"EffectiveCost"_s) == Approx(budget[u"total"_s].toDouble()).epsilon(1e-6));
    CHECK(sum(rows, u"BilledCost"_s) == Approx(budget[u"cash_total"_s].toDouble()).epsilon(1e-6));
    // Without -o the forecast goes to stdout; -o without --format focus is a usage error.
    const Run out = scratch.run({u"plan"_s, examplePath(u"llama-70b.accelplan"_s), u"--format"_s, u"focus"_s});
    CHECK(out.exitCode == 0);
    CHECK(out.out.startsWith(u"BilledCost,BillingAccountId,"_s));
    CHECK(scratch.run({u"plan"_s, examplePath(u"llama-70b.accelplan"_s), u"-o"_s, path}).exitCode == 1);
    CHECK(scratch.run({u"plan"_s, examplePath(u"llama-70b.accelplan"_s), u"--format"_s, u"focus"_s, u"--start"_s,
                       u"2027-13"_s})
              .exitCode == 1);
}

TEST_CASE("focus: a commitment, a purchase and the team's discount fill their FOCUS columns", "[cli][focus]")
{
    Scratch scratch;
    const QString path = scratch.dir.filePath(u"forecast.csv"_s);
    SECTION("a 1-year commitment is Committed, Recurring and names its commitment")
    {
        REQUIRE(scratch.run({u"plan"_s, scenarioWith(scratch, u"commit.accelplan"_s, u"commit_1y"_s), u"--format"_s,
                             u"focus"_s, u"-o"_s, path})
                    .exitCode == 0);
        const QList<Row> rows = readForecast(path);
        REQUIRE_FALSE(rows.isEmpty());
        checkFocusRules(rows);
        for (const Row &row : rows) {
            CHECK(row.value(u"PricingCategory"_s) == u"Committed"_s);
            CHECK(row.value(u"ChargeFrequency"_s) == u"Recurring"_s);
            CHECK(row.value(u"CommitmentDiscountStatus"_s) == u"Used"_s);
            CHECK(row.value(u"CommitmentDiscountCategory"_s) == u"Usage"_s);
            CHECK(row.value(u"CommitmentDiscountId"_s).startsWith(u"accelplan/"_s));
        }
    }
    SECTION("owned hardware is a one-time Purchase when bought, billed in full that month")
    {
        REQUIRE(scratch.run({u"plan"_s, scenarioWith(scratch, u"buy.accelplan"_s, u"purchase"_s), u"--format"_s,
                             u"focus"_s, u"-o"_s, path})
                    .exitCode == 0);
        const QList<Row> rows = readForecast(path);
        REQUIRE_FALSE(rows.isEmpty());
        checkFocusRules(rows);
        const Row &first = rows.first();
        CHECK(first.value(u"ChargeCategory"_s) == u"Purchase"_s);
        CHECK(first.value(u"ChargeFrequency"_s) == u"One-Time"_s);
        CHECK(first.value(u"BilledCost"_s).toDouble() > first.value(u"EffectiveCost"_s).toDouble());
        CHECK(rows.last().value(u"ChargeCategory"_s) == u"Usage"_s);
    }
    SECTION("under the team's discount ListCost is at list prices, ContractedCost at the team's")
    {
        const QString scenario = scenarioWith(scratch, u"ondemand.accelplan"_s, u"on_demand"_s);
        REQUIRE(scratch.run({u"plan"_s, scenario, u"--format"_s, u"focus"_s, u"-o"_s, path}).exitCode == 0);
        const Row before = readForecast(path).first();
        REQUIRE(scratch.run({u"discounts"_s, u"add"_s, u"--provider"_s, before.value(u"ProviderName"_s), u"--sku"_s,
                             before.value(u"SkuId"_s), u"--percent"_s, u"20"_s, u"--source"_s, u"EDP"_s})
                    .exitCode == 0);
        REQUIRE(scratch.run({u"plan"_s, scenario, u"--format"_s, u"focus"_s, u"-o"_s, path}).exitCode == 0);
        const QList<Row> rows = readForecast(path);
        checkFocusRules(rows);
        bool seen = false;
        for (const Row &row : rows) {
            if (row.value(u"SkuId"_s) != before.value(u"SkuId"_s))
                continue;
            seen = true;
            CHECK(row.value(u"ListCost"_s).toDouble() == Approx(row.value(u"ContractedCost"_s).toDouble() / 0.8));
            CHECK(row.value(u"ContractedUnitPrice"_s).toDouble() == Approx(row.value(u"ListUnitPrice"_s).toDouble() * 0.8));
        }
        CHECK(seen);
    }
}
