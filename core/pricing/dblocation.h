#pragma once

#include "core/common/diagnostic.h"

#include <QString>

namespace accelplan::pricing {

/// Where a price database lives: an SQLite file, or a PostgreSQL database named by a URL
/// `postgresql://USER@HOST:PORT/DBNAME` (`?host=/socket/dir` for a Unix socket). Anything that
/// does not start with `postgresql://` or `postgres://` is an SQLite path. A URL never carries a
/// password: libpq reads it from PGPASSWORD or ~/.pgpass.
struct DbLocation
{
    enum class Engine { Sqlite, Postgres };
    Engine engine = Engine::Sqlite;
    QString path;      ///< SQLite: the file
    QString user;      ///< PostgreSQL: empty = libpq's default (PGUSER, else the login name)
    QString host;      ///< a host name, or a socket folder (from ?host=)
    int port = -1;     ///< -1: libpq's default (5432)
    QString database;  ///< empty = libpq's default

    bool isPostgres() const { return engine == Engine::Postgres; }
    /// The location as a user writes it, without any password: the path, or the URL.
    QString display() const;
    /// A file name that stands for this location (for the local snapshot of a team database).
    QString snapshotName() const;

    /// Reads --db's value. A URL with a password, an unknown parameter or a bad port is refused
    /// with what to do instead.
    static Result<DbLocation> parse(const QString &text);
};

} // namespace accelplan::pricing
