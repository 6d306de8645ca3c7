#include "core/pricing/importers/awsimporter.h"
#include "tests/qtstringmaker.h"
#include "tests/testsupport.h"

#include <catch2/catch.hpp>

#include <QBuffer>
#include <QCryptographicHash>
#include <QFile>

using namespace Qt::StringLiterals;
using namespace accelplan;
using namespace accelplan::pricing;

namespace {

ParsedSheet parseAws(const QString &name)
{
    const auto instances = loadAwsInstances();
    REQUIRE(instances.ok());
    QFile file(test::dataPath(u"aws/"_s + name));
    REQUIRE(file.open(QIODevice::ReadOnly));
    return name.endsWith(u".json"_s) ? parseAwsJson(&file, name, instances.value())
                                     : parseAwsCsv(&file, name, instances.value());
}

// The p5.48xlarge offers both forms of the traps fixture hold.
void checkP5Offers(const ParsedSheet &sheet, int onDemandLine)
{
    // On demand: the real us-east-1 price, the Windows/dedicated/reserved-capacity/SQL rows of the
    // same instance left out.
    const PriceRecord *onDemand = test::findRecord(sheet, u"p5.48xlarge"_s, u"us-east-1"_s, PriceModel::OnDemand);
    REQUIRE(onDemand != nullptr);
    CHECK(onDemand->price.toString() == u"55.04"_s);
    CHECK(onDemand->accelerator == u"h100-sxm"_s);
    CHECK(onDemand->acceleratorCount == 8);
    CHECK(onDemand->vcpus == 192);
    CHECK(onDemand->ramGb->toString() == u"2048"_s);
    CHECK(onDemand->currency == u"USD"_s);
    CHECK(onDemand->unit == PriceUnit::Hour);
    CHECK(onDemand->effectiveDate == QDate(2025, 6, 1));
    CHECK(onDemand->asOf == QDate(2026, 9, 25));
    CHECK(onDemand->sourceUrl.contains(u"20260925000000"_s));
    CHECK(onDemand->sheetLine == onDemandLine);

    // 1 year: no upfront 40/h, partial 30 + 100000/8760 = 41.415525, all upfront 330000/8760 = 37.671233
    // → the lowest effective rate, all upfront. Convertible left out.
    const PriceRecord *oneYear = test::findRecord(sheet, u"p5.48xlarge"_s, u"us-east-1"_s, PriceModel::Commit1y);
    REQUIRE(oneYear != nullptr);
    CHECK(oneYear->price.toDouble() == Approx(330000.0 / 8760).epsilon(1e-6));
    CHECK(oneYear->notes.contains(u"All Upfront"_s));
    const PriceRecord *threeYears = test::findRecord(sheet, u"p5.48xlarge"_s, u"us-east-1"_s, PriceModel::Commit3y);
    REQUIRE(threeYears != nullptr);
    CHECK(threeYears->price.toDouble() == Approx(700000.0 / (3 * 8760)).epsilon(1e-6));
}

} // namespace

TEST_CASE("aws: the EC2 CSV offer file keeps Linux shared on-demand and folded reserved prices", "[aws][import]")
{
    const ParsedSheet sheet = parseAws(u"ec2_traps.csv"_s);
    INFO((sheet.diagnostics.isEmpty() ? std::string() : sheet.diagnostics.first().toString().toStdString()));
    REQUIRE(sheet.ok());
    CHECK(sheet.rowCount == 17); // the five preamble lines and the header are not rows
    REQUIRE(sheet.records.size() == 4);

    checkP5Offers(sheet, 7);

    const PriceRecord *g5 = test::findRecord(sheet, u"g5.xlarge"_s, u"us-east-2"_s, PriceModel::OnDemand);
    REQUIRE(g5 != nullptr);
    CHECK(g5->accelerator == u"a10g"_s);
    // AWS writes 10 decimal places; a 10th significant digit is rounded to the 9 kept, and said so.
    CHECK(g5->price.toString() == u"1.006000001"_s);
    CHECK(g5->notes.contains(u"rounded to 9 decimal places from 1.0060000006"_s));

    // Every skipped row counted by reason; unknown GPU types listed for the mapping table.
    CHECK(test::skippedFor(sheet, u"not Linux"_s) == 1);
    CHECK(test::skippedFor(sheet, u"not shared tenancy"_s) == 1);
    CHECK(test::skippedFor(sheet, u"capacity reservation"_s) == 1);
    CHECK(test::skippedFor(sheet, u"pre-installed software"_s) == 1);
    CHECK(test::skippedFor(sheet, u"convertible reserved term"_s) == 1);
    CHECK(test::skippedFor(sheet, u"not an accelerator instance"_s) == 1);
    CHECK(test::skippedFor(sheet, u"unknown accelerator instance type"_s) == 1);
    CHECK(test::skippedFor(sheet, u"no price"_s) == 1);
    CHECK(test::skippedFor(sheet, u"not a compute instance"_s) == 1);
    int skippedTotal = 0;
    for (const auto &[why, count] : sheet.skipped)
        skippedTotal += count;
    CHECK(skippedTotal == 9);
    CHECK(sheet.unknownTypes == QStringList{u"p3.2xlarge"_s});

    // The digest (computed on its own thread while the file is parsed) is the file's SHA-256.
    QFile file(test::dataPath(u"aws/ec2_traps.csv"_s));
    REQUIRE(file.open(QIODevice::ReadOnly));
    CHECK(sheet.sha256 == QCryptographicHash::hash(file.readAll(), QCryptographicHash::Sha256).toHex());
}

