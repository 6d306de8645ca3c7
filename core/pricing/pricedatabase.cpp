#include "core/pricing/pricedatabase.h"

#include "core/catalog/acceleratorcatalog.h"
#include "core/common/tr.h"
#include "core/pricing/pricesheetparser.h"
#include "core/pricing/schema.h"
#include "core/pricing/sqliteprices.h"
#include "core/pricing/sqlerror.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QSqlError>
#include <QSqlQuery>
#include <QStandardPaths>
#include <QStorageInfo>
#include <QUuid>
#include <QVariant>

using namespace Qt::StringLiterals;

namespace accelplan::pricing {

QString toString(SheetKind kind)
{
    switch (kind) {
    case SheetKind::Import: return u"import"_s;
    case SheetKind::Seed: return u"seed"_s;
    case SheetKind::Manual: return u"manual"_s;
    }
    return {};
}

namespace {

QVariant optionalDecimal(const std::optional<Decimal> &value)
{
    return value ? QVariant(value->toString()) : QVariant();
}

QVariant optionalInt(const std::optional<int> &value)
{
    return value ? QVariant(*value) : QVariant();
}

std::optional<Decimal> decimalFromColumn(const QVariant &value)
{
    if (value.isNull())
        return std::nullopt;
    return Decimal::parse(value.toString());
}

/// ORDER BY over an offer's prices p2 that puts its current price first: one not approximate
/// before an approximate one, then the latest effective, then the latest stored (as diffSheet
/// ranks them). The same SQL on SQLite and PostgreSQL.
QString currentPriceFirst()
{
    QStringList quoted;
    for (const QString &confidence : approximateConfidences())
        quoted.append(u'\'' + confidence + u'\'');
    return u"CASE WHEN p2.confidence IN ("_s + quoted.join(u", "_s)
           + u") THEN 1 ELSE 0 END, p2.effective_date DESC, p2.id DESC"_s;
}

} // namespace

PriceDatabase::PriceDatabase(DbLocation location, QString connectionName)
    : m_location(std::move(location)), m_connectionName(std::move(connectionName))
{}

PriceDatabase::~PriceDatabase()
{
    {
        QSqlDatabase db = QSqlDatabase::database(m_connectionName, false);
        db.close();
    }
    QSqlDatabase::removeDatabase(m_connectionName);
}

void PriceDatabase::swap(PriceDatabase &other) noexcept
{
    std::swap(m_location, other.m_location);
    std::swap(m_connectionName, other.m_connectionName);
    std::swap(m_inSeedTransaction, other.m_inSeedTransaction);
    std::swap(m_readOnly, other.m_readOnly);
}

QSqlDatabase PriceDatabase::database() const
{
    return QSqlDatabase::database(m_connectionName, false);
}

QString PriceDatabase::defaultPath()
{
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + u"/prices.sqlite"_s;
}

namespace {

/// What an SQLite failure on opening or setting up \a path means, in words a user can act on.
Error openError(const QString &path, const QSqlError &error)
{
    const QString text = error.text();
    const QString folder = QFileInfo(path).absolutePath();
    const QString code = error.nativeErrorCode();
    const QStorageInfo storage(folder);
    if (code == u"13"_s || text.contains(u"full"_s, Qt::CaseInsensitive)
        || (text.contains(u"I/O error"_s, Qt::CaseInsensitive) && storage.isValid() && storage.bytesAvailable() < 1 << 20))
        return Error::badInput(Tr::tr("cannot set up the database %1: the disk is full (%2 bytes free in %3); free some "
                                      "space or use another --db")
                                   .arg(path)
                                   .arg(storage.bytesAvailable())
                                   .arg(folder));
    if (code == u"8"_s || text.contains(u"readonly"_s, Qt::CaseInsensitive))
        return Error::badInput(Tr::tr("cannot write the database %1: it or its folder %2 is read-only").arg(path, folder));
    if (code == u"26"_s || text.contains(u"not a database"_s, Qt::CaseInsensitive))
        return Error::badInput(Tr::tr("%1 is not an SQLite database: %2").arg(path, text));
    if (code == u"5"_s || text.contains(u"locked"_s, Qt::CaseInsensitive))
        return Error::internal(Tr::tr("the database %1 is locked by another program: %2").arg(path, text));
    return Error::internal(Tr::tr("cannot open the database %1: %2").arg(path, text));
}

bool permissionDenied(const QSqlError &error)
{
    return error.nativeErrorCode() == u"42501"_s || error.text().contains(u"permission denied"_s, Qt::CaseInsensitive);
}

/// The key of the advisory lock that makes PostgreSQL writes exclusive, as BEGIN IMMEDIATE does
/// for SQLite ("ACPL" in ASCII).
constexpr qint64 kWriteLockKey = 0x4143504c;

} // namespace

Result<std::unique_ptr<PriceDatabase>> PriceDatabase::open(const QString &location,
                                                          const catalog::AcceleratorCatalog &catalog,
                                                          OpenOptions options)
{
    auto parsed = DbLocation::parse(location);
    if (!parsed)
        return parsed.error();
    if (parsed->isPostgres()) {
        if (options.readOnly)
            return Error::internal(Tr::tr("a team database is never opened read-only here; use its local snapshot"));
        return openPostgres(*parsed, catalog, options);
    }
    return openSqlite(*parsed, catalog, options);
}

Status PriceDatabase::setUp(const catalog::AcceleratorCatalog &catalog, bool seed, bool empty)
{
    QSqlDatabase db = database();
    Status done = schema::migrate(db);
    if (done && empty && seed) {
        m_inSeedTransaction = true;
        done = seedSheetsAndRates(catalog);
        m_inSeedTransaction = false;
        if (!done)
            done = Error::internal(Tr::tr("seeding the new database from the shipped data failed: %1")
                                       .arg(done.error().message));
    }
    return done;
}

Result<std::unique_ptr<PriceDatabase>> PriceDatabase::openSqlite(const DbLocation &location,
                                                                const catalog::AcceleratorCatalog &catalog,
                                                                OpenOptions options)
{
    const QString path = location.path;
    const QFileInfo info(path);
    if (info.exists() && info.isDir())
        return Error::badInput(Tr::tr("%1 is a folder, not a database file").arg(path));
    if (options.readOnly && !info.exists())
        return Error::badInput(Tr::tr("there is no database %1 to read").arg(path));
    if (!options.readOnly) {
        if (!QDir().mkpath(info.absolutePath()))
            return Error::badInput(Tr::tr("cannot create the folder %1").arg(info.absolutePath()));
        // SQLite writes its journal beside the file, so even a writable file needs a writable folder.
        if (!QFileInfo(info.absolutePath()).isWritable())
            return Error::badInput(
                Tr::tr("cannot use the database %1: the folder %2 is not writable").arg(path, info.absolutePath()));
    }

    // Whoever creates the file (O_EXCL) is the only one who may remove it after a failed set-up;
    // a file another process created is never removed.
    bool created = false;
    if (!info.exists()) {
        QFile file(path);
        created = file.open(QIODevice::WriteOnly | QIODevice::NewOnly);
        if (!created && !QFileInfo::exists(path))
            return Error::badInput(Tr::tr("cannot create the database %1: %2").arg(path, file.errorString()));
    }

    const QString connection = u"accelplan-prices-"_s + QUuid::createUuid().toString(QUuid::WithoutBraces);
    std::unique_ptr<PriceDatabase> database(new PriceDatabase(location, connection));
    database->m_readOnly = options.readOnly;
    QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, connection);
    QSqlQuery query(db);
    auto failed = [&](const Error &error) -> Error {
        query = QSqlQuery(); // no handle may outlive the connection the database removes
        db = QSqlDatabase();
        database.reset();
        if (created) {
            for (const QString &suffix : {QString(), u"-wal"_s, u"-shm"_s, u"-journal"_s})
                QFile::remove(path + suffix);
        }
        return error;
    };

