// `compare`: scenarios side by side, each figure equal to that scenario's own plan.

#include "tests/cli/clirun.h"
#include "tests/qtstringmaker.h"
#include "tests/testsupport.h"

#include <catch2/catch.hpp>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

using namespace Qt::StringLiterals;
using namespace accelplan;
using namespace accelplan::test;

namespace {

QJsonObject json(const Run &run)
{
    INFO(run.err.toStdString());
    REQUIRE(run.exitCode == 0);
    const QJsonDocument doc = QJsonDocument::fromJson(run.out.toUtf8());
    REQUIRE(doc.isObject());
    return doc.object();
}

QJsonObject firstRunnable(const QJsonObject &section)
{
    for (const QJsonValue &o : section[u"options"_s].toArray())
        if (o[u"runnable"_s].toBool())
            return o.toObject();
    return {};
}

} // namespace

TEST_CASE("compare: each scenario's figures equal its own plan, with deltas against the baseline", "[cli][compare]")
{
    Scratch scratch;
    const QStringList files{examplePath(u"llama-70b.accelplan"_s), examplePath(u"jax-8b-tpu-or-gpu.accelplan"_s)};
    const QJsonObject compared = json(scratch.run({u"compare"_s, files.at(0), files.at(1), u"--format"_s, u"json"_s,
                                                   u"--baseline"_s, u"2"_s}));
    const QJsonArray scenarios = compared[u"scenarios"_s].toArray();
    REQUIRE(scenarios.size() == 2);
    CHECK(compared[u"baseline"_s].toString() == files.at(1));
    for (int i = 0; i < 2; ++i) {
        INFO(files.at(i).toStdString());
        const QJsonObject c = scenarios.at(i).toObject();
        const QJsonObject plan = json(scratch.run({u"plan"_s, files.at(i), u"--format"_s, u"json"_s}));
        CHECK(c[u"file"_s].toString() == files.at(i));
        CHECK(c[u"name"_s].toString() == plan[u"scenario"_s].toString());
        CHECK(c[u"recommendation"_s].toString() == plan[u"recommendation"_s].toString());
        CHECK(c[u"budget_total"_s].toDouble() == Approx(plan[u"budget"_s][u"total"_s].toDouble()));
        const QJsonObject mc = plan[u"sensitivity"_s][u"monte_carlo"_s].toObject();
        CHECK(c[u"budget_p10"_s].toDouble() == Approx(mc[u"p10"_s].toDouble()));
        CHECK(c[u"budget_p90"_s].toDouble() == Approx(mc[u"p90"_s].toDouble()));
        const QJsonObject training = firstRunnable(plan[u"training"_s].toObject());
        REQUIRE_FALSE(training.isEmpty());
        CHECK(c[u"training_cost"_s].toDouble() == Approx(training[u"plan_cost"_s].toDouble()));
        CHECK(c[u"training_days"_s].toDouble() == Approx(training[u"wall_hours"_s].toDouble() / 24));
        CHECK(c[u"lockin_score"_s].toDouble() == Approx(training[u"lockin_score"_s].toDouble()));
        if (plan.contains(u"inference"_s))
            CHECK(c[u"inference_monthly_cost"_s].toDouble()
                  == Approx(firstRunnable(plan[u"inference"_s].toObject())[u"monthly_cost"_s].toDouble()));
        else
            CHECK(c[u"inference_monthly_cost"_s].isNull());
    }
    const QJsonObject first = scenarios.at(0).toObject();
    const QJsonObject second = scenarios.at(1).toObject();
    CHECK(first[u"delta"_s][u"budget_total"_s].toDouble()
          == Approx(first[u"budget_total"_s].toDouble() - second[u"budget_total"_s].toDouble()));
    CHECK(second[u"delta"_s][u"budget_total"_s].toDouble() == 0);
    CHECK(first[u"delta"_s][u"inference_monthly_cost"_s].isNull()); // the baseline serves nothing

    const Run table = scratch.run({u"compare"_s, files.at(0), files.at(1)});
    REQUIRE(table.exitCode == 0);
    CHECK(table.out.contains(u"baseline"_s));
    CHECK(table.out.contains(first[u"name"_s].toString()));
}

TEST_CASE("compare: a strategy with nothing to plan has no budget rather than a budget of zero", "[cli][compare]")
{
    Scratch scratch;
    // A scenario restricted to one provider that sells no TPU: the TPU strategy plans nothing.
    const QString file = scratch.write(
        u"aws-only.accelplan"_s,
        R"({"format": "accelplan-scenario", "version": 1, "name": "AWS only",
            "training": {"model": "llama3-8b", "tokens": 1e11}, "constraints": {"providers": ["AWS"]}})");
    const QJsonArray scenarios =
        json(scratch.run({u"compare"_s, file, u"--strategies"_s, u"--format"_s, u"json"_s}))[u"scenarios"_s].toArray();
    REQUIRE(scenarios.size() == 5);
    const QJsonObject tpu = scenarios.at(3).toObject();
    CHECK_FALSE(tpu[u"planned"_s].toBool());
    CHECK(tpu[u"budget_total"_s].isNull());
    CHECK(tpu[u"delta"_s][u"budget_total"_s].isNull());
    CHECK(scenarios.at(0)[u"planned"_s].toBool());
}

