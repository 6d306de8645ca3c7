#include "core/pricing/importers/awsimporter.h"
#include "core/pricing/importers/azureimporter.h"
#include "core/pricing/pricedatabase.h"
#include "core/pricing/pricesheetparser.h"
#include "core/pricing/schema.h"
#include "core/pricing/sheetexporter.h"
#include "tests/qtstringmaker.h"
#include "tests/testsupport.h"

#include <catch2/catch.hpp>

#include <QBuffer>
#include <QDateTime>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QStandardPaths>
#include <QTemporaryDir>

using namespace Qt::StringLiterals;
using namespace accelplan;
using namespace accelplan::pricing;

namespace {

std::unique_ptr<PriceDatabase> openDatabase(const QString &path)
{
    auto opened = PriceDatabase::open(path, test::shippedCatalog());
    if (!opened.ok())
        FAIL(opened.error().message.toStdString());
    return std::move(opened).value();
}

ParsedSheet parse(const QString &relative)
{
    const PriceSheetParser parser(test::shippedCatalog(), QDate(2026, 11, 22));
    return parser.parseFile(test::dataPath(relative));
}

ImportSummary import(PriceDatabase &db, const QString &relative, bool dryRun = false)
{
    const auto summary = db.importSheet(parse(relative), relative, relative, dryRun);
    INFO((summary.ok() ? QString() : summary.error().message).toStdString());
    for (const Diagnostic &d : summary.error().details)
        INFO(d.toString().toStdString());
    REQUIRE(summary.ok());
    return summary.value();
}

int countRows(PriceDatabase &db)
{
    const auto all = db.prices();
    REQUIRE(all.ok());
    return int(all->size());
}

std::optional<PriceRecord> currentPrice(PriceDatabase &db, const QString &sku, QDate asOf = {})
{
    OfferFilter filter;
    filter.provider = u"TestCloud"_s;
    filter.asOf = asOf;
    const auto all = db.prices(filter);
    REQUIRE(all.ok());
    for (const PriceRecord &r : *all) {
        if (r.key.sku == sku && r.key.region == u"us-east-1"_s && r.key.priceModel == PriceModel::OnDemand)
            return r;
    }
    return std::nullopt;
}

std::unique_ptr<PriceDatabase> openUnseeded(const QString &path)
{
    auto opened = PriceDatabase::open(path, test::shippedCatalog(), OpenOptions{.seed = false});
    if (!opened.ok())
        FAIL(opened.error().message.toStdString());
    return std::move(opened).value();
}

ImportSummary importParsed(PriceDatabase &db, const ParsedSheet &sheet, bool dryRun = false)
{
    REQUIRE(sheet.ok());
    const auto summary = db.importSheet(sheet, sheet.fileName, sheet.fileName, dryRun);
    INFO((summary.ok() ? QString() : summary.error().message).toStdString());
    REQUIRE(summary.ok());
    return summary.value();
}

ParsedSheet parseCsvText(QByteArray csv, const QString &name)
{
    QBuffer buffer(&csv);
    REQUIRE(buffer.open(QIODevice::ReadOnly));
    const PriceSheetParser parser(test::shippedCatalog(), QDate(2026, 11, 22));
    return parser.parse(&buffer, name);
}

std::optional<PriceRecord> current(PriceDatabase &db, const OfferKey &key)
{
    OfferFilter filter;
    filter.provider = key.provider;
    filter.region = key.region;
    filter.priceModel = key.priceModel;
    const auto all = db.prices(filter);
    REQUIRE(all.ok());
    for (const PriceRecord &r : *all)
        if (r.key == key)
            return r;
    return std::nullopt;
}

const PriceChange *changeFor(const ImportSummary &summary, const OfferKey &key)
{
    for (const PriceChange &change : summary.changes)
        if (change.key == key)
            return &change;
    return nullptr;
}

void executeScript(const QString &dbPath, const QString &scriptPath)
{
    QFile script(scriptPath);
    REQUIRE(script.open(QIODevice::ReadOnly));
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"fixture"_s);
        db.setDatabaseName(dbPath);
        REQUIRE(db.open());
        QSqlQuery query(db);
        for (const QString &line : QString::fromUtf8(script.readAll()).split(u'\n')) {
            if (line.trimmed().isEmpty() || line.startsWith(u"--"_s))
                continue;
            INFO(line.toStdString());
            REQUIRE(query.exec(line));
        }
        db.close();
    }
    QSqlDatabase::removeDatabase(u"fixture"_s);
}

} // namespace

TEST_CASE("A missing database is created, versioned and seeded from the shipped data", "[database]")
{
    QTemporaryDir dir;
    const QString path = dir.filePath(u"nested/folder/prices.sqlite"_s);
    auto db = openDatabase(path);
    CHECK(QFile::exists(path));
    CHECK(db->schemaVersion() == schema::kCurrentVersion);
    CHECK(countRows(*db) >= 70);
    const auto sheets = db->sheets();
    REQUIRE(sheets.ok());
    REQUIRE(sheets->size() >= 10);
    CHECK(sheets->first().kind == u"seed"_s);
    CHECK(db->pricesAsOf().isValid());
    const auto fx = db->fxTable();
    REQUIRE(fx.ok());
    CHECK_FALSE(fx->rates().isEmpty());
}

