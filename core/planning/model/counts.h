#pragma once

#include <QString>

#include <optional>

namespace accelplan::planning {

/// Parses a count as users write it: "70e9", "70B", "2T", "1.5M", "300k", "7000000000".
/// Suffixes (any case): k = 1e3, M = 1e6, B or G = 1e9, T = 1e12. Nullopt when not a positive count.
std::optional<double> parseCount(const QString &text);

} // namespace accelplan::planning
