// Buying tokens instead of chips (issue 39, part 2): `serve` and `plan` rank the hosted APIs that
// serve the same model beside self-hosting, each priced from its shipped, sourced per-token price,
// with the load where self-hosting becomes cheaper; --prefix-cache-hit cuts the prefill a
// self-hosted replica computes.
#include "tests/cli/clirun.h"
#include "tests/qtstringmaker.h"
#include "tests/testsupport.h"

#include <catch2/catch.hpp>

#include <QJsonArray>
#include <QJsonObject>

using namespace Qt::StringLiterals;
using namespace accelplan::test;

namespace {

QJsonObject serve(const Scratch &scratch, const QStringList &more = {})
{
    const Run run = scratch.run(QStringList{u"serve"_s, u"--model"_s, u"llama3-70b"_s, u"--input-tokens"_s, u"2000"_s,
                                            u"--output-tokens"_s, u"500"_s, u"--qps"_s, u"2"_s, u"--format"_s, u"json"_s}
                                + more);
    INFO(run.err.toStdString());
    REQUIRE(run.exitCode == 0);
    return jsonObject(run);
}

} // namespace

TEST_CASE("apis: serve ranks the hosted APIs of the same model, each priced from its sourced per-token price", "[cli][apis]")
{
    Scratch scratch;
    const QJsonObject head = serve(scratch);
    const QJsonArray apis = head[u"api_options"_s].toArray();
    REQUIRE(apis.size() >= 5);
    double previous = 0;
    const double month = 730.0 * 3600.0;
    for (const auto &value : apis) {
        const QJsonObject a = value.toObject();
        INFO(a[u"provider"_s].toString().toStdString() + " " + a[u"api_model"_s].toString().toStdString());
        // Llama 3, 3.1 and 3.3 70B are one model to serve.
        CHECK(QStringList{u"llama3.1-70b"_s, u"llama3.3-70b"_s}.contains(a[u"model_preset"_s].toString()));
        CHECK(a[u"source_url"_s].toString().startsWith(u"https://"_s));
        CHECK(a[u"as_of"_s].toString().size() == 10);
        // 2000 input and 500 output tokens at the per-1M prices (USD plan, no cached share).
        const double perRequest = (2000 * a[u"input_per_1m"_s].toDouble() + 500 * a[u"output_per_1m"_s].toDouble()) / 1e6;
        CHECK(a[u"cost_per_request"_s].toDouble() == Approx(perRequest));
        CHECK(a[u"cost_per_million_output_tokens_all_in"_s].toDouble() == Approx(perRequest / 500 * 1e6));
        CHECK(a[u"monthly_cost"_s].toDouble() == Approx(perRequest * 2 * month));
        CHECK(a[u"cost_basis"_s].toString().contains(u"2000 input tokens"_s));
        CHECK(a[u"cost_per_request"_s].toDouble() >= previous); // cheapest first
        previous = a[u"cost_per_request"_s].toDouble();
    }
    // The head's break-even is the cheapest API's.
    CHECK(head[u"break_even_qps"_s] == apis[0][u"break_even_qps"_s]);
    // A dearer API breaks even at a lower load than a cheaper one (against the same self-hosted option).
    double lastBreakEven = 1e300;
    for (const auto &value : apis)
        if (value[u"break_even_qps"_s].isDouble()) {
            CHECK(value[u"break_even_qps"_s].toDouble() <= lastBreakEven * (1 + 1e-9));
            lastBreakEven = value[u"break_even_qps"_s].toDouble();
        }
    CHECK(lastBreakEven < 1e300); // at least one API is dearer than self-hosting at some load

    // The table says it in a sentence and lists them.
    const Run table = scratch.run({u"serve"_s, u"--model"_s, u"llama3-70b"_s, u"--input-tokens"_s, u"2000"_s,
                                   u"--output-tokens"_s, u"500"_s, u"--qps"_s, u"2"_s});
    CHECK(table.out.contains(u"Buying tokens: the cheapest of %1 hosted API price(s)"_s.arg(apis.size())));
    CHECK(table.out.contains(u"break_even_qps"_s));

    // A model no API in the catalog serves: none, and no break-even.
    const Run none = scratch.run({u"serve"_s, u"--model-params"_s, u"13B"_s, u"--input-tokens"_s, u"100"_s,
                                  u"--output-tokens"_s, u"100"_s, u"--qps"_s, u"1"_s, u"--format"_s, u"json"_s});
    REQUIRE(none.exitCode == 0);
    CHECK(jsonObject(none)[u"api_options"_s].toArray().isEmpty());
    CHECK(jsonObject(none)[u"break_even_qps"_s].isNull());
}

