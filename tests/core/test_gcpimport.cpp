#include "core/pricing/importers/gcpimporter.h"
#include "tests/qtstringmaker.h"
#include "tests/testsupport.h"

#include <catch2/catch.hpp>

#include <QBuffer>
#include <QCryptographicHash>
#include <QFile>
#include <QSet>

using namespace Qt::StringLiterals;
using namespace accelplan;
using namespace accelplan::pricing;

namespace {

const GcpTables &tables()
{
    static const GcpTables loaded = [] {
        auto result = loadGcpTables();
        INFO((result.ok() || result.error().details.isEmpty() ? std::string()
                                                              : result.error().details.first().toString().toStdString()));
        REQUIRE(result.ok());
        return std::move(result).value();
    }();
    return loaded;
}

ParsedSheet parseGcp(const QString &name, const std::atomic<bool> *cancel = nullptr)
{
    QFile file(test::dataPath(u"gcp/"_s + name));
    REQUIRE(file.open(QIODevice::ReadOnly));
    return parseGcpJson(&file, name, tables(), cancel);
}

QList<Diagnostic> warnings(const ParsedSheet &sheet)
{
    QList<Diagnostic> found;
    for (const Diagnostic &d : sheet.diagnostics)
        if (d.severity == Diagnostic::Severity::Warning)
            found.append(d);
    return found;
}

std::string firstProblem(const ParsedSheet &sheet)
{
    for (const Diagnostic &d : sheet.diagnostics)
        if (d.severity == Diagnostic::Severity::Error)
            return d.toString().toStdString();
    return {};
}


/// One SKU in the Billing Catalog's JSON shape (made-up prices; the descriptions are Google's).
struct Sku
{
    const char *id;
    const char *description;
    const char *units;
    int nanos;
    const char *group = "GPU";
    const char *unit = "h";
};

/// A page of \a skus of one service in one region.
QByteArray skuPage(std::initializer_list<Sku> skus, const char *region, bool cloudTpu = false)
{
    QStringList items;
    for (const Sku &sku : skus)
        items.append(QStringLiteral(R"({"name": "services/%1/skus/%2", "skuId": "%2", "description": "%3",
            "category": {"serviceDisplayName": "%4", "resourceFamily": "Compute", "resourceGroup": "%5",
                         "usageType": "OnDemand"},
            "serviceRegions": ["%6"],
            "pricingInfo": [{"summary": "", "effectiveTime": "2026-10-01T00:00:00Z",
                             "pricingExpression": {"usageUnit": "%7", "tieredRates": [{"startUsageAmount": 0,
                             "unitPrice": {"currencyCode": "USD", "units": "%8", "nanos": %9}}]}}]})")
                         .arg(cloudTpu ? u"E000-3F24-B8AA"_s : u"6F81-5844-456A"_s, QLatin1StringView(sku.id),
                              QLatin1StringView(sku.description),
                              cloudTpu ? u"Cloud TPU"_s : u"Compute Engine"_s, QLatin1StringView(sku.group),
                              QLatin1StringView(region), QLatin1StringView(sku.unit), QLatin1StringView(sku.units))
                         .arg(sku.nanos));
    return (u"{\"skus\": ["_s + items.join(u","_s) + u"]}"_s).toUtf8();
}

/// Parses a page made by skuPage.
ParsedSheet parsePage(const QByteArray &json, const QString &name)
{
    QByteArray copy = json;
    QBuffer buffer(&copy);
    REQUIRE(buffer.open(QIODevice::ReadOnly));
    return parseGcpJson(&buffer, name, tables());
}

} // namespace

