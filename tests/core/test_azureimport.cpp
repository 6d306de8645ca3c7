#include "core/pricing/importers/azureimporter.h"
#include "tests/qtstringmaker.h"
#include "tests/testsupport.h"

#include <catch2/catch.hpp>

#include <QBuffer>
#include <QCryptographicHash>
#include <QFile>

using namespace Qt::StringLiterals;
using namespace accelplan;
using namespace accelplan::pricing;

// Fixtures in tests/data/azure: retail_traps.json holds one item per line (line N = item N - 5),
// the Azure shape with real published figures for ND96isr H100 v5 (reference §2.2); retail_page2.json
// is pretty-printed like the API's own output, and its NC40ads/MI300X prices are made-up test values.

namespace {

const QHash<QString, AzureSku> &shippedSkus()
{
    static const QHash<QString, AzureSku> skus = [] {
        const auto loaded = loadAzureSkus();
        REQUIRE(loaded.ok());
        return loaded.value();
    }();
    return skus;
}

ParsedSheet parseAzure(const QString &name, const std::atomic<bool> *cancel = nullptr)
{
    QFile file(test::dataPath(u"azure/"_s + name));
    REQUIRE(file.open(QIODevice::ReadOnly));
    return parseAzureJson(&file, name, shippedSkus(), cancel);
}

ParsedSheet parseText(const QByteArray &json)
{
    QBuffer buffer;
    buffer.setData(json);
    REQUIRE(buffer.open(QIODevice::ReadOnly));
    return parseAzureJson(&buffer, u"inline.json"_s, shippedSkus());
}

int skippedTotal(const ParsedSheet &sheet)
{
    int total = 0;
    for (const auto &[why, count] : sheet.skipped)
        total += count;
    return total;
}

QStringList diagnosticTexts(const ParsedSheet &sheet)
{
    QStringList texts;
    for (const Diagnostic &d : sheet.diagnostics)
        texts.append(d.toString());
    return texts;
}

QByteArray fileSha256(const QString &name)
{
    QFile file(test::dataPath(u"azure/"_s + name));
    REQUIRE(file.open(QIODevice::ReadOnly));
    return QCryptographicHash::hash(file.readAll(), QCryptographicHash::Sha256).toHex();
}

const QString kH100 = u"Standard_ND96isr_H100_v5"_s;
const QString kH200 = u"Standard_ND96isr_H200_v5"_s;
const QString kA100 = u"Standard_NC24ads_A100_v4"_s;

} // namespace

