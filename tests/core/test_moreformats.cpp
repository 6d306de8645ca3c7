// Oracle Cloud price lists, SkyPilot catalogs and the outlier quarantine every import goes through.
#include "core/pricing/importers/ociimporter.h"
#include "core/pricing/outliers.h"
#include "core/pricing/importers/azureimporter.h"
#include "core/pricing/sheetreader.h"
#include "tests/qtstringmaker.h"
#include "tests/testsupport.h"

#include <catch2/catch.hpp>

#include <QBuffer>
#include <QDir>
#include <QFile>

using namespace Qt::StringLiterals;
using namespace accelplan;
using namespace accelplan::pricing;

namespace {

ParsedSheet readFile(const QString &relative, ImportFormat format, const QString &provider = {},
                     bool acceptOutliers = false)
{
    QFile file(test::dataPath(relative));
    REQUIRE(file.open(QIODevice::ReadOnly));
    SheetReader reader(test::shippedCatalog(), QDate(2026, 11, 26));
    reader.setProvider(provider);
    reader.setAcceptOutliers(acceptOutliers);
    return reader.read(&file, relative, format);
}

ParsedSheet readText(const QByteArray &text, ImportFormat format, const QString &provider = {},
                     bool acceptOutliers = false)
{
    QBuffer buffer;
    buffer.setData(text);
    REQUIRE(buffer.open(QIODevice::ReadOnly));
    SheetReader reader(test::shippedCatalog(), QDate(2026, 11, 26));
    reader.setProvider(provider);
    reader.setAcceptOutliers(acceptOutliers);
    return reader.read(&buffer, u"inline"_s, format);
}

QStringList messages(const ParsedSheet &sheet, Diagnostic::Severity severity)
{
    QStringList texts;
    for (const Diagnostic &d : sheet.diagnostics)
        if (d.severity == severity)
            texts << d.toString();
    return texts;
}

} // namespace

TEST_CASE("An Oracle Cloud price list gives each GPU shape's node price from its per-GPU-hour part")
{
    const ParsedSheet sheet = readFile(u"oci/products_usd_2026-08-14.json"_s, ImportFormat::Auto);
    INFO(messages(sheet, Diagnostic::Severity::Error).join(u"\n"_s).toStdString());
    REQUIRE(sheet.ok());
    CHECK(sheet.format == u"oci"_s);
    CHECK(sheet.rowCount == 35);

    // 8 × H100 at 10 USD per GPU-hour is an 80 USD/h node.
    const PriceRecord *h100 = test::findRecord(sheet, u"BM.GPU.H100.8"_s, u"global"_s, PriceModel::OnDemand);
    REQUIRE(h100);
    CHECK(h100->key.provider == u"Oracle Cloud"_s);
    CHECK(h100->accelerator == u"h100-sxm"_s);
    CHECK(h100->acceleratorCount == 8);
    CHECK(h100->price.toString() == u"80"_s);
    CHECK(h100->currency == u"USD"_s);
    CHECK(h100->effectiveDate == QDate(2026, 8, 14));
    CHECK(h100->confidence == u"exact"_s);
    CHECK(h100->notes.contains(u"B98415"_s));

    struct Expected
    {
        const char *shape;
        const char *accelerator;
        int count;
        const char *price;
    };
    for (const Expected &e : {Expected{"BM.GPU.H200.8", "h200", 8, "80"}, Expected{"BM.GPU.B200.8", "b200", 8, "112"},
                              Expected{"BM.GPU.B300.8", "b300", 8, "120"}, Expected{"BM.GPU.GB200.4", "gb200", 4, "64"},
                              Expected{"BM.GPU.GB300.4", "gb300", 4, "72"},
                              Expected{"BM.GPU.MI300X.8", "mi300x", 8, "48"},
                              Expected{"BM.GPU.MI355X.8", "mi355x", 8, "68.8"},
                              Expected{"BM.GPU.A100-v2.8", "a100-80gb", 8, "32"},
                              Expected{"BM.GPU.L40S.4", "l40s", 4, "14"}, Expected{"VM.GPU.A10.1", "a10", 1, "2"}}) {
        INFO(e.shape);
        const PriceRecord *r = test::findRecord(sheet, QString::fromUtf8(e.shape), u"global"_s, PriceModel::OnDemand);
        REQUIRE(r);
        CHECK(r->accelerator == QString::fromUtf8(e.accelerator));
        CHECK(r->acceleratorCount == e.count);
        CHECK(r->price.toString() == QString::fromUtf8(e.price));
    }
    CHECK(sheet.records.size() == 13);

    // Look-alikes are left out by reason, never priced as rentals.
    CHECK(test::skippedFor(sheet, u"software licence (NVIDIA AI Enterprise), not a GPU rental"_s) == 8);
    CHECK(test::skippedFor(sheet, u"on-premises (Cloud@Customer)"_s) == 3);
    CHECK(test::skippedFor(sheet, u"not priced per GPU-hour"_s) == 6);
    // Parts the table does not know are listed to grow it: H100T, RTX PRO 6000, the P100 generations.
    CHECK(sheet.unknownTypes.size() == 5);
    CHECK(sheet.unknownTypes.join(u' ').contains(u"B109480"_s));
}

