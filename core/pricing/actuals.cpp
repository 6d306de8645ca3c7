#include "core/pricing/actuals.h"

#include "core/common/csvtable.h"
#include "core/common/tr.h"

#include <QDateTime>

#include <algorithm>

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

bool isOpenCostExport(QIODevice *device)
{
    const QByteArray head = device->peek(64 * 1024);
    const QByteArray header = head.left(head.indexOf('\n')).toLower();
    return header.contains("gpucost") && header.contains("totalcost") && !header.contains("billedcost");
}

Result<QList<ActualCharge>> readOpenCostActuals(QIODevice *device, const QString &fileName,
                                                const OpenCostTarget &target, int *skipped)
{
    QList<ActualCharge> charges;
    int others = 0;
    const double perInstance = std::max(1, target.acceleratorsPerInstance);
    // Column names as OpenCost writes them; the reader compares them in lower case.
    const Diagnostics problems = readCsvTable(
        device, fileName, {u"date"_s, u"gpus"_s, u"gpucost"_s}, [&](const CsvRecord &r) {
            if (!target.namespaceFilter.isEmpty() && r.text(u"namespace"_s) != target.namespaceFilter) {
                ++others;
                return;
            }
            const auto cost = r.number(u"gpucost"_s, true);
            const auto gpus = r.number(u"gpus"_s, true);
            const QString date = r.required(u"date"_s);
            const QDate day = date.size() == 10 ? QDate::fromString(date, Qt::ISODate) : QDate();
            if (!day.isValid() && !date.isEmpty())
                r.error(u"Date"_s, Tr::tr("'%1' is not a date (YYYY-MM-DD)").arg(date));
            if (!cost || !gpus || !day.isValid())
                return; // said why, at the line and column
            if (*cost <= 0) {
                ++others; // a workload without GPUs
                return;
            }
            ActualCharge c;
            c.provider = target.provider;
            c.sku = target.sku;
            c.region = target.region;
            c.line = r.line();
            c.month = QDate(day.year(), day.month(), 1);
            c.effectiveCost = *cost;
            c.currency = target.currency;
            c.quantity = *gpus * 24.0 / perInstance; // a daily row: its GPUs for 24 hours
            c.unit = u"Hours"_s;
            charges.append(c);
        });
    if (hasErrors(problems))
        return Error::badInput(Tr::tr("%1 has errors; nothing was imported").arg(fileName), problems);
    if (skipped)
        *skipped = others;
    return charges;
}

} // namespace accelplan::pricing