    db.setDatabaseName(path);
    // Another process setting up or importing holds the write lock for a moment: wait for it.
    db.setConnectOptions(u"QSQLITE_BUSY_TIMEOUT=%1"_s.arg(kBusyTimeoutMs)
                         + (options.readOnly ? u";QSQLITE_OPEN_READONLY"_s : QString()));
    if (!db.open())
        return failed(openError(path, db.lastError()));
    query = QSqlQuery(db);
    auto tableCount = [&]() -> std::optional<int> {
        if (!query.exec(u"SELECT count(*) FROM sqlite_master"_s) || !query.next())
            return std::nullopt;
        const int count = query.value(0).toInt();
        query.finish();
        return count;
    };
    const auto tables = tableCount();
    if (!tables)
        return failed(openError(path, query.lastError()));
    if (*tables > 0 && schema::version(db) == 0)
        return failed(Error::badInput(Tr::tr("%1 is an SQLite database but not an Accelplan price database").arg(path)));
    if (options.readOnly) {
        if (schema::version(db) != schema::kCurrentVersion)
            return failed(Error::badInput(Tr::tr("%1 has schema version %2, not %3, and cannot be read")
                                              .arg(path)
                                              .arg(schema::version(db))
                                              .arg(schema::kCurrentVersion)));
        return database;
    }
    query.exec(options.walJournal ? u"PRAGMA journal_mode = WAL"_s : u"PRAGMA journal_mode = DELETE"_s);
    query.exec(u"PRAGMA synchronous = NORMAL"_s);
    query.exec(u"PRAGMA foreign_keys = ON"_s);
    // Large imports update several indexes; a 32 MiB page cache keeps them in memory.
    query.exec(u"PRAGMA cache_size = -32768"_s);