TEST_CASE("gcp: machines are assembled from vCPU, RAM and GPU SKUs per region and price model", "[gcp][import]")
{
    const QDate readFrom = QDate::currentDate();
    const ParsedSheet sheet = parseGcp(u"gcp_traps.json"_s);
    const QDate readTo = QDate::currentDate();
    INFO(firstProblem(sheet));
    REQUIRE(sheet.ok());
    CHECK(sheet.rowCount == 41); // both pages
    // A3 High in us-central1 on four models (16), A2 on demand (9), G2 in two regions (16), TPU v6e (2),
    // A3 Mega on demand and 3-year (2).
    CHECK(sheet.records.size() == 45);

    QFile file(test::dataPath(u"gcp/gcp_traps.json"_s));
    REQUIRE(file.open(QIODevice::ReadOnly));
    CHECK(sheet.sha256 == QCryptographicHash::hash(file.readAll(), QCryptographicHash::Sha256).toHex());

    // 208 × 0.025 + 1872 × 0.0026 + 8 × 9.796550569 (the tier from 0, though listed second), exact.
    const PriceRecord *a3 = test::findRecord(sheet, u"a3-highgpu-8g"_s, u"us-central1"_s, PriceModel::OnDemand);
    REQUIRE(a3 != nullptr);
    CHECK(a3->price.toString() == u"88.439604552"_s);
    CHECK(a3->key.provider == u"Google Cloud"_s);
    CHECK(a3->offerKind == OfferKind::CloudVm);
    CHECK(a3->accelerator == u"h100-sxm"_s);
    CHECK(a3->acceleratorCount == 8);
    CHECK(a3->vcpus == 208);
    CHECK(a3->ramGb->toString() == u"1872"_s);
    CHECK(a3->currency == u"USD"_s);
    CHECK(a3->unit == PriceUnit::Hour);
    CHECK(a3->effectiveDate == QDate(2026, 9, 1));
    // A SKU list says when a price took effect, not when it was read: it was read on import.
    CHECK(a3->asOf >= readFrom);
    CHECK(a3->asOf <= readTo);
    CHECK(a3->confidence == u"exact"_s);
    CHECK(a3->sourceUrl == u"https://cloudbilling.googleapis.com/v1/services/6F81-5844-456A/skus"_s);
    CHECK(a3->sheetLine == 83); // the GPU SKU
    CHECK(a3->notes.contains(u"208 vCPU × 0.025 [F17E-0000-0001]"_s));
    CHECK(a3->notes.contains(u"1872 GiB × 0.0026 [F17E-0000-0002]"_s));
    CHECK(a3->notes.contains(u"8 GPU × 9.796550569 [F17E-0000-0003]"_s));
    CHECK(a3->notes.contains(u"6000 GiB local SSD"_s)); // named, not priced
    CHECK(a3->notes.contains(u"2 usage tiers"_s));

    // 26 × 0.025 + 234 × 0.0026 + 9.796550569
    CHECK(test::findRecord(sheet, u"a3-highgpu-1g"_s, u"us-central1"_s, PriceModel::OnDemand)->price.toString()
          == u"11.054950569"_s);
    // Spot: 208 × 0.01 + 1872 × 0.001 + 8 × 4
    CHECK(test::findRecord(sheet, u"a3-highgpu-8g"_s, u"us-central1"_s, PriceModel::Spot)->price.toString() == u"35.952"_s);
    // The 1-year GPU commitment labelled usageType OnDemand is a commitment, not an on-demand price:
    // 208 × 0.0175 + 1872 × 0.00182 + 8 × 6.8.
    const PriceRecord *oneYear = test::findRecord(sheet, u"a3-highgpu-8g"_s, u"us-central1"_s, PriceModel::Commit1y);
    REQUIRE(oneYear != nullptr);
    CHECK(oneYear->price.toString() == u"61.44704"_s);
    CHECK(oneYear->notes.contains(u"usageType OnDemand"_s));
    CHECK(oneYear->notes.contains(u"commitment"_s));
    // 208 × 0.011 + 1872 × 0.00115 + 8 × 4.3
    CHECK(test::findRecord(sheet, u"a3-highgpu-8g"_s, u"us-central1"_s, PriceModel::Commit3y)->price.toString() == u"38.8408"_s);

    // A2 Mega: 96 × 0.031611 + 1360 × 0.004237 + 16 × 2.933908; A2 Ultra from the renamed A100 80GB SKU.
    CHECK(test::findRecord(sheet, u"a2-megagpu-16g"_s, u"us-central1"_s, PriceModel::OnDemand)->price.toString()
          == u"55.739504"_s);
    const PriceRecord *ultra = test::findRecord(sheet, u"a2-ultragpu-1g"_s, u"us-central1"_s, PriceModel::OnDemand);
    REQUIRE(ultra != nullptr);
    CHECK(ultra->price.toString() == u"5.027702"_s);
    CHECK(ultra->accelerator == u"a100-80gb"_s);
    CHECK(test::findRecord(sheet, u"a2-highgpu-1g"_s, u"us-central1"_s, PriceModel::Spot) == nullptr);

    // G2: us-central1 takes its own core price (0.025); us-east1 the multi-regional "us" one (0.03).
    const PriceRecord *iowa = test::findRecord(sheet, u"g2-standard-4"_s, u"us-central1"_s, PriceModel::OnDemand);
    const PriceRecord *carolina = test::findRecord(sheet, u"g2-standard-4"_s, u"us-east1"_s, PriceModel::OnDemand);
    REQUIRE(iowa != nullptr);
    REQUIRE(carolina != nullptr);
    CHECK(iowa->price.toString() == u"0.708040239"_s);     // 4 × 0.025 + 16 × 0.003 + 0.560040239
    CHECK(carolina->price.toString() == u"0.728040239"_s); // 4 × 0.03 + 16 × 0.003 + 0.560040239
    CHECK_FALSE(iowa->notes.contains(u"multi-regional"_s));
    CHECK(carolina->notes.contains(u"multi-regional"_s));
    CHECK(test::findRecord(sheet, u"g2-standard-96"_s, u"us-central1"_s, PriceModel::OnDemand)->price.toString()
          == u"8.032321912"_s);
    CHECK(test::findRecord(sheet, u"g2-standard-4"_s, u"europe-west4"_s, PriceModel::OnDemand) == nullptr); // "us" only
    CHECK(test::findRecord(sheet, u"g2-standard-4"_s, u"us-central1"_s, PriceModel::Commit1y) == nullptr);  // disagreeing SKU

    // TPU v6e: one offer per chip under the shipped sheet's SKU name; the preemptible SKU labelled
    // OnDemand is the spot price.
    const PriceRecord *tpu = test::findRecord(sheet, u"tpu-v6e (Trillium)"_s, u"us-east1"_s, PriceModel::OnDemand);
    REQUIRE(tpu != nullptr);
    CHECK(tpu->price.toString() == u"2.7"_s);
    CHECK(tpu->offerKind == OfferKind::Tpu);
    CHECK(tpu->accelerator == u"tpu-v6e"_s);
    CHECK(tpu->acceleratorCount == 1);
    CHECK(test::findRecord(sheet, u"tpu-v6e (Trillium)"_s, u"us-east1"_s, PriceModel::Spot)->price.toString() == u"1.89"_s);

    // A3 Mega in us-east4 from the A3Plus core/RAM SKUs: 208 × 0.03 + 1872 × 0.003 + 8 × 10.3.
    const PriceRecord *mega = test::findRecord(sheet, u"a3-megagpu-8g"_s, u"us-east4"_s, PriceModel::OnDemand);
    REQUIRE(mega != nullptr);
    CHECK(mega->price.toString() == u"94.256"_s);
    // Tokyo: "H100 80GB Plus" and "H100 80GB Mega" price one GPU differently, so no price is guessed.
    CHECK(test::findRecord(sheet, u"a3-megagpu-8g"_s, u"asia-northeast1"_s, PriceModel::OnDemand) == nullptr);
    // us-east4 has the H100 but no A3 core or RAM: no GPU-only machine price.
    CHECK(test::findRecord(sheet, u"a3-highgpu-8g"_s, u"us-east4"_s, PriceModel::OnDemand) == nullptr);
}

