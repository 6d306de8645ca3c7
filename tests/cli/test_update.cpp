// `prices update` against a real HTTP server (tests/cli/httpserver.h), issue 37: Azure over three
// NextPageLink pages, an Oracle list and an AWS CSV, each fault reported for its provider only.
#include "tests/cli/clirun.h"
#include "tests/cli/httpserver.h"
#include "tests/qtstringmaker.h"

#include <catch2/catch.hpp>

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QRegularExpression>
#include <QThread>

#include <csignal>

using namespace Qt::StringLiterals;
using namespace accelplan::test;

namespace {

QByteArray fixture(const QString &name)
{
    QFile file(QStringLiteral(ACCELPLAN_TEST_DATA "/") + name);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

// The two pages of retail_two_pages.json as three, each linking to the next on \a server.
QList<QByteArray> azurePages(const QString &server)
{
    const QByteArray both = fixture(u"azure/retail_two_pages.json"_s);
    const qsizetype link = both.indexOf("\"NextPageLink\"");
    const qsizetype split = both.indexOf('}', link) + 1;
    static const QRegularExpression next(uR"re("NextPageLink"\s*:\s*"[^"]*")re"_s);
    QString first = QString::fromUtf8(both.left(split));
    first.replace(next, u"\"NextPageLink\": \"%1/azure?page=2\""_s.arg(server));
    const QByteArray middle = "{\"BillingCurrency\": \"USD\", \"Items\": [], \"NextPageLink\": \"" + server.toUtf8()
                              + "/azure?page=3\", \"Count\": 0}";
    return {first.toUtf8(), middle, both.mid(split)};
}

struct Fixture
{
    HttpServer server;
    Scratch scratch;

    QString caFile; ///< ACCELPLAN_CA_FILE for the command, when set

    // Every provider answering well.
    explicit Fixture(HttpServer::Scheme scheme = HttpServer::Scheme::Http)
        : server(scheme)
    {
        const QList<QByteArray> pages = azurePages(server.url());
        server.script(u"/azure"_s, {{200, pages[0], {{"ETag", "\"az1\""}}, HttpResponse::Fault::None}});
        server.script(u"/azure?page=2"_s, {{200, pages[1], {}, HttpResponse::Fault::None}});
        server.script(u"/azure?page=3"_s, {{200, pages[2], {}, HttpResponse::Fault::None}});
        server.script(u"/oracle"_s, {fileResponse(u"oci/products_usd_2026-08-14.json"_s, {{"ETag", "\"oc1\""}})});
        server.script(u"/aws"_s, {fileResponse(u"aws/ec2_traps.csv"_s, {{"ETag", "\"aw1\""}})});
        server.script(u"/lambda"_s, {fileResponse(u"skypilot/lambda_vms_excerpt.csv"_s, {{"ETag", "\"la1\""}})});
        server.script(u"/nebius"_s, {fileResponse(u"skypilot/nebius_vms_excerpt.csv"_s)});
    }

    // The providers the tests serve: three with importers of their own, two SkyPilot catalogs.
    static QStringList providers() { return {u"aws"_s, u"azure"_s, u"oracle"_s, u"lambda"_s, u"nebius"_s}; }

    std::unique_ptr<QProcess> start(const QStringList &extra = {}, int timeoutMs = 1500 * ACCELPLAN_TEST_SLOWDOWN) const
    {
        // Every provider the tests serve, none of the other shipped endpoints (an --provider in
        // \a extra comes later and wins).
        QStringList arguments{u"--db"_s, scratch.db, u"prices"_s, u"update"_s, u"--format"_s, u"json"_s,
                              u"--provider"_s, providers().join(u',')};
        for (const QString &provider : providers())
            arguments << u"--endpoint"_s << u"%1=%2/%1"_s.arg(provider, server.url());
        QList<std::pair<QString, QString>> environment{{u"ACCELPLAN_HTTP_TIMEOUT_MS"_s, QString::number(timeoutMs)},
                                                       {u"ACCELPLAN_HTTP_BACKOFF_MS"_s, u"10"_s},
                                                       {u"ACCELPLAN_UPDATE_CACHE"_s, scratch.dir.filePath(u"cache"_s)}};
        if (!caFile.isEmpty())
            environment.append({u"ACCELPLAN_CA_FILE"_s, caFile});
        return startCli(arguments + extra, environment);
    }

    Run update(const QStringList &extra = {}) const { return finish(*start(extra), 120); }

    QString status(const Run &run, const QString &provider) const
    {
        for (const auto &value : jsonArray(run))
            if (value.toObject().value(u"provider"_s).toString() == provider)
                return value.toObject().value(u"status"_s).toString();
        return {};
    }

    // The sheets `prices update` imported for \a provider.
    int updateSheets(const QString &provider) const
    {
        int count = 0;
        for (const auto &value : jsonArray(scratch.run({u"prices"_s, u"sheets"_s, u"--format"_s, u"json"_s})))
            if (value.toObject().value(u"name"_s).toString().startsWith(provider + u" update "_s))
                ++count;
        return count;
    }

    QString prices() const { return scratch.run({u"prices"_s, u"list"_s, u"--format"_s, u"csv"_s}).out; }
};

} // namespace

TEST_CASE("prices update imports Azure over three pages, Oracle and AWS", "[cli][update]")
{
    Fixture f;
    REQUIRE_FALSE(f.server.url().isEmpty());
    const QString before = f.prices();
    const Run run = f.update();
    INFO(run.err.toStdString());
    CHECK(run.exitCode == 0);
    for (const QString &provider : Fixture::providers()) {
        CHECK(f.status(run, provider) == u"fetched"_s);
        CHECK(f.updateSheets(provider) == 1);
    }
    CHECK(f.server.requests(u"/azure?page=3"_s).size() == 1);
    const QString after = f.prices();
    CHECK(after != before);
    // The SkyPilot catalogs land under the provider their endpoint names.
    CHECK(after.contains(u"Lambda,"_s));
    CHECK(after.contains(u"Nebius,"_s));
}

TEST_CASE("prices update records each sheet's URL and the server's ETag", "[cli][update]")
{
    Fixture f;
    REQUIRE(f.update({u"--provider"_s, u"lambda,nebius"_s}).exitCode == 0);
    QJsonObject lambda, nebius;
    for (const auto &value : jsonArray(f.scratch.run({u"prices"_s, u"sheets"_s, u"--format"_s, u"json"_s}))) {
        const QString name = value.toObject().value(u"name"_s).toString();
        if (name.startsWith(u"lambda update "_s))
            lambda = value.toObject();
        if (name.startsWith(u"nebius update "_s))
            nebius = value.toObject();
    }
    // The catalog's revision (its ETag) is in the sheet's name; a server that sends none, nothing.
    CHECK(lambda.value(u"name"_s).toString().endsWith(u" ETag \"la1\""_s));
    CHECK(lambda.value(u"source"_s).toString() == f.server.url() + u"/lambda"_s);
    CHECK_FALSE(nebius.value(u"name"_s).toString().contains(u"ETag"_s));
    CHECK(nebius.value(u"source"_s).toString() == f.server.url() + u"/nebius"_s);
}

TEST_CASE("prices update over HTTPS verifies the server's certificate", "[cli][update]")
{
    Fixture f(HttpServer::Scheme::Https);
    REQUIRE(f.server.url().startsWith(u"https://"_s));
    // A self-signed certificate is refused: nothing imported, the provider reported.
    const Run untrusted = f.update({u"--provider"_s, u"aws"_s});
    INFO(untrusted.err.toStdString());
    CHECK(untrusted.exitCode == 2);
    CHECK(f.status(untrusted, u"aws"_s) == u"failed"_s);
    CHECK(f.updateSheets(u"aws"_s) == 0);
    // Trusted once its authority is named (a TLS-inspecting proxy's, say), it is imported.
    f.caFile = QStringLiteral(ACCELPLAN_TEST_DATA "/tls/localhost.crt");
    const Run trusted = f.update({u"--provider"_s, u"aws"_s});
    INFO(trusted.err.toStdString());
    CHECK(trusted.exitCode == 0);
    CHECK(f.status(trusted, u"aws"_s) == u"fetched"_s);
    CHECK(f.updateSheets(u"aws"_s) == 1);
    // A file that holds no certificate is said, not ignored.
    f.caFile = QStringLiteral(ACCELPLAN_TEST_DATA "/tls/README.md");
    const Run unreadable = f.update({u"--provider"_s, u"oracle"_s});
    CHECK(unreadable.exitCode == 2);
    CHECK(unreadable.err.contains(u"ACCELPLAN_CA_FILE"_s));
}

TEST_CASE("prices update follows a redirect to the list", "[cli][update]")
{
    Fixture f;
    f.server.script(u"/old/aws"_s, {{301, {}, {{"Location", (f.server.url() + u"/aws"_s).toUtf8()}}, HttpResponse::Fault::None}});
    const Run run = f.update({u"--provider"_s, u"aws"_s, u"--endpoint"_s, u"aws=%1/old/aws"_s.arg(f.server.url())});
    INFO(run.err.toStdString());
    CHECK(run.exitCode == 0);
    CHECK(f.status(run, u"aws"_s) == u"fetched"_s);
    CHECK(f.server.requests(u"/old/aws"_s).size() == 1);
    CHECK(f.server.requests(u"/aws"_s).size() == 1);
    CHECK(f.updateSheets(u"aws"_s) == 1);
}

TEST_CASE("prices update reads Google's SKU pages with the API key in a header only", "[cli][update]")
{
    Fixture f;
    // gcp_traps.json is two pages one after the other; the first ends with "nextPageToken": "page-2".
    const QByteArray both = fixture(u"gcp/gcp_traps.json"_s);
    const qsizetype split = both.indexOf("\n}\n{") + 3;
    REQUIRE(both.left(split).contains("\"nextPageToken\": \"page-2\""));
    f.server.script(u"/gcp"_s, {{200, both.left(split), {{"ETag", "\"gc1\""}}, HttpResponse::Fault::None}});
    f.server.script(u"/gcp?pageToken=page-2"_s, {{200, both.mid(split), {}, HttpResponse::Fault::None}});
    const QStringList gcp{u"--provider"_s, u"gcp,aws"_s, u"--endpoint"_s, u"gcp=%1/gcp"_s.arg(f.server.url())};

    SECTION("without a key Google is skipped and the others land")
    {
        const Run run = f.update(gcp);
        INFO(run.err.toStdString());
        CHECK(run.exitCode == 0);
        CHECK(f.status(run, u"gcp"_s) == u"skipped"_s);
        CHECK(run.out.contains(u"ACCELPLAN_GCP_API_KEY"_s));
        CHECK(f.status(run, u"aws"_s) == u"fetched"_s);
        CHECK(f.server.requests(u"/gcp"_s).isEmpty());
    }
    SECTION("with a key both pages are read into one sheet; the key is in no URL, message or file")
    {
        const QString secret = u"AIza-test-key-0123"_s;
        const QString keyFile = f.scratch.write(u"gcp.key"_s, secret.toUtf8() + "\n");
        const Run run = f.update(gcp + QStringList{u"--gcp-api-key-file"_s, keyFile});
        INFO(run.err.toStdString());
        CHECK(run.exitCode == 0);
        CHECK(f.status(run, u"gcp"_s) == u"fetched"_s);
        REQUIRE(f.server.requests(u"/gcp"_s).size() == 1);
        REQUIRE(f.server.requests(u"/gcp?pageToken=page-2"_s).size() == 1);
        for (const QString &path : {u"/gcp"_s, u"/gcp?pageToken=page-2"_s})
            CHECK(f.server.requests(path).first().contains(QByteArray(QByteArray("X-Goog-Api-Key: ") + secret.toUtf8())));
        CHECK(f.updateSheets(u"gcp"_s) == 1);
        const Run sheets = f.scratch.run({u"prices"_s, u"sheets"_s, u"--format"_s, u"json"_s});
        CHECK(sheets.out.contains(f.server.url() + u"/gcp"_s));
        CHECK_FALSE(sheets.out.contains(secret));
        CHECK_FALSE(run.out.contains(secret));
        CHECK_FALSE(run.err.contains(secret));
        const QDir cache(f.scratch.dir.filePath(u"cache"_s));
        for (const QString &name : cache.entryList(QDir::Files)) {
            QFile file(cache.filePath(name));
            REQUIRE(file.open(QIODevice::ReadOnly));
            CHECK_FALSE(file.readAll().contains(secret.toUtf8()));
        }
    }
    SECTION("a key file that cannot be read is a usage error and nothing is fetched")
    {
        const Run run = f.update(gcp + QStringList{u"--gcp-api-key-file"_s, f.scratch.dir.filePath(u"missing.key"_s)});
        CHECK(run.exitCode == 2);
        CHECK(run.err.contains(u"--gcp-api-key-file"_s));
        CHECK(f.server.requests(u"/aws"_s).isEmpty());
    }
}

TEST_CASE("prices update reads AWS's region index and the lists of the regions it names as one sheet", "[cli][update]")
{
    // ec2_traps.csv cut in two region lists, each with the preamble and header: together the same rows.
    const QList<QByteArray> lines = fixture(u"aws/ec2_traps.csv"_s).split('\n');
    const QByteArray head = lines.mid(0, 6).join('\n') + '\n';
    const QByteArray east1 = head + lines.mid(6, 8).join('\n') + '\n';
    const QByteArray east2 = head + lines.mid(14).join('\n');
    const QString version = u"/offers/v1.0/aws/AmazonEC2/20261120000000/"_s;
    auto index = [&](const QString &extra) {
        return (uR"({"formatVersion": "v1.0", "publicationDate": "2026-11-20T00:00:00Z", "regions": {
            "us-east-1": {"regionCode": "us-east-1", "currentVersionUrl": "%1us-east-1/index.json"},
            "us-east-2": {"regionCode": "us-east-2", "currentVersionUrl": "%1us-east-2/index.json"},
            "af-south-1": {"regionCode": "af-south-1", "currentVersionUrl": "%1af-south-1/index.json"}%2}})"_s)
            .arg(version, extra)
            .toUtf8();
    };
    Fixture whole; // the same rows as one file, for comparison
    REQUIRE(whole.update({u"--provider"_s, u"aws"_s}).exitCode == 0);