TEST_CASE("azure: a Retail Prices page keeps Linux pay-as-you-go, spot and per-hour reservation prices", "[azure][import]")
{
    const QDate importedFrom = QDate::currentDate();
    const ParsedSheet sheet = parseAzure(u"retail_traps.json"_s);
    const QDate importedTo = QDate::currentDate();
    CAPTURE(diagnosticTexts(sheet));
    REQUIRE(sheet.ok());
    CHECK(sheet.rowCount == 20);
    CHECK(sheet.sha256 == fileSha256(u"retail_traps.json"_s));
    REQUIRE(sheet.records.size() == 7);

    // Pay as you go, Linux: the Windows twin (102.736, same meterName) is not taken.
    const PriceRecord *onDemand = test::findRecord(sheet, kH100, u"eastus"_s, PriceModel::OnDemand);
    REQUIRE(onDemand != nullptr);
    CHECK(onDemand->price.toString() == u"98.32"_s);
    CHECK(onDemand->key.provider == u"Azure"_s);
    CHECK(onDemand->offerKind == OfferKind::CloudVm);
    CHECK(onDemand->accelerator == u"h100-sxm"_s);
    CHECK(onDemand->acceleratorCount == 8);
    CHECK(onDemand->vcpus == 96);
    REQUIRE(onDemand->ramGb.has_value());
    CHECK(onDemand->ramGb->toString() == u"1900"_s);
    CHECK(onDemand->currency == u"USD"_s);
    CHECK(onDemand->unit == PriceUnit::Hour);
    CHECK(onDemand->effectiveDate == QDate(2024, 6, 1));
    // The response carries no publication date: the price was read on import, and is not stale.
    CHECK(onDemand->asOf >= importedFrom);
    CHECK(onDemand->asOf <= importedTo);
    CHECK_FALSE(onDemand->stale(importedTo));
    CHECK(onDemand->sourceUrl == u"https://prices.azure.com/api/retail/prices"_s);
    CHECK(onDemand->confidence == u"exact"_s);
    CHECK(onDemand->notes.contains(u"Virtual Machines NDsr H100 v5 Series"_s));
    CHECK(onDemand->notes.contains(u"ND96isrH100v5"_s));
    CHECK(onDemand->sheetLine == 6);

    // Spot by the " Spot" meter suffix; Low Priority left out.
    const PriceRecord *spot = test::findRecord(sheet, kH100, u"eastus"_s, PriceModel::Spot);
    REQUIRE(spot != nullptr);
    CHECK(spot->price.toString() == u"18.169536"_s);
    CHECK(spot->sheetLine == 8);

    // Reservations: retailPrice is the whole term, not an hourly rate.
    const PriceRecord *oneYear = test::findRecord(sheet, kH100, u"eastus"_s, PriceModel::Commit1y);
    REQUIRE(oneYear != nullptr);
    CHECK(oneYear->price.toString() == u"62.924772"_s); // 551221 / 8760
    CHECK(oneYear->unit == PriceUnit::Hour);
    CHECK(oneYear->notes.contains(u"whole-term"_s));
    CHECK(oneYear->notes.contains(u"551221 / 8760 h"_s));
    CHECK(oneYear->effectiveDate == QDate(2024, 7, 1));
    const PriceRecord *threeYears = test::findRecord(sheet, kH100, u"eastus"_s, PriceModel::Commit3y);
    REQUIRE(threeYears != nullptr);
    CHECK(threeYears->price.toString() == u"43.162481"_s); // 1134310 / 26280
    CHECK(threeYears->notes.contains(u"1134310 / 26280 h"_s));

    // A second region is its own offer; a lower-case armSkuName still matches, in the table's spelling.
    const PriceRecord *h200 = test::findRecord(sheet, kH200, u"eastus2"_s, PriceModel::OnDemand);
    REQUIRE(h200 != nullptr);
    CHECK(h200->price.toString() == u"84.8"_s);
    CHECK(h200->accelerator == u"h200"_s);
    const PriceRecord *h200Reserved = test::findRecord(sheet, kH200, u"eastus2"_s, PriceModel::Commit1y);
    REQUIRE(h200Reserved != nullptr);
    CHECK(h200Reserved->price.toString() == u"46.521233"_s); // 407526 / 8760
    CHECK(h200Reserved->sheetLine == 25);

    // Of two prices for one offer, the primary meter region's wins, whatever the order.
    const PriceRecord *a100 = test::findRecord(sheet, kA100, u"eastus"_s, PriceModel::OnDemand);
    REQUIRE(a100 != nullptr);
    CHECK(a100->price.toString() == u"3.673"_s);
    CHECK(a100->sheetLine == 24);
    CHECK(a100->accelerator == u"a100-80gb-pcie"_s);

    // Every item is kept or counted by reason.
    CHECK(test::skippedFor(sheet, u"Windows"_s) == 1);
    CHECK(test::skippedFor(sheet, u"Low Priority"_s) == 1);
    CHECK(test::skippedFor(sheet, u"DevTest"_s) == 1);
    CHECK(test::skippedFor(sheet, u"other reservation term"_s) == 1); // 5 Years
    CHECK(test::skippedFor(sheet, u"not an hourly price"_s) == 1);    // "100 Hours"
    CHECK(test::skippedFor(sheet, u"zero price"_s) == 1);
    CHECK(test::skippedFor(sheet, u"no armSkuName"_s) == 1);
    CHECK(test::skippedFor(sheet, u"not a virtual machine"_s) == 1); // Storage
    CHECK(test::skippedFor(sheet, u"unknown accelerator VM size"_s) == 1);
    CHECK(test::skippedFor(sheet, u"not an accelerator VM size"_s) == 1); // Standard_D2s_v5
    CHECK(test::skippedFor(sheet, u"same price as an earlier item"_s) == 1);
    CHECK(test::skippedFor(sheet, u"other price for the same offer"_s) == 1);
    CHECK(test::skippedFor(sheet, u"not the primary meter region"_s) == 1);
    CHECK(skippedTotal(sheet) == 13);
    CHECK(sheet.skipped.first().first == u"Windows"_s); // in the order met
    CHECK(sheet.records.size() + skippedTotal(sheet) == sheet.rowCount);
    CHECK(sheet.unknownTypes == QStringList{u"Standard_NC4as_T4_v3"_s});

    // A second, different price for one offer is not silently taken: the first stays, with a warning.
    REQUIRE(sheet.diagnostics.size() == 1);
    const Diagnostic &conflict = sheet.diagnostics.first();
    CHECK(conflict.severity == Diagnostic::Severity::Warning);
    CHECK(conflict.toString().startsWith(u"retail_traps.json:22: warning: retailPrice: "_s));
    CHECK(conflict.message.contains(u"110.24"_s));
    CHECK(conflict.message.contains(u"84.8 on line 20"_s));
}

