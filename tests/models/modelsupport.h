#pragma once

// What the table models' tests share (and the window's tests, which use the same offers).

#include "core/common/decimal.h"
#include "core/pricing/fxtable.h"
#include "core/pricing/pricetypes.h"
#include "ui/models/offertablemodel.h"

#include <QAbstractItemModel>
#include <QDate>
#include <QList>
#include <QString>

namespace accelplan::test {

using namespace Qt::StringLiterals;

inline pricing::PriceRecord record(const QString &provider, const QString &sku, const QString &price, const QString &currency,
                   int chips = 8, pricing::PriceModel model = pricing::PriceModel::OnDemand)
{
    pricing::PriceRecord r;
    r.key = {provider, sku, u"us-east-1"_s, model};
    r.offerKind = pricing::OfferKind::CloudVm;
    r.accelerator = u"h100-sxm"_s;
    r.acceleratorCount = chips;
    r.price = *Decimal::parse(price);
    r.currency = currency;
    r.unit = pricing::unitFor(model);
    r.effectiveDate = QDate(2026, 9, 1);
    r.asOf = QDate(2026, 9, 2);
    r.sourceUrl = u"https://example.com/"_s + sku;
    r.confidence = u"exact"_s;
    return r;
}

inline pricing::FxRate rate(const QString &base, const QString &quote, const QString &value)
{
    return {QDate(2026, 5, 8), base, quote, *Decimal::parse(value), u"https://example.com/fx"_s, {}};
}

// The source rows the proxy shows, in view order.
inline QList<int> shownSourceRows(const QAbstractItemModel *proxy)
{
    QList<int> rows;
    for (int row = 0; row < proxy->rowCount(); ++row)
        rows.append(proxy->index(row, 0).data(ui::OfferTableModel::OfferRowRole).toInt());
    return rows;
}

} // namespace accelplan::test
