#pragma once

#include "core/catalog/accelerator.h"
#include "core/common/diagnostic.h"

#include <QHash>
#include <QList>

class QIODevice;

namespace accelplan::catalog {

/// The accelerator catalog: ids, aliases and specs. An immutable value once loaded.
class AcceleratorCatalog
{
public:
    /// Loads the catalog compiled in from data/catalog/accelerators.csv.
    static Result<AcceleratorCatalog> loadShipped();
    /// Loads a catalog CSV (same columns as the shipped file); \a fileName is for messages.
    static Result<AcceleratorCatalog> load(QIODevice *device, const QString &fileName);

    const QList<Accelerator> &accelerators() const { return m_accelerators; }

    /// Finds an accelerator by id or alias, ignoring case, spaces, '-' and '_'. Null if unknown.
    const Accelerator *find(const QString &idOrAlias) const;
    /// Ids to suggest for an unknown name: those whose id or alias starts with it ("H100" gives
    /// h100-sxm, h100-pcie, h100-nvl), else the one within a typo of it; empty when none is close.
    QStringList suggestions(const QString &unknown) const;
    /// "unknown accelerator 'X'; did you mean 'a' or 'b'?" (or where to look when nothing is close).
    QString unknownMessage(const QString &unknown) const;

    /// The key used to compare names: lowercase letters and digits only.
    static QString normalisedKey(const QString &name);

private:
    QList<Accelerator> m_accelerators;
    QHash<QString, qsizetype> m_byKey;
    /// Ids as written, answering most lookups without normalising. A few dozen: compared one by
    /// one (hashing a short QString costs more, about 250 ns, and a plan looks up 100,000 times).
    QList<QString> m_ids;
};

} // namespace accelplan::catalog
