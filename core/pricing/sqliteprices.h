#pragma once

#include "core/common/diagnostic.h"
#include "core/pricing/pricetypes.h"

#include <QList>
#include <QSqlDatabase>
#include <QString>
#include <QVariantList>

#include <optional>

namespace accelplan::pricing {

/// Runs a prices SELECT (PriceDatabase::selectPrices' twenty columns, in its order) on the SQLite
/// connection behind \a db through SQLite's own interface, the handle Qt's driver exposes
/// (QSqlDriver::handle()): UTF-8 as stored, each repeated text (providers, regions, SKUs, sources,
/// dates) converted once and shared. Qt's driver converts every text column of every row to UTF-16
/// and a QVariant first: two thirds of loading 17,000 prices.
/// nullopt when \a db is not an SQLite connection (the caller reads it through QSqlQuery);
/// \a path names the database in errors.
std::optional<Result<QList<PriceRecord>>> readPricesFromSqlite(const QSqlDatabase &db, const QString &path,
                                                                const QString &sql, const QVariantList &bindings);

} // namespace accelplan::pricing