TEST_CASE("gcp: every SKU left out is counted by reason and unknown accelerators are listed", "[gcp][import]")
{
    const ParsedSheet sheet = parseGcp(u"gcp_traps.json"_s);
    REQUIRE(sheet.ok());
    const QList<std::pair<QString, int>> expected = {
        {u"other service"_s, 1},
        {u"spend-based commitment"_s, 1},
        {u"reserved, DWS or sole-tenant capacity"_s, 2},
        {u"unknown accelerator SKU"_s, 2},
        {u"not a machine component"_s, 2},
        {u"unexpected unit"_s, 1},
        {u"usageType and description disagree"_s, 1},
        {u"no region"_s, 1},
        // 4 A3 High shapes in us-east4, 5 A2 High/Mega shapes in europe-west4 (RAM priced per month)
        {u"machine incomplete in a region (its accelerator is priced, its vCPU or RAM is not)"_s, 9},
    };
    CHECK(sheet.skipped == expected); // in the order first met
    CHECK(sheet.unknownTypes == QStringList{u"Nvidia Tesla T4 GPU running in Americas"_s, u"Tpu-v3 Pod running in Oklahoma"_s});

    const QList<Diagnostic> found = warnings(sheet);
    REQUIRE(found.size() == 2);
    CHECK(found.at(0).line == 1501); // the second Tokyo Mega SKU
    CHECK(found.at(0).message.contains(u"F17E-0000-0036"_s));
    CHECK(found.at(0).message.contains(u"neither is used"_s));
    CHECK(found.at(1).line == 1621); // the 3-year Mega GPU SKU
    CHECK(found.at(1).field == u"price"_s);
    CHECK(found.at(1).message.contains(u"a3-megagpu-8g in us-east4"_s));
    CHECK(found.at(1).message.contains(u"not below the on-demand price 94.256"_s));
}