TEST_CASE("aws: each rejection fixture of either form is refused with its line and field", "[aws][import]")
{
    // Each rejection fixture: the first diagnostic names the file, the line and the field.
    const QList<std::pair<QString, QString>> rejections = {
        {u"ec2_missing_column.csv"_s, u"ec2_missing_column.csv:6: error: Instance Type"_s},
        {u"ec2_negative_price.csv"_s, u"ec2_negative_price.csv:8: error: PricePerUnit"_s},
        {u"ec2_bad_price.csv"_s, u"ec2_bad_price.csv:7: error: PricePerUnit: \"55,04\" is not a number"_s},
        {u"ec2_negative_price.json"_s, u"ec2_negative_price.json:380: error: PricePerUnit"_s},
        {u"ec2_no_currency.csv"_s, u"ec2_no_currency.csv:8: error: Currency: empty currency for price 5.0000000000"_s},
        {u"ec2_no_currency.json"_s, u"ec2_no_currency.json:380: error: Currency: empty currency for price 1.0060000000"_s},
        {u"ec2_terms_first.json"_s, u"ec2_terms_first.json:6: error: terms"_s},
        {u"ec2_syntax_error.json"_s, u"ec2_syntax_error.json:42: error: JSON syntax error: missing a comma or '}' after an object member"_s},
    };
    for (const auto &[file, start] : rejections) {
        INFO(file.toStdString());
        const ParsedSheet sheet = parseAws(file);
        REQUIRE_FALSE(sheet.ok());
        CHECK(sheet.diagnostics.first().toString().startsWith(start));
    }

    // A native sheet is not an AWS file.
    const auto instances = loadAwsInstances();
    QFile native(test::dataPath(u"sheets/good/all_fields.csv"_s));
    REQUIRE(native.open(QIODevice::ReadOnly));
    const ParsedSheet wrong = parseAwsCsv(&native, u"all_fields.csv"_s, instances.value());
    REQUIRE_FALSE(wrong.ok());
    CHECK(wrong.diagnostics.first().message.contains(u"not an AWS"_s));
}

TEST_CASE("aws: every shipped instance type maps to a catalog accelerator", "[aws][catalog]")
{
    const auto instances = loadAwsInstances();
    REQUIRE(instances.ok());
    CHECK(instances->size() >= 30);
    for (auto it = instances->cbegin(); it != instances->cend(); ++it) {
        INFO(it.key().toStdString());
        CHECK(test::shippedCatalog().find(it->accelerator) != nullptr);
        CHECK(it->acceleratorCount >= 1);
    }
}

TEST_CASE("aws-json: the JSON offer file gives the same offers as the CSV form, streamed", "[aws][import]")
{
    const ParsedSheet sheet = parseAws(u"ec2_traps.json"_s);
    INFO((sheet.diagnostics.isEmpty() ? std::string() : sheet.diagnostics.first().toString().toStdString()));
    REQUIRE(sheet.ok());
    REQUIRE(sheet.records.size() == 4);
    checkP5Offers(sheet, 212); // the line its on-demand term starts on
    const PriceRecord *g5 = test::findRecord(sheet, u"g5.xlarge"_s, u"us-east-2"_s, PriceModel::OnDemand);
    REQUIRE(g5 != nullptr);
    CHECK(g5->price.toString() == u"1.006"_s);

    // Products left out by the same rules; their terms are passed over, and counted.
    for (const QString &reason : {u"not Linux"_s, u"not shared tenancy"_s, u"capacity reservation"_s,
                                  u"pre-installed software"_s, u"not a compute instance"_s,
                                  u"not an accelerator instance"_s, u"unknown accelerator instance type"_s,
                                  u"no price"_s, u"convertible reserved term"_s}) {
        INFO(reason.toStdString());
        CHECK(test::skippedFor(sheet, reason) == 1);
    }
    CHECK(test::skippedFor(sheet, u"terms of a product left out"_s) == 8);
    CHECK(sheet.unknownTypes == QStringList{u"p3.2xlarge"_s});
    CHECK(sheet.sha256.size() == 64);
}

