#include "core/catalog/acceleratorcatalog.h"
#include "core/pricing/importers/sheetbuilder.h"
#include "core/pricing/sheetreader.h"
#include "tests/qtstringmaker.h"
#include "tests/testsupport.h"

#include <catch2/catch.hpp>

#include <QBuffer>
#include <QFile>
#include <QSet>

using namespace accelplan;
using namespace accelplan::pricing;
using namespace accelplan::test;
using namespace Qt::StringLiterals;

namespace {

// One sample file of each format, in tests/data.
QString sampleOf(ImportFormat format)
{
    switch (format) {
    case ImportFormat::Auto: return {};
    case ImportFormat::Csv: return u"sheets/good/all_fields.csv"_s;
    case ImportFormat::Json: return u"sheets/good/offers_array.json"_s;
    case ImportFormat::Aws: return u"aws/ec2_traps.csv"_s;
    case ImportFormat::AwsJson: return u"aws/ec2_traps.json"_s;
    case ImportFormat::Azure: return u"azure/retail_traps.json"_s;
    case ImportFormat::Gcp: return u"gcp/gcp_traps.json"_s;
    case ImportFormat::Oci: return u"oci/products_usd_2026-08-14.json"_s;
    case ImportFormat::Skypilot: return u"skypilot/lambda_vms_excerpt.csv"_s;
    }
    return {};
}

QByteArray syntaxBroken(ImportFormat format)
{
    switch (format) {
    case ImportFormat::AwsJson: return "{\"offerCode\": \"AmazonEC2\",\n \"products\": {\n ,\n";
    case ImportFormat::Azure: return "{\"BillingCurrency\": \"USD\",\n \"Items\": [\n ,\n";
    case ImportFormat::Gcp: return "{\"skus\":\n [\n ,\n";
    case ImportFormat::Oci: return "{\"items\":\n [{\"currencyCodeLocalizations\": []},\n ,\n";
    default: return {};
    }
}

} // namespace

TEST_CASE("import formats: every registered format is named once, titled and readable", "[importformats]")
{
    QSet<QString> names;
    for (const ImportFormatInfo &info : importFormatRegistry()) {
        CAPTURE(info.name);
        CHECK(!names.contains(info.name));
        names.insert(info.name);
        CHECK(!info.title().isEmpty());
        CHECK(importFormatFromString(info.name) == info.format);
        CHECK(toString(info.format) == info.name);
        CHECK((info.read != nullptr) == (info.format != ImportFormat::Auto));
    }
    CHECK(importFormatNames().size() == importFormatRegistry().size());
}

TEST_CASE("import formats: every registered format is detected from its own sample", "[importformats]")
{
    for (const ImportFormatInfo &info : importFormatRegistry()) {
        if (info.format == ImportFormat::Auto)
            continue;
        CAPTURE(info.name);
        QFile file(dataPath(sampleOf(info.format)));
        REQUIRE(file.open(QIODevice::ReadOnly));
        CHECK(detectImportFormat(&file) == info.format);
        CHECK(file.pos() == 0);
    }
}

TEST_CASE("import formats: a JSON syntax error is worded one way by every provider format", "[importformats]")
{
    const catalog::AcceleratorCatalog &catalog = shippedCatalog();
    SheetReader reader(catalog, QDate(2026, 1, 1));
    for (const ImportFormat format : {ImportFormat::AwsJson, ImportFormat::Azure, ImportFormat::Gcp, ImportFormat::Oci}) {
        CAPTURE(toString(format));
        QByteArray bytes = syntaxBroken(format);
        QBuffer buffer(&bytes);
        REQUIRE(buffer.open(QIODevice::ReadOnly));
        const ParsedSheet sheet = reader.read(&buffer, u"broken.json"_s, format);
        REQUIRE(!sheet.ok());
        CHECK(sheet.records.isEmpty());
        bool worded = false;
        for (const Diagnostic &d : sheet.diagnostics)
            worded = worded || d.toString().startsWith(u"broken.json:3: error: JSON syntax error: "_s);
        CAPTURE(sheet.diagnostics.first().toString());
        CHECK(worded);
        CHECK(sheet.diagnostics.first().toString().contains(u"JSON syntax error"_s));
    }
}

TEST_CASE("sheet builder: messages name the file, skips count by reason, unknown types listed once", "[importformats]")
{
    struct Builder : SheetBuilder
    {
        using SheetBuilder::SheetBuilder;
        using SheetBuilder::finishSheet;
    };
    ParsedSheet sheet;
    sheet.fileName = u"f.json"_s;
    Builder builder(sheet);
    builder.skip(u"not Linux"_s);
    builder.skip(u"Windows"_s, 2);
    builder.skip(u"not Linux"_s);
    builder.unknownType(u"p9"_s);
    builder.unknownType(u"a1"_s);
    builder.unknownType(u"p9"_s);
    builder.warning(7, u"price"_s, u"odd"_s);
    CHECK(sheet.ok());
    builder.finishSheet(false, 9, u"nothing found"_s);
    CHECK(sheet.skipped == QList<std::pair<QString, int>>{{u"not Linux"_s, 2}, {u"Windows"_s, 2}});
    CHECK(sheet.unknownTypes == QStringList{u"a1"_s, u"p9"_s});
    REQUIRE(sheet.diagnostics.size() == 2);
    CHECK(sheet.diagnostics.at(1).toString() == u"f.json:9: error: nothing found"_s);

    ParsedSheet cancelled;
    Builder partial(cancelled);
    cancelled.records.append(PriceRecord());
    partial.finishSheet(true, 3, u"nothing found"_s);
    CHECK(cancelled.records.isEmpty());
    CHECK(cancelled.ok());
}
