// Scenario files: round trip, unknown keys kept, newer versions refused, every bad field named
// with its file and line.
#include "core/planning/options/requests.h"
#include "core/scenario/scenario.h"
#include "tests/planning/planfixtures.h"
#include "tests/qtstringmaker.h"
#include "tests/testsupport.h"

#include <catch2/catch.hpp>

#include <QFile>
#include <QJsonDocument>
#include <QTemporaryDir>

using namespace Qt::StringLiterals;
using namespace accelplan;
using namespace accelplan::scenario;

namespace {

QByteArray readAll(const QString &path)
{
    QFile file(path);
    REQUIRE(file.open(QIODevice::ReadOnly));
    return file.readAll();
}

QStringList messages(const Error &error)
{
    QStringList out;
    for (const Diagnostic &d : error.details)
        out.append(d.toString());
    return out;
}

} // namespace

TEST_CASE("Scenario: the example of the issue reads with its values", "[scenario]")
{
    const auto s = readScenario(test::examplePath(u"llama-70b.accelplan"_s));
    REQUIRE(s.ok());
    CHECK(s->name == u"Llama-class 70B"_s);
    CHECK(s->currency == u"USD"_s);
    REQUIRE(s->training.has_value());
    CHECK(s->training->modelParams == 7e10);
    CHECK_FALSE(s->training->activeParams.has_value());
    CHECK(s->training->tokens == 2e12);
    CHECK(s->training->deadlineDays == 60);
    REQUIRE(s->inference.has_value());
    CHECK(s->inference->precision == u"fp8"_s);
    CHECK(s->inference->requestsPerSecond == 20);
    CHECK(s->inference->months == 12);
    CHECK(s->constraints.maxChips == 4096);
    CHECK_FALSE(s->constraints.budget.has_value());
    CHECK(s->lockin.datasetGb == 50000);
    CHECK(s->lockin.exitProbability == 0.3);
    CHECK(s->ownership.coloPerServerMonth == 1500);
    CHECK(s->warnings.isEmpty());
}

TEST_CASE("Scenario: defaults are reported, not hidden", "[scenario]")
{
    const auto s = parseScenario(R"({"format": "accelplan-scenario", "version": 1, "name": "n",
        "inference": {"model_params": 8e9, "input_tokens": 100, "output_tokens": 50, "requests_per_second": 1}})",
                                 u"min.accelplan"_s);
    REQUIRE(s.ok());
    const QString defaults = s->defaults.join(u'\n');
    for (const QString &expected : {u"inference.months = 12"_s, u"lockin.exit_probability = 0.3"_s,
                                    u"ownership.pue = 1.3"_s, u"lockin.dataset_gb = 0"_s, u"checkpoint_gb"_s}) {
        INFO(expected.toStdString());
        CHECK(defaults.contains(expected));
    }
    CHECK_FALSE(s->training.has_value());
}