    Fixture f;
    const QStringList aws{u"--provider"_s, u"aws"_s, u"--endpoint"_s, u"aws=%1/aws/region_index.json"_s.arg(f.server.url())};
    f.server.script(u"/aws/region_index.json"_s, {{200, index({}), {{"ETag", "\"ix1\""}}, HttpResponse::Fault::None}});
    f.server.script(version + u"us-east-1/index.csv"_s, {{200, east1, {}, HttpResponse::Fault::None}});
    f.server.script(version + u"us-east-2/index.csv"_s, {{200, east2, {}, HttpResponse::Fault::None}});

    SECTION("the regions endpoints.csv names, one sheet equal to the whole list's")
    {
        const Run run = f.update(aws);
        INFO(run.err.toStdString());
        CHECK(run.exitCode == 0);
        CHECK(f.status(run, u"aws"_s) == u"fetched"_s);
        CHECK(f.updateSheets(u"aws"_s) == 1);
        CHECK(f.server.requests(version + u"af-south-1/index.csv"_s).isEmpty()); // not a region asked for
        CHECK(f.prices() == whole.prices());
        // The regions endpoints.csv names that the index does not list are said, not failed.
        const QString detail = jsonArray(run).first()[u"detail"_s].toString();
        CHECK(detail.contains(u"not in the region index, so not updated: ap-northeast-1"_s));
        CHECK_FALSE(detail.contains(u"us-east-1,"_s));
        // The index is asked conditionally next time.
        f.server.script(u"/aws/region_index.json"_s, {{304, {}, {}, HttpResponse::Fault::None}});
        const Run again = f.update(aws);
        CHECK(f.status(again, u"aws"_s) == u"unchanged"_s);
        CHECK(f.server.requests(u"/aws/region_index.json"_s).last().contains("If-None-Match: \"ix1\""));
        CHECK(f.server.requests(version + u"us-east-1/index.csv"_s).size() == 1);
    }
    SECTION("a region list with other columns fails AWS alone")
    {
        QByteArray other = east2;
        other.replace("\"MarketOption\"", "\"Market Option\"");
        f.server.script(version + u"us-east-2/index.csv"_s, {{200, other, {}, HttpResponse::Fault::None}});
        const Run run = f.update({u"--provider"_s, u"aws,oracle"_s, u"--endpoint"_s, u"aws=%1/aws/region_index.json"_s.arg(f.server.url())});
        CHECK(run.exitCode == 3);
        CHECK(f.status(run, u"aws"_s) == u"failed"_s);
        CHECK(run.err.contains(u"columns differ"_s));
        CHECK(f.updateSheets(u"aws"_s) == 0);
        CHECK(f.updateSheets(u"oracle"_s) == 1);
    }
    SECTION("an index with none of the regions asked for fails AWS and says so")
    {
        f.server.script(u"/aws/region_index.json"_s, {{200, R"({"regions": {"af-south-1": {"currentVersionUrl": "/x.json"}}})", {}, HttpResponse::Fault::None}});
        const Run run = f.update(aws);
        CHECK(f.status(run, u"aws"_s) == u"failed"_s);
        CHECK(run.err.contains(u"none of the regions"_s));
        CHECK(f.updateSheets(u"aws"_s) == 0);
    }
    SECTION("a body that is not a region index fails AWS")
    {
        f.server.script(u"/aws/region_index.json"_s, {{200, "<html>moved</html>", {}, HttpResponse::Fault::None}});
        const Run run = f.update(aws);
        CHECK(f.status(run, u"aws"_s) == u"failed"_s);
        CHECK(run.err.contains(u"not an AWS region index"_s));
    }
}

