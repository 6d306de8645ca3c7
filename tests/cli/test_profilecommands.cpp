// catalog profiles / remove-profile / disable-profile / enable-profile, and a measurement that
// calibrates only its own precision, through the real command line on a scratch database.
#include "tests/cli/clirun.h"
#include "tests/qtstringmaker.h"
#include "tests/testsupport.h"

#include <catch2/catch.hpp>

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

using namespace Qt::StringLiterals;
using namespace accelplan;
using namespace accelplan::test;

namespace {

QJsonArray userProfiles(const Scratch &scratch)
{
    QJsonArray user;
    for (const QJsonValue &p : jsonArray(scratch.run({u"catalog"_s, u"profiles"_s, u"--format"_s, u"json"_s})))
        if (p[u"origin"_s].toString() == u"user"_s)
            user.append(p);
    return user;
}

double trainingMfu(const Scratch &scratch)
{
    const QJsonObject run = jsonObject(scratch.run({u"train"_s, u"--model-params"_s, u"7B"_s, u"--tokens"_s, u"1T"_s,
                                                    u"--accelerator"_s, u"h100-sxm"_s, u"--chips"_s, u"64"_s,
                                                    u"--format"_s, u"json"_s}));
    return run[u"mfu"_s].toDouble();
}

} // namespace

TEST_CASE("cli: catalog profiles gives user profiles an id, which remove/disable/enable-profile take",
          "[cli][profiles]")
{
    Scratch scratch;
    const double shippedMfu = trainingMfu(scratch);
    REQUIRE(shippedMfu != Approx(0.55));
    REQUIRE(scratch.run({u"catalog"_s, u"add-profile"_s, dataPath(u"profiles/user_h100.csv"_s)}).exitCode == 0);
    const Run bench = scratch.run({u"catalog"_s, u"add-profile"_s, u"--from"_s, u"vllm-bench"_s,
                                   dataPath(u"bench/vllm_llama3.2-3b_4xl40s_30qps.json"_s), u"--accelerator"_s,
                                   u"l40s"_s, u"--chips"_s, u"4"_s, u"--replicas"_s, u"4"_s, u"--model-params"_s,
                                   u"3.21e9"_s});
    INFO(bench.err.toStdString());
    REQUIRE(bench.exitCode == 0);
    CHECK(trainingMfu(scratch) == Approx(0.55));

    const QJsonArray listed = userProfiles(scratch);
    REQUIRE(listed.size() == 2);
    qint64 trainingId = 0;
    qint64 servingId = 0;
    for (const QJsonValue &p : listed) {
        CHECK(p[u"enabled"_s].toBool());
        CHECK(p[u"id"_s].isDouble());
        (p[u"accelerator"_s].toString() == u"h100-sxm"_s ? trainingId : servingId) = p[u"id"_s].toInteger();
    }
    REQUIRE(trainingId > 0);
    REQUIRE(servingId > 0);
    CHECK(trainingId != servingId);
    // Shipped profiles have none.
    const QJsonArray all = jsonArray(scratch.run({u"catalog"_s, u"profiles"_s, u"--format"_s, u"json"_s}));
    CHECK(all.last()[u"origin"_s].toString() == u"shipped"_s);
    CHECK(all.last()[u"id"_s].isNull());
    // The table shows the ids too.
    const Run table = scratch.run({u"catalog"_s, u"profiles"_s, u"--accelerator"_s, u"h100-sxm"_s});
    REQUIRE(table.exitCode == 0);
    CHECK(table.out.section(u'\n', 0, 0).contains(u"id"_s));

    // An unknown id: a clear error naming it, exit status 1, nothing changed.
    for (const QString &command : {u"remove-profile"_s, u"disable-profile"_s, u"enable-profile"_s}) {
        const Run unknown = scratch.run({u"catalog"_s, command, u"999"_s});
        CHECK(unknown.exitCode == 1);
        CHECK(unknown.err.contains(u"no user profile with id '999'"_s));
        CHECK(unknown.err.contains(QString::number(trainingId)));
    }
    CHECK(scratch.run({u"catalog"_s, u"remove-profile"_s}).exitCode == 1);
    CHECK(scratch.run({u"catalog"_s, u"remove-profile"_s, u"first"_s}).exitCode == 1);
    CHECK(userProfiles(scratch) == listed);

    // Disabled: kept and listed, not planned with; enabled: planned with again.
    const Run disabled = scratch.run({u"catalog"_s, u"disable-profile"_s, QString::number(trainingId)});
    REQUIRE(disabled.exitCode == 0);
    CHECK(trainingMfu(scratch) == Approx(shippedMfu));
    bool listedDisabled = false;
    for (const QJsonValue &p : userProfiles(scratch))
        if (p[u"id"_s].toInteger() == trainingId)
            listedDisabled = !p[u"enabled"_s].toBool();
    CHECK(listedDisabled);
    REQUIRE(scratch.run({u"catalog"_s, u"enable-profile"_s, QString::number(trainingId)}).exitCode == 0);
    CHECK(trainingMfu(scratch) == Approx(0.55));

    // Removed: gone from the list and the plan; the other profile stays.
    const Run removed = scratch.run({u"catalog"_s, u"remove-profile"_s, QString::number(trainingId)});
    REQUIRE(removed.exitCode == 0);
    CHECK(removed.out.contains(u"user_h100.csv"_s));
    CHECK(trainingMfu(scratch) == Approx(shippedMfu));
    const QJsonArray left = userProfiles(scratch);
    REQUIRE(left.size() == 1);
    CHECK(left.first()[u"id"_s].toInteger() == servingId);
    CHECK(scratch.run({u"catalog"_s, u"remove-profile"_s, QString::number(trainingId)}).exitCode == 1);
}