TEST_CASE("gcp: assembled prices reproduce the shipped sheet where the part prices are public", "[gcp][import]")
{
    const ParsedSheet sheet = parseGcp(u"gcp_traps.json"_s);
    REQUIRE(sheet.ok());
    const PriceSheetParser parser(test::shippedCatalog(), QDate(2026, 11, 22));
    const ParsedSheet shipped = parser.parseFile(u":/data/prices/gcp.csv"_s);
    REQUIRE(shipped.ok());

    // The import updates the shipped offers: same provider, SKU, region and model.
    const PriceRecord *a2 = test::findRecord(sheet, u"a2-highgpu-1g"_s, u"us-central1"_s, PriceModel::OnDemand);
    const PriceRecord *a2Shipped = test::findRecord(shipped, u"a2-highgpu-1g"_s, u"us-central1"_s, PriceModel::OnDemand);
    REQUIRE(a2 != nullptr);
    REQUIRE(a2Shipped != nullptr);
    CHECK(a2->key == a2Shipped->key);
    CHECK(a2->accelerator == a2Shipped->accelerator);
    CHECK(a2->vcpus == a2Shipped->vcpus);
    CHECK(a2->ramGb == a2Shipped->ramGb);
    // 12 × 0.031611 + 85 × 0.004237 + 2.933908 is the Billing Catalog's a2-highgpu-1g to the nano.
    CHECK(a2->price == a2Shipped->price);
    CHECK(a2->price.toString() == u"3.673385"_s);

    // a2-ultragpu-1g: the shipped price also bills its 375 GiB local SSD at 0.08 per GiB-month ÷ 730 h.
    const PriceRecord *ultraShipped = test::findRecord(shipped, u"a2-ultragpu-1g"_s, u"us-central1"_s, PriceModel::OnDemand);
    REQUIRE(ultraShipped != nullptr);
    const double ssd = ultraShipped->price.toDouble()
                       - test::findRecord(sheet, u"a2-ultragpu-1g"_s, u"us-central1"_s, PriceModel::OnDemand)->price.toDouble();
    CHECK(ssd == Approx(375 * 0.08 / 730).epsilon(1e-6));

    // a3-highgpu-8g with illustrative A3 core/RAM prices (tests/data/gcp/README.md): the order of the
    // shipped 88.49, which a per-month RAM price, a GPU counted once or a month-long tier would miss.
    const PriceRecord *a3Shipped = test::findRecord(shipped, u"a3-highgpu-8g"_s, u"us-central1"_s, PriceModel::OnDemand);
    REQUIRE(a3Shipped != nullptr);
    CHECK(test::findRecord(sheet, u"a3-highgpu-8g"_s, u"us-central1"_s, PriceModel::OnDemand)->price.toDouble()
          == Approx(a3Shipped->price.toDouble()).epsilon(0.05));

    // TPU offers carry the shipped sheet's TPU SKU names.
    CHECK(test::findRecord(shipped, u"tpu-v6e (Trillium)"_s, u"us-east1"_s, PriceModel::OnDemand)->key
          == test::findRecord(sheet, u"tpu-v6e (Trillium)"_s, u"us-east1"_s, PriceModel::OnDemand)->key);
}

TEST_CASE("gcp: a JSON array of pages is read like pages one after another", "[gcp][import]")
{
    const ParsedSheet sheet = parseGcp(u"gcp_array_of_pages.json"_s);
    INFO(firstProblem(sheet));
    REQUIRE(sheet.ok());
    CHECK(sheet.rowCount == 3);
    CHECK(sheet.records.size() == 5); // a2-highgpu-1g/2g/4g/8g and a2-megagpu-16g
    CHECK(test::findRecord(sheet, u"a2-highgpu-8g"_s, u"us-central1"_s, PriceModel::OnDemand)->price.toString()
          == u"29.38708"_s); // 96 × 0.031611 + 680 × 0.004237 + 8 × 2.933908
}

