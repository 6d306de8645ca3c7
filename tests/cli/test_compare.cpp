// `compare`: scenarios side by side, each figure equal to that scenario's own plan.

#include "tests/cli/clirun.h"
#include "tests/qtstringmaker.h"
#include "tests/testsupport.h"

#include <catch2/catch.hpp>

#include <QJsonArray>
#include <QLocale>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSet>

using namespace Qt::StringLiterals;
using namespace accelplan;
using namespace accelplan::test;

namespace {

/// `catalog accuracy --rows` of one kind, scored rows all, and the first row of the user's own.
QJsonObject userMeasurementRow(Scratch &scratch, const QString &kind, qsizetype *rows = nullptr)
{
    const Run accuracy = scratch.run({u"catalog"_s, u"accuracy"_s, u"--rows"_s, u"--kind"_s, kind, u"--format"_s, u"json"_s});
    REQUIRE(accuracy.exitCode == 0);
    const QJsonArray scored = QJsonDocument::fromJson(accuracy.out.toUtf8()).array();
    if (rows)
        *rows = scored.size();
    for (const QJsonValue &row : scored)
        if (row[u"group"_s].toString().startsWith(u"user:"_s))
            return row.toObject();
    return {};
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
    const QJsonObject compared = jsonObject(scratch.run({u"compare"_s, files.at(0), files.at(1), u"--format"_s, u"json"_s,
                                                   u"--baseline"_s, u"2"_s}));
    const QJsonArray scenarios = compared[u"scenarios"_s].toArray();
    REQUIRE(scenarios.size() == 2);
    CHECK(compared[u"baseline"_s].toString() == files.at(1));
    for (int i = 0; i < 2; ++i) {
        INFO(files.at(i).toStdString());
        const QJsonObject c = scenarios.at(i).toObject();
        const QJsonObject plan = jsonObject(scratch.run({u"plan"_s, files.at(i), u"--format"_s, u"json"_s}));
        CHECK(c[u"file"_s].toString() == files.at(i));
        CHECK(c[u"name"_s].toString() == plan[u"scenario"_s].toString());
        CHECK(c[u"recommendation"_s].toString() == plan[u"recommendation"_s].toString());
        CHECK(c[u"budget_total"_s].toDouble() == Approx(plan[u"budget"_s][u"total"_s].toDouble()));
        const QJsonObject mc = plan[u"sensitivity"_s][u"monte_carlo"_s].toObject();
        CHECK(c[u"budget_p10"_s].toDouble() == Approx(mc[u"p10"_s].toDouble()));
        CHECK(c[u"budget_p90"_s].toDouble() == Approx(mc[u"p90"_s].toDouble()));
        CHECK(c[u"cash_total"_s].toDouble() == Approx(plan[u"budget"_s][u"cash_total"_s].toDouble()));
        CHECK(c[u"cash_first_month"_s].toDouble()
              == Approx(plan[u"budget"_s][u"months"_s][0][u"cash_out"_s].toDouble()));
        const QJsonArray months = plan[u"budget"_s][u"months"_s].toArray();
        REQUIRE(c[u"cash_by_month"_s].toArray().size() == months.size());
        for (qsizetype m = 0; m < months.size(); ++m)
            CHECK(c[u"cash_by_month"_s][m].toDouble() == Approx(months.at(m)[u"cash_out"_s].toDouble()));
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
        jsonObject(scratch.run({u"compare"_s, file, u"--strategies"_s, u"--format"_s, u"json"_s}))[u"scenarios"_s].toArray();
    REQUIRE(scenarios.size() == 6);
    const QJsonObject tpu = scenarios.at(3).toObject();
    CHECK_FALSE(tpu[u"planned"_s].toBool());
    CHECK(tpu[u"budget_total"_s].isNull());
    CHECK(tpu[u"delta"_s][u"budget_total"_s].isNull());
    CHECK(scenarios.at(0)[u"planned"_s].toBool());
}

TEST_CASE("compare --strategies: on demand, commitments, TPU on demand, spot and buy from one scenario, each obeyed",
          "[cli][compare]")
{
    Scratch scratch;
    const QString file = examplePath(u"llama-70b.accelplan"_s);
    const QJsonArray scenarios =
        jsonObject(scratch.run({u"compare"_s, file, u"--strategies"_s, u"--format"_s, u"json"_s}))[u"scenarios"_s].toArray();
    REQUIRE(scenarios.size() == 6);
    QStringList ids;
    for (const QJsonValue &s : scenarios)
        ids << s[u"file"_s].toString().section(u'#', 1);
    CHECK(ids == QStringList{u"on_demand"_s, u"commit_1y"_s, u"commit_3y"_s, u"tpu"_s, u"spot"_s, u"buy"_s});
    CHECK(scenarios.at(0)[u"recommendation"_s].toString().contains(u"(on_demand)"_s));
    CHECK(scenarios.at(1)[u"recommendation"_s].toString().contains(u"(commit_1y)"_s));
    CHECK(scenarios.at(2)[u"recommendation"_s].toString().contains(u"(commit_3y)"_s));
    // TPU stays on demand, as cloud on demand does; spot is its own strategy.
    CHECK(scenarios.at(3)[u"recommendation"_s].toString().contains(u"tpu-v"_s));
    CHECK(scenarios.at(3)[u"recommendation"_s].toString().contains(u"(on_demand)"_s));
    CHECK_FALSE(scenarios.at(3)[u"recommendation"_s].toString().contains(u" h100"_s));
    CHECK(scenarios.at(4)[u"recommendation"_s].toString().contains(u"(spot)"_s));
    // A 1-year commitment is paid whole for a two-month run: dearer than on demand.
    CHECK(scenarios.at(1)[u"training_cost"_s].toDouble() > scenarios.at(0)[u"training_cost"_s].toDouble());
    // Buying works from the shipped reference prices, before any quote; its cash carries the
    // capex, and a plan of months does not fill hardware bought for years: never cheaper in cash
    // than renting on demand, and its budget carries the idle capex.
    const QJsonObject buy = scenarios.at(5).toObject();
    CHECK(buy[u"planned"_s].toBool());
    CHECK(buy[u"recommendation"_s].toString().contains(u"(purchase)"_s));
    CHECK(buy[u"capex"_s].toDouble() > 0);
    CHECK(buy[u"idle_cost"_s].toDouble() > 0);
    CHECK(buy[u"cash_total"_s].toDouble() >= buy[u"capex"_s].toDouble());
    CHECK(buy[u"cash_total"_s].toDouble() > scenarios.at(0)[u"cash_total"_s].toDouble());
    CHECK(buy[u"budget_p50"_s].toDouble() > scenarios.at(0)[u"budget_p50"_s].toDouble());
    for (const QJsonValue &s : scenarios) {
        CHECK(s[u"budget_p50"_s].toDouble() <= s[u"budget_p90"_s].toDouble());
        CHECK(s[u"capex"_s].isDouble());
    }
    // The table carries the cash and the capex beside the budget at P50 and P90.
    const Run table = scratch.run({u"compare"_s, file, u"--strategies"_s});
    REQUIRE(table.exitCode == 0);
    const QString header = table.out.section(u'\n', 0, 0);
    for (const QString &column : {u"budget_p50_USD"_s, u"p90"_s, u"cash_out"_s, u"capex"_s})
        CHECK(header.contains(column));
    CHECK(table.out.contains(QLocale::c().toString(buy[u"capex"_s].toDouble(), 'f', 0)));

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
    const QJsonObject plan = jsonObject(scratch.run({u"plan"_s, file, u"--since"_s, u"2026-03-01"_s, u"--format"_s, u"json"_s}));
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
    CHECK_FALSE(jsonObject(scratch.run({u"plan"_s, file, u"--format"_s, u"json"_s})).contains(u"since"_s));
    const Run bad = scratch.run({u"plan"_s, file, u"--since"_s, u"March"_s});
    CHECK(bad.exitCode == 1);
    CHECK(bad.err.contains(u"--since"_s));
    const Run table = scratch.run({u"plan"_s, file, u"--since"_s, u"2026-03-01"_s});
    CHECK(table.out.contains(u"Since 2026-03-01: the recommended cost moved by -"_s));
}

TEST_CASE("owned hardware: one costing in train, serve and plan, with capex and break-even", "[cli][owned]")
{
    Scratch scratch;
    const QString scenario = scratch.write(
        u"owned.accelplan"_s,
        R"({"format": "accelplan-scenario", "version": 1, "name": "Owned or rented",
            "training": {"model": "llama3-70b", "tokens": 2e12, "deadline_days": 60},
            "inference": {"model": "llama3-8b", "input_tokens": 1000, "output_tokens": 300, "requests_per_second": 5,
                          "months": 12}})");
    const QJsonObject plan = jsonObject(scratch.run({u"plan"_s, scenario, u"--format"_s, u"json"_s}));
    const QJsonObject train = jsonObject(scratch.run({u"train"_s, u"--model"_s, u"llama3-70b"_s, u"--tokens"_s, u"2T"_s,
                                                u"--deadline-days"_s, u"60"_s, u"--format"_s, u"json"_s}));
    const QJsonObject serve = jsonObject(scratch.run({u"serve"_s, u"--model"_s, u"llama3-8b"_s, u"--input-tokens"_s,
                                                u"1000"_s, u"--output-tokens"_s, u"300"_s, u"--qps"_s, u"5"_s,
                                                u"--format"_s, u"json"_s}));
    auto find = [](const QJsonArray &options, const QString &sku) {
        for (const QJsonValue &o : options)
            if (o[u"sku"_s].toString() == sku && o[u"runnable"_s].toBool())
                return o.toObject();
        return QJsonObject();
    };
    const QString sku = u"HGX H100 8-GPU server"_s;
    const QJsonObject planned = find(plan[u"training"_s][u"options"_s].toArray(), sku);
    const QJsonObject trained = find(train[u"options"_s].toArray(), sku);
    REQUIRE_FALSE(planned.isEmpty());
    REQUIRE_FALSE(trained.isEmpty());
    // The same costing everywhere: the hours of use, plus the capex a run of weeks leaves idle on
    // hardware bought for years (no other use given), so never less than the cash it takes.
    CHECK(trained[u"cost"_s].toDouble() == Approx(planned[u"cost"_s].toDouble()));
    // Its cost in named lines (issue 39): host, network, installation (not given), colocation, power.
    const QString basis = trained[u"cost_basis"_s].toString();
    for (const QString &line : {u"host "_s, u" + network "_s, u" + installation not counted"_s, u" + colocation "_s, u" + power "_s})
        CHECK(basis.contains(line));
    CHECK(basis.contains(u"of capex the run leaves idle"_s));
    double lines = 0;
    for (const QJsonValue &t : trained[u"cost_terms"_s].toArray())
        lines += t[u"value"_s].toDouble();
    CHECK(lines == Approx(trained[u"cost"_s].toDouble())); // the lines and the idle capex add up to the cost
    const double servers = trained[u"instances"_s].toDouble();
    REQUIRE(servers > 0);
    CHECK(trained[u"capex"_s].toDouble() == Approx(servers * (255237.04 + 15060))); // with the default network
    CHECK(trained[u"cost"_s].toDouble() >= trained[u"capex"_s].toDouble());
    CHECK(trained[u"break_even_utilization"_s].toDouble() > 0);
    CHECK_FALSE(trained[u"break_even_against"_s].toString().isEmpty());
    CHECK(planned[u"capex"_s].toDouble() == Approx(trained[u"capex"_s].toDouble()));
    CHECK(planned[u"break_even_utilization"_s].toDouble() == Approx(trained[u"break_even_utilization"_s].toDouble()));
    // A rented option has no capex.
    CHECK(find(train[u"options"_s].toArray(), u"p5.48xlarge"_s)[u"capex"_s].isNull());

    const QJsonObject servedPlan = find(plan[u"inference"_s][u"options"_s].toArray(), sku);
    const QJsonObject served = find(serve[u"options"_s].toArray(), sku);
    REQUIRE_FALSE(served.isEmpty());
    REQUIRE_FALSE(servedPlan.isEmpty());
    CHECK(served[u"monthly_cost"_s].toDouble() == Approx(servedPlan[u"monthly_cost"_s].toDouble()));
    CHECK(served[u"cost_basis"_s].toString().contains(u"server(s) × "_s));
    CHECK(served[u"cost_basis"_s].toString().contains(u" + power "_s));
    CHECK(served[u"capex"_s].toDouble() > 0);
    CHECK(served[u"break_even_months"_s].isDouble());
}

TEST_CASE("owned hardware: the report says what buying costs in cash and when it pays", "[cli][owned][report]")
{
    Scratch scratch;
    const QString scenario = scratch.write(
        u"buy.accelplan"_s,
        R"({"format": "accelplan-scenario", "version": 1, "name": "Buy or rent",
            "training": {"model": "llama3-70b", "tokens": 2e12, "deadline_days": 60},
            "constraints": {"price_models": ["purchase"]},
            "ownership": {"networking_per_server": 15000}})");
    const QString pdf = scratch.dir.filePath(u"buy.pdf"_s);
    const Run run = scratch.run({u"report"_s, u"-o"_s, pdf, scenario, u"--top"_s, u"60"_s});
    REQUIRE(run.exitCode == 0);
    const QString flat = pdfFlatText(pdf);
    CHECK(flat.contains(u"Buying the hardware"_s));
    CHECK(flat.contains(u"Capex "_s));
    CHECK(flat.contains(u"server(s) with their network"_s));
    CHECK(flat.contains(u"cluster network per server"_s)); // the assumption, in words
}

