#include "core/catalog/acceleratorcatalog.h"
#include "core/catalog/planningcatalog.h"
#include "tests/qtstringmaker.h"
#include "tests/testsupport.h"

#include <catch2/catch.hpp>

#include <QBuffer>

using namespace Qt::StringLiterals;
using namespace accelplan;
using namespace accelplan::catalog;

TEST_CASE("The shipped catalog has every required accelerator with sourced specs", "[catalog]")
{
    const char *id = GENERATE("a100-40gb", "a100-80gb", "v100", "h100-sxm", "h100-pcie", "h100-nvl", "h200", "h800",
                              "b200", "l4", "l40s", "a10g", "rtx-4090", "rtx-6000-ada", "rtx-4000-sff-ada", "mi300x",
                              "tpu-v4", "tpu-v5e", "tpu-v5p", "tpu-v6e");
    CAPTURE(id);
    const Accelerator *a = test::shippedCatalog().find(QString::fromLatin1(id));
    REQUIRE(a != nullptr);
    CHECK(a->id == QString::fromLatin1(id));
    CHECK(a->memoryGb > 0);
    CHECK(a->memoryBandwidthGBps.value_or(0) > 0);
    CHECK(a->peakBf16Tflops.value_or(0) > 0);
    CHECK_FALSE(a->vendor.isEmpty());
    CHECK(a->sourceUrl.startsWith(u"http"_s));
    CHECK(a->asOf.isValid());
}

TEST_CASE("Precision support is explicit: no fp8 on Ampere, fp4 on Blackwell", "[catalog]")
{
    const AcceleratorCatalog &catalog = test::shippedCatalog();
    CHECK_FALSE(catalog.find(u"a100-80gb"_s)->peakTflops(Precision::Fp8).has_value());
    CHECK(catalog.find(u"h100-sxm"_s)->peakTflops(Precision::Fp8).value_or(0)
          > catalog.find(u"h100-sxm"_s)->peakTflops(Precision::Bf16).value_or(0));
    CHECK(catalog.find(u"b200"_s)->peakTflops(Precision::Fp4).has_value());
    CHECK(catalog.find(u"h100-sxm"_s)->peakTflops(Precision::Fp32).value_or(0) > 0);
    CHECK(catalog.find(u"h100-sxm"_s)->interconnect.contains(u"NVLink"_s));
    CHECK(catalog.find(u"tpu-v5p"_s)->interconnect.contains(u"ICI"_s));
}

TEST_CASE("Aliases are normalised, case-insensitively", "[catalog]")
{
    const AcceleratorCatalog &catalog = test::shippedCatalog();
    struct Case
    {
        const char *name;
        const char *id;
    };
    const Case c = GENERATE(values<Case>({{"H100 80GB SXM", "h100-sxm"},
                                          {"h100-SXM", "h100-sxm"},
                                          {"TPU v6e", "tpu-v6e"},
                                          {"L40S", "l40s"},
                                          {"A100 40GB SXM", "a100-40gb"}}));
    CAPTURE(c.name);
    const Accelerator *a = catalog.find(QString::fromLatin1(c.name));
    REQUIRE(a != nullptr);
    CHECK(a->id == QString::fromLatin1(c.id));
}

TEST_CASE("Unknown accelerators get a did-you-mean only when close", "[catalog]")
{
    const AcceleratorCatalog &catalog = test::shippedCatalog();
    CHECK(catalog.find(u"H10O SXM"_s) == nullptr);
    CHECK(catalog.suggestions(u"H10O SXM"_s) == QStringList{u"h100-sxm"_s});
    CHECK(catalog.suggestions(u"tpu-v5q"_s).first().startsWith(u"tpu-v5"_s));
    CHECK(catalog.suggestions(u"quantum annealer"_s).isEmpty());
    CHECK(catalog.suggestions(u"xx"_s).isEmpty()); // too short to guess a typo
    // A family name lists its members instead of guessing a neighbour (H100 is not V100).
    CHECK(catalog.suggestions(u"H100"_s) == QStringList{u"h100-nvl"_s, u"h100-pcie"_s, u"h100-sxm"_s});
    CHECK(catalog.unknownMessage(u"H100"_s)
          == u"unknown accelerator 'H100'; did you mean 'h100-nvl', 'h100-pcie' or 'h100-sxm'?"_s);
    CHECK(catalog.unknownMessage(u"quantum annealer"_s).contains(u"catalog accelerators"_s));
}