TEST_CASE("An Oracle price list with a bad price or no items says where and imports nothing")
{
    const ParsedSheet bad = readText(R"({"items": [
{"partNumber": "B98415", "displayName": "H100", "metricName": "GPU Per Hour", "serviceCategory": "Compute - GPU",
 "currencyCodeLocalizations": [{"currencyCode": "USD", "prices": [{"model": "PAY_AS_YOU_GO", "value": "ten"}]}]}]})",
                                     ImportFormat::Oci);
    CHECK_FALSE(bad.ok());
    REQUIRE(messages(bad, Diagnostic::Severity::Error).size() == 1);
    CHECK(messages(bad, Diagnostic::Severity::Error).first().startsWith(u"inline:2: error: value: part B98415"_s));

    const ParsedSheet empty = readText(R"({"lastUpdated": "2026-08-14", "products": []})", ImportFormat::Oci);
    CHECK_FALSE(empty.ok());
    CHECK(messages(empty, Diagnostic::Severity::Error).join(u' ').contains(u"not an Oracle Cloud price list"_s));

    const ParsedSheet scalar = readText("{\"items\": [\n7]}", ImportFormat::Oci);
    CHECK(messages(scalar, Diagnostic::Severity::Error).first()
          == u"inline:2: error: a price-list item must be a JSON object"_s);
    CHECK(scalar.rowCount == 1);

    const ParsedSheet trailing = readText("{\"items\": []}\n{]", ImportFormat::Oci);
    CHECK(messages(trailing, Diagnostic::Severity::Error).first().startsWith(u"inline:2: error: JSON syntax error: "_s));
}

TEST_CASE("An Oracle price list is read value by value: a later top-level value inherits nothing and a cancel stops reading")
{
    const QByteArray item = R"({"partNumber": "B98415", "displayName": "H100", "metricName": "GPU Per Hour",
 "serviceCategory": "Compute - GPU", "currencyCodeLocalizations": [%1]})";
    const QByteArray usd = R"({"currencyCode": "USD", "prices": [{"model": "PAY_AS_YOU_GO", "value": 10}]})";

    // The date and the "items" key belong to the object that holds them, not to a value after it.
    const ParsedSheet later = readText(
        R"({"items": [)" + QByteArray(item).replace("%1", usd) + R"(], "lastUpdated": 0})" + "\n[\"1999-01-01\"]",
        ImportFormat::Oci);
    REQUIRE(later.records.size() == 1);
    CHECK(later.records.first().effectiveDate != QDate(1999, 1, 1));
    const ParsedSheet arrayAfter = readText(
        R"({"lastUpdated": "2026-08-14", "items": 5})" "\n[[" + QByteArray(item).replace("%1", usd) + "]]",
        ImportFormat::Oci);
    CHECK(arrayAfter.records.isEmpty());
    CHECK(messages(arrayAfter, Diagnostic::Severity::Error).join(u' ').contains(u"not an Oracle Cloud price list"_s));

    // An empty localization does not hold the choice: the EUR price after it is taken.
    const ParsedSheet eur = readText(
        R"({"items": [)"
            + QByteArray(item).replace("%1", R"({}, {"currencyCode": "EUR", "prices": [{"model": "PAY_AS_YOU_GO", "value": 9}]})")
            + "]}",
        ImportFormat::Oci);
    REQUIRE(eur.records.size() == 1);
    CHECK(eur.records.first().currency == u"EUR"_s);

    // Cancelled, the reader stops: it does not read the rest of the file to hash it.
    auto parts = loadOciParts();
    REQUIRE(parts.ok());
    QBuffer buffer;
    buffer.setData(R"({"items": [)" + QByteArray(item).replace("%1", usd) + "]}" + QByteArray(4 << 20, ' '));
    REQUIRE(buffer.open(QIODevice::ReadOnly));
    const std::atomic<bool> cancel{true};
    const ParsedSheet cancelled = parseOciJson(&buffer, u"inline"_s, *parts, &cancel);
    CHECK(cancelled.records.isEmpty());
    CHECK(cancelled.ok());
    CHECK(buffer.pos() < buffer.size());
}

