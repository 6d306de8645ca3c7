#include "tests/testsupport.h"

#include <catch2/catch.hpp>

using namespace Qt::StringLiterals;

namespace accelplan::test {

const catalog::AcceleratorCatalog &shippedCatalog()
{
    static const catalog::AcceleratorCatalog catalog = [] {
        auto loaded = catalog::AcceleratorCatalog::loadShipped();
        REQUIRE(loaded.ok());
        return std::move(loaded).value();
    }();
    return catalog;
}

QString dataPath(const QString &relative)
{
    return QStringLiteral(ACCELPLAN_TEST_DATA) + u'/' + relative;
}

QString examplePath(const QString &name)
{
    return QStringLiteral(ACCELPLAN_TEST_DATA) + u"/../../data/examples/"_s + name;
}

} // namespace accelplan::test
