// Demand that changes over time (issue 39, part 3): a service's load as a monthly curve (ramp,
// steps, or a CSV of month,requests); the fleet sized for every month, a commitment only for the
// floor that stays, the budget month by month, JSON inference.by_month.
#include "tests/cli/clirun.h"
#include "tests/qtstringmaker.h"
#include "tests/testsupport.h"

#include <catch2/catch.hpp>

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

using namespace Qt::StringLiterals;
using namespace accelplan::test;

namespace {

// The 70B example's service alone, with \a demand as its curve and \a constraints added.
QString service(const Scratch &scratch, const QString &name, const QJsonArray &demand, const QString &shape,
                const QJsonObject &constraints = {})
{
    QFile example(examplePath(u"llama-70b.accelplan"_s));
    REQUIRE(example.open(QIODevice::ReadOnly));
    QJsonObject root = QJsonDocument::fromJson(example.readAll()).object();
    root.remove(u"training"_s);
    QJsonObject inference = root[u"inference"_s].toObject();
    if (!demand.isEmpty()) {
        inference[u"demand"_s] = demand;
        inference[u"demand_shape"_s] = shape;
    }
    root[u"inference"_s] = inference;
    QJsonObject c = root[u"constraints"_s].toObject();
    for (auto it = constraints.begin(); it != constraints.end(); ++it)
        c[it.key()] = it.value();
    root[u"constraints"_s] = c;
    return scratch.write(name, QJsonDocument(root).toJson());
}

QJsonObject point(int month, double qps)
{
    return {{u"month"_s, month}, {u"requests_per_second"_s, qps}};
}

QJsonObject plan(const Scratch &scratch, const QStringList &arguments)
{
    const Run run = scratch.run(QStringList{u"plan"_s} + arguments + QStringList{u"--format"_s, u"json"_s});
    INFO(run.err.toStdString());
    REQUIRE(run.exitCode == 0);
    return jsonObject(run);
}

} // namespace

TEST_CASE("demand: a ramp sizes the fleet month by month and the budget follows it", "[cli][demand]")
{
    Scratch scratch;
    const QString path = service(scratch, u"ramp.accelplan"_s, {point(1, 2), point(12, 40)}, u"ramp"_s);
    const QJsonObject p = plan(scratch, {path});
    const QJsonObject inference = p[u"inference"_s].toObject();
    CHECK(inference[u"demand_shape"_s].toString() == u"ramp"_s);
    CHECK(inference[u"requests_per_second"_s].toDouble() == 40); // planned for the peak
    const QJsonArray months = inference[u"by_month"_s].toArray();
    REQUIRE(months.size() == 12);
    double total = 0;
    int previous = 0;
    for (int m = 0; m < 12; ++m) {
        const QJsonObject month = months[m].toObject();
        INFO("month " << m + 1);
        CHECK(month[u"month"_s].toInt() == m + 1);
        // 2 requests/s in month 1 to 40 in month 12, in equal steps.
        CHECK(month[u"requests_per_second"_s].toDouble() == Approx(2 + 38.0 * m / 11));
        CHECK(month[u"instances"_s].toInt() >= previous); // up with the load, never down on a rising curve
        previous = month[u"instances"_s].toInt();
        CHECK(month[u"committed_instances"_s].toInt() == 0); // not a commitment
        // The budget's month is the fleet's month.
        const QJsonObject budget = p[u"budget"_s][u"months"_s][m].toObject();
        CHECK(budget[u"inference"_s].toDouble() + budget[u"commitments"_s].toDouble() == Approx(month[u"cost"_s].toDouble()));
        total += month[u"cost"_s].toDouble();
    }
    CHECK(months[0][u"instances"_s].toInt() * 4 < months[11][u"instances"_s].toInt());
    // The option's monthly cost is the horizon's average; at the peak's fleet every month it
    // would cost more.
    const QJsonObject best = inference[u"options"_s][0].toObject();
    CHECK(best[u"monthly_cost"_s].toDouble() == Approx(total / 12));
    CHECK(best[u"cost_basis"_s].toString().contains(u"the demand curve's months average"_s));
    const QJsonObject constant = plan(scratch, {service(scratch, u"flat.accelplan"_s, {}, {})});
    CHECK(constant[u"inference"_s][u"by_month"_s].isNull());
    CHECK(constant[u"inference"_s][u"demand_shape"_s].isNull());
    CHECK(p[u"budget"_s][u"total"_s].toDouble() < constant[u"budget"_s][u"total"_s].toDouble() * 40 / 20);
}

