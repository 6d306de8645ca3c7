#pragma once

#include "core/common/diagnostic.h"

#include <QSqlDatabase>
#include <QSqlError>

namespace accelplan::pricing::schema {

/// The schema version this build writes (SQLite: PRAGMA user_version; PostgreSQL: the one row of
/// the schema_version table). Both engines get the same tables from the same steps.
constexpr int kCurrentVersion = 9;

/// Brings an open database from its user_version to kCurrentVersion; a brand-new database
/// (version 0) is created by the same steps. Runs inside the caller's write transaction (BEGIN
/// IMMEDIATE, see PriceDatabase::open), which rolls everything back on failure. A database newer
/// than this build is refused.
Status migrate(QSqlDatabase &db);

/// The schema version of an open database (0: none yet; -1: unreadable, and \a why, when given,
/// says why in the driver's words).
int version(const QSqlDatabase &db, QSqlError *why = nullptr);

} // namespace accelplan::pricing::schema