TEST_CASE("prices update answered 304 the second time imports nothing", "[cli][update]")
{
    Fixture f;
    REQUIRE(f.update().exitCode == 0);
    f.server.script(u"/aws"_s, {{304, {}, {}, HttpResponse::Fault::None}});
    const QString before = f.prices();
    const Run second = f.update({u"--provider"_s, u"aws"_s});
    CHECK(second.exitCode == 0);
    CHECK(f.status(second, u"aws"_s) == u"unchanged"_s);
    CHECK(f.server.requests(u"/aws"_s).last().contains("If-None-Match: \"aw1\""));
    CHECK(f.updateSheets(u"aws"_s) == 1);
    CHECK(f.prices() == before);
}

TEST_CASE("prices update --since-last refreshes only the providers updated before", "[cli][update]")
{
    Fixture f;
    // Nothing updated yet: said, nothing fetched or written, exit 2.
    const QString before = f.prices();
    const Run none = f.update({u"--since-last"_s});
    CHECK(none.exitCode == 2);
    CHECK(none.err.contains(u"no provider was updated here before"_s));
    CHECK(f.server.requests(u"/lambda"_s).isEmpty());
    CHECK(f.prices() == before);

    REQUIRE(f.update({u"--provider"_s, u"lambda"_s}).exitCode == 0);
    f.server.script(u"/lambda"_s, {{304, {}, {}, HttpResponse::Fault::None}});
    const Run run = f.update({u"--since-last"_s});
    INFO(run.err.toStdString());
    CHECK(run.exitCode == 0);
    // Lambda asked for what changed since (a conditional request), the rest skipped and never asked.
    CHECK(f.status(run, u"lambda"_s) == u"unchanged"_s);
    CHECK(f.server.requests(u"/lambda"_s).last().contains("If-None-Match: \"la1\""));
    for (const QString &provider : {u"aws"_s, u"azure"_s, u"oracle"_s, u"nebius"_s}) {
        CHECK(f.status(run, provider) == u"skipped"_s);
        CHECK(f.server.requests(u"/"_s + provider).isEmpty());
    }
    for (const auto &value : jsonArray(run)) {
        const QJsonObject row = value.toObject();
        INFO(row[u"provider"_s].toString().toStdString());
        // When each was last updated: Lambda's first update, none for the others.
        CHECK(row[u"last_update"_s].isString() == (row[u"provider"_s].toString() == u"lambda"_s));
    }
    CHECK(f.updateSheets(u"lambda"_s) == 1);
}