TEST_CASE("compare --strategies: on demand, commitments, TPU and buy from one scenario, each obeyed", "[cli][compare]")
{
    Scratch scratch;
    const QString file = examplePath(u"llama-70b.accelplan"_s);
    const QJsonArray scenarios =
        json(scratch.run({u"compare"_s, file, u"--strategies"_s, u"--format"_s, u"json"_s}))[u"scenarios"_s].toArray();
    REQUIRE(scenarios.size() == 5);
    QStringList ids;
    for (const QJsonValue &s : scenarios)
        ids << s[u"file"_s].toString().section(u'#', 1);
    CHECK(ids == QStringList{u"on_demand"_s, u"commit_1y"_s, u"commit_3y"_s, u"tpu"_s, u"buy"_s});
    CHECK(scenarios.at(0)[u"recommendation"_s].toString().contains(u"(on_demand)"_s));
    CHECK(scenarios.at(1)[u"recommendation"_s].toString().contains(u"(commit_1y)"_s));
    CHECK(scenarios.at(2)[u"recommendation"_s].toString().contains(u"(commit_3y)"_s));
    CHECK(scenarios.at(3)[u"recommendation"_s].toString().contains(u"tpu-v"_s));
    CHECK_FALSE(scenarios.at(3)[u"recommendation"_s].toString().contains(u" h100"_s));
    // A 1-year commitment is paid whole for a two-month run: dearer than on demand.
    CHECK(scenarios.at(1)[u"training_cost"_s].toDouble() > scenarios.at(0)[u"training_cost"_s].toDouble());
    // Buying works from the shipped reference prices, before any quote.
    CHECK(scenarios.at(4)[u"planned"_s].toBool());
    CHECK(scenarios.at(4)[u"recommendation"_s].toString().contains(u"(purchase)"_s));

    const Run one = scratch.run({u"compare"_s, file});
    CHECK(one.exitCode == 1);
    CHECK(one.err.contains(u"--strategies"_s));
    const Run badBaseline = scratch.run({u"compare"_s, file, file, u"--baseline"_s, u"nope"_s});
    CHECK(badBaseline.exitCode == 1);
    CHECK(badBaseline.err.contains(u"--baseline 'nope'"_s));
}

TEST_CASE("plan --since: the plan at the prices of an earlier date against today's, with what changed", "[cli][compare]")
{
    Scratch scratch;
    const QString header = u"provider,offer_kind,sku,accelerator,accelerator_count,region,price_model,price,currency,unit,"
                           "effective_date,as_of\n"_s;
    const QString january = scratch.write(
        u"january.csv"_s, (header + u"Test Cloud,cloud_vm,t-h100x8,h100-sxm,8,global,on_demand,2,USD,hour,2026-01-02,"
                                    "2026-01-02\n"_s).toUtf8());
    const QString june = scratch.write(
        u"june.csv"_s, (header + u"Test Cloud,cloud_vm,t-h100x8,h100-sxm,8,global,on_demand,1,USD,hour,2026-06-01,"
                                 "2026-06-01\n"_s).toUtf8());
    REQUIRE(scratch.run({u"prices"_s, u"import"_s, january}).exitCode == 0);
    REQUIRE(scratch.run({u"prices"_s, u"import"_s, june}).exitCode == 0);

    const QString file = examplePath(u"chat-service-8b-eur.accelplan"_s);
    const QJsonObject plan = json(scratch.run({u"plan"_s, file, u"--since"_s, u"2026-03-01"_s, u"--format"_s, u"json"_s}));
    const QJsonObject since = plan[u"since"_s].toObject();
    CHECK(since[u"as_of"_s].toString() == u"2026-03-01"_s);
    // The cheap offer is recommended at both dates, at half the price now.
    CHECK(plan[u"recommendation"_s].toString().contains(u"Test Cloud"_s));
    CHECK(since[u"recommendation_then"_s].toString().contains(u"Test Cloud"_s));
    CHECK_FALSE(since[u"recommendation_changed"_s].toBool());
    CHECK(since[u"cost_delta"_s].toDouble() < 0);
    CHECK(since[u"budget_delta"_s].toDouble()
          == Approx(plan[u"budget"_s][u"total"_s].toDouble() - since[u"budget_then"_s].toDouble()));
    bool found = false;
    for (const QJsonValue &c : since[u"changes"_s].toArray())
        if (c[u"sku"_s].toString() == u"t-h100x8"_s) {
            found = true;
            CHECK(c[u"provider"_s].toString() == u"Test Cloud"_s);
            CHECK(c[u"price_model"_s].toString() == u"on_demand"_s);
            CHECK(c[u"old"_s].toDouble() == 2);
            CHECK(c[u"new"_s].toDouble() == 1);
        }
    CHECK(found);
    // Without --since the plan has no such key, and a bad date is a usage error.
    CHECK_FALSE(json(scratch.run({u"plan"_s, file, u"--format"_s, u"json"_s})).contains(u"since"_s));
    const Run bad = scratch.run({u"plan"_s, file, u"--since"_s, u"March"_s});
    CHECK(bad.exitCode == 1);
    CHECK(bad.err.contains(u"--since"_s));
    const Run table = scratch.run({u"plan"_s, file, u"--since"_s, u"2026-03-01"_s});
    CHECK(table.out.contains(u"Since 2026-03-01: the recommended cost moved by -"_s));
}
