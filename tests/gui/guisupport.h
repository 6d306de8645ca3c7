#pragma once

// What the window's tests share: a seeded database, a window on it, waiting for its plans.

#include "core/pricing/pricedatabase.h"
#include "tests/seededdatabase.h"
#include "tests/testsupport.h"
#include "ui/mainwindow.h"
#include "ui/planner/plannerview.h"

#include <catch2/catch.hpp>

#include <QElapsedTimer>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>

#include <functional>
#include <memory>

namespace accelplan::test {

/// A window on \a database, 1400x800, with no settings left over from an earlier window.
inline std::unique_ptr<ui::MainWindow> makeWindow(pricing::PriceDatabase &database)
{
    QSettings().clear(); // no geometry or currency left over from an earlier run
    auto window = std::make_unique<ui::MainWindow>(database, shippedCatalog());
    window->resize(1400, 800);
    return window;
}

/// Runs the event loop until \a done or 30 s; false on timeout.
inline bool waitFor(const std::function<bool()> &done)
{
    QElapsedTimer timer;
    timer.start();
    while (!done() && timer.elapsed() < 30'000)
        QTest::qWait(10);
    return done();
}

/// A window whose planner has delivered a plan for its current scenario.
inline std::unique_ptr<ui::MainWindow> plannedWindow(pricing::PriceDatabase &database)
{
    auto window = makeWindow(database);
    ui::PlannerView *planner = window->planner();
    REQUIRE(waitFor([&] { return planner->plan() != nullptr && !planner->busy(); }));
    return window;
}

/// Waits for the planner to deliver a plan newer than \a previous.
inline bool waitForNewPlan(ui::PlannerView *planner, const planning::Plan *previous)
{
    return waitFor([&] { return planner->plan() != previous && !planner->busy(); });
}

} // namespace accelplan::test
