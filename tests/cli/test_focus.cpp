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
#include <QProcess>
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

// The forecast's accelerator rows: what a bill's import keeps and the comparison sets against it.
QList<Row> acceleratorRows(const QList<Row> &rows)
{
    QList<Row> kept;
    for (const Row &row : rows)
        if (row.value(u"ServiceCategory"_s) == u"Compute"_s)
            kept.append(row);
    return kept;
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
        int allIn = 0;
        for (const Row &row : rows) {
            if (row.value(u"ServiceCategory"_s) != u"Compute"_s) {
                // The storage of the dataset and checkpoints is paid as used, under no commitment.
                ++allIn;
                CHECK(row.value(u"ServiceCategory"_s) == u"Storage"_s);
                CHECK(row.value(u"SkuId"_s) == u"accelplan/storage"_s);
                CHECK(row.value(u"PricingCategory"_s) == u"Standard"_s);
                CHECK(row.value(u"CommitmentDiscountId"_s).isEmpty());
                continue;
            }
            CHECK(row.value(u"PricingCategory"_s) == u"Committed"_s);
            CHECK(row.value(u"ChargeFrequency"_s) == u"Recurring"_s);
            CHECK(row.value(u"CommitmentDiscountStatus"_s) == u"Used"_s);
            CHECK(row.value(u"CommitmentDiscountCategory"_s) == u"Usage"_s);
            CHECK(row.value(u"CommitmentDiscountId"_s).startsWith(u"accelplan/"_s));
        }
        CHECK(allIn > 0);
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

namespace {

// The forecast written back as a bill: each row's cost and quantity scaled, as a FOCUS export has them.
QString billFrom(const Scratch &scratch, const QString &forecast, const QString &name, double costFactor,
                 double quantityFactor, const QByteArray &extra = {})
{
    QFile file(forecast);
    REQUIRE(file.open(QIODevice::ReadOnly));
    QList<QByteArray> lines = file.readAll().split('\n');
    const QList<QByteArray> header = lines.first().split(',');
    const int billed = int(header.indexOf("BilledCost")), effective = int(header.indexOf("EffectiveCost"));
    const int quantity = int(header.indexOf("PricingQuantity"));
    REQUIRE(billed >= 0);
    QByteArray out = lines.first() + '\n';
    for (qsizetype i = 1; i < lines.size(); ++i) {
        if (lines[i].isEmpty())
            continue;
        // The forecast's quoted fields hold no commas before PricingQuantity's column except the
        // description, ChargeDescription, and Tags: split on commas outside quotes.
        QList<QByteArray> fields;
        QByteArray field;
        bool quoted = false;
        for (char c : lines[i]) {
            if (c == '"')
                quoted = !quoted;
            if (c == ',' && !quoted) {
                fields.append(field);
                field.clear();
            } else {
                field += c;
            }
        }
        fields.append(field);
        fields[billed] = QByteArray::number(fields[billed].toDouble() * costFactor, 'f', 6);
        fields[effective] = QByteArray::number(fields[effective].toDouble() * costFactor, 'f', 6);
        if (!fields[quantity].isEmpty())
            fields[quantity] = QByteArray::number(fields[quantity].toDouble() * quantityFactor, 'f', 6);
        out += fields.join(',') + '\n';
    }
    return scratch.write(name, out + extra);
}

QJsonArray compare(const Scratch &scratch, const QString &scenario, const QStringList &extra = {})
{
    return jsonArray(scratch.run(QStringList{u"actuals"_s, u"compare"_s, scenario, u"--start"_s, u"2027-01"_s,
                                             u"--format"_s, u"json"_s}
                                 + extra));
}

double total(const QJsonArray &lines, const QString &field)
{
    double sum = 0;
    for (const auto &l : lines)
        sum += l[field].toDouble();
    return sum;
}

} // namespace

TEST_CASE("actuals: a bill's FOCUS export against the plan splits the difference into price, volume and throughput", "[cli][actuals]")
{
    Scratch scratch;
    const QString scenario = examplePath(u"llama-70b.accelplan"_s);
    const QString forecast = scratch.dir.filePath(u"forecast.csv"_s);
    REQUIRE(scratch.run({u"plan"_s, scenario, u"--format"_s, u"focus"_s, u"-o"_s, forecast, u"--start"_s, u"2027-01"_s})
                .exitCode == 0);
    const QList<Row> planned = acceleratorRows(readForecast(forecast));
    const double plannedTotal = sum(planned, u"EffectiveCost"_s);

    SECTION("the bill the plan forecast: no variance")
    {
        const Run imported = scratch.run({u"actuals"_s, u"import"_s, billFrom(scratch, forecast, u"same.csv"_s, 1, 1)});
        INFO(imported.err.toStdString());
        REQUIRE(imported.exitCode == 0);
        const QJsonArray lines = compare(scratch, scenario);
        REQUIRE(lines.size() == planned.size());
        CHECK(total(lines, u"variance"_s) == Approx(0).margin(0.01));
        CHECK(total(lines, u"price"_s) == Approx(0).margin(0.01));
        CHECK(total(lines, u"volume"_s) == Approx(0).margin(0.01));
    }
    SECTION("prices 10 % above the plan, the hours as planned: all price")
    {
        REQUIRE(scratch.run({u"actuals"_s, u"import"_s, billFrom(scratch, forecast, u"price.csv"_s, 1.1, 1)}).exitCode == 0);
        const QJsonArray lines = compare(scratch, scenario);
        CHECK(total(lines, u"variance"_s) == Approx(0.1 * plannedTotal).epsilon(1e-6));
        CHECK(total(lines, u"price"_s) == Approx(0.1 * plannedTotal).epsilon(1e-6));
        CHECK(total(lines, u"volume"_s) == Approx(0).margin(0.01));
    }
    SECTION("20 % more hours at the planned rate: all volume")
    {
        REQUIRE(scratch.run({u"actuals"_s, u"import"_s, billFrom(scratch, forecast, u"volume.csv"_s, 1.2, 1.2)}).exitCode == 0);
        const QJsonArray lines = compare(scratch, scenario);
        CHECK(total(lines, u"volume"_s) == Approx(0.2 * plannedTotal).epsilon(1e-6));
        CHECK(total(lines, u"price"_s) == Approx(0).margin(0.01));
        for (const auto &l : lines)
            CHECK(l[u"throughput"_s].isNull()); // no work done given
    }
    SECTION("20 % more hours for the work planned: all throughput")
    {
        REQUIRE(scratch.run({u"actuals"_s, u"import"_s, billFrom(scratch, forecast, u"slow.csv"_s, 1.2, 1.2)}).exitCode == 0);
        // The work the plan planned each month: training tokens in proportion to its hours, the
        // requests of the load every hour.
        double trainingHours = 0;
        for (const Row &row : planned)
            if (row.value(u"x_Workload"_s) == u"training"_s)
                trainingHours += row.value(u"PricingQuantity"_s).toDouble();
        QByteArray work = "month,tokens_trained,requests_served\n";
        QSet<QString> months;
        for (const Row &row : planned)
            months.insert(row.value(u"ChargePeriodStart"_s).left(7));
        for (const QString &month : months) {
            double tokens = 0;
            double servedHours = 0;
            int instances = 1;
            for (const Row &row : planned) {
                if (!row.value(u"ChargePeriodStart"_s).startsWith(month))
                    continue;
                if (row.value(u"x_Workload"_s) == u"training"_s)
                    tokens += 2e12 * row.value(u"PricingQuantity"_s).toDouble() / trainingHours;
                else {
                    servedHours += row.value(u"PricingQuantity"_s).toDouble();
                    instances = row.value(u"x_Instances"_s).toInt();
                }
            }
            work += month.toUtf8() + ',' + QByteArray::number(tokens, 'f', 0) + ','
                    + QByteArray::number(20.0 * 3600 * servedHours / instances, 'f', 3) + '\n';
        }
        const QJsonArray lines = compare(scratch, scenario, {u"--work"_s, scratch.write(u"work.csv"_s, work)});
        INFO(QJsonDocument(lines).toJson().toStdString());
        CHECK(total(lines, u"throughput"_s) == Approx(0.2 * plannedTotal).epsilon(1e-4));
        CHECK(total(lines, u"volume"_s) == Approx(0).margin(plannedTotal * 1e-4));
        CHECK(total(lines, u"price"_s) == Approx(0).margin(0.01));
    }
}

TEST_CASE("actuals: a bad FOCUS row is named by line and column, nothing is stored, and a file goes in once", "[cli][actuals]")
{
    Scratch scratch;
    const QString scenario = examplePath(u"llama-70b.accelplan"_s);
    const QString forecast = scratch.dir.filePath(u"forecast.csv"_s);
    REQUIRE(scratch.run({u"plan"_s, scenario, u"--format"_s, u"focus"_s, u"-o"_s, forecast}).exitCode == 0);
    const Row first = readForecast(forecast).first();
    // A storage charge of the same bill is not an accelerator's: left out, counted.
    const QByteArray storage = "12.5,acct,Team,USD,2027-02-01T00:00:00Z,2027-01-01T00:00:00Z,Usage,,S3 storage,"
                               "Usage-Based,2027-02-01T00:00:00Z,2027-01-01T00:00:00Z,,,,,,500,GB-Mo,12.5,0.025,12.5,"
                               "AWS,12.5,0.025,Standard,500,GB-Mo,AWS,AWS,us-east-1,US East,,,,Storage,Amazon S3,"
                               "TimedStorage-ByteHrs,,,,,,,,,\n";
    QString good = billFrom(scratch, forecast, u"bill.csv"_s, 1, 1, storage);
    {
        // Periods as a BigQuery export writes them are read too.
        QFile written(good);
        REQUIRE(written.open(QIODevice::ReadOnly));
        QByteArray text = written.readAll();
        written.close();
        const qsizetype second = text.indexOf('\n') + 1;
        const qsizetype end = text.indexOf('\n', second);
        text.replace(second, end - second, text.mid(second, end - second).replace("T00:00:00Z", " 00:00:00 UTC"));
        good = scratch.write(u"bill.csv"_s, text);
    }
    const Run imported = scratch.run({u"actuals"_s, u"import"_s, good, u"--scenario"_s, scenario});
    INFO(imported.err.toStdString());
    REQUIRE(imported.exitCode == 0);
    // The forecast's own storage rows are not accelerators' either.
    const qsizetype otherRows = readForecast(forecast).size() - acceleratorRows(readForecast(forecast)).size();
    CHECK(otherRows > 0);
    CHECK(imported.out.contains(u"%1 other charge(s) left out"_s.arg(1 + otherRows)));
    const Run again = scratch.run({u"actuals"_s, u"import"_s, good});
    CHECK(again.exitCode == 2);
    CHECK(again.err.contains(u"imported already"_s));

    QFile file(good);
    REQUIRE(file.open(QIODevice::ReadOnly));
    QByteArray broken = file.readAll();
    // Line 2's costs (BilledCost and EffectiveCost) made unreadable.
    const QByteArray cost = first.value(u"EffectiveCost"_s).toUtf8();
    const qsizetype start = broken.indexOf('\n') + 1;
    const qsizetype end = broken.indexOf('\n', start);
    broken.replace(start, end - start, broken.mid(start, end - start).replace(cost, "12.5x"));
    Scratch fresh;
    const Run bad = fresh.run({u"actuals"_s, u"import"_s, fresh.write(u"bad.csv"_s, broken)});
    INFO(bad.err.toStdString());
    CHECK(bad.exitCode == 2);
    CHECK(bad.err.contains(u"bad.csv:2"_s));
    CHECK(bad.err.contains(u"nothing was imported"_s));
    CHECK(jsonArray(fresh.run({u"actuals"_s, u"compare"_s, scenario, u"--format"_s, u"json"_s})).size() > 0);
    CHECK(total(jsonArray(fresh.run({u"actuals"_s, u"compare"_s, scenario, u"--format"_s, u"json"_s})), u"actual"_s) == 0);
}

TEST_CASE("actuals: the report's Plan against actual section gives the bill against the plan by month", "[cli][actuals][report]")
{
    Scratch scratch;
    const QString scenario = examplePath(u"llama-70b.accelplan"_s);
    const QString forecast = scratch.dir.filePath(u"forecast.csv"_s);
    REQUIRE(scratch.run({u"plan"_s, scenario, u"--format"_s, u"focus"_s, u"-o"_s, forecast, u"--start"_s, u"2027-01"_s})
                .exitCode == 0);
    const double plannedTotal = sum(acceleratorRows(readForecast(forecast)), u"EffectiveCost"_s);
    const QString pdf = scratch.dir.filePath(u"report.pdf"_s);
    auto reportText = [&] {
        REQUIRE(scratch.run({u"report"_s, scenario, u"-o"_s, pdf, u"--start"_s, u"2027-01"_s}).exitCode == 0);
        QProcess text;
        text.start(u"pdftotext"_s, {pdf, u"-"_s});
        REQUIRE(text.waitForFinished(30'000));
        return QString::fromUtf8(text.readAllStandardOutput()).simplified();
    };
    CHECK_FALSE(reportText().contains(u"Plan against actual"_s)); // no bill yet: no section
    REQUIRE(scratch.run({u"actuals"_s, u"import"_s, billFrom(scratch, forecast, u"price.csv"_s, 1.1, 1)}).exitCode == 0);
    const QString flat = reportText();
    CHECK(flat.contains(u"Plan against actual"_s));
    CHECK(flat.contains(u"month 1 being 2027-01"_s));
    // The total row: planned, then actual 10 % above, the difference all price (amounts as the report
    // writes them: whole units, thousands separated).
    const QLocale english(QLocale::English);
    const QString section = flat.mid(flat.indexOf(u"Plan against actual"_s), 2000);
    INFO(section.toStdString());
    CHECK(section.contains(u"Total"_s));
    CHECK(section.contains(english.toString(plannedTotal, 'f', 0)));
    CHECK(section.contains(english.toString(1.1 * plannedTotal, 'f', 0)));
    CHECK(section.contains(english.toString(0.1 * plannedTotal, 'f', 0)));
    CHECK_FALSE(section.contains(u" -0 "_s)); // a rounding residue is 0, not -0
}

TEST_CASE("actuals: an OpenCost allocation export's GPU costs are the charges of the offer the team names", "[cli][actuals][opencost]")
{
    Scratch scratch;
    const QString scenario = examplePath(u"llama-70b.accelplan"_s);
    const QString forecast = scratch.dir.filePath(u"forecast.csv"_s);
    REQUIRE(scratch.run({u"plan"_s, scenario, u"--format"_s, u"focus"_s, u"-o"_s, forecast, u"--start"_s, u"2027-01"_s})
                .exitCode == 0);
    // The serving offer's first month as the plan forecast it.
    const QList<Row> planned = readForecast(forecast);
    const auto serving = std::find_if(planned.cbegin(), planned.cend(), [](const Row &r) {
        return r.value(u"x_Workload"_s) == u"inference"_s && r.value(u"ChargePeriodStart"_s).startsWith(u"2027-01"_s);
    });
    REQUIRE(serving != planned.cend());
    const QString provider = serving->value(u"ProviderName"_s);
    const QString sku = serving->value(u"SkuId"_s);
    const double cost = serving->value(u"EffectiveCost"_s).toDouble();
    const double hours = serving->value(u"PricingQuantity"_s).toDouble();
    int perInstance = 0;
    const QJsonObject plan = jsonObject(scratch.run({u"plan"_s, scenario, u"--format"_s, u"json"_s}));
    for (const auto &o : plan[u"inference"_s][u"options"_s].toArray())
        if (o[u"provider"_s].toString() == provider && o[u"sku"_s].toString() == sku)
            perInstance = o[u"accelerator_count"_s].toInt();
    REQUIRE(perInstance > 0);

    // OpenCost's daily CSV export: the serving deployment's GPUs every day of January, a CPU-only
    // workload beside it, and another namespace's GPUs.
    QByteArray csv = "Date,Namespace,ControllerKind,ControllerName,Pod,Container,CPUCoreUsageAverage,"
                     "CPUCoreRequestAverage,RAMBytesUsageAverage,RAMBytesRequestAverage,NetworkReceiveBytes,"
                     "NetworkTransferBytes,GPUs,PVBytes,CPUCost,RAMCost,NetworkCost,PVCost,GPUCost,TotalCost\n";
    for (int day = 1; day <= 31; ++day) {
        const QByteArray date = QDate(2027, 1, day).toString(Qt::ISODate).toLatin1();
        const double gpus = hours * perInstance / (24.0 * 31);
        csv += date + ",serving,deployment,llm,llm-0,vllm,3,4,1e9,2e9,0,0," + QByteArray::number(gpus, 'g', 17) + ",0,1,1,0,0,"
               + QByteArray::number(cost / 31, 'g', 17) + "," + QByteArray::number(cost / 31 + 2, 'g', 17) + "\n";
        csv += date + ",serving,deployment,web,web-0,nginx,1,1,1e8,1e8,0,0,0,0,0.5,0.5,0,0,0,1\n";
        csv += date + ",research,job,sweep,sweep-0,train,8,8,1e9,1e9,0,0,8,0,1,1,0,0,400,402\n";
    }
    const QString file = scratch.write(u"opencost.csv"_s, csv);

    // It names workloads, not SKUs: refused until the offer is named.
    const Run unnamed = scratch.run({u"actuals"_s, u"import"_s, file});
    CHECK(unnamed.exitCode == 2);
    CHECK(unnamed.err.contains(u"is an OpenCost allocation export"_s));
    const Run unknown = scratch.run({u"actuals"_s, u"import"_s, file, u"--provider"_s, provider, u"--sku"_s, u"nope"_s});
    CHECK(unknown.exitCode == 2);
    CHECK(unknown.err.contains(u"--sku"_s));

    const Run imported = scratch.run({u"actuals"_s, u"import"_s, file, u"--provider"_s, provider, u"--sku"_s, sku,
                                      u"--namespace"_s, u"serving"_s});
    INFO(imported.err.toStdString());
    REQUIRE(imported.exitCode == 0);
    CHECK(imported.out.contains(u"31 accelerator charge(s)"_s)); // the GPU rows of the namespace
    CHECK(imported.out.contains(u"62 other charge(s) left out"_s));
    const QJsonArray lines = compare(scratch, scenario);
    bool seen = false;
    for (const auto &l : lines) {
        if (l[u"provider"_s].toString() != provider || l[u"sku"_s].toString() != sku || l[u"month"_s].toString() != u"2027-01"_s)
            continue;
        seen = true;
        CHECK(l[u"actual"_s].toDouble() == Approx(cost).epsilon(1e-9));
        CHECK(l[u"actual_hours"_s].toDouble() == Approx(hours).epsilon(1e-9)); // GPU-hours ÷ GPUs per instance
        CHECK(l[u"variance"_s].toDouble() == Approx(0).margin(cost * 1e-9));
    }
    CHECK(seen);

    // A cost that is not a number: named by line and column, nothing kept.
    const QString bad = scratch.write(u"bad.csv"_s, csv.left(csv.indexOf('\n') + 1)
                                                        + "2027-02-01,serving,deployment,llm,llm-0,vllm,3,4,1,2,0,0,8,0,1,1,0,0,lots,9\n");
    const Run refused = scratch.run({u"actuals"_s, u"import"_s, bad, u"--provider"_s, provider, u"--sku"_s, sku});
    CHECK(refused.exitCode == 2);
    CHECK(refused.err.contains(u"bad.csv:2"_s));
    CHECK(refused.err.contains(u"GPUCost"_s, Qt::CaseInsensitive));
}