    if (*tables == 0 || schema::version(db) != schema::kCurrentVersion) {
        // Creating, migrating and seeding happen in one write transaction, checked again once
        // the lock is held: of several processes opening a new file at once, the first sets it
        // up and the others find it done.
        if (!query.exec(u"BEGIN IMMEDIATE"_s))
            return failed(openError(path, query.lastError()));
        const auto tablesNow = tableCount();
        Status setUp = tablesNow ? database->setUp(catalog, options.seed, *tablesNow == 0)
                                 : Status(openError(path, query.lastError()));
        if (!setUp) {
            query.exec(u"ROLLBACK"_s);
            return failed(setUp.error());
        }
        if (!query.exec(u"COMMIT"_s)) {
            const Error error = openError(path, query.lastError());
            query.exec(u"ROLLBACK"_s);
            return failed(error);
        }
    }
    return database;
}

Result<std::unique_ptr<PriceDatabase>> PriceDatabase::openPostgres(const DbLocation &location,
                                                                  const catalog::AcceleratorCatalog &catalog,
                                                                  OpenOptions options)
{
    const QString where = location.display();
    if (!QSqlDatabase::isDriverAvailable(u"QPSQL"_s))
        return Error::internal(Tr::tr("cannot connect to %1: Qt's PostgreSQL driver is not installed (Debian: "
                                      "libqt6sql6-psql; packaging/deps.sh installs it)")
                                   .arg(where));
    const QString connection = u"accelplan-prices-"_s + QUuid::createUuid().toString(QUuid::WithoutBraces);
    std::unique_ptr<PriceDatabase> database(new PriceDatabase(location, connection));
    QSqlDatabase db = QSqlDatabase::addDatabase(u"QPSQL"_s, connection);
    QSqlQuery query(db);
    auto failed = [&](const Error &error) -> Error {
        query = QSqlQuery();
        db = QSqlDatabase();
        database.reset();
        return error;
    };
    if (!location.host.isEmpty())
        db.setHostName(location.host);
    if (location.port > 0)
        db.setPort(location.port);
    if (!location.user.isEmpty())
        db.setUserName(location.user);
    db.setDatabaseName(location.database);
    // No password here: libpq reads PGPASSWORD or ~/.pgpass itself.
    db.setConnectOptions(u"connect_timeout=10;application_name=accelplan"_s);
    if (!db.open())
        return failed(Error::badInput(Tr::tr("cannot connect to the team database %1: %2 (check that the server runs, "
                                             "the URL, and the password in PGPASSWORD or ~/.pgpass)")
                                          .arg(where, db.lastError().text().trimmed())));
    query = QSqlQuery(db);
    const int version = schema::version(db);
    if (version < 0)
        return failed(Error::internal(Tr::tr("cannot read the schema version of %1: %2").arg(where, query.lastError().text())));
    if (version == 0 && db.tables().contains(u"sheets"_s))
        return failed(Error::badInput(Tr::tr("%1 holds tables but no Accelplan schema version").arg(where)));
    if (version != schema::kCurrentVersion) {
        // As with SQLite: one session sets the schema up; the others wait on the lock and find it done.
        if (!query.exec(u"BEGIN"_s) || !query.exec(u"SELECT pg_advisory_xact_lock(%1)"_s.arg(kWriteLockKey)))
            return failed(Error::internal(Tr::tr("cannot lock %1 to set it up: %2").arg(where, query.lastError().text())));
        const int versionNow = schema::version(db);
        Status setUp = versionNow == schema::kCurrentVersion
                           ? Status(Done{})
                           : database->setUp(catalog, options.seed, versionNow == 0);
        if (!setUp) {
            query.exec(u"ROLLBACK"_s);
            Error error = setUp.error();
            if (error.message.contains(u"permission denied"_s, Qt::CaseInsensitive))
                error = Error::badInput(Tr::tr("%1 needs its schema created or upgraded, which your role may not do (%2); "
                                               "ask a maintainer to open it once with this Accelplan")
                                            .arg(where, error.message));
            return failed(error);
        }
        if (!query.exec(u"COMMIT"_s))
            return failed(Error::internal(Tr::tr("setting up %1 failed: %2").arg(where, query.lastError().text())));
    }
    return database;
}

