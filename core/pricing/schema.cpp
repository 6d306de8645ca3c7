#include "core/pricing/schema.h"

#include "core/common/tr.h"

#include <QSqlError>
#include <QSqlQuery>
#include <QStringList>
#include <QVariant>

using namespace Qt::StringLiterals;

namespace accelplan::pricing::schema {

namespace {

// Each entry takes the schema from version i to i + 1. Never edit a released step: add one.
const QList<QStringList> kSteps = {
    // 0 -> 1: offers, dated prices and the sheets they came from.
    {
        u"CREATE TABLE sheets ("
        "  id INTEGER PRIMARY KEY AUTOINCREMENT,"
        "  name TEXT NOT NULL,"
        "  source TEXT NOT NULL,"
        "  imported_at TEXT NOT NULL,"
        "  file_hash TEXT NOT NULL,"
        "  row_count INTEGER NOT NULL,"
        "  added_count INTEGER NOT NULL,"
        "  changed_count INTEGER NOT NULL,"
        "  unchanged_count INTEGER NOT NULL)"_s,
        u"CREATE TABLE offers ("
        "  id INTEGER PRIMARY KEY,"
        "  provider TEXT NOT NULL,"
        "  sku TEXT NOT NULL,"
        "  region TEXT NOT NULL,"
        "  price_model TEXT NOT NULL,"
        "  offer_kind TEXT NOT NULL,"
        "  accelerator TEXT NOT NULL,"
        "  accelerator_count INTEGER NOT NULL,"
        "  vcpus INTEGER,"
        "  ram_gb TEXT,"
        "  UNIQUE (provider, sku, region, price_model))"_s,
        u"CREATE TABLE prices ("
        "  id INTEGER PRIMARY KEY,"
        "  offer_id INTEGER NOT NULL REFERENCES offers(id),"
        "  sheet_id INTEGER NOT NULL REFERENCES sheets(id),"
        "  sheet_line INTEGER NOT NULL,"
        "  price TEXT NOT NULL,"
        "  currency TEXT NOT NULL,"
        "  unit TEXT NOT NULL,"
        "  effective_date TEXT NOT NULL,"
        "  setup_fee TEXT,"
        "  source_url TEXT NOT NULL DEFAULT '',"
        "  notes TEXT NOT NULL DEFAULT '')"_s,
        u"CREATE INDEX prices_by_offer ON prices (offer_id, effective_date, id)"_s,
        u"CREATE INDEX prices_by_sheet ON prices (sheet_id)"_s,
    },
    // 1 -> 2: provenance of each price (when read, how sure), sheet kinds, and FX rates.
    {
        u"ALTER TABLE prices ADD COLUMN as_of TEXT"_s,
        u"ALTER TABLE prices ADD COLUMN confidence TEXT NOT NULL DEFAULT ''"_s,
        u"ALTER TABLE sheets ADD COLUMN kind TEXT NOT NULL DEFAULT 'import'"_s,
        u"ALTER TABLE sheets ADD COLUMN historical_count INTEGER NOT NULL DEFAULT 0"_s,
        u"CREATE TABLE fx_rates ("
        "  id INTEGER PRIMARY KEY,"
        "  date TEXT NOT NULL,"
        "  base TEXT NOT NULL,"
        "  quote TEXT NOT NULL,"
        "  rate TEXT NOT NULL,"
        "  source_url TEXT NOT NULL,"
        "  notes TEXT NOT NULL DEFAULT '',"
        "  imported_at TEXT NOT NULL,"
        "  UNIQUE (date, base, quote))"_s,
    },
    // 2 -> 3: an offer's identity ignores case ("aws" is "AWS"), as the importer does.
    {
        u"CREATE UNIQUE INDEX offers_by_key_nocase ON offers"
        " (lower(provider), lower(sku), lower(region), price_model)"_s,
    },
    // 3 -> 4: the user's own throughput measurements (profile files, kept as given).
    {
        u"CREATE TABLE user_profile_files ("
        "  id INTEGER PRIMARY KEY,"
        "  name TEXT NOT NULL,"
        "  added_at TEXT NOT NULL,"
        "  content BLOB NOT NULL)"_s,
    },
    // 4 -> 5: a profile file can be set aside without removing it.
    {
        u"ALTER TABLE user_profile_files ADD COLUMN disabled INTEGER NOT NULL DEFAULT 0"_s,
    },
    // 5 -> 6: spot interruption bands fetched from a provider (the AWS Spot Instance Advisor), each
    // dated; the newest of an instance type and region replaces the shipped band.
    {
        u"CREATE TABLE spot_rates ("
        "  id INTEGER PRIMARY KEY,"
        "  provider TEXT NOT NULL,"
        "  instance_type TEXT NOT NULL,"
        "  region TEXT NOT NULL,"
        "  as_of TEXT NOT NULL,"
        "  band TEXT NOT NULL,"
        "  source_url TEXT NOT NULL,"
        "  imported_at TEXT NOT NULL,"
        "  UNIQUE (provider, instance_type, region, as_of))"_s,
    },
    // 6 -> 7: the team's negotiated discounts, overlays on the list prices (issue 39).
    {
        u"CREATE TABLE discounts ("
        "  id INTEGER PRIMARY KEY,"
        "  provider TEXT NOT NULL,"
        "  sku_pattern TEXT NOT NULL,"
        "  price_model TEXT NOT NULL DEFAULT '',"
        "  valid_from TEXT NOT NULL DEFAULT '',"
        "  valid_to TEXT NOT NULL DEFAULT '',"
        "  percent TEXT NOT NULL,"
        "  source TEXT NOT NULL,"
        "  entered_by TEXT NOT NULL,"
        "  entered_at TEXT NOT NULL)"_s,
    },
    // 7 -> 8: actual spend from a bill's FOCUS export, each charge with the file it came from (issue 40).
    {
        u"CREATE TABLE actuals ("
        "  id INTEGER PRIMARY KEY,"
        "  file_name TEXT NOT NULL,"
        "  file_sha256 TEXT NOT NULL,"
        "  imported_at TEXT NOT NULL,"
        "  line INTEGER NOT NULL,"
        "  provider TEXT NOT NULL,"
        "  sku TEXT NOT NULL,"
        "  region TEXT NOT NULL,"
        "  month TEXT NOT NULL,"
        "  effective_cost TEXT NOT NULL,"
        "  currency TEXT NOT NULL,"
        "  quantity TEXT NOT NULL,"
        "  unit TEXT NOT NULL)"_s,
        u"CREATE INDEX actuals_by_file ON actuals (file_sha256)"_s,
    },
    // 8 -> 9: vendors' quotes, ranked as offers while valid (issue 39).
    {
        u"CREATE TABLE quotes ("
        "  id INTEGER PRIMARY KEY,"
        "  vendor TEXT NOT NULL,"
        "  kind TEXT NOT NULL,"
        "  sku TEXT NOT NULL,"
        "  region TEXT NOT NULL DEFAULT '',"
        "  accelerator TEXT NOT NULL,"
        "  accelerator_count INTEGER NOT NULL,"
        "  price_model TEXT NOT NULL,"
        "  price TEXT NOT NULL,"
        "  currency TEXT NOT NULL,"
        "  valid_until TEXT NOT NULL,"
        "  min_term_months INTEGER NOT NULL DEFAULT 0,"
        "  min_instances INTEGER NOT NULL DEFAULT 0,"
        "  source TEXT NOT NULL,"
        "  entered_by TEXT NOT NULL,"
        "  entered_at TEXT NOT NULL)"_s,
    },
};

bool isPostgres(const QSqlDatabase &db)
{
    return db.driverName() == u"QPSQL"_s;
}

/// The steps are written once, in SQLite's dialect; PostgreSQL spells three things differently:
/// an auto-numbered key (SQLite's INTEGER PRIMARY KEY is the row id), and binary content.
QString forEngine(const QSqlDatabase &db, QString statement)
{
    if (!isPostgres(db))
        return statement;
    statement.replace(u"INTEGER PRIMARY KEY AUTOINCREMENT"_s, u"BIGSERIAL PRIMARY KEY"_s);
    statement.replace(u"INTEGER PRIMARY KEY"_s, u"BIGSERIAL PRIMARY KEY"_s);
    statement.replace(u" BLOB "_s, u" BYTEA "_s);
    return statement;
}

} // namespace

int version(const QSqlDatabase &db, QSqlError *why)
{
    QSqlQuery query(db);
    auto unreadable = [&] {
        if (why)
            *why = query.lastError();
        return -1;
    };
    if (isPostgres(db)) {
        // PostgreSQL has no user_version: the version is the one row of schema_version.
        if (!db.tables().contains(u"schema_version"_s))
            return 0;
        if (!query.exec(u"SELECT version FROM schema_version"_s))
            return unreadable();
        return query.next() ? query.value(0).toInt() : 0;
    }
    if (!query.exec(u"PRAGMA user_version"_s) || !query.next())
        return unreadable();
    return query.value(0).toInt();
}

Status migrate(QSqlDatabase &db)
{
    QSqlError why;
    const int from = version(db, &why);
    if (from < 0)
        return Error::internal(Tr::tr("cannot read the schema version: %1").arg(why.text()));
    if (from > kCurrentVersion) {
        return Error::badInput(Tr::tr("the database has schema version %1, newer than this Accelplan understands (%2); "
                                      "open it with a newer Accelplan or use another --db")
                                   .arg(from)
                                   .arg(kCurrentVersion));
    }
    QSqlQuery query(db);
    for (int step = from; step < kCurrentVersion; ++step) {
        for (const QString &statement : kSteps[step]) {
            if (!query.exec(forEngine(db, statement)))
                return Error::internal(Tr::tr("migrating the schema from version %1 to %2 failed: %3")
                                           .arg(step)
                                           .arg(step + 1)
                                           .arg(query.lastError().text()));
        }
    }
    if (from == kCurrentVersion)
        return Done{};
    bool recorded = false;
    if (isPostgres(db)) {
        recorded = query.exec(u"CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)"_s)
                   && query.exec(u"DELETE FROM schema_version"_s)
                   && query.exec(u"INSERT INTO schema_version (version) VALUES (%1)"_s.arg(kCurrentVersion));
    } else {
        recorded = query.exec(u"PRAGMA user_version = %1"_s.arg(kCurrentVersion));
    }
    if (!recorded)
        return Error::internal(Tr::tr("cannot record the schema version: %1").arg(query.lastError().text()));
    return Done{};
}

} // namespace accelplan::pricing::schema
