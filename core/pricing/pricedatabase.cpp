#include "core/pricing/pricedatabase.h"

#include "core/catalog/acceleratorcatalog.h"
#include "core/common/tr.h"
#include "core/pricing/pricesheetparser.h"
#include "core/pricing/schema.h"
#include "core/pricing/serverwatch.h"
#include "core/pricing/sqliteprices.h"
#include "core/pricing/sqlerror.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QSqlDriver>
#include <QSqlError>
#include <QSqlQuery>
#include <QStandardPaths>
#include <QStorageInfo>
#include <QUuid>
#include <QVariant>

#include <libpq-fe.h>

#include <cmath>
#include <optional>

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

PriceDatabase::PriceDatabase(DbLocation location, QString connectionName)
    : m_location(std::move(location)), m_connectionName(std::move(connectionName))
{}

PriceDatabase::~PriceDatabase()
{
    m_watch.reset();
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
    std::swap(m_watch, other.m_watch);
    std::swap(m_writeWait, other.m_writeWait);
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

/// Seconds from the environment variable \a name (a positive number), else \a fallback.
std::chrono::milliseconds secondsSetting(const char *name, int fallback)
{
    bool ok = false;
    const double seconds = qEnvironmentVariable(name).toDouble(&ok);
    if (!ok || !std::isfinite(seconds) || seconds <= 0 || seconds > 86'400)
        return std::chrono::seconds(fallback);
    return std::chrono::milliseconds(qint64(seconds * 1000));
}

QString inSeconds(std::chrono::milliseconds duration)
{
    return QString::number(double(duration.count()) / 1000.0, 'g', 6);
}

/// How long each try for the write lock waits before the wait is checked for an interrupt.
constexpr std::chrono::milliseconds kLockSlice{200};

} // namespace

std::chrono::milliseconds PriceDatabase::writeLockTimeout()
{
    return secondsSetting("ACCELPLAN_LOCK_TIMEOUT", kWriteLockTimeoutSeconds);
}

std::chrono::milliseconds PriceDatabase::serverTimeout()
{
    return secondsSetting("ACCELPLAN_DB_TIMEOUT", kServerTimeoutSeconds);
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

/// The key of the advisory lock that makes setting up a new PostgreSQL database exclusive (there
/// is no table to lock yet; "ACPL" in ASCII). Imports lock a table instead (beginWrite).
constexpr qint64 kSetUpLockKey = 0x4143504c;

/// libpq's connection under a QPSQL connection; null for any other driver.
PGconn *postgresConnection(const QSqlDatabase &db)
{
    // Qt 6 names the handle's type by the struct behind the typedef ("pg_conn*").
    if (!db.driver() || db.driver()->dbmsType() != QSqlDriver::PostgreSQL)
        return nullptr;
    const QVariant handle = db.driver()->handle();
    if (!handle.isValid() || (qstrcmp(handle.typeName(), "PGconn*") != 0 && qstrcmp(handle.typeName(), "pg_conn*") != 0))
        return nullptr;
    return *static_cast<PGconn *const *>(handle.data());
}

/// The server's first line of an error ("ERROR:  permission denied for table sheets").
QString serverLine(const QSqlError &error)
{
    QString line = error.databaseText().section(u'\n', 0, 0).trimmed();
    if (line.startsWith(u"ERROR:"_s))
        line = line.mid(6).trimmed();
    return line;
}

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
    // The watch's scope ends before the database that owns the watch goes.
    std::optional<ServerWatch::Scope> watching;
    auto failed = [&](const Error &error) -> Error {
        watching.reset();
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
    // No password here: libpq reads PGPASSWORD or ~/.pgpass itself. A server that accepts the
    // connection but never answers is given up after the timeout (libpq counts whole seconds,
    // at least 2); on TCP, keepalives and tcp_user_timeout notice a peer that went away.
    const std::chrono::milliseconds limit = serverTimeout();
    const qint64 limitSeconds = std::max<qint64>(2, (limit.count() + 999) / 1000);
    const qint64 idleSeconds = std::max<qint64>(1, limitSeconds / 3);
    db.setConnectOptions(u"connect_timeout=%1;application_name=accelplan;keepalives=1;keepalives_idle=%2;"
                         "keepalives_interval=%2;keepalives_count=3;tcp_user_timeout=%3"_s
                             .arg(limitSeconds)
                             .arg(idleSeconds)
                             .arg(limit.count()));
    if (!db.open()) {
        const QSqlError error = db.lastError();
        if (error.text().contains(u"timeout expired"_s))
            return failed(Error::badInput(Tr::tr("cannot connect to the team database: the database server %1 did not "
                                                 "answer within %2 s (check that the server runs and the network "
                                                 "reaches it)")
                                              .arg(where)
                                              .arg(limitSeconds)));
        return failed(Error::badInput(Tr::tr("cannot connect to the team database %1: %2 (check that the server runs, "
                                             "the URL, and the password in PGPASSWORD or ~/.pgpass)")
                                          .arg(where, error.text().trimmed())));
    }
    if (PGconn *connection = postgresConnection(db))
        database->m_watch = std::make_unique<ServerWatch>(PQsocket(connection), limit);
    watching.emplace(database->m_watch.get());
    query = QSqlQuery(db);
    // The server also ends a statement that runs too long (one waiting on a lock someone else holds).
    if (!query.exec(u"SET statement_timeout = %1"_s.arg(limit.count())))
        return failed(database->readError(Tr::tr("cannot set up the connection to %1").arg(where), query));
    QSqlError versionError;
    const int version = schema::version(db, &versionError);
    if (version < 0)
        return failed(database->failure(Tr::tr("cannot read the schema version of %1").arg(where), versionError, false));
    if (version == 0 && db.tables().contains(u"sheets"_s))
        return failed(Error::badInput(Tr::tr("%1 holds tables but no Accelplan schema version").arg(where)));
    if (version != schema::kCurrentVersion) {
        // As with SQLite: one session sets the schema up; the others wait on the lock and find it done.
        const bool locked = query.exec(u"BEGIN"_s)
                            && query.exec(u"SET LOCAL lock_timeout = %1"_s.arg(writeLockTimeout().count()))
                            && query.exec(u"SELECT pg_advisory_xact_lock(%1)"_s.arg(kSetUpLockKey))
                            && query.exec(u"SET LOCAL lock_timeout = DEFAULT"_s);
        if (!locked)
            return failed(database->readError(Tr::tr("cannot lock %1 to set it up").arg(where), query));
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
            return failed(database->writeError(Tr::tr("setting up %1").arg(where), query));
    }
    return database;
}

int PriceDatabase::schemaVersion() const
{
    const ServerWatch::Scope watching(m_watch.get());
    return schema::version(database());
}

Status PriceDatabase::beginWrite(const QString &table)
{
    if (m_inSeedTransaction)
        return Done{};
    if (Status writable = checkWritable(); !writable)
        return writable;
    const ServerWatch::Scope watching(m_watch.get());
    QSqlDatabase db = database();
    QSqlQuery query(db);
    const bool postgres = m_location.isPostgres();
    // Tries that each wait a slice, so that an interrupt is seen and the wait has an end.
    if (!postgres)
        query.exec(u"PRAGMA busy_timeout = %1"_s.arg(kLockSlice.count()));
    auto restore = [&] {
        if (!postgres)
            QSqlQuery(db).exec(u"PRAGMA busy_timeout = %1"_s.arg(kBusyTimeoutMs));
    };
    const std::chrono::milliseconds limit = writeLockTimeout();
    QElapsedTimer waited;
    waited.start();
    bool told = false;
    for (;;) {
        // PostgreSQL: EXCLUSIVE mode lets readers read and needs UPDATE on the table, which only
        // maintainers have: no reader can hold imports up (an advisory lock anyone could take).
        const bool begun = postgres ? query.exec(u"BEGIN"_s)
                                          && query.exec(u"SET LOCAL lock_timeout = %1"_s.arg(kLockSlice.count()))
                                          && query.exec(u"LOCK TABLE %1 IN EXCLUSIVE MODE"_s.arg(table))
                                          && query.exec(u"SET LOCAL lock_timeout = DEFAULT"_s)
                                    : query.exec(u"BEGIN IMMEDIATE"_s);
        if (begun) {
            restore();
            return Done{};
        }
        const QSqlError error = query.lastError();
        // SQLITE_BUSY; PostgreSQL lock_not_available.
        const bool busy = postgres ? error.nativeErrorCode() == u"55P03"_s : error.nativeErrorCode() == u"5"_s;
        if (postgres)
            QSqlQuery(db).exec(u"ROLLBACK"_s);
        if (!busy) {
            restore();
            return failure(Tr::tr("cannot start a write transaction"), error, true);
        }
        watching.touch();
        if (!told) {
            told = true;
            if (m_writeWait.waiting)
                m_writeWait.waiting(Tr::tr("waiting for another import to finish on %1 (at most %2 s)")
                                        .arg(path(), inSeconds(limit)));
        }
        if (m_writeWait.cancelled && m_writeWait.cancelled()) {
            restore();
            return Error::interrupted(Tr::tr("interrupted while waiting for another import to finish on %1; nothing "
                                             "was written")
                                          .arg(path()));
        }
        if (std::chrono::milliseconds(waited.elapsed()) >= limit) {
            restore();
            return Error::badInput(Tr::tr("another import kept %1 locked: gave up after %2 s; nothing was written "
                                          "(try again once it has finished; ACCELPLAN_LOCK_TIMEOUT sets the wait in "
                                          "seconds)")
                                       .arg(path(), inSeconds(limit)));
        }
    }
}

Status PriceDatabase::commitWrite()
{
    if (m_inSeedTransaction)
        return Done{};
    QSqlQuery query(database());
    const ServerWatch::Scope watching(m_watch.get());
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
    return failure(what, query.lastError(), true);
}

Error PriceDatabase::readError(const QString &what, const QSqlQuery &query) const
{
    return failure(what, query.lastError(), false);
}

bool PriceDatabase::connectionLost() const
{
    if (m_watch && m_watch->expired())
        return true;
    PGconn *connection = postgresConnection(database());
    return connection && PQstatus(connection) == CONNECTION_BAD;
}

Error PriceDatabase::failure(const QString &what, const QSqlError &error, bool write) const
{
    const QString code = error.nativeErrorCode();
    const QString text = error.text().trimmed();
    const QString nothingWritten = write ? Tr::tr("; nothing was written") : QString();
    if (m_location.isPostgres()) {
        // 57014: the server's statement_timeout ended the statement.
        if ((m_watch && m_watch->expired()) || code == u"57014"_s)
            return Error::badInput(Tr::tr("%1: the database server %2 did not answer within %3 s%4")
                                       .arg(what, path(), inSeconds(serverTimeout()), nothingWritten));
        if (permissionDenied(error)) {
            // The server's first line names the privilege: "permission denied for table sheets".
            if (write)
                return Error::badInput(Tr::tr("%1: your role may read %2 but not change it (%3); nothing was written. "
                                              "A maintainer can grant the role accelplan_maintainer "
                                              "(packaging/postgresql/roles.sql)")
                                           .arg(what, path(), serverLine(error)));
            return Error::badInput(Tr::tr("%1: your role may not read it (%2). A maintainer can grant the role "
                                          "accelplan_reader (packaging/postgresql/roles.sql)")
                                       .arg(what, serverLine(error)));
        }
        if (code == u"53100"_s)
            return Error::badInput(Tr::tr("%1: the disk holding %2 on the server is full%3 (%4)")
                                       .arg(what, path(), write ? Tr::tr("; nothing was written") : QString(),
                                            serverLine(error)));
        if (code == u"25006"_s)
            return Error::badInput(Tr::tr("%1: the database server %2 accepts no writes (%3)%4")
                                       .arg(what, path(), serverLine(error), nothingWritten));
        if (connectionLost())
            return Error::badInput(Tr::tr("%1: the connection to the database server %2 was lost (%3)%4")
                                       .arg(what, path(), text.isEmpty() ? Tr::tr("no reason given") : text,
                                            nothingWritten));
    } else {
        const QString folder = QFileInfo(path()).absolutePath();
        const QStorageInfo storage(folder);
        // SQLITE_FULL; SQLITE_IOERR on a disk with (nearly) no room left.
        if (code == u"13"_s || text.contains(u"database or disk is full"_s)
            || (code == u"10"_s && storage.isValid() && storage.bytesAvailable() < 1 << 20))
            return Error::badInput(Tr::tr("%1: the disk holding %2 is full; nothing was written (%3 bytes free in "
                                          "%4)")
                                       .arg(what, path())
                                       .arg(storage.bytesAvailable())
                                       .arg(folder));
        // SQLITE_READONLY
        if (code == u"8"_s || text.contains(u"readonly database"_s))
            return Error::badInput(Tr::tr("%1: the database %2 is read-only; nothing was written (make the file "
                                          "writable, or use another --db)")
                                       .arg(what, path()));
    }
    // Never an empty reason: the driver's text, either half of it, else what is known.
    QString reason = text;
    if (reason.isEmpty())
        reason = error.databaseText().trimmed();
    if (reason.isEmpty())
        reason = error.driverText().trimmed();
    if (reason.isEmpty())
        reason = Tr::tr("the driver gave no reason (error code %1)").arg(code.isEmpty() ? Tr::tr("none") : code);
    return Error::internal(Tr::tr("%1: %2").arg(what, reason));
}

} // namespace accelplan::pricing