TEST_CASE("plan --top N lists fewer options without changing the ranking, recommendation or budget", "[cli][plan]")
{
    Scratch scratch;
    const QString file = examplePath(u"llama-70b.accelplan"_s);
    const QJsonObject all = jsonObject(scratch.run({u"plan"_s, file, u"--format"_s, u"json"_s}));
    const QJsonObject top = jsonObject(scratch.run({u"plan"_s, file, u"--format"_s, u"json"_s, u"--top"_s, u"3"_s}));
    for (const QString &side : {u"training"_s, u"inference"_s}) {
        INFO(side.toStdString());
        const QJsonArray full = all[side][u"options"_s].toArray();
        const QJsonArray few = top[side][u"options"_s].toArray();
        REQUIRE(full.size() > 3);
        REQUIRE(few.size() == 3);
        CHECK(top[side][u"options_total"_s].toInt() == full.size());
        for (int i = 0; i < 3; ++i)
            CHECK(few.at(i) == full.at(i));
    }
    CHECK(top[u"recommendation"_s] == all[u"recommendation"_s]);
    CHECK(top[u"budget"_s] == all[u"budget"_s]);
    CHECK(top[u"sensitivity"_s] == all[u"sensitivity"_s]);
    const Run table = scratch.run({u"plan"_s, file, u"--top"_s, u"2"_s, u"--format"_s, u"csv"_s});
    REQUIRE(table.exitCode == 0);
    CHECK(table.out.trimmed().split(u'\n').size() == 1 + 2 + 2); // header, two per side
    CHECK(scratch.run({u"plan"_s, file, u"--top"_s, u"-1"_s}).exitCode == 1);
}

