#include "tests/gui/windowtests.h"

TEST_CASE("gui: The Compare view shows scenarios side by side with the command line's figures", "[gui][compare]")
{
    SeededDatabase db;
    auto window = plannedWindow(*db.database);
    ui::CompareView *compare = window->compare();
    REQUIRE(compare != nullptr);
    CHECK(compare->count() == 0);
    const QString llama = test::examplePath(u"llama-70b.accelplan"_s);
    const QString chat = test::examplePath(u"chat-service-8b-eur.accelplan"_s);
    REQUIRE(compare->addScenarioFile(llama));
    REQUIRE(compare->addScenarioFile(test::examplePath(u"jax-8b-tpu-or-gpu.accelplan"_s)));
    CHECK(compare->busy()); // planned off the GUI thread, with progress
    CHECK(compare->findChild<QProgressBar *>(u"compareProgress"_s)->isVisibleTo(compare));
    waitForCompare(compare);
    CHECK_FALSE(compare->findChild<QProgressBar *>(u"compareProgress"_s)->isVisibleTo(compare));
    REQUIRE(compare->compared().size() == 2);
    // Each column is that scenario's own plan on the window's inputs.
    const planning::PlanInputs inputs = *planning::loadPlanInputs(*db.database, shippedCatalog());
    const auto scenario = scenario::readScenario(llama);
    REQUIRE(scenario.ok());
    const auto plan = planning::planScenario(*scenario, inputs);
    REQUIRE(plan.ok());
    const planning::ComparedScenario &first = compare->compared().first();
    CHECK(first.budgetTotal == Approx(plan->budget.total));
    CHECK(first.recommendation == plan->recommendation);
    REQUIRE(first.trainingCost.has_value());
    CHECK(*first.trainingCost == Approx(plan->recommendedTraining()->lockin.planCost));
    // The delta row is against the baseline, which can be changed.
    QStandardItemModel *model = compare->model();
    const int delta = model->rowCount() - 1; // the last row
    CHECK(model->item(delta, 0)->text() == u"baseline"_s);
    // Budgets compared at P50, the headline's figure.
    CHECK(first.budgetP50 == Approx(plan->headline.p50));
    CHECK(model->item(delta, 1)->data(Qt::UserRole).toDouble()
          == Approx(compare->compared().at(1).budgetP50 - first.budgetP50));
    compare->setBaseline(1);
    CHECK(model->item(delta, 1)->text() == u"baseline"_s);
    CHECK(model->item(delta, 0)->data(Qt::UserRole).toDouble()
          == Approx(first.budgetP50 - compare->compared().at(1).budgetP50));
    CHECK(first.cashTotal == Approx(plan->budget.cashTotal));
    REQUIRE(first.cashByMonth.size() == plan->budget.months.size());
    CHECK(first.cashByMonth.first() == Approx(plan->budget.months.first().cashOut));
    // The cash-flow chart: one line per compared scenario, cash out added up month by month.
    QChart *cash = compare->cashFlowView()->chart();
    REQUIRE(cash->series().size() == 2);
    auto *line = qobject_cast<QLineSeries *>(cash->series().first());
    REQUIRE(line);
    REQUIRE(line->count() == first.cashByMonth.size());
    double sum = 0;
    for (double c : first.cashByMonth)
        sum += c;
    CHECK(line->at(line->count() - 1).y() > 0);
    CHECK(line->at(line->count() - 1).y() / line->at(0).y()
          == Approx(sum / first.cashByMonth.first()).epsilon(1e-6));
    // At most four; a bad file says why and adds nothing.
    REQUIRE(compare->addScenarioFile(chat));
    waitForCompare(compare);
    QString why;
    CHECK_FALSE(compare->addScenarioFile(test::dataPath(u"sheets/bad/many_errors.csv"_s), &why));
    CHECK_FALSE(why.isEmpty());
    CHECK(compare->count() == 3);
    REQUIRE(compare->addScenarioFile(chat));
    CHECK_FALSE(compare->addScenarioFile(chat, &why));
    CHECK(why.contains(u"At most 4"_s));
    compare->removeScenario(3);
    CHECK(compare->count() == 3);
    waitForCompare(compare);
    CHECK(compare->compared().size() == 3);

    // The open scenario's standard strategies, one column each.
    const planning::Plan *before = window->planner()->plan();
    REQUIRE(window->openScenario(llama).ok());
    REQUIRE(waitForNewPlan(window->planner(), before));
    // Cancelled while planning: the scenarios planned so far stay, and the view says so.
    compare->showStrategies();
    REQUIRE(compare->busy());
    compare->findChild<QPushButton *>(u"compareCancel"_s)->click();
    waitForCompare(compare);
    CHECK(compare->compared().size() < 6);
    CHECK(compare->findChild<QLabel *>(u"compareStatus"_s)->text().contains(u"Cancelled"_s));
    compare->showStrategies();
    waitForCompare(compare);
    REQUIRE(compare->count() == 6);
    REQUIRE(compare->compared().size() == 6);
    CHECK(compare->findChild<QLabel *>(u"compareStatus"_s)->text().contains(u"standard strategies"_s));
    // Buying pays up front: in the first month its cash out is above cloud on demand's.
    CHECK(compare->compared().at(5).cashFirstMonth > compare->compared().at(0).cashFirstMonth);
    CHECK(compare->cashFlowView()->chart()->series().size() == 6);
    CHECK(model->headerData(0, Qt::Horizontal).toString().contains(u"Cloud on demand"_s));
    CHECK(model->headerData(5, Qt::Horizontal).toString().contains(u"Buy"_s));
    CHECK(model->item(0, 1)->text().contains(u"commit_1y"_s));
    if (const QByteArray dir = qgetenv("ACCELPLAN_SCREENSHOT_DIR"); !dir.isEmpty()) {
        REQUIRE(QDir().mkpath(QString::fromLocal8Bit(dir)));
        window->show();
        window->findChild<QTabWidget *>(u"mainTabs"_s)->setCurrentWidget(compare);
        for (const QSize size : {QSize(1400, 800), QSize(1024, 700)}) {
            window->resize(size);
            QTest::qWait(50);
            CHECK(window->grab().toImage().save(QDir(QString::fromLocal8Bit(dir))
                                                    .filePath(u"compare-%1.png"_s.arg(size.width()))));
        }
    }
}