TEST_CASE("Scenario: round trip keeps every value and every unknown key", "[scenario]")
{
    QByteArray json = readAll(test::examplePath(u"llama-70b.accelplan"_s));
    json.replace("\"name\": \"Llama-class 70B\",", "\"name\": \"Llama-class 70B\", \"x_team\": {\"owner\": \"ml-platform\"},");
    json.replace("\"runs\": 1}", "\"runs\": 1, \"x_note\": \"keep me\"}");
    json.replace("\"runs\": 1,", "\"runs\": 1, \"global_batch_tokens\": 8388608,");
    const auto first = parseScenario(json, u"in.accelplan"_s);
    REQUIRE(first.ok());
    // Unknown keys are warned about (with their line) but kept.
    REQUIRE(first->warnings.size() == 2);
    CHECK(first->warnings[0].toString().contains(u"in.accelplan:4: warning: x_team"_s));

    QTemporaryDir dir;
    const QString path = dir.filePath(u"out.accelplan"_s);
    REQUIRE(saveScenario(*first, path).ok());
    const auto second = readScenario(path);
    REQUIRE(second.ok());
    const QJsonObject saved = QJsonDocument::fromJson(readAll(path)).object();
    CHECK(saved.value(u"x_team"_s).toObject().value(u"owner"_s).toString() == u"ml-platform"_s);
    CHECK(saved.value(u"training"_s).toObject().value(u"x_note"_s).toString() == u"keep me"_s);
    CHECK(toJson(*second) == toJson(*first));
    CHECK(second->training->tokens == first->training->tokens);
    REQUIRE(first->training->globalBatchTokens);
    CHECK(*first->training->globalBatchTokens == 8388608);
    CHECK(second->training->globalBatchTokens == first->training->globalBatchTokens);
    CHECK(second->inference->tpotMs == first->inference->tpotMs);
    CHECK(second->lockin.checkpointGb == first->lockin.checkpointGb);
    CHECK(second->constraints.maxChips == first->constraints.maxChips);

    // Constraint lists survive as lists of names.
    auto constrained = *first;
    constrained.constraints.providers = {u"AWS"_s, u"Lambda"_s};
    constrained.constraints.priceModels = {pricing::PriceModel::Commit1y};
    constrained.constraints.offerKinds = {pricing::OfferKind::Tpu};
    REQUIRE(saveScenario(constrained, path).ok());
    const auto third = readScenario(path);
    REQUIRE(third.ok());
    CHECK(third->constraints.providers == QStringList{u"AWS"_s, u"Lambda"_s});
    CHECK(third->constraints.priceModels == QList<pricing::PriceModel>{pricing::PriceModel::Commit1y});
    CHECK(third->constraints.offerKinds == QList<pricing::OfferKind>{pricing::OfferKind::Tpu});
}

TEST_CASE("Scenario: a file of a newer version is refused, untouched", "[scenario]")
{
    QTemporaryDir dir;
    const QString path = dir.filePath(u"new.accelplan"_s);
    const QByteArray json = R"({"format": "accelplan-scenario",
 "version": 2, "name": "from the future", "training": {"model_params": 1e9, "tokens": 1e9}})";
    {
        QFile file(path);
        REQUIRE(file.open(QIODevice::WriteOnly));
        file.write(json);
    }
    const auto s = readScenario(path);
    REQUIRE_FALSE(s.ok());
    CHECK(s.error().kind == ErrorKind::BadInput);
    const QString text = messages(s.error()).join(u'\n');
    CHECK(text.contains(path + u":2: error: version: version 2 is newer than this Accelplan reads (1)"_s));
    CHECK(readAll(path) == json);
}

TEST_CASE("Scenario: every bad field is named with its file and line", "[scenario]")
{
    struct Row
    {
        const char *json;
        const char *expected;
    };
    const QList<Row> rows{
        {"{\"format\": \"accelplan-scenario\", \"version\": 1, \"name\": \"n\",\n \"training\": {\"model_params\": \"70B\", "
         "\"tokens\": 1e12}}",
         "bad.accelplan:2: error: training.model_params: must be a number"},
        {"{\"format\": \"accelplan-scenario\", \"version\": 1, \"name\": \"n\",\n \"training\": {\"model_params\": 7e10,\n "
         "\"tokens\": -5}}",
         "bad.accelplan:3: error: training.tokens: -5 is outside"},
        {"{\"format\": \"accelplan-scenario\", \"version\": 1, \"name\": \"n\", \"training\": {\"model_params\": 7e10, "
         "\"tokens\": 1e12,\n \"precision\": \"fp7\"}}",
         "bad.accelplan:2: error: training.precision: 'fp7' is not one of"},
        {"{\"format\": \"accelplan-scenario\", \"version\": 1, \"name\": \"n\", \"currency\": \"DOLLARS\",\n"
         " \"training\": {\"model_params\": 7e10, \"tokens\": 1e12}}",
         "bad.accelplan:1: error: currency: 'DOLLARS' is not an ISO 4217 currency code"},
        {"{\"format\": \"accelplan-scenario\", \"version\": 1, \"name\": \"n\",\n \"inference\": {\"model_params\": 7e10, "
         "\"input_tokens\": 10, \"output_tokens\": 10}}",
         "bad.accelplan:2: error: inference.requests_per_second: missing: the load"},
        {"{\"format\": \"accelplan-scenario\", \"version\": 1, \"name\": \"n\", \"training\": {\"model_params\": 7e10, "
         "\"tokens\": 1e12},\n \"lockin\": {\"exit_probability\": 1.5}}",
         "bad.accelplan:2: error: lockin.exit_probability: 1.5 is outside 0 … 1"},
        {"{\"format\": \"accelplan-scenario\", \"version\": 1, \"name\": \"n\", \"training\": {\"model_params\": 7e10, "
         "\"tokens\": 1e12},\n \"constraints\": {\"price_models\": [\"forever\"]}}",
         "bad.accelplan:2: error: constraints.price_models: unknown price model 'forever'"},
        {"{\"format\": \"accelplan-scenario\", \"version\": 1, \"name\": \"n\"}",
         "bad.accelplan:1: error: training: a scenario needs a training or an inference section"},
        {"{\"format\": \"something-else\", \"version\": 1, \"name\": \"n\"}",
         "bad.accelplan:1: error: format: must be \"accelplan-scenario\""},
        {"{\"format\": \"accelplan-scenario\",\n \"version\": 1,\n \"name\": }", "bad.accelplan:3: error: "},
    };
    for (const Row &row : rows) {
        INFO(row.json);
        const auto s = parseScenario(row.json, u"bad.accelplan"_s);
        REQUIRE_FALSE(s.ok());
        const QString text = messages(s.error()).join(u'\n');
        INFO(text.toStdString());
        CHECK(text.contains(QString::fromUtf8(row.expected)));
    }
}

