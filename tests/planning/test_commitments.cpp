// The commitment optimiser (issue 40): GLPK's mixed integer program against brute force on small
// cases, and the case where committing is wrong (demand that ends in month 4).
#include "core/planning/options/commitments.h"
#include "tests/qtstringmaker.h"

#include <catch2/catch.hpp>

#include <functional>
#include <random>

using namespace accelplan;
using namespace accelplan::planning;
using pricing::PriceModel;

namespace {

// Every purchase of 0..peak instances per start of each product; the least expected cost that
// keeps the idle share under the cap at the percentile.
double bruteForce(const CommitmentProblem &problem, int peak, QList<CommitmentPurchase> *best)
{
    const int months = int(problem.demand.first().size());
    QList<CommitmentPurchase> choice;
    for (const CommitmentProduct &p : problem.products)
        for (int start : commitmentStarts(p, months))
            choice.append({p.model, start, 0});
    double least = 1e300;
    std::function<void(qsizetype)> walk = [&](qsizetype i) {
        if (i == choice.size()) {
            double idle = 0;
            const double cost = portfolioCost(problem, choice, &idle);
            if (idle <= problem.idleCap + 1e-12 && cost < least - 1e-9) {
                least = cost;
                *best = choice;
            }
            return;
        }
        for (int n = 0; n <= peak; ++n) {
            choice[i].instances = n;
            walk(i + 1);
        }
    };
    walk(0);
    return least;
}

} // namespace

TEST_CASE("The commitment optimiser finds the least expected cost that brute force finds", "[commitments]")
{
    std::mt19937 random(20261129);
    for (int trial = 0; trial < 40; ++trial) {
        CommitmentProblem problem;
        const int months = trial % 2 == 0 ? 12 : 24;
        const int peak = 1 + int(random() % 4);
        problem.onDemandPerInstanceMonth = 1000;
        problem.products = {{PriceModel::Commit1y, 600.0 + random() % 300, 12}, {PriceModel::Commit3y, 400.0 + random() % 300, 36}};
        problem.idleCap = 0.05 + (random() % 40) / 100.0;
        problem.percentile = 0.8;
        problem.otherUse = (random() % 3) / 4.0;
        for (int s = 0; s < 5; ++s) {
            QList<int> demand;
            for (int m = 0; m < months; ++m)
                demand.append(int(random() % (peak + 1)));
            problem.demand.append(demand);
        }
        INFO("trial " << trial << ", cap " << problem.idleCap);
        const auto solved = optimiseCommitments(problem);
        REQUIRE(solved.ok());
        CHECK(solved->optimal);
        QList<CommitmentPurchase> best;
        const double least = bruteForce(problem, peak, &best);
        CHECK(solved->expectedCost == Approx(least).epsilon(1e-9));
        CHECK(solved->idleShare <= problem.idleCap + 1e-9);
        CHECK(solved->onDemandCost >= solved->expectedCost - 1e-6);
    }
}

TEST_CASE("The commitment optimiser buys nothing when the demand ends in month 4, and the floor when it stays", "[commitments]")
{
    CommitmentProblem problem;
    problem.onDemandPerInstanceMonth = 1000;
    problem.products = {{PriceModel::Commit1y, 700, 12}, {PriceModel::Commit3y, 500, 36}};
    for (int s = 0; s < 10; ++s)
        problem.demand.append({6 + s % 2, 6, 7, 6, 0, 0, 0, 0, 0, 0, 0, 0});
    auto solved = optimiseCommitments(problem);
    REQUIRE(solved.ok());
    CHECK(solved->purchases.isEmpty());
    CHECK(solved->expectedCost == Approx(solved->onDemandCost));

    // Demand that stays for 36 months: the 3-year term for the floor of 6, the months above it on
    // demand (1y or on demand for the one extra instance in half the scenarios).
    problem.demand.clear();
    for (int s = 0; s < 10; ++s) {
        QList<int> demand;
        for (int m = 0; m < 36; ++m)
            demand.append(6 + (s % 2) * (m % 2));
        problem.demand.append(demand);
    }
    solved = optimiseCommitments(problem);
    REQUIRE(solved.ok());
    REQUIRE_FALSE(solved->purchases.isEmpty());
    CHECK(solved->purchases.first() == CommitmentPurchase{PriceModel::Commit3y, 1, 6});
    CHECK(solved->expectedCost < solved->onDemandCost * 0.6);

    // No demand is refused.
    CHECK_FALSE(optimiseCommitments(CommitmentProblem{}).ok());
}
