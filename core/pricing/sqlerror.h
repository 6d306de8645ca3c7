#pragma once

#include "core/common/diagnostic.h"
#include "core/common/tr.h"


namespace accelplan::pricing {

/// Reading prices failed before a row: a table or column is missing.
inline Error damagedDatabase(const QString &path, const QString &detail)
{
    return Error::internal(Tr::tr("reading prices from %1: %2 (the database is damaged; restore it from a backup, "
                                  "or move it away to start from the shipped prices)")
                               .arg(path, detail));
}

} // namespace accelplan::pricing