TEST_CASE("prices update reads the Spot Instance Advisor's bands, and spot plans use them", "[cli][update]")
{
    Fixture f;
    f.server.script(u"/aws-spot-advisor"_s, {fileResponse(u"aws/spot_advisor_excerpt.json"_s, {{"ETag", "\"sa1\""}})});
    const QStringList advisor{u"--provider"_s, u"aws-spot-advisor"_s, u"--endpoint"_s,
                              u"aws-spot-advisor=%1/aws-spot-advisor"_s.arg(f.server.url())};
    // The share of a spot run's time kept through interruptions, p5.48xlarge in us-east-1.
    auto kept = [&] {
        const Run train = f.scratch.run({u"train"_s, u"--model"_s, u"llama3-70b"_s, u"--tokens"_s, u"2T"_s,
                                         u"--deadline-days"_s, u"60"_s, u"--provider"_s, u"AWS"_s, u"--format"_s, u"json"_s});
        for (const auto &value : jsonObject(train)[u"options"_s].toArray()) {
            const QJsonObject o = value.toObject();
            if (o[u"sku"_s].toString() == u"p5.48xlarge"_s && o[u"region"_s].toString() == u"us-east-1"_s
                && o[u"price_model"_s].toString() == u"spot"_s)
                return o[u"interruption"_s].toDouble();
        }
        return -1.0;
    };
    const double shipped = kept(); // the shipped band: ">20%" reclaimed a month
    REQUIRE(shipped > 0);

    const Run run = f.update(advisor);
    INFO(run.err.toStdString());
    CHECK(run.exitCode == 0);
    const QJsonObject row = jsonArray(run).first().toObject();
    CHECK(row[u"status"_s].toString() == u"fetched"_s);
    CHECK(row[u"added"_s].toInt() == 3); // the Linux bands of the accelerator instance types
    CHECK(row[u"detail"_s].toString().contains(u"3 interruption bands"_s));
    const double fetched = kept(); // "<5%" now
    CHECK(fetched > shipped);

    // Asked conditionally next time; a feed that is not one is the provider's failure, bands kept.
    f.server.script(u"/aws-spot-advisor"_s, {{304, {}, {}, HttpResponse::Fault::None}});
    const Run again = f.update(advisor);
    CHECK(f.status(again, u"aws-spot-advisor"_s) == u"unchanged"_s);
    CHECK(f.server.requests(u"/aws-spot-advisor"_s).last().contains("If-None-Match: \"sa1\""));
    f.server.script(u"/aws-spot-advisor"_s, {{200, "{\"Items\": []}", {{"ETag", "\"sa2\""}}, HttpResponse::Fault::None}});
    const Run bad = f.update(advisor);
    CHECK(bad.exitCode != 0);
    CHECK(f.status(bad, u"aws-spot-advisor"_s) == u"failed"_s);
    CHECK(bad.err.contains(u"not the Spot Instance Advisor's feed"_s));
    CHECK(kept() == fetched);
}

