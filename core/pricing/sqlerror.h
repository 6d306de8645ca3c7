#pragma once

#include "core/common/diagnostic.h"
#include "core/common/tr.h"

#include <QSqlError>
#include <QSqlQuery>

namespace accelplan::pricing {

/// A failed statement as an internal error: "what: the driver's message".
inline Error sqlError(const QString &what, const QSqlQuery &query)
{
    return Error::internal(Tr::tr("%1: %2").arg(what, query.lastError().text()));
}

} // namespace accelplan::pricing