int PriceDatabase::schemaVersion() const
{
    return schema::version(database());
}

Status PriceDatabase::beginWrite()
{
    if (m_inSeedTransaction)
        return Done{};
    if (Status writable = checkWritable(); !writable)
        return writable;
    QSqlQuery query(database());
    const bool begun = m_location.isPostgres()
                           ? query.exec(u"BEGIN"_s)
                                 && query.exec(u"SELECT pg_advisory_xact_lock(%1)"_s.arg(kWriteLockKey))
                           : query.exec(u"BEGIN IMMEDIATE"_s);
    if (begun)
        return Done{};
    const Error error = writeError(Tr::tr("cannot start a write transaction"), query);
    if (m_location.isPostgres())
        QSqlQuery(database()).exec(u"ROLLBACK"_s);
    return error;
}

Status PriceDatabase::commitWrite()
{
    if (m_inSeedTransaction)
        return Done{};
    QSqlQuery query(database());
    if (query.exec(u"COMMIT"_s))
        return Done{};
    return writeError(Tr::tr("committing"), query);
}

void PriceDatabase::rollbackWrite()
{
    if (!m_inSeedTransaction)
        QSqlQuery(database()).exec(u"ROLLBACK"_s);
}

Status PriceDatabase::checkWritable() const
{
    if (m_readOnly)
        return Error::badInput(Tr::tr("%1 is a read-only snapshot of a team database; connect to the team database "
                                      "to change prices")
                                   .arg(path()));
    return Done{};
}

Error PriceDatabase::writeError(const QString &what, const QSqlQuery &query) const
{
    const QSqlError error = query.lastError();
    if (m_location.isPostgres() && permissionDenied(error)) {
        // The server's first line names the privilege: "ERROR:  permission denied for table sheets".
        QString denied = error.databaseText().section(u'\n', 0, 0).trimmed();
        if (denied.startsWith(u"ERROR:"_s))
            denied = denied.mid(6).trimmed();
        return Error::badInput(Tr::tr("%1: your role may read %2 but not change it (%3); nothing was written. A "
                                      "maintainer can grant the role accelplan_maintainer (packaging/postgresql/roles.sql)")
                                   .arg(what, path(), denied));
    }
    return sqlError(what, query);
}