TEST_CASE("cli: a bf16 vLLM measurement does not calibrate fp8 serving, and says why", "[cli][calibration]")
{
    Scratch scratch;
    REQUIRE(scratch.run({u"catalog"_s, u"add-profile"_s, u"--from"_s, u"vllm-bench"_s,
                         dataPath(u"bench/vllm_llama3.2-3b_4xl40s_30qps.json"_s), u"--accelerator"_s, u"l40s"_s,
                         u"--chips"_s, u"4"_s, u"--replicas"_s, u"4"_s, u"--model-params"_s, u"3.21e9"_s})
                .exitCode
            == 0);
    auto serve = [&](const QString &precision) {
        return jsonObject(scratch.run({u"serve"_s, u"--model-params"_s, u"3.21e9"_s, u"--accelerator"_s, u"l40s"_s,
                                       u"--input-tokens"_s, u"999"_s, u"--output-tokens"_s, u"267"_s,
                                       u"--concurrency"_s, u"35"_s, u"--chips-per-replica"_s, u"1"_s, u"--qps"_s,
                                       u"22"_s, u"--precision"_s, precision, u"--format"_s, u"json"_s}));
    };
    const QJsonObject bf16 = serve(u"bf16"_s);
    CHECK(bf16[u"calibration"_s].toDouble() != 1.0);
    CHECK(bf16[u"calibration_source"_s].toString().contains(u"the model before calibration gave"_s));
    const QJsonObject fp8 = serve(u"fp8"_s);
    CHECK(fp8[u"calibration"_s].toDouble() == 1.0);
    CHECK(fp8[u"calibration_source"_s].toString().contains(u"not calibrated"_s));
    CHECK(fp8[u"calibration_source"_s].toString().contains(u"bf16"_s));
}