TEST_CASE("A failed import writes nothing, and neither does a dry run", "[database][import]")
{
    QTemporaryDir dir;
    auto db = openDatabase(dir.filePath(u"p.sqlite"_s));
    const int before = countRows(*db);
    const qsizetype sheetsBefore = db->sheets()->size();

    const auto failed = db->importSheet(parse(u"sheets/bad/many_errors.csv"_s), u"bad"_s, u"bad"_s, false);
    REQUIRE_FALSE(failed.ok());
    CHECK(failed.error().kind == ErrorKind::BadInput);
    CHECK(failed.error().details.size() == 4);

    const ImportSummary dry = import(*db, u"sheets/good/bom_crlf_quoted.csv"_s, true);
    CHECK(dry.sheetId == 0);
    CHECK(dry.rowCount == 3);
    CHECK(countRows(*db) == before);
    CHECK(db->sheets()->size() == sheetsBefore);
}

TEST_CASE("History across sheets: the current price is the newest effective one", "[database][history]")
{
    QTemporaryDir dir;
    auto db = openDatabase(dir.filePath(u"p.sqlite"_s));
    // The fixtures use a provider of their own so the seeded AWS prices do not take part.
    const ImportSummary first = import(*db, u"sheets/good/history_2025_01.csv"_s);
    CHECK(first.sheetId > 0);

    const ImportSummary second = import(*db, u"sheets/good/history_2025_06.csv"_s);
    CHECK(second.changed == 1);   // p5.48xlarge 98.32 -> 55.04
    CHECK(second.unchanged == 1); // g6.xlarge
    CHECK(second.rowCount == 3);
    CHECK(second.added + second.changed + second.unchanged + second.historical == 3);
    REQUIRE(second.changes.size() == 3);
    CHECK(second.changes[0].oldPrice == u"98.32 USD/hour"_s);
    CHECK(second.changes[0].newPrice == u"55.04 USD/hour"_s);

    // An older sheet adds history but does not change the current price.
    const ImportSummary older = import(*db, u"sheets/good/history_2024_01.csv"_s);
    CHECK(older.historical == 1);

    const auto history = db->history(u"p5.48xlarge"_s, u"TestCloud"_s, u"us-east-1"_s);
    REQUIRE(history.ok());
    QStringList onDemand;
    for (const PriceRecord &r : *history) {
        if (r.key.priceModel == PriceModel::OnDemand)
            onDemand.append(r.effectiveDate.toString(Qt::ISODate) + u'=' + r.price.toString());
    }
    // Oldest first, every sheet kept.
    REQUIRE(onDemand.size() == 3);
    CHECK(onDemand[0] == u"2024-01-01=120"_s);
    CHECK(onDemand[1] == u"2025-01-01=98.32"_s);
    CHECK(onDemand[2] == u"2025-06-05=55.04"_s);

    CHECK(currentPrice(*db, u"p5.48xlarge"_s, QDate(2025, 3, 1))->price.toString() == u"98.32"_s);
    CHECK(currentPrice(*db, u"p5.48xlarge"_s, QDate(2025, 7, 1))->price.toString() == u"55.04"_s);
    CHECK(currentPrice(*db, u"p5.48xlarge"_s, QDate(2023, 1, 1)) == std::nullopt);

    // Each sheet's own rows stay queryable.
    OfferFilter bySheet;
    bySheet.sheetId = first.sheetId;
    CHECK(db->prices(bySheet)->size() == 2);
}

TEST_CASE("The same file is not imported twice", "[database][import]")
{
    QTemporaryDir dir;
    auto db = openDatabase(dir.filePath(u"p.sqlite"_s));
    const ImportSummary first = import(*db, u"sheets/good/offers_array.json"_s);
    const ImportSummary again = import(*db, u"sheets/good/offers_array.json"_s);
    CHECK(again.alreadyImportedAs == first.sheetId);
    CHECK(again.sheetId == 0);
}

TEST_CASE("Export and import round-trip exactly, CSV and JSON", "[database][export]")
{
    QTemporaryDir dir;
    auto db = openDatabase(dir.filePath(u"p.sqlite"_s));
    import(*db, u"sheets/good/bom_crlf_quoted.csv"_s); // quotes, line breaks, EUR
    import(*db, u"sheets/good/all_fields.csv"_s);      // every optional field, purchase, owned
    const auto exported = db->prices();
    REQUIRE(exported.ok());

    const bool json = GENERATE(false, true);
    CAPTURE(json);
    QByteArray data;
    if (json) {
        QJsonArray offers;
        for (const PriceRecord &r : *exported)
            offers.append(toJsonObject(r, true));
        data = QJsonDocument(QJsonObject{{u"offers"_s, offers}}).toJson();
    } else {
        data = toNativeCsv(*exported);
    }
    QBuffer buffer(&data);
    buffer.open(QIODevice::ReadOnly);
    const PriceSheetParser parser(test::shippedCatalog(), QDate(2026, 11, 22));
    const ParsedSheet reread = parser.parse(&buffer, json ? u"export.json"_s : u"export.csv"_s);
    REQUIRE(reread.ok());
    REQUIRE(reread.records.size() == exported->size());
    for (qsizetype i = 0; i < reread.records.size(); ++i) {
        CAPTURE(i);
        CHECK(nativeFields(reread.records[i]) == nativeFields(exported->at(i)));
    }

    // Importing the export into another database changes nothing that is already there.
    auto other = openDatabase(dir.filePath(json ? u"other-json.sqlite"_s : u"other-csv.sqlite"_s));
    import(*other, u"sheets/good/bom_crlf_quoted.csv"_s);
    import(*other, u"sheets/good/all_fields.csv"_s);
    const auto summary = other->importSheet(reread, u"export"_s, u"export.csv"_s, false);
    REQUIRE(summary.ok());
    CHECK(summary->added == 0);
    CHECK(summary->changed == 0);
    CHECK(summary->unchanged == int(exported->size()));
}