Status PriceDatabase::seedSheetsAndRates(const catalog::AcceleratorCatalog &catalog)
{
    const PriceSheetParser parser(catalog, QDate::currentDate());
    QDir dir(u":/data/prices"_s);
    const QStringList files = dir.entryList({u"*.csv"_s, u"*.json"_s}, QDir::Files, QDir::Name);
    if (files.isEmpty())
        return Error::internal(Tr::tr("no shipped price sheets in the build"));
    for (const QString &file : files) {
        const QString shippedName = u"data/prices/"_s + file;
        ParsedSheet sheet = parser.parseFile(dir.filePath(file));
        sheet.fileName = shippedName;
        if (!sheet.ok()) {
            QStringList errors;
            for (const Diagnostic &d : std::as_const(sheet.diagnostics))
                errors.append(d.toString());
            return Error::internal(errors.join(u'\n'));
        }
        const auto imported = importSheet(sheet, Tr::tr("Shipped prices: %1").arg(file),
                                          u"accelplan:"_s + shippedName, false, SheetKind::Seed);
        if (!imported)
            return imported.error();
    }
    QFile fx(u":/data/fx/rates.csv"_s);
    if (!fx.open(QIODevice::ReadOnly))
        return Error::internal(Tr::tr("the shipped exchange rates are missing from the build"));
    const auto rates = FxTable::parse(&fx, u"data/fx/rates.csv"_s);
    if (!rates)
        return rates.error();
    const auto imported = importFxRates(*rates, false);
    if (!imported)
        return imported.error();
    return Done{};
}