TEST_CASE("demand: a commitment covers only the floor that stays, the months above it on demand", "[cli][demand]")
{
    Scratch scratch;
    const QString path = service(scratch, u"step.accelplan"_s, {point(1, 10), point(7, 40)}, u"step"_s,
                                 {{u"providers"_s, QJsonArray{u"AWS"_s}}, {u"price_models"_s, QJsonArray{u"commit_1y"_s}}});
    const QJsonObject p = plan(scratch, {path});
    const QJsonArray months = p[u"inference"_s][u"by_month"_s].toArray();
    REQUIRE(months.size() == 12);
    // Steps: 10 requests/s for six months, then 40.
    CHECK(months[5][u"requests_per_second"_s].toDouble() == 10);
    CHECK(months[6][u"requests_per_second"_s].toDouble() == 40);
    const int floor = months[0][u"instances"_s].toInt();
    const int peak = months[11][u"instances"_s].toInt();
    REQUIRE(peak > floor);
    const QJsonObject best = p[u"inference"_s][u"options"_s][0].toObject();
    REQUIRE(best[u"price_model"_s].toString() == u"commit_1y"_s);
    bool said = false;
    for (const QJsonValue &w : best[u"warnings"_s].toArray())
        said = said || w.toString().contains(u"%1 instance(s) committed (the floor every month needs)"_s.arg(floor));
    CHECK(said);
    const double committedMonth = months[0][u"cost"_s].toDouble(); // the floor alone
    for (int m = 0; m < 12; ++m) {
        const QJsonObject month = months[m].toObject();
        CHECK(month[u"committed_instances"_s].toInt() == floor);
        // The budget: the floor under commitments every month, the rest as on-demand inference.
        const QJsonObject budget = p[u"budget"_s][u"months"_s][m].toObject();
        CHECK(budget[u"commitments"_s].toDouble() == Approx(committedMonth));
        CHECK(budget[u"inference"_s].toDouble() == Approx(month[u"cost"_s].toDouble() - committedMonth).margin(0.01));
    }
    // Above the floor, each instance at the offer's on-demand price: dearer than committed.
    const double burst = (months[11][u"cost"_s].toDouble() - committedMonth) / (peak - floor);
    CHECK(burst > committedMonth / floor);
}