TEST_CASE("Prices are stored as exact decimal text", "[database][money]")
{
    QTemporaryDir dir;
    const QString path = dir.filePath(u"p.sqlite"_s);
    {
        auto db = openDatabase(path);
        QByteArray csv = "provider,offer_kind,sku,accelerator,accelerator_count,region,price_model,price,currency,unit\n"
                         "Test,cloud_vm,exact-1,l4,1,r1,on_demand,0.1,USD,hour\n"
                         "Test,cloud_vm,exact-2,l4,1,r1,on_demand,123456.123456789,USD,hour\n";
        QBuffer buffer(&csv);
        buffer.open(QIODevice::ReadOnly);
        const PriceSheetParser parser(test::shippedCatalog(), QDate(2026, 11, 22));
        REQUIRE(db->importSheet(parser.parse(&buffer, u"exact.csv"_s), u"exact"_s, u"exact"_s, false).ok());
    }
    QSqlDatabase raw = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"raw"_s);
    raw.setDatabaseName(path);
    REQUIRE(raw.open());
    {
        QSqlQuery query(raw);
        REQUIRE(query.exec(u"SELECT p.price, typeof(p.price) FROM prices p JOIN offers o ON o.id = p.offer_id"
                           " WHERE o.provider = 'Test' ORDER BY o.sku"_s));
        REQUIRE(query.next());
        CHECK(query.value(0).toString() == u"0.1"_s);
        CHECK(query.value(1).toString() == u"text"_s);
        REQUIRE(query.next());
        CHECK(query.value(0).toString() == u"123456.123456789"_s);
    }
    raw.close();
    raw = QSqlDatabase();
    QSqlDatabase::removeDatabase(u"raw"_s);
}

TEST_CASE("A schema-1 database is migrated in place and keeps its data", "[database][migration]")
{
    QTemporaryDir dir;
    const QString path = dir.filePath(u"v1.sqlite"_s);
    executeScript(path, test::dataPath(u"schema_v1.sql"_s));

    auto db = openDatabase(path);
    CHECK(db->schemaVersion() == schema::kCurrentVersion);
    // An existing database is not re-seeded: only its own offers are there.
    const auto all = db->prices(OfferFilter{.asOf = QDate(2026, 1, 1)});
    REQUIRE(all.ok());
    REQUIRE(all->size() == 2);
    CHECK(all->at(1).price.toString() == u"98.32"_s);
    CHECK(all->at(1).notes == u"pre-cut"_s);
    CHECK_FALSE(all->at(1).asOf.isValid()); // new column, unknown for old rows
    const auto sheets = db->sheets();
    REQUIRE(sheets->size() == 1);
    CHECK(sheets->first().kind == u"import"_s);
    // The migrated database accepts new sheets.
    const ImportSummary summary = import(*db, u"sheets/good/history_2025_06.csv"_s);
    CHECK(summary.added == 3);
    CHECK(db->prices()->size() == 5);
}

TEST_CASE("A database from a newer Accelplan, or not ours, is refused untouched", "[database][migration]")
{
    QTemporaryDir dir;
    const QString newer = dir.filePath(u"newer.sqlite"_s);
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"newer"_s);
        db.setDatabaseName(newer);
        REQUIRE(db.open());
        QSqlQuery(db).exec(u"CREATE TABLE future (x)"_s);
        QSqlQuery(db).exec(u"PRAGMA user_version = 99"_s);
        db.close();
    }
    QSqlDatabase::removeDatabase(u"newer"_s);
    auto opened = PriceDatabase::open(newer, test::shippedCatalog());
    REQUIRE_FALSE(opened.ok());
    CHECK(opened.error().kind == ErrorKind::BadInput);
    CHECK(opened.error().message.contains(u"schema version 99, newer than"_s));

    const QString text = dir.filePath(u"notes.sqlite"_s);
    QFile file(text);
    REQUIRE(file.open(QIODevice::WriteOnly));
    file.write("this is a text file, not a database\n");
    file.close();
    auto notDb = PriceDatabase::open(text, test::shippedCatalog());
    REQUIRE_FALSE(notDb.ok());
    CHECK(notDb.error().kind == ErrorKind::BadInput);
    REQUIRE(file.open(QIODevice::ReadOnly));
    CHECK(file.readAll() == "this is a text file, not a database\n");
}