Result<ImportSummary> PriceDatabase::importSheet(const ParsedSheet &sheet, const QString &name, const QString &source,
                                                 bool dryRun, SheetKind kind)
{
    if (!sheet.ok()) {
        Diagnostics errors;
        for (const Diagnostic &d : sheet.diagnostics) {
            if (d.severity == Diagnostic::Severity::Error)
                errors.append(d);
        }
        return Error::badInput(Tr::tr("%1: %n error(s); nothing was imported", nullptr, int(errors.size()))
                                   .arg(sheet.fileName),
                               errors);
    }
    QSqlDatabase db = database();
    QSqlQuery query(db);
    query.setForwardOnly(true);

    // An import looks for the same file and diffs against the stored offers inside its exclusive
    // write transaction: of two imports of one file at once, the second waits and finds the first.
    if (!dryRun) {
        if (Status begun = beginWrite(); !begun)
            return begun.error();
    }
    auto fail = [&](const Error &error) {
        query.finish();
        if (!dryRun)
            rollbackWrite();
        return error;
    };

    ImportSummary summary;
    summary.rowCount = int(sheet.records.size());
    query.prepare(u"SELECT id FROM sheets WHERE file_hash = ? ORDER BY id LIMIT 1"_s);
    query.addBindValue(QString::fromLatin1(sheet.sha256));
    if (!query.exec())
        return fail(sqlError(Tr::tr("looking up earlier sheets"), query));
    if (query.next()) {
        summary.alreadyImportedAs = query.value(0).toLongLong();
        query.finish();
        if (!dryRun)
            rollbackWrite();
        return summary;
    }

    QHash<OfferKey, StoredOffer> stored;
    if (!query.exec(u"SELECT o.id, o.provider, o.sku, o.region, o.price_model, o.offer_kind, o.accelerator,"
                    " o.accelerator_count, o.vcpus, o.ram_gb, p.price, p.currency, p.unit, p.effective_date,"
                    " p.confidence FROM offers o LEFT JOIN prices p ON p.id = (SELECT p2.id FROM prices p2"
                    " WHERE p2.offer_id = o.id ORDER BY "_s
                    + currentPriceFirst() + u" LIMIT 1)"_s))
        return fail(sqlError(Tr::tr("reading the stored offers"), query));
    while (query.next()) {
        const auto model = priceModelFromString(query.value(4).toString());
        if (!model)
            continue;
        StoredOffer offer{query.value(0).toLongLong(), query.value(5).toString(), query.value(6).toString(),
                          query.value(7).toInt(), query.value(8), query.value(9),
                          query.value(10).toString(), query.value(11).toString(), query.value(12).toString(),
                          QDate::fromString(query.value(13).toString(), Qt::ISODate), query.value(14).toString()};
        stored.insert(OfferKey{query.value(1).toString(), query.value(2).toString(), query.value(3).toString(), *model},
                      offer);
    }
    query.finish();

    diffSheet(sheet.records, stored, &summary);
    if (dryRun)
        return summary;

    auto failWrite = [&](const QString &what, const QSqlQuery &q) { return fail(writeError(what, q)); };

    query.prepare(u"INSERT INTO sheets (name, source, imported_at, file_hash, row_count, added_count, changed_count,"
                  " unchanged_count, historical_count, kind) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"_s);
    for (const QVariant &v : {QVariant(name), QVariant(source),
                              QVariant(QDateTime::currentDateTimeUtc().toString(Qt::ISODate)),
                              QVariant(QString::fromLatin1(sheet.sha256)), QVariant(summary.rowCount),
                              QVariant(summary.added), QVariant(summary.changed), QVariant(summary.unchanged),
                              QVariant(summary.historical), QVariant(toString(kind))})
        query.addBindValue(v);
    if (!query.exec())
        return failWrite(Tr::tr("recording the sheet"), query);
    const qint64 sheetId = query.lastInsertId().toLongLong();

    QSqlQuery insertOffer(db);
    insertOffer.prepare(u"INSERT INTO offers (provider, sku, region, price_model, offer_kind, accelerator,"
                        " accelerator_count, vcpus, ram_gb) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"_s);
    QSqlQuery updateOffer(db);
    updateOffer.prepare(u"UPDATE offers SET offer_kind = ?, accelerator = ?, accelerator_count = ?, vcpus = ?,"
                        " ram_gb = ? WHERE id = ?"_s);
    QSqlQuery insertPrice(db);
    insertPrice.prepare(u"INSERT INTO prices (offer_id, sheet_id, sheet_line, price, currency, unit, effective_date,"
                        " as_of, setup_fee, source_url, confidence, notes)"
                        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, coalesce(?, ''), coalesce(?, ''), coalesce(?, ''))"_s);

    for (qsizetype i = 0; i < sheet.records.size(); ++i) {
        const PriceRecord &r = sheet.records[i];
        const PriceChange::Kind changeKind = summary.changes[i].kind;
        qint64 offerId = 0;
        if (changeKind == PriceChange::Kind::Added) {
            insertOffer.bindValue(0, r.key.provider);
            insertOffer.bindValue(1, r.key.sku);
            insertOffer.bindValue(2, r.key.region);
            insertOffer.bindValue(3, toString(r.key.priceModel));
            insertOffer.bindValue(4, toString(r.offerKind));
            insertOffer.bindValue(5, r.accelerator);
            insertOffer.bindValue(6, r.acceleratorCount);
            insertOffer.bindValue(7, optionalInt(r.vcpus));
            insertOffer.bindValue(8, optionalDecimal(r.ramGb));
            if (!insertOffer.exec())
                return failWrite(Tr::tr("adding an offer"), insertOffer);
            offerId = insertOffer.lastInsertId().toLongLong();
        } else {
            offerId = stored.value(r.key).id;
            if (changeKind != PriceChange::Kind::Historical) {
                updateOffer.bindValue(0, toString(r.offerKind));
                updateOffer.bindValue(1, r.accelerator);
                updateOffer.bindValue(2, r.acceleratorCount);
                updateOffer.bindValue(3, optionalInt(r.vcpus));
                updateOffer.bindValue(4, optionalDecimal(r.ramGb));
                updateOffer.bindValue(5, offerId);
                if (!updateOffer.exec())
                    return failWrite(Tr::tr("updating an offer"), updateOffer);
            }
        }
        insertPrice.bindValue(0, offerId);
        insertPrice.bindValue(1, sheetId);
        insertPrice.bindValue(2, r.sheetLine);
        insertPrice.bindValue(3, r.price.toString());
        insertPrice.bindValue(4, r.currency);
        insertPrice.bindValue(5, toString(r.unit));
        insertPrice.bindValue(6, r.effectiveDate.toString(Qt::ISODate));
        insertPrice.bindValue(7, r.asOf.isValid() ? QVariant(r.asOf.toString(Qt::ISODate)) : QVariant());
        insertPrice.bindValue(8, optionalDecimal(r.setupFee));
        insertPrice.bindValue(9, r.sourceUrl);
        insertPrice.bindValue(10, r.confidence);
        insertPrice.bindValue(11, r.notes);
        if (!insertPrice.exec())
            return failWrite(Tr::tr("adding a price"), insertPrice);
    }
    if (Status committed = commitWrite(); !committed)
        return fail(committed.error());
    summary.sheetId = sheetId;
    return summary;
}