TEST_CASE("A SkyPilot catalog becomes on-demand and spot rows of the provider named on the command line")
{
    const ParsedSheet sheet = readFile(u"skypilot/nebius_vms_excerpt.csv"_s, ImportFormat::Auto, u"nebius"_s);
    INFO(messages(sheet, Diagnostic::Severity::Error).join(u"\n"_s).toStdString());
    REQUIRE(sheet.ok());
    CHECK(sheet.format == u"skypilot"_s);
    CHECK(sheet.rowCount == 13);
    CHECK(test::skippedFor(sheet, u"no accelerator"_s) == 3);

    const PriceRecord *h100 =
        test::findRecord(sheet, u"gpu-h100-sxm_8gpu-128vcpu-1600gb"_s, u"eu-north1"_s, PriceModel::OnDemand);
    REQUIRE(h100);
    CHECK(h100->key.provider == u"Nebius"_s);
    CHECK(h100->accelerator == u"h100-sxm"_s);
    CHECK(h100->acceleratorCount == 8);
    CHECK(h100->price.toString() == u"23.6"_s);
    CHECK(h100->vcpus == 128);
    CHECK(h100->confidence == u"approximate"_s);
    CHECK(h100->effectiveDate == QDate(2026, 11, 26));
    const PriceRecord *spot =
        test::findRecord(sheet, u"gpu-h100-sxm_8gpu-128vcpu-1600gb"_s, u"eu-north1"_s, PriceModel::Spot);
    REQUIRE(spot);
    CHECK(spot->price.toString() == u"10"_s);
    CHECK(spot->notes.contains(u"spot"_s));

    // L40S rows have no spot price: one row each. The B200 node has none either.
    CHECK(test::findRecord(sheet, u"gpu-l40s-d_2gpu-64vcpu-384gb"_s, u"eu-north1"_s, PriceModel::OnDemand));
    CHECK_FALSE(test::findRecord(sheet, u"gpu-l40s-d_2gpu-64vcpu-384gb"_s, u"eu-north1"_s, PriceModel::Spot));
    const PriceRecord *b200 =
        test::findRecord(sheet, u"gpu-b200-sxm_8gpu-160vcpu-1792gb"_s, u"us-central1"_s, PriceModel::OnDemand);
    REQUIRE(b200);
    CHECK(b200->accelerator == u"b200"_s);
    CHECK(sheet.records.size() == 10 + 7); // ten GPU rows, seven of them with a spot price
}