TEST_CASE("azure: pages one after another or in an array read as one sheet with file lines", "[azure][import]")
{
    const ParsedSheet second = parseAzure(u"retail_page2.json"_s);
    CAPTURE(diagnosticTexts(second));
    REQUIRE(second.ok());
    CHECK(second.rowCount == 5);
    REQUIRE(second.records.size() == 5);
    const PriceRecord *nc40 = test::findRecord(second, u"Standard_NC40ads_H100_v5"_s, u"eastus"_s, PriceModel::OnDemand);
    REQUIRE(nc40 != nullptr);
    CHECK(nc40->accelerator == u"h100-nvl"_s);
    CHECK(nc40->sheetLine == 6); // the line of the item's '{', not of its fields
    const PriceRecord *reserved = test::findRecord(second, kA100, u"westeurope"_s, PriceModel::Commit1y);
    REQUIRE(reserved != nullptr);
    CHECK(reserved->price.toString() == u"4.56621"_s); // 40000 / 8760
    // A reserved hourly rate above on-demand means the whole-term reading went wrong somewhere: warned.
    REQUIRE(second.diagnostics.size() == 1);
    CHECK(second.diagnostics.first().severity == Diagnostic::Severity::Warning);
    CHECK(second.diagnostics.first().toString().startsWith(u"retail_page2.json:60: warning: retailPrice: "_s));
    CHECK(second.diagnostics.first().message.contains(u"above the on-demand price 3.673"_s));

    for (const QString &name : {u"retail_two_pages.json"_s, u"retail_pages_array.json"_s}) {
        const bool array = name == u"retail_pages_array.json"_s;
        const int shift = array ? 1 : 0; // the array's '[' line
        INFO(name.toStdString());
        const ParsedSheet both = parseAzure(name);
        CAPTURE(diagnosticTexts(both));
        REQUIRE(both.ok());
        CHECK(both.rowCount == 25);
        CHECK(both.records.size() == 12);
        CHECK(both.sha256 == fileSha256(name));
        CHECK(both.unknownTypes == QStringList{u"Standard_NC4as_T4_v3"_s});
        CHECK(skippedTotal(both) == 13);
        const PriceRecord *first = test::findRecord(both, kH100, u"eastus"_s, PriceModel::OnDemand);
        REQUIRE(first != nullptr);
        CHECK(first->sheetLine == 6 + shift);
        const PriceRecord *later = test::findRecord(both, u"Standard_NC40ads_H100_v5"_s, u"eastus"_s, PriceModel::OnDemand);
        REQUIRE(later != nullptr);
        CHECK(later->sheetLine == 35 + shift);
        // Warnings from both pages, in file order.
        REQUIRE(both.diagnostics.size() == 2);
        CHECK(both.diagnostics.at(0).line == 22 + shift);
        CHECK(both.diagnostics.at(1).line == 89 + shift);
    }
}

