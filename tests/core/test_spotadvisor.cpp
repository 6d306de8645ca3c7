// The AWS Spot Instance Advisor's feed (issue 37): read for the accelerator instance types, stored
// dated in the price database, and the bands the planner reads in place of the shipped ones.
#include "core/catalog/catalogtables.h"
#include "core/pricing/importers/spotadvisor.h"
#include "core/planning/plan/planinputs.h"
#include "tests/qtstringmaker.h"
#include "tests/seededdatabase.h"

#include <catch2/catch.hpp>

#include <QBuffer>
#include <QFile>

using namespace Qt::StringLiterals;
using namespace accelplan;

namespace {

// tests/data/aws/spot_advisor_excerpt.json: the feed's structure (ranges, spot_advisor.REGION.OS.TYPE)
// with three instance types in two regions, one not an accelerator instance, and a Windows band.
QByteArray feed()
{
    QFile file(QStringLiteral(ACCELPLAN_TEST_DATA "/aws/spot_advisor_excerpt.json"));
    REQUIRE(file.open(QIODevice::ReadOnly));
    return file.readAll();
}

Result<QList<catalog::SpotRate>> read(QByteArray content, const QSet<QString> &types = {u"p5.48xlarge"_s, u"g5.48xlarge"_s})
{
    QBuffer buffer(&content);
    buffer.open(QIODevice::ReadOnly);
    return pricing::readSpotAdvisor(&buffer, u"advisor.json"_s, types, u"https://example.test/advisor.json"_s,
                                    QDate(2026, 11, 29));
}

const catalog::SpotRate *find(const QList<catalog::SpotRate> &rates, const QString &type, const QString &region)
{
    for (const catalog::SpotRate &r : rates)
        if (r.instanceType == type && r.region == region)
            return &r;
    return nullptr;
}

} // namespace

TEST_CASE("spot advisor: the Linux bands of the accelerator instance types, read as the shipped table reads them", "[core][spot]")
{
    const auto rates = read(feed());
    REQUIRE(rates.ok());
    CHECK(rates->size() == 3); // m7i.large is no accelerator instance; the Windows band is not read
    const catalog::SpotRate *p5 = find(*rates, u"p5.48xlarge"_s, u"us-east-1"_s);
    REQUIRE(p5);
    CHECK(p5->provider == u"AWS"_s);
    CHECK(p5->band == u"<5%"_s); // Linux r 0; Windows says r 4
    CHECK(p5->monthlyLow == catalog::SpotRate::fromBand(u"<5%"_s)->monthlyLow);
    CHECK(p5->monthlyHigh == 0.05);
    CHECK(p5->source.asOf == QDate(2026, 11, 29));
    CHECK(p5->source.url == u"https://example.test/advisor.json"_s);
    CHECK(find(*rates, u"p5.48xlarge"_s, u"ca-central-1"_s)->band == u"15-20%"_s);
    CHECK(find(*rates, u"g5.48xlarge"_s, u"us-east-1"_s)->band == u"5-10%"_s);
    CHECK_FALSE(find(*rates, u"m7i.large"_s, u"us-east-1"_s));
}

TEST_CASE("spot advisor: a file that is not the feed, or a band it does not define, is named by its path", "[core][spot]")
{
    const auto notJson = read("<html>moved</html>");
    REQUIRE_FALSE(notJson.ok());
    CHECK(notJson.error().message.startsWith(u"advisor.json: not JSON"_s));

    const auto notFeed = read(R"({"Items": []})");
    REQUIRE_FALSE(notFeed.ok());
    CHECK(notFeed.error().message.contains(u"not the Spot Instance Advisor's feed"_s));

    QByteArray badIndex = feed();
    badIndex.replace(R"("p5.48xlarge": {"s": 70, "r": 0})", R"("p5.48xlarge": {"s": 70, "r": 9})");
    const auto undefined = read(badIndex);
    REQUIRE_FALSE(undefined.ok());
    CHECK(undefined.error().message.contains(u"advisor.json: spot_advisor.us-east-1.Linux.p5.48xlarge.r: 9"_s));

    QByteArray badLabel = feed();
    badLabel.replace(R"("label": "5-10%")", R"("label": "5-11%")");
    const auto unknownBand = read(badLabel);
    REQUIRE_FALSE(unknownBand.ok());
    CHECK(unknownBand.error().message.contains(u"ranges[1]: '5-11%'"_s));

    const auto none = read(feed(), {u"trn2.48xlarge"_s});
    REQUIRE_FALSE(none.ok());
    CHECK(none.error().message.contains(u"none of the 1 accelerator instance types"_s));
}

