// More price sources through the command line: Oracle's price list, SkyPilot catalogs, the outlier
// quarantine, and stale prices in the report.

#include "tests/cli/clirun.h"
#include "tests/qtstringmaker.h"
#include "tests/testsupport.h"

#include <catch2/catch.hpp>

#include <QJsonArray>
#include <QJsonObject>
#include <QRegularExpression>

using namespace Qt::StringLiterals;
using namespace accelplan;
using namespace accelplan::test;

namespace {

QJsonObject listed(const Scratch &scratch, const QString &provider, const QString &sku)
{
    const Run list = scratch.run({u"prices"_s, u"list"_s, u"--provider"_s, provider, u"--format"_s, u"json"_s});
    REQUIRE(list.exitCode == 0);
    for (const QJsonValue &row : jsonArray(list))
        if (row[u"sku"_s].toString() == sku)
            return row.toObject();
    return {};
}

} // namespace

TEST_CASE("cli: prices import reads Oracle's price list and SkyPilot catalogs", "[cli][import]")
{
    Scratch scratch;
    const QString oci = dataPath(u"oci/products_usd_2026-08-14.json"_s);
    const Run run = scratch.run({u"prices"_s, u"import"_s, oci});
    INFO(run.err.toStdString());
    REQUIRE(run.exitCode == 0);
    CHECK(run.err.contains(u"read as oci (Oracle Cloud price list (JSON))"_s));
    CHECK(run.err.contains(u"skipped 8 rows: software licence (NVIDIA AI Enterprise), not a GPU rental"_s));
    const QJsonObject gb200 = listed(scratch, u"Oracle Cloud"_s, u"BM.GPU.GB200.4"_s);
    // --provider is for SkyPilot catalogs only: said, not silently ignored.
    const Run withProvider = scratch.run({u"prices"_s, u"import"_s, u"--dry-run"_s, u"--provider"_s, u"lambda"_s, oci});
    CHECK(withProvider.err.contains(u"--provider names the provider of a SkyPilot catalog"_s));
    CHECK(gb200[u"price"_s].toDouble() == 64);

    const QString nebius = dataPath(u"skypilot/nebius_vms_excerpt.csv"_s);
    const Run refused = scratch.run({u"prices"_s, u"import"_s, u"--format"_s, u"skypilot"_s, nebius});
    CHECK(refused.exitCode == 2);
    CHECK(refused.err.contains(u"--provider"_s));
    const Run sky = scratch.run({u"prices"_s, u"import"_s, u"--provider"_s, u"nebius"_s, nebius});
    INFO(sky.err.toStdString());
    REQUIRE(sky.exitCode == 0);
    CHECK(sky.out.contains(u"17 added"_s));
    CHECK(listed(scratch, u"Nebius"_s, u"gpu-b200-sxm_8gpu-160vcpu-1792gb"_s)[u"price"_s].toDouble() == 44);
}

TEST_CASE("cli: outliers are quarantined with their line until --accept-outliers", "[cli][import]")
{
    Scratch scratch;
    const int before = sheetCount(scratch);
    const QString sheet = scratch.write(
        u"outliers.csv"_s,
        "provider,offer_kind,sku,accelerator,accelerator_count,region,price_model,price,currency,unit,effective_date\n"
        "Expired Cloud,cloud_vm,nd8,h200,8,usgovvirginia,on_demand,0.01,USD,hour,2026-11-01\n");
    const Run run = scratch.run({u"prices"_s, u"import"_s, sheet});
    CHECK(run.exitCode == 2);
    CHECK(run.err.contains(sheet + u":2: error: price: nd8 on_demand in usgovvirginia"_s));
    CHECK(run.err.contains(u"1 price quarantined as an outlier; if they are right, import again with --accept-outliers"_s));
    CHECK(sheetCount(scratch) == before);

    const Run accepted = scratch.run({u"prices"_s, u"import"_s, u"--accept-outliers"_s, sheet});
    CHECK(accepted.exitCode == 0);
    CHECK(accepted.err.contains(u"warning: price: nd8"_s));
    CHECK(sheetCount(scratch) == before + 1);
    CHECK(listed(scratch, u"Expired Cloud"_s, u"nd8"_s)[u"confidence"_s].toString() == u"approximate"_s);
}

TEST_CASE("report: prices read long before the prices' date are marked stale", "[cli][report]")
{
    Scratch scratch;
    // A cheap offer read in January beside the shipped prices of the autumn: it ranks first and
    // is more than 180 days older than the newest price.
    const QString sheet = scratch.write(
        u"old.csv"_s,
        "provider,offer_kind,sku,accelerator,accelerator_count,region,price_model,price,currency,unit,effective_date,"
        "as_of,source_url,confidence\n"
        "Old Cloud,cloud_vm,old-h100x8,h100-sxm,8,global,on_demand,1.5,EUR,hour,2026-01-05,2026-01-05,"
        "https://example.com/old,exact\n");
    REQUIRE(scratch.run({u"prices"_s, u"import"_s, sheet}).exitCode == 0);
    const QString pdf = scratch.dir.filePath(u"report.pdf"_s);
    const Run run = scratch.run({u"report"_s, u"-o"_s, pdf, examplePath(u"chat-service-8b-eur.accelplan"_s)});
    REQUIRE(run.exitCode == 0);
    const QString flat = pdfFlatText(pdf);
    CHECK(flat.contains(u"old-h100x8 (on_demand), stale"_s));
    CHECK(flat.contains(u"read 2026-01-05"_s));
    CHECK(flat.contains(QRegularExpression(u"Stale prices: [1-9][0-9]* of these were read more than 180 days"_s)));
    // The recommendation on a stale price says so in the summary, not only in the sources.
    CHECK(flat.contains(u"stale price: Old Cloud old-h100x8 is priced as of 2026-01-05"_s));
}
