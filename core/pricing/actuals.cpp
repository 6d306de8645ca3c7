#include "core/pricing/actuals.h"

#include "core/common/csvtable.h"
#include "core/common/tr.h"

#include <QDateTime>

using namespace Qt::StringLiterals;

namespace accelplan::pricing {

QString actualsKey(const QString &provider, const QString &sku)
{
    return (provider.trimmed() + u'|' + sku.trimmed()).toLower();
}

Result<QList<ActualCharge>> readFocusActuals(QIODevice *device, const QString &fileName, const QSet<QString> &skus,
                                             int *skipped)
{
    QList<ActualCharge> charges;
    int others = 0;
    // Column names as FOCUS writes them; the reader compares them in lower case.
    const Diagnostics problems = readCsvTable(
        device, fileName,
        {u"providername"_s, u"skuid"_s, u"chargeperiodstart"_s, u"billingcurrency"_s, u"billedcost"_s},
        [&](const CsvRecord &r) {
            const QString provider = r.text(u"providername"_s);
            const QString sku = r.text(u"skuid"_s);
            if (!skus.contains(actualsKey(provider, sku))) {
                ++others; // another service's charge (storage, network, a CPU instance)
                return;
            }
            ActualCharge c;
            c.provider = provider;
            c.sku = sku;
            c.region = r.text(u"regionid"_s);
            c.line = r.line();
            const QString start = r.required(u"chargeperiodstart"_s);
            const QDateTime at = QDateTime::fromString(start, Qt::ISODate);
            // A date and time (FOCUS: "2027-01-01T00:00:00Z"), as a BigQuery export writes it ("2027-01-01
            // 00:00:00 UTC"), or a bare date: a date of ten characters then nothing, a 'T' or a space.
            const bool dated = start.size() == 10 || (start.size() > 10 && (start[10] == u'T' || start[10] == u' '));
            const QDate day = at.isValid() ? at.date() : dated ? QDate::fromString(start.left(10), Qt::ISODate) : QDate();
            if (!day.isValid()) {
                r.error(u"ChargePeriodStart"_s, Tr::tr("'%1' is not an ISO 8601 date and time").arg(start));
                return;
            }
            c.month = QDate(day.year(), day.month(), 1);
            const bool effective = !r.text(u"effectivecost"_s).isEmpty();
            const auto cost = r.number(effective ? u"effectivecost"_s : u"billedcost"_s, true);
            if (!cost)
                return; // r.number said why, at the line and column
            c.effectiveCost = *cost;
            c.currency = r.required(u"billingcurrency"_s);
            c.quantity = r.number(u"pricingquantity"_s).value_or(0);
            c.unit = r.text(u"pricingunit"_s);
            charges.append(c);
        });
    if (hasErrors(problems))
        return Error::badInput(Tr::tr("%1 has errors; nothing was imported").arg(fileName), problems);
    if (skipped)
        *skipped = others;
    return charges;
}

} // namespace accelplan::pricing