TEST_CASE("plan --top N writes the ownership analyses of the listed offers only", "[cli][plan]")
{
    Scratch scratch;
    const QString file = examplePath(u"llama-70b.accelplan"_s);
    auto key = [](const QJsonObject &o) {
        return QStringList{o[u"provider"_s].toString(), o[u"sku"_s].toString(), o[u"region"_s].toString(),
                           o[u"price_model"_s].toString()}
            .join(u'|');
    };
    const QJsonObject all = jsonObject(scratch.run({u"plan"_s, file, u"--format"_s, u"json"_s}));
    QSet<QString> owned;
    for (const QJsonValue &a : all[u"ownership"_s].toArray())
        owned.insert(key(a[u"offer"_s].toObject()));
    REQUIRE(owned.size() > 2);
    // A top that reaches the first purchase among the training options, so the answer holds some.
    const QJsonArray training = all[u"training"_s][u"options"_s].toArray();
    int top = 0;
    while (top < training.size() && !owned.contains(key(training.at(top).toObject())))
        ++top;
    REQUIRE(top < training.size());
    ++top;
    const QJsonObject few =
        jsonObject(scratch.run({u"plan"_s, file, u"--format"_s, u"json"_s, u"--top"_s, QString::number(top)}));
    QSet<QString> expected;
    for (const QString &side : {u"training"_s, u"inference"_s})
        for (const QJsonValue &o : few[side][u"options"_s].toArray())
            if (owned.contains(key(o.toObject())))
                expected.insert(key(o.toObject()));
    QSet<QString> written;
    for (const QJsonValue &a : few[u"ownership"_s].toArray()) {
        CHECK(all[u"ownership"_s].toArray().contains(a)); // the same analysis, only fewer of them
        written.insert(key(a[u"offer"_s].toObject()));
    }
    CHECK_FALSE(written.isEmpty());
    CHECK(written == expected);
    // No option listed: no analysis either.
    const QJsonObject none = jsonObject(scratch.run({u"plan"_s, file, u"--format"_s, u"json"_s, u"--top"_s, u"0"_s}));
    CHECK(none[u"ownership"_s].toArray().isEmpty());
    CHECK(none[u"budget"_s] == all[u"budget"_s]);
}