TEST_CASE("gcp: malformed or negative money is refused with the SKU's line and field", "[gcp][import]")
{
    struct Case
    {
        const char *file;
        const char *expected;
    };
    const Case cases[] = {
        {"gcp_negative_price.json", "gcp_negative_price.json:43: error: unitPrice: negative price -2.5"},
        {"gcp_bad_nanos.json", "gcp_bad_nanos.json:43: error: unitPrice.nanos: 1250000000 is out of range"},
        {"gcp_bad_units.json", "gcp_bad_units.json:43: error: unitPrice.units: \"2.5\" is not a whole number"},
    };
    for (const Case &c : cases) {
        const ParsedSheet sheet = parseGcp(QString::fromLatin1(c.file));
        INFO(c.file);
        REQUIRE_FALSE(sheet.ok());
        CHECK(sheet.diagnostics.first().toString().startsWith(QString::fromUtf8(c.expected)));
        CHECK(sheet.records.isEmpty()); // all or nothing: the good SKU before it makes no offer
    }
}

TEST_CASE("gcp: a syntax error or a file that is not a SKU list is refused", "[gcp][import]")
{
    const ParsedSheet broken = parseGcp(u"gcp_syntax_error.json"_s);
    REQUIRE_FALSE(broken.ok());
    CHECK(broken.diagnostics.first().toString().startsWith(u"gcp_syntax_error.json:87: error: JSON syntax error"_s));
    CHECK(broken.records.isEmpty());

    const ParsedSheet services = parseGcp(u"gcp_not_skus.json"_s);
    REQUIRE_FALSE(services.ok());
    CHECK(services.diagnostics.first().message.contains(u"not a Google Cloud Billing Catalog SKU list"_s));

    // A native CSV sheet is not JSON at all.
    QFile native(test::dataPath(u"sheets/good/all_fields.csv"_s));
    REQUIRE(native.open(QIODevice::ReadOnly));
    const ParsedSheet csv = parseGcpJson(&native, u"all_fields.csv"_s, tables());
    REQUIRE_FALSE(csv.ok());
    CHECK(csv.diagnostics.first().toString().startsWith(u"all_fields.csv:1: error: JSON syntax error"_s));
}

TEST_CASE("gcp: no assembled machine is an error unless the import was cancelled", "[gcp][import]")
{
    const ParsedSheet none = parseGcp(u"gcp_no_machines.json"_s);
    REQUIRE_FALSE(none.ok());
    CHECK(none.diagnostics.first().message == u"no machine prices could be assembled (2 SKUs read)"_s);
    CHECK(test::skippedFor(none, u"not a machine component"_s) == 2);

    const std::atomic<bool> cancel{true};
    const ParsedSheet cancelled = parseGcp(u"gcp_traps.json"_s, &cancel);
    CHECK(cancelled.ok());
    CHECK(cancelled.rowCount == 0);
    CHECK(cancelled.records.isEmpty());
}