TEST_CASE("prices update reads AWS's spot prices from SkyPilot's copy of its list, as AWS offers", "[cli][update]")
{
    Fixture f;
    QByteArray list = fixture(u"skypilot/aws_vms_excerpt.csv"_s);
    REQUIRE(list.contains(",17.628900,us-east-1,use1-az6,"));
    list.replace(",17.628900,us-east-1,use1-az6,", ",16.000000,us-east-1,use1-az6,"); // the spot price moved
    f.server.script(u"/aws-spot"_s, {{200, list, {{"ETag", "\"as1\""}}, HttpResponse::Fault::None}});
    const Run run = f.update({u"--provider"_s, u"aws-spot"_s, u"--endpoint"_s, u"aws-spot=%1/aws-spot"_s.arg(f.server.url())});
    INFO(run.err.toStdString());
    CHECK(run.exitCode == 0);
    CHECK(f.status(run, u"aws-spot"_s) == u"fetched"_s);
    CHECK(f.updateSheets(u"aws-spot"_s) == 1);
    const QJsonObject row = jsonArray(run).first().toObject();
    CHECK(row[u"changed"_s].toInt() >= 1);
    // The offers are AWS's (the endpoints.csv row's sheet_provider), the lowest of the region's zones.
    const QString prices = f.prices();
    CHECK(prices.contains(u"AWS,cloud_vm,p5.48xlarge,h100-sxm,8,us-east-1,spot,16,USD,hour,"_s));
    CHECK_FALSE(prices.contains(u"aws-spot"_s, Qt::CaseInsensitive));
}