TEST_CASE("demand: --demand reads the curve from a CSV of month and requests", "[cli][demand]")
{
    Scratch scratch;
    const QString path = service(scratch, u"flat.accelplan"_s, {}, {});
    const double month = 730.0 * 3600.0;
    const QString csv = scratch.write(u"demand.csv"_s, "month,requests\n1," + QByteArray::number(2 * month, 'f', 0) + "\n12,"
                                                            + QByteArray::number(40 * month, 'f', 0) + "\n");
    const QJsonObject fromCsv = plan(scratch, {path, u"--demand"_s, csv});
    const QJsonObject fromScenario = plan(scratch, {service(scratch, u"ramp.accelplan"_s, {point(1, 2), point(12, 40)}, u"ramp"_s)});
    CHECK(fromCsv[u"inference"_s][u"by_month"_s] == fromScenario[u"inference"_s][u"by_month"_s]);
    CHECK(fromCsv[u"budget"_s][u"total"_s].toDouble() == Approx(fromScenario[u"budget"_s][u"total"_s].toDouble()));
    // Per second works as well.
    const QString perSecond = scratch.write(u"qps.csv"_s, "month,requests_per_second\n1,2\n12,40\n");
    CHECK(plan(scratch, {path, u"--demand"_s, perSecond})[u"inference"_s][u"by_month"_s]
          == fromScenario[u"inference"_s][u"by_month"_s]);

    // A bad row: named by file, line and column; nothing planned.
    const Run bad = scratch.run({u"plan"_s, path, u"--demand"_s,
                                 scratch.write(u"bad.csv"_s, "month,requests\n1,100\n-2,200\n13,300\n4,-5\n")});
    CHECK(bad.exitCode == 2);
    CHECK(bad.err.contains(u"bad.csv:3: error: month"_s));
    CHECK(bad.err.contains(u"bad.csv:4: error: month: 13 is not a whole month from 1 to 12"_s));
    CHECK(bad.err.contains(u"bad.csv:5: error: requests"_s));
    CHECK(bad.out.isEmpty());
    // A scenario that serves nothing has no demand to take.
    QFile example(examplePath(u"llama-70b.accelplan"_s));
    REQUIRE(example.open(QIODevice::ReadOnly));
    QJsonObject root = QJsonDocument::fromJson(example.readAll()).object();
    root.remove(u"inference"_s);
    const Run training = scratch.run({u"plan"_s, scratch.write(u"train.accelplan"_s, QJsonDocument(root).toJson()),
                                      u"--demand"_s, perSecond});
    CHECK(training.exitCode == 1);
    CHECK(training.err.contains(u"--demand"_s));
}

TEST_CASE("demand: a bad curve in a scenario is refused with its file, line and field", "[cli][demand]")
{
    Scratch scratch;
    SECTION("a negative month")
    {
        const Run run = scratch.run({u"plan"_s, service(scratch, u"neg.accelplan"_s, {point(1, 2), point(-3, 40)}, u"ramp"_s)});
        CHECK(run.exitCode == 2);
        CHECK(run.err.contains(u"neg.accelplan:"_s));
        CHECK(run.err.contains(u"error: inference.demand: point 2: month -3 is not from 1 to 12"_s));
    }
    SECTION("months out of order")
    {
        const Run run = scratch.run({u"plan"_s, service(scratch, u"order.accelplan"_s, {point(6, 2), point(3, 40)}, u"ramp"_s)});
        CHECK(run.exitCode == 2);
        CHECK(run.err.contains(u"inference.demand: point 2: month 3 does not come after month 6"_s));
    }
    SECTION("an unknown shape")
    {
        const Run run = scratch.run({u"plan"_s, service(scratch, u"shape.accelplan"_s, {point(1, 2)}, u"curve"_s)});
        CHECK(run.exitCode == 2);
        CHECK(run.err.contains(u"inference.demand_shape: 'curve' is not one of ramp, step"_s));
    }
}

TEST_CASE("report: the budget section gives the fleet month by month under a demand curve", "[cli][report][demand]")
{
    Scratch scratch;
    const QString path = service(scratch, u"ramp.accelplan"_s, {point(1, 2), point(12, 40)}, u"ramp"_s);
    const QString pdf = scratch.dir.filePath(u"report.pdf"_s);
    const Run run = scratch.run({u"report"_s, u"-o"_s, pdf, path});
    INFO(run.err.toStdString());
    REQUIRE(run.exitCode == 0);
    const QString flat = pdfFlatText(pdf);
    CHECK(flat.contains(u"Demand by month"_s));
    CHECK(flat.contains(u"Demand 2.00 → 40.0 requests/s over 12 months (ramp, peak 40.0)"_s));
    CHECK(flat.contains(u"Requests/s Replicas Instances Committed Cost"_s));
}