TEST_CASE("A SkyPilot accelerator the catalog does not know is reported once with its first line")
{
    const ParsedSheet sheet = readFile(u"skypilot/lambda_vms_excerpt.csv"_s, ImportFormat::Skypilot, u"lambda"_s);
    REQUIRE(sheet.ok());
    const QStringList warnings = messages(sheet, Diagnostic::Severity::Warning);
    REQUIRE(warnings.size() == 1);
    CHECK(warnings.first().startsWith(u"skypilot/lambda_vms_excerpt.csv:6: warning: AcceleratorName: 'A6000'"_s));
    CHECK(warnings.first().contains(u"its 3 rows are left out"_s));
    CHECK(sheet.unknownTypes == QStringList{u"A6000"_s});
    const PriceRecord *h100 = test::findRecord(sheet, u"gpu_8x_h100_sxm5"_s, u"us-east-1"_s, PriceModel::OnDemand);
    REQUIRE(h100);
    CHECK(h100->key.provider == u"Lambda"_s);
    CHECK(h100->accelerator == u"h100-sxm"_s);
    CHECK(h100->price.toString() == u"31.92"_s);
    CHECK(test::findRecord(sheet, u"gpu_1x_gh200"_s, u"us-east-1"_s, PriceModel::OnDemand)->accelerator
          == u"gh200"_s);
    CHECK(test::findRecord(sheet, u"gpu_8x_v100"_s, u"us-west-1"_s, PriceModel::OnDemand)->accelerator == u"v100"_s);
}

TEST_CASE("SkyPilot rows repeated per zone keep one on-demand price and the lowest spot price")
{
    // Made-up rows in the AWS catalog's shape (an AvailabilityZone column, one row per zone).
    const QByteArray csv = "InstanceType,AcceleratorName,AcceleratorCount,vCPUs,MemoryGiB,Price,Region,GpuInfo,"
                           "SpotPrice,AvailabilityZone\n"
                           "p5.48xlarge,H100,8,192,2048,55.04,us-east-1,,17.5,use1-az1\n"
                           "p5.48xlarge,H100,8,192,2048,55.04,us-east-1,,14.25,use1-az5\n"
                           "p5.48xlarge,H100,8,192,2048,55.04,us-east-1,,,use1-az6\n"
                           "gpu_1x_h100_pcie,H100,1,26,200,2.49,us-east-1,,,\n"
                           "gpu_1x_a100_pcie,A100,1,30,200,1.29,us-east-1,,,\n"
                           "g5.xlarge,A10G,0.5,4,16,0.5,us-east-1,,,\n";
    const ParsedSheet sheet = readText(csv, ImportFormat::Skypilot, u"aws"_s);
    REQUIRE(sheet.ok());
    const PriceRecord *spot = test::findRecord(sheet, u"p5.48xlarge"_s, u"us-east-1"_s, PriceModel::Spot);
    REQUIRE(spot);
    CHECK(spot->price.toString() == u"14.25"_s);
    CHECK(spot->notes.contains(u"2 zone"_s));
    CHECK(test::skippedFor(sheet, u"same offer again"_s) == 2);
    // An instance type that says pcie is the PCIe card; a PCIe A100 has no catalog id to guess.
    CHECK(test::findRecord(sheet, u"gpu_1x_h100_pcie"_s, u"us-east-1"_s, PriceModel::OnDemand)->accelerator
          == u"h100-pcie"_s);
    CHECK_FALSE(test::findRecord(sheet, u"gpu_1x_a100_pcie"_s, u"us-east-1"_s, PriceModel::OnDemand));
    CHECK(sheet.unknownTypes == QStringList{u"A100 (PCIe)"_s});
    CHECK(test::skippedFor(sheet, u"a fraction of an accelerator"_s) == 1);
}

