#pragma once

#include <QHash>
#include <QString>

namespace accelplan {

/// A text key for the planner's own lookup tables (providers, SKUs, accelerator ids), hashed
/// without Qt's per-process seed. Qt 6.4's seeded string hash is SipHash where the build has no
/// AES hash (Debian's): a QHash<QString> lookup measured 280 ns on this project's 2-core machines,
/// the unseeded hash 12 ns, and a plan of 17,000 offers looks up hundreds of thousands of times.
/// The seed guards against keys chosen to collide; these keys come from the price database and
/// the catalog, and a collision only slows a lookup.
struct TextKey
{
    QString text;
    bool operator==(const TextKey &) const = default;
};

inline size_t textHash(QStringView text)
{
    return qHash(text, 0);
}

inline size_t qHash(const TextKey &key, size_t seed = 0)
{
    return textHash(key.text) ^ seed;
}

} // namespace accelplan
