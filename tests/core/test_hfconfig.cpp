// A model from its Hugging Face config.json (issue 39): the architecture read, the parameter counts
// computed from it against the counts the model cards publish, and bad files refused with file,
// line and field.
#include "core/catalog/hfconfig.h"
#include "core/scenario/scenario.h"
#include "tests/qtstringmaker.h"
#include "tests/testsupport.h"

#include <catch2/catch.hpp>

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>

using namespace Qt::StringLiterals;
using namespace accelplan;

namespace {

Result<catalog::ModelPreset> readConfig(const QString &name)
{
    const QString path = test::dataPath(u"hf/"_s + name);
    QFile file(path);
    REQUIRE(file.open(QIODevice::ReadOnly));
    return catalog::modelFromHfConfig(file.readAll(), path);
}

QString firstProblem(const Result<catalog::ModelPreset> &read)
{
    REQUIRE_FALSE(read.ok());
    REQUIRE_FALSE(read.error().details.isEmpty());
    return read.error().details.first().toString();
}

} // namespace

TEST_CASE("A Hugging Face config.json gives a dense model's shape and its published size", "[hfconfig]")
{
    const auto llama = readConfig(u"llama-3.1-70b.json"_s);
    REQUIRE(llama.ok());
    const catalog::ModelPreset &m = llama.value();
    CHECK(m.layers == 80);
    CHECK(m.hidden == 8192);
    CHECK(m.heads == 64);
    CHECK(m.kvHeads == 8);
    CHECK(m.headDim == 128);
    CHECK(m.ffnHidden == 28672);
    CHECK(m.vocab == 128256);
    CHECK(m.context == 131072);
    CHECK_FALSE(m.experts);
    // The model card: 70.6B (70,553,706,496 in the checkpoint; norms are the difference).
    CHECK(m.totalParams == Approx(70.55e9).epsilon(0.001));
    CHECK(m.activeParams == m.totalParams);
    CHECK(m.source.url.endsWith(u"hf/llama-3.1-70b.json"_s));
}

TEST_CASE("A Hugging Face config.json gives a mixture of experts its total and active parameters", "[hfconfig]")
{
    SECTION("Mixtral 8x7B: 8 experts, 2 a token")
    {
        const auto mixtral = readConfig(u"mixtral-8x7b.json"_s);
        REQUIRE(mixtral.ok());
        CHECK(mixtral.value().experts == 8);
        CHECK(mixtral.value().activeExperts == 2);
        CHECK_FALSE(mixtral.value().slidingWindow); // "sliding_window": null
        CHECK(mixtral.value().totalParams == Approx(46.7e9).epsilon(0.005));
        CHECK(mixtral.value().activeParams == Approx(12.9e9).epsilon(0.01));
    }
    SECTION("DeepSeek-V3: latent attention, 3 dense layers, 256 routed and 1 shared expert")
    {
        const auto v3 = readConfig(u"deepseek-v3.json"_s);
        REQUIRE(v3.ok());
        const catalog::ModelPreset &m = v3.value();
        CHECK(m.kvLoraRank == 512);
        CHECK(m.qkRopeHeadDim == 64);
        CHECK(m.experts == 256);
        CHECK(m.activeExperts == 8);
        CHECK(m.sharedExperts == 1);
        CHECK(m.ffnHidden == 2048);
        // The card: 671B total, 37B activated (the multi-token prediction module's 14B left out).
        CHECK(m.totalParams == Approx(671e9).epsilon(0.005));
        CHECK(m.activeParams == Approx(37e9).epsilon(0.02));
    }
}

TEST_CASE("A config.json that cannot describe a model is refused with file, line and field", "[hfconfig]")
{
    CHECK(firstProblem(readConfig(u"no_layers.json"_s)).contains(u"no_layers.json:1: error: num_hidden_layers"_s));
    CHECK(firstProblem(readConfig(u"bad_heads.json"_s)).contains(u"bad_heads.json:6: error: num_attention_heads"_s));
    CHECK(firstProblem(readConfig(u"syntax_error.json"_s)).contains(u"syntax_error.json:4: error"_s));
    CHECK_FALSE(catalog::modelFromHfConfig("[1, 2]", u"list.json"_s).ok());
}

TEST_CASE("A scenario's model_config is read into its model and written back as given", "[hfconfig]")
{
    QFile config(test::dataPath(u"hf/mixtral-8x7b.json"_s));
    REQUIRE(config.open(QIODevice::ReadOnly));
    const QJsonObject mixtral = QJsonDocument::fromJson(config.readAll()).object();
    const QJsonObject root{{u"format"_s, u"accelplan-scenario"_s},
                           {u"version"_s, 1},
                           {u"name"_s, u"a model from its config"_s},
                           {u"inference"_s, QJsonObject{{u"model_config"_s, mixtral}, {u"input_tokens"_s, 500},
                                                        {u"output_tokens"_s, 200}, {u"requests_per_second"_s, 2}}}};
    const auto read = scenario::parseScenario(QJsonDocument(root).toJson(), u"s.accelplan"_s);
    INFO((read.ok() ? QString() : read.error().message).toStdString());
    REQUIRE(read.ok());
    REQUIRE(read.value().inference->modelConfig);
    CHECK(read.value().inference->modelConfig->activeParams == Approx(12.9e9).epsilon(0.01));
    const QJsonObject written = scenario::toJson(read.value());
    CHECK(written[u"inference"_s][u"model_config"_s].toObject() == mixtral);
    // Read again, the same model.
    const auto again = scenario::parseScenario(QJsonDocument(written).toJson(), u"s.accelplan"_s);
    REQUIRE(again.ok());
    CHECK(again.value().inference->modelConfig->totalParams == read.value().inference->modelConfig->totalParams);
}