TEST_CASE("A catalog with a clashing alias or missing source is rejected", "[catalog]")
{
    QByteArray csv = "id,name,vendor,aliases,memory_gb,source_url,as_of\n"
                     "x1,X One,Acme,X;XONE,16,https://example.test,2026-01-01\n"
                     "x2,X Two,Acme,x-one,32,,2026-01-01\n";
    QBuffer buffer(&csv);
    buffer.open(QIODevice::ReadOnly);
    const auto loaded = AcceleratorCatalog::load(&buffer, u"cat.csv"_s);
    REQUIRE_FALSE(loaded.ok());
    QStringList texts;
    for (const Diagnostic &d : loaded.error().details)
        texts.append(d.toString());
    CAPTURE(texts);
    CHECK(texts.contains(u"cat.csv:3: error: source_url: missing value"_s));
    CHECK(texts.contains(u"cat.csv:3: error: aliases: 'x-one' already names 'x1'"_s));
}

namespace {

const PlanningCatalog &shippedPlanning()
{
    static const PlanningCatalog catalog = [] {
        auto loaded = PlanningCatalog::loadShipped();
        REQUIRE(loaded.ok());
        return std::move(loaded).value();
    }();
    return catalog;
}

} // namespace

TEST_CASE("Model presets resolve by id or by the names people use", "[catalog][models]")
{
    const PlanningCatalog &catalog = shippedPlanning();
    struct Case
    {
        const char *name;
        const char *id;
    };
    const Case c = GENERATE(values<Case>({{"llama3.1-70b", "llama3.1-70b"},
                                          {"Llama-3.1-70B", "llama3.1-70b"},
                                          {"Llama 3.1 70B", "llama3.1-70b"},
                                          {"meta-llama/Llama-3.1-70B-Instruct", "llama3.1-70b"},
                                          {"Llama-3.1-70B-Instruct", "llama3.1-70b"},
                                          {"meta-llama/Llama-3.1-8B-Instruct", "llama3.1-8b"},
                                          {"LLAMA_3.1_8B", "llama3.1-8b"},
                                          {"Llama-3.3-70B-Instruct", "llama3.3-70b"},
                                          {"Meta-Llama-3-8B-Instruct", "llama3-8b"},
                                          {"Llama-3-8B", "llama3-8b"},
                                          {"qwen2.5-14b-instruct", "qwen2.5-14b"},
                                          {"Qwen/Qwen2.5-0.5B-Instruct", "qwen2.5-0.5b"},
                                          {"Qwen2.5 32B", "qwen2.5-32b"},
                                          {"Qwen/Qwen3-1.7B", "qwen3-1.7b"},
                                          {"qwen3 0.6b", "qwen3-0.6b"},
                                          {"Qwen3-30B-A3B", "qwen3-30b-a3b"}}));
    CAPTURE(c.name);
    const ModelPreset *m = catalog.findModel(QString::fromLatin1(c.name));
    REQUIRE(m != nullptr);
    CHECK(m->id == QString::fromLatin1(c.id));
}

TEST_CASE("Every shipped model alias resolves to its own preset", "[catalog][models]")
{
    const PlanningCatalog &catalog = shippedPlanning();
    int aliases = 0;
    for (const ModelPreset &m : catalog.models()) {
        for (const QString &alias : m.aliases) {
            CAPTURE(m.id, alias);
            const ModelPreset *found = catalog.findModel(alias);
            REQUIRE(found != nullptr);
            CHECK(found->id == m.id);
            ++aliases;
        }
    }
    CHECK(aliases > 30);
    // The scenario reader's list names every preset by id and by alias, and lists only the ids.
    const QStringList names = catalog.modelIds();
    CHECK(PlanningCatalog::namesModel(names, u"Llama-3.1-70B-Instruct"_s));
    CHECK(PlanningCatalog::namesModel(names, u"LLAMA3-70B"_s));
    CHECK_FALSE(PlanningCatalog::namesModel(names, u"llama-9000"_s));
    CHECK(PlanningCatalog::presetIds(names).size() == catalog.models().size());
    CHECK(PlanningCatalog::presetIds(names).first() == catalog.models().first().id);
}

TEST_CASE("Model names compare without case or separators, but numbers stay apart", "[catalog][models]")
{
    const auto key = &PlanningCatalog::modelKey;
    CHECK(key(u"Llama-3.1-70B"_s) == key(u"llama3.1-70b"_s));
    CHECK(key(u"meta-llama/Llama 3.1 70B"_s) == key(u"llama3.1_70b"_s));
    CHECK(key(u"Qwen3-30B-A3B"_s) == key(u"qwen3 30b a3b"_s));
    // A separator between two digits is part of the name: these are different models.
    CHECK(key(u"qwen2.5-7b"_s) != key(u"qwen2-57b"_s));
    CHECK(key(u"qwen3-1.7b"_s) != key(u"qwen3.1-7b"_s));
    CHECK(key(u"llama3.1-8b"_s) != key(u"llama3-1.8b"_s));
    CHECK(key(u"llama3-8b"_s) != key(u"llama38b"_s));
    // An unknown name is still unknown, however close it looks.
    CHECK(shippedPlanning().findModel(u"llama-9000"_s) == nullptr);
    CHECK(shippedPlanning().findModel(u"Llama-3.2-70B"_s) == nullptr);
    CHECK(shippedPlanning().findModel(u"qwen2-57b"_s) == nullptr);
}