TEST_CASE("SkyPilot's AWS catalog: the lowest spot price of the region's zones, an AWS Local Zone left out")
{
    // Real rows of SkyPilot's AWS catalog (tests/data/skypilot/README.md): p5.48xlarge in us-east-1
    // is 10.24/h spot in the Atlanta Local Zone, 17.63/h in use1-az6, the lowest of the region's zones.
    const ParsedSheet sheet = readFile(u"skypilot/aws_vms_excerpt.csv"_s, ImportFormat::Skypilot, u"aws"_s);
    INFO(messages(sheet, Diagnostic::Severity::Error).join(u"\n"_s).toStdString());
    REQUIRE(sheet.ok());
    const PriceRecord *east1 = test::findRecord(sheet, u"p5.48xlarge"_s, u"us-east-1"_s, PriceModel::Spot);
    REQUIRE(east1);
    CHECK(east1->key.provider == u"AWS"_s);
    CHECK(east1->accelerator == u"h100-sxm"_s);
    CHECK(east1->price.toString() == u"17.6289"_s);
    CHECK(east1->notes.contains(u"the lowest of 6 zones"_s));
    CHECK(test::skippedFor(sheet, u"AWS Local Zone (not the region's capacity)"_s) == 1);
    CHECK(test::findRecord(sheet, u"p5.48xlarge"_s, u"us-east-1"_s, PriceModel::OnDemand)->price.toString()
          == u"55.04"_s);
    CHECK(test::findRecord(sheet, u"p5.48xlarge"_s, u"us-east-2"_s, PriceModel::Spot)->price.toString()
          == u"11.2543"_s);
    // A region with no spot market listed has its on-demand price only.
    CHECK(test::findRecord(sheet, u"p5.48xlarge"_s, u"ap-northeast-2"_s, PriceModel::OnDemand));
    CHECK_FALSE(test::findRecord(sheet, u"p5.48xlarge"_s, u"ap-northeast-2"_s, PriceModel::Spot));
    // Elsewhere a zone id with more dashes is the provider's own spelling ("us-central1-a"), kept.
    const ParsedSheet gcp = readText("InstanceType,AcceleratorName,AcceleratorCount,vCPUs,MemoryGiB,Price,Region,"
                                     "SpotPrice,AvailabilityZone\n"
                                     "a3-highgpu-8g,H100,8,208,1872,88.49,us-central1,35.0,us-central1-a\n",
                                     ImportFormat::Skypilot, u"gcp"_s);
    REQUIRE(gcp.ok());
    CHECK(test::findRecord(gcp, u"a3-highgpu-8g"_s, u"us-central1"_s, PriceModel::Spot));
}

TEST_CASE("A SkyPilot catalog without a provider or with a bad price is refused with file line and field")
{
    const QByteArray csv = "InstanceType,AcceleratorName,AcceleratorCount,vCPUs,MemoryGiB,Price,Region,GpuInfo,SpotPrice\n"
                           "gpu_8x_h100_sxm5,H100,8.0,208.0,1800.0,31.92,us-east-1,,\n"
                           "gpu_8x_b200_sxm6,B200,8.0,208.0,2900.0,abc,us-east-1,,\n";
    const ParsedSheet noProvider = readText(csv, ImportFormat::Skypilot);
    CHECK_FALSE(noProvider.ok());
    CHECK(messages(noProvider, Diagnostic::Severity::Error).join(u' ').contains(u"--provider"_s));

    const ParsedSheet bad = readText(csv, ImportFormat::Skypilot, u"lambda"_s);
    CHECK_FALSE(bad.ok());
    const QStringList errors = messages(bad, Diagnostic::Severity::Error);
    REQUIRE(errors.size() == 1);
    CHECK(errors.first().startsWith(u"inline:3: error: Price: \"abc\" is not a price"_s));

    const ParsedSheet notCatalog = readText("name,price\nx,1\n", ImportFormat::Skypilot, u"lambda"_s);
    CHECK_FALSE(notCatalog.ok());
    CHECK(messages(notCatalog, Diagnostic::Severity::Error).join(u' ').contains(u"no InstanceType column"_s));
}

