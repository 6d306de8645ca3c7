#pragma once

#include "core/catalog/acceleratorcatalog.h"

#include <QString>

namespace accelplan::test {

/// The shipped catalog, loaded once (a test failure if it does not load).
const catalog::AcceleratorCatalog &shippedCatalog();

/// A path under tests/data.
QString dataPath(const QString &relative);
/// A shipped example scenario (data/examples/NAME).
QString examplePath(const QString &name);

} // namespace accelplan::test