TEST_CASE("spot advisor: fetched bands are stored dated and replace the shipped ones in planning", "[core][spot]")
{
    test::SeededDatabase db;
    const auto shipped = planning::loadPlanningCatalog(*db.database, test::shippedCatalog());
    REQUIRE(shipped.ok());
    CHECK(shipped->spotRate(u"AWS"_s, u"p5.48xlarge"_s, u"us-east-1"_s).band == u">20%"_s); // the 2025-06-28 copy

    const auto rates = read(feed());
    REQUIRE(rates.ok());
    // A dry run counts and writes nothing.
    const auto dry = db.database->importSpotRates(*rates, true);
    REQUIRE(dry.ok());
    CHECK(dry->added == 3);
    CHECK(db.database->spotRates()->isEmpty());

    const auto first = db.database->importSpotRates(*rates, false);
    REQUIRE(first.ok());
    CHECK(first->added == 3);
    const auto planned = planning::loadPlanningCatalog(*db.database, test::shippedCatalog());
    REQUIRE(planned.ok());
    const catalog::SpotRate &p5 = planned->spotRate(u"aws"_s, u"p5.48xlarge"_s, u"us-east-1"_s);
    CHECK(p5.band == u"<5%"_s);
    CHECK(p5.monthlyHigh == 0.05);
    CHECK(p5.source.asOf == QDate(2026, 11, 29));
    CHECK(p5.source.notes.contains(u"fetched"_s));
    // A key the feed did not give keeps the shipped band.
    CHECK(planned->spotRate(u"AWS"_s, u"p5.48xlarge"_s, u"ap-northeast-1"_s).band == u"10-15%"_s);

    // A later fetch: one band moved; the newest date wins, the earlier one stays as history.
    QByteArray moved = feed();
    moved.replace(R"("p5.48xlarge": {"s": 70, "r": 0})", R"("p5.48xlarge": {"s": 70, "r": 2})");
    QBuffer buffer(&moved);
    buffer.open(QIODevice::ReadOnly);
    const auto later = pricing::readSpotAdvisor(&buffer, u"advisor.json"_s, {u"p5.48xlarge"_s, u"g5.48xlarge"_s},
                                                u"https://example.test/advisor.json"_s, QDate(2026, 12, 6));
    REQUIRE(later.ok());
    const auto second = db.database->importSpotRates(*later, false);
    REQUIRE(second.ok());
    CHECK(second->changed == 1);
    CHECK(second->unchanged == 2);
    CHECK(second->added == 0);
    const auto stored = db.database->spotRates();
    REQUIRE(stored.ok());
    CHECK(stored->size() == 3);
    CHECK(find(*stored, u"p5.48xlarge"_s, u"us-east-1"_s)->band == u"10-15%"_s);
    CHECK(find(*stored, u"p5.48xlarge"_s, u"us-east-1"_s)->source.asOf == QDate(2026, 12, 6));
}

TEST_CASE("spot advisor: the shipped table's ranges are the one reading of each band", "[core][spot]")
{
    // The shipped table reads as fromBand reads; a row that reads its band otherwise is refused at
    // its line and column, as is a band that is none of the five.
    REQUIRE(catalog::PlanningCatalog::loadShipped().ok());
    QByteArray csv = "provider,instance_type,region,band,monthly_low,monthly_typical,monthly_high,source_url,as_of\n"
                     "AWS,p5.48xlarge,us-east-1,>20%,0.2,0.3,0.5,https://a.test,2025-06-28\n"
                     "AWS,p5.48xlarge,us-east-2,5-10%,0.05,0.2,0.3,https://a.test,2025-06-28\n"
                     "AWS,p5.48xlarge,us-west-2,<10%,0.01,0.05,0.1,https://a.test,2025-06-28\n";
    QBuffer buffer(&csv);
    buffer.open(QIODevice::ReadOnly);
    QList<catalog::SpotRate> rows;
    const Diagnostics problems =
        readCsvTable(&buffer, u"spot.csv"_s, {u"band"_s}, [&](const CsvRecord &r) {
            if (auto rate = catalog::tables::readSpotRate(r))
                rows.append(*rate);
        });
    QStringList errors;
    for (const Diagnostic &d : problems)
        errors.append(d.toString());
    INFO(errors.join(u'\n').toStdString());
    REQUIRE(errors.size() == 2);
    CHECK(errors[0].contains(u"spot.csv:3"_s));
    CHECK(errors[0].contains(u"band 5-10% reads as 0.05, 0.075, 0.1"_s));
    CHECK(errors[1].contains(u"spot.csv:4"_s));
    CHECK(errors[1].contains(u"'<10%' is not a Spot Advisor band"_s));
}