TEST_CASE("plan --optimise-commitments says which commitments to buy for the service's curve", "[cli][demand][commitments]")
{
    Scratch scratch;
    // AWS only, commitments or on demand: the curve 10 requests/s for six months, then 40.
    const QString path = service(scratch, u"commit.accelplan"_s, {point(1, 10), point(7, 40)}, u"step"_s,
                                 {{u"providers"_s, QJsonArray{u"AWS"_s}}, {u"price_models"_s, QJsonArray{u"commit_1y"_s}}});
    const QJsonObject p = plan(scratch, {path, u"--optimise-commitments"_s});
    const QJsonObject advice = p[u"commitment_advice"_s].toObject();
    INFO(QJsonDocument(advice).toJson().toStdString());
    REQUIRE_FALSE(advice.contains(u"reason"_s));
    CHECK(advice[u"provider"_s].toString() == u"AWS"_s);
    CHECK(advice[u"percentile"_s].toDouble() == 0.9);
    CHECK(advice[u"idle_cap"_s].toDouble() == 0.1);
    CHECK(advice[u"scenarios"_s].toInt() == 40);
    CHECK(advice[u"optimal"_s].toBool());
    CHECK(advice[u"idle_share"_s].toDouble() <= 0.1);
    const QJsonArray purchases = advice[u"purchases"_s].toArray();
    REQUIRE_FALSE(purchases.isEmpty());
    for (const QJsonValue &buy : purchases) {
        CHECK(QStringList{u"commit_1y"_s, u"commit_3y"_s}.contains(buy[u"price_model"_s].toString()));
        CHECK(buy[u"instances"_s].toInt() > 0);
        CHECK(buy[u"start_month"_s].toInt() >= 1);
    }
    CHECK(advice[u"expected_saving"_s].toDouble() > 0);
    CHECK(advice[u"expected_saving"_s].toDouble()
          == Approx(advice[u"on_demand_cost"_s].toDouble() - advice[u"expected_cost"_s].toDouble()));
    CHECK(advice[u"summary"_s].toString().startsWith(u"Commitments for AWS"_s));
    // A tighter cap can only cost as much or more.
    const QJsonObject tight = plan(scratch, {path, u"--optimise-commitments"_s, u"--idle-cap"_s, u"0"_s});
    CHECK(tight[u"commitment_advice"_s][u"idle_share"_s].toDouble() == 0);
    if (tight[u"commitment_advice"_s][u"sku"_s] == advice[u"sku"_s])
        CHECK(tight[u"commitment_advice"_s][u"expected_cost"_s].toDouble() >= advice[u"expected_cost"_s].toDouble() - 0.01);
    // The table says it in a sentence; the flags are checked.
    const Run table = scratch.run({u"plan"_s, path, u"--optimise-commitments"_s});
    CHECK(table.out.contains(u"Commitments for AWS"_s));
    CHECK(scratch.run({u"plan"_s, path, u"--optimise-commitments"_s, u"--idle-cap"_s, u"2"_s}).exitCode == 1);
    CHECK(scratch.run({u"plan"_s, path, u"--idle-cap"_s, u"0.2"_s}).exitCode == 1);
    // Without the flag, no advice.
    CHECK_FALSE(plan(scratch, {path}).contains(u"commitment_advice"_s));
}

TEST_CASE("plan --optimise-commitments advises none when the demand ends in month 4", "[cli][demand][commitments]")
{
    Scratch scratch;
    const QString path = service(scratch, u"ends.accelplan"_s, {point(1, 20), point(5, 0)}, u"step"_s,
                                 {{u"providers"_s, QJsonArray{u"AWS"_s}}});
    const QJsonObject p = plan(scratch, {path, u"--optimise-commitments"_s});
    const QJsonArray months = p[u"inference"_s][u"by_month"_s].toArray();
    REQUIRE(months.size() == 12);
    CHECK(months[4][u"instances"_s].toInt() == 0); // no load, no fleet
    const QJsonObject advice = p[u"commitment_advice"_s].toObject();
    CHECK(advice[u"purchases"_s].toArray().isEmpty());
    CHECK(advice.contains(u"reason"_s));
}