TEST_CASE("apis: the prefix cache hit rate cuts self-hosted prefill and bills the cached share at the cached price", "[cli][apis]")
{
    Scratch scratch;
    const QStringList onH100{u"--ttft-ms"_s, u"100000"_s, u"--accelerator"_s, u"h100-sxm"_s};
    const QJsonObject cold = serve(scratch, onH100);
    const QJsonObject warm = serve(scratch, onH100 + QStringList{u"--prefix-cache-hit"_s, u"0.75"_s});
    CHECK(warm[u"prefix_cache_hit"_s].toDouble() == 0.75);
    CHECK(cold[u"prefix_cache_hit"_s].toDouble() == 0);
    // A quarter of the prompt is computed: the first token comes sooner on the same chips.
    REQUIRE(cold[u"accelerator"_s] == warm[u"accelerator"_s]);
    CHECK(warm[u"ttft_ms"_s].toDouble() < cold[u"ttft_ms"_s].toDouble() * 0.75);
    // These APIs give no cached price: the cached share is billed at the input price, and says so.
    const QJsonObject api = warm[u"api_options"_s].toArray()[0].toObject();
    REQUIRE(api[u"cached_input_per_1m"_s].isNull());
    CHECK(api[u"cost_basis"_s].toString().contains(u"1500 cached input tokens"_s));
    CHECK(api[u"cost_basis"_s].toString().contains(u"no cached price given: the input price"_s));
    CHECK(api[u"cost_per_request"_s].toDouble() == Approx(cold[u"api_options"_s].toArray()[0][u"cost_per_request"_s].toDouble()));

    // Out of range: refused by the option.
    const Run bad = scratch.run({u"serve"_s, u"--model"_s, u"llama3-70b"_s, u"--input-tokens"_s, u"2000"_s,
                                 u"--output-tokens"_s, u"500"_s, u"--prefix-cache-hit"_s, u"1.5"_s});
    CHECK(bad.exitCode == 1);
    CHECK(bad.err.contains(u"--prefix-cache-hit"_s));
}

TEST_CASE("apis: plan's serving section carries the APIs, and a scenario keeps its prefix cache hit rate", "[cli][apis]")
{
    Scratch scratch;
    const QString scenario = scratch.write(u"chat.accelplan"_s, R"({
  "format": "accelplan-scenario",
  "version": 1,
  "name": "chat",
  "currency": "USD",
  "inference": {"model": "llama3.1-8b", "input_tokens": 1000, "output_tokens": 200,
                "requests_per_second": 20, "prefix_cache_hit": 0.5}
})");
    const Run run = scratch.run({u"plan"_s, scenario, u"--format"_s, u"json"_s});
    INFO(run.err.toStdString());
    REQUIRE(run.exitCode == 0);
    const QJsonObject inference = jsonObject(run)[u"inference"_s].toObject();
    CHECK(inference[u"prefix_cache_hit"_s].toDouble() == 0.5);
    const QJsonArray apis = inference[u"api_options"_s].toArray();
    REQUIRE_FALSE(apis.isEmpty());
    for (const auto &a : apis)
        CHECK(a[u"model_preset"_s].toString() == u"llama3.1-8b"_s);
    CHECK(inference[u"break_even_qps"_s] == apis[0][u"break_even_qps"_s]);
}
