#pragma once

#include "core/common/diagnostic.h"

#include <QSqlDatabase>

namespace accelplan::pricing::schema {

/// The schema version this build writes (PRAGMA user_version).
constexpr int kCurrentVersion = 4;

/// Brings an open database from its user_version to kCurrentVersion; a brand-new database
/// (version 0) is created by the same steps. Runs inside the caller's write transaction (BEGIN
/// IMMEDIATE, see PriceDatabase::open), which rolls everything back on failure. A database newer
/// than this build is refused.
Status migrate(QSqlDatabase &db);

/// The user_version of an open database.
int version(const QSqlDatabase &db);

} // namespace accelplan::pricing::schema
