#include "core/common/levenshtein.h"

#include <QList>

#include <algorithm>
#include <cstdlib>
#include <limits>

namespace accelplan {

int editDistance(QStringView a, QStringView b)
{
    QList<int> previous(b.size() + 1);
    QList<int> current(b.size() + 1);
    for (qsizetype j = 0; j <= b.size(); ++j)
        previous[j] = int(j);
    for (qsizetype i = 1; i <= a.size(); ++i) {
        current[0] = int(i);
        for (qsizetype j = 1; j <= b.size(); ++j) {
            const int substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1);
            current[j] = std::min({previous[j] + 1, current[j - 1] + 1, substitution});
        }
        std::swap(previous, current);
    }
    return previous[b.size()];
}

QString closestMatch(const QString &input, const QStringList &candidates)
{
    const QString needle = input.toLower();
    // Suggest only when the guess is plausibly a typo: at most a third of the input changed.
    const int limit = std::max<int>(1, int(needle.size()) / 3);
    QString best;
    int bestDistance = std::numeric_limits<int>::max();
    for (const QString &candidate : candidates) {
        // The distance is at least the difference in length: a candidate that far off could
        // never be suggested, and skipping it keeps a long unknown value (a shifted column,
        // a whole notes field) from costing length × length work per candidate and row.
        const QString key = candidate.toLower();
        if (std::abs(key.size() - needle.size()) > limit)
            continue;
        const int d = editDistance(needle, key);
        if (d < bestDistance) {
            bestDistance = d;
            best = candidate;
        }
    }
    return bestDistance <= limit ? best : QString();
}

} // namespace accelplan