TEST_CASE("gcp: SKU descriptions map to components as the pattern table says", "[gcp][catalog]")
{
    struct Row
    {
        const char *description;
        const char *group;
        const char *component; ///< empty: no pattern matches
    };
    const Row rows[] = {
        {"Nvidia H100 80GB GPU running in Americas", "GPU", "h100"},
        {"nvidia h100 80gb gpu running in americas", "GPU", "h100"}, // any case
        {"Commitment v1: Nvidia H100 80GB GPU in Americas for 3 Years", "GPU", "h100"},
        {"Nvidia H100 80GB Mega GPU running in Virginia", "GPU", "h100-mega"},
        {"Nvidia H100 Mega 80GB GPU attached to Spot Preemptible VMs running in Tokyo", "GPU", "h100-mega"},
        {"Nvidia H100 80GB Plus GPU running in Americas", "GPU", "h100-mega"},
        {"Nvidia Tesla A100 GPU running in Americas", "GPU", "a100-40gb"},
        {"Nvidia Tesla A100 80GB GPU running in EMEA", "GPU", "a100-80gb"},
        {"Nvidia A100 80GB GPU running in Americas", "GPU", "a100-80gb"},
        {"Commitment v1: Nvidia L4 GPU in Frankfurt for 1 Year", "GPU", "l4"},
        {"A3 Instance Core running in Americas", "CPU", "a3-core"},
        {"Spot Preemptible A3 Instance Ram running in Americas", "RAM", "a3-ram"},
        {"Commitment v1: A3 Cpu in Americas for 1 Year", "CPU", "a3-core"},
        {"Commitment v1: A3 Ram in Americas for 1 Year", "RAM", "a3-ram"},
        {"Commitment v1: A3 Local SSD in Americas for 1 Year", "LocalSSD", ""}, // the group decides
        {"Old Commitment v1: A3 Cpu in Americas for 1 Year", "CPU", ""}, // 'Commitment v1: A3 %' holds from the start
        {"A3Plus Instance Core running in Virginia", "CPU", "a3plus-core"},
        {"Commitment v1: A3Plus Ram in Virginia for 3 Years", "RAM", "a3plus-ram"},
        {"A2 Instance Ram running in Americas", "RAM", "a2-ram"},
        {"G2 Instance Core running in Iowa", "CPU", "g2-core"},
        {"TpuV5e running in Iowa", "TPU", "tpu-v5e"},
        {"TpuV5p running in Columbus", "TPU", "tpu-v5p"},
        {"N2 Instance Core running in Americas", "CPU", ""},
        {"H200 141GB GPU running in Americas", "GPU", "h200"}, // newer SKUs drop the Nvidia prefix
        {"Commitment v1: H200 141GB GPU running in Americas for 3 Years", "GPU", "h200"},
        {"A3Ultra Instance Core running in Americas", "CPU", "a3ultra-core"},
        {"A3 Ultra Instance Ram running in Americas", "RAM", "a3ultra-ram"},
        {"Tpu-v4 Pod Accelerator USA", "TPU", "tpu-v4"},
        {"Tpu-v4 Accelerator USA", "TPU", ""}, // v4 is priced only as pods
        {"Nvidia Tesla T4 GPU running in Americas", "GPU", ""},
    };
    for (const Row &row : rows) {
        INFO(row.description);
        const GcpSkuPattern *pattern = tables().match(QString::fromUtf8(row.description), QString::fromUtf8(row.group));
        CHECK((pattern ? pattern->component : QString()) == QString::fromUtf8(row.component));
    }
}

TEST_CASE("gcp: every shipped machine type names a catalog accelerator and priced parts", "[gcp][catalog]")
{
    // loadGcpTables() already refuses a machine whose parts no pattern prices; here the catalog side.
    CHECK(tables().machines.size() == 24);
    QSet<QString> names;
    for (const GcpMachine &m : tables().machines) {
        INFO(m.machineType.toStdString());
        CHECK_FALSE(names.contains(m.machineType));
        names.insert(m.machineType);
        CHECK(test::shippedCatalog().find(m.accelerator) != nullptr);
        CHECK(m.acceleratorCount >= 1);
        CHECK(m.vcpus >= 1);
        CHECK(m.ramGib >= m.vcpus); // every accelerator-optimized shape has at least 1 GiB per vCPU
    }
    for (const char *name : {"a3-highgpu-8g", "a3-megagpu-8g", "a3-ultragpu-8g", "a2-megagpu-16g", "a2-ultragpu-8g",
                             "g2-standard-96"})
        CHECK(names.contains(QString::fromLatin1(name)));
    for (const GcpSkuPattern &p : tables().patterns) {
        INFO(p.pattern.toStdString());
        if (!p.accelerator.isEmpty())
            CHECK(test::shippedCatalog().find(p.accelerator) != nullptr);
    }
}