TEST_CASE("Filters select offers by provider, accelerator, kind, region and price model", "[database]")
{
    QTemporaryDir dir;
    auto db = openDatabase(dir.filePath(u"p.sqlite"_s));
    OfferFilter filter;
    filter.kind = OfferKind::Tpu;
    const auto tpus = db->prices(filter);
    REQUIRE(tpus.ok());
    REQUIRE_FALSE(tpus->isEmpty());
    for (const PriceRecord &r : *tpus) {
        CHECK(r.offerKind == OfferKind::Tpu);
        CHECK(r.acceleratorCount == 1);
    }
    filter = {};
    filter.provider = u"aws"_s; // case-insensitive
    filter.accelerator = u"h100-sxm"_s;
    filter.priceModel = PriceModel::Spot;
    filter.region = u"us-east-1"_s;
    const auto spot = db->prices(filter);
    REQUIRE(spot.ok());
    REQUIRE(spot->size() >= 1);
    for (const PriceRecord &r : *spot) {
        CHECK(r.key.provider == u"AWS"_s);
        CHECK(r.accelerator == u"h100-sxm"_s);
        CHECK(r.key.priceModel == PriceModel::Spot);
    }
}

TEST_CASE("Prices read through SQLite's own interface hold what Qt's driver reads, field by field", "[database]")
{
    QTemporaryDir dir;
    const QString path = dir.filePath(u"p.sqlite"_s);
    auto db = openDatabase(path);
    const QDate today = QDate::currentDate();
    OfferFilter current;
    current.asOf = today;
    const auto read = db->prices(current);
    REQUIRE(read.ok());
    REQUIRE(read->size() >= 70);

    // The same rows through Qt's SQLite driver, column by column (the reading PostgreSQL still uses).
    QList<QStringList> expected;
    {
        QSqlDatabase qt = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"independent"_s);
        qt.setDatabaseName(path);
        REQUIRE(qt.open());
        QSqlQuery query(qt);
        REQUIRE(query.prepare(u"SELECT o.provider, o.sku, o.region, o.price_model, o.offer_kind, o.accelerator,"
                              " o.accelerator_count, o.vcpus, o.ram_gb, p.price, p.currency, p.unit, p.effective_date, p.as_of,"
                              " p.setup_fee, p.source_url, p.confidence, p.notes, p.sheet_id, p.sheet_line FROM offers o JOIN"
                              " prices p ON p.id = (SELECT p2.id FROM prices p2 WHERE p2.offer_id = o.id AND"
                              " p2.effective_date <= ? ORDER BY p2.effective_date DESC, p2.id DESC LIMIT 1)"
                              " ORDER BY o.provider, o.sku, o.region, o.price_model"_s));
        query.addBindValue(today.toString(Qt::ISODate));
        REQUIRE(query.exec());
        while (query.next()) {
            QStringList row;
            for (int i = 0; i < 20; ++i)
                row.append(query.value(i).isNull() ? u"<null>"_s : query.value(i).toString());
            expected.append(row);
        }
    }
    QSqlDatabase::removeDatabase(u"independent"_s);
    REQUIRE(expected.size() == read->size());
    auto optionalText = [](const auto &value) { return value ? value->toString() : u"<null>"_s; };
    int withNull = 0, withNotes = 0;
    for (qsizetype i = 0; i < read->size(); ++i) {
        const PriceRecord &r = read->at(i);
        const QStringList got{r.key.provider, r.key.sku, r.key.region, toString(r.key.priceModel), toString(r.offerKind),
                              r.accelerator, QString::number(r.acceleratorCount),
                              r.vcpus ? QString::number(*r.vcpus) : u"<null>"_s, optionalText(r.ramGb), r.price.toString(),
                              r.currency, toString(r.unit), r.effectiveDate.toString(Qt::ISODate),
                              r.asOf.isValid() ? r.asOf.toString(Qt::ISODate) : u"<null>"_s, optionalText(r.setupFee),
                              r.sourceUrl, r.confidence, r.notes, QString::number(r.sheetId), QString::number(r.sheetLine)};
        QStringList want = expected[i];
        // Decimals are compared as the exact values they parse to; empty text reads as empty.
        for (int column : {8, 9, 14})
            if (want[column] != u"<null>"_s)
                want[column] = Decimal::parse(want[column])->toString();
        for (int column : {15, 16, 17})
            if (want[column] == u"<null>"_s)
                want[column].clear();
        CHECK(got == want);
        withNull += !r.vcpus || !r.setupFee;
        withNotes += !r.notes.isEmpty();
    }
    CHECK(withNull > 0);  // the NULL columns were exercised
    CHECK(withNotes > 0); // and the notes

    // Repeated text is converted once and shared between rows.
    const PriceRecord *first = nullptr;
    for (const PriceRecord &r : *read) {
        if (r.key.provider != read->first().key.provider)
            continue;
        if (!first)
            first = &r;
        else
            CHECK(r.key.provider.constData() == first->key.provider.constData());
    }

    // Without notes: the same records, their notes empty.
    OfferFilter noNotes = current;
    noNotes.withNotes = false;
    const auto lean = db->prices(noNotes);
    REQUIRE(lean.ok());
    REQUIRE(lean->size() == read->size());
    for (qsizetype i = 0; i < lean->size(); ++i) {
        CHECK(lean->at(i).notes.isEmpty());
        CHECK(lean->at(i).key == read->at(i).key);
        CHECK(lean->at(i).sourceUrl == read->at(i).sourceUrl);
    }
}

