#include "core/pricing/shippedprices.h"

#include "core/catalog/acceleratorcatalog.h"
#include "core/common/tr.h"
#include "core/pricing/pricesheetparser.h"

#include <QDir>

using namespace Qt::StringLiterals;

namespace accelplan::pricing {

namespace {

QDate newestShippedDate()
{
    const auto catalog = catalog::AcceleratorCatalog::loadShipped();
    if (!catalog.ok())
        return {};
    // No default date: a row without as_of or effective_date must not pass for today's price.
    const PriceSheetParser parser(catalog.value(), QDate());
    const QDir dir(u":/data/prices"_s);
    QDate newest;
    for (const QString &file : dir.entryList({u"*.csv"_s, u"*.json"_s}, QDir::Files, QDir::Name)) {
        const ParsedSheet sheet = parser.parseFile(dir.filePath(file));
        for (const PriceRecord &record : sheet.records) {
            const QDate date = record.asOf.isValid() ? record.asOf : record.effectiveDate;
            if (date.isValid() && (!newest.isValid() || date > newest))
                newest = date;
        }
    }
    return newest;
}

} // namespace

QDate shippedPricesDate()
{
    static const QDate date = newestShippedDate();
    return date;
}

QString versionText(const QString &program)
{
    const QDate date = shippedPricesDate();
    const QString prices = date.isValid() ? Tr::tr("Shipped prices as of %1").arg(date.toString(Qt::ISODate))
                                          : Tr::tr("No shipped prices in this build");
    return program + u' ' + QStringLiteral(ACCELPLAN_VERSION) + u'\n' + prices + u'\n';
}

} // namespace accelplan::pricing