TEST_CASE("Scenario: saving is atomic and reports an unwritable place", "[scenario]")
{
    const auto s = readScenario(test::examplePath(u"jax-8b-tpu-or-gpu.accelplan"_s));
    REQUIRE(s.ok());
    QTemporaryDir dir;
    const QString path = dir.filePath(u"keep.accelplan"_s);
    REQUIRE(saveScenario(*s, path).ok());
    const QByteArray before = readAll(path);
    // A directory in the way of the file: the save fails and the old file is whole.
    const auto failed = saveScenario(*s, dir.filePath(u"missing-dir/x.accelplan"_s));
    CHECK_FALSE(failed.ok());
    CHECK(readAll(path) == before);
    CHECK(QDir(dir.path()).entryList(QDir::Files) == QStringList{u"keep.accelplan"_s});
}

TEST_CASE("Scenario: validate() names each rule a scenario breaks, for the editor and the parser alike", "[scenario]")
{
    scenario::Scenario s;
    auto paths = [&] {
        QStringList out;
        for (const scenario::Problem &p : scenario::validate(s))
            out.append(p.path());
        return out;
    };
    CHECK(paths() == QStringList{u"name"_s, u"training"_s});

    s.name = u"n"_s;
    s.training.emplace();
    CHECK(paths() == QStringList{u"training.model_params"_s});
    s.training->modelParams = 7e9;
    s.training->tokens = 1e12;
    s.training->activeParams = 8e9;
    CHECK(paths() == QStringList{u"training.active_params"_s});
    s.training->activeParams = 1e9;
    CHECK(paths().isEmpty());

    s.inference.emplace();
    s.inference->model = u"llama-3.1-8b"_s;
    s.inference->inputTokens = -1; // as the parser leaves a missing count
    CHECK(paths() == QStringList{u"inference.input_tokens"_s, u"inference.output_tokens"_s,
                                 u"inference.requests_per_second"_s});
    s.inference->inputTokens = 512;
    s.inference->outputTokens = 128;
    s.inference->offline = true;
    CHECK(paths().isEmpty());

    // The parser reports the same rules at their lines.
    const auto parsed = scenario::parseScenario(R"({"format": "accelplan-scenario", "version": 1, "name": "n",
  "training": {"model_params": 7e9,
               "tokens": 1e12,
               "active_params": 8e9}})",
                                                u"v.accelplan"_s);
    REQUIRE_FALSE(parsed.ok());
    REQUIRE(parsed.error().details.size() == 1);
    CHECK(parsed.error().details.first().line == 4);
    CHECK(parsed.error().details.first().field == u"training.active_params"_s);
}

