#pragma once

#include <QDate>
#include <QString>

namespace accelplan::pricing {

/// The date of the prices shipped with the program: the newest `as_of` (else `effective_date`)
/// of any row of the price sheets compiled in from data/prices/, found when the build was
/// configured. Null when the build holds no dated price.
QDate shippedPricesDate();

/// What `--version` prints for \a program: "PROGRAM VERSION", then a line with the date of the
/// shipped prices (ISO 8601), each line ended by a newline.
QString versionText(const QString &program);

} // namespace accelplan::pricing