TEST_CASE("catalog add-profile --from vllm-bench calibrates serving to the measurement", "[cli][calibration]")
{
    Scratch scratch;
    const QString bench = dataPath(u"bench/vllm_llama3.2-3b_4xl40s_30qps.json"_s);
    const QStringList serve{u"serve"_s, u"--model-params"_s, u"3.21e9"_s, u"--accelerator"_s, u"l40s"_s,
                            u"--input-tokens"_s, u"999"_s, u"--output-tokens"_s, u"267"_s, u"--concurrency"_s,
                            u"35"_s, u"--chips-per-replica"_s, u"1"_s, u"--qps"_s, u"22"_s, u"--format"_s, u"json"_s};
    // 5914.3 output tok/s over 4 L40S; 22.18 req/s × (73.2 ms + 23.59 ms × 265.6) ≈ 141 in flight, 35 per replica.
    const double measured = 5914.311656872681 / 4;
    auto projected = [&](const QJsonObject &json) {
        for (const QJsonValue &o : json[u"options"_s].toArray())
            if (o[u"runnable"_s].toBool())
                return o[u"tokens_per_s_per_chip"_s].toDouble();
        return 0.0;
    };
    const double before = projected(jsonObject(scratch.run(serve)));

    const Run added = scratch.run({u"catalog"_s, u"add-profile"_s, u"--from"_s, u"vllm-bench"_s, bench,
                                   u"--accelerator"_s, u"l40s"_s, u"--chips"_s, u"4"_s, u"--replicas"_s, u"4"_s,
                                   u"--model-params"_s, u"3.21e9"_s});
    INFO(added.err.toStdString());
    REQUIRE(added.exitCode == 0);
    const QJsonObject after = jsonObject(scratch.run(serve));
    CHECK(projected(after) == Approx(measured).epsilon(0.10));
    // The shipped profile with the published measurements' factor came near; the user's own
    // measurement brings it nearer still.
    CHECK(std::abs(projected(after) / measured - 1) < std::abs(before / measured - 1));
    // The residual of the model before calibration is shown.
    CHECK(after[u"calibration_source"_s].toString().contains(u"the model before calibration gave"_s));
    CHECK(after[u"calibration_source"_s].toString().contains(bench));
    // The measurement joins the fit as a row of its own source, scored like the published ones.
    qsizetype scored = 0;
    const QJsonObject mine = userMeasurementRow(scratch, u"serving"_s, &scored);
    REQUIRE_FALSE(mine.isEmpty());
    CHECK(mine[u"accelerator"_s].toString() == u"l40s"_s);
    CHECK(mine[u"published"_s].toDouble() == Approx(measured).epsilon(0.01));
    CHECK(mine[u"out_of_sample"_s].isDouble());
    CHECK(scored > 200);

    // Refusals: what is missing, by name; nothing added.
    const Run noChips = scratch.run({u"catalog"_s, u"add-profile"_s, u"--from"_s, u"vllm-bench"_s, bench,
                                     u"--accelerator"_s, u"l40s"_s, u"--model-params"_s, u"3e9"_s});
    CHECK(noChips.exitCode == 1);
    CHECK(noChips.err.contains(u"--chips"_s));
    // The same measurement in GenAI-Perf's layout calibrates alike.
    Scratch other;
    const Run genai = other.run({u"catalog"_s, u"add-profile"_s, u"--from"_s, u"genai-perf"_s,
                                 dataPath(u"bench/genaiperf_layout_of_the_vllm_run.json"_s), u"--accelerator"_s,
                                 u"l40s"_s, u"--chips"_s, u"4"_s, u"--replicas"_s, u"4"_s, u"--model-params"_s,
                                 u"3.21e9"_s});
    INFO(genai.err.toStdString());
    REQUIRE(genai.exitCode == 0);
    CHECK(projected(jsonObject(other.run(serve))) == Approx(projected(after)).epsilon(0.01));
    const Run notGenai = other.run({u"catalog"_s, u"add-profile"_s, u"--from"_s, u"genai-perf"_s, bench,
                                    u"--accelerator"_s, u"l40s"_s, u"--chips"_s, u"4"_s, u"--model-params"_s, u"3e9"_s});
    CHECK(notGenai.exitCode == 2);
    CHECK(notGenai.err.contains(u"output_token_throughput.avg"_s));

    const QString notBench = scratch.write(u"other.json"_s, R"({"completed": 10, "duration": 3})");
    const Run bad = scratch.run({u"catalog"_s, u"add-profile"_s, u"--from"_s, u"vllm-bench"_s, notBench,
                                 u"--accelerator"_s, u"l40s"_s, u"--chips"_s, u"1"_s, u"--model-params"_s, u"3e9"_s});
    CHECK(bad.exitCode == 2);
    CHECK(bad.err.contains(u"output_throughput"_s));
}