TEST_CASE("gcp: an A4 machine is priced by its per-GPU slice SKU alone, spot told by the description", "[gcp][import]")
{
    // The descriptions are Google's ("A4 Nvidia B200 (1 gpu slice) running in Americas", spot SKUs
    // say so in the description with usageType OnDemand).
    const ParsedSheet sheet = parsePage(
        skuPage({{"A4A4-0000-0001", "A4 Nvidia B200 (1 gpu slice) running in Americas", "11", 277000000},
                 {"A4A4-0000-0002", "Spot Preemptible A4 Nvidia B200 (1 gpu slice) running in Americas", "4", 500000000},
                 {"A4A4-0000-0003", "DWS Calendar Mode A4 Nvidia B200 (1 gpu slice) running in Americas", "9", 0}},
                "us-central1"),
        u"a4.json"_s);
    INFO(firstProblem(sheet));
    REQUIRE(sheet.ok());
    const PriceRecord *onDemand = test::findRecord(sheet, u"a4-highgpu-8g"_s, u"us-central1"_s, PriceModel::OnDemand);
    REQUIRE(onDemand);
    CHECK(onDemand->accelerator == u"b200"_s);
    CHECK(onDemand->acceleratorCount == 8);
    CHECK(onDemand->price.toString() == u"90.216"_s); // 8 × 11.277, no vCPU or RAM SKU added
    CHECK(onDemand->notes.contains(u"priced per GPU"_s));
    const PriceRecord *spot = test::findRecord(sheet, u"a4-highgpu-8g"_s, u"us-central1"_s, PriceModel::Spot);
    REQUIRE(spot);
    CHECK(spot->price.toString() == u"36"_s);
    CHECK(test::skippedFor(sheet, u"reserved, DWS or sole-tenant capacity"_s) == 1);
}

TEST_CASE("gcp: a TPU v4 pod SKU prices one 4-chip host and is divided per chip", "[gcp][import]")
{
    // The Cloud TPU service prices v4 only as 'Tpu-v4 … Pod' SKUs, one price per 8 TensorCores
    // (a 4-chip v4-8 host), with 'Preemptible' in the description for spot (usageType OnDemand).
    const ParsedSheet sheet = parsePage(skuPage({{"7A7A-0000-0001", "Tpu-v4 Pod Accelerator USA", "12", 880000000, "TPU"},
                                                 {"7A7A-0000-0002", "Tpu-v4 Pod Preemptible Accelerator USA", "3", 0, "TPU"}},
                                                "us-central2", true),
                                        u"tpu-v4.json"_s);
    INFO(firstProblem(sheet));
    REQUIRE(sheet.ok());
    const PriceRecord *onDemand = test::findRecord(sheet, u"tpu-v4 (pod slice)"_s, u"us-central2"_s, PriceModel::OnDemand);
    REQUIRE(onDemand);
    CHECK(onDemand->offerKind == OfferKind::Tpu);
    CHECK(onDemand->accelerator == u"tpu-v4"_s);
    CHECK(onDemand->acceleratorCount == 1);
    CHECK(onDemand->price.toString() == u"3.22"_s); // 12.88 for four chips
    CHECK(onDemand->notes.contains(u"for 4 chips"_s));
    const PriceRecord *spot = test::findRecord(sheet, u"tpu-v4 (pod slice)"_s, u"us-central2"_s, PriceModel::Spot);
    REQUIRE(spot);
    CHECK(spot->price.toString() == u"0.75"_s);
}

TEST_CASE("gcp: an A3 Ultra machine is assembled from the A3Ultra core and RAM SKUs and the H200 GPU SKU", "[gcp][import]")
{
    // The descriptions as Google writes them ('A3Ultra Instance Core', and the H200 GPU without
    // the Nvidia prefix).
    const ParsedSheet sheet = parsePage(
        skuPage({{"A3U0-0000-0001", "A3Ultra Instance Core running in Belgium", "0", 30000000, "CPU"},
                 {"A3U0-0000-0002", "A3Ultra Instance Ram running in Belgium", "0", 4000000, "RAM", "GiBy.h"},
                 {"A3U0-0000-0003", "H200 141GB GPU running in Belgium", "9", 0}},
                "europe-west1"),
        u"a3u.json"_s);
    INFO(firstProblem(sheet));
    REQUIRE(sheet.ok());
    const PriceRecord *onDemand = test::findRecord(sheet, u"a3-ultragpu-8g"_s, u"europe-west1"_s, PriceModel::OnDemand);
    REQUIRE(onDemand);
    CHECK(onDemand->accelerator == u"h200"_s);
    CHECK(onDemand->acceleratorCount == 8);
    CHECK(onDemand->vcpus == 224);
    // 224 × 0.03 + 2952 × 0.004 + 8 × 9 = 6.72 + 11.808 + 72
    CHECK(onDemand->price.toString() == u"90.528"_s);
    CHECK(sheet.unknownTypes.isEmpty());
}
