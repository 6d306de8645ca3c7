#include "core/pricing/parsedsheet.h"

namespace accelplan::pricing {

void ParsedSheet::skip(const QString &reason, int count)
{
    if (count <= 0)
        return;
    for (auto &[why, total] : skipped) {
        if (why == reason) {
            total += count;
            return;
        }
    }
    skipped.append({reason, count});
}

} // namespace accelplan::pricing