TEST_CASE("azure: a bad price, a syntax error or another file is refused with its line", "[azure][import]")
{
    const ParsedSheet negative = parseAzure(u"retail_negative_price.json"_s);
    REQUIRE_FALSE(negative.ok());
    CHECK(negative.diagnostics.first().toString()
          == u"retail_negative_price.json:5: error: retailPrice: negative price -1.5"_s);

    const ParsedSheet text = parseAzure(u"retail_text_price.json"_s);
    REQUIRE_FALSE(text.ok());
    CHECK(text.diagnostics.first().toString().startsWith(u"retail_text_price.json:5: error: retailPrice: \"n/a\""_s));

    // A missing ',' between two items: found where the second one starts.
    const ParsedSheet syntax = parseAzure(u"retail_syntax_error.json"_s);
    REQUIRE_FALSE(syntax.ok());
    CAPTURE(diagnosticTexts(syntax));
    CHECK(syntax.diagnostics.first().toString().startsWith(u"retail_syntax_error.json:5: error: JSON syntax error: "_s));
    CHECK(syntax.sha256 == fileSha256(u"retail_syntax_error.json"_s)); // hashed to the end all the same

    // A Cloud Billing catalog page is JSON but no Azure response.
    const ParsedSheet other = parseAzure(u"retail_not_azure.json"_s);
    REQUIRE_FALSE(other.ok());
    CHECK(other.diagnostics.first().message.contains(u"not an Azure Retail Prices API response"_s));

    // Neither is an empty file or a native CSV sheet.
    CHECK(parseText(QByteArray()).diagnostics.first().message.contains(u"not an Azure"_s));
    QFile native(test::dataPath(u"sheets/good/all_fields.csv"_s));
    REQUIRE(native.open(QIODevice::ReadOnly));
    const ParsedSheet csv = parseAzureJson(&native, u"all_fields.csv"_s, shippedSkus());
    REQUIRE_FALSE(csv.ok());
    CHECK(csv.records.isEmpty());

    // A valid page with nothing to keep is an error, not an empty import.
    const ParsedSheet nothing = parseText(
        R"({"Items": [{"serviceName": "Virtual Machines", "productName": "Virtual Machines Dsv5 Series Windows"},
                      {"serviceName": "Storage"}], "NextPageLink": null})");
    REQUIRE_FALSE(nothing.ok());
    CHECK(nothing.diagnostics.first().message == u"no accelerator VM prices found (2 items read)"_s);
}

TEST_CASE("azure: spot above on-demand is kept with a warning", "[azure][import]")
{
    const ParsedSheet sheet = parseText(R"({"Items": [
{"serviceName": "Virtual Machines", "type": "Consumption", "unitOfMeasure": "1 Hour", "currencyCode": "USD",
 "armSkuName": "Standard_NC24ads_A100_v4", "armRegionName": "eastus", "meterName": "NC24ads A100 v4", "retailPrice": 3.673},
{"serviceName": "Virtual Machines", "type": "Consumption", "unitOfMeasure": "1 Hour", "currencyCode": "USD",
 "armSkuName": "Standard_NC24ads_A100_v4", "armRegionName": "eastus", "meterName": "NC24ads A100 v4 Spot", "retailPrice": 4}
]})");
    CAPTURE(diagnosticTexts(sheet));
    REQUIRE(sheet.ok());
    CHECK(sheet.records.size() == 2);
    REQUIRE(sheet.diagnostics.size() == 1);
    CHECK(sheet.diagnostics.first().toString().startsWith(u"inline.json:4: warning: retailPrice: spot"_s));
}

