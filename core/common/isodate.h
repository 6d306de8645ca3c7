#pragma once

#include <QDate>
#include <QStringView>

namespace accelplan {

/// A calendar date written exactly as YYYY-MM-DD; an invalid QDate for anything else. Unlike
/// QDate::fromString(…, Qt::ISODate) it refuses trailing text ("2026-11-01xyz", a time, a second
/// statement), so every date a user types or a sheet holds is read the same strict way.
QDate parseIsoDate(QStringView text);

} // namespace accelplan