TEST_CASE("prices update retries a 429 and imports the answer after it", "[cli][update]")
{
    Fixture f;
    f.server.script(u"/oracle"_s, {{429, "slow down", {{"Retry-After", "0"}}, HttpResponse::Fault::None},
                                   fileResponse(u"oci/products_usd_2026-08-14.json"_s)});
    const Run run = f.update();
    CHECK(run.exitCode == 0);
    CHECK(f.status(run, u"oracle"_s) == u"fetched"_s);
    CHECK(f.server.requests(u"/oracle"_s).size() == 2);
    CHECK(f.updateSheets(u"oracle"_s) == 1);
}

TEST_CASE("prices update reports each fault for its provider and imports the others", "[cli][update]")
{
    const HttpResponse aws = fileResponse(u"aws/ec2_traps.csv"_s);
    HttpResponse closed = aws;
    closed.fault = HttpResponse::Fault::CloseHalfway;
    HttpResponse stalled = aws;
    stalled.fault = HttpResponse::Fault::Stall;
    const QList<std::pair<const char *, HttpResponse>> faults{
        {"500", {500, "broken", {}, HttpResponse::Fault::None}},
        {"connection closed halfway", closed},
        {"not a price list", {200, "<html>maintenance</html>", {}, HttpResponse::Fault::None}},
        {"stall", stalled}};
    for (const auto &[name, fault] : faults) {
        DYNAMIC_SECTION("aws answers: " << name)
        {
            Fixture f;
            f.server.script(u"/aws"_s, {fault});
            const Run run = f.update();
            INFO(run.err.toStdString());
            CHECK(run.exitCode != 0);
            CHECK(f.status(run, u"aws"_s) == u"failed"_s);
            CHECK(run.err.contains(u"aws: failed; its prices are unchanged"_s));
            CHECK(f.updateSheets(u"aws"_s) == 0);
            CHECK(f.updateSheets(u"azure"_s) == 1);
            CHECK(f.updateSheets(u"oracle"_s) == 1);
        }
    }
}

