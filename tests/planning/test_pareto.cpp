#include "core/planning/options/trainingplanner.h"

#include <catch2/catch.hpp>

#include <cmath>
#include <limits>
#include <random>

using namespace accelplan;
using namespace accelplan::planning;

namespace {

// The definition: an option is on the frontier unless another runnable one is no dearer and no
// slower, and better in one of the two.
QList<bool> bruteForcePareto(const QList<TrainingOption> &options)
{
    QList<bool> pareto;
    for (const TrainingOption &a : options) {
        bool dominated = false;
        for (const TrainingOption &b : options) {
            if (&a == &b || !b.runnable())
                continue;
            const double ac = a.cost.typical, bc = b.cost.typical;
            const double at = a.projection->wallHours.typical, bt = b.projection->wallHours.typical;
            dominated = dominated || (bc <= ac && bt <= at && (bc < ac || bt < at));
        }
        pareto << (a.runnable() && !dominated);
    }
    return pareto;
}

} // namespace

TEST_CASE("pareto: the sorted sweep marks exactly the options no other beats on cost and time", "[pareto][planner]")
{
    std::mt19937 random(20261128);
    // Few distinct values, so that equal costs, equal times and identical options are common.
    std::uniform_int_distribution<int> value(0, 12);
    std::uniform_int_distribution<int> kind(0, 19);
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const double inf = std::numeric_limits<double>::infinity();
    int onFrontier = 0, off = 0;
    for (int round = 0; round < 400; ++round) {
        QList<TrainingOption> options(qsizetype(1 + round % 37));
        for (TrainingOption &o : options) {
            o.cost.typical = value(random) * 10.0;
            o.projection.edit().wallHours.typical = value(random) * 3.0;
            switch (kind(random)) {
            case 0: o.cannotRun = QStringLiteral("cannot run"); break;
            case 1: o.cost.typical = nan; break;
            case 2: o.projection.edit().wallHours.typical = inf; break;
            default: break;
            }
        }
        const QList<bool> expected = bruteForcePareto(options);
        markPareto(options);
        for (qsizetype i = 0; i < options.size(); ++i) {
            INFO("round " << round << ", option " << i << ": cost " << options[i].cost.typical << ", hours "
                          << options[i].projection->wallHours.typical);
            CHECK(options[i].pareto == expected[i]);
            (expected[i] ? onFrontier : off)++;
        }
    }
    // The cases mix both answers: a sweep that marked everything (or nothing) would fail above.
    CHECK(onFrontier > 500);
    CHECK(off > 500);
}