TEST_CASE("aws: an offer file without a publication date was read on import, not on the effective date",
          "[aws][import]")
{
    const auto instances = loadAwsInstances();
    REQUIRE(instances.ok());
    for (const QString &name : {u"ec2_traps.json"_s, u"ec2_traps.csv"_s}) {
        CAPTURE(name);
        QFile file(test::dataPath(u"aws/"_s + name));
        REQUIRE(file.open(QIODevice::ReadOnly));
        QByteArray content = file.readAll();
        REQUIRE((content.contains("\"publicationDate\"") || content.contains("\"Publication Date\"")));
        content.replace("\"publicationDate\"", "\"notPublished\"").replace("\"Publication Date\"", "\"Not Dated\"");
        QBuffer buffer(&content);
        REQUIRE(buffer.open(QIODevice::ReadOnly));
        const QDate readFrom = QDate::currentDate();
        const ParsedSheet sheet = name.endsWith(u".json"_s) ? parseAwsJson(&buffer, name, instances.value())
                                                            : parseAwsCsv(&buffer, name, instances.value());
        const QDate readTo = QDate::currentDate();
        REQUIRE(sheet.ok());
        const PriceRecord *onDemand = test::findRecord(sheet, u"p5.48xlarge"_s, u"us-east-1"_s, PriceModel::OnDemand);
        REQUIRE(onDemand != nullptr);
        CHECK(onDemand->effectiveDate == QDate(2025, 6, 1));
        CHECK(onDemand->asOf >= readFrom);
        CHECK(onDemand->asOf <= readTo);
        CHECK_FALSE(onDemand->stale(readTo));
    }
}

TEST_CASE("aws-json: a CSV offer file is not the JSON form", "[aws][import]")
{
    const auto instances = loadAwsInstances();
    QFile csv(test::dataPath(u"aws/ec2_traps.csv"_s));
    REQUIRE(csv.open(QIODevice::ReadOnly));
    const ParsedSheet wrong = parseAwsJson(&csv, u"ec2_traps.csv"_s, instances.value());
    REQUIRE_FALSE(wrong.ok());
    CHECK(wrong.diagnostics.first().toString().startsWith(u"ec2_traps.csv:1: error"_s));
}

TEST_CASE("aws: a cancel flag stops either form without records or errors", "[aws][import]")
{
    const auto instances = loadAwsInstances();
    const std::atomic<bool> cancel{true};
    for (const QString &name : {u"ec2_traps.csv"_s, u"ec2_traps.json"_s}) {
        QFile file(test::dataPath(u"aws/"_s + name));
        REQUIRE(file.open(QIODevice::ReadOnly));
        const ParsedSheet sheet = name.endsWith(u".json"_s) ? parseAwsJson(&file, name, instances.value(), &cancel)
                                                            : parseAwsCsv(&file, name, instances.value(), &cancel);
        INFO(name.toStdString());
        CHECK(sheet.records.isEmpty());
        CHECK(sheet.ok());
    }
}

TEST_CASE("aws: a price's digits past the 9th decimal round it half up and are reported when nonzero", "[aws][import]")
{
    struct Case
    {
        QString text;
        QString value;
        bool rounded;
    };
    const QList<Case> cases{
        {u"55.0400000000"_s, u"55.04"_s, false},       // AWS's ten decimals, the tenth zero
        {u"1.0060000006"_s, u"1.006000001"_s, true},   // half up
        {u"1.0060000004"_s, u"1.006"_s, true},         // down, still a digit lost
        {u"1.00600000001"_s, u"1.006"_s, true},        // the nonzero digit is not the first one cut
        {u"1.006000000000000"_s, u"1.006"_s, false},   // many zeros
        {u"-2.0000000015"_s, u"-2.000000002"_s, true}, // away from zero
        {u"3.5"_s, u"3.5"_s, false},                   // short: the parser alone
    };
    for (const Case &c : cases) {
        INFO(c.text.toStdString());
        QString why;
        bool rounded = !c.rounded;
        const auto price = parseAwsPrice(c.text, &why, &rounded);
        REQUIRE(price);
        CHECK(price->toString() == c.value);
        CHECK(rounded == c.rounded);
    }
    QString why;
    bool rounded = true;
    CHECK_FALSE(parseAwsPrice(u"1.00000000001x"_s, &why, &rounded)); // not a number: the parser's reason
    CHECK_FALSE(why.isEmpty());
    why.clear();
    // A digit of another script past the cut (Arabic-Indic five) is not a digit the price rounds on.
    CHECK_FALSE(parseAwsPrice(u"1.006000000\u0665"_s, &why, &rounded));
    CHECK_FALSE(why.isEmpty());
}