Result<QList<PriceRecord>> PriceDatabase::selectPrices(const QString &joinAndWhere, const QVariantList &bindings,
                                                       const QString &orderBy, bool withNotes) const
{
    const QString sql = u"SELECT o.provider, o.sku, o.region, o.price_model, o.offer_kind, o.accelerator, o.accelerator_count,"
                        " o.vcpus, o.ram_gb, p.price, p.currency, p.unit, p.effective_date, p.as_of, p.setup_fee,"
                        " p.source_url, p.confidence, "_s
                        + (withNotes ? u"p.notes"_s : u"''"_s) + u", p.sheet_id, p.sheet_line FROM offers o "_s + joinAndWhere
                        + u" ORDER BY "_s + orderBy;
    if (auto read = readPricesFromSqlite(database(), path(), sql, bindings))
        return std::move(*read);
    QSqlQuery query(database());
    query.setForwardOnly(true);
    // A prepare that fails (a damaged database: a table missing) says why; exec would only say
    // "Parameter count mismatch".
    if (!query.prepare(sql))
        return damagedDatabase(path(), query.lastError().text());
    for (const QVariant &v : bindings)
        query.addBindValue(v);
    if (!query.exec())
        return sqlError(Tr::tr("reading prices"), query);
    QList<PriceRecord> records;
    while (query.next()) {
        PriceRecord r;
        r.key.provider = query.value(0).toString();
        r.key.sku = query.value(1).toString();
        r.key.region = query.value(2).toString();
        r.key.priceModel = priceModelFromString(query.value(3).toString()).value_or(PriceModel::OnDemand);
        r.offerKind = offerKindFromString(query.value(4).toString()).value_or(OfferKind::CloudVm);
        r.accelerator = query.value(5).toString();
        r.acceleratorCount = query.value(6).toInt();
        if (!query.value(7).isNull())
            r.vcpus = query.value(7).toInt();
        r.ramGb = decimalFromColumn(query.value(8));
        r.price = Decimal::parse(query.value(9).toString()).value_or(Decimal());
        r.currency = query.value(10).toString();
        r.unit = priceUnitFromString(query.value(11).toString()).value_or(PriceUnit::Hour);
        r.effectiveDate = QDate::fromString(query.value(12).toString(), Qt::ISODate);
        r.asOf = QDate::fromString(query.value(13).toString(), Qt::ISODate);
        r.setupFee = decimalFromColumn(query.value(14));
        r.sourceUrl = query.value(15).toString();
        r.confidence = query.value(16).toString();
        r.notes = query.value(17).toString();
        r.sheetId = query.value(18).toLongLong();
        r.sheetLine = query.value(19).toInt();
        records.append(std::move(r));
    }
    return records;
}

