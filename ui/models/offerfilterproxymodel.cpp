#include "ui/models/offerfilterproxymodel.h"

#include "ui/models/offertablemodel.h"

namespace accelplan::ui {

OfferFilterProxyModel::OfferFilterProxyModel(QObject *parent)
    : OfferFilterProxyModel({OfferTableModel::Provider, OfferTableModel::Kind, OfferTableModel::Accelerator,
                             OfferTableModel::PriceModel,
                             {OfferTableModel::Provider, OfferTableModel::Sku, OfferTableModel::Accelerator,
                              OfferTableModel::Region}},
                            parent)
{
}

OfferFilterProxyModel::OfferFilterProxyModel(Columns columns, QObject *parent)
    : QSortFilterProxyModel(parent), m_columns(std::move(columns))
{
    setSortRole(OfferTableModel::RawValueRole);
    setSortCaseSensitivity(Qt::CaseInsensitive);
    setSortLocaleAware(true);
    setDynamicSortFilter(true);
}

void OfferFilterProxyModel::setFilterValue(QString &member, const QString &value)
{
    if (member == value)
        return;
    // Qt 6.4 has no beginFilterChange(); invalidateFilter() re-runs filterAcceptsRow.
    member = value;
    invalidateFilter();
}

void OfferFilterProxyModel::setProviderFilter(const QString &provider) { setFilterValue(m_provider, provider); }
void OfferFilterProxyModel::setOfferKindFilter(const QString &offerKind) { setFilterValue(m_offerKind, offerKind); }
void OfferFilterProxyModel::setAcceleratorFilter(const QString &accelerator)
{
    setFilterValue(m_accelerator, accelerator);
}
void OfferFilterProxyModel::setPriceModelFilter(const QString &priceModel)
{
    setFilterValue(m_priceModel, priceModel);
}
void OfferFilterProxyModel::setSearchText(const QString &text) { setFilterValue(m_searchText, text.trimmed()); }

bool OfferFilterProxyModel::filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const
{
    const QAbstractItemModel *source = sourceModel();
    if (!source)
        return false;
    auto raw = [&](int column) {
        return source->index(sourceRow, column, sourceParent).data(OfferTableModel::RawValueRole).toString();
    };
    const std::pair<const QString *, int> exactFilters[] = {
        {&m_provider, m_columns.provider},
        {&m_offerKind, m_columns.kind},
        {&m_accelerator, m_columns.accelerator},
        {&m_priceModel, m_columns.priceModel},
    };
    for (const auto &[filter, column] : exactFilters) {
        if (!filter->isEmpty() && column >= 0 && raw(column) != *filter)
            return false;
    }
    if (m_searchText.isEmpty())
        return true;
    for (int column : m_columns.search) {
        if (raw(column).contains(m_searchText, Qt::CaseInsensitive))
            return true;
    }
    return false;
}

bool OfferFilterProxyModel::lessThan(const QModelIndex &sourceLeft, const QModelIndex &sourceRight) const
{
    const bool leftMissing = !sourceLeft.data(sortRole()).isValid();
    const bool rightMissing = !sourceRight.data(sortRole()).isValid();
    // A missing value stays at the bottom whichever way the column is sorted: descending order
    // asks lessThan(right, left), so the answer flips with the order.
    if (leftMissing != rightMissing)
        return leftMissing == (sortOrder() == Qt::DescendingOrder);
    if (leftMissing)
        return false;
    return QSortFilterProxyModel::lessThan(sourceLeft, sourceRight);
}

} // namespace accelplan::ui