TEST_CASE("Offer identity ignores case: 'aws' prices the stored 'AWS' offer", "[database][import]")
{
    QTemporaryDir dir;
    auto db = openDatabase(dir.filePath(u"p.sqlite"_s));
    const int before = countRows(*db);
    QByteArray csv = "provider,offer_kind,sku,accelerator,accelerator_count,region,price_model,price,currency,unit,effective_date\n"
                     "aws,cloud_vm,P5.48XLARGE,h100-sxm,8,US-EAST-1,on_demand,50.00,USD,hour,2026-11-01\n";
    QBuffer buffer(&csv);
    buffer.open(QIODevice::ReadOnly);
    const PriceSheetParser parser(test::shippedCatalog(), QDate(2026, 11, 22));
    const auto summary = db->importSheet(parser.parse(&buffer, u"case.csv"_s), u"case"_s, u"case"_s, false);
    REQUIRE(summary.ok());
    CHECK(summary->added == 0);
    CHECK(summary->changed == 1);
    CHECK(countRows(*db) == before);
    OfferFilter filter;
    filter.provider = u"AWS"_s;
    filter.region = u"us-east-1"_s;
    filter.priceModel = PriceModel::OnDemand;
    bool found = false;
    const auto listed = db->prices(filter);
    REQUIRE(listed.ok());
    for (const PriceRecord &r : *listed) {
        if (r.key.sku == u"p5.48xlarge"_s) {
            found = true;
            CHECK(r.price.toString() == u"50"_s);
            CHECK(r.key.provider == u"AWS"_s); // the first spelling stays
        }
    }
    CHECK(found);
    CHECK(db->history(u"P5.48xlarge"_s, u"aws"_s)->size() >= 2);
}

TEST_CASE("An empty SQLite file is set up and seeded like a missing one", "[database]")
{
    QTemporaryDir dir;
    const QString path = dir.filePath(u"empty.sqlite"_s);
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"empty"_s);
        db.setDatabaseName(path);
        REQUIRE(db.open());
        QSqlQuery(db).exec(u"PRAGMA user_version = 0"_s);
        db.close();
    }
    QSqlDatabase::removeDatabase(u"empty"_s);
    auto db = openDatabase(path);
    CHECK(countRows(*db) >= 70);
}

TEST_CASE("A migration that fails rolls back and leaves the database as it was", "[database][migration]")
{
    QTemporaryDir dir;
    const QString path = dir.filePath(u"v1-clash.sqlite"_s);
    executeScript(path, test::dataPath(u"schema_v1.sql"_s));
    {
        // Schema 1 allowed offers that differ only in case; schema 3 does not.
        QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"clash"_s);
        db.setDatabaseName(path);
        REQUIRE(db.open());
        REQUIRE(QSqlQuery(db).exec(u"INSERT INTO offers VALUES (3, 'aws', 'P5.48XLARGE', 'us-east-1', 'on_demand',"
                                   " 'cloud_vm', 'h100-sxm', 8, 192, '2048')"_s));
        db.close();
    }
    QSqlDatabase::removeDatabase(u"clash"_s);

    auto opened = PriceDatabase::open(path, test::shippedCatalog());
    REQUIRE_FALSE(opened.ok());
    CHECK(opened.error().message.contains(u"from version 2 to 3 failed"_s));
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"after"_s);
        db.setDatabaseName(path);
        REQUIRE(db.open());
        CHECK(schema::version(db) == 1);
        QSqlQuery query(db);
        REQUIRE(query.exec(u"SELECT count(*) FROM sqlite_master WHERE name = 'fx_rates'"_s));
        REQUIRE(query.next());
        CHECK(query.value(0).toInt() == 0); // step 1 -> 2 was rolled back too
        query.finish();
        db.close();
    }
    QSqlDatabase::removeDatabase(u"after"_s);
}

TEST_CASE("The default database lives under AppDataLocation", "[database]")
{
    const QString base = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
    CHECK_FALSE(base.isEmpty());
    CHECK(PriceDatabase::defaultPath() == base + u"/prices.sqlite"_s);
}

