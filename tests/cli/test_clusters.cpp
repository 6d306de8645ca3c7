// train and plan: every training option says the cluster it runs on, and the procurement
// constraints decide which offers may be used.
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

QJsonArray trainingOptions(const Run &run, bool plan)
{
    REQUIRE(run.exitCode == 0);
    const QJsonObject json = QJsonDocument::fromJson(run.out.toUtf8()).object();
    return plan ? json[u"training"_s][u"options"_s].toArray() : json[u"options"_s].toArray();
}

} // namespace

TEST_CASE("clusters: every training option in train and plan JSON has its cluster and layout", "[cli][clusters]")
{
    Scratch scratch;
    const bool plan = GENERATE(false, true);
    const Run run = plan ? scratch.run({u"plan"_s, examplePath(u"llama-70b.accelplan"_s), u"--format"_s, u"json"_s})
                         : scratch.run({u"train"_s, u"--model"_s, u"llama3-70b"_s, u"--tokens"_s, u"2T"_s,
                                        u"--deadline-days"_s, u"60"_s, u"--format"_s, u"json"_s});
    const QJsonArray options = trainingOptions(run, plan);
    REQUIRE(options.size() > 20);
    int runnable = 0, refusedForNoFabric = 0;
    for (const QJsonValue &value : options) {
        const QJsonObject o = value.toObject();
        INFO(o[u"provider"_s].toString().toStdString() << " " << o[u"sku"_s].toString().toStdString());
        for (const char *key : {"nodes", "accelerators_per_node", "scale_out", "max_cluster_nodes", "parallelism",
                                "interruption", "step_time_breakdown"})
            CHECK(o.contains(QString::fromLatin1(key)));
        CHECK(o[u"scale_out"_s].toObject().contains(u"fabric"_s));
        CHECK(o[u"scale_out"_s].toObject().contains(u"gbps_per_node"_s));
        if (o[u"price_model"_s].toString() != u"spot"_s)
            CHECK(o[u"interruption"_s].toDouble() == 1.0);
        if (o[u"offer_kind"_s].toString() == u"marketplace"_s) {
            CHECK(o[u"scale_out"_s][u"fabric"_s].toString() == u"none"_s);
            CHECK(o[u"max_cluster_nodes"_s].toInt() == 1);
            CHECK_FALSE(o[u"runnable"_s].toBool()); // a 70B run needs more than one host
            refusedForNoFabric += o[u"reason"_s].toString().contains(u"no cluster network"_s);
        }
        if (!o[u"runnable"_s].toBool())
            continue;
        ++runnable;
        const QJsonObject p = o[u"parallelism"_s].toObject();
        CHECK(p[u"tp"_s].toInt() * p[u"pp"_s].toInt() * p[u"dp"_s].toInt() == o[u"chips"_s].toInt());
        CHECK(p[u"tp"_s].toInt() <= 8);
        const int perNode = o[u"accelerators_per_node"_s].toInt();
        CHECK(o[u"nodes"_s].toInt() == (o[u"chips"_s].toInt() + perNode - 1) / perNode);
        const QJsonObject step = o[u"step_time_breakdown"_s].toObject();
        double shares = 0;
        for (const QString &part : {u"compute"_s, u"tp_comm"_s, u"pp_bubble"_s, u"dp_comm"_s, u"ep_comm"_s})
            shares += step[part].toDouble();
        CHECK(shares == Approx(1.0));
        CHECK(step[u"compute"_s].toDouble() > 0);
    }
    CHECK(runnable > 10);
    CHECK(refusedForNoFabric > 0);
}