TEST_CASE("cli: add-profile refuses a benchmark measurement no chip can make, by its own field", "[cli][calibration]")
{
    Scratch scratch;
    const QString vllm = dataPath(u"bench/vllm_llama3.2-3b_4xl40s_30qps.json"_s);
    const QString genai = dataPath(u"bench/genaiperf_layout_of_the_vllm_run.json"_s);
    // The measurement with one figure changed, written as a new file.
    auto changed = [&](const QString &from, const QString &name, const QString &key, const QJsonValue &value) {
        QFile file(from);
        REQUIRE(file.open(QIODevice::ReadOnly));
        QJsonObject object = QJsonDocument::fromJson(file.readAll()).object();
        if (from == genai) {
            QJsonObject metric = object[key].toObject();
            metric[u"avg"_s] = value;
            object[key] = metric;
        } else {
            object[key] = value;
        }
        return scratch.write(name, QJsonDocument(object).toJson());
    };
    auto add = [&](const QString &kind, const QString &file) {
        return scratch.run({u"catalog"_s, u"add-profile"_s, u"--from"_s, kind, file, u"--accelerator"_s, u"l40s"_s,
                            u"--chips"_s, u"4"_s, u"--replicas"_s, u"4"_s, u"--model-params"_s, u"3.21e9"_s});
    };
    struct Case
    {
        QString kind, from, key;
        QJsonValue value;
        QString field;  // named in the message
        QString reason; // and why
    };
    const QList<Case> cases = {
        {u"vllm-bench"_s, vllm, u"output_throughput"_s, 1e308, u"output_throughput"_s, u"peak"_s},
        {u"vllm-bench"_s, vllm, u"total_output_tokens"_s, 0, u"total_output_tokens"_s, u"above 0"_s},
        {u"vllm-bench"_s, vllm, u"request_throughput"_s, 0, u"request_throughput"_s, u"above 0"_s},
        {u"vllm-bench"_s, vllm, u"mean_tpot_ms"_s, 0, u"mean_tpot_ms"_s, u"above 0"_s},
        {u"genai-perf"_s, genai, u"inter_token_latency"_s, 0, u"inter_token_latency.avg"_s, u"above 0"_s},
        {u"genai-perf"_s, genai, u"output_sequence_length"_s, 0, u"output_sequence_length.avg"_s, u"above 0"_s},
        {u"genai-perf"_s, genai, u"output_token_throughput"_s, 1e308, u"output_token_throughput.avg"_s, u"peak"_s},
        // Huge request rate: was "FILE:2: error: measured_batch: 'inf'", a column of no input.
        {u"genai-perf"_s, genai, u"request_throughput"_s, 1e308, u"request_throughput.avg"_s, u"not of one run"_s},
    };
    int index = 0;
    for (const Case &c : cases) {
        const Run run = add(c.kind, changed(c.from, u"m%1.json"_s.arg(++index), c.key, c.value));
        INFO(c.kind.toStdString() << " " << c.key.toStdString() << ": " << run.err.toStdString());
        CHECK(run.exitCode == 2);
        CHECK(run.err.contains(c.field + u": "_s));
        CHECK(run.err.contains(c.reason));
        CHECK_FALSE(run.err.contains(u"measured_"_s));
        CHECK(userProfiles(scratch).isEmpty());
    }
    // The unchanged files are accepted: the bounds refuse only the impossible.
    REQUIRE(add(u"vllm-bench"_s, vllm).exitCode == 0);
    CHECK(userProfiles(scratch).size() == 1);

    // A JSON file given as a training log says so (it said "the file is empty").
    const Run json = scratch.run({u"catalog"_s, u"add-profile"_s, u"--from"_s, u"training-log"_s, vllm,
                                  u"--accelerator"_s, u"h100-sxm"_s, u"--chips"_s, u"8"_s, u"--model-params"_s, u"8e9"_s});
    CHECK(json.exitCode == 2);
    CHECK(json.err.contains(u"this is JSON"_s));
    CHECK_FALSE(json.err.contains(u"empty"_s));
    // A malformed header row is reported as such, at its line.
    const QString badHeader = scratch.write(u"log.csv"_s, "step,\"tokens_per_s\"x\n1,100\n");
    const Run header = scratch.run({u"catalog"_s, u"add-profile"_s, u"--from"_s, u"training-log"_s, badHeader,
                                    u"--accelerator"_s, u"h100-sxm"_s, u"--chips"_s, u"8"_s, u"--model-params"_s, u"8e9"_s});
    CHECK(header.exitCode == 2);
    CHECK(header.err.contains(badHeader + u":1: error:"_s));
    CHECK_FALSE(header.err.contains(u"empty"_s));
    CHECK(userProfiles(scratch).size() == 1);
}