Result<QList<PriceRecord>> PriceDatabase::prices(const OfferFilter &filter) const
{
    QString sql;
    QVariantList bindings;
    if (filter.sheetId > 0) {
        sql = u"JOIN prices p ON p.offer_id = o.id WHERE p.sheet_id = ?"_s;
        bindings.append(filter.sheetId);
    } else {
        const QDate asOf = filter.asOf.isValid() ? filter.asOf : QDate::currentDate();
        sql = u"JOIN prices p ON p.id = (SELECT p2.id FROM prices p2 WHERE p2.offer_id = o.id"
              " AND p2.effective_date <= ? ORDER BY "_s
              + currentPriceFirst() + u" LIMIT 1) WHERE 1 = 1"_s;
        bindings.append(asOf.toString(Qt::ISODate));
    }
    if (!filter.provider.isEmpty()) {
        sql += u" AND lower(o.provider) = lower(?)"_s;
        bindings.append(filter.provider);
    }
    if (!filter.accelerator.isEmpty()) {
        sql += u" AND o.accelerator = ?"_s;
        bindings.append(filter.accelerator);
    }
    if (!filter.region.isEmpty()) {
        sql += u" AND lower(o.region) = lower(?)"_s;
        bindings.append(filter.region);
    }
    if (filter.kind) {
        sql += u" AND o.offer_kind = ?"_s;
        bindings.append(toString(*filter.kind));
    }
    if (filter.priceModel) {
        sql += u" AND o.price_model = ?"_s;
        bindings.append(toString(*filter.priceModel));
    }
    return selectPrices(sql, bindings, u"o.provider, o.sku, o.region, o.price_model"_s, filter.withNotes);
}

Result<QList<PriceRecord>> PriceDatabase::history(const QString &sku, const QString &provider,
                                                  const QString &region) const
{
    QString sql = u"JOIN prices p ON p.offer_id = o.id WHERE lower(o.sku) = lower(?)"_s;
    QVariantList bindings{sku};
    if (!provider.isEmpty()) {
        sql += u" AND lower(o.provider) = lower(?)"_s;
        bindings.append(provider);
    }
    if (!region.isEmpty()) {
        sql += u" AND lower(o.region) = lower(?)"_s;
        bindings.append(region);
    }
    return selectPrices(sql, bindings, u"o.provider, o.region, o.price_model, p.effective_date, p.id"_s);
}

Result<QList<SheetInfo>> PriceDatabase::sheets() const
{
    QSqlQuery query(database());
    if (!query.exec(u"SELECT id, name, source, kind, imported_at, file_hash, row_count, added_count, changed_count,"
                    " unchanged_count, historical_count FROM sheets ORDER BY id"_s))
        return sqlError(Tr::tr("reading sheets"), query);
    QList<SheetInfo> sheets;
    while (query.next()) {
        SheetInfo s;
        s.id = query.value(0).toLongLong();
        s.name = query.value(1).toString();
        s.source = query.value(2).toString();
        s.kind = query.value(3).toString();
        s.importedAt = QDateTime::fromString(query.value(4).toString(), Qt::ISODate);
        s.fileHash = query.value(5).toString();
        s.rowCount = query.value(6).toInt();
        s.addedCount = query.value(7).toInt();
        s.changedCount = query.value(8).toInt();
        s.unchangedCount = query.value(9).toInt();
        s.historicalCount = query.value(10).toInt();
        sheets.append(s);
    }
    return sheets;
}

Result<int> PriceDatabase::pricesEffectiveAfter(QDate date) const
{
    QSqlQuery query(database());
    query.prepare(u"SELECT count(*) FROM prices WHERE effective_date > ?"_s);
    query.addBindValue(date.toString(Qt::ISODate));
    if (!query.exec() || !query.next())
        return sqlError(Tr::tr("counting scheduled prices"), query);
    return query.value(0).toInt();
}

QDate PriceDatabase::pricesAsOf() const
{
    QSqlQuery query(database());
    query.prepare(u"SELECT max(coalesce(as_of, effective_date)) FROM prices WHERE effective_date <= ?"_s);
    query.addBindValue(QDate::currentDate().toString(Qt::ISODate));
    if (!query.exec() || !query.next())
        return {};
    return QDate::fromString(query.value(0).toString(), Qt::ISODate);
}

} // namespace accelplan::pricing
