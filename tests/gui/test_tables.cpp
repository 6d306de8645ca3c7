// The window's tables (context menu, Copy, Export CSV, columns that persist), Help > Glossary and
// the charts' hover line across plans.

#include "tests/qtstringmaker.h"

#include "tests/gui/guisupport.h"
#include "ui/planner/plancharts.h"

#include <catch2/catch.hpp>

#include <QChart>
#include <QLabel>
#include <QLineEdit>
#include <QScatterSeries>

using namespace Qt::StringLiterals;
using namespace accelplan;
using accelplan::test::plannedWindow;
using accelplan::test::SeededDatabase;
using accelplan::test::waitForNewPlan;

TEST_CASE("gui tables: a new plan clears the charts' hover line", "[gui][charts]")
{
    SeededDatabase db;
    auto window = plannedWindow(*db.database);
    ui::PlannerView *planner = window->planner();
    ui::PlanCharts *charts = planner->charts();
    auto *hoverLine = charts->findChild<QLabel *>(u"chartHover"_s);
    REQUIRE(hoverLine != nullptr);
    CHECK(charts->hoverText().isEmpty());
    const QString hint = hoverLine->text();

    QChart *costTime = charts->chart(ui::PlanCharts::CostTime);
    QScatterSeries *pointed = nullptr;
    for (QAbstractSeries *series : costTime->series())
        if (auto *scatter = qobject_cast<QScatterSeries *>(series); scatter && scatter->count() > 0)
            pointed = scatter;
    REQUIRE(pointed != nullptr);
    Q_EMIT pointed->hovered(pointed->at(0), true);
    const QString hovered = charts->hoverText();
    REQUIRE_FALSE(hovered.isEmpty());
    CHECK(hoverLine->text() == hovered);

    const planning::Plan *before = planner->plan();
    auto *tokens = planner->findChild<QLineEdit *>(u"trainingTokens"_s);
    REQUIRE(tokens != nullptr);
    tokens->setText(tokens->text() == u"3T"_s ? u"4T"_s : u"3T"_s);
    REQUIRE(waitForNewPlan(planner, before));
    CHECK(charts->hoverText().isEmpty());
    CHECK(hoverLine->text() == hint);
}