TEST_CASE("clusters: train obeys the procurement constraints", "[cli][clusters]")
{
    Scratch scratch;
    const QStringList base = {u"train"_s, u"--model"_s, u"llama3-70b"_s, u"--tokens"_s, u"2T"_s, u"--deadline-days"_s,
                              u"60"_s, u"--format"_s, u"json"_s};
    const QJsonArray all = trainingOptions(scratch.run(base), false);
    REQUIRE_FALSE(all.isEmpty());
    CHECK(all.first()[u"price_model"_s].toString() == u"spot"_s); // without constraints spot ranks first here

    const QJsonArray limited = trainingOptions(
        scratch.run(base + QStringList{u"--exclude-spot"_s, u"--exclude-marketplace"_s, u"--min-scale-out-gbps"_s, u"1600"_s}),
        false);
    REQUIRE_FALSE(limited.isEmpty());
    for (const QJsonValue &o : limited) {
        CHECK(o[u"price_model"_s].toString() != u"spot"_s);
        CHECK(o[u"offer_kind"_s].toString() != u"marketplace"_s);
        CHECK(o[u"scale_out"_s][u"gbps_per_node"_s].toDouble() >= 1600);
    }
    CHECK(limited.size() < all.size());

    const QJsonArray infiniband = trainingOptions(scratch.run(base + QStringList{u"--fabric"_s, u"infiniband"_s}), false);
    REQUIRE_FALSE(infiniband.isEmpty());
    for (const QJsonValue &o : infiniband)
        CHECK(o[u"scale_out"_s][u"fabric"_s].toString() == u"infiniband"_s);

    const QJsonArray whole = trainingOptions(scratch.run(base + QStringList{u"--whole-nodes"_s, u"--kind"_s, u"tpu"_s}), false);
    REQUIRE_FALSE(whole.isEmpty());
    for (const QJsonValue &o : whole) {
        if (o[u"runnable"_s].toBool())
            CHECK(o[u"chips"_s].toInt() % o[u"accelerators_per_node"_s].toInt() == 0);
    }

    const Run bad = scratch.run(base + QStringList{u"--fabric"_s, u"token-ring"_s});
    CHECK(bad.exitCode == 1);
    CHECK(bad.err.contains(u"--fabric"_s));
}

TEST_CASE("clusters: int8 training where the chip has an int8 peak, refused where it has none", "[cli][clusters]")
{
    Scratch scratch;
    const QStringList base = {u"train"_s, u"--model"_s, u"llama3-70b"_s, u"--tokens"_s, u"2T"_s, u"--precision"_s,
                              u"int8"_s, u"--format"_s, u"json"_s, u"--accelerator"_s};
    const Run tpu = scratch.run(base + QStringList{u"tpu-v5p"_s});
    REQUIRE(tpu.exitCode == 0);
    const QJsonObject json = QJsonDocument::fromJson(tpu.out.toUtf8()).object();
    CHECK(json[u"runnable"_s].toBool());
    CHECK(json[u"peak_tflops_per_chip"_s].toDouble() > 900); // v5p: 918 int8 TOPS, twice its bf16 peak
    bool said = false;
    for (const QJsonValue &warning : json[u"warnings"_s].toArray())
        said = said || warning.toString().contains(u"applied to int8"_s);
    CHECK(said); // the MFU was measured at another precision, and the output says so

    const Run b300 = scratch.run(base + QStringList{u"b300"_s});
    REQUIRE(b300.exitCode == 0);
    const QJsonObject refused = QJsonDocument::fromJson(b300.out.toUtf8()).object();
    CHECK_FALSE(refused[u"runnable"_s].toBool());
    CHECK(refused[u"reason"_s].toString().contains(u"no int8 tensor peak"_s));
}

