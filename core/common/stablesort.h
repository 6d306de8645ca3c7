#pragma once

#include <QList>

#include <algorithm>
#include <numeric>
#include <vector>

namespace accelplan {

/// std::stable_sort for lists of large values (plan options are about a kilobyte each): sorts
/// their indices, then moves each value once, instead of moving values N log N times.
template<typename T, typename Less>
void stableSortByIndex(QList<T> &items, Less less)
{
    std::vector<qsizetype> order(size_t(items.size()));
    std::iota(order.begin(), order.end(), qsizetype(0));
    std::stable_sort(order.begin(), order.end(), [&](qsizetype a, qsizetype b) { return less(items.at(a), items.at(b)); });
    QList<T> sorted;
    sorted.reserve(items.size());
    for (qsizetype index : order)
        sorted.append(std::move(items[index]));
    items = std::move(sorted);
}

} // namespace accelplan