TEST_CASE("azure: only prices in force on the sheet's date become prices", "[azure][import]")
{
    // As in a real page of 2025-05-02: an expired 0.01/h item beside the valid 106/h one, and
    // expired reservation prices beside the current ones (whole-term prices: 1 year = 8,760 h).
    const ParsedSheet sheet = parseText(R"({"Items": [
{"serviceName": "Virtual Machines", "type": "Consumption", "unitOfMeasure": "1 Hour", "currencyCode": "USD", "armSkuName": "Standard_ND96isr_H200_v5", "armRegionName": "usgovvirginia", "meterName": "ND96isr H200 v5", "retailPrice": 0.01, "effectiveStartDate": "2024-09-01T00:00:00Z", "effectiveEndDate": "2024-11-30T00:00:00Z"},
{"serviceName": "Virtual Machines", "type": "Consumption", "unitOfMeasure": "1 Hour", "currencyCode": "USD", "armSkuName": "Standard_ND96isr_H200_v5", "armRegionName": "usgovvirginia", "meterName": "ND96isr H200 v5", "retailPrice": 106, "effectiveStartDate": "2024-12-01T00:00:00Z"},
{"serviceName": "Virtual Machines", "type": "Reservation", "reservationTerm": "1 Year", "unitOfMeasure": "1 Hour", "currencyCode": "USD", "armSkuName": "Standard_ND96isr_H100_v5", "armRegionName": "eastus", "meterName": "ND96isr H100 v5", "retailPrice": 495202.8, "effectiveStartDate": "2024-01-01T00:00:00Z", "effectiveEndDate": "2025-03-31T00:00:00Z"},
{"serviceName": "Virtual Machines", "type": "Reservation", "reservationTerm": "1 Year", "unitOfMeasure": "1 Hour", "currencyCode": "USD", "armSkuName": "Standard_ND96isr_H100_v5", "armRegionName": "eastus", "meterName": "ND96isr H100 v5", "retailPrice": 509394, "effectiveStartDate": "2025-04-01T00:00:00Z"},
{"serviceName": "Virtual Machines", "type": "Consumption", "unitOfMeasure": "1 Hour", "currencyCode": "USD", "armSkuName": "Standard_NC24ads_A100_v4", "armRegionName": "eastus", "meterName": "NC24ads A100 v4", "retailPrice": 2.5, "effectiveStartDate": "2023-01-01T00:00:00Z", "effectiveEndDate": "2024-06-30T00:00:00Z"}
]})");
    CAPTURE(diagnosticTexts(sheet));
    REQUIRE(sheet.ok());
    REQUIRE(sheet.records.size() == 2);
    for (const PriceRecord &r : sheet.records) {
        CAPTURE(r.key.sku);
        if (r.key.sku == kH200) {
            CHECK(r.price.toString() == u"106"_s); // not 0.01
        } else {
            REQUIRE(r.key.sku == kH100);
            CHECK(r.key.priceModel == PriceModel::Commit1y);
            CHECK(r.price.toDouble() == Approx(509394.0 / 8760)); // the current term, not the expired one
        }
    }
    // The expired ones are counted as skipped, with their reasons; the lone expired A100 too.
    CHECK(skippedTotal(sheet) == 3);
    QStringList reasons;
    for (const auto &[why, count] : sheet.skipped)
        reasons.append(why);
    CHECK(reasons.contains(u"replaced by a price in force longer"_s));
    CHECK(reasons.contains(u"expired before the sheet's date"_s));
    // A date that is not one is an error on its line.
    const ParsedSheet bad = parseText(R"({"Items": [
{"serviceName": "Virtual Machines", "type": "Consumption", "unitOfMeasure": "1 Hour", "currencyCode": "USD", "armSkuName": "Standard_NC24ads_A100_v4", "armRegionName": "eastus", "meterName": "NC24ads A100 v4", "retailPrice": 2.5, "effectiveEndDate": "soon"}
]})");
    CHECK_FALSE(bad.ok());
    CHECK(diagnosticTexts(bad).join(u'\n').contains(u"effectiveEndDate"_s));
}