TEST_CASE("report A B: a comparison page with each scenario's figures", "[cli][compare][report]")
{
    Scratch scratch;
    const QString a = examplePath(u"llama-70b.accelplan"_s);
    const QString b = examplePath(u"jax-8b-tpu-or-gpu.accelplan"_s);
    const QString pdf = scratch.dir.filePath(u"both.pdf"_s);
    const Run run = scratch.run({u"report"_s, u"-o"_s, pdf, a, b});
    INFO(run.err.toStdString());
    REQUIRE(run.exitCode == 0);
    const QString flat = pdfFlatText(pdf);
    const QJsonArray compared =
        jsonObject(scratch.run({u"compare"_s, a, b, u"--format"_s, u"json"_s}))[u"scenarios"_s].toArray();
    REQUIRE(compared.size() == 2);
    CHECK(flat.contains(u"Comparison"_s));
    CHECK(flat.contains(u"deltas against "_s + compared.at(0)[u"name"_s].toString()));
    CHECK(flat.contains(compared.at(1)[u"name"_s].toString() + u": "_s + compared.at(1)[u"recommendation"_s].toString()));
    CHECK(flat.contains(u"baseline"_s));
    // The cash-flow chart of the compared scenarios, drawn as vectors with its title and legend.
    CHECK(flat.contains(u"Cash out of each scenario added up month by month"_s));
    CHECK(flat.contains(u"Cash out, added up month by month ("_s));
    CHECK(flat.contains(compared.at(1)[u"name"_s].toString()));
    // One scenario: no comparison page.
    const QString single = scratch.dir.filePath(u"one.pdf"_s);
    REQUIRE(scratch.run({u"report"_s, u"-o"_s, single, a}).exitCode == 0);
    QProcess one;
    one.start(u"pdftotext"_s, {single, u"-"_s});
    REQUIRE(one.waitForFinished(30'000));
    CHECK_FALSE(QString::fromUtf8(one.readAllStandardOutput()).contains(u"Comparison"_s));
}

TEST_CASE("cash flow: owned hardware is paid up front, rented capacity as it is used", "[cli][owned]")
{
    Scratch scratch;
    const QString owned = scratch.write(
        u"buy-only.accelplan"_s,
        R"({"format": "accelplan-scenario", "version": 1, "name": "Buy only",
            "training": {"model": "llama3-70b", "tokens": 2e12, "deadline_days": 60},
            "constraints": {"offer_kinds": ["owned"]}})");
    const QJsonObject plan = jsonObject(scratch.run({u"plan"_s, owned, u"--format"_s, u"json"_s}));
    const QJsonObject top = firstRunnable(plan[u"training"_s].toObject());
    REQUIRE(top[u"capex"_s].isDouble());
    const QJsonObject budget = plan[u"budget"_s].toObject();
    const QJsonArray months = budget[u"months"_s].toArray();
    REQUIRE_FALSE(months.isEmpty());
    // The whole capex goes out in the first month, more than the run's amortised cost.
    CHECK(months.at(0)[u"cash_out"_s].toDouble() >= top[u"capex"_s].toDouble());
    // Servers the run does not fill are costed whole (their idle share too): cash never below the budget.
    CHECK(budget[u"cash_total"_s].toDouble() >= budget[u"total"_s].toDouble() - 0.01);
    double sum = 0;
    for (const QJsonValue &m : months)
        sum += m[u"cash_out"_s].toDouble();
    CHECK(sum == Approx(budget[u"cash_total"_s].toDouble()));

    // Rented: the cash out is the budget, month by month.
    const QJsonObject rented = jsonObject(scratch.run({u"plan"_s, examplePath(u"chat-service-8b-eur.accelplan"_s), u"--format"_s,
                                                 u"json"_s}))[u"budget"_s].toObject();
    CHECK(rented[u"cash_total"_s].toDouble() == Approx(rented[u"total"_s].toDouble()));
    for (const QJsonValue &m : rented[u"months"_s].toArray())
        CHECK(m[u"cash_out"_s].toDouble() == Approx(m[u"total"_s].toDouble()));

    const QString pdf = scratch.dir.filePath(u"cash.pdf"_s);
    REQUIRE(scratch.run({u"report"_s, u"-o"_s, pdf, owned}).exitCode == 0);
    const QString flat = pdfFlatText(pdf);
    CHECK(flat.contains(u"Cash out"_s));
    CHECK(flat.contains(u"paid for in the month it starts"_s));
    // Energy of the recommended (owned H100/B200) run; on premises there is no grid to price CO2e.
    CHECK(flat.contains(u"Energy: training "_s));
    CHECK(flat.contains(u"no grid intensity known for the region"_s));
}

TEST_CASE("energy: kWh at TDP × PUE and CO2e from the region's dated grid average", "[cli][energy]")
{
    Scratch scratch;
    const QJsonObject train = jsonObject(scratch.run({u"train"_s, u"--model"_s, u"llama3-8b"_s, u"--tokens"_s, u"100B"_s,
                                                u"--provider"_s, u"AWS"_s, u"--region"_s, u"us-east-1"_s,
                                                u"--region"_s, u"eu-north-1"_s, u"--format"_s, u"json"_s}));
    int checked = 0;
    for (const QJsonValue &v : train[u"options"_s].toArray()) {
        const QJsonObject o = v.toObject();
        if (!o[u"runnable"_s].toBool() || o[u"accelerator"_s].toString() != u"h100-sxm"_s)
            continue;
        ++checked;
        // 700 W per H100 (catalog TDP), PUE 1.3 by default, the run's wall hours.
        const double kwh = o[u"chips"_s].toDouble() * 700 * 1.3 * o[u"wall_hours"_s].toDouble() / 1000;
        CHECK(o[u"energy_kwh"_s].toDouble() == Approx(kwh));
        const double grid = o[u"region"_s].toString() == u"us-east-1"_s ? 396.25 : 24.71;
        CHECK(o[u"grid_gco2e_per_kwh"_s].toDouble() == Approx(grid));
        CHECK(o[u"co2e_kg"_s].toDouble() == Approx(kwh * grid / 1000));
        CHECK(o[u"energy_basis"_s].toString().contains(u"grid average, 2023"_s));
    }
    CHECK(checked >= 2);
    // A region with no known grid: kWh, and no CO2e rather than a guess.
    const QJsonObject lambda = jsonObject(scratch.run({u"train"_s, u"--model"_s, u"llama3-8b"_s, u"--tokens"_s, u"100B"_s,
                                                 u"--provider"_s, u"Lambda"_s, u"--format"_s, u"json"_s}));
    const QJsonObject first = firstRunnable(lambda);
    REQUIRE_FALSE(first.isEmpty());
    CHECK(first[u"energy_kwh"_s].toDouble() > 0);
    CHECK(first[u"co2e_kg"_s].isNull());
}

TEST_CASE("catalog add-profile --from training-log: the measured MFU reproduces the run", "[cli][calibration]")
{
    Scratch scratch;
    const QString log = dataPath(u"bench/training_log_llama3-8b_64xh100.csv"_s);
    // The log is a steady state: it is reproduced by a steady-state projection.
    const QStringList train{u"train"_s, u"--model"_s, u"llama3-8b"_s, u"--tokens"_s, u"10B"_s, u"--chips"_s, u"64"_s,
                            u"--accelerator"_s, u"h100-sxm"_s, u"--steady-state"_s, u"--format"_s, u"json"_s};
    const double measuredHours = 10e9 / 525500 / 3600; // the log's steady rate
    const double before = jsonObject(scratch.run(train))[u"wall_hours"_s].toDouble();
    const Run added = scratch.run({u"catalog"_s, u"add-profile"_s, u"--from"_s, u"training-log"_s, log,
                                   u"--accelerator"_s, u"h100-sxm"_s, u"--chips"_s, u"64"_s, u"--model"_s,
                                   u"llama3-8b"_s});
    INFO(added.err.toStdString());
    REQUIRE(added.exitCode == 0);
    CHECK(added.out.contains(u"the profile used until now assumed MFU"_s)); // the residual
    const QJsonObject after = jsonObject(scratch.run(train));
    CHECK(after[u"wall_hours"_s].toDouble() == Approx(measuredHours).epsilon(0.10));
    CHECK(std::abs(before / measuredHours - 1) > 0.10);
    CHECK(after[u"mfu_source"_s].toString().contains(log));
    CHECK(after[u"projection_kind"_s].toString() == u"steady_state"_s);
    // A real run (the default) is a campaign: the published whole runs' factor comes on top.
    QStringList campaign = train;
    campaign.removeAll(u"--steady-state"_s);
    const QJsonObject whole = jsonObject(scratch.run(campaign));
    CHECK(whole[u"projection_kind"_s].toString() == u"campaign"_s);
    CHECK(whole[u"wall_hours"_s].toDouble() > after[u"wall_hours"_s].toDouble() * 1.05);
    CHECK(whole[u"band_basis"_s].toObject()[u"class"_s].toString() == u"training/campaign"_s);
    // The log joins the fit as a steady-state row of its own source.
    const QJsonObject mine = userMeasurementRow(scratch, u"training"_s);
    REQUIRE_FALSE(mine.isEmpty());
    CHECK(mine[u"figure"_s].toString() == u"steady_throughput"_s);
    CHECK(mine[u"in_sample"_s].isDouble());
    // A log without a rate column is refused with the column named.
    const QString bad = scratch.write(u"bad.csv"_s, "step,loss\n1,2.5\n2,2.4\n");
    const Run refused = scratch.run({u"catalog"_s, u"add-profile"_s, u"--from"_s, u"training-log"_s, bad,
                                     u"--accelerator"_s, u"h100-sxm"_s, u"--chips"_s, u"64"_s, u"--model"_s,
                                     u"llama3-8b"_s});
    CHECK(refused.exitCode == 2);
    CHECK(refused.err.contains(u"tokens_per_s"_s));
}

TEST_CASE("plan --steady-state and training.steady_state project the steady state, a campaign is the default", "[cli][measurements]")
{
    Scratch scratch;
    const QString example = examplePath(u"llama-70b.accelplan"_s);
    const QJsonObject campaign = firstRunnable(jsonObject(scratch.run({u"plan"_s, example, u"--format"_s, u"json"_s}))[u"training"_s].toObject());
    const QJsonObject steady = firstRunnable(
        jsonObject(scratch.run({u"plan"_s, example, u"--steady-state"_s, u"--format"_s, u"json"_s}))[u"training"_s].toObject());
    CHECK(campaign[u"projection_kind"_s].toString() == u"campaign"_s);
    CHECK(campaign[u"band_basis"_s].toObject()[u"class"_s].toString() == u"training/campaign"_s);
    CHECK(campaign[u"band_basis"_s].toObject()[u"measurements"_s].toInt() >= 10);
    CHECK(steady[u"projection_kind"_s].toString() == u"steady_state"_s);
    CHECK(steady[u"band_basis"_s].toObject()[u"class"_s].toString().startsWith(u"training/steady/"_s));
    CHECK(steady[u"chip_hours"_s].toDouble() < campaign[u"chip_hours"_s].toDouble());
    // The scenario's own key does the same as the flag.
    QFile file(example);
    REQUIRE(file.open(QIODevice::ReadOnly));
    QJsonObject document = QJsonDocument::fromJson(file.readAll()).object();
    QJsonObject training = document[u"training"_s].toObject();
    training.insert(u"steady_state"_s, true);
    document.insert(u"training"_s, training);
    const QString keyed = scratch.write(u"steady.accelplan"_s, QJsonDocument(document).toJson());
    const QJsonObject fromKey = firstRunnable(jsonObject(scratch.run({u"plan"_s, keyed, u"--format"_s, u"json"_s}))[u"training"_s].toObject());
    CHECK(fromKey[u"projection_kind"_s].toString() == u"steady_state"_s);
    CHECK(fromKey[u"chip_hours"_s].toDouble() == Approx(steady[u"chip_hours"_s].toDouble()));
}
