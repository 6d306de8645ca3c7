// catalog profiles / remove-profile / disable-profile / enable-profile, and a measurement that
// calibrates only its own precision, through the real command line on a scratch database.
#include "tests/cli/clirun.h"
#include "tests/qtstringmaker.h"
#include "tests/testsupport.h"

#include <catch2/catch.hpp>

#include <QJsonArray>
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