TEST_CASE("Database locations: a postgresql URL names a team database and never carries a password")
{
    using pricing::DbLocation;
    const auto socket = DbLocation::parse(u"postgresql://alice@/prices?host=/run/postgresql"_s);
    REQUIRE(socket.ok());
    CHECK(socket->isPostgres());
    CHECK(socket->user == u"alice"_s);
    CHECK(socket->host == u"/run/postgresql"_s);
    CHECK(socket->port == -1);
    CHECK(socket->database == u"prices"_s);
    CHECK(socket->display() == u"postgresql://alice@/prices?host=/run/postgresql"_s);

    const auto tcp = DbLocation::parse(u"postgres://bob@db.example.com:6543/team"_s);
    REQUIRE(tcp.ok());
    CHECK(tcp->host == u"db.example.com"_s);
    CHECK(tcp->port == 6543);
    CHECK(tcp->display() == u"postgresql://bob@db.example.com:6543/team"_s);
    CHECK(tcp->snapshotName().startsWith(u"bob@db.example.com-team-"_s));
    CHECK(tcp->snapshotName() != DbLocation::parse(u"postgres://bob@db.example.com:6544/team"_s)->snapshotName());

    // Anything else is an SQLite path, even one that mentions postgres.
    const auto path = DbLocation::parse(u"/home/x/postgresql.sqlite"_s);
    REQUIRE(path.ok());
    CHECK_FALSE(path->isPostgres());
    CHECK(path->display() == u"/home/x/postgresql.sqlite"_s);

    const auto password = DbLocation::parse(u"postgresql://alice:secret@host/prices"_s);
    REQUIRE_FALSE(password.ok());
    CHECK(password.error().message.contains(u"PGPASSWORD"_s));
    CHECK_FALSE(password.error().message.contains(u"secret"_s));
    CHECK_FALSE(DbLocation::parse(u"postgresql://alice@host/prices?password=secret"_s).ok());
    CHECK_FALSE(DbLocation::parse(u"postgresql://alice@host/"_s).ok());
    const auto unknown = DbLocation::parse(u"postgresql://alice@host/prices?sslmode=require"_s);
    REQUIRE_FALSE(unknown.ok());
    CHECK(unknown.error().message.contains(u"sslmode"_s));
}

TEST_CASE("Database locations: an unreachable team database says so and names what to check")
{
    const auto opened = PriceDatabase::open(u"postgresql://nobody@/prices?host=/nonexistent-socket-dir"_s,
                                            test::shippedCatalog());
    REQUIRE_FALSE(opened.ok());
    CHECK(opened.error().message.contains(u"cannot connect to the team database postgresql://nobody@/prices"_s));
}

TEST_CASE("A provider's own price file supersedes an approximate third-party row of the same offer, whatever "
          "was read first", "[database][import][supersede]")
{
    QTemporaryDir dir;
    auto db = openUnseeded(dir.filePath(u"p.sqlite"_s));
    const OfferKey onDemand{u"AWS"_s, u"p5.48xlarge"_s, u"us-east-1"_s, PriceModel::OnDemand};
    const OfferKey oneYear{u"AWS"_s, u"p5.48xlarge"_s, u"us-east-1"_s, PriceModel::Commit1y};

    // A third-party snapshot dated after the prices in AWS's own file took effect (2025-06-01).
    const ImportSummary snapshot = importParsed(
        *db, parseCsvText("provider,offer_kind,sku,accelerator,accelerator_count,region,price_model,price,currency,unit,"
                          "effective_date,as_of,source_url,confidence\n"
                          "AWS,cloud_vm,p5.48xlarge,h100-sxm,8,us-east-1,on_demand,60.00,USD,hour,2026-09-27,2026-10-01,"
                          "https://example.org/snapshot,approximate\n"
                          "AWS,cloud_vm,p5.48xlarge,h100-sxm,8,us-east-1,commit_1y,39.00,USD,hour,2026-09-27,2026-10-01,"
                          "https://example.org/snapshot,remembered\n",
                          u"snapshot.csv"_s));
    CHECK(snapshot.added == 2);
    CHECK(snapshot.supersededApproximate == 0);
    REQUIRE(current(*db, onDemand));
    CHECK(current(*db, onDemand)->price.toString() == u"60"_s);

    // AWS's own offer file, read afterwards: p5.48xlarge at 55.04 on demand, effective 2025-06-01.
    const auto instances = loadAwsInstances();
    REQUIRE(instances.ok());
    QFile file(test::dataPath(u"aws/ec2_traps.json"_s));
    REQUIRE(file.open(QIODevice::ReadOnly));
    const ParsedSheet aws = parseAwsJson(&file, u"ec2_traps.json"_s, instances.value());
    const PriceRecord *awsOnDemand = test::findRecord(aws, u"p5.48xlarge"_s, u"us-east-1"_s, PriceModel::OnDemand);
    REQUIRE(awsOnDemand != nullptr);
    REQUIRE(awsOnDemand->effectiveDate < QDate(2026, 9, 27));

    // The preview says so, and the import does what it said.
    for (const bool dryRun : {true, false}) {
        CAPTURE(dryRun);
        const ImportSummary summary = importParsed(*db, aws, dryRun);
        CHECK(summary.supersededApproximate == 2);
        CHECK(summary.historical == 0);
        CHECK(supersededText(summary).startsWith(u"supersedes 2 approximate third-party row"_s));
        const PriceChange *change = changeFor(summary, onDemand);
        REQUIRE(change != nullptr);
        CHECK(change->kind == PriceChange::Kind::Changed);
        CHECK(change->supersedesApproximate);
        CHECK(change->oldPrice == u"60 USD/hour"_s);
        CHECK(change->newPrice == u"55.04 USD/hour"_s);
        REQUIRE(changeFor(summary, oneYear) != nullptr);
        CHECK(changeFor(summary, oneYear)->supersedesApproximate);
    }
    const auto now = current(*db, onDemand);
    REQUIRE(now);
    CHECK(now->price.toString() == u"55.04"_s);
    CHECK(now->confidence == u"exact"_s);
    CHECK(now->effectiveDate == awsOnDemand->effectiveDate);
    CHECK(current(*db, oneYear)->confidence == u"exact"_s);
    // The snapshot stays in history.
    const auto history = db->history(u"p5.48xlarge"_s, u"AWS"_s, u"us-east-1"_s);
    REQUIRE(history.ok());
    int onDemandRows = 0;
    for (const PriceRecord &r : *history)
        onDemandRows += r.key == onDemand ? 1 : 0;
    CHECK(onDemandRows == 2);

    // A later approximate snapshot does not displace the provider's own price: history only.
    const ImportSummary later = importParsed(
        *db, parseCsvText("provider,offer_kind,sku,accelerator,accelerator_count,region,price_model,price,currency,unit,"
                          "effective_date,as_of,confidence\n"
                          "AWS,cloud_vm,p5.48xlarge,h100-sxm,8,us-east-1,on_demand,58.00,USD,hour,2026-11-20,2026-11-20,"
                          "approximate\n",
                          u"later.csv"_s));
    CHECK(later.historical == 1);
    CHECK(later.supersededApproximate == 0);
    CHECK(current(*db, onDemand)->price.toString() == u"55.04"_s);

    // Between prices of one standing the latest effective still wins: an exact row after it.
    const ImportSummary exact = importParsed(
        *db, parseCsvText("provider,offer_kind,sku,accelerator,accelerator_count,region,price_model,price,currency,unit,"
                          "effective_date,as_of,confidence\n"
                          "AWS,cloud_vm,p5.48xlarge,h100-sxm,8,us-east-1,on_demand,50.00,USD,hour,2026-11-21,2026-11-21,"
                          "exact\n",
                          u"exact.csv"_s));
    CHECK(exact.changed == 1);
    CHECK(exact.supersededApproximate == 0);
    CHECK(current(*db, onDemand)->price.toString() == u"50"_s);
}

