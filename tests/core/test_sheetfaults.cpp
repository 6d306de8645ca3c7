// Bad input a sheet must refuse with its line and field, not store (issue 15).

#include "core/pricing/pricesheetparser.h"

#include "tests/qtstringmaker.h"
#include "tests/testsupport.h"

#include <catch2/catch.hpp>

#include <QBuffer>

using namespace Qt::StringLiterals;
using namespace accelplan;
using namespace accelplan::pricing;

namespace {

const QByteArray kHeader = "provider,sku,region,price_model,offer_kind,accelerator,accelerator_count,price,currency,"
                           "unit,as_of,source_url,confidence\n";

ParsedSheet parse(const QByteArray &bytes)
{
    QByteArray copy = bytes;
    QBuffer buffer(&copy);
    REQUIRE(buffer.open(QIODevice::ReadOnly));
    const PriceSheetParser parser(test::shippedCatalog(), QDate(2026, 11, 22));
    return parser.parse(&buffer, u"faults.csv"_s, SheetFormat::Csv);
}

// The one error of a sheet of one row (line 2), as "field: message".
QString onlyError(const ParsedSheet &sheet)
{
    QStringList errors;
    for (const Diagnostic &d : sheet.diagnostics) {
        if (d.severity == Diagnostic::Severity::Error) {
            CHECK(d.line == 2);
            errors.append(d.field + u": "_s + d.message);
        }
    }
    CHECK(sheet.records.isEmpty());
    REQUIRE(errors.size() == 1);
    return errors.first();
}

QByteArray row(const QByteArray &sku, const QByteArray &count = "8", const QByteArray &asOf = "2026-11-01")
{
    return kHeader + "AWS," + sku + ",us-east-1,on_demand,cloud_vm,h100-sxm," + count + ",98.32,USD,hour," + asOf
           + ",https://example.test,exact\n";
}

} // namespace

TEST_CASE("Sheet faults: the clean row these cases start from is accepted", "[sheet][faults]")
{
    const ParsedSheet sheet = parse(row("p5.48xlarge"));
    CHECK(sheet.ok());
    CHECK(sheet.records.size() == 1);
}

TEST_CASE("Sheet faults: a NUL character or bytes that are not UTF-8 are refused with line and field", "[sheet][faults]")
{
    CHECK(onlyError(parse(row(QByteArray("p5\0x", 4)))) == u"sku: contains a NUL character"_s);
    CHECK(onlyError(parse(row("p5\xff\xfe"))) == u"sku: is not valid UTF-8 (the file must be UTF-8 encoded)"_s);
}

TEST_CASE("Sheet faults: a whole number too large is called too large, not 'not a whole number'", "[sheet][faults]")
{
    CHECK(onlyError(parse(row("p5", "1e12"))) == u"accelerator_count: 1e12 is too large (at most 2147483647)"_s);
    CHECK(onlyError(parse(row("p5", "1000000000000"))).contains(u"is too large"_s));
    CHECK(onlyError(parse(row("p5", "1.5"))) == u"accelerator_count: '1.5' is not a whole number"_s);
}

TEST_CASE("Sheet faults: a date with a time of day is not a date", "[sheet][faults]")
{
    CHECK(onlyError(parse(row("p5", "8", "2026-11-01T10:00"))) == u"as_of: '2026-11-01T10:00' is not an ISO date (YYYY-MM-DD)"_s);
}