TEST_CASE("Scenario: a model preset named by an alias keeps its name and plans as the preset", "[scenario][models]")
{
    const catalog::PlanningCatalog &catalog = test::planningCatalog();
    const QStringList known = catalog.modelIds();
    const QByteArray json = "{\"format\": \"accelplan-scenario\", \"version\": 1, \"name\": \"n\",\n"
                            " \"inference\": {\"model\": \"meta-llama/Llama-3.1-70B-Instruct\", \"input_tokens\": 1000,"
                            " \"output_tokens\": 200, \"requests_per_second\": 2}}";
    const auto s = parseScenario(json, u"alias.accelplan"_s, &known);
    REQUIRE(s.ok());
    // The file keeps the name it was given (in lower case, as the reader keeps every such text)...
    CHECK(s->inference->model == u"meta-llama/llama-3.1-70b-instruct"_s);
    CHECK(toJson(*s)[u"inference"_s].toObject()[u"model"_s].toString() == u"meta-llama/llama-3.1-70b-instruct"_s);
    // ... and the planner gets the preset's shape.
    const auto request = planning::inferenceRequest(*s, catalog);
    REQUIRE(request.ok());
    const catalog::ModelPreset *preset = catalog.findModel(u"llama3.1-70b"_s);
    REQUIRE(preset != nullptr);
    CHECK(request->input.modelParams == preset->totalParams);
    CHECK(request->input.layers == preset->layers);

    // An unknown name fails as before, at its line, listing the presets' ids (no aliases).
    QByteArray unknown = json;
    unknown.replace("meta-llama/Llama-3.1-70B-Instruct", "llama-9000");
    const auto bad = parseScenario(unknown, u"alias.accelplan"_s, &known);
    REQUIRE_FALSE(bad.ok());
    const QString text = messages(bad.error()).join(u'\n');
    CAPTURE(text);
    CHECK(text.startsWith(u"alias.accelplan:2: error: inference.model: unknown model preset 'llama-9000'; presets: "
                          "llama3-8b, llama3-70b, "_s));
    CHECK(text.contains(u", qwen3-14b"_s));
    CHECK_FALSE(text.contains(u'='));
    CHECK_FALSE(text.contains(u"Instruct"_s));
}

TEST_CASE("Scenario: a count with a fraction is refused naming its field, never truncated", "[scenario]")
{
    const QByteArray head = "{\"format\": \"accelplan-scenario\", \"version\": 1, \"name\": \"n\",\n";
    const QByteArray training = "\"training\": {\"model_params\": 7e10, \"tokens\": 1e12";
    const QByteArray inference = "\"inference\": {\"model_params\": 7e10, \"input_tokens\": 10, \"output_tokens\": 10, "
                                 "\"requests_per_second\": 1";
    const QList<std::pair<QByteArray, const char *>> rows{
        {training + ",\n \"runs\": 2.5}}", "bad.accelplan:3: error: training.runs: 2.5 is not a whole number"},
        {training + ",\n \"start_month\": 1.5}}", "bad.accelplan:3: error: training.start_month: 1.5 is not a whole number"},
        {training + ",\n \"chips\": 8.5}}", "bad.accelplan:3: error: training.chips: 8.5 is not a whole number"},
        {training + "},\n \"constraints\": {\"max_chips\": 1.5}}",
         "bad.accelplan:3: error: constraints.max_chips: 1.5 is not a whole number"},
        {training + "},\n \"sensitivity\": {\"samples\": 100.5}}",
         "bad.accelplan:3: error: sensitivity.samples: 100.5 is not a whole number"},
        {training + "},\n \"sensitivity\": {\"seed\": 7.25}}", "bad.accelplan:3: error: sensitivity.seed: 7.25 is not a whole number"},
        {inference + ",\n \"concurrency\": 3.5}}", "bad.accelplan:3: error: inference.concurrency: 3.5 is not a whole number"},
    };
    for (const auto &[body, expected] : rows) {
        INFO(body.toStdString());
        const auto s = parseScenario(head + body, u"bad.accelplan"_s);
        REQUIRE_FALSE(s.ok());
        const QString text = messages(s.error()).join(u'\n');
        INFO(text.toStdString());
        CHECK(text.contains(QString::fromUtf8(expected)));
    }
    const auto whole = parseScenario(head + training + ",\n \"runs\": 3}, \"constraints\": {\"max_chips\": 64}}",
                                     u"good.accelplan"_s);
    REQUIRE(whole.ok());
    CHECK(whole->training->runs == 3);
    CHECK(whole->constraints.maxChips == 64);
}