TEST_CASE("An Azure price file imported today is read today: dated by effectiveStartDate, not stale",
          "[database][import][azure]")
{
    QTemporaryDir dir;
    auto db = openUnseeded(dir.filePath(u"p.sqlite"_s));
    const auto skus = loadAzureSkus();
    REQUIRE(skus.ok());
    QFile file(test::dataPath(u"azure/retail_traps.json"_s));
    REQUIRE(file.open(QIODevice::ReadOnly));
    const QDate before = QDate::currentDate();
    importParsed(*db, parseAzureJson(&file, u"retail_traps.json"_s, skus.value()));
    const QDate after = QDate::currentDate();

    const auto price = current(*db, OfferKey{u"Azure"_s, u"Standard_ND96isr_H100_v5"_s, u"eastus"_s,
                                             PriceModel::OnDemand});
    REQUIRE(price);
    CHECK(price->effectiveDate == QDate(2024, 6, 1)); // the item's effectiveStartDate
    CHECK(price->asOf >= before);
    CHECK(price->asOf <= after);
    CHECK(price->ageDays(after) <= 1);
    CHECK_FALSE(price->stale(after));
    CHECK(price->confidence == u"exact"_s);
}

TEST_CASE("Schemas 6 to 9: a schema 5 database keeps its prices and gains the spot bands', discounts', actuals' and quotes' tables",
          "[database][migration][spot]")
{
    QTemporaryDir dir;
    const QString path = dir.filePath(u"v5.sqlite"_s);
    qsizetype offers = 0;
    {
        auto db = openDatabase(path);
        offers = db->prices()->size();
        REQUIRE(offers > 0);
    }
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"v5"_s);
        db.setDatabaseName(path);
        REQUIRE(db.open());
        REQUIRE(QSqlQuery(db).exec(u"DROP TABLE spot_rates"_s));
        REQUIRE(QSqlQuery(db).exec(u"DROP TABLE discounts"_s));
        REQUIRE(QSqlQuery(db).exec(u"DROP TABLE actuals"_s));
        REQUIRE(QSqlQuery(db).exec(u"DROP TABLE quotes"_s));
        REQUIRE(QSqlQuery(db).exec(u"PRAGMA user_version = 5"_s));
        db.close();
    }
    QSqlDatabase::removeDatabase(u"v5"_s);
    auto db = openDatabase(path);
    CHECK(db->schemaVersion() == schema::kCurrentVersion);
    CHECK(db->prices()->size() == offers);
    CHECK(db->spotRates()->isEmpty());
    CHECK(db->quotes()->isEmpty());
    catalog::SpotRate band = *catalog::SpotRate::fromBand(u"5-10%"_s);
    band.provider = u"AWS"_s;
    band.instanceType = u"p5.48xlarge"_s;
    band.region = u"us-east-1"_s;
    band.source = {u"https://example.test/advisor.json"_s, QDate(2026, 11, 29), u"approximate"_s, {}};
    REQUIRE(db->importSpotRates({band}, false).ok());
    REQUIRE(db->spotRates()->size() == 1);
    CHECK(db->spotRates()->first().band == u"5-10%"_s);
}

