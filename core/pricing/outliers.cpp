#include "core/pricing/outliers.h"

#include "core/common/tr.h"
#include "core/common/units.h"

#include <QFile>
#include <QHash>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace accelplan::pricing {

namespace {

// An amount as people read it: 28000, 2.49, 0.00125.
QString shownNumber(double x)
{
    return x >= 100 ? QString::number(x, 'f', 0) : QString::number(x, 'g', 3);
}

QString offerId(const PriceRecord &r, PriceModel model)
{
    return r.key.provider.toLower() + u'|' + r.key.sku.toLower() + u'|' + r.key.region.toLower() + u'|'
           + toString(model);
}

std::optional<double> hourly(const PriceRecord &r)
{
    switch (r.unit) {
    case PriceUnit::Hour: return r.price.toDouble();
    case PriceUnit::Month: return r.price.toDouble() / kHoursPerMonth;
    case PriceUnit::OneTime: break;
    }
    return std::nullopt;
}

} // namespace

const FxTable &shippedFxTable()
{
    static const FxTable table = [] {
        QFile file(u":/data/fx/rates.csv"_s);
        if (!file.open(QIODevice::ReadOnly))
            return FxTable();
        auto rates = FxTable::parse(&file, u"data/fx/rates.csv"_s);
        return rates ? FxTable(*rates) : FxTable();
    }();
    return table;
}

int quarantineOutliers(ParsedSheet &sheet, const FxTable &fx, bool accept, const OutlierBounds &bounds)
{
    QHash<QString, const PriceRecord *> onDemand;
    for (const PriceRecord &r : std::as_const(sheet.records))
        if (r.key.priceModel == PriceModel::OnDemand)
            onDemand.insert(offerId(r, PriceModel::OnDemand), &r);

    struct Found
    {
        qsizetype index;
        QString why;
    };
    QList<Found> found;
    for (qsizetype i = 0; i < sheet.records.size(); ++i) {
        const PriceRecord &r = sheet.records.at(i);
        const auto perHour = hourly(r);
        if (!perHour || r.key.priceModel == PriceModel::Purchase || r.acceleratorCount < 1)
            continue;
        const double perAccelerator = *perHour / r.acceleratorCount;
        if (const auto usd = fx.convert(perAccelerator, r.currency, u"USD"_s, r.effectiveDate)) {
            // Worded only for a price outside the bounds: most rows are inside.
            auto shown = [&] {
                return Tr::tr("%1 %2 per %3 for %4 accelerator(s) is $%5 per accelerator-hour")
                    .arg(r.price.toString(), r.currency, r.unit == PriceUnit::Month ? Tr::tr("month") : Tr::tr("hour"))
                    .arg(r.acceleratorCount)
                    .arg(shownNumber(usd->amount));
            };
            if (usd->amount < bounds.floorUsdPerAcceleratorHour) {
                found.append({i, Tr::tr("%1, below any real offer ($%2): an expired or placeholder price?")
                                     .arg(shown())
                                     .arg(bounds.floorUsdPerAcceleratorHour)});
                continue;
            }
            if (usd->amount > bounds.ceilingUsdPerAcceleratorHour) {
                found.append({i, Tr::tr("%1, above any real offer ($%2): a whole-term or per-node price read "
                                        "as hourly?")
                                     .arg(shown())
                                     .arg(bounds.ceilingUsdPerAcceleratorHour)});
                continue;
            }
        }
        if (r.key.priceModel == PriceModel::OnDemand)
            continue;
        const PriceRecord *base = onDemand.value(offerId(r, PriceModel::OnDemand));
        if (!base || base->unit != r.unit || base->currency != r.currency || base->price.isZero())
            continue;
        const double ratio = r.price.toDouble() / base->price.toDouble();
        if (ratio > bounds.aboveOnDemand || ratio < bounds.belowOnDemand)
            found.append({i, Tr::tr("%1 %2 is %3× the on-demand price %4 on line %5: %6")
                                 .arg(toString(r.key.priceModel), r.price.toString())
                                 .arg(shownNumber(ratio))
                                 .arg(base->price.toString())
                                 .arg(base->sheetLine)
                                 .arg(ratio > 1 ? Tr::tr("a whole-term price read as hourly?")
                                                : Tr::tr("an expired or placeholder price?"))});
    }

    for (const Found &f : std::as_const(found)) {
        PriceRecord &r = sheet.records[f.index];
        const QString where = u"%1 %2 in %3: "_s.arg(r.key.sku, toString(r.key.priceModel), r.key.region);
        if (accept) {
            sheet.diagnostics.append(Diagnostic::warning(sheet.fileName, r.sheetLine, u"price"_s,
                                                         where + f.why + Tr::tr(" (accepted as an outlier)")));
            r.confidence = u"approximate"_s;
            r.notes += (r.notes.isEmpty() ? u""_s : u"; "_s) + Tr::tr("accepted outlier: ") + f.why;
        } else {
            sheet.diagnostics.append(Diagnostic::error(sheet.fileName, r.sheetLine, u"price"_s,
                                                       where + f.why + Tr::tr(" (quarantined as an outlier)")));
        }
    }
    if (!found.isEmpty())
        std::stable_sort(sheet.diagnostics.begin(), sheet.diagnostics.end(),
                         [](const Diagnostic &a, const Diagnostic &b) { return a.line < b.line; });
    sheet.outliers = int(found.size());
    return sheet.outliers;
}

} // namespace accelplan::pricing