TEST_CASE("Prices no real offer has are quarantined as errors unless outliers are accepted")
{
    // The issue's examples: an 8-GPU node at 0.01/h, and a reservation thousands of times its
    // on-demand price; beside them two sound prices of the same sheet.
    const QByteArray csv =
        "provider,offer_kind,sku,accelerator,accelerator_count,region,price_model,price,currency,unit,effective_date\n"
        "Test,cloud_vm,node8,h100-sxm,8,r1,on_demand,0.01,USD,hour,2026-11-01\n"
        "Test,cloud_vm,node9,h100-sxm,8,r1,on_demand,40,USD,hour,2026-11-01\n"
        "Test,cloud_vm,node9,h100-sxm,8,r1,commit_1y,224000,USD,hour,2026-11-01\n"
        "Test,cloud_vm,node9,h100-sxm,8,r1,spot,12,USD,hour,2026-11-01\n"
        "Test,cloud_vm,node9,h100-sxm,8,r1,commit_3y,80,USD,hour,2026-11-01\n"
        "Test,dedicated_server,box,rtx-4000-sff-ada,1,fsn1,monthly,184,EUR,month,2026-11-01\n";
    const ParsedSheet quarantined = readText(csv, ImportFormat::Csv);
    CHECK_FALSE(quarantined.ok());
    CHECK(quarantined.outliers == 3);
    const QStringList errors = messages(quarantined, Diagnostic::Severity::Error);
    REQUIRE(errors.size() == 3);
    CHECK(errors.at(0).startsWith(u"inline:2: error: price: node8 on_demand in r1: 0.01 USD per hour for 8"_s));
    CHECK(errors.at(0).contains(u"below any real offer"_s));
    CHECK(errors.at(1).startsWith(u"inline:4: error: price: node9 commit_1y in r1: 224000 USD per hour for 8 "
                                  "accelerator(s) is $28000 per accelerator-hour, above any real offer"_s));
    CHECK(errors.at(1).contains(u"quarantined as an outlier"_s));
    // Within the absolute bounds, a commitment dearer than on demand is still no offer.
    CHECK(errors.at(2).startsWith(u"inline:6: error: price: node9 commit_3y in r1: commit_3y 80 is 2× the on-demand "
                                  "price 40 on line 3"_s));

    const ParsedSheet accepted = readText(csv, ImportFormat::Csv, {}, true);
    REQUIRE(accepted.ok());
    CHECK(accepted.outliers == 3);
    CHECK(messages(accepted, Diagnostic::Severity::Warning).size() == 3);
    const PriceRecord *node8 = test::findRecord(accepted, u"node8"_s, u"r1"_s, PriceModel::OnDemand);
    REQUIRE(node8);
    CHECK(node8->confidence == u"approximate"_s);
    CHECK(node8->notes.contains(u"accepted outlier"_s));
    CHECK(test::findRecord(accepted, u"node9"_s, u"r1"_s, PriceModel::Spot)->confidence.isEmpty());
}

TEST_CASE("Every shipped price sheet is free of outliers")
{
    const QDir prices(QStringLiteral(ACCELPLAN_TEST_DATA "/../../data/prices"));
    const QStringList files = prices.entryList({u"*.csv"_s}, QDir::Files);
    REQUIRE(files.size() >= 10);
    for (const QString &name : files) {
        INFO(name.toStdString());
        const ParsedSheet sheet = readFile(u"../../data/prices/"_s + name, ImportFormat::Csv);
        CHECK(messages(sheet, Diagnostic::Severity::Error).join(u'\n') == QString());
        CHECK(sheet.outliers == 0);
    }
}

TEST_CASE("The Azure size table maps ND96ams_A100_v4 and the RTX PRO 6000 Server Edition sizes")
{
    const auto skus = loadAzureSkus();
    REQUIRE(skus.ok());
    REQUIRE(skus->contains(u"Standard_ND96ams_A100_v4"_s));
    CHECK(skus->value(u"Standard_ND96ams_A100_v4"_s).accelerator == u"a100-80gb"_s);
    CHECK(skus->value(u"Standard_ND96ams_A100_v4"_s).acceleratorCount == 8);
    for (const QString &size : {u"Standard_NC128ds_xl_RTXPRO6000BSE_v6"_s, u"Standard_NC320lds_xl_RTXPRO6000BSE_v6"_s}) {
        INFO(size.toStdString());
        REQUIRE(skus->contains(size));
        const AzureSku sku = skus->value(size);
        CHECK(test::shippedCatalog().find(sku.accelerator) != nullptr);
        CHECK(sku.accelerator == u"rtx-pro-6000-bse"_s);
    }
    CHECK(skus->value(u"Standard_NC320lds_xl_RTXPRO6000BSE_v6"_s).acceleratorCount == 2);
}

