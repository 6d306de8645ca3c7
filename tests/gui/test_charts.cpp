#include "core/planning/plan/compare.h"
#include "core/planning/cost/lockin.h"
#include "tests/gui/guisupport.h"
#include "tests/qtstringmaker.h"
#include "tests/testsupport.h"
#include "ui/charts/chartregistry.h"
#include "ui/charts/plancharts.h"
#include "ui/mainwindow.h"
#include "ui/planner/plannerview.h"
#include "ui/report/budgetreport.h"

#include <catch2/catch.hpp>

#include <QChart>
#include <QPointer>
#include <QRegularExpression>
#include <QSet>
#include <QTabWidget>

#include <memory>

using namespace Qt::StringLiterals;
using namespace accelplan;
using accelplan::test::plannedWindow;
using accelplan::test::SeededDatabase;
using accelplan::test::waitFor;

namespace {

// The plan of a shipped example that trains and serves, planned by the window.
std::shared_ptr<const planning::Plan> examplePlan(ui::MainWindow &window, scenario::Scenario *scenario = nullptr)
{
    REQUIRE(window.openScenario(test::examplePath(u"llama-70b.accelplan"_s)).ok());
    REQUIRE(waitFor([&] {
        return window.planner()->plan() && !window.planner()->busy()
               && window.planner()->plan()->scenarioName == u"Llama-class 70B"_s;
    }));
    if (scenario)
        *scenario = window.planner()->scenario();
    return window.planner()->sharedPlan();
}

} // namespace

TEST_CASE("gui: every registered chart builds from a sample plan", "[gui][charts]")
{
    SeededDatabase db;
    auto window = plannedWindow(*db.database);
    ui::charts::ChartInputs inputs;
    inputs.plan = examplePlan(*window);
    const planning::ComparedScenario compared = planning::summarise(*inputs.plan, u"llama-70b.accelplan"_s);
    inputs.comparison = {compared, compared};
    inputs.comparisonLabels = {u"A"_s, u"B"_s};
    inputs.historyTitle = u"history"_s;
    const Result<QList<pricing::PriceRecord>> offers = db.database->prices();
    REQUIRE(offers.ok());
    for (const pricing::PriceRecord &offer : offers.value()) {
        inputs.history.append(offer);
        break;
    }
    REQUIRE_FALSE(ui::charts::registry().isEmpty());
    QSet<int> ids;
    for (const ui::charts::ChartEntry &entry : ui::charts::registry()) {
        INFO(entry.objectName.toStdString());
        CHECK_FALSE(ids.contains(entry.id)); // one id, one chart
        ids.insert(entry.id);
        CHECK_FALSE(entry.title.isEmpty());
        CHECK((entry.inWindow || entry.inReport || entry.id == ui::charts::CashFlow));
        std::unique_ptr<QChart> chart(entry.build(inputs, {}));
        REQUIRE(chart != nullptr);
        CHECK_FALSE(chart->series().isEmpty());
    }
}

TEST_CASE("gui: an id no chart is registered under is an error, not a chart", "[gui][charts]")
{
    CHECK(ui::charts::chartEntry(ui::charts::Tornado).ok());
    const Result<ui::charts::ChartEntry> unknown = ui::charts::chartEntry(4711);
    CHECK_FALSE(unknown.ok());
    CHECK_FALSE(unknown.error().message.isEmpty());
    CHECK_FALSE(ui::charts::chartEntry(-1).ok());
}

TEST_CASE("gui: the report's charts are exactly the registry's report charts", "[gui][charts][report]")
{
    SeededDatabase db;
    auto window = plannedWindow(*db.database);
    ui::report::ReportRequest request;
    request.plan = examplePlan(*window, &request.scenario);
    const planning::ComparedScenario compared = planning::summarise(*request.plan, u"llama-70b.accelplan"_s);
    request.comparison = {compared, compared}; // two scenarios: the comparison's chart too

    QList<int> placed;
    const QRegularExpression placeholder(u"%%CHART:(-?\\d+)%%"_s);
    for (const QRegularExpressionMatch &m : placeholder.globalMatch(ui::report::reportHtml(request)))
        placed.append(m.captured(1).toInt());
    QList<int> registered;
    for (const ui::charts::ChartEntry &entry : ui::charts::reportCharts())
        registered.append(entry.id);
    std::sort(placed.begin(), placed.end());
    std::sort(registered.begin(), registered.end());
    CHECK(placed == registered);
    for (const ui::charts::ChartEntry &entry : ui::charts::registry())
        CHECK(entry.inReport == registered.contains(entry.id));
}

TEST_CASE("gui: the window's chart tabs are the registry's window charts, and a new plan redraws each, the last registered too",
          "[gui][charts]")
{
    SeededDatabase db;
    auto window = plannedWindow(*db.database);
    const std::shared_ptr<const planning::Plan> plan = window->planner()->sharedPlan();
    ui::PlanCharts charts;
    const QList<ui::charts::ChartEntry> shown = ui::charts::windowCharts();
    REQUIRE(charts.tabs()->count() == shown.size());
    for (int tab = 0; tab < shown.size(); ++tab) {
        CHECK(charts.tabs()->tabText(tab) == shown.at(tab).title);
        CHECK(charts.tabs()->widget(tab)->objectName() == shown.at(tab).objectName);
        CHECK(charts.tabIndex(shown.at(tab).id) == tab);
    }
    CHECK(charts.chart(ui::charts::CashFlow) == nullptr); // not a window chart

    charts.setPlan(plan);
    // The chart registered last, in view: a new plan draws it anew.
    const ui::charts::ChartId last = shown.constLast().id;
    charts.tabs()->setCurrentIndex(charts.tabIndex(last));
    QPointer<QChart> lastBefore = charts.chart(last);
    REQUIRE(lastBefore);
    QList<QPointer<QChart>> before;
    for (const ui::charts::ChartEntry &entry : shown)
        before.append(charts.chart(entry.id));
    charts.setPlan(std::make_shared<const planning::Plan>(*plan));
    CHECK(lastBefore.isNull()); // replaced, and the old chart deleted
    for (int tab = 0; tab < shown.size(); ++tab) {
        INFO(shown.at(tab).objectName.toStdString());
        // The cost-time chart takes a new plan in place; every other chart is drawn anew.
        if (shown.at(tab).id != ui::charts::CostTime) {
            charts.chart(shown.at(tab).id);
            CHECK(before.at(tab).isNull());
        }
    }
}

TEST_CASE("gui: the report prints the lock-in weights the planner scores with", "[gui][report]")
{
    SeededDatabase db;
    auto window = plannedWindow(*db.database);
    ui::report::ReportRequest request;
    request.plan = examplePlan(*window, &request.scenario);
    REQUIRE(request.plan->recommendedTraining() != nullptr);
    const QString html = ui::report::reportHtml(request);
    auto weight = [](double share) -> QString { return QString::number(share * 100, 'f', 0) + u" %"_s; };
    for (const auto &[share, factor] : {std::pair{planning::kAvailabilityWeight, u"availability"_s},
                                        std::pair{planning::kFrameworkWeight, u"framework"_s},
                                        std::pair{planning::kCommitmentWeight, u"commitment"_s},
                                        std::pair{planning::kExitShareWeight, u"exit share"_s}}) {
        INFO(factor.toStdString());
        CHECK(html.contains(weight(share) + u' ' + factor + u" ("_s));
    }
}