TEST_CASE("azure: a bare JSON array of items reads as a sheet, as dump tools save it", "[azure][import]")
{
    const ParsedSheet sheet = parseText(R"([
{"serviceName": "Virtual Machines", "type": "Consumption", "unitOfMeasure": "1 Hour", "currencyCode": "USD", "armSkuName": "Standard_NC24ads_A100_v4", "armRegionName": "eastus", "meterName": "NC24ads A100 v4", "retailPrice": 3.673},
{"serviceName": "Virtual Machines", "type": "Consumption", "unitOfMeasure": "1 Hour", "currencyCode": "USD", "armSkuName": "Standard_NC24ads_A100_v4", "armRegionName": "westus2", "meterName": "NC24ads A100 v4", "retailPrice": "x"}
])");
    CAPTURE(diagnosticTexts(sheet));
    // The second item's bad price is an error on its own line; the first was read.
    CHECK_FALSE(sheet.ok());
    REQUIRE(sheet.diagnostics.size() == 1);
    CHECK(sheet.diagnostics.first().toString().startsWith(u"inline.json:3: error: retailPrice"_s));
    const ParsedSheet good = parseText(R"([
{"serviceName": "Virtual Machines", "type": "Consumption", "unitOfMeasure": "1 Hour", "currencyCode": "USD", "armSkuName": "Standard_NC24ads_A100_v4", "armRegionName": "eastus", "meterName": "NC24ads A100 v4", "retailPrice": 3.673},
{"serviceName": "Storage", "type": "Consumption", "unitOfMeasure": "1 GB/Month", "currencyCode": "USD", "retailPrice": 0.02}
])");
    REQUIRE(good.ok());
    REQUIRE(good.records.size() == 1);
    CHECK(good.records.first().price.toString() == u"3.673"_s);
    CHECK(skippedTotal(good) == 1);
    // An array of something else is still refused.
    CHECK_FALSE(parseText(R"([{"name": "not a price"}])").ok());
}

TEST_CASE("azure: a cancelled read keeps nothing and reports no error", "[azure][import]")
{
    const std::atomic<bool> cancel{true};
    const ParsedSheet sheet = parseAzure(u"retail_two_pages.json"_s, &cancel);
    CHECK(sheet.records.isEmpty());
    CHECK(sheet.ok());
}

TEST_CASE("azure: every shipped VM size maps to a catalog accelerator", "[azure][catalog]")
{
    const QHash<QString, AzureSku> &skus = shippedSkus();
    CHECK(skus.size() >= 16);
    for (const char *name : {"Standard_ND96isr_H100_v5", "Standard_ND96isr_H200_v5", "Standard_ND96amsr_A100_v4",
                             "Standard_ND96asr_v4", "Standard_NC24ads_A100_v4", "Standard_NC40ads_H100_v5",
                             "Standard_ND96isr_MI300X_v5", "Standard_ND128isr_NDR_GB200_v6"})
        CHECK(skus.contains(QString::fromLatin1(name)));
    for (auto it = skus.cbegin(); it != skus.cend(); ++it) {
        INFO(it.key().toStdString());
        CHECK(it.key().startsWith(u"Standard_N"_s));
        CHECK(test::shippedCatalog().find(it->accelerator) != nullptr);
        CHECK(it->acceleratorCount >= 1);
        CHECK(it->vcpus.has_value());
        CHECK(it->ramGb.has_value());
    }
    CHECK(skus.value(u"Standard_ND96asr_v4"_s).accelerator == u"a100-40gb"_s);
    CHECK(skus.value(u"Standard_ND128isr_NDR_GB200_v6"_s).acceleratorCount == 4);
}
