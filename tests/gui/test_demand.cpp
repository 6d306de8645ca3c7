// A demand curve in the window (issue 39, part 3): the inference group's table edits the points,
// the curve is drawn month by month beside it, the constant load gives way to it, and the plan's
// fleet follows; a CSV is imported into the table, a bad one changes nothing.
#include "tests/gui/guisupport.h"
#include "tests/qtstringmaker.h"
#include "ui/mainwindow.h"
#include "ui/planner/demandeditor.h"
#include "ui/planner/plannerview.h"

#include <catch2/catch.hpp>

#include <QComboBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QScrollArea>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QToolButton>

using namespace Qt::StringLiterals;
using namespace accelplan;
using accelplan::test::plannedWindow;
using accelplan::test::SeededDatabase;
using accelplan::test::waitForNewPlan;

TEST_CASE("window: the demand curve is edited in a small table, drawn, and sizes the fleet month by month", "[gui][demand]")
{
    SeededDatabase seeded;
    auto window = plannedWindow(*seeded.database);
    ui::PlannerView *planner = window->planner();
    auto *demand = planner->findChild<ui::DemandEditor *>(u"demandEditor"_s);
    auto *qps = planner->findChild<QDoubleSpinBox *>(u"requestsPerSecond"_s);
    REQUIRE(demand != nullptr);
    REQUIRE(qps != nullptr);
    QTableWidget *table = demand->table();
    CHECK(table->rowCount() == 0); // a new scenario: the constant load
    CHECK(qps->isEnabled());
    CHECK(planner->plan()->demand.isEmpty());

    // Two points: 2 requests/s in month 1 rising to 40 in month 12.
    auto *add = demand->findChild<QToolButton *>(u"demandAdd"_s);
    REQUIRE(add != nullptr);
    const planning::Plan *before = planner->plan();
    add->click();
    add->click();
    REQUIRE(table->rowCount() == 2);
    table->item(0, 1)->setData(Qt::EditRole, 2.0);
    table->item(1, 0)->setData(Qt::EditRole, 12);
    table->item(1, 1)->setData(Qt::EditRole, 40.0);
    REQUIRE(waitForNewPlan(planner, before));
    REQUIRE(test::waitFor([&] { return !planner->busy() && planner->plan()->demand.size() == 12; }));
    const planning::Plan *plan = planner->plan();
    CHECK_FALSE(qps->isEnabled()); // the curve gives the load
    CHECK(planner->scenario().inference->demand
          == QList<scenario::DemandPoint>{{1, 2.0}, {12, 40.0}});
    CHECK(plan->demand.first() == Approx(2));
    CHECK(plan->demand.last() == Approx(40));
    CHECK(demand->drawn() == plan->demand); // the chart draws what is planned
    const planning::InferenceOption *serve = plan->recommendedInference();
    REQUIRE(serve != nullptr);
    REQUIRE(serve->byMonth.size() == 12);
    CHECK(serve->byMonth.first().instances < serve->byMonth.last().instances);
    auto *summary = planner->findChild<QLabel *>(u"planSummary"_s);
    REQUIRE(summary != nullptr);
    CHECK(summary->text().contains(u"Demand 2.00 → 40.0 requests/s over 12 months (ramp"_s));

    // Steps instead of a ramp.
    auto *shape = demand->findChild<QComboBox *>(u"demandShape"_s);
    REQUIRE(shape != nullptr);
    before = planner->plan();
    shape->setCurrentIndex(shape->findData(u"step"_s));
    REQUIRE(waitForNewPlan(planner, before));
    CHECK(planner->scenario().inference->demandSteps);
    CHECK(planner->plan()->demand[10] == Approx(2)); // held until month 12

    // A CSV replaces the rows; a bad one changes nothing and says where.
    QTemporaryDir dir;
    QFile good(dir.filePath(u"demand.csv"_s));
    REQUIRE(good.open(QIODevice::WriteOnly));
    good.write("month,requests_per_second\n1,5\n6,10\n12,20\n");
    good.close();
    before = planner->plan();
    REQUIRE(demand->importCsv(good.fileName()).ok());
    CHECK(table->rowCount() == 3);
    REQUIRE(waitForNewPlan(planner, before));
    CHECK(planner->scenario().inference->demand.size() == 3);
    QFile bad(dir.filePath(u"bad.csv"_s));
    REQUIRE(bad.open(QIODevice::WriteOnly));
    bad.write("month,requests_per_second\n1,5\n0,10\n");
    bad.close();
    const Status refused = demand->importCsv(bad.fileName());
    REQUIRE_FALSE(refused.ok());
    CHECK(refused.error().toString().contains(u"bad.csv:3: error: month"_s));
    CHECK(table->rowCount() == 3);

    // A month outside the horizon is a problem the editor names, as the file's reader does.
    before = planner->plan();
    table->item(2, 0)->setData(Qt::EditRole, 30);
    auto *problems = planner->findChild<QLabel *>(u"scenarioProblems"_s);
    REQUIRE(problems != nullptr);
    REQUIRE(test::waitFor([&] { return problems->text().contains(u"Inference demand: point 3: month 30 is not from 1 to 12"_s); }));

    if (const QByteArray dirName = qgetenv("ACCELPLAN_SCREENSHOT_DIR"); !dirName.isEmpty()) {
        table->item(2, 0)->setData(Qt::EditRole, 12);
        window->resize(1024, 700);
        if (auto *scroll = planner->findChild<QScrollArea *>())
            scroll->ensureWidgetVisible(demand);
        QTest::qWait(100);
        window->grab().save(QDir(QString::fromUtf8(dirName)).filePath(u"demand-1024x700.png"_s));
    }
}