TEST_CASE("A models file where a name is given to two presets is rejected at its line and field", "[catalog][models]")
{
    QByteArray csv = "id,name,total_params,source_url,as_of,aliases\n"
                     "foo-1b,Foo 1B,1e9,https://example.test,2026-01-01,Foo-1B-Instruct;acme/Foo-1B\n"
                     "foo-2b,Foo 2B,2e9,https://example.test,2026-01-01,foo-2b-chat;FOO 1B INSTRUCT\n"
                     "Foo_1B,Foo again,1e9,https://example.test,2026-01-01,\n"
                     "bar-1b,Bar 1B,1e9,https://example.test,2026-01-01,bar=foo\n";
    QBuffer buffer(&csv);
    buffer.open(QIODevice::ReadOnly);
    const auto loaded = PlanningCatalog::parseModels(&buffer, u"m.csv"_s);
    REQUIRE_FALSE(loaded.ok());
    QStringList texts;
    for (const Diagnostic &d : loaded.error().details)
        texts.append(d.toString());
    CAPTURE(texts);
    CHECK(texts.contains(u"m.csv:3: error: aliases: 'FOO 1B INSTRUCT' already names 'foo-1b'"_s));
    CHECK(texts.contains(u"m.csv:4: error: id: 'foo_1b' already names 'foo-1b'"_s));
    CHECK(texts.contains(u"m.csv:5: error: aliases: 'bar=foo': a model name may not contain '='"_s));
    CHECK(texts.size() == 3);

    QByteArray fine = "id,name,total_params,source_url,as_of,aliases\n"
                      "foo-1b,Foo 1B,1e9,https://example.test,2026-01-01,Foo-1B-Instruct;foo_1b\n";
    QBuffer fineBuffer(&fine);
    fineBuffer.open(QIODevice::ReadOnly);
    const auto ok = PlanningCatalog::parseModels(&fineBuffer, u"m.csv"_s);
    REQUIRE(ok.ok());
    CHECK(ok->first().aliases == QStringList{u"Foo-1B-Instruct"_s, u"foo_1b"_s}); // its own id again is no clash
}

TEST_CASE("The Llama 3.1/3.3 and Qwen2.5/Qwen3 presets' counts agree with their shapes", "[catalog][models]")
{
    // Dense decoder: embeddings (once when tied, else input and output), per layer q and o
    // (heads x head_dim), k and v (kv_heads x head_dim), SwiGLU's three matrices and two norms;
    // QKV biases and QK norms are under 0.1 % and left out. Within 2 % of the row's count.
    struct Case
    {
        const char *id;
        bool tied;
        int context;
    };
    const Case c = GENERATE(values<Case>({{"llama3.1-8b", false, 131072},
                                          {"llama3.1-70b", false, 131072},
                                          {"llama3.3-70b", false, 131072},
                                          {"qwen2.5-0.5b", true, 32768},
                                          {"qwen2.5-1.5b", true, 32768},
                                          {"qwen2.5-3b", true, 32768},
                                          {"qwen2.5-14b", false, 131072},
                                          {"qwen2.5-32b", false, 131072},
                                          {"qwen3-0.6b", true, 40960},
                                          {"qwen3-1.7b", true, 40960},
                                          {"qwen3-4b", true, 40960},
                                          {"qwen3-14b", false, 40960}}));
    CAPTURE(c.id);
    const ModelPreset *m = shippedPlanning().findModel(QString::fromLatin1(c.id));
    REQUIRE(m != nullptr);
    REQUIRE(m->layers);
    REQUIRE(m->hidden);
    REQUIRE(m->heads);
    REQUIRE(m->kvHeads);
    REQUIRE(m->ffnHidden);
    REQUIRE(m->vocab);
    const double h = *m->hidden;
    const double headDim = m->headDim.value_or(*m->hidden / *m->heads);
    const double perLayer = 2 * h * *m->heads * headDim + 2 * h * *m->kvHeads * headDim + 3 * h * *m->ffnHidden + 2 * h;
    const double params = *m->layers * perLayer + (c.tied ? 1 : 2) * double(*m->vocab) * h + h;
    CHECK(m->totalParams == Approx(params).epsilon(0.02));
    CHECK(m->activeParams == m->totalParams);
    CHECK(m->context == c.context);
    CHECK(m->source.url.startsWith(u"https://"_s));
    CHECK(m->source.asOf == QDate(2026, 11, 28));
    CHECK(m->source.confidence == u"derived"_s);
    CHECK(m->source.notes.contains(u"DERIVED"_s));
}
