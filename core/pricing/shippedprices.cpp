#include "core/pricing/shippedprices.h"

#include "core/common/tr.h"

using namespace Qt::StringLiterals;

namespace accelplan::pricing {

QDate shippedPricesDate()
{
    // Found when the build was configured (core/shippeddate.cmake), not by parsing the sheets.
    return QDate::fromString(QStringLiteral(ACCELPLAN_SHIPPED_PRICES_DATE), Qt::ISODate);
}

QString versionText(const QString &program)
{
    const QDate date = shippedPricesDate();
    const QString prices = date.isValid() ? Tr::tr("Shipped prices as of %1").arg(date.toString(Qt::ISODate))
                                          : Tr::tr("No shipped prices in this build");
    return program + u' ' + QStringLiteral(ACCELPLAN_VERSION) + u'\n' + prices + u'\n';
}

} // namespace accelplan::pricing
