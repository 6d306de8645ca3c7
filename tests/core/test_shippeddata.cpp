#include "core/catalog/planningcatalog.h"
#include "core/planning/cost/allin.h"
#include "core/pricing/fxtable.h"
#include "core/pricing/pricesheetparser.h"
#include "tests/qtstringmaker.h"
#include "tests/testsupport.h"

#include <catch2/catch.hpp>

#include <QDir>
#include <QFile>
#include <QSet>

using namespace Qt::StringLiterals;
using namespace accelplan;
using namespace accelplan::pricing;

namespace {
QList<PriceRecord> shippedRecords()
{
    const PriceSheetParser parser(test::shippedCatalog(), QDate::currentDate()); // no shipped price is dated after the day it was read
    const QDir dir(u":/data/prices"_s);
    QList<PriceRecord> all;
    for (const QString &file : dir.entryList({u"*.csv"_s}, QDir::Files, QDir::Name)) {
        const ParsedSheet sheet = parser.parseFile(dir.filePath(file));
        QStringList problems;
        for (const Diagnostic &d : sheet.diagnostics)
            problems.append(d.toString());
        CAPTURE(file, problems);
        REQUIRE(problems.isEmpty()); // not even a warning in shipped data
        all += sheet.records;
    }
    return all;
}
} // namespace

TEST_CASE("Shipped price sheets cover the providers, kinds and models the planner needs", "[data]")
{
    const QList<PriceRecord> records = shippedRecords();
    CHECK(records.size() >= 70);

    QSet<QString> providers;
    QSet<OfferKind> kinds;
    QSet<PriceModel> models;
    QSet<QString> tpus;
    QSet<OfferKey> keys;
    for (const PriceRecord &r : records) {
        providers.insert(r.key.provider);
        kinds.insert(r.offerKind);
        models.insert(r.key.priceModel);
        if (r.offerKind == OfferKind::Tpu)
            tpus.insert(r.accelerator);
        CHECK_FALSE(keys.contains(r.key)); // unique across files too
        keys.insert(r.key);
        CAPTURE(r.key.provider, r.key.sku);
        CHECK(r.sourceUrl.startsWith(u"http"_s));
        CHECK(r.asOf.isValid());
        CHECK(QStringList{u"exact"_s, u"approximate"_s, u"remembered"_s}.contains(r.confidence));
    }
    CHECK(providers.size() >= 10);
    for (const char *p : {"AWS", "Google Cloud", "Azure", "Oracle Cloud", "Lambda", "CoreWeave", "RunPod", "Hetzner",
                          "OVHcloud"})
        CHECK(providers.contains(QString::fromLatin1(p)));
    CHECK(kinds.contains(OfferKind::CloudVm));
    CHECK(kinds.contains(OfferKind::DedicatedServer));
    CHECK(kinds.contains(OfferKind::Tpu));
    CHECK(models.contains(PriceModel::Spot));
    CHECK(models.contains(PriceModel::Commit1y));
    CHECK(models.contains(PriceModel::Commit3y));
    CHECK(models.contains(PriceModel::Monthly));
    CHECK(tpus == QSet<QString>{u"tpu-v4"_s, u"tpu-v5e"_s, u"tpu-v5p"_s, u"tpu-v6e"_s});
}

TEST_CASE("Shipped FX rates parse and convert every shipped price currency to USD", "[data]")
{
    QFile file(u":/data/fx/rates.csv"_s);
    REQUIRE(file.open(QIODevice::ReadOnly));
    const auto rates = FxTable::parse(&file, u"data/fx/rates.csv"_s);
    REQUIRE(rates.ok());
    const FxTable fx(*rates);
    QSet<QString> currencies;
    for (const PriceRecord &r : shippedRecords())
        currencies.insert(r.currency);
    for (const QString &currency : std::as_const(currencies)) {
        CAPTURE(currency);
        CHECK(fx.convert(1, currency, u"USD"_s).has_value());
    }
}