TEST_CASE("clusters: plan recommends a disaggregated deployment for long prompts under a tight TPOT and says so", "[cli][clusters][serve]")
{
    Scratch scratch;
    const QString file = scratch.write(u"long-prompts.accelplan"_s, R"({"format": "accelplan-scenario", "version": 1,
 "name": "long prompts", "currency": "USD",
 "inference": {"model": "llama3-70b", "precision": "fp8", "input_tokens": 8000, "output_tokens": 500,
               "requests_per_second": 20, "ttft_ms": 2000, "tpot_ms": 15, "months": 12},
 "constraints": {"providers": ["AWS"], "exclude_spot": true}})");
    const Run run = scratch.run({u"plan"_s, file, u"--format"_s, u"json"_s});
    INFO(run.err.toStdString());
    REQUIRE(run.exitCode == 0);
    const QJsonObject json = QJsonDocument::fromJson(run.out.toUtf8()).object();
    CHECK(json[u"recommendation"_s].toString().contains(u"prefill"_s));
    CHECK(json[u"recommendation"_s].toString().contains(u"decode"_s));
    const QJsonArray options = json[u"inference"_s].toObject()[u"options"_s].toArray();
    REQUIRE_FALSE(options.isEmpty());
    const QJsonObject first = options.first().toObject();
    const QJsonObject split = first[u"disaggregation"_s].toObject();
    REQUIRE_FALSE(split.isEmpty());
    CHECK(first[u"chips"_s].toInt()
          == split[u"prefill_replicas"_s].toInt() * split[u"prefill_chips_per_replica"_s].toInt()
                 + split[u"decode_replicas"_s].toInt() * split[u"decode_chips_per_replica"_s].toInt());
    CHECK(first[u"tpot_p90_ms"_s].toDouble() <= 15);
}

TEST_CASE("clusters: --global-batch-tokens sets the layout's batch and a bad value is a usage error", "[cli][clusters]")
{
    Scratch scratch;
    const QStringList base = {u"train"_s, u"--model"_s, u"llama3-70b"_s, u"--tokens"_s, u"2T"_s, u"--accelerator"_s,
                              u"h100-sxm"_s, u"--chips"_s, u"512"_s, u"--format"_s, u"json"_s};
    const QJsonArray assumed = trainingOptions(scratch.run(base), false);
    const QJsonArray given = trainingOptions(scratch.run(base + QStringList{u"--global-batch-tokens"_s, u"1M"_s}), false);
    REQUIRE_FALSE(assumed.isEmpty());
    REQUIRE(given.size() == assumed.size());
    const QJsonObject a = assumed.first().toObject();
    QJsonObject g;
    for (const QJsonValue &v : given) {
        if (v[u"sku"_s] == a[u"sku"_s] && v[u"region"_s] == a[u"region"_s] && v[u"price_model"_s] == a[u"price_model"_s])
            g = v.toObject();
    }
    REQUIRE_FALSE(g.isEmpty());
    CHECK(a[u"layout"_s].toString().contains(u"tokens a step (assumed)"_s));
    CHECK(g[u"layout"_s].toString().contains(u", 1M tokens a step;"_s));
    // An eighth of the assumed batch leaves less compute to hide each step's communication behind.
    CHECK(g[u"step_time_breakdown"_s][u"compute"_s].toDouble() < a[u"step_time_breakdown"_s][u"compute"_s].toDouble());
    CHECK(g[u"wall_hours"_s].toDouble() > a[u"wall_hours"_s].toDouble());

    const Run bad = scratch.run(base + QStringList{u"--global-batch-tokens"_s, u"lots"_s});
    CHECK(bad.exitCode == 1);
    CHECK(bad.err.contains(u"--global-batch-tokens 'lots'"_s));
}

TEST_CASE("clusters: train and serve JSON is streamed as QJsonDocument's own indented text", "[cli][clusters]")
{
    Scratch scratch;
    const bool serving = GENERATE(false, true);
    const Run run = serving ? scratch.run({u"serve"_s, u"--model"_s, u"llama3-70b"_s, u"--input-tokens"_s, u"1000"_s,
                                           u"--output-tokens"_s, u"300"_s, u"--qps"_s, u"5"_s, u"--format"_s, u"json"_s})
                            : scratch.run({u"train"_s, u"--model"_s, u"llama3-70b"_s, u"--tokens"_s, u"2T"_s,
                                           u"--format"_s, u"json"_s});
    REQUIRE(run.exitCode == 0);
    const QByteArray text = run.out.toUtf8();
    const QJsonDocument parsed = QJsonDocument::fromJson(text);
    REQUIRE(parsed.isObject());
    CHECK(parsed[u"options"_s].toArray().size() > 20);
    // Written one option at a time, yet the same bytes Qt writes for the whole document.
    CHECK(parsed.toJson(QJsonDocument::Indented) == text);
}