TEST_CASE("Schema 5: profile files stored under schema 4 stay in use, and can be disabled and removed",
          "[database][migration][profiles]")
{
    QTemporaryDir dir;
    const QString path = dir.filePath(u"v4.sqlite"_s);
    {
        auto db = openDatabase(path);
        REQUIRE(db->addProfileFile({u"ours.csv"_s, "accelerator,workload\n"}).ok());
    }
    {
        // Back to how schema 4 stored them: no disabled column (and no later table).
        QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"v4"_s);
        db.setDatabaseName(path);
        REQUIRE(db.open());
        REQUIRE(QSqlQuery(db).exec(u"ALTER TABLE user_profile_files DROP COLUMN disabled"_s));
        REQUIRE(QSqlQuery(db).exec(u"DROP TABLE spot_rates"_s));
        REQUIRE(QSqlQuery(db).exec(u"DROP TABLE discounts"_s));
        REQUIRE(QSqlQuery(db).exec(u"DROP TABLE actuals"_s));
        REQUIRE(QSqlQuery(db).exec(u"DROP TABLE quotes"_s));
        REQUIRE(QSqlQuery(db).exec(u"PRAGMA user_version = 4"_s));
        db.close();
    }
    QSqlDatabase::removeDatabase(u"v4"_s);
    auto db = openDatabase(path);
    CHECK(db->schemaVersion() == schema::kCurrentVersion);
    auto files = db->profileFiles();
    REQUIRE(files.ok());
    REQUIRE(files->size() == 1);
    const PriceDatabase::ProfileFile stored = files->first();
    CHECK(stored.enabled);
    CHECK(stored.name == u"ours.csv"_s);
    CHECK(stored.id > 0);
    CHECK(QDateTime::fromString(stored.addedAt, Qt::ISODate).isValid());

    CHECK(db->setProfileFileEnabled(stored.id, false).value());
    CHECK_FALSE(db->profileFiles()->first().enabled);
    CHECK(db->setProfileFileEnabled(stored.id, true).value());
    CHECK(db->profileFiles()->first().enabled);
    // An unknown id changes nothing.
    CHECK_FALSE(db->removeProfileFile(stored.id + 1).value());
    CHECK_FALSE(db->setProfileFileEnabled(stored.id + 1, false).value());
    CHECK(db->profileFiles()->size() == 1);
    CHECK(db->removeProfileFile(stored.id).value());
    CHECK(db->profileFiles()->isEmpty());
}

TEST_CASE("A write waiting for another's write lock says so once, stops on an interrupt and gives up after the lock timeout", "[database][import]")
{
    QTemporaryDir dir;
    const QString path = dir.filePath(u"prices.sqlite"_s);
    auto db = openDatabase(path);
    const int before = countRows(*db);
    {
        QSqlDatabase holder = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"lock-holder"_s);
        holder.setDatabaseName(path);
        REQUIRE(holder.open());
        REQUIRE(QSqlQuery(holder).exec(u"BEGIN IMMEDIATE"_s));

        QStringList told;
        int asked = 0;
        db->setWriteWait({[&](const QString &message) { told.append(message); }, [&] { return ++asked == 3; }});
        const auto interrupted = db->importSheet(parse(u"sheets/good/all_fields.csv"_s), u"a"_s, u"a"_s, false);
        REQUIRE_FALSE(interrupted.ok());
        CHECK(interrupted.error().kind == ErrorKind::Interrupted);
        CHECK(interrupted.error().message.contains(u"nothing was written"_s));
        REQUIRE(told.size() == 1);
        CHECK(told.first().startsWith(u"waiting for another import to finish on "_s + path));
        CHECK(asked == 3);

        db->setWriteWait({});
        qputenv("ACCELPLAN_LOCK_TIMEOUT", "0.5");
        const auto gaveUp = db->importFxRates({FxRate{QDate(2026, 11, 2), u"EUR"_s, u"USD"_s, *Decimal::parse(u"1.1"_s),
                                                      u"https://example.com/fx"_s, {}}},
                                              false);
        qunsetenv("ACCELPLAN_LOCK_TIMEOUT");
        REQUIRE_FALSE(gaveUp.ok());
        CHECK(gaveUp.error().kind == ErrorKind::BadInput);
        CHECK(gaveUp.error().message.contains(u"gave up after 0.5 s"_s));
        QSqlQuery(holder).exec(u"ROLLBACK"_s);
        holder.close();
    }
    QSqlDatabase::removeDatabase(u"lock-holder"_s);
    CHECK(countRows(*db) == before);
    import(*db, u"sheets/good/all_fields.csv"_s); // the lock free, the same write goes in
    CHECK(countRows(*db) > before);
}