TEST_CASE("Shipped storage prices and support plans are sourced and dated, and a plan's tiers add up as its page says", "[data][allin]")
{
    auto catalog = catalog::PlanningCatalog::loadShipped();
    REQUIRE(catalog.ok());
    REQUIRE(catalog->storagePrices().size() >= 10);
    for (const catalog::StoragePrice &s : catalog->storagePrices()) {
        INFO(QString(s.provider + u' ' + s.storage).toStdString());
        CHECK(s.source.url.startsWith(u"https://"_s));
        CHECK(s.source.asOf.isValid());
        CHECK(s.pricePerGbMonth > 0);
        CHECK(s.pricePerGbMonth < 1); // per GB-month, not per TB
    }
    // Every cloud the shipped prices rent accelerators from at volume has a storage price.
    for (const QString &provider : {u"AWS"_s, u"Google Cloud"_s, u"Azure"_s, u"CoreWeave"_s, u"Lambda"_s})
        CHECK(catalog->storagePrice(provider) != nullptr);
    const auto plans = catalog->supportPlans();
    REQUIRE(plans.size() >= 5);
    for (const auto &[plan, providers] : plans)
        for (const QString &provider : providers) {
            const QList<catalog::SupportTier> tiers = catalog->supportTiers(provider, plan);
            INFO(QString(provider + u' ' + plan).toStdString());
            REQUIRE_FALSE(tiers.isEmpty());
            // Tiers from 0, each starting where the last ended, the last unbounded.
            CHECK(tiers.first().fromUsd == 0);
            for (qsizetype i = 1; i < tiers.size(); ++i)
                CHECK(tiers[i].fromUsd == tiers[i - 1].toUsd);
            CHECK_FALSE(tiers.last().toUsd.has_value());
            for (const catalog::SupportTier &t : tiers) {
                CHECK(t.source.url.startsWith(u"https://"_s));
                CHECK(t.source.asOf.isValid());
            }
        }
    // AWS's own worked example: Business support on 85,000 USD of monthly usage is 6,150 USD
    // (10 % of the first 10,000, 7 % to 80,000, 5 % of the rest); the 100 USD minimum below that.
    const QList<catalog::SupportTier> business = catalog->supportTiers(u"AWS"_s, u"business"_s);
    CHECK(planning::supportCharge(business, 85'000) == Approx(6'150));
    CHECK(planning::supportCharge(business, 500) == Approx(100));
    CHECK(planning::supportCharge(business, 1e6) == Approx(1'000 + 4'900 + 8'500 + 22'500));
}

TEST_CASE("Shipped API prices are sourced and dated, and name the presets they serve", "[data][apis]")
{
    auto catalog = catalog::PlanningCatalog::loadShipped();
    REQUIRE(catalog.ok());
    const QList<catalog::ApiPrice> &apis = catalog->apiPrices();
    REQUIRE(apis.size() >= 40);
    QSet<QString> providers;
    for (const catalog::ApiPrice &p : apis) {
        INFO(QString(p.provider + u' ' + p.apiModel).toStdString());
        CHECK(p.source.url.startsWith(u"https://"_s));
        CHECK(p.source.asOf.isValid());
        CHECK(p.outputPer1M > 0);
        CHECK(p.currency == u"USD"_s);
        if (!p.modelPreset.isEmpty())
            CHECK(catalog->findModel(p.modelPreset) != nullptr);
        providers.insert(p.provider);
    }
    // The hosts of open models the issue names, and the frontier APIs as reference.
    for (const QString &provider : {u"Together"_s, u"Fireworks"_s, u"DeepInfra"_s, u"Groq"_s, u"AWS Bedrock"_s,
                                    u"Google Vertex AI"_s, u"OpenAI"_s, u"Anthropic"_s})
        CHECK(providers.contains(provider));
    // Llama 3 70B is served by the APIs of Llama 3.1 and 3.3 70B, which have its shape.
    const catalog::ModelPreset *llama3 = catalog->findModel(u"llama3-70b"_s);
    REQUIRE(llama3 != nullptr);
    CHECK(catalog->apiPricesFor(*llama3).size() >= 5);
}
