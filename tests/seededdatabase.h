#pragma once

#include "core/pricing/pricedatabase.h"
#include "tests/testsupport.h"

#include <catch2/catch.hpp>

#include <QTemporaryDir>

#include <memory>

namespace accelplan::test {

/// A fresh database in a temporary folder, seeded from the shipped sheets.
struct SeededDatabase
{
    QTemporaryDir dir;
    std::unique_ptr<pricing::PriceDatabase> database;

    SeededDatabase()
    {
        REQUIRE(dir.isValid());
        auto opened = pricing::PriceDatabase::open(dir.filePath(QStringLiteral("prices.sqlite")), shippedCatalog());
        if (!opened.ok())
            FAIL(opened.error().message.toStdString());
        database = std::move(opened).value();
    }

    QList<pricing::PriceRecord> prices() const
    {
        const auto all = database->prices();
        REQUIRE(all.ok());
        REQUIRE_FALSE(all->isEmpty());
        return all.value();
    }
};

} // namespace accelplan::test
