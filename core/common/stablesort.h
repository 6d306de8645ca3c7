#pragma once

#include <QList>

#include <algorithm>
#include <numeric>
#include <vector>

namespace accelplan {

/// std::stable_sort for lists of large values (plan options are about a kilobyte each): sorts
/// their indices, then moves each value into its place along the permutation's cycles, in the
/// list's own memory: no value moves N log N times, and no second list of them is allocated
/// (a new one of 100,000 options was 150 MB of fresh pages for the kernel to zero).
template<typename T, typename Less>
void stableSortByIndex(QList<T> &items, Less less)
{
    const std::size_t n = std::size_t(items.size());
    std::vector<qsizetype> order(n); // order[i]: the index of the value that belongs at i
    std::iota(order.begin(), order.end(), qsizetype(0));
    std::stable_sort(order.begin(), order.end(), [&](qsizetype a, qsizetype b) { return less(items.at(a), items.at(b)); });
    T *values = items.data(); // detaches once, if shared
    // A position whose value is in place is marked by order[at] == at.
    for (std::size_t start = 0; start < n; ++start) {
        if (order[start] == qsizetype(start))
            continue;
        T held = std::move(values[start]);
        std::size_t at = start;
        while (true) {
            const std::size_t from = std::size_t(order[at]);
            order[at] = qsizetype(at);
            if (from == start) {
                values[at] = std::move(held);
                break;
            }
            values[at] = std::move(values[from]);
            at = from;
        }
    }
}

} // namespace accelplan
