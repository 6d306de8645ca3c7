#pragma once

#include "core/common/diagnostic.h"
#include "core/pricing/dblocation.h"

#include <QDateTime>
#include <QString>

namespace accelplan::catalog {
class AcceleratorCatalog;
}

namespace accelplan::pricing {

class PriceDatabase;

/// The local snapshot of a team database: an SQLite copy the window falls back to, read-only,
/// when the server cannot be reached. It lives under AppDataLocation/snapshots.
QString snapshotPath(const DbLocation &team);

/// Refreshes the snapshot of \a team (a PostgreSQL database): copied into a new file beside the
/// old one and renamed over it only when complete, so a failed refresh keeps the last snapshot.
Status refreshSnapshot(const PriceDatabase &team, const catalog::AcceleratorCatalog &catalog);

/// When the snapshot of \a team was last refreshed; invalid when there is none.
QDateTime snapshotTime(const DbLocation &team);

} // namespace accelplan::pricing