TEST_CASE("Every provider reader refuses a currency that is not an ISO 4217 code, at its line")
{
    for (const QString &code : {u"usd"_s, u"€"_s, u"XXX"_s, u"US"_s}) {
        CAPTURE(code);
        const QByteArray c = code.toUtf8();
        const QString expected = u"'"_s + code + u"' is not an ISO 4217 currency code"_s;

        const ParsedSheet oracle = readText(R"({"items": [
{"partNumber": "B98415", "displayName": "H100", "metricName": "GPU Per Hour", "serviceCategory": "Compute - GPU",
 "currencyCodeLocalizations": [{"currencyCode": ")" + c + R"(", "prices": [{"model": "PAY_AS_YOU_GO", "value": 10}]}]}]})",
                                            ImportFormat::Oci);
        CAPTURE(messages(oracle, Diagnostic::Severity::Error));
        CHECK_FALSE(oracle.ok());
        CHECK(messages(oracle, Diagnostic::Severity::Error).join(u'\n').contains(u"inline:2: error: currencyCode: "_s + expected));

        const ParsedSheet azure = readText(R"([
{"serviceName": "Virtual Machines", "type": "Consumption", "unitOfMeasure": "1 Hour", "currencyCode": ")" + c + R"(", "armSkuName": "Standard_NC24ads_A100_v4", "armRegionName": "eastus", "meterName": "NC24ads A100 v4", "retailPrice": 3.673}
])",
                                           ImportFormat::Azure);
        CAPTURE(messages(azure, Diagnostic::Severity::Error));
        CHECK_FALSE(azure.ok());
        CHECK(messages(azure, Diagnostic::Severity::Error).join(u'\n').contains(u"inline:2: error: currencyCode: "_s + expected));

        QFile gcpFile(test::dataPath(u"gcp/gcp_bad_units.json"_s));
        REQUIRE(gcpFile.open(QIODevice::ReadOnly));
        QByteArray gcpText = gcpFile.readAll();
        gcpText.replace("\"units\": \"2.5\"", "\"units\": \"2\"");
        gcpText.replace("\"currencyCode\": \"USD\"", QByteArray("\"currencyCode\": \"" + c + "\""));
        const ParsedSheet google = readText(gcpText, ImportFormat::Gcp);
        CAPTURE(messages(google, Diagnostic::Severity::Error));
        CHECK_FALSE(google.ok());
        CHECK(messages(google, Diagnostic::Severity::Error).join(u'\n').contains(u"inline:3: error: unitPrice.currencyCode: "_s + expected));
    }
}

TEST_CASE("Every provider JSON reader stops at a string longer than 1 MiB, at its line")
{
    const QByteArray longText((1 << 20) + 16, 'x'); // no line break, no quote
    const QList<std::pair<ImportFormat, QByteArray>> files{
        {ImportFormat::Azure, "[\n{\"serviceName\": \"Virtual Machines\", \"meterName\": \"" + longText + "\"}\n]"},
        {ImportFormat::Oci, "{\"items\": [\n{\"partNumber\": \"" + longText + "\"}]}"},
        {ImportFormat::Gcp, "{\"skus\": [\n{\"skuId\": \"" + longText + "\"}]}"},
        {ImportFormat::AwsJson, "{\"formatVersion\": \"v1.0\",\n\"offerCode\": \"" + longText + "\"}"},
    };
    for (const auto &[format, text] : files) {
        CAPTURE(toString(format));
        const ParsedSheet sheet = readText(text, format);
        const QStringList errors = messages(sheet, Diagnostic::Severity::Error);
        CAPTURE(errors);
        CHECK_FALSE(sheet.ok());
        REQUIRE(errors.size() == 1);
        CHECK(errors.first().startsWith(u"inline:2: error: "_s));
        CHECK(errors.first().contains(u"a string longer than 1 MiB"_s));
        CHECK(errors.first().size() < 400);
    }
}