TEST_CASE("prices update with nothing reachable writes nothing and exits 2", "[cli][update]")
{
    Fixture f;
    for (const QString &provider : Fixture::providers())
        f.server.script(u'/' + provider, {{500, "down", {}, HttpResponse::Fault::None}});
    const QString before = f.prices();
    const Run run = f.update();
    CHECK(run.exitCode == 2);
    CHECK(run.err.contains(u"no price list could be reached"_s));
    CHECK(f.prices() == before);
}

TEST_CASE("prices update --dry-run writes nothing and keeps no validators", "[cli][update]")
{
    Fixture f;
    const QString before = f.prices();
    const Run dry = f.update({u"--dry-run"_s, u"--provider"_s, u"aws"_s});
    CHECK(dry.exitCode == 0);
    CHECK(f.status(dry, u"aws"_s) == u"fetched"_s);
    CHECK(f.updateSheets(u"aws"_s) == 0);
    CHECK(f.prices() == before);
    const Run real = f.update({u"--provider"_s, u"aws"_s});
    CHECK(real.exitCode == 0);
    CHECK_FALSE(f.server.requests(u"/aws"_s).last().contains("If-None-Match"));
    CHECK(f.updateSheets(u"aws"_s) == 1);
}

TEST_CASE("prices update interrupted by Ctrl-C exits 130 and writes nothing", "[cli][update]")
{
    Fixture f;
    // Oracle's list stalls (the last provider downloaded): AWS and Azure are downloaded, not yet imported.
    HttpResponse stalled = fileResponse(u"oci/products_usd_2026-08-14.json"_s);
    stalled.fault = HttpResponse::Fault::Stall;
    f.server.script(u"/oracle"_s, {stalled});
    const QString before = f.prices();
    auto process = f.start({u"--progress"_s}, 600'000); // the timeout would not end it
    QElapsedTimer waited;
    waited.start();
    while (f.server.requests(u"/oracle"_s).isEmpty() && waited.elapsed() < 60'000 * ACCELPLAN_TEST_SLOWDOWN)
        QThread::msleep(50);
    REQUIRE_FALSE(f.server.requests(u"/oracle"_s).isEmpty());
    ::kill(pid_t(process->processId()), SIGINT);
    const Run run = finish(*process, 30 * ACCELPLAN_TEST_SLOWDOWN);
    INFO(run.err.toStdString());
    CHECK(run.exitCode == 130);
    CHECK(run.err.contains(u"interrupted; nothing was written"_s));
    // Progress per provider on stderr: bytes and the page.
    CHECK(run.err.contains(u"azure: "_s));
    CHECK(run.err.contains(u"MB, page 3"_s));
    for (const QString &provider : {u"aws"_s, u"azure"_s, u"oracle"_s})
        CHECK(f.updateSheets(provider) == 0);
    CHECK(f.prices() == before);
    // No download is left to be imported by mistake, and no validators were kept.
    const QDir cache(f.scratch.dir.filePath(u"cache"_s));
    CHECK(cache.entryList({u"*.part"_s, u"*.download"_s, u"*.page"_s}, QDir::Files).isEmpty());
    CHECK_FALSE(QFile::exists(cache.filePath(u"validators.ini"_s)));
}

TEST_CASE("prices update interrupted by Ctrl-C once importing has begun writes nothing more and exits 130", "[cli][update]")
{
    Fixture f;
    const QString before = f.prices(); // creates and seeds the database
    // Another import holds the write lock: the downloads end and the first import waits for it.
    WriteLockHolder holder(f.scratch.db);
    // Interrupted before the next provider, or during the last one's import.
    const QString providers = GENERATE(u"aws,lambda"_s, u"aws"_s);
    auto process = f.start({u"--provider"_s, providers});
    QString err;
    QElapsedTimer waited;
    waited.start();
    while (!err.contains(u"waiting for another import"_s) && waited.elapsed() < 60'000 * ACCELPLAN_TEST_SLOWDOWN) {
        process->waitForReadyRead(100);
        err += QString::fromUtf8(process->readAllStandardError());
    }
    REQUIRE(err.contains(u"waiting for another import"_s));
    if (providers.contains(u"lambda"_s))
        CHECK(f.server.requests(u"/lambda"_s).size() == 1); // every list downloaded first
    ::kill(pid_t(process->processId()), SIGINT);
    QThread::msleep(500);
    holder.release(); // the lock frees: an update that went on would now write
    Run run = finish(*process, 30 * ACCELPLAN_TEST_SLOWDOWN);
    run.err.prepend(err);
    INFO(run.err.toStdString());
    CHECK(run.exitCode == 130);
    CHECK(run.err.contains(u"interrupted; nothing was written"_s));
    CHECK(f.updateSheets(u"aws"_s) == 0);
    CHECK(f.updateSheets(u"lambda"_s) == 0); // not imported after the interrupt
    CHECK(f.prices() == before);
    // Nothing imported keeps no validators: the next run downloads again.
    CHECK_FALSE(QFile::exists(QDir(f.scratch.dir.filePath(u"cache"_s)).filePath(u"validators.ini"_s)));
}

TEST_CASE("prices update lists each provider's biggest price moves and its history-only rows", "[cli][update]")
{
    Fixture f;
    // The list dated after the shipped prices, so its p5.48xlarge on-demand row becomes current.
    const QByteArray row = R"("A","T","R","OnDemand","illustrative row","2025-06-01","0","Inf","Hrs","55.0400000000")";
    QByteArray list = fixture(u"aws/ec2_traps.csv"_s);
    REQUIRE(list.contains(row));
    const QByteArray current = QByteArray(row).replace("2025-06-01", "2026-11-01");
    list.replace(row, current);
    auto serve = [&](const QByteArray &price, const char *etag) {
        QByteArray body = list;
        body.replace(current, QByteArray(current).replace("55.0400000000", price));
        f.server.script(u"/aws"_s, {{200, body, {{"ETag", etag}}, HttpResponse::Fault::None}});
    };
    serve("55.0400000000", "\"aw1\"");
    const Run first = f.update({u"--provider"_s, u"aws"_s});
    REQUIRE(first.exitCode == 0);
    CHECK(jsonArray(first).first()[u"history_only"_s].toInt() > 0); // the other rows are older than the shipped prices

    serve("49.5360000000", "\"aw2\""); // down 10 %
    const Run run = f.update({u"--provider"_s, u"aws"_s});
    INFO(run.err.toStdString());
    REQUIRE(run.exitCode == 0);
    const QJsonObject aws = jsonArray(run).first().toObject();
    CHECK(aws[u"changed"_s].toInt() == 1);
    const QJsonArray moves = aws[u"biggest_moves"_s].toArray();
    REQUIRE(moves.size() == 1);
    CHECK(moves[0][u"sku"_s].toString() == u"p5.48xlarge"_s);
    CHECK(moves[0][u"region"_s].toString() == u"us-east-1"_s);
    CHECK(moves[0][u"price_model"_s].toString() == u"on_demand"_s);
    CHECK(moves[0][u"old_price"_s].toString().startsWith(u"55.04 USD"_s));
    CHECK(moves[0][u"new_price"_s].toString().startsWith(u"49.536 USD"_s));
    CHECK(moves[0][u"change_pct"_s].toDouble() == Approx(-10.0));

    // The table says it in the provider's row (another price: the same file twice is not imported again).
    serve("54.4896000000", "\"aw3\""); // up 10 %
    const QStringList table{u"--db"_s, f.scratch.db, u"prices"_s, u"update"_s, u"--provider"_s, u"aws"_s,
                            u"--endpoint"_s, u"aws=%1/aws"_s.arg(f.server.url())};
    const Run back = finish(*startCli(table, {{u"ACCELPLAN_UPDATE_CACHE"_s, f.scratch.dir.filePath(u"cache"_s)}}), 120);
    INFO(back.out.toStdString());
    CHECK(back.exitCode == 0);
    CHECK(back.out.contains(u"biggest moves: p5.48xlarge us-east-1 on_demand: 49.536 USD/hour → 54.4896 USD/hour (+10.0 %)"_s));
}
