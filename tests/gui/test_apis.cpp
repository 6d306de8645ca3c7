// Buying tokens instead of chips in the window (issue 39, part 2): the plan's summary says which
// hosted API is cheapest and from which load self-hosting wins; the prefix cache hit rate is
// edited in the serving section and reaches the plan.
#include "tests/gui/guisupport.h"
#include "tests/qtstringmaker.h"
#include "ui/mainwindow.h"
#include "ui/planner/plannerview.h"

#include <catch2/catch.hpp>

#include <QComboBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QLabel>

using namespace Qt::StringLiterals;
using namespace accelplan;
using accelplan::test::plannedWindow;
using accelplan::test::SeededDatabase;
using accelplan::test::waitForNewPlan;

TEST_CASE("window: the summary names the cheapest hosted API, and the prefix cache hit rate is edited", "[gui][apis]")
{
    SeededDatabase seeded;
    auto window = plannedWindow(*seeded.database);
    ui::PlannerView *planner = window->planner();
    REQUIRE(planner->plan()->inference);
    // A new scenario's serving model is a size, which no API names: none listed.
    CHECK(planner->plan()->inference->apis.isEmpty());
    auto *preset = planner->findChild<QComboBox *>(u"inferencePreset"_s);
    REQUIRE(preset != nullptr);
    REQUIRE(preset->findData(u"llama3.3-70b"_s) >= 0);
    const planning::Plan *first = planner->plan();
    preset->setCurrentIndex(preset->findData(u"llama3.3-70b"_s));
    REQUIRE(waitForNewPlan(planner, first));
    REQUIRE(planner->plan()->inference);
    REQUIRE_FALSE(planner->plan()->inference->apis.isEmpty());
    auto *summary = planner->findChild<QLabel *>(u"planSummary"_s);
    REQUIRE(summary != nullptr);
    CHECK(summary->text().contains(u"Buying tokens: the cheapest of"_s));

    auto *hit = planner->findChild<QDoubleSpinBox *>(u"prefixCacheHit"_s);
    REQUIRE(hit != nullptr);
    CHECK(hit->value() == 0);
    CHECK(hit->specialValueText() == u"none"_s);
    const planning::Plan *before = planner->plan();
    hit->setValue(0.5);
    REQUIRE(waitForNewPlan(planner, before));
    const planning::Plan *plan = planner->plan();
    REQUIRE(plan->inferenceRequest);
    CHECK(plan->inferenceRequest->input.prefixCacheHit == 0.5);
    CHECK(plan->inference->apis.first().basis.contains(u"cached input tokens"_s));
    if (const QByteArray dir = qgetenv("ACCELPLAN_SCREENSHOT_DIR"); !dir.isEmpty()) {
        window->resize(1024, 700);
        window->grab().save(QDir(QString::fromUtf8(dir)).filePath(u"apis-1024x700.png"_s));
    }
}
