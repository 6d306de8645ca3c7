#include "core/planning/model/counts.h"

#include <cmath>

namespace accelplan::planning {

std::optional<double> parseCount(const QString &input)
{
    QString text = input.trimmed();
    if (text.isEmpty())
        return std::nullopt;
    double multiplier = 1;
    const QChar last = text.back().toLower();
    if (last == u'k' || last == u'm' || last == u'b' || last == u'g' || last == u't') {
        multiplier = last == u'k' ? 1e3 : last == u'm' ? 1e6 : last == u't' ? 1e12 : 1e9;
        text.chop(1);
    }
    bool ok = false;
    const double value = text.toDouble(&ok);
    if (!ok || !std::isfinite(value) || value <= 0 || !std::isfinite(value * multiplier))
        return std::nullopt;
    return value * multiplier;
}

} // namespace accelplan::planning
